// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace td::app {

// Runs `torchdoctor ARGS...` and returns the process exit code.
int runCli(const QStringList &arguments);

} // namespace td::app
