// SPDX-License-Identifier: GPL-3.0-or-later
#include "FixRunnerWidget.h"

#include "Theme.h"

#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QStyle>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace td::ui {

FixRunnerWidget::FixRunnerWidget(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("fixRunner"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("repairSummary"));
    m_summary->setWordWrap(true);
    m_stepsLabel = new QLabel(this);
    m_steps = new QTextBrowser(this); // every step whole: wrapped, never cut off
    m_steps->setObjectName(QStringLiteral("planSteps"));
    m_stepsLabel->setBuddy(m_steps);
    m_warnings = new QLabel(this);
    m_warnings->setObjectName(QStringLiteral("planWarnings"));
    m_warnings->setWordWrap(true);
    m_warnings->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    m_apply = new QPushButton(this);
    m_apply->setObjectName(QStringLiteral("apply"));
    m_cancel = new QPushButton(this);
    m_cancel->setObjectName(QStringLiteral("cancelRepair"));
    m_skip = new QPushButton(this);
    m_skip->setObjectName(QStringLiteral("skip"));

    m_outputLabel = new QLabel(this);
    m_output = new QPlainTextEdit(this);
    m_output->setObjectName(QStringLiteral("output"));
    m_output->setReadOnly(true);
    m_output->setTabChangesFocus(true);
    m_output->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_output->setMaximumBlockCount(5000);
    m_outputLabel->setBuddy(m_output);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("repairStatus"));
    m_status->setWordWrap(true);
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("repairResult"));
    m_result->setWordWrap(true);
    QFont bold = m_result->font();
    bold.setBold(true);
    m_result->setFont(bold);
    m_solved = new QPushButton(this);
    m_solved->setObjectName(QStringLiteral("itIsSolved"));
    m_broken = new QPushButton(this);
    m_broken->setObjectName(QStringLiteral("stillBroken"));

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_apply);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_skip);
    buttons->addStretch(1);
    auto *overrides = new QHBoxLayout;
    overrides->addWidget(m_result, 1);
    overrides->addWidget(m_solved);
    overrides->addWidget(m_broken);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_summary);
    layout->addWidget(m_stepsLabel);
    layout->addWidget(m_steps, 2);
    layout->addWidget(m_warnings);
    layout->addLayout(buttons);
    layout->addWidget(m_outputLabel);
    layout->addWidget(m_output, 2);
    layout->addWidget(m_status);
    layout->addLayout(overrides);

    connect(m_apply, &QPushButton::clicked, this, &FixRunnerWidget::applyClicked);
    connect(m_cancel, &QPushButton::clicked, this, &FixRunnerWidget::cancelClicked);
    connect(m_skip, &QPushButton::clicked, this, &FixRunnerWidget::skipClicked);
    connect(m_solved, &QPushButton::clicked, this, [this] { emit overrideClicked(true); });
    connect(m_broken, &QPushButton::clicked, this, [this] { emit overrideClicked(false); });
    retranslate();
}

void FixRunnerWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void FixRunnerWidget::retranslate()
{
    m_stepsLabel->setText(tr("The exact &steps:"));
    m_steps->setAccessibleName(tr("Steps of the repair"));
    m_apply->setText(tr("&Apply…"));
    m_apply->setAccessibleName(tr("Apply the repair"));
    m_cancel->setText(tr("S&top the repair"));
    m_cancel->setAccessibleName(tr("Stop the repair"));
    m_skip->setAccessibleName(tr("Skip this step"));
    m_outputLabel->setText(tr("&Output:"));
    m_output->setAccessibleName(tr("Output of the repair"));
    m_solved->setText(tr("It &is solved"));
    m_solved->setAccessibleName(tr("Override: it is solved"));
    m_broken->setText(tr("It is still broke&n"));
    m_broken->setAccessibleName(tr("Override: it is still broken"));
    showRepair();
}

void FixRunnerWidget::setRepair(const fixes::Repair &repair)
{
    m_repair = repair;
    m_states = QList<fixes::StepState>(repair.plan.steps.size(), fixes::StepState::Planned);
    showRepair();
}

void FixRunnerWidget::showRepair()
{
    QString summary = m_repair.summary;
    if (m_repair.targeted.isEmpty() && m_repair.plan.steps.isEmpty() && summary.isEmpty())
        summary = tr("No finding calls for this repair.");
    m_summary->setText(summary);
    showSteps();
    QStringList notes = m_repair.plan.warnings;
    if (!m_repair.afterwards.isEmpty())
        notes << tr("Afterwards: %1").arg(m_repair.afterwards);
    m_warnings->setText(notes.isEmpty() ? QString() : QStringLiteral("• ") + notes.join(QStringLiteral("\n• ")));
    m_warnings->setVisible(!notes.isEmpty());
    m_skip->setText(m_repair.canApply() ? tr("S&kip this step") : tr("&Go on without it"));
    updateButtons();
}

// The plan as a numbered list; each step's state in a sign and a word, not in colour alone.
void FixRunnerWidget::showSteps()
{
    QString html = QStringLiteral("<ol>");
    for (qsizetype i = 0; i < m_repair.plan.steps.size(); ++i) {
        const fixes::FixStep &step = m_repair.plan.steps[i];
        QString state;
        switch (i < m_states.size() ? m_states[i] : fixes::StepState::Planned) {
        case fixes::StepState::Planned: break;
        case fixes::StepState::Running: state = QStringLiteral("▶ ") + tr("running"); break;
        case fixes::StepState::Done: state = QStringLiteral("✓ ") + tr("done"); break;
        case fixes::StepState::Failed: state = QStringLiteral("✗ ") + tr("failed"); break;
        }
        html += QStringLiteral("<li>");
        const QString description = step.description().toHtmlEscaped();
        html += state.isEmpty()
                    ? description
                    : tr("%1: %2", "a step's state, then the step")
                          .arg(QStringLiteral("<b>") + state.toHtmlEscaped() + QStringLiteral("</b>"), description);
        if (step.needsAdmin())
            html +=
                QStringLiteral(" <b>") + tr("(needs administrator rights)").toHtmlEscaped() + QStringLiteral("</b>");
        html += QStringLiteral("</li>");
    }
    m_steps->setHtml(html + QStringLiteral("</ol>"));
}

void FixRunnerWidget::setPhase(Phase phase)
{
    m_phase = phase;
    updateButtons();
}

void FixRunnerWidget::updateButtons()
{
    m_apply->setEnabled(m_phase == Phase::Planned && m_repair.canApply());
    m_skip->setEnabled(m_phase == Phase::Planned);
    m_cancel->setEnabled(m_phase == Phase::Checking || m_phase == Phase::Running);
    m_cancel->setVisible(m_repair.canApply());
    m_solved->setVisible(m_hasResult && m_canOverride && !m_resultSolved);
    m_broken->setVisible(m_hasResult && m_canOverride && m_resultSolved);
    m_result->setVisible(m_hasResult);
    const bool ran = m_phase == Phase::Running || m_phase == Phase::Verifying || !m_output->document()->isEmpty();
    m_outputLabel->setVisible(m_repair.canApply() || ran);
    m_output->setVisible(m_repair.canApply() || ran);
    if (m_phase == Phase::Planned && m_repair.canApply())
        m_apply->setDefault(true);
}

void FixRunnerWidget::setStepState(int index, fixes::StepState state)
{
    if (index < 0 || index >= m_states.size())
        return;
    m_states[index] = state;
    showSteps();
}

void FixRunnerWidget::appendOutput(const QString &text, bool isError)
{
    Q_UNUSED(isError)
    QScrollBar *bar = m_output->verticalScrollBar();
    const bool atEnd = bar->value() == bar->maximum();
    m_output->moveCursor(QTextCursor::End);
    m_output->insertPlainText(text);
    if (atEnd)
        bar->setValue(bar->maximum());
    updateButtons();
}

void FixRunnerWidget::setStatus(const QString &text)
{
    m_status->setText(text);
}

void FixRunnerWidget::setResult(const QString &text, bool solved, bool canOverride)
{
    m_hasResult = true;
    m_result->setText(text);
    QPalette pal = m_result->palette();
    pal.setColor(QPalette::WindowText, solved ? Theme::okColor(palette()) : Theme::errorColor(palette()));
    m_result->setPalette(pal);
    m_resultSolved = solved;
    m_canOverride = canOverride;
    updateButtons();
}

void FixRunnerWidget::clearResult()
{
    m_hasResult = false;
    m_result->clear();
    updateButtons();
}

QString FixRunnerWidget::output() const
{
    return m_output->toPlainText();
}

QString FixRunnerWidget::status() const
{
    return m_status->text();
}

QString FixRunnerWidget::result() const
{
    return m_result->text();
}

} // namespace td::ui
