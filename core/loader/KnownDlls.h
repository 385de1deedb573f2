// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace td::loader::knowndlls {

// Whether `name` (a base name, any case) is one of Windows' KnownDLLs, which
// load from System32 whatever the search order.
bool isKnownDll(const std::string &name);

// The shipped list (resources/windows/knowndlls.inc), lower case.
const std::vector<std::string> &all();

// Whether `list` (lower case) holds `name` (any case).
bool contains(const std::vector<std::string> &list, const std::string &name);

// The running system's list, lower case: the values of
// HKLM\SYSTEM\CurrentControlSet\Control\Session Manager\KnownDLLs. Empty where it
// is not Windows or the key cannot be read.
std::vector<std::string> running();

} // namespace td::loader::knowndlls
