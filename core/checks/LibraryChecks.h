// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Check.h"

namespace td::checks {

// The walk of torch's native libraries with its loader's rules: lib.missing,
// lib.wrong-arch, lib.version-missing, lib.unreadable, lib.shadowed; the
// VC++ runtime (vcruntime.missing / vcruntime.too-old) and two OpenMP
// runtimes in one process (openmp.duplicate).
TD_DECLARE_CHECK(LibraryCheck)

} // namespace td::checks
