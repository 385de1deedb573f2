// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"

#include "flow/Flow.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <optional>

namespace td::ui {

class Backend;

// What the pages share: the target, the pasted error, the diagnoses and the
// walk through the flowchart. Pages change it; the flowchart view follows it.
class Session : public QObject {
    Q_OBJECT

public:
    explicit Session(Backend &backend, QObject *parent = nullptr);
    ~Session() override;

    [[nodiscard]] Backend &backend() const { return m_backend; }

    Target target;
    std::optional<PastedError> pasted;

    // The first diagnosis starts a new walk through the flowchart.
    void setDiagnosis(const checks::Diagnosis &report);
    // The next diagnosis goes on in this session's history instead of starting one (another
    // interpreter was chosen on a repair page: what was found in the first stays in the report).
    void continueHistory() { m_continueHistory = true; }
    void clearDiagnosis();
    [[nodiscard]] const std::optional<checks::Diagnosis> &firstReport() const { return m_first; }
    // The latest diagnosis (after the last verification).
    [[nodiscard]] const std::optional<checks::Diagnosis> &report() const { return m_latest; }
    void setLatestReport(const checks::Diagnosis &report);
    // After a language change: the pasted error read again, in the new language, in the diagnoses too
    // (`changed` tells when it is in).
    void retranslate();

    // Diagnoses the target again: after an undo (`machineChanged`: the
    // verdict follows this check, not the flow's last answer) and after a
    // language change (the findings in the new language).
    void recheck(bool machineChanged);
    [[nodiscard]] bool isRechecking() const { return m_rechecking; }
    // The machine changed (an undo) after the flow's last answer.
    [[nodiscard]] bool changedAfterFlow() const { return m_rechecked; }

    [[nodiscard]] flow::Flow *flow() { return m_flow ? &*m_flow : nullptr; }
    [[nodiscard]] const flow::Flow *flow() const { return m_flow ? &*m_flow : nullptr; }
    // Call after changing the flow: the chart redraws.
    void flowChanged();
    // Back to a page: the walk as it stood when that page was entered (what the repairs
    // changed stays in the journal and in appliedEntries()).
    void restoreFlow(const std::optional<flow::Flow> &flow);
    // The page of the node the flow is at (a verification belongs to its repair's page).
    [[nodiscard]] int pageOfFlow() const;
    [[nodiscard]] static int pageOfFamily(checks::FixFamily family);

    // Journal entries of the repairs applied in this session, oldest first.
    [[nodiscard]] const QStringList &appliedEntries() const { return m_applied; }
    void addApplied(const QString &entryId);
    // What the user does after the repairs ("open a new terminal"), oldest first, each kept with the
    // journal entries of its repair: once they are undone, it no longer applies.
    void addAfterwards(const QStringList &entries, const QString &text);
    void dropAfterwardsOf(const QString &entryId);
    [[nodiscard]] QStringList afterwards() const;

    // What happened since the first diagnosis, for the report: the
    // diagnoses are recorded as they are set, the repairs and undos by the
    // pages that ran them. Written to disk at every stage.
    [[nodiscard]] const report::SessionHistory &history() const { return m_history; }
    void recordRepair(const fixes::RepairRunResult &result);
    void recordUndo(const QString &undoneEntry, const fixes::ExecutionResult &result);

signals:
    void changed();
    void recheckFinished();

private:
    // `report` with the pasted error's finding (so that every report tells it), if there is one.
    [[nodiscard]] checks::Diagnosis withPasted(checks::Diagnosis report) const;
    // Reads the paste again off this thread (in m_pasteEnvironment), then `explainedAgain`.
    void reexplain();
    void explainedAgain();

    Backend &m_backend;
    std::optional<checks::Diagnosis> m_first;
    std::optional<checks::Diagnosis> m_latest;
    std::optional<flow::Flow> m_flow;
    QStringList m_applied;
    QList<std::pair<QStringList, QString>> m_afterwards; // (journal entries, what to do)
    QFutureWatcher<checks::Diagnosis> m_recheck;
    QFutureWatcher<PastedError> m_reexplain;
    // Where the paste is judged when this program's environment does not explain it: a new terminal's.
    std::optional<QProcessEnvironment> m_pasteEnvironment;
    bool m_rechecking = false;
    bool m_rechecked = false;      // an undo changed the machine after the flow's last answer
    bool m_recheckIsStage = false; // the check under way follows a change: the history records it
    report::SessionHistory m_history;
    bool m_continueHistory = false;
};

} // namespace td::ui
