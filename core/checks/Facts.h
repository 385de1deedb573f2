// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loader/Graph.h"
#include "platform/ComposeFile.h"
#include "platform/Docker.h"
#include "platform/GpuInfo.h"
#include "platform/GpuProbe.h"
#include "platform/SystemInfo.h"
#include "platform/TerminalEnvironment.h"
#include "platform/UserEnvironment.h"
#include "python/NumpyAbi.h"
#include "python/Record.h"
#include "python/TorchProbe.h"
#include "platform/OriginalEnvironment.h"

#include <QFlags>
#include <QProcessEnvironment>
#include <QString>

#include <chrono>
#include <optional>

namespace td::checks {

// What `check` is asked to look at.
struct CheckRequest {
    QString python;                   // --python EXE; empty: the project's venv, else python3 / python on PATH
    QString projectDir;               // --project DIR
    // What the person runs their programs with, when `python` is another one (the wizard: the Python checked
    // before "Use this interpreter"); empty: the project's venv, else python3 / python on PATH. Named, it
    // must have torch too: its lack is an error, not a warning.
    QString usualPython;
    bool runImport = true;            // --no-import skips the import phase
    std::chrono::seconds timeout{90}; // --timeout S: the limit of each slow step
    std::chrono::milliseconds checkLimit{10000}; // the most one check may take before it is given up
    QProcessEnvironment environment = platform::originalEnvironment();
    platform::GpuProbeOptions gpu;
    QString docker = QStringLiteral("docker");
    // Also read what a new terminal gets (the login shell and its startup
    // files), say how it differs from `environment` and import torch there.
    bool compareTerminal = false;
    // Windows: where a variable's entry is set is read from HKCU\Environment through this;
    // empty: the userenv helper next to this program.
    platform::UserRegistryReader userRegistry;
    // Asked by the wizard: what the texts tell the person to do names its pages and controls,
    // not the command line's options.
    bool wizard = false;
};

// The pieces of knowledge the collectors gather, each on its own thread.
enum class Fact : unsigned {
    System = 1U << 0,
    Interpreters = 1U << 1, // every Python found, probed statically
    Import = 1U << 2,       // `import torch` in the chosen interpreter
    Gpu = 1U << 3,
    Libraries = 1U << 4, // torch's native libraries walked with its loader's rules
    Docker = 1U << 5,    // only with a project that has a compose file
    Terminal = 1U << 6,  // only with compareTerminal: what a new terminal gets, and the import there
};
Q_DECLARE_FLAGS(FactSet, Fact)

struct Facts {
    CheckRequest request;
    platform::SystemInfo system;
    QList<python::StaticProbe> interpreters;
    int chosen = -1;          // index into interpreters; -1: none usable
    // With a Python named that has torch: the one the project or a terminal runs without the name, when it
    // is another (its venv, pyenv's shim, `python3` on PATH).
    std::optional<python::StaticProbe> usualInterpreter;
    QString chosenExecutable; // what was diagnosed, even if it did not run
    python::ImportResult import;
    platform::GpuInfo gpu;
    std::optional<loader::Graph> libraries;
    // The files at fault in that walk, each with the distribution whose RECORD lists it and whether
    // it is still the file RECORD describes (gathered with the walk).
    QHash<QString, python::FileOwnership> owners;
    // The NumPy torch's Python binding was built against, read from that library (with the walk).
    python::NumpyAbi torchNumpyAbi = python::NumpyAbi::Unknown;
    QString torchNumpyBinary;
    QString composeFile;                          // the project's docker-compose.yml, if any
    std::optional<platform::ComposeFile> compose; // what it says, when there is one
    QMap<QString, QString> dotEnv;                // the project's .env (compose reads it too)
    std::optional<platform::DockerInfo> docker;
    std::optional<platform::TerminalEnvironment> terminal; // what a new terminal gets
    QString terminalPython;                                // the interpreter a new terminal runs
    std::optional<python::ImportResult> terminalImport;    // `import torch` there, when its environment differs
    // torch's libraries walked as a new terminal's loader finds them, when the import fails there only
    // through what differs: which entry of its search variables is to blame, and where it is set.
    std::optional<loader::Graph> terminalLibraries;
    FactSet ready;                                         // which facts were gathered
    QStringList collectorErrors; // a collector that failed: what happened

    [[nodiscard]] const python::StaticProbe *chosenProbe() const
    {
        return chosen >= 0 && chosen < interpreters.size() ? &interpreters[chosen] : nullptr;
    }
    [[nodiscard]] bool has(Fact f) const { return ready.testFlag(f); }
    // `import torch` works here but fails with what a new terminal gets: what people run fails,
    // so nothing may say "no problem" of the import.
    [[nodiscard]] bool importFailsInNewTerminal() const
    {
        using Outcome = python::ImportResult::Outcome;
        return has(Fact::Import) && import.outcome == Outcome::Ok && terminalImport
               && terminalImport->outcome != Outcome::Ok && terminalImport->outcome != Outcome::NotRun;
    }
};

} // namespace td::checks

Q_DECLARE_OPERATORS_FOR_FLAGS(td::checks::FactSet)
