// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Check.h"

namespace td::checks {

// torch.not-installed (naming the interpreters that have it), and two torch
// installations overlapping (packages.mismatch).
TD_DECLARE_CHECK(TorchInstallCheck)

// torch.import-failed / -crashed / -timeout, with the error classified by
// code and path and the real culprit found in the library walk.
TD_DECLARE_CHECK(ImportCheck)

// python.usual-lacks-torch: torch works in the Python named, but the project or a new terminal runs
// another one without it; how to make them run this one (python/DefaultInterpreter).
TD_DECLARE_CHECK(UsualInterpreterCheck)

} // namespace td::checks
