// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Emulator.h"

#include <string>
#include <vector>

namespace td::loader {

// Helpers of the glibc emulation that tests use directly.
namespace linux_rules {

// Expands $ORIGIN, $LIB and $PLATFORM (and their ${} forms) in one search
// entry. `origin` is the folder of the object the entry belongs to.
std::string expandTokens(const std::string &entry, const std::string &origin, const std::string &lib,
                         const std::string &platform);

// Splits an rpath / LD_LIBRARY_PATH value on ':' (and ';' for
// LD_LIBRARY_PATH, as glibc does). An empty entry means the current folder.
std::vector<std::string> splitSearchList(const std::string &value, bool allowSemicolon);

// Debian's multiarch triplet for an ELF machine ("x86_64-linux-gnu").
std::string multiarchTriplet(std::uint16_t machine, bool is64, bool bigEndian);

} // namespace linux_rules

} // namespace td::loader
