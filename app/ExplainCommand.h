// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace td::app {

// `torchdoctor explain [TEXT | -] [--json] [--lang en|zh_CN]`: the cause, the
// file to look at and the repairs that apply to an error message pasted
// from another program's console.
int runExplain(const QStringList &arguments);

} // namespace td::app
