// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"
#include "fixes/ReinstallPlanner.h"

#include <QCoreApplication>

namespace td::fixes {

// The reinstall step's answer to python.venv-base-gone: the venv is made again on the Python the finding
// names ("recreate_with"), the old venv kept aside, so that undo puts it back as it was. On a Python of the
// same X.Y, the packages it holds are linked into the new one (hard links where the disk allows, copies
// otherwise): nothing is downloaded. On another X.Y, the distributions the finding lists ("reinstall")
// are installed again at their versions from `source` (pip's arguments: --find-links, --index-url).
class VenvPlanner {
    Q_DECLARE_TR_FUNCTIONS(VenvPlanner)

public:
    // False, changing nothing in `out`, unless a python.venv-base-gone finding names a Python to use.
    static bool plan(ReinstallPlan &out, const QList<checks::Finding> &findings, const QStringList &source);

private:
    // The new venv's steps when its packages are installed again (another X.Y).
    static void planInstalls(ReinstallPlan &out, const QJsonObject &evidence, const QString &aside,
                             const QStringList &source);
};

// A step that renames `from` to `to`, run by `python`; undo renames it back.
RunProgram renameStep(const QString &python, const QString &from, const QString &to);
// `step`'s undo: `python` removes the folder `dir` the step made.
void undoByRemoving(RunProgram &step, const QString &python, const QString &dir);

} // namespace td::fixes
