// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace td::app {

// `torchdoctor check [--python EXE] [--project DIR] [--no-import] [--timeout S]
//  [--format text|json] [-o FILE] [-v]`
int runCheck(const QStringList &arguments);

} // namespace td::app
