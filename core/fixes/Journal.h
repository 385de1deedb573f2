// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fixes/UndoRecord.h"
#include "platform/Result.h"

#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::fixes {

enum class StepState { Planned, Running, Done, Failed };
QString toString(StepState state);

struct JournalStep {
    QString kind;        // FixStep::kind()
    QString description; // FixStep::description()
    bool needsAdmin = false;
    StepState state = StepState::Planned;
    QString error;    // for Failed
    UndoRecord undo; // what undoes it; std::monostate: nothing
};

// One fix run (or one undo run), as it is on disk: written before each step
// runs, so that a run killed at any point still says what to put back.
struct JournalEntry {
    QString id; // also the file name, without ".json"
    QDateTime created;
    QString family;
    QString title;
    QStringList why;
    QString undoOf;   // this entry undid that one
    QString undoneBy; // that entry undid this one
    bool finished = false;
    QList<JournalStep> steps;
    QString path; // where it was read from or written to

    [[nodiscard]] QJsonObject toJson() const;
    static platform::Result<JournalEntry> fromJson(const QJsonObject &json);
    // Steps that started (running, done or failed): what undo restores.
    [[nodiscard]] int startedSteps() const;
};

// The folder of journal entries: one JSON file per run, each written
// atomically (platform::AtomicFile) and read back before it is trusted.
class Journal {
public:
    // The default: the app-data folder's "journal".
    Journal();
    explicit Journal(QString directory);

    static QString defaultDirectory();
    [[nodiscard]] const QString &directory() const { return m_directory; }

    // A new, unique id: "20250131-142501-123-env".
    [[nodiscard]] QString newId(const QString &family) const;
    [[nodiscard]] QString pathOf(const QString &id) const;

    platform::Result<void> save(JournalEntry &entry) const; // sets entry.path
    // By id, or by the path of an entry file.
    [[nodiscard]] platform::Result<JournalEntry> load(const QString &idOrPath) const;
    // Newest first; unreadable files are skipped.
    [[nodiscard]] QList<JournalEntry> entries() const;
    // Removes the temporary files a run that was killed mid-write left beside
    // the journal and beside the files its entries edit, at the first call in
    // this process (every fix and undo calls it). Returns how many.
    int removeLeftovers() const;
    // What a plain `undo` may undo, newest first: fix runs (not undo runs)
    // with started steps that were not undone yet. (Whether anything in one
    // can be undone is the Executor's undo plan.)
    [[nodiscard]] QList<JournalEntry> undoCandidates() const;

private:
    QString m_directory;
};

} // namespace td::fixes
