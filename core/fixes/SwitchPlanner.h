// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "checks/Finding.h"
#include "fixes/ReinstallPlanner.h"

#include <QCoreApplication>

namespace td::fixes {

// The reinstall step's answer to python.usual-lacks-torch: torch works in the Python diagnosed, so
// nothing is installed; the project or a new terminal is made to run that Python instead, along the
// route the finding names (python/DefaultInterpreter): pyenv's version file is written, or the
// project's venv is made again on it (the old one moved aside). Every step is undone by the journal.
class SwitchPlanner {
    Q_DECLARE_TR_FUNCTIONS(SwitchPlanner)

public:
    // False, changing nothing in `out`, unless python.usual-lacks-torch is all there is to do.
    static bool plan(ReinstallPlan &out, const checks::Facts &facts, const QList<checks::Finding> &findings);
};

} // namespace td::fixes
