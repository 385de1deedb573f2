// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/ProcessRunner.h"
#include "platform/LogCategories.h"

#include "platform/OriginalEnvironment.h"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>
#include <QThread>

#include <mutex>

#ifdef Q_OS_UNIX
#include <csignal>
#include <cstring>
#include <unistd.h>
#endif
#ifdef Q_OS_LINUX
#include <QFile>
#include <sys/prctl.h>
#include <sys/wait.h>
#endif
#ifdef Q_OS_WIN
#include <windows.h>
#endif

namespace td::platform {

namespace {

#ifdef Q_OS_WIN
// Every process the child starts stays in the job, and closing the job's
// last handle ends them all.
class JobGuard {
public:
    explicit JobGuard(qint64 pid)
    {
        m_job = CreateJobObjectW(nullptr, nullptr);
        if (!m_job)
            return;
        JOBOBJECT_EXTENDED_LIMIT_INFORMATION info{};
        info.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
        SetInformationJobObject(m_job, JobObjectExtendedLimitInformation, &info, sizeof info);
        if (HANDLE process = OpenProcess(PROCESS_SET_QUOTA | PROCESS_TERMINATE, FALSE, static_cast<DWORD>(pid))) {
            AssignProcessToJobObject(m_job, process);
            CloseHandle(process);
        }
    }
    ~JobGuard() { killAll(); }
    void killAll()
    {
        if (m_job) {
            TerminateJobObject(m_job, 1);
            CloseHandle(m_job);
            m_job = nullptr;
        }
    }

private:
    HANDLE m_job = nullptr;
};
#endif

// The child leads its own process group (see runProcess): end all of it.
// `pid` is taken while the child runs: once it is reaped, processId() is 0,
// and kill(-0) would signal our own group.
void killGroup(qint64 pid)
{
#ifdef Q_OS_UNIX
    if (pid > 1)
        ::kill(-static_cast<pid_t>(pid), SIGKILL);
#else
    Q_UNUSED(pid);
#endif
}

// Ends a child that ran out of time or was cancelled, with its group:
// SIGTERM first, so that shells run their exit traps (a login shell killed
// inside `pyenv rehash` would leave pyenv's lock file, and every later shell
// would hang on it), then SIGKILL for whatever is left after a moment.
void endGroup(QProcess &process, qint64 pid)
{
#ifdef Q_OS_UNIX
    constexpr int kGraceMs = 200;
    if (pid > 1 && ::kill(-static_cast<pid_t>(pid), SIGTERM) == 0) {
        process.waitForFinished(kGraceMs); // reaps the child, so the group test below sees only the rest
        const QDeadlineTimer grace(kGraceMs);
        while (::kill(-static_cast<pid_t>(pid), 0) == 0 && !grace.hasExpired())
            QThread::msleep(5);
    }
#endif
    killGroup(pid);
    process.kill();
}

// What every process runProcess starts carries in its environment, and its
// descendants with it: TORCHDOCTOR_RUN=<our pid>.
const QString kMarkName = QStringLiteral("TORCHDOCTOR_RUN");

bool g_adopting = false;
std::mutex g_runningMutex;
int g_running = 0; // runProcess calls between their start and their end

#ifdef Q_OS_LINUX
// Our children that runProcess does not run: orphans of what it ran, adopted
// (each thread's children are listed in /proc/self/task/<tid>/children).
QList<pid_t> markedOrphans()
{
    // "\0NAME=<pid>\0" in "\0" + the environ file: the whole variable, not a suffix of another.
    const QByteArray mark =
        QByteArray(1, '\0') + kMarkName.toLatin1() + '=' + QByteArray::number(::getpid()) + '\0';
    QList<pid_t> found;
    for (const QString &task : QDir(QStringLiteral("/proc/self/task")).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile children(QStringLiteral("/proc/self/task/%1/children").arg(task));
        if (!children.open(QIODevice::ReadOnly))
            continue;
        for (const QByteArray &field : children.readAll().split(' ')) {
            const int pid = field.trimmed().toInt();
            QFile environ(QStringLiteral("/proc/%1/environ").arg(pid));
            if (pid <= 0 || !environ.open(QIODevice::ReadOnly))
                continue;
            const QByteArray variables = QByteArray(1, '\0') + environ.readAll();
            if (variables.contains(mark))
                found << static_cast<pid_t>(pid);
        }
    }
    return found;
}
#endif

// Kills and reaps the marked orphans, and those they leave in turn. Called
// with no runProcess running (g_runningMutex held), so none is a live probe.
void endOrphans()
{
#ifdef Q_OS_LINUX
    for (int round = 0; round < 8; ++round) {
        const QList<pid_t> orphans = markedOrphans();
        if (orphans.isEmpty())
            return;
        for (const pid_t pid : orphans) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
            qCInfo(lcProcess, "ended process %lld, left behind by a program that was run", static_cast<long long>(pid));
        }
    }
#endif
}

// From a runProcess's start to its end (after its QProcess is gone).
class RunningChild {
public:
    RunningChild()
    {
        const std::lock_guard lock(g_runningMutex);
        ++g_running;
    }
    ~RunningChild()
    {
        const std::lock_guard lock(g_runningMutex);
        if (--g_running == 0 && g_adopting)
            endOrphans();
    }
    RunningChild(const RunningChild &) = delete;
    RunningChild &operator=(const RunningChild &) = delete;
};

QString signalName(int sig)
{
#ifdef Q_OS_UNIX
    if (const char *abbrev = sigabbrev_np(sig))
        return QStringLiteral("SIG") + QString::fromLatin1(abbrev);
#endif
    return QStringLiteral("signal %1").arg(sig);
}

} // namespace

QString ntStatusName(quint32 code)
{
    switch (code) {
    case 0xC0000005U: return QStringLiteral("STATUS_ACCESS_VIOLATION");
    case 0xC000001DU: return QStringLiteral("STATUS_ILLEGAL_INSTRUCTION");
    case 0xC0000135U: return QStringLiteral("STATUS_DLL_NOT_FOUND");
    case 0xC0000139U: return QStringLiteral("STATUS_ENTRYPOINT_NOT_FOUND");
    case 0xC0000142U: return QStringLiteral("STATUS_DLL_INIT_FAILED");
    case 0xC00000FDU: return QStringLiteral("STATUS_STACK_OVERFLOW");
    case 0xC0000409U: return QStringLiteral("STATUS_STACK_BUFFER_OVERRUN");
    case 0xC0000374U: return QStringLiteral("STATUS_HEAP_CORRUPTION");
    case 0xC000007BU: return QStringLiteral("STATUS_INVALID_IMAGE_FORMAT");
    case 0xC0000096U: return QStringLiteral("STATUS_PRIVILEGED_INSTRUCTION");
    case 0x80000003U: return QStringLiteral("STATUS_BREAKPOINT");
    case 0xC0000094U: return QStringLiteral("STATUS_INTEGER_DIVIDE_BY_ZERO");
    default: return {};
    }
}

QString ProcessResult::describe() const
{
    // In the user's language: these words end up in findings ("not Python … (exited with 0)").
    switch (outcome) {
    case Outcome::Finished: {
        const QString name = ntStatusName(static_cast<quint32>(exitCode));
        return name.isEmpty() ? QCoreApplication::translate("ProcessResult", "exited with %1").arg(exitCode)
                              : QCoreApplication::translate("ProcessResult", "crashed with 0x%1 (%2)")
                                    .arg(static_cast<quint32>(exitCode), 8, 16, QLatin1Char('0'))
                                    .arg(name);
    }
    case Outcome::Crashed:
        return QCoreApplication::translate("ProcessResult", "killed by %1").arg(signalName(signal));
    case Outcome::TimedOut:
        return QCoreApplication::translate("ProcessResult", "timed out after %1 s")
            .arg(static_cast<double>(elapsedMs) / 1000.0, 0, 'f', 1);
    case Outcome::Cancelled: return QCoreApplication::translate("ProcessResult", "cancelled");
    case Outcome::FailedToStart:
        return QCoreApplication::translate("ProcessResult", "could not start: %1").arg(errorText);
    }
    return {};
}

ProcessResult runProcess(const ProcessRequest &request, const CancelToken &cancel,
                         const std::function<void(const QByteArray &, bool)> &onOutput)
{
    ProcessResult result;
    QElapsedTimer clock;
    clock.start();

    const RunningChild running; // before the QProcess: its end comes after the child was reaped
    QProcess process;
    process.setProgram(request.program);
    process.setArguments(request.arguments);
    // Always an explicit environment: ours lacks what the launcher cleared.
    QProcessEnvironment environment = request.environment.isEmpty() ? originalEnvironment() : request.environment;
    environment.insert(kMarkName, QString::number(QCoreApplication::applicationPid()));
    process.setProcessEnvironment(environment);
    if (!request.workingDirectory.isEmpty())
        process.setWorkingDirectory(request.workingDirectory);
#ifdef Q_OS_UNIX
    // Its own process group, so that a timeout can end grandchildren too.
    process.setChildProcessModifier([] { ::setpgid(0, 0); });
#endif
    process.start(QIODevice::ReadWrite);
    if (!process.waitForStarted(static_cast<int>(std::min<qint64>(request.timeout.count(), 30000)))) {
        result.outcome = ProcessResult::Outcome::FailedToStart;
        result.errorText = process.errorString();
        result.elapsedMs = clock.elapsed();
        qCDebug(lcProcess, "%s failed to start: %s", qUtf8Printable(request.program), qUtf8Printable(result.errorText));
        return result;
    }
    const qint64 pid = process.processId();
#ifdef Q_OS_WIN
    JobGuard job(pid);
#endif
    if (!request.standardInput.isEmpty())
        process.write(request.standardInput);
    process.closeWriteChannel();

    auto drain = [&] {
        const QByteArray out = process.readAllStandardOutput();
        const QByteArray err = process.readAllStandardError();
        for (const auto &[chunk, isError] : {std::pair{out, false}, std::pair{err, true}}) {
            if (chunk.isEmpty())
                continue;
            if (onOutput)
                onOutput(chunk, isError);
            QByteArray &sink = isError ? result.standardError : result.standardOutput;
            const qsizetype room = request.maxOutputBytes - sink.size();
            if (room < chunk.size())
                result.outputTruncated = true;
            if (room > 0)
                sink.append(chunk.left(room));
        }
    };

    bool ended = false;
    while (!ended) {
        // Short waits, so that cancel and the deadline are seen promptly.
        ended = process.waitForFinished(50);
        drain();
        if (ended || process.state() == QProcess::NotRunning)
            break;
        if (cancel.isCancelled() || clock.elapsed() >= request.timeout.count()) {
            result.outcome =
                cancel.isCancelled() ? ProcessResult::Outcome::Cancelled : ProcessResult::Outcome::TimedOut;
            endGroup(process, pid);
#ifdef Q_OS_WIN
            job.killAll();
#endif
            process.waitForFinished(5000);
            drain();
            result.elapsedMs = clock.elapsed();
            qCInfo(lcProcess, "%s %s", qUtf8Printable(request.program), qUtf8Printable(result.describe()));
            return result;
        }
    }
    drain();
    result.elapsedMs = clock.elapsed();
    if (process.exitStatus() == QProcess::CrashExit) {
        result.outcome = ProcessResult::Outcome::Crashed;
        result.signal = process.exitCode(); // Qt reports the signal number here on Unix
    } else {
        result.outcome = ProcessResult::Outcome::Finished;
        result.exitCode = process.exitCode();
    }
    killGroup(pid); // whatever the child left behind in its group goes with it
    qCDebug(lcProcess, "%s %s in %lld ms", qUtf8Printable(request.program), qUtf8Printable(result.describe()),
            static_cast<long long>(result.elapsedMs));
    return result;
}

void adoptOrphansOfChildren()
{
#ifdef Q_OS_LINUX
    const std::lock_guard lock(g_runningMutex);
    g_adopting = ::prctl(PR_SET_CHILD_SUBREAPER, 1) == 0;
    if (!g_adopting)
        qCWarning(lcProcess, "not the reaper of orphans: %s", std::strerror(errno));
#endif
}

QString findOnPath(const QString &program, const QProcessEnvironment &environment)
{
    return QStandardPaths::findExecutable(
        program, environment.value(QStringLiteral("PATH")).split(QDir::listSeparator(), Qt::SkipEmptyParts));
}

} // namespace td::platform
