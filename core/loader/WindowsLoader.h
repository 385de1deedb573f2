// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Emulator.h"
#include "Graph.h"

#include <cstdint>
#include <string>
#include <vector>

namespace td::loader {

// Helpers of the Windows loader emulation that tests use directly.
namespace windows_rules {

std::string lower(const std::string &s);

// "x64 (64-bit)", "x86 (32-bit)", "ARM64 (64-bit)".
std::string machineDescription(std::uint16_t machine, bool pe32Plus);

// What is known about a DLL that often goes missing or gets shadowed in a
// torch install: which advice applies (one table, in WindowsLoader.cpp).
Advice adviceFor(const std::string &name);

// Splits a Windows PATH value on ';', dropping empty entries and quotes.
std::vector<std::string> splitPath(const std::string &value);

} // namespace windows_rules

} // namespace td::loader
