// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"
#include "fixes/FixPlan.h"

#include <QCoreApplication>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace td::fixes {

// One change to the environment a new terminal gets.
struct EnvChange {
    QString variable;
    QString entry;    // the path-list entry removed; empty: the whole variable
    QList<int> steps; // the plan's steps that make it (0-based)
};

struct EnvPlan {
    FixPlan plan;
    QList<EnvChange> changes;
    QStringList searched; // the startup files looked at
};

// The environment-variable repair for Linux and macOS: finds where each
// suspicious variable is set (shell startup files, the venv's activate
// scripts, conda's activate.d) and removes exactly the offending entry.
// It never adds anything.
class EnvPlanner {
    Q_DECLARE_TR_FUNCTIONS(EnvPlanner)

public:
    // `environment`: HOME, XDG_CONFIG_HOME, CONDA_PREFIX and the values that
    // references in the files expand to. `python`: the diagnosed interpreter.
    EnvPlanner(QProcessEnvironment environment, QString python);

    [[nodiscard]] EnvPlan plan(const QList<checks::Finding> &findings) const;

    // `environment` as a new terminal will have it once `changes` are made.
    static QProcessEnvironment after(QProcessEnvironment environment, const QList<EnvChange> &changes);

    // Whether a finding is one this repair addresses: it names it, with the variable's entry to take out
    // (or the file to change).
    static bool handles(const checks::Finding &finding);

    // What this repair changes in files rather than variables, on any system: the line of a .pth file
    // that puts another torch first is taken out; a copy in the folder programs start in that hides an
    // installed package is renamed (by `python`, which renames it back on undo). Appended to `plan`, whose title
    // says so when they are all it does.
    static void planFiles(const QList<checks::Finding> &findings, const QString &python, FixPlan &plan);

private:
    QProcessEnvironment m_environment;
    QString m_python;
};

} // namespace td::fixes
