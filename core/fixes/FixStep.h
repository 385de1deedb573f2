// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/UserEnvironment.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>
#include <variant>

namespace td::fixes {

// Runs one program with an argument list (never a shell string).
struct RunProgram {
    QString program;
    QStringList arguments;
    QMap<QString, QString> environment; // added to this process's environment
    std::chrono::milliseconds timeout{std::chrono::minutes(10)};
    bool needsAdmin = false;
    // How to undo it, when it can be undone: `snapshotProgram` runs before the
    // step and its standard output is kept next to the journal entry (e.g.
    // `pip freeze`); undo runs `undoProgram`. Every "{snapshot}" in
    // `snapshotArguments` and `undoArguments` is replaced by the path of that
    // file (the snapshot may keep more beside it: "{snapshot}.files").
    QString snapshotProgram;
    QStringList snapshotArguments;
    QString undoProgram;
    QStringList undoArguments;
    // What it needs on disk, where (pip: the new files and their wheels), when the planner knows.
    qint64 spaceNeeded = 0;
    QString spaceFolder;
};

// Replaces one line of a text file, or removes it (empty `newText`). The
// texts are the line's exact bytes without its line ending; every other byte
// of the file is kept.
struct EditFile {
    QString path;
    int line = 0; // 1-based
    QByteArray oldText;
    QByteArray newText;
};

// Writes a whole file (or removes it), keeping or setting its permissions.
struct WriteFile {
    QString path;
    QByteArray bytes;
    bool remove = false;  // remove the file instead
    int permissions = -1; // QFile::Permissions as an int; -1: keep the file's, or the default for a new one
};

// A user environment variable in the system's own store (the Windows
// registry); carried out by a handler the platform code provides.
struct SetUserVariable {
    QString name;
    std::optional<QString> oldValue; // nullopt: it was not set
    std::optional<QString> newValue; // nullopt: delete it
    // Undo: the exact type and bytes to write back (newValue is their text).
    std::optional<platform::RegistryValue> restore;
};

struct FixStep {
    Q_DECLARE_TR_FUNCTIONS(FixStep)

public:
    std::variant<RunProgram, EditFile, WriteFile, SetUserVariable> action;

    // One line, exact: the program and its arguments, the file and line, ...
    [[nodiscard]] QString description() const;
    [[nodiscard]] bool needsAdmin() const;
    // "run-program", "edit-file", "write-file", "set-user-variable"
    [[nodiscard]] QString kind() const;
};

// A program step with the fields most plans set.
RunProgram runProgram(QString program, QStringList arguments, bool needsAdmin = false,
                      std::chrono::milliseconds timeout = std::chrono::minutes(10));

// An argument list as a person would type it (quoted where needed), for display only.
QString displayCommand(const QString &program, const QStringList &arguments);

} // namespace td::fixes
