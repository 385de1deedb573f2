// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loader/Graph.h"

#include <QCoreApplication>
#include <QString>

namespace td::checks {

// The sentences that explain a loader problem, in the language installed:
// the loader states facts (loader::Problem), and this is the one place that
// puts them into words, for the findings, the reports and `deps`.
class ProblemText {
    Q_DECLARE_TR_FUNCTIONS(ProblemText)

public:
    // Everywhere the loader looked, why, and what to do. Empty for a cause
    // this build does not know (never for one the loader reports).
    static QString describe(const loader::Problem &problem, loader::TargetOs os);
};

} // namespace td::checks
