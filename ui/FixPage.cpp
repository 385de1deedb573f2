// SPDX-License-Identifier: GPL-3.0-or-later
#include "FixPage.h"

#include "ConfirmDialog.h"
#include "PageId.h"
#include "Session.h"

#include <QAbstractButton>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace td::ui {

using flow::NodeKind;
using flow::StepOutcome;

FixPage::FixPage(Session &session, checks::FixFamily family, QWidget *parent) : Page(session, parent), m_family(family)
{
    setCommitPage(true);
    m_passedBy = new QLabel(this);
    m_passedBy->setObjectName(QStringLiteral("passedBy"));
    m_passedBy->setWordWrap(true);
    m_advice = new QLabel(this);
    m_advice->setObjectName(QStringLiteral("advice"));
    m_advice->setWordWrap(true);
    m_runner = new FixRunnerWidget(this);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_passedBy);
    layout->addWidget(m_advice);
    layout->addWidget(m_runner, 1);

    connect(m_runner, &FixRunnerWidget::applyClicked, this, &FixPage::apply);
    connect(m_runner, &FixRunnerWidget::cancelClicked, this, &FixPage::cancel);
    connect(m_runner, &FixRunnerWidget::skipClicked, this, &FixPage::skip);
    connect(m_runner, &FixRunnerWidget::overrideClicked, this, &FixPage::override);
    connect(&m_preflight, &QFutureWatcher<QString>::finished, this, &FixPage::onPreflight);
    connect(&m_run, &QFutureWatcher<RepairEvent>::resultsReadyAt, this, &FixPage::onEvents);
    connect(&m_verify, &QFutureWatcher<checks::Diagnosis>::finished, this, &FixPage::onVerified);
    connect(&m_services, &QFutureWatcher<QString>::finished, this, &FixPage::onServices);
    connect(&m_cloneDiagnosis, &QFutureWatcher<checks::Diagnosis>::finished, this, &FixPage::onCloneDiagnosed);
}

FixPage::~FixPage()
{
    // Nothing may reach a page that is gone; a repair still running is told to stop.
    m_preflight.disconnect(this);
    m_run.disconnect(this);
    m_verify.disconnect(this);
    m_services.disconnect(this);
    m_cloneDiagnosis.disconnect(this);
    m_cancel.cancel();
    m_verify.cancel();
    m_cloneDiagnosis.cancel();
}

void FixPage::retranslate()
{
    setTitle(titleText());
    setSubTitle(subTitleText());
    m_advice->setText(adviceText());
    m_passedBy->setText(passedByNote());
    m_passedBy->setVisible(!m_skippedOnTheWay.isEmpty());
    if (m_verification)
        showVerification();
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
    m_cancelRequested = false;
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
    const auto &report = session().report();
    m_proposal = report ? session().backend().plan(m_family, *report, session().target) : RepairProposal{};
    m_proposal.family = m_family;
    m_runner->setProposal(m_proposal);
    m_runner->setPhase(FixRunnerWidget::Phase::Planned);
    if (m_proposal.needsRepository)
        m_runner->setStatus(tr("Name the repository to clone above, or go on without Docker."));
    else if (!m_proposal.canApply())
        m_runner->setStatus(m_proposal.targeted.isEmpty()
                                ? tr("There is nothing for this step to do.")
                                : tr("This step cannot be applied here; the notes above say why. Go on to the next "
                                     "step."));
    else
        m_runner->setStatus({});
    proposalChanged();
}

void FixPage::apply()
{
    if (m_runner->phase() != FixRunnerWidget::Phase::Planned || !m_proposal.canApply())
        return;
    m_cancelRequested = false;
    m_runner->setPhase(FixRunnerWidget::Phase::Checking);
    m_runner->setStatus(m_proposal.preflight.isEmpty()
                            ? tr("Checking that the repair can go ahead (nothing is changed)…")
                            : m_proposal.preflight);
    m_preflight.setFuture(session().backend().preflight(m_proposal));
}

void FixPage::onPreflight()
{
    if (m_cancelRequested || m_preflight.isCanceled()) {
        m_runner->setPhase(FixRunnerWidget::Phase::Planned);
        m_runner->setStatus(tr("Cancelled; nothing was changed."));
        return;
    }
    const QString problem = m_preflight.future().resultCount() > 0 ? m_preflight.result() : QString();
    if (!problem.isEmpty()) {
        m_runner->setPhase(FixRunnerWidget::Phase::Planned);
        m_runner->setStatus(tr("The repair cannot go ahead: %1. Nothing was changed.").arg(problem));
        return;
    }
    confirmAndRun();
}

void FixPage::confirmAndRun()
{
    const int steps = static_cast<int>(m_proposal.plan.steps.size());
    m_runner->setStatus(tr("Waiting for your answer…"));
    ConfirmDialog::ask(this, tr("Apply these %n step(s)? Nothing else will be changed.", nullptr, steps),
                       m_proposal.plan, tr("&Apply %n step(s)", nullptr, steps), [this](bool yes) {
                           if (!yes) {
                               if (flow::Flow *flow = session().flow())
                                   flow->stepFinished(StepOutcome::Declined);
                               session().flowChanged();
                               m_runner->setPhase(FixRunnerWidget::Phase::Finished);
                               finish(tr("You declined: nothing was changed."));
                               return;
                           }
                           m_cancel = platform::CancelToken();
                           m_runner->setPhase(FixRunnerWidget::Phase::Running);
                           m_runner->setStatus(tr("Applying…"));
                           m_run.setFuture(session().backend().apply(m_proposal, m_cancel));
                       });
}

void FixPage::cancel()
{
    m_cancelRequested = true;
    if (m_runner->phase() == FixRunnerWidget::Phase::Checking) {
        m_preflight.cancel();
        if (!m_preflight.isRunning())
            onPreflight();
        return;
    }
    if (m_runner->phase() == FixRunnerWidget::Phase::Running) {
        m_cancel.cancel();
        m_runner->cancelButton()->setEnabled(false);
        m_runner->setStatus(tr("Cancelling: the running step is being stopped…"));
    }
}

void FixPage::onEvents(int begin, int end)
{
    for (int i = begin; i < end; ++i) {
        const RepairEvent e = m_run.resultAt(i);
        switch (e.kind) {
        case RepairEvent::Kind::Step:
            m_runner->setStepState(e.index, e.state);
            if (e.state == fixes::StepState::Running)
                m_runner->setStatus(
                    tr("Step %1 of %2: %3").arg(e.index + 1).arg(m_proposal.plan.steps.size()).arg(e.text));
            break;
        case RepairEvent::Kind::Output: m_runner->appendOutput(e.text, e.isError); break;
        case RepairEvent::Kind::Finished: onRunFinished(e.result); break;
        }
    }
}

void FixPage::onRunFinished(const fixes::ExecutionResult &result)
{
    using Outcome = fixes::ExecutionResult::Outcome;
    // A step that started (even one cancelled or failed midway) may have changed things: its entry can undo them.
    if (!result.entryId.isEmpty() && result.outcome != Outcome::Declined && result.outcome != Outcome::JournalFailed)
        session().addApplied(result.entryId);
    if (!m_proposal.afterwards.isEmpty() && result.outcome == Outcome::Done)
        session().afterwards << m_proposal.afterwards;
    switch (result.outcome) {
    case Outcome::Done:
        if (m_family == checks::FixFamily::Docker && !m_proposal.continueIn.isEmpty()) {
            // The clone is there: diagnose the project it made, then plan running it.
            session().target.projectDir = m_proposal.continueIn;
            session().target.cloneUrl.clear();
            m_runner->setPhase(FixRunnerWidget::Phase::Verifying);
            m_runner->setStatus(tr("Cloned into %1. Checking the project there…").arg(m_proposal.continueIn));
            m_cloneDiagnosis.setFuture(session().backend().diagnose(session().target));
            return;
        }
        if (m_family == checks::FixFamily::Docker) {
            // Docker runs the project instead of repairing this machine: it worked when the services run.
            m_runner->setStatus(tr("Every step ran. Checking that the project's services run…"));
            m_services.setFuture(session().backend().servicesProblem(m_proposal));
            return;
        }
        conclude(StepOutcome::Applied, {}, tr("Every step ran."));
        break;
    case Outcome::Declined: conclude(StepOutcome::Declined, {}, tr("Nothing was changed.")); break;
    case Outcome::Cancelled:
        conclude(
            StepOutcome::Failed, tr("cancelled by the user"),
            tr("Cancelled after %n step(s); what ran is in the journal and can be undone.", nullptr, result.stepsDone));
        break;
    case Outcome::Failed:
        conclude(StepOutcome::Failed, result.error,
                 tr("Step %1 failed: %2").arg(result.failedStep + 1).arg(result.error));
        break;
    case Outcome::JournalFailed:
        conclude(StepOutcome::Failed, result.error,
                 tr("Stopped before the step ran: the journal could not be written (%1).").arg(result.error));
        break;
    }
}

void FixPage::onServices()
{
    const QString problem = m_services.future().resultCount() > 0 ? m_services.result() : QString();
    if (problem.isEmpty())
        conclude(StepOutcome::Applied, {}, tr("Every step ran, and the project's services run."));
    else
        conclude(StepOutcome::Failed, problem, tr("Every step ran, but: %1").arg(problem));
}

void FixPage::onCloneDiagnosed()
{
    if (m_cloneDiagnosis.isCanceled() || m_cloneDiagnosis.future().resultCount() == 0) {
        conclude(StepOutcome::Failed, tr("the check of the cloned project did not finish"),
                 tr("The project was cloned, but checking it did not finish."));
        return;
    }
    session().setLatestReport(m_cloneDiagnosis.result());
    replan();
    if (m_proposal.canApply())
        m_runner->setStatus(tr("Cloned. The plan above runs the project: apply it to go on."));
}

void FixPage::conclude(StepOutcome outcome, const QString &reason, const QString &status)
{
    flow::Flow *flow = session().flow();
    flow->stepFinished(outcome, reason);
    session().flowChanged();
    m_runStatus = status;
    m_runner->setStatus(status);
    if (flow->current().kind == NodeKind::Verification) {
        m_runner->setPhase(FixRunnerWidget::Phase::Verifying);
        m_runner->setStatus(tr("Checking again whether PyTorch works now…"));
        m_verify.setFuture(session().backend().verify(m_proposal, session().target));
        return;
    }
    // A step without a check after it (Docker): the outcome is the answer, and the user may override it.
    m_runner->setPhase(FixRunnerWidget::Phase::Finished);
    m_verification = Verification{outcome == StepOutcome::Applied, {}, {}};
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
    m_verification = session().backend().compare(*before, after, m_proposal);
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
    if (m_family == checks::FixFamily::Docker)
        text = m_verification->fixed ? tr("The project is set up to run in Docker.")
                                     : tr("The Docker set-up did not work.");
    else if (flow->remaining().isEmpty())
        text = tr("Solved: the checks find no problem now.");
    else
        text = tr("Not solved yet: %n problem(s) remain.", nullptr, static_cast<int>(flow->remaining().size()));
    QStringList lines{text};
    for (const checks::Finding &f : m_verification->gone)
        lines << tr("Gone: %1").arg(f.title);
    for (const checks::Finding &f : m_verification->still)
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
    if (flow::Flow *flow = session().flow()) {
        flow->stepFinished(StepOutcome::Skipped, m_proposal.targeted.isEmpty() || m_proposal.canApply()
                                                     ? QString()
                                                     : m_proposal.plan.warnings.join(QStringLiteral(" ")));
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
    if (QAbstractButton *next = wizard() ? wizard()->button(QWizard::CommitButton) : nullptr)
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

int FixPage::nextId() const
{
    return session().pageOfFlow();
}

} // namespace td::ui
