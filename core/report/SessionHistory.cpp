// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/SessionHistory.h"
#include "platform/LogCategories.h"

#include "platform/FileIo.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSet>
#include <QStandardPaths>


#include <algorithm>

namespace td::report {

namespace {

constexpr int kFormat = 1;

const QString kStage = QStringLiteral("stage");
const QString kJournal = QStringLiteral("journal");

QString utcNow()
{
    return QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
}

QString toString(fixes::RepairOutcome outcome)
{
    using O = fixes::RepairOutcome;
    switch (outcome) {
    case O::NothingToDo: return QStringLiteral("nothing-to-do");
    case O::CannotApply: return QStringLiteral("cannot-apply");
    case O::DryRun: return QStringLiteral("dry-run");
    case O::PreflightFailed: return QStringLiteral("preflight-failed");
    case O::NoAnswer: return QStringLiteral("no-answer");
    case O::Declined: return QStringLiteral("declined");
    case O::Cancelled: return QStringLiteral("cancelled");
    case O::Failed: return QStringLiteral("failed");
    case O::Fixed: return QStringLiteral("fixed");
    case O::NotFixed: return QStringLiteral("not-fixed");
    case O::Interrupted: return QStringLiteral("interrupted");
    }
    return {};
}

QString toString(fixes::ExecutionResult::Outcome outcome)
{
    using O = fixes::ExecutionResult::Outcome;
    switch (outcome) {
    case O::Declined: return QStringLiteral("declined");
    case O::Done: return QStringLiteral("done");
    case O::Failed: return QStringLiteral("failed");
    case O::Cancelled: return QStringLiteral("cancelled");
    case O::JournalFailed: return QStringLiteral("journal-failed");
    }
    return {};
}

QJsonArray findingsOf(const checks::Diagnosis &report)
{
    QJsonArray findings;
    for (const checks::Finding &f : report.findings)
        findings.append(QJsonObject{{QStringLiteral("id"), f.id},
                                    {QStringLiteral("severity"), checks::toString(f.severity)},
                                    {QStringLiteral("title"), f.title}});
    return findings;
}

// The steps as the journal names their states: how far `execution` got.
QJsonArray stepsOf(const fixes::FixPlan &plan, const fixes::ExecutionResult &execution, bool ran)
{
    QJsonArray steps;
    for (qsizetype i = 0; i < plan.steps.size(); ++i) {
        fixes::StepState state = fixes::StepState::Planned;
        if (ran && i < execution.stepsDone)
            state = fixes::StepState::Done;
        else if (ran && i == execution.failedStep)
            state = fixes::StepState::Failed;
        steps.append(QJsonObject{{QStringLiteral("description"), plan.steps[i].description()},
                                 {QStringLiteral("state"), fixes::toString(state)}});
    }
    return steps;
}

// How a journalled run ended, as far as its entry tells.
QString journalOutcome(const fixes::JournalEntry &entry)
{
    if (std::any_of(entry.steps.cbegin(), entry.steps.cend(),
                    [](const fixes::JournalStep &s) { return s.state == fixes::StepState::Failed; }))
        return QStringLiteral("failed");
    if (entry.finished)
        return entry.undoOf.isEmpty() ? QStringLiteral("ran") : QStringLiteral("done");
    return QStringLiteral("stopped");
}

QJsonObject stageOfJournal(const fixes::JournalEntry &entry)
{
    QJsonArray steps;
    for (const fixes::JournalStep &s : entry.steps) {
        QJsonObject step{{QStringLiteral("description"), s.description},
                         {QStringLiteral("state"), fixes::toString(s.state)}};
        if (!s.error.isEmpty())
            step.insert(QStringLiteral("error"), s.error);
        steps.append(step);
    }
    QJsonObject stage{{QStringLiteral("time"), entry.created.toUTC().toString(Qt::ISODate)},
                      {QStringLiteral("steps"), steps},
                      {QStringLiteral("outcome"), journalOutcome(entry)},
                      {kJournal, QJsonArray{entry.id}},
                      {QStringLiteral("source"), QStringLiteral("journal")}};
    if (!entry.undoOf.isEmpty()) {
        stage.insert(kStage, QStringLiteral("undo"));
        stage.insert(QStringLiteral("undo_of"), entry.undoOf);
        return stage;
    }
    stage.insert(kStage, QStringLiteral("repair"));
    stage.insert(QStringLiteral("family"), entry.family);
    stage.insert(QStringLiteral("title"), entry.title);
    stage.insert(QStringLiteral("targets"), QJsonArray::fromStringList(entry.why));
    if (!entry.undoneBy.isEmpty())
        stage.insert(QStringLiteral("undone_by"), entry.undoneBy);
    return stage;
}

QStringList journalIdsOf(const QJsonObject &stage)
{
    QStringList ids;
    for (const auto &id : stage.value(kJournal).toArray())
        ids << id.toString();
    return ids;
}

} // namespace

SessionHistory SessionHistory::startIn(const QString &directory)
{
    platform::removeStaleTemporaryFiles(directory); // of a run killed while writing its history
    SessionHistory history;
    history.m_id = QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz"));
    history.m_path = directory + u'/' + history.m_id + QStringLiteral(".json");
    for (int n = 2; QFileInfo::exists(history.m_path); ++n)
        history.m_path = directory + u'/' + history.m_id + u'-' + QString::number(n) + QStringLiteral(".json");
    return history;
}

QString SessionHistory::defaultDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/history");
}

bool SessionHistory::hasStage(const QString &kind) const
{
    return std::any_of(m_stages.begin(), m_stages.end(),
                       [&](const QJsonValue &v) { return v.toObject().value(kStage).toString() == kind; });
}

void SessionHistory::append(QJsonObject stage)
{
    if (!stage.contains(QStringLiteral("time")))
        stage.insert(QStringLiteral("time"), utcNow());
    m_stages.append(stage);
    if (!m_path.isEmpty() && (hasStage(QStringLiteral("repair")) || hasStage(QStringLiteral("undo"))))
        write();
}

void SessionHistory::write()
{
    m_writeError.clear();
    if (!QDir().mkpath(QFileInfo(m_path).path()))
        m_writeError = QStringLiteral("cannot create %1").arg(QFileInfo(m_path).path());
    else if (const auto saved = platform::saveFile(m_path, QJsonDocument(toJson()).toJson(QJsonDocument::Indented));
             !saved)
        m_writeError = saved.error();
    if (!m_writeError.isEmpty())
        qCWarning(lcReport, "session history not written: %s", qUtf8Printable(m_writeError));
}

void SessionHistory::recordDiagnosis(const checks::Diagnosis &report)
{
    QJsonObject stage{{QStringLiteral("python"), report.facts.chosenExecutable},
                      {QStringLiteral("findings"), findingsOf(report)}};
    if (report.cancelled)
        stage.insert(QStringLiteral("cancelled"), true);
    // A check after a repair or an undo is that one's re-check.
    for (qsizetype i = m_stages.size() - 1; i >= 0; --i) {
        const QString kind = m_stages[i].toObject().value(kStage).toString();
        if (kind == QLatin1String("repair") || kind == QLatin1String("undo")) {
            stage.insert(kStage, QStringLiteral("recheck"));
            stage.insert(QStringLiteral("of"), kind);
            append(stage);
            return;
        }
    }
    const bool again = hasStage(QStringLiteral("diagnosis"));
    stage.insert(kStage, again ? QStringLiteral("recheck") : QStringLiteral("diagnosis"));
    // Another interpreter chosen (one that has torch): its check goes on in the same story.
    if (again && m_stages.last().toObject().value(QStringLiteral("python")).toString() != report.facts.chosenExecutable)
        stage.insert(QStringLiteral("of"), QStringLiteral("interpreter"));
    append(stage);
}

bool SessionHistory::retellLastDiagnosis(const checks::Diagnosis &report)
{
    if (m_stages.isEmpty() || report.cancelled)
        return false;
    QJsonObject last = m_stages.last().toObject();
    const QString kind = last.value(kStage).toString();
    if ((kind != QLatin1String("diagnosis") && kind != QLatin1String("recheck"))
        || last.value(QStringLiteral("python")).toString() != report.facts.chosenExecutable)
        return false;
    last.insert(QStringLiteral("findings"), findingsOf(report));
    m_stages.replace(m_stages.size() - 1, last);
    if (!m_path.isEmpty() && (hasStage(QStringLiteral("repair")) || hasStage(QStringLiteral("undo"))))
        write();
    return true;
}

bool SessionHistory::tells(const fixes::RepairRunResult &result)
{
    using O = fixes::RepairOutcome;
    return result.outcome != O::NothingToDo && result.outcome != O::CannotApply && result.outcome != O::DryRun
           && result.outcome != O::NoAnswer;
}

void SessionHistory::recordRepair(const fixes::RepairRunResult &result)
{
    if (!tells(result))
        return;
    const fixes::Repair &repair = result.repair;
    QStringList targets;
    for (const checks::Finding &f : repair.targeted)
        targets << f.id;
    QJsonObject stage{{kStage, QStringLiteral("repair")},
                      {QStringLiteral("family"), checks::toString(repair.family)},
                      {QStringLiteral("title"), repair.plan.title},
                      {QStringLiteral("targets"), QJsonArray::fromStringList(targets)},
                      {QStringLiteral("steps"), stepsOf(repair.plan, result.execution, result.ran())},
                      {QStringLiteral("outcome"), toString(result.outcome)},
                      {kJournal, QJsonArray::fromStringList(result.journalEntries)}};
    if (!result.detail.isEmpty())
        stage.insert(QStringLiteral("detail"), result.detail);
    else if (!result.execution.error.isEmpty())
        stage.insert(QStringLiteral("detail"), result.execution.error);
    append(stage);
}

void SessionHistory::recordUndo(const QString &undoneEntry, const fixes::ExecutionResult &result)
{
    QJsonObject stage{{kStage, QStringLiteral("undo")},
                      {QStringLiteral("undo_of"), undoneEntry},
                      {QStringLiteral("outcome"), toString(result.outcome)},
                      {QStringLiteral("steps_done"), result.stepsDone},
                      {kJournal, result.entryId.isEmpty() ? QJsonArray() : QJsonArray{result.entryId}}};
    if (!result.error.isEmpty())
        stage.insert(QStringLiteral("detail"), result.error);
    append(stage);
}

QJsonObject SessionHistory::toJson() const
{
    return QJsonObject{
        {QStringLiteral("format"), kFormat}, {QStringLiteral("id"), m_id}, {QStringLiteral("stages"), m_stages}};
}

QJsonObject SessionHistory::toReportJson(const checks::Diagnosis &now) const
{
    QJsonArray stages = m_stages;
    QJsonObject stateNow{{kStage, QStringLiteral("now")},
                         {QStringLiteral("time"), utcNow()},
                         {QStringLiteral("python"), now.facts.chosenExecutable},
                         {QStringLiteral("findings"), findingsOf(now)}};
    stages.append(stateNow);
    return QJsonObject{{QStringLiteral("id"), m_id}, {QStringLiteral("stages"), stages}};
}

platform::Result<SessionHistory> SessionHistory::load(const QString &path)
{
    const auto root = platform::readJsonObject(path);
    if (!root)
        return platform::Error{QStringLiteral("%1: %2").arg(path, root.error())};
    if (root->value(QStringLiteral("format")).toInt() != kFormat || !root->value(QStringLiteral("stages")).isArray())
        return platform::Error{QStringLiteral("%1 is not a session history").arg(path)};
    SessionHistory history;
    history.m_id = root->value(QStringLiteral("id")).toString();
    history.m_stages = root->value(QStringLiteral("stages")).toArray();
    return history;
}

QList<SessionHistory> SessionHistory::loadAll(const QString &directory)
{
    QList<SessionHistory> out;
    const QDir dir(directory);
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        if (auto history = load(dir.filePath(name)))
            out << *history;
    return out;
}

SessionHistory SessionHistory::fromJournal(const QList<fixes::JournalEntry> &entries,
                                           const QList<SessionHistory> &recorded)
{
    QList<fixes::JournalEntry> ordered = entries;
    std::sort(ordered.begin(), ordered.end(), [](const fixes::JournalEntry &a, const fixes::JournalEntry &b) {
        return a.created != b.created ? a.created < b.created : a.id < b.id;
    });
    SessionHistory story;
    QSet<QString> told;
    QSet<qsizetype> historiesBegun;
    for (const fixes::JournalEntry &entry : ordered) {
        if (told.contains(entry.id))
            continue;
        bool found = false;
        for (qsizetype h = 0; h < recorded.size() && !found; ++h) {
            const QJsonArray &stages = recorded[h].stages();
            for (qsizetype i = 0; i < stages.size() && !found; ++i) {
                const QJsonObject stage = stages[i].toObject();
                const QStringList ids = journalIdsOf(stage);
                if (!ids.contains(entry.id))
                    continue;
                found = true;
                // What that session found first comes before its first repair.
                const QJsonObject first = stages.first().toObject();
                if (!historiesBegun.contains(h) && i > 0
                    && first.value(kStage).toString() == QLatin1String("diagnosis"))
                    story.m_stages.append(first);
                historiesBegun.insert(h);
                QJsonObject stageTold = stage;
                if (!entry.undoneBy.isEmpty())
                    stageTold.insert(QStringLiteral("undone_by"), entry.undoneBy);
                story.m_stages.append(stageTold);
                for (const QString &id : ids)
                    told.insert(id);
                if (i + 1 < stages.size()
                    && stages[i + 1].toObject().value(kStage).toString() == QLatin1String("recheck"))
                    story.m_stages.append(stages[i + 1]);
            }
        }
        if (!found)
            story.m_stages.append(stageOfJournal(entry));
        told.insert(entry.id);
    }
    return story;
}

} // namespace td::report
