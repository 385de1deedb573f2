// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace td::app {

// `torchdoctor deps PATH... [--os linux|windows|macos] [--search-dir DIR]...
//  [--path LIST] [--system-dir DIR] [--json]`
int runDeps(const QStringList &arguments);

} // namespace td::app
