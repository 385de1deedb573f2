// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/RepairRun.h"

#include "knowledge/KnowledgeBase.h"

#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace td::fixes {

namespace {

// Turns the executor's reports into events; `confirm` is the one question.
ExecutorCallbacks eventCallbacks(const RepairRun::Events &events, std::function<bool(const FixPlan &)> confirm)
{
    ExecutorCallbacks c;
    c.confirm = std::move(confirm);
    c.progress = [events](int index, const FixStep &step, StepState state) {
        RepairRunEvent e;
        e.kind = RepairRunEvent::Kind::Step;
        e.index = index;
        e.text = step.description();
        e.state = state;
        events(e);
    };
    c.output = [events](const QByteArray &chunk, bool isError) {
        RepairRunEvent e;
        e.kind = RepairRunEvent::Kind::Output;
        e.text = QString::fromLocal8Bit(chunk);
        e.isError = isError;
        events(e);
    };
    return c;
}

RepairRunEvent event(RepairRunEvent::Kind kind, QString text = {})
{
    RepairRunEvent e;
    e.kind = kind;
    e.text = std::move(text);
    return e;
}

// Asks through `answers`, announcing the question first.
RepairAnswer askThrough(QPromise<RepairRunEvent> &promise, RepairAnswers &answers, const Repair &repair)
{
    RepairRunEvent e = event(RepairRunEvent::Kind::Asking);
    e.repair = repair;
    promise.addResult(e);
    return answers.wait();
}

} // namespace

CoreRepairMachine::CoreRepairMachine(std::shared_ptr<const knowledge::KnowledgeBase> knowledge)
    : m_knowledge(std::move(knowledge))
{
}

Repairs CoreRepairMachine::repairs(const RepairScope &scope) const
{
    return Repairs(m_knowledge, scope.request, scope.options);
}

Repair CoreRepairMachine::plan(checks::FixFamily family, const checks::Diagnosis &before,
                               const RepairScope &scope) const
{
    return repairs(scope).plan(family, before);
}

platform::Result<void> CoreRepairMachine::preflight(const Repair &repair, const RepairScope &scope,
                                                    const platform::CancelToken &cancel) const
{
    return repairs(scope).preflight(repair, cancel);
}

ExecutionResult CoreRepairMachine::execute(const Repair &repair, const RepairScope &scope, ExecutorCallbacks callbacks,
                                           const platform::CancelToken &cancel) const
{
    repairs(scope).prepare(callbacks);
    return Executor(Journal()).run(repair.plan, callbacks, cancel);
}

checks::CheckRequest CoreRepairMachine::verifyRequest(const Repair &repair, const RepairScope &scope) const
{
    return repairs(scope).verifyRequest(repair);
}

std::optional<checks::Diagnosis> CoreRepairMachine::diagnose(const checks::CheckRequest &request,
                                                               const platform::CancelToken &cancel) const
{
    checks::Diagnosis report = checks::CheckRunner(request, m_knowledge).run(cancel);
    if (report.cancelled)
        return std::nullopt;
    return report;
}

bool CoreRepairMachine::servicesRunning(const Repair &repair, const RepairScope &scope, QString &detail,
                                        const platform::CancelToken &cancel) const
{
    return repairs(scope).servicesRunning(repair, detail, cancel);
}

bool RepairRunResult::ran() const
{
    return !journalEntries.isEmpty();
}

flow::StepOutcome RepairRunResult::stepOutcome() const
{
    switch (outcome) {
    case RepairOutcome::Fixed: return flow::StepOutcome::Applied;
    case RepairOutcome::NotFixed:
        // A repair of this machine ran: the check after it answers "solved?".
        // Docker has no such check: not working is its failure.
        return repair.family == checks::FixFamily::Docker ? flow::StepOutcome::Failed : flow::StepOutcome::Applied;
    case RepairOutcome::Declined: return flow::StepOutcome::Declined;
    case RepairOutcome::PreflightFailed:
    case RepairOutcome::Failed:
    case RepairOutcome::Cancelled:
    case RepairOutcome::Interrupted: return flow::StepOutcome::Failed;
    case RepairOutcome::NothingToDo:
    case RepairOutcome::CannotApply:
    case RepairOutcome::DryRun:
    case RepairOutcome::NoAnswer: break;
    }
    return flow::StepOutcome::Skipped;
}

RepairRun::RepairRun(std::shared_ptr<const RepairMachine> machine, RepairParams params)
    : m_machine(std::move(machine)), m_params(std::move(params))
{
}

RepairRunResult RepairRun::run(const Events &events, const Ask &ask, const platform::CancelToken &cancel) const
{
    const RepairMachine &machine = *m_machine;
    RepairScope scope = m_params.scope;
    checks::Diagnosis before = m_params.before;
    RepairRunResult r;
    r.request = scope.request;
    r.repair = m_params.planned ? *m_params.planned : machine.plan(m_params.family, before, scope);
    auto finish = [&](RepairOutcome outcome, QString detail = {}) {
        r.outcome = outcome;
        if (!detail.isEmpty())
            r.detail = std::move(detail);
        return r;
    };
    for (;;) {
        const Repair &repair = r.repair;
        RepairRunEvent planned = event(RepairRunEvent::Kind::Planned);
        planned.repair = repair;
        events(planned);
        if (!repair.applies())
            return finish(RepairOutcome::NothingToDo, repair.summary);
        if (repair.plan.steps.isEmpty())
            return finish(RepairOutcome::CannotApply, repair.plan.warnings.join(u' '));
        if (m_params.dryRun)
            return finish(RepairOutcome::DryRun);

        // Changes nothing, so it comes before the question: no one is asked
        // to agree to a plan that cannot work now.
        if (!repair.preflight.isEmpty()) {
            events(event(RepairRunEvent::Kind::Checking, repair.preflight));
            if (const auto ready = machine.preflight(repair, scope, cancel); !ready) {
                if (cancel.isCancelled())
                    return finish(RepairOutcome::Cancelled);
                return finish(RepairOutcome::PreflightFailed,
                              ready.error().isEmpty() ? tr("the check before the repair failed; nothing was changed.")
                                                      : ready.error());
            }
        }
        if (cancel.isCancelled())
            return finish(RepairOutcome::Cancelled);

        // The executor asks, with the whole plan, before it writes anything.
        std::optional<RepairAnswer> answer;
        ExecutorCallbacks callbacks = eventCallbacks(events, [&](const FixPlan &) {
            answer = ask(repair);
            return answer == RepairAnswer::Yes && !cancel.isCancelled();
        });
        r.execution = machine.execute(repair, scope, std::move(callbacks), cancel);
        const ExecutionResult &done = r.execution;
        RepairRunEvent executed = event(RepairRunEvent::Kind::Executed);
        executed.result.execution = done;
        events(executed);
        using Outcome = ExecutionResult::Outcome;
        if (done.outcome == Outcome::Declined) {
            if (cancel.isCancelled())
                return finish(RepairOutcome::Cancelled);
            return finish(answer == RepairAnswer::NoOneToAsk ? RepairOutcome::NoAnswer : RepairOutcome::Declined);
        }
        if (!done.entryId.isEmpty() && done.outcome != Outcome::JournalFailed)
            r.journalEntries << done.entryId;
        if (done.outcome == Outcome::Cancelled)
            return finish(RepairOutcome::Cancelled, done.error);
        if (!done.ok())
            return finish(RepairOutcome::Failed, done.error);

        if (!repair.docker.clonedInto.isEmpty()) {
            // The project is there now: diagnose it, plan the rest, ask again.
            events(event(RepairRunEvent::Kind::Cloned, repair.docker.clonedInto));
            scope.request.projectDir = repair.docker.clonedInto;
            scope.options.cloneUrl.clear();
            r.request = scope.request;
            const auto cloned = machine.diagnose(scope.request, cancel);
            if (!cloned)
                return finish(cancel.isCancelled() ? RepairOutcome::Cancelled : RepairOutcome::Interrupted);
            before = *cloned;
            r.repair = machine.plan(m_params.family, before, scope);
            continue;
        }

        RepairRunEvent verifying = event(RepairRunEvent::Kind::Verifying);
        verifying.repair = repair;
        events(verifying);
        const checks::CheckRequest again = machine.verifyRequest(repair, scope);
        r.after = machine.diagnose(again, cancel);
        if (!r.after)
            return finish(cancel.isCancelled() ? RepairOutcome::Cancelled : RepairOutcome::Interrupted);
        r.request = again; // what a new terminal gets from now on
        r.verification = Repairs::compare(before, *r.after, repair);
        bool fixed = r.verification.fixed;
        if (repair.family == checks::FixFamily::Docker) {
            // It runs the project instead of repairing this machine: the
            // host's own findings stay, what Docker lacked must be gone.
            events(event(RepairRunEvent::Kind::Services));
            QString detail;
            fixed = machine.servicesRunning(repair, scope, detail, cancel)
                    && (repair.targeted.isEmpty() || r.verification.fixed);
            r.detail = detail;
        }
        return finish(fixed ? RepairOutcome::Fixed : RepairOutcome::NotFixed);
    }
}

void RepairAnswers::answer(RepairAnswer answer)
{
    QMutexLocker lock(&m_mutex);
    m_answer = answer;
    m_answered.wakeAll();
}

RepairAnswer RepairAnswers::wait()
{
    QMutexLocker lock(&m_mutex);
    while (!m_answer)
        m_answered.wait(&m_mutex);
    const RepairAnswer answer = *m_answer;
    m_answer.reset();
    return answer;
}

QFuture<RepairRunEvent> startRepair(QThreadPool &pool, std::shared_ptr<const RepairMachine> machine,
                                    RepairParams params, std::shared_ptr<RepairAnswers> answers,
                                    platform::CancelToken cancel)
{
    return QtConcurrent::run(&pool, [machine = std::move(machine), params = std::move(params),
                                     answers = std::move(answers), cancel](QPromise<RepairRunEvent> &promise) {
        const RepairRun run(machine, params);
        RepairRunEvent finished = event(RepairRunEvent::Kind::Finished);
        finished.result = run.run([&promise](const RepairRunEvent &e) { promise.addResult(e); },
                                  [&](const Repair &repair) { return askThrough(promise, *answers, repair); },
                                  cancel);
        promise.addResult(finished);
    });
}

QFuture<RepairRunEvent> startUndo(QThreadPool &pool, const JournalEntry &entry, std::shared_ptr<RepairAnswers> answers,
                                  platform::CancelToken cancel, std::function<void(ExecutorCallbacks &)> prepare)
{
    return QtConcurrent::run(&pool, [entry, answers = std::move(answers), cancel,
                                     prepare = std::move(prepare)](QPromise<RepairRunEvent> &promise) {
        const Executor executor{Journal()};
        Repair undo;
        undo.plan = executor.undoPlan(entry);
        RepairRunEvent finished = event(RepairRunEvent::Kind::Finished);
        finished.result.repair = undo;
        if (undo.plan.steps.isEmpty()) { // nothing to put back: nothing asked, nothing journalled
            promise.addResult(finished);
            return;
        }
        ExecutorCallbacks callbacks = eventCallbacks(
            [&promise](const RepairRunEvent &e) { promise.addResult(e); },
            [&](const FixPlan &) { return askThrough(promise, *answers, undo) == RepairAnswer::Yes; });
        if (prepare)
            prepare(callbacks);
        finished.result.execution = executor.undo(entry, callbacks, cancel);
        promise.addResult(finished);
    });
}

} // namespace td::fixes
