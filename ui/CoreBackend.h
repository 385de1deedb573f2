// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"

#include "fixes/Repairs.h"
#include "report/SupportReport.h"

#include <QCoreApplication>

#include <QUrl>

#include <memory>

namespace td::knowledge {
class KnowledgeBase;
class ReleaseIndexFetch;
} // namespace td::knowledge

namespace td::ui {

// The wizard's backend on a real machine: every call goes to core (the check
// runner, the planners, the executor and its journal, the report renderers).
class CoreBackend : public Backend {
    Q_DECLARE_TR_FUNCTIONS(CoreBackend)

public:
    CoreBackend();
    ~CoreBackend() override;

    QFuture<Discovery> discover(const QStringList &projectDirs) override;
    QFuture<python::StaticProbe> probeInterpreter(const QString &executable,
                                                  const platform::CancelToken &cancel) override;
    [[nodiscard]] QStringList diagnosisSteps() const override;
    QFuture<checks::Diagnosis> diagnose(const Target &target) override;
    [[nodiscard]] PastedError classifyIn(const QString &text,
                                         const std::optional<QProcessEnvironment> &environment) const override;
    [[nodiscard]] std::optional<checks::Culprit> culpritOf(const python::ClassifiedError &error,
                                                           const checks::Diagnosis &report) const override;

    [[nodiscard]] QList<checks::FixFamily> families() const override;
    [[nodiscard]] std::shared_ptr<const fixes::RepairMachine> repairMachine() const override;

    [[nodiscard]] std::optional<fixes::JournalEntry> journalEntry(const QString &id) const override;
    QFuture<fixes::RepairRunEvent> undo(const QString &entryId, std::shared_ptr<fixes::RepairAnswers> answers,
                                        const platform::CancelToken &cancel) override;

    [[nodiscard]] QString renderReport(const checks::Diagnosis &report, ReportFormat format, bool redact,
                                       const report::SessionHistory &history) const override;
    // A diagnosis in one of the report formats, through core's renderers.
    static QString render(const checks::Diagnosis &report, ReportFormat format, const report::ReportOptions &options);
    platform::Result<void> saveReport(const QString &path, const QString &text) const override;

    // The knowledge base could not be read (a damaged build): what is wrong.
    [[nodiscard]] QStringList knowledgeProblems() const { return m_knowledgeProblems; }

    // Fetches the release list in the background (the event loop keeps running: the first page is
    // never held up), keeps it in the app-data folder and, when newer than what is known, uses it
    // from the next diagnosis on; a diagnosis already running keeps the knowledge it started with.
    // Until then, and offline, the list of an earlier refresh or the shipped one is used.
    void refreshKnowledge(const QUrl &url, int timeoutMs);
    // The knowledge in use now (reports name its release list and date).
    [[nodiscard]] std::shared_ptr<const knowledge::KnowledgeBase> currentKnowledge() const;

private:
    [[nodiscard]] checks::CheckRequest requestFor(const Target &target) const;

    std::shared_ptr<knowledge::KnowledgeBase> m_knowledge; // replaced whole, never changed in place
    std::shared_ptr<const fixes::RepairMachine> m_machine; // replaced with it
    mutable QMutex m_knowledgeMutex;
    std::unique_ptr<knowledge::ReleaseIndexFetch> m_fetch;
    QStringList m_knowledgeProblems;
};

} // namespace td::ui
