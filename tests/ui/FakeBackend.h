// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"

#include <QMap>
#include <QMutex>

#include <atomic>

namespace td::ui::test {

// A machine state the wizard is walked against: what the first diagnosis
// finds, and what each repair leaves behind.
struct Scenario {
    QString name;
    QList<checks::Finding> initial;
    QMap<checks::FixFamily, QList<checks::Finding>> after; // missing: the repair changes nothing
    QList<checks::FixFamily> cannotPlan;                   // planned with no steps, and a warning why
    bool diagnosisHangs = false;                           // until cancelled
    bool repairHangs = false;                              // until cancelled
    QString preflightProblem;
    QString servicesProblem; // Docker: what does not run after its steps
    QString composeFile = QStringLiteral("/work/project/docker-compose.yml");
    QString os; // the diagnosed system ("windows", "linux"); empty: this one
    // Not empty: the project has no compose file until a repository is cloned into this folder.
    QString cloneInto;
    int condaEnvironments = 0; // found beside the two interpreters every scenario has
};

// Findings as the checks write them.
checks::Finding libMissing();
checks::Finding envShadowing();
checks::Finding importFailed();
checks::Finding vcRuntimeMissing();
checks::Finding gpuInfo();
checks::Finding torchNotInstalled(); // for /usr/bin/python3; the project's venv has torch

// The scenarios of the flowchart's branches.
Scenario envSolves();
Scenario reinstallSolves();
Scenario systemNeeded();
Scenario urgentDocker();
Scenario dockerClonesFirst(); // urgent, and the project has no compose file yet
Scenario healthy();
Scenario everyStep(); // Docker, then every repair in turn; only the system repair solves it
Scenario nothingSolves();
Scenario torchInAnotherPython();

// The wizard's backend on a machine that exists only in the test: every
// answer comes from the scenario, every change is to the scenario's state.
class FakeBackend final : public Backend {
public:
    explicit FakeBackend(Scenario scenario);
    ~FakeBackend() override;

    QFuture<Discovery> discover(const QStringList &projectDirs) override;
    // Any file chosen is a Python 3.11 here.
    QFuture<python::StaticProbe> probeInterpreter(const QString &executable,
                                                  const platform::CancelToken &cancel) override;
    [[nodiscard]] QStringList diagnosisSteps() const override;
    QFuture<checks::Diagnosis> diagnose(const Target &target) override;
    [[nodiscard]] PastedError classifyIn(const QString &text,
                                         const std::optional<QProcessEnvironment> &environment) const override;
    [[nodiscard]] std::optional<checks::Culprit> culpritOf(const python::ClassifiedError &error,
                                                           const checks::Diagnosis &report) const override;
    [[nodiscard]] QList<checks::FixFamily> families() const override;
    [[nodiscard]] std::shared_ptr<const fixes::RepairMachine> repairMachine() const override { return m_machine; }
    [[nodiscard]] std::optional<fixes::JournalEntry> journalEntry(const QString &id) const override;
    QFuture<fixes::RepairRunEvent> undo(const QString &entryId, std::shared_ptr<fixes::RepairAnswers> answers,
                                        const platform::CancelToken &cancel) override;
    [[nodiscard]] QString renderReport(const checks::Diagnosis &report, ReportFormat format, bool redact,
                                       const report::SessionHistory &history) const override;
    platform::Result<void> saveReport(const QString &path, const QString &text) const override;

    // What happened, for the tests to check.
    [[nodiscard]] QList<checks::FixFamily> applied() const;
    [[nodiscard]] QStringList undone() const;
    [[nodiscard]] Target lastTarget() const;
    [[nodiscard]] int diagnoses() const { return m_diagnoses.load(); }
    // Repairs whose steps are running now (a step that is being cancelled included).
    [[nodiscard]] int executing() const { return m_executing.load(); }
    [[nodiscard]] QList<checks::Finding> state() const;

private:
    class Machine;
    friend class Machine;
    [[nodiscard]] checks::Diagnosis reportNow() const;
    [[nodiscard]] fixes::FixPlan undoPlan(const QString &entryId) const; // as the executor plans it
    [[nodiscard]] fixes::Repair planRepair(checks::FixFamily family, const checks::Diagnosis &before,
                                           const fixes::RepairScope &scope) const;
    fixes::ExecutionResult execute(const fixes::Repair &repair, const fixes::ExecutorCallbacks &callbacks,
                                   const platform::CancelToken &cancel);
    QFuture<checks::Diagnosis> runDiagnosis(bool hangs);

    Scenario m_scenario;
    mutable QMutex m_mutex;
    QList<checks::Finding> m_state;
    QList<checks::FixFamily> m_applied;
    QStringList m_undone;
    QMap<QString, fixes::JournalEntry> m_journal;
    Target m_lastTarget;
    std::atomic<int> m_diagnoses{0};
    std::atomic<int> m_executing{0};
    bool m_cloned = false;
    std::shared_ptr<const fixes::RepairMachine> m_machine;
};

} // namespace td::ui::test
