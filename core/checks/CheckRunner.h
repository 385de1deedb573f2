// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Diagnosis.h"
#include "platform/ProcessRunner.h"

#include <QCoreApplication>
#include <QFuture>
#include <QList>

#include <atomic>
#include <functional>
#include <optional>
#include <memory>

class QThreadPool;

namespace td::knowledge {
class KnowledgeBase;
}

namespace td::checks {

class Check;

struct CheckProgress {
    int done = 0;
    int total = 0;
    QString current; // what just finished: "Probing Python interpreters", "Importing PyTorch"
};

// Gathers the facts in parallel (every slow step is a process with a time
// limit: the interpreters, `import torch`, the GPU probe, Docker), walks
// torch's native libraries, and runs every check as soon as the facts it
// needs are in. A collector or check that throws or overruns becomes a
// finding ("check.failed", "check.timeout"), never a crash or a hang.
// For work that mostly waits on child processes (the collectors, the interpreters' probes): a pool of
// its own, so that such work never queues behind itself on a two-core machine, nor holds up Qt's own
// use of the global pool (the drawing of a window included) while a program takes its time.
QThreadPool &waitingPool();

class CheckRunner {
    Q_DECLARE_TR_FUNCTIONS(CheckRunner)

public:
    CheckRunner(CheckRequest request, std::shared_ptr<const knowledge::KnowledgeBase> knowledge);
    // With other checks than allChecks() (tests).
    CheckRunner(CheckRequest request, std::shared_ptr<const knowledge::KnowledgeBase> knowledge,
                std::vector<std::shared_ptr<const Check>> checks);

    // Synchronous, from any thread. `progress` is called from the calling thread.
    Diagnosis run(const platform::CancelToken &cancel = platform::CancelToken(),
                  const std::function<void(const CheckProgress &)> &progress = {});

    // For a window: the same on a worker thread; progress and cancel go
    // through the future (watch it with a QFutureWatcher).
    static QFuture<Diagnosis> start(CheckRequest request, std::shared_ptr<const knowledge::KnowledgeBase> knowledge);

private:
    CheckRequest m_request;
    std::shared_ptr<const knowledge::KnowledgeBase> m_knowledge;
    std::vector<std::shared_ptr<const Check>> m_checks;
};

// The walk of torch's native libraries that `check` makes for one interpreter, with the rules
// of its loader; the library checks judge the graph. On Windows the files named in
// `sharedRuntimes` (the OpenMP runtimes) are loaded too where they lie in another of torch's DLL
// folders, as the packages there load them. nullopt when torch has no native libraries.
std::optional<loader::Graph> walkTorchLibraries(const python::StaticProbe &probe, const CheckRequest &request,
                                                const std::atomic<bool> &cancelFlag,
                                                const QStringList &sharedRuntimes = {});

// The files at fault in a walk (the copies that load and lack something, or cannot be read), each with
// the distribution whose RECORD lists it, else the system package that owns it (dpkg, rpm or pacman, asked
// in `environment`); the unreadable ones are hashed too.
QHash<QString, python::FileOwnership> ownersOfFilesAtFault(const loader::Graph &graph,
                                                           const QProcessEnvironment &environment);

// The folder the person's programs start in: the project's, else the one `check` was started in.
QString startFolder(const CheckRequest &request);

// The interpreter `check` diagnoses when none is named: the project's
// venv/.venv, else python3 (python on Windows), else python, on PATH.
QString defaultPython(const CheckRequest &request);

} // namespace td::checks
