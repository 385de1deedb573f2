// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"

#include <QWidget>

class QLabel;
class QTextBrowser;
class QPlainTextEdit;
class QPushButton;

namespace td::ui {

// One repair on screen: its plan (every step, the administrator ones marked),
// the buttons that apply, cancel or skip it, the live output, and the result
// of the check that follows, with the user's say over it. It shows; the page
// decides.
class FixRunnerWidget : public QWidget {
    Q_OBJECT

public:
    enum class Phase { Planned, Checking, Running, Verifying, Finished };

    explicit FixRunnerWidget(QWidget *parent = nullptr);

    // A plan to show: every step back to "planned".
    void setRepair(const fixes::Repair &repair);
    void setPhase(Phase phase);
    [[nodiscard]] Phase phase() const { return m_phase; }
    void setStepState(int index, fixes::StepState state);
    void appendOutput(const QString &text, bool isError);
    void setStatus(const QString &text);
    // After the verification: the result, and which override the user may give.
    void setResult(const QString &text, bool solved, bool canOverride);
    void clearResult();

    [[nodiscard]] QString output() const;
    [[nodiscard]] QString status() const;
    [[nodiscard]] QString result() const;
    [[nodiscard]] QPushButton *applyButton() const { return m_apply; }
    [[nodiscard]] QPushButton *cancelButton() const { return m_cancel; }
    [[nodiscard]] QPushButton *skipButton() const { return m_skip; }
    [[nodiscard]] QPushButton *solvedButton() const { return m_solved; }
    [[nodiscard]] QPushButton *brokenButton() const { return m_broken; }

signals:
    void applyClicked();
    void cancelClicked();
    void skipClicked();
    void overrideClicked(bool solved);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void updateButtons();
    void showRepair();
    void showSteps();

    QLabel *m_summary = nullptr;
    QLabel *m_stepsLabel = nullptr;
    QTextBrowser *m_steps = nullptr;
    QLabel *m_warnings = nullptr;
    QPushButton *m_apply = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_skip = nullptr;
    QLabel *m_outputLabel = nullptr;
    QPlainTextEdit *m_output = nullptr;
    QLabel *m_status = nullptr;
    QLabel *m_result = nullptr;
    QPushButton *m_solved = nullptr;
    QPushButton *m_broken = nullptr;

    fixes::Repair m_repair;
    QList<fixes::StepState> m_states; // of each step of the plan
    Phase m_phase = Phase::Planned;
    bool m_resultSolved = false;
    bool m_canOverride = false;
    bool m_hasResult = false;
};

} // namespace td::ui
