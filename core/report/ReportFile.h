// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>

namespace td::report {

// Writes a report atomically (QSaveFile: a new file renamed over the old
// one), so that an interrupted export never leaves half a file over a good
// one. Returns "" on success, else what went wrong.
QString writeReportFile(const QString &path, const QByteArray &data);

} // namespace td::report
