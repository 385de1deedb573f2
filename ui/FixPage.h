// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"
#include "FixRunnerWidget.h"
#include "Page.h"

#include "flow/FlowEvent.h"

#include <QFutureWatcher>

class QLabel;

namespace td::ui {

// A repair step of the flowchart: the plan for its family from the latest
// diagnosis, shown; Apply starts core's repair run (fixes::RepairRun, the
// CLI's too) and the page presents it: the confirmation that lists every
// step, live output and cancel, the check after it. The flow moves on by the
// result (or the user's override). Steps the flow passed by on the way here
// are named in a note. One subclass per family.
class FixPage : public Page {
    Q_OBJECT

public:
    FixPage(Session &session, checks::FixFamily family, QWidget *parent = nullptr);
    ~FixPage() override;

    void initializePage() override;
    [[nodiscard]] bool isComplete() const override;
    bool validatePage() override;
    [[nodiscard]] int nextId() const override;

    [[nodiscard]] checks::FixFamily family() const { return m_family; }
    [[nodiscard]] FixRunnerWidget *runner() const { return m_runner; }
    [[nodiscard]] const fixes::Repair &repair() const { return m_repair; }
    [[nodiscard]] QString passedByNote() const;
    [[nodiscard]] bool isBusy() const override;
    // The plan for the latest diagnosis is being made (off the GUI thread).
    [[nodiscard]] bool isPlanning() const { return m_planningNow; }
    // Cancels the repair (a question still open gets "no"); true until its run has ended.
    bool stopWork() override;

    void apply();
    void cancel();
    void skip();
    void override(bool solved);

protected:
    void retranslate() override;
    // Plans the family again from the latest diagnosis and the session's target.
    void replan();
    // Docker: the project has no compose file; the user names a repository to clone.
    [[nodiscard]] bool needsRepository() const;
    // The plan on show changed (a subclass shows what goes with it).
    virtual void proposalChanged() {}
    // The title, subtitle and advice again, from the family's words below.
    void refreshTexts();
    // The family's own words: what the step is, what it costs, what to know.
    [[nodiscard]] virtual QString titleText() const = 0;
    [[nodiscard]] virtual QString subTitleText() const = 0;
    [[nodiscard]] virtual QString adviceText() const = 0;

private:
    void onPlanned();
    void showPlan();
    void onEvents(int begin, int end);
    void ask(const fixes::Repair &repair);
    void onFinished(const fixes::RepairRunResult &result);
    void conclude(flow::StepOutcome outcome, const QString &reason, const QString &status);
    void onVerified();
    void finish(const QString &status);
    void showVerification();

    checks::FixFamily m_family;
    QLabel *m_passedBy = nullptr;
    QLabel *m_advice = nullptr;
    FixRunnerWidget *m_runner = nullptr;

    fixes::Repair m_repair;
    QStringList m_skippedOnTheWay;
    QFutureWatcher<fixes::Repair> m_planning;
    QFutureWatcher<fixes::RepairRunEvent> m_run;
    std::shared_ptr<fixes::RepairAnswers> m_answers;
    QFutureWatcher<checks::Diagnosis> m_verify; // after a run that failed: the flow's "solved?"
    platform::CancelToken m_cancel;
    bool m_planningNow = false; // until the plan asked for last is on show
    bool m_finished = false;
    bool m_declined = false; // the last answer was no: nothing ran, the flow learns it on leaving
    std::optional<fixes::Verification> m_verification;
    bool m_dockerWorks = false;
    QString m_runStatus; // how the run ended, shown once the check after it is in
};

} // namespace td::ui
