// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace td::platform {

// One log for the user: a rotating file in the app-data folder plus the
// console (stderr, so that stdout stays clean for --json). Qt's messages, ours
// by their category (platform/LogCategories.h), are forwarded into it.
// Returns the log file's path, or an empty string when it could not be opened
// (then only the console is used).
QString initLogging(bool verboseConsole);

// Writes what was logged so far to the log file (before the file is read, e.g. into a report).
void flushLog();

// The folder the log file lives in, and the file itself.
QString logDirectory();
QString logFile();

// The process's exit with `code`, once the log and stdio are flushed. On Windows it ends there,
// without unloading anything: mingw-w64's libstdc++ deletes its thread keys as it is unloaded,
// under a winpthreads lock that a thread ended by the exit may still hold, and the exit then
// waits forever (seen under Wine after a repair, in `fix` and in the wizard). Elsewhere it
// returns `code` for main() to return.
int finishProcess(int code);

} // namespace td::platform
