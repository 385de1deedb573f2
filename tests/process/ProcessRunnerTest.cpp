// SPDX-License-Identifier: GPL-3.0-or-later
// The one way TorchDoctor runs other programs: argument lists, output,
// exit codes, crashes, time limits and cancel that end the whole tree.
#include "TestSupport.h"

#include "platform/ProcessRunner.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QProcessEnvironment>

#include <csignal>
#include <filesystem>
#include <thread>

using td::platform::CancelToken;
using td::platform::ProcessRequest;
using td::platform::ProcessResult;
using td::platform::runProcess;
using Outcome = ProcessResult::Outcome;

namespace {

ProcessRequest sh(const QString &script, std::chrono::milliseconds timeout = std::chrono::seconds(20))
{
    ProcessRequest r;
    r.program = QStringLiteral("/bin/sh");
    r.arguments = {QStringLiteral("-c"), script};
    r.timeout = timeout;
    return r;
}

// Running, as opposed to gone or a zombie waiting for its parent (init) to reap it.
bool alive(qint64 pid)
{
    const std::string stat = td::test::readFile("/proc/" + std::to_string(pid) + "/stat");
    const auto close = stat.rfind(')');
    return close != std::string::npos && close + 2 < stat.size() && stat[close + 2] != 'Z';
}

} // namespace

TEST(ProcessRunner, CapturesOutputAndExitCode)
{
    const ProcessResult r = runProcess(sh(QStringLiteral("echo out; echo err >&2; exit 3")));
    EXPECT_EQ(r.outcome, Outcome::Finished);
    EXPECT_EQ(r.exitCode, 3);
    EXPECT_EQ(r.standardOutput, "out\n");
    EXPECT_EQ(r.standardError, "err\n");
    EXPECT_FALSE(r.succeeded());
    EXPECT_EQ(r.describe(), QStringLiteral("exited with 3"));
}

TEST(ProcessRunner, ArgumentsAreNeverInterpretedByAShell)
{
    ProcessRequest r;
    r.program = QStringLiteral("/bin/echo");
    r.arguments = {QStringLiteral("$HOME; rm -rf / `x` \"quoted\" 用户")};
    const ProcessResult result = runProcess(r);
    EXPECT_TRUE(result.succeeded());
    EXPECT_EQ(QString::fromUtf8(result.standardOutput), QStringLiteral("$HOME; rm -rf / `x` \"quoted\" 用户\n"));
}

TEST(ProcessRunner, FeedsStandardInputAndEnvironment)
{
    ProcessRequest r = sh(QStringLiteral("cat; printf %s \"$TD_TEST_VALUE\""));
    r.standardInput = "from stdin\n";
    r.environment = QProcessEnvironment::systemEnvironment();
    r.environment.insert(QStringLiteral("TD_TEST_VALUE"), QStringLiteral("from env"));
    const ProcessResult result = runProcess(r);
    EXPECT_EQ(result.standardOutput, "from stdin\nfrom env");
}

TEST(ProcessRunner, ReportsACrashBySignal)
{
    const ProcessResult r = runProcess(sh(QStringLiteral("kill -SEGV $$")));
    EXPECT_EQ(r.outcome, Outcome::Crashed);
    EXPECT_EQ(r.signal, SIGSEGV);
    EXPECT_EQ(r.describe(), QStringLiteral("killed by SIGSEGV"));
}

TEST(ProcessRunner, TimeoutEndsTheWholeTree)
{
    // The child starts a grandchild that would outlive it, and tells us its pid.
    const ProcessResult r = runProcess(sh(QStringLiteral("sleep 300 & echo $!; wait"), std::chrono::milliseconds(500)));
    EXPECT_EQ(r.outcome, Outcome::TimedOut);
    EXPECT_LT(r.elapsedMs, 10000);
    const qint64 grandchild = QByteArray(r.standardOutput).trimmed().toLongLong();
    ASSERT_GT(grandchild, 0) << r.standardOutput.toStdString();
    // Reaped by init shortly after the kill.
    for (int i = 0; i < 50 && alive(grandchild); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_FALSE(alive(grandchild));
}

// A shell ended for its time limit still runs its exit traps, as `pyenv rehash`
// in a login shell removes its lock file there (killed outright, it leaves the
// lock, and every later shell of the user hangs on it). A child that ignores
// SIGTERM still ends.
TEST(ProcessRunner, TimeoutLetsAShellRunItsExitTrap)
{
    const td::test::TempDir dir;
    const std::string lock = (dir.path() / "lock").string();
    ProcessRequest r = sh(QStringLiteral("touch '%1'; bash -c 'trap \"rm -f %1\" EXIT; sleep 300' & echo started; wait")
                              .arg(QString::fromStdString(lock)),
                          std::chrono::milliseconds(700));
    const ProcessResult result = runProcess(r);
    EXPECT_EQ(result.outcome, Outcome::TimedOut);
    for (int i = 0; i < 50 && std::filesystem::exists(lock); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_FALSE(std::filesystem::exists(lock)) << "the trap did not run";

    const ProcessResult stubborn = runProcess(sh(QStringLiteral("trap '' TERM; sleep 300"), std::chrono::milliseconds(300)));
    EXPECT_EQ(stubborn.outcome, Outcome::TimedOut);
    EXPECT_LT(stubborn.elapsedMs, 5000);
}

TEST(ProcessRunner, CancelFromAnotherThread)
{
    CancelToken cancel;
    std::thread canceller([cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancel.cancel();
    });
    const ProcessResult r = runProcess(sh(QStringLiteral("sleep 300")), cancel);
    canceller.join();
    EXPECT_EQ(r.outcome, Outcome::Cancelled);
    EXPECT_LT(r.elapsedMs, 10000);
}

TEST(ProcessRunner, ProgramsThatCannotStart)
{
    td::test::TempDir dir;
    td::test::writeFile(dir / "not-executable", "#!/bin/sh\necho hi\n");
    for (const QString &program :
         {QStringLiteral("/no/such/program"), QString::fromStdString((dir / "not-executable").string()),
          QString::fromStdString(dir.path().string())}) {
        ProcessRequest r;
        r.program = program;
        const ProcessResult result = runProcess(r);
        EXPECT_EQ(result.outcome, Outcome::FailedToStart) << program.toStdString();
        EXPECT_FALSE(result.errorText.isEmpty());
        EXPECT_TRUE(result.describe().startsWith(QStringLiteral("could not start")));
    }
}

TEST(ProcessRunner, OutputIsCappedAndStreamed)
{
    ProcessRequest r = sh(QStringLiteral("head -c 3000000 /dev/zero"));
    r.maxOutputBytes = 1000;
    qsizetype streamed = 0;
    const ProcessResult result = runProcess(r, CancelToken(), [&](const QByteArray &chunk, bool isError) {
        if (!isError)
            streamed += chunk.size();
    });
    EXPECT_TRUE(result.succeeded());
    EXPECT_EQ(result.standardOutput.size(), 1000);
    EXPECT_TRUE(result.outputTruncated);
    EXPECT_EQ(streamed, 3000000);
}

TEST(ProcessRunner, NamesWindowsCrashCodes)
{
    EXPECT_EQ(td::platform::ntStatusName(0xC0000005U), QStringLiteral("STATUS_ACCESS_VIOLATION"));
    ProcessResult r;
    r.outcome = Outcome::Finished;
    r.exitCode = static_cast<int>(0xC0000005U);
    EXPECT_EQ(r.describe(), QStringLiteral("crashed with 0xc0000005 (STATUS_ACCESS_VIOLATION)"));
}

// A child that left its process group (setsid: a daemon) or outlived a parent
// that ignored SIGTERM: once no runProcess is running, nothing started by one
// is left, even when the program finished normally.
TEST(ProcessRunner, NothingItStartedOutlivesIt)
{
    td::platform::adoptOrphansOfChildren();
    const std::string marker = "td-orphan-" + std::to_string(::getpid());
    const QString daemon = QStringLiteral("setsid bash -c 'exec -a %1 sleep 300' </dev/null >/dev/null 2>&1 &")
                               .arg(QString::fromStdString(marker));
    const ProcessResult finished = runProcess(sh(daemon + QStringLiteral(" sleep 0.2; exit 0")));
    EXPECT_EQ(finished.outcome, Outcome::Finished);
    const ProcessResult stubborn =
        runProcess(sh(daemon + QStringLiteral(" trap '' TERM; sleep 300"), std::chrono::milliseconds(500)));
    EXPECT_EQ(stubborn.outcome, Outcome::TimedOut);
    const std::vector<std::string> left = td::test::livingProcesses(-1, marker);
    EXPECT_TRUE(left.empty()) << left.front();
    for (const std::string &process : left) // not to leave them to the next test
        ::kill(std::stoi(process), SIGKILL);
}
