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
// diagnosis, applied after a confirmation that lists every step, with live
// output and cancel, then checked again automatically; the flow moves on by
// the result (or the user's override). Steps the flow passed by on the way
// here are named in a note. One subclass per family.
class FixPage : public Page {
    Q_OBJECT

public:
    FixPage(Session &session, checks::FixFamily family, QWidget *parent = nullptr);
    ~FixPage() override;

    void initializePage() override;
    [[nodiscard]] bool isComplete() const override;
    [[nodiscard]] int nextId() const override;

    [[nodiscard]] checks::FixFamily family() const { return m_family; }
    [[nodiscard]] FixRunnerWidget *runner() const { return m_runner; }
    [[nodiscard]] const RepairProposal &proposal() const { return m_proposal; }
    [[nodiscard]] QString passedByNote() const;
    [[nodiscard]] bool isBusy() const override;

    void apply();
    void cancel();
    void skip();
    void override(bool solved);

protected:
    void retranslate() override;
    // Plans the family again from the latest diagnosis and the session's target.
    void replan();
    // The plan on show changed (a subclass shows what goes with it).
    virtual void proposalChanged() {}
    // The family's own words: what the step is, what it costs, what to know.
    [[nodiscard]] virtual QString titleText() const = 0;
    [[nodiscard]] virtual QString subTitleText() const = 0;
    [[nodiscard]] virtual QString adviceText() const = 0;

private:
    void onPreflight();
    void confirmAndRun();
    void onEvents(int begin, int end);
    void onRunFinished(const fixes::ExecutionResult &result);
    void onServices();
    void conclude(flow::StepOutcome outcome, const QString &reason, const QString &status);
    void onVerified();
    void onCloneDiagnosed();
    void finish(const QString &status);
    void showVerification();

    checks::FixFamily m_family;
    QLabel *m_passedBy = nullptr;
    QLabel *m_advice = nullptr;
    FixRunnerWidget *m_runner = nullptr;

    RepairProposal m_proposal;
    QStringList m_skippedOnTheWay;
    QFutureWatcher<QString> m_preflight;
    QFutureWatcher<RepairEvent> m_run;
    QFutureWatcher<checks::Diagnosis> m_verify;
    QFutureWatcher<QString> m_services;
    QFutureWatcher<checks::Diagnosis> m_cloneDiagnosis; // Docker: the project a clone made
    platform::CancelToken m_cancel;
    bool m_cancelRequested = false;
    bool m_finished = false;
    std::optional<Verification> m_verification;
    QString m_runStatus; // how the run ended, shown once the check after it is in
};

} // namespace td::ui
