// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace td::loader::apiset {

// "api-..." or "ext-..." (any case): a name the loader resolves through the
// API set schema and never looks for on disk.
bool isApiSetName(const std::string &name);

struct Resolution {
    std::string contract;   // the schema entry that matched ("api-ms-win-core-synch-l1-2-1")
    std::string host;       // the DLL that implements it; empty when the schema lists no host
    bool exception = false; // `host` is an exception host chosen for this importer
};

// The schema entry for `name` (an API set name, with or without ".dll"), as
// the loader finds it: case-insensitive, without the last "-N" version, so
// "API-MS-Win-Core-Synch-L1-2-0.dll" finds "api-ms-win-core-synch-l1-2-1".
// `importer` is the base name of the importing module, for exception hosts.
std::optional<Resolution> resolve(const std::string &name, const std::string &importer = {});

// Contracts in the shipped schema (resources/windows/apisets.inc).
std::size_t contractCount();

} // namespace td::loader::apiset
