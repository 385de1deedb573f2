// SPDX-License-Identifier: GPL-3.0-or-later
#include "ConfirmDialog.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QStyle>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace td::ui {

QList<bool> ConfirmDialog::s_answers;
std::function<void(ConfirmDialog &)> ConfirmDialog::s_observer;
QString ConfirmDialog::s_lastQuestion;
QStringList ConfirmDialog::s_lastSteps;

namespace {

QStringList stepLines(const fixes::FixPlan &plan)
{
    QStringList out;
    for (qsizetype i = 0; i < plan.steps.size(); ++i) {
        const fixes::FixStep &step = plan.steps[i];
        QString line = QStringLiteral("%1. %2").arg(i + 1).arg(step.description());
        if (step.needsAdmin())
            line += QStringLiteral("  ") + ConfirmDialog::tr("(needs administrator rights)");
        out << line;
    }
    return out;
}

} // namespace

ConfirmDialog::ConfirmDialog(const QString &question, const fixes::FixPlan &plan, const QString &acceptText,
                             QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(plan.title.isEmpty() ? tr("Confirm") : plan.title);
    auto *layout = new QVBoxLayout(this);
    auto *questionLabel = new QLabel(question, this);
    questionLabel->setWordWrap(true);
    layout->addWidget(questionLabel);

    // Every step whole (wrapped, never cut off), numbered, the administrator ones said in words.
    auto *steps = new QTextBrowser(this);
    steps->setObjectName(QStringLiteral("confirmSteps"));
    steps->setAccessibleName(tr("Steps to apply"));
    QString html = QStringLiteral("<ol>");
    for (const fixes::FixStep &step : plan.steps) {
        html += QStringLiteral("<li>") + step.description().toHtmlEscaped();
        if (step.needsAdmin())
            html +=
                QStringLiteral(" <b>") + tr("(needs administrator rights)").toHtmlEscaped() + QStringLiteral("</b>");
        html += QStringLiteral("</li>");
    }
    steps->setHtml(html + QStringLiteral("</ol>"));
    layout->addWidget(steps, 1);
    steps->setVisible(!plan.steps.isEmpty()); // a plain question has no steps

    if (plan.needsAdmin()) {
        auto *admin = new QLabel(tr("Steps marked as needing administrator rights ask for them when they run, and "
                                    "only those steps."),
                                 this);
        admin->setWordWrap(true);
        layout->addWidget(admin);
    }
    if (!plan.warnings.isEmpty()) {
        auto *warnings = new QLabel(QStringLiteral("• ") + plan.warnings.join(QStringLiteral("\n• ")), this);
        warnings->setWordWrap(true);
        warnings->setAccessibleName(tr("Warnings"));
        layout->addWidget(warnings);
    }
    if (!plan.steps.isEmpty()) {
        auto *undoNote =
            new QLabel(tr("Every step is written to the journal before it runs: Undo puts it back."), this);
        undoNote->setWordWrap(true);
        layout->addWidget(undoNote);
    }

    auto *buttons = new QDialogButtonBox(this);
    QPushButton *accept = buttons->addButton(acceptText, QDialogButtonBox::AcceptRole);
    QPushButton *reject = buttons->addButton(tr("&Do not change anything"), QDialogButtonBox::RejectRole);
    accept->setAutoDefault(false);
    reject->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    if (!plan.steps.isEmpty())
        resize(sizeHint().expandedTo(QSize(fontMetrics().height() * 40, fontMetrics().height() * 18)));
}

void ConfirmDialog::ask(QWidget *context, const QString &question, const fixes::FixPlan &plan,
                        const QString &acceptText, std::function<void(bool)> answered)
{
    s_lastQuestion = question;
    s_lastSteps = stepLines(plan);
    auto *dialog = new ConfirmDialog(question, plan, acceptText, context);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    if (s_observer)
        s_observer(*dialog);
    if (!s_answers.isEmpty()) {
        const bool yes = s_answers.takeFirst();
        dialog->deleteLater();
        QMetaObject::invokeMethod(
            context, [answered = std::move(answered), yes] { answered(yes); }, Qt::QueuedConnection);
        return;
    }
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QDialog::finished, context,
            [answered = std::move(answered)](int result) { answered(result == QDialog::Accepted); });
    dialog->open();
}

void ConfirmDialog::setNextAnswer(bool yes)
{
    s_answers << yes;
}

void ConfirmDialog::clearAnswers()
{
    s_answers.clear();
}

void ConfirmDialog::setObserver(std::function<void(ConfirmDialog &)> observer)
{
    s_observer = std::move(observer);
}

QString ConfirmDialog::lastQuestion()
{
    return s_lastQuestion;
}

QStringList ConfirmDialog::lastSteps()
{
    return s_lastSteps;
}

} // namespace td::ui
