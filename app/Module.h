// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// On Linux, parts of the program that only some commands need live in modules of their own
// (the wizard: Qt Widgets and Gui; the transfer: Qt Network and libarchive), so that the
// others never load those libraries. TD_MODULE_DIR: where the modules are, relative to the
// real program, the same in the build folder as once installed.

// A module's entry point, the one symbol it exports (elsewhere: a function of the executable).
#if defined(_WIN32)
#define TD_MODULE_ENTRY extern "C" __declspec(dllexport)
#else
#define TD_MODULE_ENTRY extern "C" __attribute__((visibility("default")))
#endif

#if defined(TD_MODULE_DIR)
#include "platform/Result.h"

#include <QLibrary>
#include <QString>

namespace td::app {

// The entry point `entry` of the module `name` (libname.so), loaded on first use and kept; an Error
// when the module cannot be loaded or lacks the entry.
td::platform::Result<QFunctionPointer> resolveModuleEntry(const char *name, const char *entry);

} // namespace td::app
#endif
