// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/CheckRunner.h"
#include "fixes/Executor.h"
#include "fixes/Repairs.h"
#include "flow/FlowEvent.h"
#include "platform/ProcessRunner.h"

#include <QFuture>
#include <QMutex>
#include <QThreadPool>
#include <QWaitCondition>

#include <functional>
#include <memory>
#include <optional>

namespace td::knowledge {
class KnowledgeBase;
}

namespace td::fixes {

// What one repair works on: the request its diagnoses run with, and the
// options its plan is made with.
struct RepairScope {
    checks::CheckRequest request;
    RepairOptions options;
};

// What a repair run does to the machine; RepairRun decides the order. The
// real one plans with Repairs, runs plans with the Executor and its journal
// and diagnoses with the CheckRunner; tests stand up machines of their own.
class RepairMachine {
public:
    RepairMachine() = default;
    virtual ~RepairMachine() = default;
    RepairMachine(const RepairMachine &) = delete;
    RepairMachine &operator=(const RepairMachine &) = delete;

    [[nodiscard]] virtual Repair plan(checks::FixFamily family, const checks::Diagnosis &before,
                                      const RepairScope &scope) const = 0;
    // An Error when the plan cannot work now (see Repairs::preflight).
    virtual platform::Result<void> preflight(const Repair &repair, const RepairScope &scope,
                                             const platform::CancelToken &cancel) const = 0;
    virtual ExecutionResult execute(const Repair &repair, const RepairScope &scope, ExecutorCallbacks callbacks,
                                    const platform::CancelToken &cancel) const = 0;
    // The request the check after the repair runs with (env: a new terminal's).
    [[nodiscard]] virtual checks::CheckRequest verifyRequest(const Repair &repair, const RepairScope &scope) const = 0;
    // nullopt: cancelled.
    virtual std::optional<checks::Diagnosis> diagnose(const checks::CheckRequest &request,
                                                        const platform::CancelToken &cancel) const = 0;
    // Docker: whether every service runs now; `detail` says which run, or which do not.
    virtual bool servicesRunning(const Repair &repair, const RepairScope &scope, QString &detail,
                                 const platform::CancelToken &cancel) const = 0;
};

// This machine, through core.
class CoreRepairMachine final : public RepairMachine {
public:
    explicit CoreRepairMachine(std::shared_ptr<const knowledge::KnowledgeBase> knowledge);

    [[nodiscard]] Repair plan(checks::FixFamily family, const checks::Diagnosis &before,
                              const RepairScope &scope) const override;
    platform::Result<void> preflight(const Repair &repair, const RepairScope &scope,
                                     const platform::CancelToken &cancel) const override;
    ExecutionResult execute(const Repair &repair, const RepairScope &scope, ExecutorCallbacks callbacks,
                            const platform::CancelToken &cancel) const override;
    [[nodiscard]] checks::CheckRequest verifyRequest(const Repair &repair, const RepairScope &scope) const override;
    std::optional<checks::Diagnosis> diagnose(const checks::CheckRequest &request,
                                                const platform::CancelToken &cancel) const override;
    bool servicesRunning(const Repair &repair, const RepairScope &scope, QString &detail,
                         const platform::CancelToken &cancel) const override;

private:
    [[nodiscard]] Repairs repairs(const RepairScope &scope) const;
    std::shared_ptr<const knowledge::KnowledgeBase> m_knowledge;
};

struct RepairParams {
    checks::FixFamily family = checks::FixFamily::Env;
    checks::Diagnosis before; // the diagnosis the plan is made from
    RepairScope scope;
    std::optional<Repair> planned; // the plan already shown; empty: the run plans it
    bool dryRun = false;           // plan and show, change nothing
};

// How a run ended.
enum class RepairOutcome {
    NothingToDo,     // no finding for this repair
    CannotApply,     // findings, but no steps: the plan's warnings say why
    DryRun,          // planned and shown only
    PreflightFailed, // the check before it says it cannot work now: nothing changed
    NoAnswer,        // there was no one to ask: nothing changed
    Declined,        // the answer was no: nothing changed
    Cancelled,       // cancelled; what ran is in the journal
    Failed,          // a step failed (or the journal could not be written)
    Fixed,           // it ran and the check after it says it worked
    NotFixed,        // it ran, but the check after it still finds what it was for
    Interrupted,     // the check after it did not finish
};

struct RepairRunResult {
    RepairOutcome outcome = RepairOutcome::Interrupted;
    Repair repair;                            // the last plan (after a clone: the one in the cloned project)
    checks::CheckRequest request;             // what the machine gets from now on (env: a new terminal's)
    ExecutionResult execution;                // of the last plan that ran
    QStringList journalEntries;               // of every plan that ran (a clone, then its project)
    std::optional<checks::Diagnosis> after; // the check after the repair
    Verification verification;                // `after` against the diagnosis before
    QString detail;                           // why it failed or did nothing; Docker: which services run

    // The repair ran to its end or part of the way: the machine may have changed.
    [[nodiscard]] bool ran() const;
    // What the flowchart's step records (Docker that does not work is a failure).
    [[nodiscard]] flow::StepOutcome stepOutcome() const;
};

// What a run reports as it goes, in order.
struct RepairRunEvent {
    enum class Kind {
        Planned,   // `repair` is what is asked about next (again after a clone)
        Checking,  // the check before it runs; `text` says what it asks
        Asking,    // the question is up (ask() is called next)
        Step,      // `index` of the plan's steps changed to `state`
        Output,    // a step's output
        Executed,  // the plan ran (or stopped): `result.execution`, its journal entry
        Cloned,    // `text`: the folder the clone made; it is diagnosed and planned again
        Verifying, // the check after it starts
        Services,  // Docker: asking whether the services run
        Finished,  // `result`; the last event
    };
    Kind kind = Kind::Output;
    Repair repair;
    QString text;
    int index = -1; // Step: 0-based
    StepState state = StepState::Planned;
    bool isError = false; // Output: from the standard error stream
    RepairRunResult result;
};

// The answer to "apply these steps?".
enum class RepairAnswer { Yes, No, NoOneToAsk };

// One repair of the flowchart, from plan to verdict, in the one order both
// front-ends follow: plan -> preflight (changes nothing) -> ask -> execute
// (journalled) -> [a clone: diagnose the clone, plan again, ask again] ->
// check again -> Docker: do the services run -> outcome. It never asks
// itself: the terminal and the wizard answer through `ask`.
class RepairRun {
    Q_DECLARE_TR_FUNCTIONS(RepairRun)

public:
    using Events = std::function<void(const RepairRunEvent &)>;
    using Ask = std::function<RepairAnswer(const Repair &)>;

    RepairRun(std::shared_ptr<const RepairMachine> machine, RepairParams params);

    // Runs on the calling thread; `events` and `ask` are called on it.
    RepairRunResult run(const Events &events, const Ask &ask, const platform::CancelToken &cancel) const;

private:
    std::shared_ptr<const RepairMachine> m_machine;
    RepairParams m_params;
};

// Answers handed from one thread to a run waiting on another.
class RepairAnswers {
public:
    void answer(RepairAnswer answer);
    // Blocks until answer() is called; each answer is taken once.
    RepairAnswer wait();

private:
    QMutex m_mutex;
    QWaitCondition m_answered;
    std::optional<RepairAnswer> m_answer;
};

// Runs a repair on `pool`: a pool of its own, never Qt's global one, which a
// repair waiting for its answer or running a slow step would hold from
// everything else there. Its events come through the future (Finished last);
// at Asking it waits until `answers` is answered. Cancel through `cancel`
// (and answer No if it is asking).
QFuture<RepairRunEvent> startRepair(QThreadPool &pool, std::shared_ptr<const RepairMachine> machine,
                                    RepairParams params, std::shared_ptr<RepairAnswers> answers,
                                    platform::CancelToken cancel);

// Undoes a journal entry on `pool`, asking first as startRepair
// does (Asking with `repair.plan` the undo plan), then Step and Output
// events, then Finished with `result.execution`. `prepare` gives the executor
// what the steps need (Windows: the registry helper).
QFuture<RepairRunEvent> startUndo(QThreadPool &pool, const JournalEntry &entry, std::shared_ptr<RepairAnswers> answers,
                                  platform::CancelToken cancel, std::function<void(ExecutorCallbacks &)> prepare = {});

} // namespace td::fixes
