// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "platform/UserEnvironment.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QProcessEnvironment>
#include <QString>

#include <optional>

namespace td::checks {

// A folder on a loader search variable: which variable, and the entry as written there.
struct SearchEntry {
    QString variable; // "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH", "PATH"
    QString entry;
};

// The entry of the loader's search variable (LD_LIBRARY_PATH on Linux, DYLD_LIBRARY_PATH on macOS,
// PATH on Windows) in the checked environment that holds `file` (directly, or in a glibc-hwcaps
// subfolder of it); nullopt when none does.
std::optional<SearchEntry> searchEntryHolding(const Facts &facts, const QString &file);
// The same for an environment and a sys.platform ("linux", "darwin", "win32").
std::optional<SearchEntry> searchEntryHolding(const QProcessEnvironment &environment, const QString &platform,
                                              const QString &file);

// The variable entry that put `path` first in the walk (LD_LIBRARY_PATH, DYLD_LIBRARY_PATH, PATH),
// whether `path` loaded from it or the loader stopped at it; nullopt when no variable did.
std::optional<SearchEntry> environmentEntryOf(const loader::Graph &graph, const std::string &path,
                                              const QProcessEnvironment &environment, const QString &platform);
std::optional<SearchEntry> environmentEntryOf(const loader::Graph &graph, const std::string &path, const Facts &facts);

// Where a new terminal's `variable` gets `entry`: the startup files and lines that set it (the
// ones the environment repair edits), as evidence and as a sentence for a finding's detail.
struct VariableOrigin {
    Q_DECLARE_TR_FUNCTIONS(VariableOrigin)

public:
    QJsonArray setIn; // [{"file": "/home/u/.bashrc", "line": 12}]; Windows: [{"registry": "HKCU\\Environment\\PATH",
                      // "type": "REG_EXPAND_SZ"}]
    QString text;

    static VariableOrigin of(const Facts &facts, const QString &variable, const QString &entry);
    // `environment`: HOME and what references in the files expand to; `python`: the interpreter
    // whose venv activation scripts count (may be empty).
    static VariableOrigin of(const QProcessEnvironment &environment, const QString &python, const QString &variable,
                             const QString &entry);
    // Windows: the registry value of the user's environment (HKCU\Environment) that holds `entry`,
    // REG_EXPAND_SZ values expanded against `environment`, entries compared as Windows does.
    static VariableOrigin inRegistry(const platform::UserRegistryReader &read, const QProcessEnvironment &environment,
                                     const QString &variable, const QString &entry);
};

} // namespace td::checks
