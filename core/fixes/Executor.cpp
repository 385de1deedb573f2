// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/Executor.h"
#include "platform/FileIo.h"
#include "platform/OriginalEnvironment.h"
#include "platform/TextLines.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcessEnvironment>
#include <QSet>
#include <QStorageInfo>

#include <spdlog/spdlog.h>

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

// Where a Result's error goes in the step-by-step code below.
bool succeeded(const platform::Result<void> &result, QString &error)
{
    if (!result)
        error = result.error();
    return bool(result);
}

// What undoes a change to `path`: its bytes and mode now, or that it is absent.
QJsonObject fileUndo(const QString &path, QString &error, bool &ok)
{
    ok = true;
    QJsonObject undo{{QStringLiteral("path"), path}};
    const QFileInfo info(path);
    undo.insert(QStringLiteral("existed"), info.exists());
    if (!info.exists())
        return undo;
    const auto read = readAll(path);
    if (!read) {
        error = read.error();
        ok = false;
        return undo;
    }
    const QByteArray &bytes = *read;
    undo.insert(QStringLiteral("bytes"), QString::fromLatin1(bytes.toBase64()));
    undo.insert(QStringLiteral("permissions"), static_cast<int>(info.permissions().toInt()));
    undo.insert(QStringLiteral("sha256"), sha256(bytes));
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
    callbacks.setUserVariable = [environment](const SetUserVariable &step, QString &error) {
        if (step.restore)
            return environment->setRaw(step.name, *step.restore, error);
        if (step.newValue)
            return environment->set(step.name, *step.newValue, error);
        return environment->remove(step.name, error);
    };
    callbacks.readUserVariable = [environment](const QString &name, std::optional<platform::RegistryValue> &value,
                                               QString &error) { return environment->get(name, value, error); };
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

// What undoes the step, recorded before it runs; false (with `error`) when that could not be done.
bool Executor::prepareUndo(const FixStep &step, JournalStep &record, const QString &entryId, int index,
                           const ExecutorCallbacks &callbacks, const platform::CancelToken &cancel,
                           QString &fileToHash, QString &error) const
{
    bool prepared = true;
    if (const auto *edit = std::get_if<EditFile>(&step.action)) {
        fileToHash = platform::writeTarget(edit->path);
        record.undo = fileUndo(fileToHash, error, prepared);
    } else if (const auto *write = std::get_if<WriteFile>(&step.action)) {
        fileToHash = platform::writeTarget(write->path);
        record.undo = fileUndo(fileToHash, error, prepared);
    } else if (const auto *var = std::get_if<SetUserVariable>(&step.action)) {
        record.undo = QJsonObject{{QStringLiteral("name"), var->name},
                                  {QStringLiteral("existed"), var->oldValue.has_value()},
                                  {QStringLiteral("value"), var->oldValue.value_or(QString())},
                                  {QStringLiteral("new_existed"), var->newValue.has_value()},
                                  {QStringLiteral("new_value"), var->newValue.value_or(QString())}};
        if (callbacks.readUserVariable) {
            // The value as stored now: its type and bytes, so undo writes exactly them back.
            std::optional<platform::RegistryValue> now;
            if (!callbacks.readUserVariable(var->name, now, error)) {
                prepared = false;
            } else if (!var->restore
                       && (now ? std::optional<QString>(now->text()) : std::nullopt) != var->oldValue) {
                prepared = false;
                error = tr("%1 changed since the plan was made").arg(var->name);
            } else if (now) {
                record.undo.insert(QStringLiteral("type"), now->type);
                record.undo.insert(QStringLiteral("raw"), QString::fromLatin1(now->raw.toHex()));
            }
        }
    } else if (const auto *program = std::get_if<RunProgram>(&step.action);
               program && !program->undoProgram.isEmpty()) {
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
            if (!snapshot.succeeded()) {
                prepared = false;
                error = tr("the snapshot before the step (%1) failed: %2")
                            .arg(displayCommand(request.program, request.arguments), snapshot.describe());
            } else if (!succeeded(writeAll(snapshotPath, snapshot.standardOutput, -1), error)) {
                prepared = false;
            }
            for (QString &a : arguments)
                a.replace(QStringLiteral("{snapshot}"), snapshotPath);
        }
        QJsonArray args;
        for (const QString &a : arguments)
            args.append(a);
        record.undo = QJsonObject{{QStringLiteral("program"), program->undoProgram},
                                  {QStringLiteral("arguments"), args},
                                  {QStringLiteral("needs_admin"), program->needsAdmin}};
    }
    return prepared;
}

// The step itself; `cancelled` when it was stopped.
bool Executor::runStep(const FixStep &step, const QString &fileToHash, const ExecutorCallbacks &callbacks,
                       const platform::CancelToken &cancel, QString &error, bool &cancelled) const
{
    bool ok = false;
    std::visit(
        [&](const auto &a) {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, RunProgram>) {
                platform::ProcessRequest request;
                request.program = a.program;
                request.arguments = a.arguments;
                // Elevation for this step alone.
                if (a.needsAdmin && !m_elevation.isEmpty()) {
                    request.program = m_elevation.first();
                    request.arguments = m_elevation.mid(1) + QStringList{a.program} + a.arguments;
                }
                request.environment = environmentWith(a.environment);
                request.timeout = a.timeout;
                const platform::ProcessResult r = platform::runProcess(request, cancel, callbacks.output);
                ok = r.succeeded();
                cancelled = r.outcome == platform::ProcessResult::Outcome::Cancelled;
                if (!ok)
                    error = r.outcome == platform::ProcessResult::Outcome::FailedToStart
                                ? r.errorText
                                : displayCommand(a.program, a.arguments) + u' ' + r.describe();
            } else if constexpr (std::is_same_v<T, EditFile>) {
                const auto bytes = readAll(fileToHash);
                const auto edited = bytes ? replaceLine(*bytes, a.line, a.oldText, a.newText) : bytes;
                ok = edited && succeeded(writeAll(fileToHash, *edited, -1), error);
                if (!edited)
                    error = edited.error();
            } else if constexpr (std::is_same_v<T, WriteFile>) {
                if (a.remove) {
                    QFile file(fileToHash);
                    ok = !file.exists() || file.remove();
                    if (!ok)
                        error = file.errorString();
                } else {
                    ok = succeeded(writeAll(fileToHash, a.bytes, a.permissions), error);
                }
            } else {
                if (callbacks.setUserVariable)
                    ok = callbacks.setUserVariable(a, error);
                else
                    error = tr("this build cannot set user variables");
            }
        },
        step.action);
    return ok;
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
        spdlog::info("removed {} temporary files left by runs that were killed", removed);
    if (const QString missing = missingSpace(spaceNeeded(plan, m_journal.directory())); !missing.isEmpty()) {
        result.outcome = ExecutionResult::Outcome::Failed;
        result.error = missing;
        spdlog::info("fix not started: {}", missing.toStdString());
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
        QString error;
        if (m_journal.save(entry, error))
            return true;
        result.outcome = ExecutionResult::Outcome::JournalFailed;
        result.error = error;
        spdlog::error("fix journal: {}", error.toStdString());
        return false;
    };
    if (!save())
        return result;
    result.entryPath = entry.path;
    spdlog::info("fix {}: {} ({} steps)", entry.id.toStdString(), plan.title.toStdString(), plan.steps.size());

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
        QString error;
        QString fileToHash;
        const bool prepared = prepareUndo(step, record, entry.id, index, callbacks, cancel, fileToHash, error);
        if (!prepared) {
            record.state = StepState::Failed;
            record.error = tr("could not record what undoes this step: %1").arg(error);
            result.outcome = ExecutionResult::Outcome::Failed;
            result.failedStep = index;
            result.error = record.error;
            save();
            break;
        }
        record.state = StepState::Running;
        if (!save())
            break;
        if (callbacks.progress)
            callbacks.progress(index, step, StepState::Running);
        spdlog::info("fix {} step {}: {}", entry.id.toStdString(), index + 1, record.description.toStdString());

        // 2. The step itself.
        bool cancelled = false;
        const bool ok = runStep(step, fileToHash, callbacks, cancel, error, cancelled);

        // 3. How it went.
        if (ok && !fileToHash.isEmpty()) {
            const auto after = readAll(fileToHash);
            record.undo.insert(QStringLiteral("after_sha256"), after ? sha256(*after) : QString());
        }
        record.state = ok ? StepState::Done : StepState::Failed;
        record.error = ok ? QString() : error;
        if (!save())
            break;
        if (callbacks.progress)
            callbacks.progress(index, step, record.state);
        if (!ok) {
            spdlog::error("fix {} step {} failed: {}", entry.id.toStdString(), index + 1, error.toStdString());
            result.outcome = cancelled ? ExecutionResult::Outcome::Cancelled : ExecutionResult::Outcome::Failed;
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
        QString error;
        // Re-read: the entry may have changed since it was loaded.
        if (auto current = m_journal.load(original->path.isEmpty() ? undoOf : original->path, error)) {
            current->undoneBy = entry.id;
            if (!m_journal.save(*current, error))
                spdlog::error("fix journal: {}", error.toStdString());
        }
    }
    return result;
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
        const QJsonObject &u = s.undo;
        if (s.kind == QLatin1String("edit-file") || s.kind == QLatin1String("write-file")) {
            WriteFile w;
            w.path = u.value(QStringLiteral("path")).toString();
            w.remove = !u.value(QStringLiteral("existed")).toBool();
            w.bytes = QByteArray::fromBase64(u.value(QStringLiteral("bytes")).toString().toLatin1());
            w.permissions = u.value(QStringLiteral("permissions")).toInt(-1);
            if (w.path.isEmpty())
                continue;
            const QString after = u.value(QStringLiteral("after_sha256")).toString();
            const auto now = readAll(w.path);
            const bool newest = !editedLater.contains(w.path);
            editedLater.insert(w.path);
            if (newest && !after.isEmpty() && now && sha256(*now) != after)
                plan.warnings << tr("%1 changed again after step %2: undo puts back the version from before the "
                                    "step, and later edits to it are lost.")
                                     .arg(w.path)
                                     .arg(i + 1);
            plan.steps << FixStep{w};
        } else if (s.kind == QLatin1String("set-user-variable")) {
            SetUserVariable v;
            v.name = u.value(QStringLiteral("name")).toString();
            if (u.value(QStringLiteral("new_existed")).toBool())
                v.oldValue = u.value(QStringLiteral("new_value")).toString();
            if (u.value(QStringLiteral("existed")).toBool()) {
                v.newValue = u.value(QStringLiteral("value")).toString();
                if (u.contains(QStringLiteral("raw")))
                    v.restore = platform::RegistryValue{
                        u.value(QStringLiteral("type")).toString(),
                        QByteArray::fromHex(u.value(QStringLiteral("raw")).toString().toLatin1())};
            }
            plan.steps << FixStep{v};
        } else if (u.contains(QStringLiteral("program"))) {
            RunProgram p;
            p.program = u.value(QStringLiteral("program")).toString();
            for (const auto &a : u.value(QStringLiteral("arguments")).toArray())
                p.arguments << a.toString();
            p.needsAdmin = u.value(QStringLiteral("needs_admin")).toBool();
            plan.steps << FixStep{p};
        } else {
            plan.warnings << tr("Step %1 (%2) cannot be undone automatically.").arg(i + 1).arg(s.description);
        }
    }
    return plan;
}

ExecutionResult Executor::undo(const JournalEntry &entry, const ExecutorCallbacks &callbacks,
                               const platform::CancelToken &cancel) const
{
    return execute(undoPlan(entry), callbacks, cancel, &entry);
}

} // namespace td::fixes
