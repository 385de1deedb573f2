// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/Result.h"

#include <QByteArray>
#include <QString>

namespace td::platform {

// Writes `data` to `path` atomically (QSaveFile: a new file renamed over the
// old one, which keeps its permissions), so that an interruption never leaves
// half a file over a good one. The error is QSaveFile's own words.
Result<void> saveFile(const QString &path, const QByteArray &data);

} // namespace td::platform
