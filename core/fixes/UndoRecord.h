// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/UserEnvironment.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <variant>

namespace td::fixes {

// What undoes one journalled step, kept in the journal before the step runs (a step's "undo").

// An edited or written file: what it held before the step.
struct FileUndo {
    QString path;
    bool existed = false;
    QByteArray bytes;     // when it existed
    int permissions = -1; // when it existed
    QString sha256;       // of `bytes`
    // The file's sha256 right after the step (empty when it was gone), so that undo can tell a
    // later change; unset until the step ran.
    std::optional<QString> afterSha256;
};

// A user environment variable (Windows): its value before and after the step.
struct VariableUndo {
    QString name;
    std::optional<QString> before; // nullopt: not set before the step
    std::optional<QString> after;  // what the step sets; nullopt: removed
    // The value as it was stored before, type and bytes, so that undo writes exactly them back.
    std::optional<platform::RegistryValue> stored;
};

// A program that undoes what a program did (e.g. restoring kept files).
struct ProgramUndo {
    QString program;
    QStringList arguments;
    bool needsAdmin = false;
};

// std::monostate: nothing undoes the step.
using UndoRecord = std::variant<std::monostate, FileUndo, VariableUndo, ProgramUndo>;

// The journal's JSON of a record (an empty object for monostate), and back: `kind` is the step's
// FixStep::kind(). Keys: path, existed, bytes (base64), permissions, sha256, after_sha256 |
// name, existed, value, new_existed, new_value, type, raw (hex) | program, arguments, needs_admin.
QJsonObject toJson(const UndoRecord &record);
UndoRecord undoRecordFromJson(const QString &kind, const QJsonObject &json);

// The file a record restores, or empty.
QString restoredFile(const UndoRecord &record);

} // namespace td::fixes
