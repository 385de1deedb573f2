// SPDX-License-Identifier: GPL-3.0-or-later
#include "DiagnosePage.h"

#include "PageId.h"
#include "Session.h"
#include "Theme.h"

#include "checks/CheckOutcome.h"

#include <QAbstractButton>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

namespace td::ui {

DiagnosePage::DiagnosePage(Session &session, QWidget *parent) : Page(session, parent)
{
    setObjectName(QStringLiteral("diagnosePage"));
    m_target = new QLabel(this);
    m_target->setWordWrap(true);
    m_target->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_stepsLabel = new QLabel(this);
    m_steps = new QListWidget(this);
    m_steps->setObjectName(QStringLiteral("steps"));
    m_stepsLabel->setBuddy(m_steps);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("status"));
    m_status->setWordWrap(true);
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("stopChecks"));
    m_again = new QPushButton(this);
    m_again->setObjectName(QStringLiteral("runAgain"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_again);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(body());
    layout->addWidget(m_target);
    layout->addWidget(m_stepsLabel);
    layout->addWidget(m_steps, 1);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addLayout(buttons);

    connect(m_cancel, &QPushButton::clicked, this, &DiagnosePage::cancel);
    connect(m_again, &QPushButton::clicked, this, &DiagnosePage::start);
    connect(&m_watcher, &QFutureWatcher<checks::Diagnosis>::progressRangeChanged, this, &DiagnosePage::onProgress);
    connect(&m_watcher, &QFutureWatcher<checks::Diagnosis>::progressValueChanged, this, &DiagnosePage::onProgress);
    connect(&m_watcher, &QFutureWatcher<checks::Diagnosis>::progressTextChanged, this, &DiagnosePage::markDone);
    connect(&m_watcher, &QFutureWatcher<checks::Diagnosis>::finished, this, &DiagnosePage::onFinished);
    m_tick.setInterval(1000);
    connect(&m_tick, &QTimer::timeout, this, &DiagnosePage::updateStatus);
    retranslate();
}

DiagnosePage::~DiagnosePage()
{
    // The result must not reach a page that is gone: stop listening, then stop the work and
    // wait for it, so that no program the checks started outlives the window (once cancelled,
    // the checks end their processes at once).
    m_watcher.disconnect(this);
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

bool DiagnosePage::stopWork()
{
    cancel();
    return m_watcher.isRunning();
}

void DiagnosePage::retranslate()
{
    setTitle(tr("Checking PyTorch"));
    setSubTitle(tr("Every check runs in the background; the window stays usable, and you can stop them."));
    const Target &t = session().target;
    QString what = t.python.isEmpty() ? tr("the default Python") : t.python;
    if (!t.projectDir.isEmpty())
        what = tr("%1, in the project %2").arg(what, t.projectDir);
    m_target->setText(tr("Diagnosing %1.").arg(what));
    m_stepsLabel->setText(tr("C&hecks:"));
    m_steps->setAccessibleName(tr("Checks and their state"));
    m_progress->setAccessibleName(tr("Overall progress"));
    m_cancel->setText(tr("&Stop the checks"));
    m_cancel->setAccessibleName(tr("Stop the checks"));
    m_again->setText(tr("&Run the checks again"));
    m_again->setAccessibleName(tr("Run the checks again"));
    updateStatus();
}

void DiagnosePage::initializePage()
{
    retranslate();
    start();
}

void DiagnosePage::start()
{
    if (m_watcher.isRunning())
        return;
    session().clearDiagnosis();
    m_done.clear();
    m_finished = false;
    m_cancelled = false;
    m_steps->clear();
    m_outcomes.clear();
    for (const QString &title : session().backend().diagnosisSteps()) {
        auto *item = new QListWidgetItem(title, m_steps);
        item->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
        item->setData(Qt::UserRole, false);
        item->setData(Qt::AccessibleDescriptionRole, tr("waiting"));
    }
    m_progress->setRange(0, 0);
    m_watcher.setFuture(session().backend().diagnose(session().target));
    m_clock.start();
    m_tick.start();
    updateStatus();
    emit completeChanged();
}

void DiagnosePage::cancel()
{
    if (!m_watcher.isRunning())
        return;
    m_cancelled = true;
    m_watcher.cancel();
    updateStatus();
}

void DiagnosePage::cleanupPage()
{
    cancel();
    Page::cleanupPage();
}

void DiagnosePage::onProgress()
{
    if (m_watcher.progressMaximum() > 0) {
        m_progress->setRange(m_watcher.progressMinimum(), m_watcher.progressMaximum());
        m_progress->setValue(m_watcher.progressValue());
    }
    updateStatus();
}

void DiagnosePage::markDone(const QString &step)
{
    if (step.isEmpty() || m_done.contains(step))
        return;
    m_done << step;
    // A check's row says it ran; what it concluded comes with the whole diagnosis. The
    // facts gathered before the checks (the import, the GPU probe) are told in the status.
    for (int row = 0; row < m_steps->count(); ++row) {
        QListWidgetItem *item = m_steps->item(row);
        if (item->text() != step)
            continue;
        item->setIcon(style()->standardIcon(QStyle::SP_FileDialogContentsView));
        item->setData(Qt::UserRole, true);
        item->setData(Qt::AccessibleDescriptionRole, tr("ran; its result comes with the others"));
    }
    updateStatus();
}

void DiagnosePage::onFinished()
{
    m_finished = true;
    m_tick.stop();
    const bool hasResult = !m_watcher.isCanceled() && m_watcher.future().resultCount() > 0;
    if (!hasResult || m_watcher.result().cancelled) {
        m_cancelled = true;
    } else {
        const checks::Diagnosis report = m_watcher.result();
        m_elapsedMs = report.elapsedMs;
        m_errors = m_warnings = 0;
        for (const checks::Finding &f : report.findings) {
            m_errors += f.severity == checks::Severity::Error ? 1 : 0;
            m_warnings += f.severity == checks::Severity::Warning ? 1 : 0;
        }
        showOutcomes(report);
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
        session().setDiagnosis(report);
    }
    if (m_cancelled) {
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
    }
    updateStatus();
    emit completeChanged();
    if (!m_cancelled)
        wizard()->button(QWizard::NextButton)->setFocus();
}

void DiagnosePage::showOutcomes(const checks::Diagnosis &report)
{
    using State = checks::CheckOutcome::State;
    m_outcomes = checks::checkOutcomes(report);
    m_steps->clear();
    for (const checks::CheckOutcome &o : std::as_const(m_outcomes)) {
        QString state;
        QIcon icon;
        switch (o.state) {
        case State::Passed:
            state = tr("passed");
            icon = Theme::okIcon();
            break;
        case State::Warning:
            state = tr("warning");
            icon = Theme::severityIcon(checks::Severity::Warning);
            break;
        case State::Failed:
            state = tr("failed");
            icon = Theme::severityIcon(checks::Severity::Error);
            break;
        case State::NotChecked:
            state = tr("not checked");
            icon = style()->standardIcon(QStyle::SP_MessageBoxQuestion);
            break;
        }
        const QString outcome = o.summary.isEmpty() ? state : tr("%1: %2", "a state, then what it means").arg(state, o.summary);
        auto *item = new QListWidgetItem(icon, tr("%1 — %2", "a check, then its outcome").arg(o.title, outcome), m_steps);
        item->setToolTip(item->text());
        item->setData(Qt::UserRole, true);
        item->setData(Qt::UserRole + 1, o.checkId);
        item->setData(Qt::UserRole + 2, static_cast<int>(o.state));
        item->setData(Qt::AccessibleDescriptionRole, state);
    }
}

void DiagnosePage::updateStatus()
{
    const bool running = m_watcher.isRunning();
    m_cancel->setEnabled(running && !m_cancelled);
    m_again->setVisible(m_finished && m_cancelled);
    if (running && m_cancelled)
        m_status->setText(tr("Stopping: the programs the checks started are being ended…"));
    else if (running && m_watcher.progressMaximum() > 0)
        m_status->setText(tr("%1 %2", "two sentences, one after the other")
                              .arg(tr("%1 of %2 steps done; still going: %3 (%4 s so far).")
                                       .arg(m_watcher.progressValue())
                                       .arg(m_watcher.progressMaximum())
                                       .arg(stillGoing())
                                       .arg(m_clock.elapsed() / 1000),
                                   timeLimitText()));
    else if (running)
        m_status->setText(tr("%1 %2", "two sentences, one after the other").arg(tr("Starting the checks…"), timeLimitText()));
    else if (m_finished && m_cancelled)
        m_status->setText(tr("The checks were stopped; nothing was concluded. Run them again, or go back to "
                             "choose another target."));
    else if (m_finished)
        m_status->setText(tr("%1 %2", "two parts of a sentence, one after the other")
                              .arg(tr("Done in %1 s: %n problem(s)", nullptr, m_errors)
                                       .arg(static_cast<double>(m_elapsedMs) / 1000.0, 0, 'f', 1),
                                   tr("and %n warning(s).", nullptr, m_warnings)));
    else
        m_status->clear();
}

QString DiagnosePage::stillGoing() const
{
    // The checks not done yet: running, or waiting for what they need (the import, the interpreters).
    QStringList pending;
    for (int row = 0; row < m_steps->count(); ++row)
        if (!m_steps->item(row)->data(Qt::UserRole).toBool())
            pending << m_steps->item(row)->text();
    if (pending.isEmpty())
        return tr("the last facts (the import, the GPU, the shell)");
    constexpr qsizetype kNamed = 3;
    return pending.size() <= kNamed ? pending.join(tr(", ", "between items of a list"))
                                    : tr("%1 and %n more", nullptr, static_cast<int>(pending.size() - kNamed))
                                          .arg(pending.mid(0, kNamed).join(tr(", ", "between items of a list")));
}

QString DiagnosePage::timeLimitText() const
{
    return tr("Each slow step (the import, each interpreter, the shell) stops after %n s at most.", nullptr,
              static_cast<int>(session().backend().stepTimeLimit().count()));
}

bool DiagnosePage::isComplete() const
{
    return m_finished && !m_cancelled && session().report().has_value();
}

int DiagnosePage::nextId() const
{
    return FindingsPageId;
}

} // namespace td::ui
