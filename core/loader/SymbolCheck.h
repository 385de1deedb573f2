// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BinaryCache.h"
#include "Emulator.h"
#include "GraphBuilder.h"
#include "binary/ByteSource.h"
#include "binary/ElfSymbols.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace td::loader {

inline constexpr std::size_t kNoGraphNode = static_cast<std::size_t>(-1);

// One object of an emulated Linux process, in load order: together they
// are the scope ld.so looks symbols up in.
struct ScopeObject {
    std::string_view path;
    const bin::ElfInfo *elf = nullptr;
    std::size_t node = 0;                      // its library in the graph, or kNoGraphNode
    std::vector<std::string_view> otherCopies; // later copies in its search, which it shadows
    bool fromOutside = false;                  // it shadows others, found by a rule not the package's own
    bool packagesOwn = false;                  // found by the package's own rule (RUNPATH, $ORIGIN)
    bool host = false;                         // of the program the roots are loaded into (not checked)
};

// ld.so's symbol binding, emulated: each undefined, non-weak symbol of an
// object must be defined, at the version it asks for, by an object of the
// process's scope, searched in load order (dl-lookup.c). A miss is the
// load's "undefined symbol: NAME, version VERSION" error. Which objects'
// references are checked follows SymbolCheck; symbol tables are read only
// for the objects involved, and answers are kept across processes.
class SymbolChecker {
public:
    SymbolChecker(SymbolCheck mode, BinaryCache &cache) : m_mode(mode), m_cache(cache) {}

    // Checks one process (scope[0] is its root) and adds a SymbolMissing
    // problem for each reference that binds to nothing.
    void check(const std::vector<ScopeObject> &scope, GraphBuilder &graph);

    // Symbol tables opened so far (the benchmark and tests read it).
    [[nodiscard]] std::size_t tablesOpened() const { return m_tables.size(); }

private:
    struct Table {
        std::unique_ptr<bin::ByteSource> source;
        std::unique_ptr<bin::ElfSymbolTable> symbols;
        std::vector<bin::ElfSymbolNeed> needs;
        bool needsRead = false;
        std::string error;
    };
    Table &table(std::string_view path, const bin::ElfInfo &elf);
    bool defines(std::string_view path, const bin::ElfInfo &elf, const bin::ElfSymbolNeed &need);
    // A symbol that binds to nothing, and what it should have come from.
    struct Miss {
        const bin::ElfSymbolNeed *need = nullptr;
        const ScopeObject *provider = nullptr; // the copy of its library that loads
        std::string_view better;               // a later copy of that library that has it
        bool unversioned = false;              // no version names its library, and no copy has it
    };
    std::optional<Miss> explain(const std::vector<ScopeObject> &scope, const ScopeObject &requester,
                                const bin::ElfSymbolNeed &need);
    // For an unversioned miss: the library the requester takes the most alike names from.
    const ScopeObject *likelyProvider(const std::vector<ScopeObject> &scope, const ScopeObject &requester,
                                      const bin::ElfSymbolNeed &need) const;
    void report(const ScopeObject &requester, const std::vector<Miss> &misses, GraphBuilder &graph);

    SymbolCheck m_mode;
    BinaryCache &m_cache;
    std::unordered_map<std::string, std::unique_ptr<Table>> m_tables;
    std::unordered_set<std::uint64_t> m_checked; // (requester node, scope) already checked
    // The library each need bound to (needs are owned by m_tables, so their addresses stay).
    std::unordered_map<const bin::ElfSymbolNeed *, std::size_t> m_boundBy;
};

} // namespace td::loader
