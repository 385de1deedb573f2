// SPDX-License-Identifier: GPL-3.0-or-later
#include "Session.h"

#include "PageId.h"

namespace td::ui {

Session::Session(Backend &backend, QObject *parent) : QObject(parent), m_backend(backend) {}

void Session::setDiagnosis(const checks::Diagnosis &report)
{
    m_first = report;
    m_latest = report;
    m_flow.emplace(report.findings);
    m_applied.clear();
    afterwards.clear();
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
    m_latest = report;
    emit changed();
}

void Session::flowChanged()
{
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

void Session::addApplied(const QString &entryId)
{
    if (!entryId.isEmpty() && !m_applied.contains(entryId))
        m_applied << entryId;
    emit changed();
}

} // namespace td::ui
