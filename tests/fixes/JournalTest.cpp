// SPDX-License-Identifier: GPL-3.0-or-later
// The journal and the executor: nothing runs unconfirmed, each step is
// journalled before it runs, edits keep every other byte, undo puts files
// back byte for byte, also after the fix was killed midway.
#include "fixes/EnvPlanner.h"
#include "fixes/Executor.h"
#include "platform/ShellEnv.h"

#include "PythonFixtures.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>

#include <csignal>
#include <cstdlib>
#include <thread>
#include <unistd.h>

using namespace td::fixes;
using namespace td::test;

namespace {

QString qs(const fs::path &p)
{
    return QString::fromStdString(p.string());
}

QByteArray bytesOf(const fs::path &p)
{
    return QByteArray::fromStdString(readFile(p));
}

void writeBytes(const fs::path &p, const QByteArray &bytes)
{
    writeFile(p, bytes.toStdString());
}

ExecutorCallbacks yes()
{
    ExecutorCallbacks c;
    c.confirm = [](const FixPlan &) { return true; };
    return c;
}

FixStep edit(const fs::path &file, int line, const QByteArray &oldText, const QByteArray &newText)
{
    return FixStep{EditFile{qs(file), line, oldText, newText}};
}

FixStep program(const QString &script)
{
    RunProgram p;
    p.program = QStringLiteral("/bin/sh");
    p.arguments = {QStringLiteral("-c"), script};
    return FixStep{p};
}

FixPlan planOf(QList<FixStep> steps)
{
    FixPlan plan;
    plan.family = QStringLiteral("env");
    plan.title = QStringLiteral("test");
    plan.why = {QStringLiteral("env.suspicious")};
    plan.steps = std::move(steps);
    return plan;
}

} // namespace

TEST(FixEdit, KeepsLineEndingsAndAMissingFinalNewline)
{
    const QByteArray crlf = "a=1\r\nexport X=/s:/k\r\nb=2\r\n";
    EXPECT_EQ(replaceLine(crlf, 2, "export X=/s:/k", "export X=/k").value_or("?"), "a=1\r\nexport X=/k\r\nb=2\r\n");
    const QByteArray noFinal = "a=1\nexport X=/s";
    EXPECT_EQ(replaceLine(noFinal, 2, "export X=/s", "# gone").value_or("?"), "a=1\n# gone");
    EXPECT_EQ(replaceLine(noFinal, 2, "export X=/s", "").value_or("?"), "a=1\n");
    EXPECT_EQ(replaceLine(crlf, 1, "a=1", "").value_or("?"), "export X=/s:/k\r\nb=2\r\n");
    const auto changed = replaceLine(crlf, 2, "export X=/s", "x");
    EXPECT_FALSE(changed);
    EXPECT_TRUE(changed.error().contains(QLatin1String("changed since"))) << changed.error().toStdString();
    EXPECT_FALSE(replaceLine(crlf, 9, "b=2", "x"));
}

TEST(FixExecutor, EditsThroughThePlannerAndUndoesByteForByte)
{
    TempDir dir;
    // CRLF, Latin-1 bytes, no final newline, an executable mode.
    const QByteArray original = "# caf\xe9\r\nexport LD_LIBRARY_PATH=\"/opt/stale/lib:/keep\"\r\nalias x=y";
    const fs::path rc = dir / "rc.sh";
    writeBytes(rc, original);
    fs::permissions(rc, fs::perms::owner_read | fs::perms::owner_write | fs::perms::owner_exec);
    const td::platform::shell::ScanResult scan = td::platform::shell::planEntryRemoval(
        original, td::platform::shell::Syntax::Posix, QStringLiteral("LD_LIBRARY_PATH"),
        QStringLiteral("/opt/stale/lib"), {}, {});
    ASSERT_EQ(scan.edits.size(), 1);
    const Executor executor{Journal(qs(dir / "journal"))};
    const ExecutionResult r =
        executor.run(planOf({edit(rc, scan.edits[0].line, scan.edits[0].oldText, scan.edits[0].newText)}), yes());
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(bytesOf(rc), QByteArray("# caf\xe9\r\nexport LD_LIBRARY_PATH=\"/keep\"\r\nalias x=y"));
    EXPECT_EQ(fs::status(rc).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::owner_exec);

    const auto entry = executor.journal().load(r.entryId);
    ASSERT_TRUE(entry) << entry.error().toStdString();
    const ExecutionResult u = executor.undo(*entry, yes());
    ASSERT_TRUE(u.ok()) << u.error.toStdString();
    EXPECT_EQ(bytesOf(rc), original);
    EXPECT_EQ(fs::status(rc).permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write | fs::perms::owner_exec);
    // Undo is itself recorded, and the fix is marked as undone.
    EXPECT_EQ(executor.journal().load(r.entryId)->undoneBy, u.entryId);
    EXPECT_EQ(executor.journal().load(u.entryId)->undoOf, r.entryId);
    EXPECT_FALSE(executor.latestUndoable());
}

TEST(FixExecutor, RefusesAFileThatChangedSincePlanning)
{
    TempDir dir;
    const fs::path rc = dir / ".bashrc";
    writeFile(rc, "export LD_LIBRARY_PATH=/opt/stale/lib:/keep\n");
    const FixPlan plan =
        planOf({edit(rc, 1, "export LD_LIBRARY_PATH=/opt/stale/lib:/keep", "export LD_LIBRARY_PATH=/keep")});
    writeFile(rc, "export LD_LIBRARY_PATH=/opt/stale/lib:/keep:/mine\n");
    const ExecutionResult r = Executor(Journal(qs(dir / "journal"))).run(plan, yes());
    EXPECT_EQ(r.outcome, ExecutionResult::Outcome::Failed);
    EXPECT_EQ(r.failedStep, 0);
    EXPECT_TRUE(r.error.contains(QLatin1String("changed since"))) << r.error.toStdString();
    EXPECT_EQ(readFile(rc), "export LD_LIBRARY_PATH=/opt/stale/lib:/keep:/mine\n");
}

TEST(FixExecutor, NothingHappensWithoutConfirmation)
{
    TempDir dir;
    const fs::path rc = dir / ".bashrc";
    writeFile(rc, "x\n");
    const FixPlan plan = planOf({edit(rc, 1, "x", "y")});
    ExecutorCallbacks no;
    no.confirm = [](const FixPlan &) { return false; };
    const Executor executor{Journal(qs(dir / "journal"))};
    EXPECT_EQ(executor.run(plan, no).outcome, ExecutionResult::Outcome::Declined);
    EXPECT_EQ(executor.run(plan, ExecutorCallbacks()).outcome, ExecutionResult::Outcome::Declined);
    EXPECT_EQ(readFile(rc), "x\n");
    EXPECT_FALSE(fs::exists(dir / "journal"));
}

TEST(Journal, WrittenBeforeEachStepRuns)
{
    TempDir dir;
    const fs::path rc = dir / "rc";
    writeFile(rc, "a\nb\n");
    const Journal journal(qs(dir / "journal"));
    ExecutorCallbacks c = yes();
    int checked = 0;
    c.progress = [&](int index, const FixStep &, StepState state) {
        if (state != StepState::Running)
            return;
        // What is on disk while the step runs.
        const QList<JournalEntry> entries = journal.entries();
        ASSERT_EQ(entries.size(), 1);
        EXPECT_EQ(entries[0].steps[index].state, StepState::Running);
        if (index == 0) {
            const auto *kept = std::get_if<FileUndo>(&entries[0].steps[0].undo);
            ASSERT_NE(kept, nullptr);
            EXPECT_EQ(kept->bytes, QByteArray("a\nb\n"));
        }
        ++checked;
    };
    const ExecutionResult r = Executor(journal).run(
        planOf({edit(rc, 1, "a", "A"), program(QStringLiteral("exit 3")), edit(rc, 2, "b", "B")}), c);
    EXPECT_EQ(checked, 2);
    EXPECT_EQ(r.outcome, ExecutionResult::Outcome::Failed);
    EXPECT_EQ(r.failedStep, 1);
    EXPECT_EQ(readFile(rc), "A\nb\n"); // stopped at the failed step
    const auto entry = journal.load(r.entryId);
    ASSERT_TRUE(entry);
    EXPECT_TRUE(entry->finished);
    EXPECT_EQ(entry->steps[0].state, StepState::Done);
    EXPECT_EQ(entry->steps[1].state, StepState::Failed);
    EXPECT_EQ(entry->steps[2].state, StepState::Planned);
    EXPECT_TRUE(entry->steps[1].error.contains(QLatin1String("exited with 3"))) << entry->steps[1].error.toStdString();
    // Only whole files: the atomic write leaves no temporary behind.
    EXPECT_EQ(QDir(journal.directory()).entryList(QDir::Files), QStringList{r.entryId + QStringLiteral(".json")});
}

TEST(Journal, AStepDoesNotRunWhenItsJournalCannotBeWritten)
{
    TempDir dir;
    const fs::path rc = dir / "rc";
    writeFile(rc, "a\n");
    const Journal journal(qs(dir / "journal"));
    ExecutorCallbacks c = yes();
    c.progress = [&](int index, const FixStep &, StepState state) {
        // The journal folder becomes a plain file: nothing can be saved there.
        if (index == 0 && state == StepState::Done) {
            fs::rename(dir / "journal", dir / "kept");
            writeFile(dir / "journal", "not a folder");
        }
    };
    const ExecutionResult r =
        Executor(journal).run(planOf({program(QStringLiteral("true")), edit(rc, 1, "a", "b")}), c);
    EXPECT_EQ(r.outcome, ExecutionResult::Outcome::JournalFailed);
    EXPECT_EQ(readFile(rc), "a\n");
    // The last good version of the entry is intact.
    const auto entry = Journal(qs(dir / "kept")).load(r.entryId);
    ASSERT_TRUE(entry) << entry.error().toStdString();
    EXPECT_EQ(entry->steps[0].state, StepState::Done);
    EXPECT_EQ(entry->steps[1].state, StepState::Planned);
}

TEST(FixExecutor, ProgramsStreamAndUndoFromTheirSnapshot)
{
    TempDir dir;
    RunProgram p;
    p.program = QStringLiteral("/bin/sh");
    p.arguments = {QStringLiteral("-c"), QStringLiteral("echo installing; echo new > \"$TD_STATE\"")};
    p.environment.insert(QStringLiteral("TD_STATE"), qs(dir / "state"));
    p.snapshotProgram = QStringLiteral("/bin/cat");
    p.snapshotArguments = {qs(dir / "state")};
    p.undoProgram = QStringLiteral("/bin/cp");
    p.undoArguments = {QStringLiteral("{snapshot}"), qs(dir / "state")};
    writeFile(dir / "state", "old\n");
    const Executor executor{Journal(qs(dir / "journal"))};
    ExecutorCallbacks c = yes();
    QByteArray streamed;
    c.output = [&](const QByteArray &chunk, bool) { streamed += chunk; };
    const ExecutionResult r = executor.run(planOf({FixStep{p}}), c);
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(streamed, "installing\n");
    EXPECT_EQ(readFile(dir / "state"), "new\n");
    const FixPlan undo = executor.undoPlan(*executor.journal().load(r.entryId));
    ASSERT_EQ(undo.steps.size(), 1);
    EXPECT_TRUE(undo.steps[0].description().contains(QLatin1String("-step1.snapshot")))
        << undo.describe().toStdString();
    ASSERT_TRUE(executor.undo(*executor.journal().load(r.entryId), yes()).ok());
    EXPECT_EQ(readFile(dir / "state"), "old\n");
}

TEST(FixExecutor, UserVariablesGoThroughTheHandler)
{
    TempDir dir;
    QMap<QString, QString> store{{QStringLiteral("PATH"), QStringLiteral("C:/old;C:/keep")}};
    ExecutorCallbacks c = yes();
    c.setUserVariable = [&](const SetUserVariable &v) {
        if (v.newValue)
            store[v.name] = *v.newValue;
        else
            store.remove(v.name);
        return td::platform::Result<void>();
    };
    const Executor executor{Journal(qs(dir / "journal"))};
    const FixStep step{SetUserVariable{QStringLiteral("PATH"), QStringLiteral("C:/old;C:/keep"),
                                       QStringLiteral("C:/keep"), std::nullopt}};
    EXPECT_EQ(step.description(), QStringLiteral("Set user variable PATH from \"C:/old;C:/keep\" to \"C:/keep\""));
    EXPECT_FALSE(executor.run(planOf({step}), yes()).ok()); // no handler: fails
    const ExecutionResult r = executor.run(planOf({step}), c);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(store.value(QStringLiteral("PATH")), QStringLiteral("C:/keep"));
    ASSERT_TRUE(executor.undo(*executor.journal().load(r.entryId), c).ok());
    EXPECT_EQ(store.value(QStringLiteral("PATH")), QStringLiteral("C:/old;C:/keep"));
}

TEST(FixExecutor, CancelStopsBeforeTheNextStep)
{
    TempDir dir;
    writeFile(dir / "rc", "a\n");
    td::platform::CancelToken cancel;
    cancel.cancel();
    const ExecutionResult r =
        Executor(Journal(qs(dir / "journal"))).run(planOf({edit(dir / "rc", 1, "a", "b")}), yes(), cancel);
    EXPECT_EQ(r.outcome, ExecutionResult::Outcome::Cancelled);
    EXPECT_EQ(readFile(dir / "rc"), "a\n");
}

// Run in a child by Undo.AfterTheFixWasKilledMidway: a plan whose last step
// hangs until the child is killed.
TEST(FixHelper, DISABLED_SlowPlan)
{
    const char *where = std::getenv("TD_FIX_HELPER_DIR");
    if (!where)
        GTEST_SKIP() << "only run as a child of Undo.AfterTheFixWasKilledMidway";
    const fs::path dir = where;
    WriteFile created;
    created.path = qs(dir / "created.conf");
    created.bytes = "new file\n";
    RunProgram slow;
    slow.program = QStringLiteral("/bin/sh");
    slow.arguments = {QStringLiteral("-c"), QStringLiteral("echo $$ > '%1'; exec sleep 60").arg(qs(dir / "pid"))};
    slow.undoProgram = QStringLiteral("/bin/sh");
    slow.undoArguments = {QStringLiteral("-c"), QStringLiteral("echo undone > '%1'").arg(qs(dir / "undo-marker"))};
    Executor(Journal(qs(dir / "journal")))
        .run(planOf({edit(dir / ".bashrc", 2, "export LD_LIBRARY_PATH=/opt/stale/lib",
                          "# export LD_LIBRARY_PATH=/opt/stale/lib  # removed by TorchDoctor: stale"),
                     FixStep{created}, FixStep{slow}}),
             yes());
}

TEST(Undo, AfterTheFixWasKilledMidway)
{
    TempDir dir;
    const QByteArray original = "alias ll='ls -l'\r\nexport LD_LIBRARY_PATH=/opt/stale/lib\r\n";
    writeBytes(dir / ".bashrc", original);
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TD_FIX_HELPER_DIR"), qs(dir.path()));
    child.setProcessEnvironment(env);
    child.start(qs(fs::read_symlink("/proc/self/exe")), {QStringLiteral("--gtest_filter=FixHelper.DISABLED_SlowPlan"),
                                                         QStringLiteral("--gtest_also_run_disabled_tests")});
    ASSERT_TRUE(child.waitForStarted());
    for (int i = 0; i < 600 && (!fs::exists(dir / "pid") || readFile(dir / "pid").empty()); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    ASSERT_TRUE(fs::exists(dir / "pid")) << "the slow step never started";
    child.kill(); // SIGKILL: no chance to write anything more
    child.waitForFinished();
    EXPECT_EQ(child.exitStatus(), QProcess::CrashExit);
    ::kill(static_cast<pid_t>(std::stol(readFile(dir / "pid"))), SIGKILL);

    // The files were changed and the journal says the last step was running.
    EXPECT_NE(bytesOf(dir / ".bashrc"), original);
    EXPECT_TRUE(fs::exists(dir / "created.conf"));
    const Journal journal(qs(dir / "journal"));
    const auto entry = Executor(journal).latestUndoable();
    ASSERT_TRUE(entry);
    EXPECT_FALSE(entry->finished);
    ASSERT_EQ(entry->steps.size(), 3);
    EXPECT_EQ(entry->steps[2].state, StepState::Running);

    const ExecutionResult r = Executor(journal).undo(*entry, yes());
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    EXPECT_EQ(bytesOf(dir / ".bashrc"), original);
    EXPECT_FALSE(fs::exists(dir / "created.conf"));
    EXPECT_EQ(readFile(dir / "undo-marker"), "undone\n");
}

// A newer run with nothing that can be undone (a program without an undo)
// does not hide an older edit from a plain `undo`: it is passed over, named.
TEST(Undo, PassesOverARunWithNothingToUndo)
{
    TempDir dir;
    const fs::path rc = dir / "rc";
    writeFile(rc, "a\n");
    const Journal journal(qs(dir / "journal"));
    const Executor executor(journal);
    const ExecutionResult edited = executor.run(planOf({edit(rc, 1, "a", "A")}), yes());
    ASSERT_TRUE(edited.ok()) << edited.error.toStdString();
    std::this_thread::sleep_for(std::chrono::milliseconds(5)); // a newer id
    const ExecutionResult ran = executor.run(planOf({program(QStringLiteral("true"))}), yes());
    ASSERT_TRUE(ran.ok()) << ran.error.toStdString();

    QList<JournalEntry> passed;
    const auto entry = executor.latestUndoable(&passed);
    ASSERT_TRUE(entry);
    EXPECT_EQ(entry->id, edited.entryId);
    ASSERT_EQ(passed.size(), 1);
    EXPECT_EQ(passed[0].id, ran.entryId);
    ASSERT_TRUE(executor.undo(*entry, yes()).ok());
    EXPECT_EQ(readFile(rc), "a\n");
    EXPECT_FALSE(executor.latestUndoable());
}

// Two edits of one file in one run: undoing the run warns of nothing (the
// second edit is the run's own), and puts the file back as it was before both.
TEST(Undo, TwoEditsOfOneFileAreTheRunsOwn)
{
    TempDir dir;
    const fs::path rc = dir / "rc";
    writeFile(rc, "a\nb\n");
    const Executor executor{Journal(qs(dir / "journal"))};
    const ExecutionResult r = executor.run(planOf({edit(rc, 1, "a", "A"), edit(rc, 2, "b", "B")}), yes());
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    const auto entry = executor.latestUndoable();
    ASSERT_TRUE(entry);
    EXPECT_EQ(executor.undoPlan(*entry).warnings, QStringList{});
    writeFile(rc, "A\nB\nmine\n"); // the user's own edit after the run
    EXPECT_EQ(executor.undoPlan(*entry).warnings.size(), 1);
    ASSERT_TRUE(executor.undo(*entry, yes()).ok());
    EXPECT_EQ(readFile(rc), "a\nb\n");
}

// A step that needs more room than the disk has: the run is refused before
// anything is written, and says how much it needs where.
TEST(FixExecutor, ARunThatCannotFitIsRefusedBeforeItStarts)
{
    TempDir dir;
    const fs::path marker = dir / "ran";
    FixStep step = program(QStringLiteral("touch '%1'").arg(qs(marker)));
    std::get<RunProgram>(step.action).spaceFolder = qs(dir.path());
    std::get<RunProgram>(step.action).spaceNeeded = qint64(1) << 60; // an exbibyte
    const Journal journal(qs(dir / "journal"));
    const ExecutionResult r = Executor(journal).run(planOf({step}), yes());
    EXPECT_EQ(r.outcome, ExecutionResult::Outcome::Failed);
    EXPECT_EQ(r.failedStep, -1);
    EXPECT_TRUE(r.error.startsWith(QStringLiteral("not enough space on "))) << r.error.toStdString();
    EXPECT_FALSE(fs::exists(marker));
    EXPECT_TRUE(journal.entries().isEmpty());
}

// The journal's undo records are typed; their JSON is the one earlier versions wrote, so that an
// entry written before an update still undoes after it.
TEST(Journal, UndoRecordsReadAsTheJsonEarlierVersionsWrote)
{
    const QByteArray written = R"({"format": 1, "id": "20250131-142501-123-env", "finished": true, "steps": [
        {"kind": "edit-file", "description": "d", "state": "done",
         "undo": {"path": "/h/.bashrc", "existed": true, "bytes": "YQpiCg==", "permissions": 420,
                  "sha256": "x", "after_sha256": ""}},
        {"kind": "write-file", "description": "d", "state": "done", "undo": {"path": "/h/new", "existed": false}},
        {"kind": "set-user-variable", "description": "d", "state": "done",
         "undo": {"name": "PATH", "existed": true, "value": "C:\\a", "new_existed": false, "new_value": "",
                  "type": "REG_EXPAND_SZ", "raw": "4300"}},
        {"kind": "run-program", "description": "d", "state": "failed",
         "undo": {"program": "python", "arguments": ["-c", "x"], "needs_admin": true}},
        {"kind": "run-program", "description": "d", "state": "done"}]})";
    const QJsonObject json = QJsonDocument::fromJson(written).object();
    const auto entry = JournalEntry::fromJson(json);
    ASSERT_TRUE(entry);
    ASSERT_EQ(entry->steps.size(), 5);
    const auto *edited = std::get_if<FileUndo>(&entry->steps[0].undo);
    ASSERT_NE(edited, nullptr);
    EXPECT_EQ(edited->bytes, QByteArray("a\nb\n"));
    EXPECT_EQ(edited->permissions, 420);
    EXPECT_EQ(edited->afterSha256, QString());
    const auto *created = std::get_if<FileUndo>(&entry->steps[1].undo);
    ASSERT_TRUE(created && !created->existed && !created->afterSha256);
    const auto *variable = std::get_if<VariableUndo>(&entry->steps[2].undo);
    ASSERT_TRUE(variable && variable->stored);
    EXPECT_EQ(variable->before, QStringLiteral("C:\\a"));
    EXPECT_FALSE(variable->after);
    EXPECT_EQ(variable->stored->raw, QByteArray("\x43\x00", 2));
    const auto *program = std::get_if<ProgramUndo>(&entry->steps[3].undo);
    ASSERT_TRUE(program && program->needsAdmin);
    EXPECT_EQ(program->arguments, QStringList({QStringLiteral("-c"), QStringLiteral("x")}));
    EXPECT_TRUE(std::holds_alternative<std::monostate>(entry->steps[4].undo));
    // Written again, each step's record is the same JSON.
    const QJsonArray steps = json.value(QStringLiteral("steps")).toArray();
    const QJsonArray again = entry->toJson().value(QStringLiteral("steps")).toArray();
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(again[i].toObject().value(QStringLiteral("undo")), steps[i].toObject().value(QStringLiteral("undo")))
            << "step " << i;
    // Undo puts back each file, variable and program, newest first, and names what it cannot undo.
    const FixPlan plan = Executor(Journal(QStringLiteral("/nonexistent"))).undoPlan(*entry);
    ASSERT_EQ(plan.steps.size(), 4);
    EXPECT_TRUE(std::holds_alternative<RunProgram>(plan.steps[0].action));
    EXPECT_TRUE(std::holds_alternative<SetUserVariable>(plan.steps[1].action));
    EXPECT_TRUE(std::get<WriteFile>(plan.steps[2].action).remove);
    EXPECT_EQ(std::get<WriteFile>(plan.steps[3].action).bytes, QByteArray("a\nb\n"));
    EXPECT_TRUE(plan.warnings.join(u' ').contains(QStringLiteral("Step 5")));
}
