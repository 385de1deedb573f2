// SPDX-License-Identifier: GPL-3.0-or-later
#include "Session.h"

#include "PageId.h"

#include <QtConcurrent/QtConcurrentRun>

namespace td::ui {

Session::Session(Backend &backend, QObject *parent) : QObject(parent), m_backend(backend)
{
    connect(&m_recheck, &QFutureWatcher<checks::Diagnosis>::finished, this, [this] {
        if (!m_recheck.isCanceled() && m_recheck.future().resultCount() > 0) {
            m_latest = withPasted(m_recheck.result());
            if (m_recheckIsStage)
                m_history.recordDiagnosis(*m_latest);
            else // the language changed: the machine did not
                m_history.retellLastDiagnosis(*m_latest);
            m_recheckIsStage = false;
        }
        m_rechecking = false;
        emit changed();
        emit recheckFinished();
    });
    connect(&m_reexplain, &QFutureWatcher<PastedError>::finished, this, &Session::explainedAgain);
}

Session::~Session()
{
    m_recheck.disconnect(this);
    m_recheck.cancel();
    m_recheck.waitForFinished(); // the programs a check runs end with it
    m_reexplain.disconnect(this);
    m_reexplain.waitForFinished();
}

void Session::recheck(bool machineChanged)
{
    if (!m_latest)
        return;
    m_rechecked = m_rechecked || machineChanged;
    m_recheckIsStage = m_recheckIsStage || machineChanged;
    if (m_rechecking) {
        if (!machineChanged)
            return;
        m_recheck.cancel(); // it may have looked before the change
    }
    m_rechecking = true; // until the result is in (the future ends before its signal comes)
    m_recheck.setFuture(m_backend.diagnose(target));
    emit changed();
}

checks::Diagnosis Session::withPasted(checks::Diagnosis report) const
{
    report.findings.removeIf([](const checks::Finding &f) { return f.id == QLatin1String("pasted.error"); });
    if (pasted && pasted->recognized)
        report.findings << checks::pastedErrorFinding(*pasted);
    return report;
}

void Session::retranslate()
{
    reexplain();
}

void Session::reexplain()
{
    if (!pasted)
        return;
    // Off this thread: the explanation looks at the files the paste names.
    const Backend *backend = &m_backend;
    m_reexplain.setFuture(QtConcurrent::run([backend, text = pasted->text, environment = m_pasteEnvironment] {
        return backend->classifyIn(text, environment);
    }));
}

void Session::explainedAgain()
{
    if (m_reexplain.isCanceled() || m_reexplain.future().resultCount() == 0 || !pasted
        || m_reexplain.result().text != pasted->text)
        return; // another paste since
    pasted = m_reexplain.result();
    if (m_first)
        m_first = withPasted(*m_first);
    if (m_latest)
        m_latest = withPasted(*m_latest);
    emit changed();
}

void Session::setDiagnosis(const checks::Diagnosis &report)
{
    // The paste not explained here, and a new terminal's environment differs: it is judged there.
    m_pasteEnvironment =
        pasted ? checks::pasteEnvironment(*pasted, report, checks::CheckRequest().environment) : std::nullopt;
    if (m_pasteEnvironment)
        reexplain();
    m_first = withPasted(report);
    m_latest = m_first;
    m_flow.emplace(report.findings);
    if (!m_continueHistory || m_history.isEmpty())
        m_history = report::SessionHistory::startIn(m_backend.historyDirectory());
    m_continueHistory = false;
    m_history.recordDiagnosis(*m_first);
    m_applied.clear();
    m_rechecked = false;
    m_afterwards.clear();
    emit changed();
}

void Session::clearDiagnosis()
{
    m_first.reset();
    m_latest.reset();
    m_flow.reset();
    emit changed();
}

void Session::setLatestReport(const checks::Diagnosis &report)
{
    m_latest = withPasted(report);
    m_rechecked = false; // a verification: the flow answers again
    m_history.recordDiagnosis(*m_latest);
    emit changed();
}

void Session::recordRepair(const fixes::RepairRunResult &result)
{
    m_history.recordRepair(result);
}

void Session::recordUndo(const QString &undoneEntry, const fixes::ExecutionResult &result)
{
    m_history.recordUndo(undoneEntry, result);
}

void Session::flowChanged()
{
    emit changed();
}

void Session::restoreFlow(const std::optional<flow::Flow> &flow)
{
    m_flow = flow;
    emit changed();
}

int Session::pageOfFamily(checks::FixFamily family)
{
    switch (family) {
    case checks::FixFamily::Docker: return DockerPageId;
    case checks::FixFamily::Env: return EnvPageId;
    case checks::FixFamily::Reinstall: return ReinstallPageId;
    case checks::FixFamily::System: return SystemPageId;
    }
    return DonePageId;
}

int Session::pageOfFlow() const
{
    if (!m_flow || m_flow->isDone())
        return DonePageId;
    const flow::FlowNode &node = m_flow->current();
    switch (node.kind) {
    case flow::NodeKind::Start:
    case flow::NodeKind::Question: return UrgentPageId;
    case flow::NodeKind::Done: return DonePageId;
    case flow::NodeKind::Repair: return node.family ? pageOfFamily(*node.family) : DonePageId;
    case flow::NodeKind::Verification:
        for (const flow::FlowEdge &e : flow::FlowChart::edges()) {
            if (e.to != node.id || e.condition != flow::EdgeCondition::Next)
                continue;
            if (const auto from = flow::FlowChart::node(e.from); from && from->family)
                return pageOfFamily(*from->family);
        }
        return DonePageId;
    }
    return DonePageId;
}

void Session::addAfterwards(const QStringList &entries, const QString &text)
{
    m_afterwards.append({entries, text});
    emit changed();
}

void Session::dropAfterwardsOf(const QString &entryId)
{
    m_afterwards.removeIf([&](const auto &after) { return after.first.contains(entryId); });
    emit changed();
}

QStringList Session::afterwards() const
{
    QStringList out;
    for (const auto &[entries, text] : m_afterwards)
        if (!out.contains(text))
            out << text;
    return out;
}

void Session::addApplied(const QString &entryId)
{
    if (!entryId.isEmpty() && !m_applied.contains(entryId))
        m_applied << entryId;
    emit changed();
}

} // namespace td::ui
