// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QFuture>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>

namespace td::platform {

// Shared by whoever starts work and whoever may stop it (a Cancel button,
// a time limit); cheap to copy.
class CancelToken {
public:
    CancelToken() : m_flag(std::make_shared<std::atomic<bool>>(false)) {}
    // Also cancelled when `future` is: a window cancels a job through the
    // future it watches, and the job's token answers from it directly.
    template <class T>
    static CancelToken following(const QFuture<T> &future)
    {
        CancelToken token;
        token.m_source = [future] { return future.isCanceled(); };
        return token;
    }
    void cancel() const { m_flag->store(true); }
    [[nodiscard]] bool isCancelled() const { return m_flag->load() || (m_source && m_source()); }

private:
    std::shared_ptr<std::atomic<bool>> m_flag;
    std::function<bool()> m_source;
};

struct ProcessRequest {
    QString program;                 // a path, or a name looked up on PATH
    QStringList arguments;           // passed as they are: never through a shell
    QProcessEnvironment environment; // empty: the one we were started with (originalEnvironment())
    QString workingDirectory;        // empty: this process's
    QByteArray standardInput;        // written, then the input is closed
    std::chrono::milliseconds timeout{std::chrono::seconds(60)};
    qsizetype maxOutputBytes = 16 * 1024 * 1024; // per stream; the rest is dropped
};

struct ProcessResult {
    enum class Outcome {
        Finished,      // exited on its own (exitCode says how)
        Crashed,       // killed by a signal (Unix) or an exception code (Windows)
        TimedOut,      // ran past the time limit: the whole tree was ended
        Cancelled,     // the token was cancelled: the whole tree was ended
        FailedToStart, // not found, not executable, ...
    };
    Outcome outcome = Outcome::FailedToStart;
    int exitCode = -1; // for Finished; on Windows a crash shows as an NTSTATUS here
    int signal = 0;    // for Crashed on Unix
    QByteArray standardOutput;
    QByteArray standardError;
    bool outputTruncated = false;
    qint64 elapsedMs = 0;
    QString errorText; // for FailedToStart: why

    [[nodiscard]] bool succeeded() const { return outcome == Outcome::Finished && exitCode == 0; }
    // "exited with 1", "killed by signal 11 (SIGSEGV)", "timed out after 30 s", ...
    [[nodiscard]] QString describe() const;
};

// Runs one external program to the end, from any thread, and never blocks
// longer than the timeout. On timeout or cancel the child and every process
// it started are ended (a process group on Unix, a job object on Windows).
// `onOutput`, when given, sees output as it arrives (from the calling thread).
ProcessResult runProcess(const ProcessRequest &request, const CancelToken &cancel = CancelToken(),
                         const std::function<void(const QByteArray &chunk, bool isError)> &onOutput = {});

// `program` looked up on the PATH of `environment` (the path when found,
// else empty), the way that environment's shell would find it.
QString findOnPath(const QString &program, const QProcessEnvironment &environment);

// Linux: makes this process the reaper of the orphans of what runProcess
// starts (PR_SET_CHILD_SUBREAPER), so that a child that left its process
// group (setsid, a daemon) is still ended: whenever no runProcess is running,
// the orphans that carry this process's mark in their environment are
// killed. Called once at start; elsewhere it does nothing (Windows: a job).
void adoptOrphansOfChildren();

// The Windows exception codes a crashed process exits with, by name
// ("STATUS_ACCESS_VIOLATION" for 0xC0000005); empty when not one of them.
QString ntStatusName(quint32 code);

} // namespace td::platform
