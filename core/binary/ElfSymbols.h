// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BinaryInfo.h"
#include "ByteSource.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace td::bin {

// The System V ABI's ELF hash of a name (the gABI's elf_hash): what DT_HASH buckets by,
// and what vd_hash and vna_hash hold.
[[nodiscard]] std::uint32_t sysvHash(std::string_view name);

// A symbol an ELF file takes from another object (an undefined, non-local
// entry of its dynamic symbol table).
struct ElfSymbolNeed {
    std::string name;
    std::string version;     // the version it asks for ("GLIBC_2.2.5"); empty: unversioned
    std::string versionFile; // the file whose version that is ("libc.so.6")
    bool weak = false;       // STB_WEAK: a miss is no error
};

// The dynamic symbol table of one ELF file, read on demand through the
// tables readElf located: the symbol entries, their names in the dynamic
// string table, the symbol versions, and the GNU or SysV hash table for
// lookups, as ld.so does them. Nothing else of the file is read, and a
// hostile table cannot make it read more than the file holds.
class ElfSymbolTable {
public:
    // `src` and `elf` (readElf's result for it) must outlive the table.
    ElfSymbolTable(const ByteSource &src, const ElfInfo &elf);

    // Empty when the table can be used; else what is wrong with it.
    [[nodiscard]] const std::string &error() const { return m_error; }
    // Number of entries (entry 0, the null symbol, included).
    [[nodiscard]] std::uint64_t count() const { return m_count; }

    // The symbols it takes from elsewhere, in table order. False (with
    // error()) when the table is damaged.
    bool needs(std::vector<ElfSymbolNeed> &out) const;

    // Whether a reference to `name` at `version` (empty: unversioned) binds
    // to a definition in this file: dl-lookup.c's check_match.
    [[nodiscard]] bool defines(std::string_view name, std::string_view version) const;

private:
    struct Entry {
        std::uint32_t name = 0;
        std::uint8_t info = 0;
        std::uint16_t shndx = 0;
        std::uint64_t value = 0;
    };
    bool entry(std::uint64_t index, Entry &out) const;
    bool nameOf(const Entry &e, std::string &out) const;
    bool versionOf(std::uint64_t index, std::uint16_t &out) const;
    bool matches(std::uint64_t index, const Entry &e, std::string_view version) const;
    std::string defName(std::uint16_t index) const;
    bool lookupGnu(std::string_view name, const std::function<bool(std::uint64_t)> &visit) const;
    bool lookupSysV(std::string_view name, const std::function<bool(std::uint64_t)> &visit) const;
    std::uint16_t u16(const unsigned char *p) const;
    std::uint32_t u32(const unsigned char *p) const;
    std::uint64_t u64(const unsigned char *p) const;

    const ByteSource &m_src;
    const ElfInfo &m_elf;
    std::string m_error;
    std::uint64_t m_symOffset = 0, m_entrySize = 0, m_count = 0;
    std::uint64_t m_strOffset = 0, m_strSize = 0;
    std::uint64_t m_versymOffset = 0;
    bool m_haveVersym = false;
    // GNU hash: its header and where its parts start.
    std::uint64_t m_gnuOffset = 0;
    std::uint32_t m_gnuBuckets = 0, m_gnuSymOffset = 0, m_gnuBloomWords = 0, m_gnuShift = 0;
    // SysV hash.
    std::uint64_t m_sysvOffset = 0;
    std::uint32_t m_sysvBuckets = 0, m_sysvChains = 0;
};

} // namespace td::bin
