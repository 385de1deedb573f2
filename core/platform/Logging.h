// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace td::platform {

// One log for the user: a rotating file in the app-data folder plus the
// console (stderr, so that stdout stays clean for --json). Qt's own
// messages (qDebug, qWarning, ...) are forwarded into it.
// Returns the log file's path, or an empty string when it could not be opened
// (then only the console is used).
QString initLogging(bool verboseConsole);

// The folder the log file lives in, and the file itself.
QString logDirectory();
QString logFile();

} // namespace td::platform
