// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Check.h"
#include "python/Record.h"

#include <optional>

namespace td::checks {

// What the installation says about itself, for any distribution (no list of names):
// - packages.requirement-unmet: a version torch's METADATA requires is not the one installed, or a
//   distribution requires another torch than the one installed (what `pip check` says), tied to the
//   file at fault that distribution owns;
// - packages.file-damaged: a file at fault is not the file its RECORD lists (size or sha256);
// - env.suspicious: PYTHONPATH puts another Python's torch (or one before its own) first on sys.path;
// - packages.numpy-abi: torch's binding is built against NumPy 1.x and NumPy 2 imports;
// - packages.wheel-mismatch: torch's wheel is tagged for another machine or Python than this one, and
//   the library errors inside its folder are its symptoms.
// Each names the distribution, its version, the version required and the evidence, and the exact
// requirements the reinstall repair installs ("install").
TD_DECLARE_CHECK(InstallationCheck)

// python.venv-base-gone: the chosen interpreter is a venv's that does not run because the Python it was
// made from (pyvenv.cfg) is gone. Names an interpreter of the same X.Y on this machine to make it again
// on ("recreate_with", for the reinstall repair), or none. nullopt when that is not why it does not run.
std::optional<Finding> venvBaseGone(const Facts &facts);


} // namespace td::checks
