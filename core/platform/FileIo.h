// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace td::platform {

// Writes `data` to `path` atomically (QSaveFile: a new file renamed over the
// old one, which keeps its permissions), so that an interruption never leaves
// half a file over a good one. The error is QSaveFile's own words.
Result<void> saveFile(const QString &path, const QByteArray &data);

// The JSON object in the (small) file at `path`: a journal entry, a session
// history, a knowledge file. The error says what failed, without the path:
// "cannot be read: <QFile's words>", "invalid JSON at offset N: <the
// parser's words>" or "the top level must be an object".
Result<QJsonObject> readJsonObject(const QString &path);

} // namespace td::platform
