// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Page.h"

#include "checks/CheckOutcome.h"
#include "checks/CheckRunner.h"
#include "checks/Diagnosis.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QTimer>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace td::ui {

// The checks running: each step's state as it finishes, the overall
// progress, and a button that stops them. The page is complete once the
// diagnosis is in; going back stops it.
class DiagnosePage : public Page {
    Q_OBJECT

public:
    explicit DiagnosePage(Session &session, QWidget *parent = nullptr);
    ~DiagnosePage() override;

    void initializePage() override;
    void cleanupPage() override;
    [[nodiscard]] bool isComplete() const override;
    [[nodiscard]] int nextId() const override;

    [[nodiscard]] bool isRunning() const { return m_watcher.isRunning(); }
    [[nodiscard]] bool isBusy() const override { return isRunning(); }
    // The checks change nothing: leaving the page stops them.
    [[nodiscard]] bool canLeave() const override { return true; }
    bool stopWork() override;
    [[nodiscard]] bool wasCancelled() const { return m_cancelled; }
    void cancel();
    void start();
    // What each check concluded, once the diagnosis is in.
    [[nodiscard]] const QList<checks::CheckOutcome> &outcomes() const { return m_outcomes; }

protected:
    void retranslate() override;

private:
    void onProgress();
    void onFinished();
    void markDone(const QString &step);
    void updateStatus();
    void showOutcomes(const checks::Diagnosis &report);
    [[nodiscard]] QString timeLimitText() const;
    [[nodiscard]] QString stillGoing() const;

    QLabel *m_target = nullptr;
    QLabel *m_stepsLabel = nullptr;
    QListWidget *m_steps = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QPushButton *m_cancel = nullptr;
    QPushButton *m_again = nullptr;

    QFutureWatcher<checks::Diagnosis> m_watcher;
    QStringList m_done;
    QElapsedTimer m_clock; // since the checks started: the status counts the seconds
    QTimer m_tick;
    QList<checks::CheckOutcome> m_outcomes;
    bool m_finished = false;
    bool m_cancelled = false;
    qint64 m_elapsedMs = 0;
    int m_errors = 0;
    int m_warnings = 0;
};

} // namespace td::ui
