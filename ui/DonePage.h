// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"
#include "Page.h"

#include <QFutureWatcher>
#include <QHash>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace td::ui {

// The end of the flowchart: whether PyTorch works now, what changed (from
// the journal), what to do next, and Undo for the repairs of this session.
class DonePage : public Page {
    Q_OBJECT

public:
    explicit DonePage(Session &session, QWidget *parent = nullptr);
    ~DonePage() override;

    void initializePage() override;
    [[nodiscard]] bool isComplete() const override;
    [[nodiscard]] int nextId() const override;

    void undo();
    // From Undo until its last event is in (its future ends before that event reaches the page).
    [[nodiscard]] bool isUndoing() const { return m_undoing; }
    [[nodiscard]] bool isBusy() const override;
    // Cancels the undo (a question still open gets "no"); true until its run has ended.
    bool stopWork() override;
    [[nodiscard]] QString resultText() const;
    [[nodiscard]] QString statusText() const;

protected:
    void retranslate() override;

private:
    void fill();
    // The journal entries of the repairs applied, read off the GUI thread; the list follows when they are in.
    void readEntries();
    void fillChanges();
    // Sentences one after the other, as the language writes them (Chinese: no space).
    [[nodiscard]] static QString sentences(const QStringList &list);
    void onUndoEvents(int begin, int end);
    [[nodiscard]] QString undoableEntry() const;

    QLabel *m_result = nullptr;
    QLabel *m_changesLabel = nullptr;
    QTreeWidget *m_changes = nullptr;
    QLabel *m_afterwards = nullptr;
    QPushButton *m_undoButton = nullptr;
    QLabel *m_status = nullptr;
    QFutureWatcher<fixes::RepairRunEvent> m_undo;
    using Entries = QHash<QString, std::optional<fixes::JournalEntry>>;
    QFutureWatcher<Entries> m_reading;
    Entries m_entries; // as last read
    std::shared_ptr<fixes::RepairAnswers> m_undoAnswers;
    platform::CancelToken m_undoCancel;
    bool m_undoing = false;
    QStringList m_undone;
};

} // namespace td::ui
