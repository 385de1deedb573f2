// SPDX-License-Identifier: GPL-3.0-or-later
// The dynamic symbol table, as ld.so uses it (elf/dl-lookup.c): a name is
// looked up through the GNU hash table (its Bloom filter, bucket and chain)
// or the SysV one, and a candidate binds when check_match accepts it.
#include "ElfSymbols.h"

#include "Endian.h"
#include "Readers.h"

#include <algorithm>

namespace td::bin {

namespace {

constexpr std::uint16_t kShnUndef = 0, kShnAbs = 0xfff1;
constexpr std::uint8_t kStbLocal = 0, kStbGlobal = 1, kStbWeak = 2, kStbGnuUnique = 10;
constexpr std::uint8_t kSttTls = 6;
// STT_NOTYPE, OBJECT, FUNC, COMMON, TLS and GNU_IFUNC: code and data (dl-lookup.c ALLOWED_STT).
constexpr std::uint32_t kAllowedTypes = (1U << 0) | (1U << 1) | (1U << 2) | (1U << 5) | (1U << 6) | (1U << 10);
constexpr std::uint16_t kVersionHidden = 0x8000;
// No real library comes near this; a hostile count cannot make a walk longer.
constexpr std::uint64_t kMaxSymbols = 1U << 24;
constexpr std::uint64_t kChunkEntries = 4096;

std::uint32_t gnuHash(std::string_view name)
{
    std::uint32_t h = 5381;
    for (const char c : name)
        h = h * 33 + static_cast<unsigned char>(c);
    return h;
}

} // namespace

std::uint32_t sysvHash(std::string_view name)
{
    std::uint32_t h = 0;
    for (const char c : name) {
        h = (h << 4) + static_cast<unsigned char>(c);
        const std::uint32_t g = h & 0xf0000000U;
        if (g != 0)
            h ^= g >> 24;
        h &= ~g;
    }
    return h;
}

ElfSymbolTable::ElfSymbolTable(const ByteSource &src, const ElfInfo &elf) : m_src(src), m_elf(elf)
{
    const ElfSymbolTables &t = elf.symbolTables;
    m_entrySize = elf.is64 ? 24 : 16;
    if (t.symtab == 0) {
        m_error = "no dynamic symbol table";
        return;
    }
    if (t.syment != 0 && t.syment != m_entrySize) {
        m_error = "unexpected symbol entry size";
        return;
    }
    if (!elfFileOffset(elf, t.symtab, m_symOffset) || !elfFileOffset(elf, t.strtab, m_strOffset)) {
        m_error = "dynamic symbol table not mapped by any segment";
        return;
    }
    m_strSize = std::min(t.strsz, src.size() - std::min(src.size(), m_strOffset));
    if (t.versym != 0) {
        if (!elfFileOffset(elf, t.versym, m_versymOffset)) {
            m_error = "symbol version table not mapped";
            return;
        }
        m_haveVersym = true;
    }
    const std::uint64_t fits = (src.size() - std::min(src.size(), m_symOffset)) / m_entrySize;
    const std::uint64_t limit = std::min(fits, kMaxSymbols);

    // The number of entries: DT_HASH says it; with only DT_GNU_HASH it is
    // where the chain of the highest bucket ends.
    if (t.hash != 0) {
        unsigned char h[8];
        if (!elfFileOffset(elf, t.hash, m_sysvOffset) || !src.readAt(m_sysvOffset, h, sizeof h)) {
            m_error = "truncated hash table";
            return;
        }
        m_sysvBuckets = u32(h);
        m_sysvChains = u32(h + 4);
        m_count = m_sysvChains;
    }
    if (t.gnuHash != 0) {
        unsigned char h[16];
        if (!elfFileOffset(elf, t.gnuHash, m_gnuOffset) || !src.readAt(m_gnuOffset, h, sizeof h)) {
            m_error = "truncated GNU hash table";
            return;
        }
        m_gnuBuckets = u32(h);
        m_gnuSymOffset = u32(h + 4);
        m_gnuBloomWords = u32(h + 8);
        m_gnuShift = u32(h + 12);
        const std::uint64_t parts = 16 + std::uint64_t{m_gnuBloomWords} * (elf.is64 ? 8 : 4) + std::uint64_t{m_gnuBuckets} * 4;
        if (m_gnuBloomWords == 0 || m_gnuShift >= 32 || parts > src.size() - std::min(src.size(), m_gnuOffset)) {
            m_error = "bad GNU hash table";
            return;
        }
        if (t.hash == 0) {
            const std::uint64_t buckets = m_gnuOffset + 16 + std::uint64_t{m_gnuBloomWords} * (elf.is64 ? 8 : 4);
            std::uint32_t highest = 0;
            std::vector<unsigned char> b(std::size_t{m_gnuBuckets} * 4);
            if (!src.readAt(buckets, b.data(), b.size())) {
                m_error = "truncated GNU hash buckets";
                return;
            }
            for (std::uint32_t i = 0; i < m_gnuBuckets; ++i)
                highest = std::max(highest, u32(b.data() + std::size_t{i} * 4));
            m_count = m_gnuSymOffset;
            if (highest < m_gnuSymOffset) {
                // Nothing is hashed (a library that defines nothing): the table then ends where
                // the next of the tables the linker lays out after it begins.
                std::uint64_t end = 0;
                for (const std::uint64_t next : {t.strtab, t.versym, t.gnuHash})
                    if (next > t.symtab && (end == 0 || next < end))
                        end = next;
                if (end != 0)
                    m_count = std::max<std::uint64_t>(m_count, (end - t.symtab) / m_entrySize);
            } else {
                const std::uint64_t chain = buckets + std::uint64_t{m_gnuBuckets} * 4;
                std::uint64_t i = highest;
                for (;; ++i) {
                    unsigned char c[4];
                    if (i >= limit || !src.readAt(chain + (i - m_gnuSymOffset) * 4, c, sizeof c)) {
                        m_error = "GNU hash chain runs past the symbol table";
                        return;
                    }
                    if (u32(c) & 1)
                        break;
                }
                m_count = i + 1;
            }
        }
    }
    if (t.hash == 0 && t.gnuHash == 0) {
        m_error = "no symbol hash table";
        return;
    }
    if (m_count > limit) {
        m_error = "symbol table runs past the end of the file";
        m_count = 0;
    }
}

std::uint16_t ElfSymbolTable::u16(const unsigned char *p) const
{
    return load16(p, m_elf.bigEndian);
}
std::uint32_t ElfSymbolTable::u32(const unsigned char *p) const
{
    return load32(p, m_elf.bigEndian);
}
std::uint64_t ElfSymbolTable::u64(const unsigned char *p) const
{
    return load64(p, m_elf.bigEndian);
}

bool ElfSymbolTable::entry(std::uint64_t index, Entry &out) const
{
    unsigned char e[24];
    if (index >= m_count || !m_src.readAt(m_symOffset + index * m_entrySize, e, static_cast<std::size_t>(m_entrySize)))
        return false;
    out.name = u32(e);
    if (m_elf.is64) {
        out.info = e[4];
        out.shndx = u16(e + 6);
        out.value = u64(e + 8);
    } else {
        out.value = u32(e + 4);
        out.info = e[12];
        out.shndx = u16(e + 14);
    }
    return true;
}

bool ElfSymbolTable::nameOf(const Entry &e, std::string &out) const
{
    return e.name < m_strSize && m_src.readCString(m_strOffset + e.name, m_strOffset + m_strSize, out, 65536);
}

bool ElfSymbolTable::versionOf(std::uint64_t index, std::uint16_t &out) const
{
    unsigned char v[2];
    if (!m_haveVersym || !m_src.readAt(m_versymOffset + index * 2, v, sizeof v))
        return false;
    out = u16(v);
    return true;
}

bool ElfSymbolTable::needs(std::vector<ElfSymbolNeed> &out) const
{
    if (!m_error.empty())
        return false;
    std::vector<unsigned char> chunk;
    std::vector<unsigned char> versions;
    for (std::uint64_t first = 1; first < m_count; first += kChunkEntries) {
        const std::uint64_t n = std::min(kChunkEntries, m_count - first);
        chunk.resize(static_cast<std::size_t>(n * m_entrySize));
        if (!m_src.readAt(m_symOffset + first * m_entrySize, chunk.data(), chunk.size()))
            return false;
        versions.assign(static_cast<std::size_t>(n * 2), 0);
        if (m_haveVersym && !m_src.readAt(m_versymOffset + first * 2, versions.data(), versions.size()))
            return false;
        for (std::uint64_t i = 0; i < n; ++i) {
            const unsigned char *e = chunk.data() + i * m_entrySize;
            const std::uint8_t info = m_elf.is64 ? e[4] : e[12];
            const std::uint16_t shndx = m_elf.is64 ? u16(e + 6) : u16(e + 14);
            const std::uint8_t bind = info >> 4;
            if (shndx != kShnUndef || bind == kStbLocal || u32(e) == 0)
                continue;
            ElfSymbolNeed need;
            Entry entry{u32(e), info, shndx, 0};
            if (!nameOf(entry, need.name))
                return false;
            need.weak = bind == kStbWeak;
            const std::uint16_t ndx = u16(versions.data() + i * 2) & 0x7fff;
            for (const ElfVersionNeed &vn : m_elf.versionNeeds) {
                const auto at = std::find(vn.indexes.begin(), vn.indexes.end(), ndx);
                if (ndx >= 2 && at != vn.indexes.end()) {
                    need.version = vn.versions[static_cast<std::size_t>(at - vn.indexes.begin())];
                    need.versionFile = vn.file;
                    break;
                }
            }
            out.push_back(std::move(need));
        }
    }
    return true;
}

std::string ElfSymbolTable::defName(std::uint16_t index) const
{
    for (std::size_t i = 0; i < m_elf.versionDefIndexes.size() && i < m_elf.versionDefs.size(); ++i)
        if (m_elf.versionDefIndexes[i] == index && index != 0)
            return m_elf.versionDefs[i];
    return {};
}

// dl-lookup.c check_match, for a candidate whose name matched.
bool ElfSymbolTable::matches(std::uint64_t index, const Entry &e, std::string_view version) const
{
    const std::uint8_t type = e.info & 0xf, bind = e.info >> 4;
    if (e.shndx == kShnUndef || (e.value == 0 && e.shndx != kShnAbs && type != kSttTls))
        return false;
    if (((1U << type) & kAllowedTypes) == 0 || (bind != kStbGlobal && bind != kStbWeak && bind != kStbGnuUnique))
        return false;
    std::uint16_t v = 0;
    if (!versionOf(index, v))
        return true; // an unversioned file: any definition will do
    const std::uint16_t ndx = v & 0x7fff;
    if (version.empty())
        return ndx < 3; // the default forms; others count only when alone (see defines())
    if (defName(ndx) == version)
        return true;
    // A definition without a version of its own binds too, unless hidden.
    return defName(ndx).empty() && (v & kVersionHidden) == 0;
}

bool ElfSymbolTable::defines(std::string_view name, std::string_view version) const
{
    if (!m_error.empty() || name.empty())
        return false;
    bool found = false;
    int otherVersions = 0; // non-default, non-hidden versions seen by an unversioned lookup
    const auto visit = [&](std::uint64_t index) {
        Entry e;
        if (!entry(index, e) || e.name >= m_strSize || m_strSize - e.name < name.size() + 1)
            return true;
        std::string candidate(name.size() + 1, '\0');
        if (!m_src.readAt(m_strOffset + e.name, candidate.data(), candidate.size()) || candidate.back() != '\0'
            || std::string_view(candidate.data(), name.size()) != name)
            return true;
        if (matches(index, e, version)) {
            found = true;
            return false;
        }
        std::uint16_t v = 0;
        if (version.empty() && versionOf(index, v) && (v & kVersionHidden) == 0 && e.shndx != kShnUndef)
            ++otherVersions;
        return true;
    };
    if (m_gnuOffset != 0 ? !lookupGnu(name, visit) : !lookupSysV(name, visit))
        return false;
    return found || (version.empty() && otherVersions == 1);
}

bool ElfSymbolTable::lookupGnu(std::string_view name, const std::function<bool(std::uint64_t)> &visit) const
{
    const std::uint32_t h = gnuHash(name);
    const std::uint32_t bits = m_elf.is64 ? 64 : 32;
    const std::uint64_t bloom = m_gnuOffset + 16;
    const std::uint64_t wordSize = bits / 8;
    unsigned char w[8];
    if (!m_src.readAt(bloom + ((h / bits) % m_gnuBloomWords) * wordSize, w, static_cast<std::size_t>(wordSize)))
        return false;
    const std::uint64_t word = m_elf.is64 ? u64(w) : u32(w);
    const std::uint64_t mask = (std::uint64_t{1} << (h % bits)) | (std::uint64_t{1} << ((h >> m_gnuShift) % bits));
    if ((word & mask) != mask)
        return true; // certainly not here
    const std::uint64_t buckets = bloom + std::uint64_t{m_gnuBloomWords} * wordSize;
    unsigned char b[4];
    if (m_gnuBuckets == 0 || !m_src.readAt(buckets + (h % m_gnuBuckets) * 4, b, sizeof b))
        return false;
    const std::uint64_t chain = buckets + std::uint64_t{m_gnuBuckets} * 4;
    for (std::uint64_t i = u32(b); i >= m_gnuSymOffset && i < m_count; ++i) {
        unsigned char c[4];
        if (!m_src.readAt(chain + (i - m_gnuSymOffset) * 4, c, sizeof c))
            return false;
        const std::uint32_t value = u32(c);
        if (((value ^ h) >> 1) == 0 && !visit(i))
            return true;
        if (value & 1)
            break;
    }
    return true;
}

bool ElfSymbolTable::lookupSysV(std::string_view name, const std::function<bool(std::uint64_t)> &visit) const
{
    if (m_sysvBuckets == 0)
        return true;
    const std::uint64_t buckets = m_sysvOffset + 8;
    const std::uint64_t chains = buckets + std::uint64_t{m_sysvBuckets} * 4;
    unsigned char b[4];
    if (!m_src.readAt(buckets + (sysvHash(name) % m_sysvBuckets) * 4, b, sizeof b))
        return false;
    // A chain longer than the table would be a loop.
    std::uint64_t i = u32(b);
    for (std::uint64_t steps = 0; i != 0 && i < m_count && steps < m_count; ++steps) {
        if (!visit(i))
            return true;
        unsigned char c[4];
        if (!m_src.readAt(chains + i * 4, c, sizeof c))
            return false;
        i = u32(c);
    }
    return true;
}

} // namespace td::bin
