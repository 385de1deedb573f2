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

} // namespace td::loader::knowndlls
