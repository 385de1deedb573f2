// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QProcessEnvironment>
#include <QString>

namespace td::platform::shell {

// How a startup file is written: sh/bash/zsh, or fish.
enum class Syntax { Posix, Fish };
Syntax syntaxOf(const QString &path); // *.fish: Fish

struct LineEdit {
    int line = 0;       // 1-based
    QByteArray oldText; // the line's exact bytes, without its line ending
    QByteArray newText;
    bool commentedOut = false; // the assignment held nothing else: the line is now a comment
};

struct ScanResult {
    QList<LineEdit> edits;
    // Lines that set the variable in a way that cannot be edited safely
    // (a value that spans lines, other commands sharing the line, ...).
    QList<int> notUnderstood;
};

// Every assignment of `variable` in `file` that puts `entry` in it
// (`export VAR=...`, `VAR=...; export VAR`, `declare -x`, fish's `set -gx`,
// with quotes and $VAR / ${VAR} / $HOME / ~ references, expanded from
// `environment`), and the edit that removes exactly that entry. When the
// assignment held only that entry (besides the variable's own old value)
// the line is commented out with "# removed by TorchDoctor: <why>" (in the user's language).
ScanResult planEntryRemoval(const QByteArray &file, Syntax syntax, const QString &variable, const QString &entry,
                            const QString &why, const QProcessEnvironment &environment);

// Every assignment of `variable` in `file`, commented out.
ScanResult planVariableRemoval(const QByteArray &file, Syntax syntax, const QString &variable, const QString &why);

} // namespace td::platform::shell
