// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace td::app {

// The exit codes of the design's CLI contract.
enum ExitCode : int {
    Healthy = 0,  // warnings and infos allowed
    Problems = 1, // an error finding or problem
    Usage = 2,
    Internal = 3,
};

} // namespace td::app
