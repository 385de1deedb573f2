// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace td::app {

// `torchdoctor check [--python EXE] [--project DIR] [--no-import] [--timeout S]
//  [--format text|json|markdown|html] [-o FILE] [-v] [--no-redact]`
int runCheck(const QStringList &arguments);

// `torchdoctor report [--python EXE] [--project DIR] [--no-import] [--timeout S]
//  --bundle FILE.zip [--no-redact]`
int runReport(const QStringList &arguments);

} // namespace td::app
