// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"
#include "fixes/ReinstallPlanner.h"

#include <QCoreApplication>

namespace td::fixes {

// The reinstall step's answer to python.venv-base-gone: the venv is made again on a Python of the
// same X.Y ("recreate_with" on the finding), and the packages it holds are linked into the new one
// (hard links where the disk allows, copies otherwise): nothing is downloaded, and the old venv is
// kept aside, so that undo puts it back as it was.
class VenvPlanner {
    Q_DECLARE_TR_FUNCTIONS(VenvPlanner)

public:
    // False, changing nothing in `out`, unless a python.venv-base-gone finding names a Python to use.
    static bool plan(ReinstallPlan &out, const QList<checks::Finding> &findings);
};

// A step that renames `from` to `to`, run by `python`; undo renames it back.
RunProgram renameStep(const QString &python, const QString &from, const QString &to);
// `step`'s undo: `python` removes the folder `dir` the step made.
void undoByRemoving(RunProgram &step, const QString &python, const QString &dir);

} // namespace td::fixes
