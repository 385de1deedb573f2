// SPDX-License-Identifier: GPL-3.0-or-later
// The API set schema, shipped as data (resources/windows/apisets.inc) and
// searched the way ntdll does: names are hashed without their last "-N"
// version number, so any version of a contract finds the schema's entry.
#include "ApiSetSchema.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

namespace td::loader::apiset {

namespace {

struct Entry {
    std::string_view contract;
    std::string_view host;
    std::string_view exceptions; // "importer=host;importer=host"
};

#define TD_API_SET(contract, host, exceptions) Entry{contract, host, exceptions},
constexpr Entry kSchema[] = {
#include "../../resources/windows/apisets.inc"
};
#undef TD_API_SET

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// The part of a contract name the loader compares: without ".dll" and
// without the last "-N".
std::string_view hashedPart(std::string_view name)
{
    if (name.size() > 4 && name.substr(name.size() - 4) == ".dll")
        name.remove_suffix(4);
    const auto dash = name.rfind('-');
    if (dash == std::string_view::npos || dash + 1 == name.size())
        return name;
    const std::string_view version = name.substr(dash + 1);
    const bool numeric = std::all_of(version.begin(), version.end(),
                                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
    return numeric ? name.substr(0, dash) : name;
}

struct Index {
    std::vector<std::pair<std::string_view, const Entry *>> byHash; // sorted by hashed part
    Index()
    {
        for (const Entry &e : kSchema)
            byHash.emplace_back(hashedPart(e.contract), &e);
        std::sort(byHash.begin(), byHash.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    }
};

const Index &index()
{
    static const Index instance;
    return instance;
}

} // namespace

bool isApiSetName(const std::string &name)
{
    const std::string l = lower(name.substr(0, 4));
    return l == "api-" || l == "ext-";
}

std::optional<Resolution> resolve(const std::string &name, const std::string &importer)
{
    if (!isApiSetName(name))
        return std::nullopt;
    const std::string l = lower(name);
    const std::string_view key = hashedPart(l);
    const auto &entries = index().byHash;
    const auto it = std::lower_bound(entries.begin(), entries.end(), key,
                                     [](const auto &e, std::string_view k) { return e.first < k; });
    if (it == entries.end() || it->first != key)
        return std::nullopt;
    const Entry &e = *it->second;
    Resolution r;
    r.contract = std::string(e.contract);
    r.host = std::string(e.host);
    // Exception hosts: a different host for one importing module.
    const std::string importerLower = lower(importer);
    std::string_view rest = e.exceptions;
    while (!importerLower.empty() && !rest.empty()) {
        const auto semicolon = rest.find(';');
        const std::string_view item = rest.substr(0, semicolon);
        rest = semicolon == std::string_view::npos ? std::string_view{} : rest.substr(semicolon + 1);
        const auto eq = item.find('=');
        if (eq != std::string_view::npos && item.substr(0, eq) == importerLower) {
            r.host = std::string(item.substr(eq + 1));
            r.exception = true;
            break;
        }
    }
    return r;
}

std::size_t contractCount()
{
    return std::size(kSchema);
}

} // namespace td::loader::apiset
