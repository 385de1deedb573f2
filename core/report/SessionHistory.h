// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Diagnosis.h"
#include "fixes/Journal.h"
#include "fixes/RepairRun.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <optional>

namespace td::report {

// The story of one session, in order: the first diagnosis, each repair (its
// plan, steps, outcome and journal entries), the check after it, each undo and
// the check after that. A report renders it ahead of the state now. Kept in a
// file of its own that is rewritten atomically after every stage, so that a
// crash loses none of it (the journal keeps what the repairs changed; this
// keeps what was found before and after them).
class SessionHistory {
public:
    SessionHistory() = default; // in memory only: nothing is written

    // A new history, written to a new file in `directory` from its first
    // repair or undo on (a session that changed nothing leaves no file).
    static SessionHistory startIn(const QString &directory);
    // The app-data folder's "history", beside the journal.
    static QString defaultDirectory();

    // A diagnosis: the first one is the "diagnosis" stage, every later one a
    // "recheck" of the repair or undo before it.
    void recordDiagnosis(const checks::Diagnosis &report);
    // The same machine checked again in another language (nothing changed it since the last stage, a
    // diagnosis of the same interpreter): that stage's findings are told in this one's words. False when
    // the last stage is not such a diagnosis (earlier stages stay as they were found).
    bool retellLastDiagnosis(const checks::Diagnosis &report);
    // A repair run that asked or changed something (see tells()).
    void recordRepair(const fixes::RepairRunResult &result);
    // Whether a run is part of the story: plans only shown, with nothing to
    // do, or with no one to ask are not.
    static bool tells(const fixes::RepairRunResult &result);
    // An undo of `undoneEntry`; `result.entryId` is the undo's own journal entry.
    void recordUndo(const QString &undoneEntry, const fixes::ExecutionResult &result);

    [[nodiscard]] bool isEmpty() const { return m_stages.isEmpty(); }
    [[nodiscard]] const QJsonArray &stages() const { return m_stages; }
    [[nodiscard]] QString path() const { return m_path; }
    // Why the last write failed; empty when it did not.
    [[nodiscard]] QString writeError() const { return m_writeError; }

    // {"format", "id", "stages": [...]}: the file.
    [[nodiscard]] QJsonObject toJson() const;
    // The report's "history": {"id", "stages": [..., the "now" stage of `now`]}.
    [[nodiscard]] QJsonObject toReportJson(const checks::Diagnosis &now) const;
    static platform::Result<SessionHistory> load(const QString &path);
    // Every history in `directory`; unreadable files are skipped.
    static QList<SessionHistory> loadAll(const QString &directory);

    // The story the journal on disk tells, oldest first: each repair and undo
    // it recorded; where a history in `recorded` saw that run, its outcome,
    // the diagnosis before it and the check after it come from there.
    static SessionHistory fromJournal(const QList<fixes::JournalEntry> &entries, const QList<SessionHistory> &recorded);

private:
    void append(QJsonObject stage);
    [[nodiscard]] bool hasStage(const QString &kind) const;
    void write();

    QString m_id;
    QString m_path;
    QString m_writeError;
    QJsonArray m_stages;
};

} // namespace td::report
