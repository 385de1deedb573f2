// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/ProcessRunner.h"
#include "python/TorchProbe.h"
#include "platform/OriginalEnvironment.h"

#include <QList>
#include <QProcessEnvironment>
#include <QString>

namespace td::python {

struct DiscoveryOptions {
    QString projectDir; // its venv / .venv (and conda envs named in it) are included
    QProcessEnvironment environment = platform::originalEnvironment(); // PATH, HOME, CONDA_*, ...
    QStringList extraExecutables; // e.g. --python EXE: always included, first
    std::chrono::milliseconds timeoutEach{std::chrono::seconds(20)};
    int maxCandidates = 64; // more than this on one machine is a PATH gone wrong: the rest are noted
};

// One file that may be a Python, and every way it was found.
struct InterpreterCandidate {
    QString path;        // as found
    QStringList origins; // "PATH", "conda", ... (see Interpreter::origins)
    QString key;         // the real path (plus the venv it sits in): equal keys are one interpreter
};

// The candidates, de-duplicated, in discovery order, without running any of
// them (except `conda env list` and `py -0p`). Notes say what was skipped.
QList<InterpreterCandidate> findInterpreterCandidates(const DiscoveryOptions &options, QStringList *notes = nullptr,
                                                      const platform::CancelToken &cancel = platform::CancelToken());

// Finds every Python: python / python3 / pythonX.Y on PATH, `py -0p` and the
// PEP 514 registry keys (Windows), conda environments, venv / .venv in the
// project, pyenv and uv installs, and the Microsoft Store aliases (reported,
// not run). Each distinct interpreter is probed once (statically), in
// parallel. The list keeps discovery order.
QList<StaticProbe> discoverInterpreters(const DiscoveryOptions &options,
                                        const platform::CancelToken &cancel = platform::CancelToken(),
                                        QStringList *notes = nullptr);

} // namespace td::python
