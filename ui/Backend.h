// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Culprit.h"
#include "checks/Diagnosis.h"
#include "fixes/Executor.h"
#include "fixes/FixPlan.h"
#include "fixes/Journal.h"
#include "platform/ProcessRunner.h"
#include "python/ImportError.h"
#include "python/TorchProbe.h"

#include <QFuture>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::ui {

// What to diagnose: an interpreter, or a project folder (its venv and its
// docker-compose.yml), or both; empty: the default Python.
struct Target {
    QString python;
    QString projectDir;
    QString cloneUrl; // Docker: the repository to clone when the project has no docker-compose.yml
};

// The interpreters and project folders found on this machine.
struct Discovery {
    QList<python::StaticProbe> interpreters;
    QStringList projects;
    QStringList notes;
};

// An error message the user pasted, read by core.
struct PastedError {
    QString text;
    python::ClassifiedError error;
    bool recognized = false; // the message has a shape core knows
    QString title;           // the knowledge base's title for it, when it has one
    QString cause;           // ... and its explanation
    bool likely = false;     // the cause is likely, not confirmed (the paste names no torch version ...)
    QString packageToFix;    // the package the error comes from, when the paste says ("torchvision")
};

// One repair of the flowchart, planned from a diagnosis.
struct RepairProposal {
    checks::FixFamily family = checks::FixFamily::Env;
    QList<checks::Finding> targeted; // the findings it addresses (empty: nothing for it to do)
    fixes::FixPlan plan;             // exact steps; no steps with findings: it cannot apply, plan.warnings say why
    QString summary;                 // one sentence
    QString afterwards;              // what the user does after it
    QString preflight;               // what is asked before it runs, in one sentence; empty: nothing
    int handle = -1;                 // the backend's own reference to what it planned
    bool needsRepository = false;    // Docker: the project has no compose file; name a repository to clone
    QString continueIn;              // Docker: the folder the clone makes; diagnose and plan again there

    [[nodiscard]] bool canApply() const { return !plan.steps.isEmpty(); }
};

// What a running repair (or undo) reports, in order; the last one is Finished.
struct RepairEvent {
    enum class Kind { Step, Output, Finished };
    Kind kind = Kind::Output;
    int index = -1; // Step: 0-based
    QString text;   // Step: the step's description; Output: the text
    fixes::StepState state = fixes::StepState::Planned;
    bool isError = false;          // Output: from the standard error stream
    fixes::ExecutionResult result; // Finished
};

// The diagnosis after a repair, compared with the one before.
struct Verification {
    bool fixed = false;
    QList<checks::Finding> gone;
    QList<checks::Finding> still;
};

enum class ReportFormat { Text, Markdown, Html, Json };

// Everything the wizard asks of the machine. The real one forwards to core;
// tests stand up any machine state behind it. Futures report progress and
// results through QFutureWatcher; diagnoses cancel through the future,
// repairs through their token (so that the journal entry still comes back).
class Backend {
public:
    Backend() = default;
    virtual ~Backend() = default;
    Backend(const Backend &) = delete;
    Backend &operator=(const Backend &) = delete;

    virtual QFuture<Discovery> discover(const QStringList &projectDirs) = 0;
    // The titles of the steps a diagnosis goes through, in order.
    [[nodiscard]] virtual QStringList diagnosisSteps() const = 0;
    virtual QFuture<checks::Diagnosis> diagnose(const Target &target) = 0;
    [[nodiscard]] virtual PastedError classify(const QString &text) const = 0;
    // The failing library behind a pasted error, in a diagnosis's walk of torch's libraries.
    [[nodiscard]] virtual std::optional<checks::Culprit> culpritOf(const python::ClassifiedError &error,
                                                                   const checks::Diagnosis &report) const = 0;

    [[nodiscard]] virtual QList<checks::FixFamily> families() const = 0;
    // `target`: what the user chose (Docker clones target.cloneUrl when the project has no compose file).
    virtual RepairProposal plan(checks::FixFamily family, const checks::Diagnosis &before, const Target &target) = 0;
    // Changes nothing; the future's result is empty when the repair can go ahead, else why not.
    virtual QFuture<QString> preflight(const RepairProposal &repair) = 0;
    virtual QFuture<RepairEvent> apply(const RepairProposal &repair, const platform::CancelToken &cancel) = 0;
    // Docker: whether the project's services run now; the future's result is
    // empty when they do, else which do not (or why it cannot tell).
    virtual QFuture<QString> servicesProblem(const RepairProposal &repair) = 0;
    // Diagnoses again, the way that proves the repair (a new terminal's environment).
    virtual QFuture<checks::Diagnosis> verify(const RepairProposal &repair, const Target &target) = 0;
    [[nodiscard]] virtual Verification compare(const checks::Diagnosis &before, const checks::Diagnosis &after,
                                               const RepairProposal &repair) const = 0;

    [[nodiscard]] virtual std::optional<fixes::JournalEntry> journalEntry(const QString &id) const = 0;
    [[nodiscard]] virtual fixes::FixPlan undoPlan(const QString &entryId) const = 0;
    virtual QFuture<RepairEvent> undo(const QString &entryId, const platform::CancelToken &cancel) = 0;

    // The support report, redacted unless `redact` is false.
    [[nodiscard]] virtual QString renderReport(const checks::Diagnosis &report, ReportFormat format,
                                               bool redact) const = 0;
    // Written atomically; false with `error` when it could not be.
    virtual bool saveReport(const QString &path, const QString &text, QString &error) const = 0;
};

} // namespace td::ui
