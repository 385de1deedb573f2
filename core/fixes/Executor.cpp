// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/Executor.h"
#include "platform/FileIo.h"
#include "platform/LogCategories.h"
#include "platform/OriginalEnvironment.h"
#include "platform/Overloaded.h"
#include "platform/TextLines.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcessEnvironment>
#include <QSet>
#include <QStorageInfo>

#ifndef Q_OS_WIN
#include <unistd.h>
#endif

namespace td::fixes {

namespace {

QString sha256(const QByteArray &data)
{
    return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
}

platform::Result<QByteArray> readAll(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return platform::Error{file.errorString()};
    return file.readAll();
}

// Atomically, keeping the file's permissions (or setting `permissions`), and
// read back: a step is done only when the file holds what it should.
platform::Result<void> writeAll(const QString &path, const QByteArray &data, int permissions)
{
    if (auto saved = platform::saveFile(path, data); !saved)
        return platform::Error{QStringLiteral("cannot write %1: %2").arg(path, saved.error())};
    if (permissions >= 0
        && !QFile::setPermissions(
            path, QFileDevice::Permissions::fromInt(static_cast<QFileDevice::Permissions::Int>(permissions))))
        return platform::Error{QStringLiteral("cannot set the permissions of %1").arg(path)};
    if (const auto back = readAll(path); !back || *back != data)
        return platform::Error{QStringLiteral("%1 does not read back as written").arg(path)};
    return {};
}

// What undoes a step that edits or writes `path`: its bytes before the step.
platform::Result<FileUndo> fileUndo(const QString &path)
{
    FileUndo undo;
    undo.path = path;
    const QFileInfo info(path);
    undo.existed = info.exists();
    if (!undo.existed)
        return undo;
    auto read = readAll(path);
    if (!read)
        return platform::Error{read.error()};
    undo.bytes = std::move(read).value();
    undo.permissions = static_cast<int>(info.permissions().toInt());
    undo.sha256 = sha256(undo.bytes);
    return undo;
}

// What a run needs on disk before it starts, folder by folder: the journal
// entry (with a copy of every file it replaces, base64), beside each file it
// writes the new file before it replaces the old one, and what its programs
// say they need (pip's new files and wheels).
QMap<QString, qint64> spaceNeeded(const FixPlan &plan, const QString &journalFolder)
{
    constexpr qint64 kEntry = 16 * 1024; // the entry's text, and the run's history beside it
    QMap<QString, qint64> need{{journalFolder, kEntry}};
    for (const FixStep &step : plan.steps) {
        if (const auto *program = std::get_if<RunProgram>(&step.action); program && program->spaceNeeded > 0)
            need[program->spaceFolder] += program->spaceNeeded;
        QString path;
        qint64 newSize = 0;
        if (const auto *edit = std::get_if<EditFile>(&step.action)) {
            path = platform::writeTarget(edit->path);
            newSize = QFileInfo(path).size() + edit->newText.size();
        } else if (const auto *write = std::get_if<WriteFile>(&step.action); write && !write->remove) {
            path = platform::writeTarget(write->path);
            newSize = write->bytes.size();
        }
        if (path.isEmpty())
            continue;
        need[journalFolder] += QFileInfo(path).size() * 4 / 3 + 1024;
        need[QFileInfo(path).absolutePath()] += newSize + 4096;
    }
    return need;
}

// Empty when there is room for the run; else what is missing, where. Folders
// on one file system share its free space.
QString missingSpace(const QMap<QString, qint64> &need)
{
    QMap<QString, qint64> perVolume;
    QMap<QString, QStorageInfo> volumes;
    for (auto it = need.cbegin(); it != need.cend(); ++it) {
        QString folder = it.key();
        while (!QFileInfo::exists(folder) && QFileInfo(folder).absolutePath() != folder)
            folder = QFileInfo(folder).absolutePath(); // the journal's folder may not exist yet
        const QStorageInfo storage(folder);
        if (!storage.isValid())
            continue;
        perVolume[storage.rootPath()] += it.value();
        volumes.insert(storage.rootPath(), storage);
    }
    for (auto it = perVolume.cbegin(); it != perVolume.cend(); ++it) {
        const qint64 free = volumes[it.key()].bytesAvailable();
        if (free >= 0 && free < it.value())
            return Executor::tr("not enough space on %1: %2 KiB needed, %3 KiB free. Free some space, then try "
                                "again; nothing was changed.")
                .arg(QDir::toNativeSeparators(it.key()))
                .arg((it.value() + 1023) / 1024)
                .arg(free / 1024);
    }
    return {};
}

QProcessEnvironment environmentWith(const QMap<QString, QString> &additions)
{
    QProcessEnvironment env = platform::originalEnvironment();
    for (auto it = additions.cbegin(); it != additions.cend(); ++it)
        env.insert(it.key(), it.value());
    return env;
}

// The step that sets a user variable back to what it was before the step.
SetUserVariable undoVariable(const VariableUndo &u)
{
    SetUserVariable v;
    v.name = u.name;
    v.oldValue = u.after;
    v.newValue = u.before;
    if (u.before)
        v.restore = u.stored;
    return v;
}

} // namespace

platform::Result<QByteArray> replaceLine(const QByteArray &file, int line, const QByteArray &oldText,
                                         const QByteArray &newText)
{
    const QList<platform::TextLine> lines = platform::textLines(file);
    // Past the last newline is an empty line: an edit can add text there, not find any.
    if (line < 1 || line > lines.size() || (lines[line - 1].start >= file.size() && line > 1 && !oldText.isEmpty()))
        return platform::Error{QStringLiteral("the file has fewer than %1 lines now").arg(line)};
    const platform::TextLine &at = lines[line - 1];
    const QByteArray current = at.textIn(file);
    if (current != oldText)
        return platform::Error{
            QStringLiteral("line %1 is no longer `%2` but `%3`: the file changed since the plan was made")
                .arg(line)
                .arg(QString::fromUtf8(oldText), QString::fromUtf8(current))};
    QByteArray out = file.left(at.start);
    out += newText.isEmpty() ? file.mid(at.next) : newText + file.mid(at.end);
    return out;
}

Executor::Executor(Journal journal) : m_journal(std::move(journal)) {}

void attachUserEnvironment(ExecutorCallbacks &callbacks, std::shared_ptr<const platform::UserEnvironment> environment)
{
    callbacks.setUserVariable = [environment](const SetUserVariable &step) {
        if (step.restore)
            return environment->setRaw(step.name, *step.restore);
        if (step.newValue)
            return environment->set(step.name, *step.newValue);
        return environment->remove(step.name);
    };
    callbacks.readUserVariable = [environment](const QString &name) { return environment->get(name); };
}

QStringList Executor::defaultElevation()
{
#ifdef Q_OS_WIN
    // UAC for that one program, through the userenv helper (ShellExecuteEx "runas").
    return platform::UserEnvironment::defaultCommand() + QStringList{QStringLiteral("run-elevated-args")};
#else
    return ::geteuid() == 0 ? QStringList() : QStringList{QStringLiteral("pkexec")};
#endif
}

ExecutionResult Executor::run(const FixPlan &plan, const ExecutorCallbacks &callbacks,
                              const platform::CancelToken &cancel) const
{
    return execute(plan, callbacks, cancel, nullptr);
}

// The file a step edits or writes (where a link points to), or empty.
QString Executor::fileWrittenBy(const FixStep &step)
{
    if (const auto *edit = std::get_if<EditFile>(&step.action))
        return platform::writeTarget(edit->path);
    if (const auto *write = std::get_if<WriteFile>(&step.action))
        return platform::writeTarget(write->path);
    return {};
}

// What undoes the step, recorded before it runs; an Error when that could not be done.
platform::Result<UndoRecord> Executor::undoRecordOf(const FixStep &step, const QString &fileToHash,
                                                    const QString &entryId, int index,
                                                    const ExecutorCallbacks &callbacks,
                                                    const platform::CancelToken &cancel) const
{
    if (!fileToHash.isEmpty()) {
        auto undo = fileUndo(fileToHash);
        if (!undo)
            return platform::Error{undo.error()};
        return UndoRecord{std::move(undo).value()};
    }
    if (const auto *var = std::get_if<SetUserVariable>(&step.action)) {
        VariableUndo undo{var->name, var->oldValue, var->newValue, std::nullopt};
        if (callbacks.readUserVariable) {
            // The value as stored now: its type and bytes, so undo writes exactly them back.
            const auto now = callbacks.readUserVariable(var->name);
            if (!now)
                return platform::Error{now.error()};
            if (!var->restore && (*now ? std::optional<QString>((*now)->text()) : std::nullopt) != var->oldValue)
                return platform::Error{tr("%1 changed since the plan was made").arg(var->name)};
            undo.stored = *now;
        }
        return UndoRecord{undo};
    }
    const auto *program = std::get_if<RunProgram>(&step.action);
    if (!program || program->undoProgram.isEmpty())
        return UndoRecord{};
    QStringList arguments = program->undoArguments;
    if (!program->snapshotProgram.isEmpty()) {
        const QString snapshotPath =
            m_journal.directory() + u'/' + entryId + QStringLiteral("-step%1.snapshot").arg(index + 1);
        platform::ProcessRequest request;
        request.program = program->snapshotProgram;
        request.arguments = program->snapshotArguments;
        request.arguments.replaceInStrings(QStringLiteral("{snapshot}"), snapshotPath);
        request.environment = environmentWith(program->environment);
        request.timeout = program->timeout;
        const platform::ProcessResult snapshot = platform::runProcess(request, cancel);
        if (!snapshot.succeeded())
            return platform::Error{tr("the snapshot before the step (%1) failed: %2")
                                       .arg(displayCommand(request.program, request.arguments), snapshot.describe())};
        if (auto written = writeAll(snapshotPath, snapshot.standardOutput, -1); !written)
            return platform::Error{written.error()};
        arguments.replaceInStrings(QStringLiteral("{snapshot}"), snapshotPath);
    }
    return UndoRecord{ProgramUndo{program->undoProgram, arguments, program->needsAdmin}};
}

// The step itself.
platform::Result<void> Executor::runStep(const FixStep &step, const QString &fileToHash,
                                         const ExecutorCallbacks &callbacks, const platform::CancelToken &cancel) const
{
    using platform::Error;
    return std::visit(
        [&](const auto &a) -> platform::Result<void> {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, RunProgram>) {
                return runProgram(a, callbacks, cancel);
            } else if constexpr (std::is_same_v<T, EditFile>) {
                const auto bytes = readAll(fileToHash);
                const auto edited = bytes ? replaceLine(*bytes, a.line, a.oldText, a.newText) : bytes;
                if (!edited)
                    return Error{edited.error()};
                return writeAll(fileToHash, *edited, -1);
            } else if constexpr (std::is_same_v<T, WriteFile>) {
                if (!a.remove)
                    return writeAll(fileToHash, a.bytes, a.permissions);
                QFile file(fileToHash);
                if (file.exists() && !file.remove())
                    return Error{file.errorString()};
                return {};
            } else {
                if (!callbacks.setUserVariable)
                    return Error{tr("this build cannot set user variables")};
                return callbacks.setUserVariable(a);
            }
        },
        step.action);
}

// A program step, elevated when it needs to be.
platform::Result<void> Executor::runProgram(const RunProgram &step, const ExecutorCallbacks &callbacks,
                                            const platform::CancelToken &cancel) const
{
    platform::ProcessRequest request;
    request.program = step.program;
    request.arguments = step.arguments;
    if (step.needsAdmin && !m_elevation.isEmpty()) { // elevation for this step alone
        request.program = m_elevation.first();
        request.arguments = m_elevation.mid(1) + QStringList{step.program} + step.arguments;
    }
    request.environment = environmentWith(step.environment);
    request.timeout = step.timeout;
    const platform::ProcessResult r = platform::runProcess(request, cancel, callbacks.output);
    if (r.succeeded())
        return {};
    return platform::Error{r.outcome == platform::ProcessResult::Outcome::FailedToStart
                               ? r.errorText
                               : displayCommand(step.program, step.arguments) + u' ' + r.describe()};
}

ExecutionResult Executor::execute(const FixPlan &plan, const ExecutorCallbacks &callbacks,
                                  const platform::CancelToken &cancel, const JournalEntry *original) const
{
    const QString undoOf = original ? original->id : QString();
    ExecutionResult result;
    if (!callbacks.confirm || !callbacks.confirm(plan)) {
        result.outcome = ExecutionResult::Outcome::Declined;
        return result;
    }
    if (const int removed = m_journal.removeLeftovers(); removed > 0)
        qCInfo(lcFixes, "removed %d temporary files left by runs that were killed", removed);
    if (const QString missing = missingSpace(spaceNeeded(plan, m_journal.directory())); !missing.isEmpty()) {
        result.outcome = ExecutionResult::Outcome::Failed;
        result.error = missing;
        qCInfo(lcFixes, "fix not started: %s", qUtf8Printable(missing));
        return result;
    }
    JournalEntry entry;
    entry.id = m_journal.newId(plan.family.isEmpty() ? QStringLiteral("fix") : plan.family);
    entry.created = QDateTime::currentDateTime();
    entry.family = plan.family;
    entry.title = plan.title;
    entry.why = plan.why;
    entry.undoOf = undoOf;
    for (const FixStep &s : plan.steps)
        entry.steps << JournalStep{s.kind(), s.description(), s.needsAdmin(), StepState::Planned, {}, {}};
    result.entryId = entry.id;

    auto save = [&]() {
        const auto saved = m_journal.save(entry);
        if (saved)
            return true;
        result.outcome = ExecutionResult::Outcome::JournalFailed;
        result.error = saved.error();
        qCCritical(lcFixes, "journal: %s", qUtf8Printable(saved.error()));
        return false;
    };
    if (!save())
        return result;
    result.entryPath = entry.path;
    qCInfo(lcFixes, "fix %s: %s (%d steps)", qUtf8Printable(entry.id), qUtf8Printable(plan.title),
           int(plan.steps.size()));

    result.outcome = ExecutionResult::Outcome::Done;
    for (qsizetype i = 0; i < plan.steps.size(); ++i) {
        const int index = static_cast<int>(i);
        const FixStep &step = plan.steps[i];
        JournalStep &record = entry.steps[i];
        if (cancel.isCancelled()) {
            result.outcome = ExecutionResult::Outcome::Cancelled;
            break;
        }
        // 1. What undoes the step, recorded before it runs.
        const QString fileToHash = fileWrittenBy(step);
        const auto undo = undoRecordOf(step, fileToHash, entry.id, index, callbacks, cancel);
        if (!undo) {
            record.state = StepState::Failed;
            record.error = tr("could not record what undoes this step: %1").arg(undo.error());
            result.outcome = ExecutionResult::Outcome::Failed;
            result.failedStep = index;
            result.error = record.error;
            save();
            break;
        }
        record.undo = *undo;
        record.state = StepState::Running;
        if (!save())
            break;
        if (callbacks.progress)
            callbacks.progress(index, step, StepState::Running);
        qCInfo(lcFixes, "fix %s step %d: %s", qUtf8Printable(entry.id), int(index) + 1,
               qUtf8Printable(record.description));

        // 2. The step itself.
        const auto ran = runStep(step, fileToHash, callbacks, cancel);
        const bool ok = bool(ran);
        const QString error = ran.error();

        // 3. How it went.
        if (auto *file = std::get_if<FileUndo>(&record.undo); ok && file) {
            const auto after = readAll(fileToHash);
            file->afterSha256 = after ? sha256(*after) : QString();
        }
        record.state = ok ? StepState::Done : StepState::Failed;
        record.error = ok ? QString() : error;
        if (!save())
            break;
        if (callbacks.progress)
            callbacks.progress(index, step, record.state);
        if (!ok) {
            qCCritical(lcFixes, "fix %s step %d failed: %s", qUtf8Printable(entry.id), int(index) + 1,
                       qUtf8Printable(error));
            result.outcome =
                cancel.isCancelled() ? ExecutionResult::Outcome::Cancelled : ExecutionResult::Outcome::Failed;
            result.failedStep = index;
            result.error = error;
            break;
        }
        ++result.stepsDone;
    }
    entry.finished = true;
    if (result.outcome != ExecutionResult::Outcome::JournalFailed)
        save();
    if (result.ok() && !undoOf.isEmpty()) {
        // Re-read: the entry may have changed since it was loaded.
        if (auto current = m_journal.load(original->path.isEmpty() ? undoOf : original->path)) {
            current->undoneBy = entry.id;
            if (const auto saved = m_journal.save(*current); !saved)
                qCCritical(lcFixes, "journal: %s", qUtf8Printable(saved.error()));
        }
    }
    return result;
}

// The step that puts a file back as it was before step `number`; a warning when it changed since.
void Executor::undoFile(const FileUndo &u, int number, QSet<QString> &editedLater, FixPlan &plan) const
{
    if (u.path.isEmpty())
        return;
    WriteFile w;
    w.path = u.path;
    w.remove = !u.existed;
    w.bytes = u.bytes;
    w.permissions = u.permissions;
    const auto now = readAll(w.path);
    const bool newest = !editedLater.contains(w.path);
    editedLater.insert(w.path);
    if (newest && u.afterSha256 && !u.afterSha256->isEmpty() && now && sha256(*now) != *u.afterSha256)
        plan.warnings << tr("%1 changed again after step %2: undo puts back the version from before the step, and "
                            "later edits to it are lost.")
                             .arg(w.path)
                             .arg(number);
    plan.steps << FixStep{w};
}

std::optional<JournalEntry> Executor::latestUndoable(QList<JournalEntry> *passed) const
{
    for (const JournalEntry &entry : m_journal.undoCandidates()) {
        if (!undoPlan(entry).steps.isEmpty())
            return entry;
        if (passed)
            passed->append(entry);
    }
    return std::nullopt;
}

FixPlan Executor::undoPlan(const JournalEntry &entry) const
{
    FixPlan plan;
    plan.family = entry.family;
    plan.title = tr("Undo %1: %2").arg(entry.id, entry.title);
    plan.why = entry.why;
    if (!entry.undoneBy.isEmpty())
        plan.warnings << tr("%1 was already undone by %2.").arg(entry.id, entry.undoneBy);
    QSet<QString> editedLater; // files a later step of this run wrote: their change since is its own
    for (qsizetype i = entry.steps.size() - 1; i >= 0; --i) {
        const JournalStep &s = entry.steps[i];
        if (s.state == StepState::Planned)
            continue;
        const int number = static_cast<int>(i) + 1;
        std::visit(platform::Overloaded{[&](const FileUndo &u) { undoFile(u, number, editedLater, plan); },
                              [&](const VariableUndo &u) { plan.steps << FixStep{undoVariable(u)}; },
                              [&](const ProgramUndo &u) {
                                  RunProgram p;
                                  p.program = u.program;
                                  p.arguments = u.arguments;
                                  p.needsAdmin = u.needsAdmin;
                                  plan.steps << FixStep{p};
                              },
                              [&](std::monostate) {
                                  plan.warnings << tr("Step %1 (%2) cannot be undone automatically.")
                                                       .arg(number)
                                                       .arg(s.description);
                              }},
                   s.undo);
    }
    return plan;
}

ExecutionResult Executor::undo(const JournalEntry &entry, const ExecutorCallbacks &callbacks,
                               const platform::CancelToken &cancel) const
{
    return execute(undoPlan(entry), callbacks, cancel, &entry);
}

} // namespace td::fixes
