// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/ProblemText.h"

#include <string>

namespace td::test {

// A loader problem as the user reads it, in the language installed (English
// unless a test installs another).
inline std::string detailOf(const loader::Problem &problem, loader::TargetOs os)
{
    return checks::ProblemText::describe(problem, os).toStdString();
}

} // namespace td::test
