// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace td::loader::apiset {

// "api-..." or "ext-..." (any case): a name the loader resolves through the
// API set schema and never looks for on disk.
bool isApiSetName(const std::string &name);

struct Resolution {
    std::string contract;   // the schema entry that matched ("api-ms-win-core-synch-l1-2-1")
    std::string host;       // the DLL that implements it; empty when the schema lists no host
    bool exception = false; // `host` is an exception host chosen for this importer
};

struct Contract {
    std::string contract;   // lower case, without ".dll"
    std::string host;       // the default host; empty when there is none
    std::string exceptions; // "importer=host;importer=host", lower case
};

// One API set schema: the shipped one, or the running system's.
class Schema {
public:
    explicit Schema(std::vector<Contract> contracts);
    Schema(const Schema &) = delete; // the index points into the contracts
    Schema &operator=(const Schema &) = delete;

    // The schema entry for `name` (an API set name, with or without ".dll"), as
    // the loader finds it: case-insensitive, without the last "-N" version, so
    // "API-MS-Win-Core-Synch-L1-2-0.dll" finds "api-ms-win-core-synch-l1-2-1".
    // `importer` is the base name of the importing module, for exception hosts.
    [[nodiscard]] std::optional<Resolution> resolve(const std::string &name, const std::string &importer = {}) const;
    [[nodiscard]] std::size_t size() const { return m_contracts.size(); }

private:
    std::vector<Contract> m_contracts;
    std::vector<std::pair<std::string_view, const Contract *>> m_byHash; // sorted by hashed part
};

// The shipped schema (resources/windows/apisets.inc), for other systems' folders.
const Schema &shipped();

// The schema of the running system, read from the process's own API set map (which
// ntdll put in the PEB from System32\apisetschema.dll); nullptr where it is not Windows
// or the map is of a version this does not read (only version 6, Windows 10 and later).
std::shared_ptr<const Schema> running();

// shipped().resolve(...)
std::optional<Resolution> resolve(const std::string &name, const std::string &importer = {});

// Contracts in the shipped schema.
std::size_t contractCount();

} // namespace td::loader::apiset
