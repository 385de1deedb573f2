// SPDX-License-Identifier: GPL-3.0-or-later
// The session's history: on disk from its first change on, told from the
// journal when no history saw a run, and rendered ahead of the state now.
#include "report/SessionHistory.h"
#include "report/SupportReport.h"

#include "TestSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <gtest/gtest.h>

using namespace td;
using report::SessionHistory;

namespace {

QString q(const std::filesystem::path &p)
{
    return QString::fromStdString(p.string());
}

checks::Diagnosis diagnosisWith(const QStringList &ids)
{
    checks::Diagnosis report;
    report.facts.chosenExecutable = QStringLiteral("/usr/bin/python3");
    for (const QString &id : ids) {
        checks::Finding f;
        f.id = id;
        f.severity = checks::Severity::Error;
        f.title = QStringLiteral("title of ") + id;
        report.findings << f;
    }
    return report;
}

fixes::RepairRunResult envRepair(const QString &journalId)
{
    fixes::RepairRunResult result;
    result.outcome = fixes::RepairOutcome::Fixed;
    result.repair.family = checks::FixFamily::Env;
    result.repair.plan.title = QStringLiteral("Remove the stale entry");
    fixes::EditFile edit;
    edit.path = QStringLiteral("/home/user/.bashrc");
    edit.line = 3;
    result.repair.plan.steps << fixes::FixStep{edit} << fixes::FixStep{edit};
    result.execution.outcome = fixes::ExecutionResult::Outcome::Done;
    result.execution.stepsDone = 2;
    result.execution.entryId = journalId;
    result.journalEntries << journalId;
    return result;
}

QStringList kindsOf(const QJsonArray &stages)
{
    QStringList kinds;
    for (const auto &s : stages)
        kinds << s.toObject().value(QStringLiteral("stage")).toString();
    return kinds;
}

} // namespace

TEST(SessionHistory, IsOnDiskFromTheFirstChangeOn)
{
    td::test::TempDir dir;
    SessionHistory history = SessionHistory::startIn(q(dir.path()));
    history.recordDiagnosis(diagnosisWith({QStringLiteral("lib.missing")}));
    EXPECT_FALSE(QFileInfo::exists(history.path())) << "nothing changed yet: no file";
    history.recordRepair(envRepair(QStringLiteral("j1")));
    auto onDisk = SessionHistory::load(history.path());
    ASSERT_TRUE(onDisk) << onDisk.error().toStdString();
    EXPECT_EQ(kindsOf(onDisk->stages()), (QStringList{QStringLiteral("diagnosis"), QStringLiteral("repair")}));
    history.recordDiagnosis(diagnosisWith({}));
    onDisk = SessionHistory::load(history.path());
    ASSERT_TRUE(onDisk) << onDisk.error().toStdString();
    ASSERT_EQ(onDisk->stages().size(), 3);
    const QJsonObject recheck = onDisk->stages()[2].toObject();
    EXPECT_EQ(recheck.value(QStringLiteral("stage")).toString(), QStringLiteral("recheck"));
    EXPECT_EQ(recheck.value(QStringLiteral("of")).toString(), QStringLiteral("repair"));
    const QJsonObject repair = onDisk->stages()[1].toObject();
    EXPECT_EQ(repair.value(QStringLiteral("outcome")).toString(), QStringLiteral("fixed"));
    EXPECT_EQ(repair.value(QStringLiteral("steps")).toArray().size(), 2);
    EXPECT_TRUE(history.writeError().isEmpty());
    EXPECT_EQ(SessionHistory::loadAll(q(dir.path())).size(), 1);
}

// Another interpreter's check goes on in the story, marked as such; the same machine told again in another
// language replaces the words of the last diagnosis only, never a stage before a change.
TEST(SessionHistory, AnotherInterpreterAndAnotherLanguage)
{
    td::test::TempDir dir;
    SessionHistory history = SessionHistory::startIn(q(dir.path()));
    history.recordDiagnosis(diagnosisWith({QStringLiteral("torch.not-installed")}));
    checks::Diagnosis other = diagnosisWith({QStringLiteral("python.usual-lacks-torch")});
    other.facts.chosenExecutable = QStringLiteral("/opt/python/bin/python3");
    history.recordDiagnosis(other);
    ASSERT_EQ(history.stages().size(), 2);
    EXPECT_EQ(history.stages()[1].toObject().value(QStringLiteral("of")).toString(), QStringLiteral("interpreter"));

    other.findings.first().title = QStringLiteral("另一种语言的标题");
    EXPECT_TRUE(history.retellLastDiagnosis(other));
    EXPECT_EQ(history.stages().size(), 2);
    const auto titleOf = [&](int stage) {
        return history.stages()[stage].toObject().value(QStringLiteral("findings")).toArray()[0].toObject().value(
            QStringLiteral("title")).toString();
    };
    EXPECT_EQ(titleOf(1), QStringLiteral("另一种语言的标题"));
    EXPECT_EQ(titleOf(0), QStringLiteral("title of torch.not-installed"));
    EXPECT_FALSE(history.retellLastDiagnosis(diagnosisWith({}))) << "another interpreter is no retelling";
    // After a change, the diagnosis before it is what was found then.
    history.recordRepair(envRepair(QStringLiteral("j1")));
    EXPECT_FALSE(history.retellLastDiagnosis(other));
}

TEST(SessionHistory, AnUnwritableFolderIsReported)
{
    SessionHistory history = SessionHistory::startIn(QStringLiteral("/proc/no-such-folder"));
    history.recordRepair(envRepair(QStringLiteral("j1")));
    EXPECT_FALSE(history.writeError().isEmpty());
    EXPECT_EQ(history.stages().size(), 1); // kept in memory all the same
}

TEST(SessionHistory, TheJournalTellsWhatNoHistorySaw)
{
    td::test::TempDir dir;
    const fixes::Journal journal(q(dir.path()));
    fixes::JournalEntry repair;
    repair.id = QStringLiteral("20261201-100000-000-env");
    repair.created = QDateTime::currentDateTime().addSecs(-60);
    repair.family = QStringLiteral("env");
    repair.title = QStringLiteral("Remove the stale entry");
    repair.why << QStringLiteral("env.suspicious");
    repair.finished = true;
    repair.undoneBy = QStringLiteral("20261201-100100-000-undo");
    repair.steps << fixes::JournalStep{
        QStringLiteral("edit-file"), QStringLiteral("Edit ~/.bashrc"), false, fixes::StepState::Done, {}, {}};
    fixes::JournalEntry undo;
    undo.id = repair.undoneBy;
    undo.created = QDateTime::currentDateTime();
    undo.family = QStringLiteral("env");
    undo.undoOf = repair.id;
    undo.finished = true;
    undo.steps = repair.steps;
    ASSERT_TRUE(journal.save(repair));
    ASSERT_TRUE(journal.save(undo));

    const SessionHistory alone = SessionHistory::fromJournal(journal.entries(), {});
    ASSERT_EQ(kindsOf(alone.stages()), (QStringList{QStringLiteral("repair"), QStringLiteral("undo")}));
    EXPECT_EQ(alone.stages()[0].toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("ran"));
    EXPECT_EQ(alone.stages()[0].toObject().value(QStringLiteral("undone_by")).toString(), undo.id);
    EXPECT_EQ(alone.stages()[1].toObject().value(QStringLiteral("undo_of")).toString(), repair.id);

    // A history that saw the repair adds what was found before and after it.
    SessionHistory seen;
    seen.recordDiagnosis(diagnosisWith({QStringLiteral("env.suspicious")}));
    seen.recordRepair(envRepair(repair.id));
    seen.recordDiagnosis(diagnosisWith({}));
    const SessionHistory told = SessionHistory::fromJournal(journal.entries(), {seen});
    ASSERT_EQ(kindsOf(told.stages()), (QStringList{QStringLiteral("diagnosis"), QStringLiteral("repair"),
                                                   QStringLiteral("recheck"), QStringLiteral("undo")}));
    EXPECT_EQ(told.stages()[1].toObject().value(QStringLiteral("outcome")).toString(), QStringLiteral("fixed"));
    EXPECT_EQ(told.stages()[1].toObject().value(QStringLiteral("undone_by")).toString(), undo.id);

    // The report: the stages, then the state now; a report without a history has none.
    report::ReportOptions options;
    options.redact = false;
    EXPECT_FALSE(report::buildReport(diagnosisWith({}), options).contains(QStringLiteral("history")));
    options.history = told;
    const QJsonObject built = report::buildReport(diagnosisWith({QStringLiteral("env.suspicious")}), options);
    const QJsonArray stages =
        built.value(QStringLiteral("history")).toObject().value(QStringLiteral("stages")).toArray();
    ASSERT_EQ(kindsOf(stages).last(), QStringLiteral("now"));
    EXPECT_EQ(stages.last().toObject().value(QStringLiteral("findings")).toArray().size(), 1);
    const QString md = report::renderMarkdown(built);
    EXPECT_TRUE(md.contains(QStringLiteral("## What happened"))) << md.toStdString();
    EXPECT_TRUE(md.contains(QStringLiteral("4. Undo of ") + repair.id)) << md.toStdString();
    const QString text = report::renderText(diagnosisWith({}), options, false);
    EXPECT_TRUE(text.contains(QStringLiteral("5. State now"))) << text.toStdString();
}
