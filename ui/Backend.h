// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Culprit.h"
#include "checks/Diagnosis.h"
#include "checks/Explanation.h"
#include "fixes/Executor.h"
#include "fixes/FixPlan.h"
#include "fixes/Journal.h"
#include "fixes/RepairRun.h"
#include "platform/ProcessRunner.h"
#include "python/ImportError.h"
#include "python/PastedPlace.h"
#include "python/TorchProbe.h"
#include "report/SessionHistory.h"

#include <QFuture>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QThreadPool>

#include <optional>

namespace td::ui {

// What to diagnose: an interpreter, or a project folder (its venv and its
// docker-compose.yml), or both; empty: the default Python.
struct Target {
    QString python;
    QString projectDir;
    QString cloneUrl; // Docker: the repository to clone when the project has no docker-compose.yml
    QString wheelFolder; // reinstall: wheels from this folder (a wheelhouse), as `fix --find-links`
    bool noIndex = false; // reinstall: from the folder only, no package index (`--no-index`)
    // What the person runs their programs with, when another Python is checked ("Use this interpreter": the
    // one checked first); empty: the project's venv or python3 on PATH.
    QString usualPython;
};

// The interpreters and project folders found on this machine.
struct Discovery {
    QList<python::StaticProbe> interpreters;
    QStringList projects;
    QStringList notes;
    // The folder TorchDoctor was started in, when it is a project (a venv in it, or files that use torch).
    QString workingProject;
};

// An error message the user pasted: core's one explanation of it (what `explain` says), and where it happened.
struct PastedError : checks::Explanation {
    QString text;
    python::PastedPlace place; // the environment and project its paths name; `interpreter`: the one selected
};

// What a repair of the flowchart works on: the latest diagnosis's request,
// and the options the user chose (the repository Docker clones, the wheels).
inline fixes::RepairScope repairScope(const checks::Diagnosis &before, const Target &target)
{
    fixes::RepairScope scope;
    scope.request = before.facts.request;
    scope.options.cloneUrl = target.cloneUrl;
    if (!target.wheelFolder.isEmpty())
        scope.options.wheels.findLinks << target.wheelFolder;
    scope.options.wheels.noIndex = target.noIndex && !target.wheelFolder.isEmpty();
    return scope;
}

enum class ReportFormat { Text, Markdown, Html, Json };

// Everything the wizard asks of the machine. The real one forwards to core;
// tests stand up any machine state behind it. Futures report progress and
// results through QFutureWatcher; diagnoses cancel through the future,
// repairs and undos through their token (so that the journal entry still comes back).
class Backend {
public:
    Backend() { m_repairs.setMaxThreadCount(1); }
    virtual ~Backend() = default;
    Backend(const Backend &) = delete;
    Backend &operator=(const Backend &) = delete;

    virtual QFuture<Discovery> discover(const QStringList &projectDirs) = 0;
    // Runs `executable` as discovery does (the user chose it): whether it is a Python that can be
    // diagnosed; `interpreter.problem` says why not (not found, not executable, not Python ...).
    virtual QFuture<python::StaticProbe> probeInterpreter(const QString &executable,
                                                          const platform::CancelToken &cancel) = 0;
    // The titles of the steps a diagnosis goes through, in order.
    [[nodiscard]] virtual QStringList diagnosisSteps() const = 0;
    virtual QFuture<checks::Diagnosis> diagnose(const Target &target) = 0;
    // How long each slow step of a diagnosis (the import, an interpreter, the shell) may take.
    [[nodiscard]] virtual std::chrono::seconds stepTimeLimit() const { return checks::CheckRequest().timeout; }
    // Reads a pasted error as `explain` does, judging the files it names in `environment` (nullopt: this
    // program's own).
    [[nodiscard]] virtual PastedError classifyIn(const QString &text,
                                                 const std::optional<QProcessEnvironment> &environment) const = 0;
    [[nodiscard]] PastedError classify(const QString &text) const { return classifyIn(text, std::nullopt); }
    // The failing library behind a pasted error, in a diagnosis's walk of torch's libraries.
    [[nodiscard]] virtual std::optional<checks::Culprit> culpritOf(const python::ClassifiedError &error,
                                                                   const checks::Diagnosis &report) const = 0;

    [[nodiscard]] virtual QList<checks::FixFamily> families() const = 0;
    // What the repairs of the flowchart plan with, run on and diagnose again;
    // the repair run itself (fixes::RepairRun) is core's, the same as the CLI's.
    [[nodiscard]] virtual std::shared_ptr<const fixes::RepairMachine> repairMachine() const = 0;

    [[nodiscard]] virtual std::optional<fixes::JournalEntry> journalEntry(const QString &id) const = 0;
    // As fixes::startUndo: asks through `answers`, then reports its steps; the last event is Finished.
    virtual QFuture<fixes::RepairRunEvent> undo(const QString &entryId, std::shared_ptr<fixes::RepairAnswers> answers,
                                                const platform::CancelToken &cancel) = 0;

    // The support report of `report` (the state now) after what `history`
    // recorded before it, redacted unless `redact` is false.
    [[nodiscard]] virtual QString renderReport(const checks::Diagnosis &report, ReportFormat format, bool redact,
                                               const report::SessionHistory &history) const = 0;
    // Where the session's history is written as it happens (see report::SessionHistory).
    [[nodiscard]] virtual QString historyDirectory() const { return report::SessionHistory::defaultDirectory(); }
    // Written atomically; an Error when it could not be.
    virtual platform::Result<void> saveReport(const QString &path, const QString &text) const = 0;

    // Where repairs and undos run, one at a time: a thread of their own, so that a repair waiting for
    // its yes or running a slow step holds up no diagnosis, and no other work holds up a repair.
    // A backend waits for it before it goes (what a repair uses of it is gone after).
    QThreadPool &repairRunner() { return m_repairs; }
    void waitForRepairs() { m_repairs.waitForDone(); }

private:
    QThreadPool m_repairs;
};

} // namespace td::ui
