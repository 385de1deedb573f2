// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fixes/FixPlan.h"

#include <QDialog>
#include <QList>

#include <functional>

namespace td::ui {

// "Apply these steps?": the exact steps of a plan, the ones that need
// administrator rights marked, and its warnings. Asked without a nested event
// loop; tests answer it with setNextAnswer() instead of a click.
class ConfirmDialog : public QDialog {
    Q_OBJECT

public:
    ConfirmDialog(const QString &question, const fixes::FixPlan &plan, const QString &acceptText,
                  QWidget *parent = nullptr);

    // Shows the dialog (window-modal) and calls `answered` once, from the
    // event loop, unless `context` is gone by then. With a plan without
    // steps it is a plain question.
    static void ask(QWidget *context, const QString &question, const fixes::FixPlan &plan, const QString &acceptText,
                    std::function<void(bool)> answered);

    // Scripted answers, taken in order by the next ask() calls: nothing is shown.
    static void setNextAnswer(bool yes);
    static void clearAnswers();
    // Called with each dialog ask() builds, before it is answered (tests take screenshots).
    static void setObserver(std::function<void(ConfirmDialog &)> observer);
    // What the last ask() showed: the question and the steps, one line each.
    static QString lastQuestion();
    static QStringList lastSteps();

private:
    static QList<bool> s_answers;
    static std::function<void(ConfirmDialog &)> s_observer;
    static QString s_lastQuestion;
    static QStringList s_lastSteps;
};

} // namespace td::ui
