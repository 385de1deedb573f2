// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"

#include "fixes/Repairs.h"
#include "report/SupportReport.h"

#include <QCoreApplication>

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
    QFuture<checks::CheckReport> diagnose(const Target &target) override;
    [[nodiscard]] PastedError classify(const QString &text) const override;
    [[nodiscard]] std::optional<checks::Culprit> culpritOf(const python::ClassifiedError &error,
                                                           const checks::CheckReport &report) const override;

    [[nodiscard]] QList<checks::FixFamily> families() const override;
    [[nodiscard]] std::shared_ptr<const fixes::RepairMachine> repairMachine() const override { return m_machine; }

    [[nodiscard]] std::optional<fixes::JournalEntry> journalEntry(const QString &id) const override;
    [[nodiscard]] fixes::FixPlan undoPlan(const QString &entryId) const override;
    QFuture<fixes::RepairRunEvent> undo(const QString &entryId, std::shared_ptr<fixes::RepairAnswers> answers,
                                        const platform::CancelToken &cancel) override;

    [[nodiscard]] QString renderReport(const checks::CheckReport &report, ReportFormat format,
                                       bool redact) const override;
    // A diagnosis in one of the report formats, through core's renderers.
    static QString render(const checks::CheckReport &report, ReportFormat format, const report::ReportOptions &options);
    bool saveReport(const QString &path, const QString &text, QString &error) const override;

    // The knowledge base could not be read (a damaged build): what is wrong.
    [[nodiscard]] QStringList knowledgeProblems() const { return m_knowledgeProblems; }

private:
    [[nodiscard]] checks::CheckRequest requestFor(const Target &target) const;

    std::shared_ptr<knowledge::KnowledgeBase> m_knowledge;
    std::shared_ptr<const fixes::RepairMachine> m_machine;
    QStringList m_knowledgeProblems;
};

} // namespace td::ui
