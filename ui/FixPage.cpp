// SPDX-License-Identifier: GPL-3.0-or-later
#include "FixPage.h"

#include "ConfirmDialog.h"
#include "PageId.h"
#include "Session.h"

#include <QAbstractButton>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace td::ui {

using flow::NodeKind;
using flow::StepOutcome;

FixPage::FixPage(Session &session, checks::FixFamily family, QWidget *parent) : Page(session, parent), m_family(family)
{
    m_passedBy = new QLabel(this);
    m_passedBy->setObjectName(QStringLiteral("passedBy"));
    m_passedBy->setWordWrap(true);
    m_advice = new QLabel(this);
    m_advice->setObjectName(QStringLiteral("advice"));
    m_advice->setWordWrap(true);
    m_runner = new FixRunnerWidget(this);
    auto *layout = new QVBoxLayout(body());
    layout->addWidget(m_passedBy);
    layout->addWidget(m_advice);
    layout->addWidget(m_runner, 1);

    connect(m_runner, &FixRunnerWidget::applyClicked, this, &FixPage::apply);
    connect(m_runner, &FixRunnerWidget::cancelClicked, this, &FixPage::cancel);
    connect(m_runner, &FixRunnerWidget::skipClicked, this, &FixPage::skip);
    connect(m_runner, &FixRunnerWidget::overrideClicked, this, &FixPage::override);
    connect(&m_run, &QFutureWatcher<fixes::RepairRunEvent>::resultsReadyAt, this, &FixPage::onEvents);
    connect(&m_verify, &QFutureWatcher<checks::Diagnosis>::finished, this, &FixPage::onVerified);
    connect(&m_planning, &QFutureWatcher<fixes::Repair>::finished, this, &FixPage::onPlanned);
}

FixPage::~FixPage()
{
    // Nothing may reach a page that is gone; a repair still running is told
    // to stop, one waiting for an answer gets "no", and the page waits for the
    // step that runs to end (journalled), so that none outlives the window.
    m_run.disconnect(this);
    m_verify.disconnect(this);
    m_planning.disconnect(this); // a plan still being made only reads: it ends on its own
    stopWork();
    m_run.waitForFinished();
    m_verify.waitForFinished();
}

bool FixPage::stopWork()
{
    m_cancel.cancel();
    if (m_answers)
        m_answers->answer(fixes::RepairAnswer::No);
    m_verify.cancel();
    return m_run.isRunning() || m_verify.isRunning();
}

void FixPage::retranslate()
{
    // Not a commit page: Back stays possible after a repair (what ran stays in the journal).
    setButtonText(QWizard::NextButton, tr("&Continue >"));
    refreshTexts();
    m_passedBy->setText(passedByNote());
    m_passedBy->setVisible(!m_skippedOnTheWay.isEmpty());
    if (m_verification)
        showVerification();
}

void FixPage::refreshTexts()
{
    setTitle(titleText());
    setSubTitle(subTitleText());
    m_advice->setText(adviceText());
}

QString FixPage::passedByNote() const
{
    QStringList titles;
    for (const QString &id : m_skippedOnTheWay)
        if (const auto node = flow::FlowChart::node(id))
            titles << node->title;
    if (titles.isEmpty())
        return {};
    return tr("Passed by on the way here, because no finding calls for it: %1.")
        .arg(titles.join(tr(", ", "between the items of a list")));
}

void FixPage::initializePage()
{
    m_finished = false;
    m_declined = false;
    m_verification.reset();
    m_runner->clearResult();
    m_runner->setStatus({});
    const flow::Flow *flow = session().flow();
    m_skippedOnTheWay = flow ? flow->skippedSteps() : QStringList{};
    replan();
    retranslate();
    emit completeChanged();
}

void FixPage::replan()
{
    m_repair = fixes::Repair{};
    m_repair.family = m_family;
    const auto &report = session().report();
    if (!report) {
        showPlan();
        return;
    }
    // Planning reads startup files and asks the package manager: off this thread, from the diagnosis's facts.
    m_runner->setRepair(m_repair);
    m_runner->setPhase(FixRunnerWidget::Phase::Planned);
    m_runner->setStatus(tr("Working out the steps…"));
    m_planningNow = true;
    m_planning.setFuture(QtConcurrent::run([machine = session().backend().repairMachine(), family = m_family,
                                            before = *report, scope = repairScope(*report, session().target)] {
        return machine->plan(family, before, scope);
    }));
}

void FixPage::onPlanned()
{
    if (m_planning.isCanceled() || m_planning.future().resultCount() == 0)
        return;
    m_repair = m_planning.result();
    m_repair.family = m_family;
    m_planningNow = false;
    showPlan();
}

void FixPage::showPlan()
{
    m_runner->setRepair(m_repair);
    m_runner->setPhase(FixRunnerWidget::Phase::Planned);
    if (needsRepository())
        m_runner->setStatus(tr("Name the repository to clone above, or go on without Docker."));
    else if (!m_repair.canApply())
        m_runner->setStatus(m_repair.targeted.isEmpty()
                                ? tr("There is nothing for this step to do.")
                                : tr("This step cannot be applied here; the notes above say why. Go on to the next "
                                     "step."));
    else
        m_runner->setStatus({});
    proposalChanged();
}

bool FixPage::needsRepository() const
{
    const auto &report = session().report();
    return m_family == checks::FixFamily::Docker && m_repair.docker.composeFile.isEmpty()
           && m_repair.docker.clonedInto.isEmpty() && report && !report->facts.request.projectDir.isEmpty();
}

void FixPage::apply()
{
    const auto &report = session().report();
    if (m_runner->phase() != FixRunnerWidget::Phase::Planned || !m_repair.canApply() || !report)
        return;
    fixes::RepairParams params;
    params.family = m_family;
    params.before = *report;
    params.scope = repairScope(*report, session().target);
    params.planned = m_repair;
    m_cancel = platform::CancelToken();
    m_answers = std::make_shared<fixes::RepairAnswers>();
    m_declined = false;
    m_finished = false;
    emit completeChanged();
    m_runner->setPhase(FixRunnerWidget::Phase::Checking);
    m_runner->setStatus(tr("Checking that the repair can go ahead (nothing is changed)…"));
    m_run.setFuture(fixes::startRepair(session().backend().repairRunner(), session().backend().repairMachine(),
                                       std::move(params), m_answers, m_cancel));
}

void FixPage::ask(const fixes::Repair &repair)
{
    const int steps = static_cast<int>(repair.plan.steps.size());
    m_runner->setStatus(tr("Waiting for your answer…"));
    ConfirmDialog::ask(this, tr("Apply these %n step(s)? Nothing else will be changed.", nullptr, steps), repair.plan,
                       tr("&Apply %n step(s)", nullptr, steps), [answers = m_answers](bool yes) {
                           answers->answer(yes ? fixes::RepairAnswer::Yes : fixes::RepairAnswer::No);
                       });
}

void FixPage::cancel()
{
    const auto phase = m_runner->phase();
    if (phase != FixRunnerWidget::Phase::Checking && phase != FixRunnerWidget::Phase::Running)
        return;
    m_cancel.cancel();
    if (phase == FixRunnerWidget::Phase::Running) {
        m_runner->cancelButton()->setEnabled(false);
        m_runner->setStatus(tr("Cancelling: the running step is being stopped…"));
    }
}

void FixPage::onEvents(int begin, int end)
{
    using Kind = fixes::RepairRunEvent::Kind;
    for (int i = begin; i < end; ++i) {
        const fixes::RepairRunEvent e = m_run.resultAt(i);
        switch (e.kind) {
        case Kind::Planned:
            if (m_repair.plan.describe() != e.repair.plan.describe()) { // the plan in a cloned project
                m_repair = e.repair;
                m_runner->setRepair(m_repair);
                proposalChanged();
            }
            break;
        case Kind::Checking: m_runner->setStatus(e.text); break;
        case Kind::Asking: ask(e.repair); break;
        case Kind::Step:
            m_runner->setPhase(FixRunnerWidget::Phase::Running);
            m_runner->setStepState(e.index, e.state);
            if (e.state == fixes::StepState::Running)
                m_runner->setStatus(
                    tr("Step %1 of %2: %3").arg(e.index + 1).arg(m_repair.plan.steps.size()).arg(e.text));
            break;
        case Kind::Output: m_runner->appendOutput(e.text, e.isError); break;
        case Kind::Executed: break;
        case Kind::Cloned:
            // The clone is there: the run diagnoses the project it made, then plans running it.
            session().target.projectDir = e.text;
            session().target.cloneUrl.clear();
            m_runner->setPhase(FixRunnerWidget::Phase::Checking);
            m_runner->setStatus(tr("Cloned into %1. Checking the project there…").arg(e.text));
            break;
        case Kind::Verifying:
            m_runner->setPhase(FixRunnerWidget::Phase::Verifying);
            m_runner->setStatus(tr("Checking again whether PyTorch works now…"));
            break;
        case Kind::Services:
            m_runner->setStatus(tr("Every step ran. Checking that the project's services run…"));
            break;
        case Kind::Finished: onFinished(e.result); break;
        }
    }
}

void FixPage::onFinished(const fixes::RepairRunResult &result)
{
    using fixes::RepairOutcome;
    session().recordRepair(result);
    // A step that started (even one cancelled or failed midway) may have changed things: its entry can undo them.
    for (const QString &id : result.journalEntries)
        session().addApplied(id);
    if (!result.repair.afterwards.isEmpty() && result.execution.ok())
        session().addAfterwards(result.journalEntries, result.repair.afterwards);
    const fixes::ExecutionResult &run = result.execution;
    switch (result.outcome) {
    case RepairOutcome::NothingToDo:
    case RepairOutcome::CannotApply:
    case RepairOutcome::DryRun:
    case RepairOutcome::NoAnswer: replan(); break;
    case RepairOutcome::PreflightFailed:
        m_runner->setPhase(FixRunnerWidget::Phase::Planned);
        // The reason says that nothing was changed and what to do, in a sentence of its own.
        m_runner->setStatus(tr("The repair cannot go ahead: %1").arg(result.detail));
        break;
    case RepairOutcome::Declined:
        // Nothing happened: the plan can still be applied, or the user goes on
        // without it (recorded as declined when the page is left).
        m_declined = true;
        m_runner->setPhase(FixRunnerWidget::Phase::Planned);
        finish(tr("You declined: nothing was changed. Apply it after all, or go on without it."));
        break;
    case RepairOutcome::Cancelled:
        if (!result.ran()) {
            m_runner->setPhase(FixRunnerWidget::Phase::Planned);
            m_runner->setStatus(tr("Cancelled; nothing was changed."));
            break;
        }
        conclude(StepOutcome::Failed, tr("cancelled by the user"),
                 tr("Cancelled after %n step(s); what ran is in the journal and can be undone.", nullptr,
                    run.stepsDone));
        break;
    case RepairOutcome::Failed:
        if (run.outcome == fixes::ExecutionResult::Outcome::JournalFailed)
            conclude(StepOutcome::Failed, run.error,
                     tr("Stopped before the step ran: the journal could not be written (%1).").arg(run.error));
        else
            conclude(StepOutcome::Failed, run.error,
                     run.failedStep < 0 ? tr("Not started: %1").arg(run.error)
                                        : tr("Step %1 failed: %2").arg(run.failedStep + 1).arg(run.error));
        break;
    case RepairOutcome::Interrupted:
        conclude(StepOutcome::Failed, tr("the check after the repair did not finish"),
                 tr("The check after the repair did not finish."));
        break;
    case RepairOutcome::Fixed:
    case RepairOutcome::NotFixed: {
        const bool docker = m_family == checks::FixFamily::Docker;
        const bool fixed = result.outcome == RepairOutcome::Fixed;
        // Docker did not work: its services do not run, or what it lacked is still there.
        const QString problem = result.repair.targeted.isEmpty() || result.verification.fixed
                                    ? result.detail
                                    : tr("what Docker lacked is still there");
        session().flow()->stepFinished(result.stepOutcome(), docker && !fixed ? problem : QString(),
                                       result.after->findings);
        session().setLatestReport(*result.after);
        session().flowChanged();
        m_verification = result.verification;
        m_dockerWorks = fixed;
        m_runStatus = !docker ? tr("Every step ran.")
                      : fixed ? tr("Every step ran, and the project's services run.")
                              : tr("Every step ran, but: %1").arg(problem);
        m_runner->setPhase(FixRunnerWidget::Phase::Finished);
        showVerification();
        finish(m_runStatus);
        break;
    }
    }
}

// A run that stopped on the way: the flow records it, and its "solved?" is
// answered by a diagnosis of the machine as the run left it.
void FixPage::conclude(StepOutcome outcome, const QString &reason, const QString &status)
{
    flow::Flow *flow = session().flow();
    if (!flow) // a run is a step of the flow: nothing to conclude without one
        return;
    flow->stepFinished(outcome, reason);
    session().flowChanged();
    m_runStatus = status;
    m_runner->setStatus(status);
    if (flow->awaitsDiagnosis()) {
        m_runner->setPhase(FixRunnerWidget::Phase::Verifying);
        m_runner->setStatus(tr("Checking again whether PyTorch works now…"));
        m_verify.setFuture(session().backend().diagnose(session().target));
        return;
    }
    // A step without a check after it (Docker): the outcome is the answer, and the user may override it.
    m_runner->setPhase(FixRunnerWidget::Phase::Finished);
    m_verification = fixes::Verification{};
    m_dockerWorks = false;
    showVerification();
    finish(status);
}

void FixPage::onVerified()
{
    flow::Flow *flow = session().flow();
    const auto &before = session().report();
    if (m_verify.isCanceled() || m_verify.future().resultCount() == 0 || !before) {
        finish(tr("The check after the repair did not finish."));
        return;
    }
    const checks::Diagnosis after = m_verify.result();
    m_verification = fixes::Repairs::compare(*before, after, m_repair);
    flow->verified(after.findings);
    session().setLatestReport(after);
    session().flowChanged();
    m_runner->setPhase(FixRunnerWidget::Phase::Finished);
    showVerification();
    finish(m_runStatus);
}

void FixPage::showVerification()
{
    const flow::Flow *flow = session().flow();
    if (!flow || !m_verification)
        return;
    QString text;
    const bool docker = m_family == checks::FixFamily::Docker;
    if (docker)
        text = m_dockerWorks ? tr("The project is set up to run in Docker.") : tr("The Docker set-up did not work.");
    else if (flow->remaining().isEmpty())
        text = tr("Solved: the checks find no problem now.");
    else
        text = tr("Not solved yet: %n problem(s) remain.", nullptr, static_cast<int>(flow->remaining().size()));
    QStringList lines{text};
    // Docker leaves the host as it was: its findings are not the point.
    for (const checks::Finding &f : docker ? QList<checks::Finding>() : m_verification->gone)
        lines << tr("Gone: %1").arg(f.title);
    for (const checks::Finding &f : docker ? QList<checks::Finding>() : m_verification->still)
        lines << tr("Still there: %1").arg(f.title);
    // The user's word: the flow follows an override.
    for (auto it = flow->history().crbegin(); it != flow->history().crend(); ++it) {
        if (it->kind == flow::EventKind::Override) {
            lines << (it->yes ? tr("You said it is solved.") : tr("You said it is still broken."));
            break;
        }
        if (it->kind == flow::EventKind::Verified || it->kind == flow::EventKind::Step)
            break;
    }
    const bool saidSolved = flow->isDone() && flow->solved();
    m_runner->setResult(lines.join(u'\n'), saidSolved, flow->canOverride());
}

void FixPage::override(bool solved)
{
    flow::Flow *flow = session().flow();
    if (!flow || !flow->override(solved))
        return;
    session().flowChanged();
    showVerification();
    emit completeChanged();
}

void FixPage::skip()
{
    if (m_runner->phase() != FixRunnerWidget::Phase::Planned)
        return;
    m_declined = false;
    if (flow::Flow *flow = session().flow()) {
        flow->stepFinished(StepOutcome::Skipped, m_repair.targeted.isEmpty() || m_repair.canApply()
                                                     ? QString()
                                                     : m_repair.plan.warnings.join(QStringLiteral(" ")));
        session().flowChanged();
    }
    m_runner->setPhase(FixRunnerWidget::Phase::Finished);
    finish(tr("Skipped: nothing was changed."));
}

void FixPage::finish(const QString &status)
{
    m_finished = true;
    m_runner->setStatus(status);
    emit completeChanged();
    if (QAbstractButton *next = wizard() ? wizard()->button(QWizard::NextButton) : nullptr)
        next->setFocus();
}

bool FixPage::isBusy() const
{
    const auto phase = m_runner->phase();
    return phase == FixRunnerWidget::Phase::Checking || phase == FixRunnerWidget::Phase::Running
           || phase == FixRunnerWidget::Phase::Verifying;
}

bool FixPage::isComplete() const
{
    return m_finished;
}

bool FixPage::validatePage()
{
    flow::Flow *flow = session().flow();
    if (m_declined && flow && flow->current().kind == NodeKind::Repair && flow->current().family == m_family) {
        flow->stepFinished(StepOutcome::Declined);
        session().flowChanged();
    }
    m_declined = false;
    return true;
}

int FixPage::nextId() const
{
    return session().pageOfFlow();
}

} // namespace td::ui
