// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"

#include "fixes/Repairs.h"
#include "report/SupportReport.h"

#include <QCoreApplication>
#include <QMap>
#include <QMutex>

#include <memory>

namespace td::knowledge {
class KnowledgeBase;
}

namespace td::ui {

// The wizard's backend on a real machine: every call goes to core (the check
// runner, the planners, the executor and its journal, the report renderers).
class CoreBackend final : public Backend {
    Q_DECLARE_TR_FUNCTIONS(CoreBackend)

public:
    CoreBackend();
    ~CoreBackend() override;

    QFuture<Discovery> discover(const QStringList &projectDirs) override;
    [[nodiscard]] QStringList diagnosisSteps() const override;
    QFuture<checks::Diagnosis> diagnose(const Target &target) override;
    [[nodiscard]] PastedError classify(const QString &text) const override;
    [[nodiscard]] std::optional<checks::Culprit> culpritOf(const python::ClassifiedError &error,
                                                           const checks::Diagnosis &report) const override;

    [[nodiscard]] QList<checks::FixFamily> families() const override;
    RepairProposal plan(checks::FixFamily family, const checks::Diagnosis &before, const Target &target) override;
    QFuture<QString> preflight(const RepairProposal &repair) override;
    QFuture<RepairEvent> apply(const RepairProposal &repair, const platform::CancelToken &cancel) override;
    QFuture<QString> servicesProblem(const RepairProposal &repair) override;
    QFuture<checks::Diagnosis> verify(const RepairProposal &repair, const Target &target) override;
    [[nodiscard]] Verification compare(const checks::Diagnosis &before, const checks::Diagnosis &after,
                                       const RepairProposal &repair) const override;

    [[nodiscard]] std::optional<fixes::JournalEntry> journalEntry(const QString &id) const override;
    [[nodiscard]] fixes::FixPlan undoPlan(const QString &entryId) const override;
    QFuture<RepairEvent> undo(const QString &entryId, const platform::CancelToken &cancel) override;

    [[nodiscard]] QString renderReport(const checks::Diagnosis &report, ReportFormat format,
                                       bool redact) const override;
    // A diagnosis in one of the report formats, through core's renderers.
    static QString render(const checks::Diagnosis &report, ReportFormat format, const report::ReportOptions &options);
    bool saveReport(const QString &path, const QString &text, QString &error) const override;

    // The knowledge base could not be read (a damaged build): what is wrong.
    [[nodiscard]] QStringList knowledgeProblems() const { return m_knowledgeProblems; }

private:
    // What core planned, kept for its preflight, run and verification.
    struct Planned {
        fixes::Repair repair;
        checks::CheckRequest request;
    };
    [[nodiscard]] checks::CheckRequest requestFor(const Target &target) const;
    [[nodiscard]] std::optional<Planned> planned(int handle) const;

    std::shared_ptr<knowledge::KnowledgeBase> m_knowledge;
    QStringList m_knowledgeProblems;
    mutable QMutex m_mutex;
    QMap<int, Planned> m_planned;
    int m_nextHandle = 1;
};

} // namespace td::ui
