// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/CheckRunner.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace td::checks {

// What one check of a finished diagnosis concluded, for a list of checks:
// it passed (and what it found), it found problems, or it could not run
// (and why). A check that could not run never reads as "no problem".
struct CheckOutcome {
    enum class State { Passed, Warning, Failed, NotChecked };
    QString checkId; // "torch.import"
    QString title;   // "Does `import torch` work?"
    State state = State::NotChecked;
    QString summary; // Passed: what it found ("Python 3.11.7 (64-bit)"); otherwise the first finding, or why not
    QList<Finding> findings;
};

// One outcome per check, in the order of allChecks().
QList<CheckOutcome> checkOutcomes(const Diagnosis &report);

// Why no check of `area` ("torch", "libraries") judged anything: the first one's reason; empty when one did.
// Such an area is "not checked", never "no problem".
QString areaNotChecked(const QList<CheckOutcome> &outcomes, const QString &area);

} // namespace td::checks
