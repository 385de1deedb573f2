// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStringList>

namespace td::app {

// `torchdoctor fix FAMILY [--python EXE] [--project DIR] [--dry-run] [--yes]`
int runFix(const QStringList &arguments);

// `torchdoctor undo [ENTRY] [--yes]`
int runUndo(const QStringList &arguments);

} // namespace td::app
