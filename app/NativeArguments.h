// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>

namespace td::app {

// File names on Linux are bytes, and Qt's decoded arguments lose the ones
// that are not UTF-8. main() records the raw argv; this maps a decoded
// argument (or the value of an "--option=value" argument) back to its bytes.
void setNativeArguments(int argc, char **argv);
std::string nativeArgument(const QString &decoded);

} // namespace td::app
