// SPDX-License-Identifier: GPL-3.0-or-later
// The API set schema, shipped as data (resources/windows/apisets.inc) or read from
// the running system, and searched the way ntdll does: names are hashed without their last "-N"
// version number, so any version of a contract finds the schema's entry.
#include "ApiSetSchema.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#ifdef _WIN32
#include "binary/Win32File.h"

#include <windows.h>
#include <winternl.h>
#endif

namespace td::loader::apiset {

namespace {

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

#ifdef _WIN32
// The API set map, version 6 (Windows 10 and later, Wine): offsets from its start.
struct NamespaceV6 {
    ULONG version, size, flags, count, entryOffset, hashOffset, hashFactor;
};
struct EntryV6 {
    ULONG flags, nameOffset, nameLength, hashedLength, valueOffset, valueCount;
};
struct ValueV6 {
    ULONG flags, nameOffset, nameLength, valueOffset, valueLength;
};
#endif

} // namespace

Schema::Schema(std::vector<Contract> contracts) : m_contracts(std::move(contracts))
{
    for (const Contract &c : m_contracts)
        m_byHash.emplace_back(hashedPart(c.contract), &c);
    std::sort(m_byHash.begin(), m_byHash.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
}

std::optional<Resolution> Schema::resolve(const std::string &name, const std::string &importer) const
{
    if (!isApiSetName(name))
        return std::nullopt;
    const std::string l = lower(name);
    const std::string_view key = hashedPart(l);
    const auto it = std::lower_bound(m_byHash.begin(), m_byHash.end(), key,
                                     [](const auto &e, std::string_view k) { return e.first < k; });
    if (it == m_byHash.end() || it->first != key)
        return std::nullopt;
    const Contract &e = *it->second;
    Resolution r;
    r.contract = e.contract;
    r.host = e.host;
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

const Schema &shipped()
{
#define TD_API_SET(contract, host, exceptions) Contract{contract, host, exceptions},
    static const Schema schema(std::vector<Contract>{
#include "../../resources/windows/apisets.inc"
    });
#undef TD_API_SET
    return schema;
}

std::shared_ptr<const Schema> running()
{
#ifdef _WIN32
    // The PEB's ApiSetMap (winternl.h keeps the field private): 0x68 bytes in on x64.
    // The PEB's address from ntdll, not read through the TEB's segment register.
    PROCESS_BASIC_INFORMATION process {};
    if (NtQueryInformationProcess(GetCurrentProcess(), ProcessBasicInformation, &process, sizeof process, nullptr)
        != 0)
        return nullptr;
    const auto *peb = reinterpret_cast<const unsigned char *>(process.PebBaseAddress);
    const unsigned char *base = nullptr;
    std::memcpy(&base, peb + 0x68, sizeof base);
    if (!base)
        return nullptr;
    NamespaceV6 ns {};
    std::memcpy(&ns, base, sizeof ns);
    if (ns.version != 6)
        return nullptr;
    auto text = [base](ULONG offset, ULONG length) {
        return lower(bin::win32::utf8(reinterpret_cast<const wchar_t *>(base + offset), length / sizeof(wchar_t)));
    };
    std::vector<Contract> contracts;
    contracts.reserve(ns.count);
    for (ULONG i = 0; i < ns.count; ++i) {
        EntryV6 entry {};
        std::memcpy(&entry, base + ns.entryOffset + i * sizeof(EntryV6), sizeof entry);
        Contract c;
        c.contract = text(entry.nameOffset, entry.nameLength);
        for (ULONG v = 0; v < entry.valueCount; ++v) {
            ValueV6 value {};
            std::memcpy(&value, base + entry.valueOffset + v * sizeof(ValueV6), sizeof value);
            const std::string host = text(value.valueOffset, value.valueLength);
            if (value.nameLength == 0)
                c.host = host;
            else {
                if (!c.exceptions.empty())
                    c.exceptions += ';';
                c.exceptions += text(value.nameOffset, value.nameLength) + "=" + host;
            }
        }
        contracts.push_back(std::move(c));
    }
    return std::make_shared<const Schema>(std::move(contracts));
#else
    return nullptr;
#endif
}

bool isApiSetName(const std::string &name)
{
    const std::string l = lower(name.substr(0, 4));
    return l == "api-" || l == "ext-";
}

std::optional<Resolution> resolve(const std::string &name, const std::string &importer)
{
    return shipped().resolve(name, importer);
}

std::size_t contractCount()
{
    return shipped().size();
}

} // namespace td::loader::apiset
