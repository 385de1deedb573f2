// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"

#include <QJsonArray>
#include <QList>

#include <functional>

namespace td::checks {

// One row per cause. The library findings that one file at fault explains (the copy that loads in
// another's place, and lacks a symbol, a version, or is no library at all) are its symptoms: they
// fold into the finding of their cause (the environment entry that put the file first), or, with
// none, into one finding that names the file by its path. The lead keeps them, whole, in its
// evidence ("symptoms") and names them in its detail.
void foldSymptoms(QList<Finding> &findings);

// The findings a lead holds (empty for any other).
QList<Finding> symptomsOf(const Finding &finding);

// Findings as `check --format json` writes them, each followed by the symptoms it holds: every
// finding of the diagnosis, whatever leads it.
QJsonArray everyFinding(const QJsonArray &findings);

// The symptoms that `which` selects, among those the leads of `findings` hold: how many, how bad,
// and the first lead that holds one (nullptr: none).
struct HeldSymptoms {
    const Finding *cause = nullptr;
    int count = 0;
    Severity worst = Severity::Info;
};
HeldSymptoms heldSymptoms(const QList<Finding> &findings, const std::function<bool(const Finding &)> &which);

// A C++ symbol as people read it ("c10::impl::GPUTrace::haveState"); any other name as it is.
QString demangled(const QString &symbol);

} // namespace td::checks
