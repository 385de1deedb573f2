// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/OriginalEnvironment.h"
#include "platform/ProcessRunner.h"
#include "python/Interpreter.h"
#include "python/LocalCopies.h"
#include "python/PthFiles.h"

#include <chrono>

namespace td::python {

// The static phase: one short run of resources/probe/torch_probe.py in the
// interpreter, which describes the interpreter and torch's installation
// without importing torch. Never throws; a failure fills interpreter.problem.
struct StaticProbe {
    Interpreter interpreter;
    TorchInstall torch;
    QStringList sitePackages;                   // in sys.path order
    QList<QPair<QString, QString>> environment; // the variables that matter (PATH, CUDA_PATH, ...)
    QStringList notes;                          // what the probe could not learn, and why
    qint64 elapsedMs = 0;
    // Read by `check` from the files (readLocalFacts): torch's compiled core, and what the folder programs
    // start in holds that hides an installed package.
    CompiledCore torchCore;
    QList<LocalCopy> localCopies;
    QList<PthPath> pthPaths; // the folders the site folders' .pth files put on sys.path
};
// Fills torchCore, localCopies and pthPaths of a probe of a Python that started (`startFolder`: startFolderOnPath's).
void readLocalFacts(StaticProbe &probe, const QString &startFolder);
// `environment`: PATH, PYTHONPATH, ... as the user has them (by default
// the environment this program was started in).
StaticProbe probeStatic(const QString &executable, std::chrono::milliseconds timeout = std::chrono::seconds(20),
                        const platform::CancelToken &cancel = platform::CancelToken(),
                        const QProcessEnvironment &environment = platform::originalEnvironment());

// The import phase: `import torch` and its CUDA / MPS queries, in a process
// of its own, so that a crash or a hang is recorded as such.
// `environment`: LD_LIBRARY_PATH ... as the user has them (by default the
// environment this program was started in).
// `startFolder`: the folder the person's programs start in, first on sys.path as it is for them.
ImportResult probeImport(const QString &executable, std::chrono::milliseconds timeout = std::chrono::seconds(90),
                         const platform::CancelToken &cancel = platform::CancelToken(),
                         const QProcessEnvironment &environment = platform::originalEnvironment(),
                         const QString &startFolder = {});

// The probe script (resources/probe/torch_probe.py, compiled in).
QString probeScript();

// A Microsoft Store "App execution alias" that only opens the Store
// (a zero-size python*.exe directly in ...\WindowsApps, with no installed
// Store Python next to it): never run, it would open a window.
bool isStoreAliasStub(const QString &executable);

// "SIGSEGV" for 11 on Unix, "STATUS_ACCESS_VIOLATION" for 0xC0000005 on
// Windows; empty when the code is not one of them.
QString crashName(int signal, int exitCode);

// The parts of probeStatic / probeImport that read the script's output, for
// tests and for output recorded elsewhere. Empty when there is no JSON.
QByteArray extractProbeJson(const QByteArray &standardOutput);

} // namespace td::python
