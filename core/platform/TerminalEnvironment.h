// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/ProcessRunner.h"

#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <chrono>
#include <optional>

namespace td::platform {

// What a new terminal gets. A program started from the desktop has the
// session's environment, without what ~/.bashrc, conda's activation and the
// like add in a terminal: the environment torch fails in may not be ours.
struct TerminalEnvironment {
    QString shell;                   // the user's login shell (Windows: the command interpreter)
    QStringList command;             // how it was run (Windows: empty)
    QStringList registryKeys;        // Windows: the keys the environment was built from
    QProcessEnvironment environment; // what it ended up with; empty when it could not be read
    QString error;                   // why not
    [[nodiscard]] bool ok() const { return error.isEmpty(); }
};

// Runs the user's login shell (the passwd entry, else $SHELL) the way a
// desktop session and then a terminal start it: a login shell (~/.profile,
// ~/.zprofile) that starts an interactive one (~/.bashrc, ~/.zshrc, fish's
// config), from the home folder, with the session's variables alone (HOME,
// USER, the display, the locale: everything else is what the startup files
// make), no input, and a time limit. `own` gives those session variables.
// Windows: a new terminal gets the environment Explorer builds from the
// registry, read the same way: the system's (HKLM ...\Session Manager\Environment),
// then the user's (HKCU\Environment), REG_SZ before REG_EXPAND_SZ (expanded
// against what is set so far), the user's Path appended to the system's; the
// variables Windows itself sets (USERPROFILE, APPDATA, ...) come from
// CreateEnvironmentBlock. Nothing is run.
TerminalEnvironment readTerminalEnvironment(const QProcessEnvironment &own, std::chrono::milliseconds timeout,
                                            const CancelToken &cancel = CancelToken());

// A variable that decides how Python and torch load, where two environments differ.
struct EnvironmentDifference {
    QString name;
    std::optional<QString> here;  // nullopt: unset
    std::optional<QString> there; // nullopt: unset
};

// The variables that decide which Python runs and what it loads (PATH is
// compared by the python3 and python it finds), where `here` and `there` differ.
// %NAME% replaced by NAME's value in `environment`, as ExpandEnvironmentStrings
// does for the process's own (an unknown %NAME% stays as written, and the
// text after it is read from its closing '%' on).
QString expandWindowsVariables(const QString &text, const QProcessEnvironment &environment);

QList<EnvironmentDifference> loadingDifferences(const QProcessEnvironment &here, const QProcessEnvironment &there);

} // namespace td::platform
