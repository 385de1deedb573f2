// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fixes/FixPlan.h"
#include "fixes/Journal.h"
#include "platform/ProcessRunner.h"
#include "platform/Result.h"

#include <QCoreApplication>
#include <QSet>

#include <functional>
#include <memory>
#include <optional>

namespace td::fixes {

struct ExecutorCallbacks {
    // Asked once, with the whole plan, before anything happens. Required:
    // without it (or on false) nothing is written, not even the journal.
    std::function<bool(const FixPlan &)> confirm;
    // A step starts (Running) or ends (Done, Failed); `index` is 0-based.
    std::function<void(int index, const FixStep &step, StepState state)> progress;
    // A program step's output as it arrives.
    std::function<void(const QByteArray &chunk, bool isError)> output;
    // Carries out SetUserVariable steps (the Windows registry part provides
    // it); without it such a step fails.
    std::function<platform::Result<void>(const SetUserVariable &step)> setUserVariable;
    // Reads a user variable as the store holds it (nullopt: not set), so the
    // journal keeps its type and bytes.
    platform::UserRegistryReader readUserVariable;
};

// Fills setUserVariable and readUserVariable with the Windows user environment.
void attachUserEnvironment(ExecutorCallbacks &callbacks, std::shared_ptr<const platform::UserEnvironment> environment);

struct ExecutionResult {
    enum class Outcome {
        Declined,      // not confirmed: nothing changed
        Done,          // every step ran
        Failed,        // a step failed: the steps after it did not run
        Cancelled,     // cancelled between or during steps
        JournalFailed, // the journal could not be written: the step did not run
    };
    Outcome outcome = Outcome::Declined;
    int failedStep = -1; // 0-based
    QString error;
    int stepsDone = 0;
    QString entryId; // the journal entry of this run
    QString entryPath;

    [[nodiscard]] bool ok() const { return outcome == Outcome::Done; }
};

// Runs fix plans step by step after confirmation, journalling each step
// before it runs, and undoes journalled runs.
class Executor {
    Q_DECLARE_TR_FUNCTIONS(Executor)

public:
    explicit Executor(Journal journal);

    ExecutionResult run(const FixPlan &plan, const ExecutorCallbacks &callbacks,
                        const platform::CancelToken &cancel = platform::CancelToken()) const;

    // The plan that puts back what `entry` changed: every step that started
    // (running, done or failed), newest first. Warnings say what cannot be
    // undone, and which files changed again since.
    [[nodiscard]] FixPlan undoPlan(const JournalEntry &entry) const;

    // What a plain `undo` undoes: the newest of the journal's undo candidates
    // whose undo plan has a step. The newer ones with nothing that can be
    // undone (a program without an undo) are added to `passed`, newest first.
    [[nodiscard]] std::optional<JournalEntry> latestUndoable(QList<JournalEntry> *passed = nullptr) const;

    // Runs undoPlan(entry) (after confirmation), recorded as an entry of its
    // own; on success `entry` is marked as undone by it.
    ExecutionResult undo(const JournalEntry &entry, const ExecutorCallbacks &callbacks,
                         const platform::CancelToken &cancel = platform::CancelToken()) const;

    [[nodiscard]] const Journal &journal() const { return m_journal; }

    // What runs a step that needs administrator rights, in front of its
    // program and arguments. By default `pkexec` when this process is not
    // root (Linux, macOS), nothing when it is; on Windows the userenv
    // helper's run-elevated-args (a UAC prompt for that program alone).
    void setElevation(QStringList command) { m_elevation = std::move(command); }
    static QStringList defaultElevation();

private:
    ExecutionResult execute(const FixPlan &plan, const ExecutorCallbacks &callbacks,
                            const platform::CancelToken &cancel, const JournalEntry *original) const;
    static QString fileWrittenBy(const FixStep &step);
    platform::Result<UndoRecord> undoRecordOf(const FixStep &step, const QString &fileToHash, const QString &entryId,
                                              int index, const ExecutorCallbacks &callbacks,
                                              const platform::CancelToken &cancel) const;
    void undoFile(const FileUndo &undo, int number, QSet<QString> &editedLater, FixPlan &plan) const;
    platform::Result<void> runStep(const FixStep &step, const QString &fileToHash, const ExecutorCallbacks &callbacks,
                                   const platform::CancelToken &cancel) const;
    platform::Result<void> runProgram(const RunProgram &step, const ExecutorCallbacks &callbacks,
                                      const platform::CancelToken &cancel) const;

    Journal m_journal;
    QStringList m_elevation = defaultElevation();
};

// `file` with its 1-based line `line` replaced by `newText` (removed when
// `newText` is empty), keeping every other byte: line endings (LF or CRLF),
// a last line without a newline. An error when the line does not hold
// `oldText` (the file changed since the plan was made).
platform::Result<QByteArray> replaceLine(const QByteArray &file, int line, const QByteArray &oldText,
                                         const QByteArray &newText);

} // namespace td::fixes
