// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace td::platform {

// A line of a startup file that puts an entry into a variable.
struct SettingLine {
    QString file;
    int line = 0;           // 1-based
    bool understood = true; // false: it sets the variable in a way the repair does not edit
};

// The files that set variables for a new terminal or for a Python
// environment (Linux and macOS): the shells' startup files, the venv's
// activate scripts, conda's activate.d. The diagnosis says where a variable
// is set from them; the environment repair edits them.
class StartupFiles {
public:
    // `environment`: HOME, XDG_CONFIG_HOME, CONDA_PREFIX and the values that
    // references in the files expand to. `python`: the diagnosed interpreter.
    StartupFiles(QProcessEnvironment environment, QString python);

    // Those that exist, each once.
    [[nodiscard]] QStringList files() const;

    // Where `variable` gets `entry` (a path-list entry; empty: the variable
    // itself) in those files: the lines the repair would edit.
    [[nodiscard]] QList<SettingLine> whereSet(const QString &variable, const QString &entry) const;

private:
    QProcessEnvironment m_environment;
    QString m_python;
};

} // namespace td::platform
