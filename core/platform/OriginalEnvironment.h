// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcessEnvironment>

namespace td::platform {

// The environment TorchDoctor was started with: what the user's programs get,
// and so what is diagnosed and what every child process (probes, the import
// test, repair steps) runs with. The launcher cleared the variables that would
// change which libraries and plugins our own process loads (envguard.h) and
// kept their values in TD_ORIGINAL_*; here they are put back exactly, set,
// empty or unset as they were, and the TD_ORIGINAL_* variables are dropped.
QProcessEnvironment originalEnvironment();

// The same for a given guarded environment.
QProcessEnvironment originalEnvironment(QProcessEnvironment guarded);

} // namespace td::platform
