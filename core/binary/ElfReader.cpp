// SPDX-License-Identifier: GPL-3.0-or-later
// ELF reader: the header, the program headers, PT_INTERP and the dynamic
// section with the strings and version tables it points to. Everything is
// located through PT_LOAD mappings, as ld.so does; section headers are not
// needed (and stripped files may lack them).
#include "Endian.h"
#include "Readers.h"

#include <algorithm>
#include <span>
#include <vector>

namespace td::bin {

namespace {

constexpr std::uint32_t kPtLoad = 1, kPtDynamic = 2, kPtInterp = 3;
constexpr std::uint64_t kDtNull = 0, kDtNeeded = 1, kDtHash = 4, kDtStrtab = 5, kDtSymtab = 6, kDtStrsz = 10,
                        kDtSyment = 11, kDtSoname = 14, kDtRpath = 15, kDtFlags = 30, kDtRunpath = 29,
                        kDtGnuHash = 0x6ffffef5, kDtVersym = 0x6ffffff0, kDtFlags1 = 0x6ffffffb,
                        kDtVerdef = 0x6ffffffc, kDtVerdefnum = 0x6ffffffd, kDtVerneed = 0x6ffffffe,
                        kDtVerneednum = 0x6fffffff;
constexpr std::uint16_t kVerFlgBase = 1;

// Caps that no real library comes near; a hostile header cannot make us
// allocate or walk more than this.
constexpr std::uint64_t kMaxPhnum = 4096;
constexpr std::uint64_t kMaxDynamicBytes = 1U << 20;
constexpr std::size_t kMaxStrings = 4096;
constexpr std::size_t kMaxVersionEntries = 4096;
// Room made up front for the version entries a header announces: what real
// files have, while a hostile count cannot make every parse allocate much.
constexpr std::size_t kReservedEntries = 64;

class ElfParser {
public:
    ElfParser(const ByteSource &src, ElfInfo &out) : m_src(src), m_out(out) {}

    std::string parse()
    {
        unsigned char ident[16];
        if (!m_src.readAt(0, ident, sizeof ident))
            return "truncated ELF identification";
        if (ident[0] != 0x7f || ident[1] != 'E' || ident[2] != 'L' || ident[3] != 'F')
            return "not an ELF file";
        if (ident[4] != 1 && ident[4] != 2)
            return "unknown ELF class";
        if (ident[5] != 1 && ident[5] != 2)
            return "unknown ELF data encoding";
        m_out.is64 = ident[4] == 2;
        m_out.bigEndian = ident[5] == 2;
        m_out.osAbi = ident[7];

        unsigned char h[64];
        const std::size_t headerSize = m_out.is64 ? 64 : 52;
        if (!m_src.readAt(0, h, headerSize))
            return "truncated ELF header";
        m_out.type = u16(h + 16);
        m_out.machine = u16(h + 18);
        std::uint64_t phoff = 0;
        std::uint16_t phentsize = 0, phnum = 0;
        if (m_out.is64) {
            phoff = u64(h + 32);
            m_out.eFlags = u32(h + 48);
            phentsize = u16(h + 54);
            phnum = u16(h + 56);
        } else {
            phoff = u32(h + 28);
            m_out.eFlags = u32(h + 36);
            phentsize = u16(h + 42);
            phnum = u16(h + 44);
        }
        if (phnum == 0)
            return {}; // a relocatable object or a stripped oddity: nothing to load
        const std::size_t minEnt = m_out.is64 ? 56 : 32;
        if (phentsize < minEnt || phnum > kMaxPhnum || phnum == 0xffff)
            return "bad program header table";
        const std::uint64_t phBytes = std::uint64_t{phentsize} * phnum;
        std::vector<unsigned char> ph(static_cast<std::size_t>(phBytes));
        if (!m_src.readAt(phoff, ph.data(), ph.size()))
            return "truncated program header table";

        std::uint64_t dynOffset = 0, dynSize = 0, interpOffset = 0, interpSize = 0;
        bool haveDynamic = false;
        for (std::size_t i = 0; i < phnum; ++i) {
            const unsigned char *p = ph.data() + i * phentsize;
            const std::uint32_t type = u32(p);
            std::uint64_t offset, vaddr, filesz;
            if (m_out.is64) {
                offset = u64(p + 8);
                vaddr = u64(p + 16);
                filesz = u64(p + 32);
            } else {
                offset = u32(p + 4);
                vaddr = u32(p + 8);
                filesz = u32(p + 16);
            }
            if (type == kPtLoad) {
                // ld.so maps it whatever the file's size; touching the part past the end kills the
                // process with SIGBUS (a download or an install cut short).
                if (offset > m_src.size() || filesz > m_src.size() - offset)
                    return "cut short: a loadable segment ends at byte " + std::to_string(offset + filesz)
                           + ", the file has " + std::to_string(m_src.size());
                m_out.loads.push_back({vaddr, offset, filesz});
            } else if (type == kPtDynamic && !haveDynamic) {
                haveDynamic = true;
                dynOffset = offset;
                dynSize = filesz;
            } else if (type == kPtInterp) {
                interpOffset = offset;
                interpSize = filesz;
            }
        }
        if (interpSize > 0) {
            std::string interp;
            if (m_src.readCString(interpOffset, interpOffset + interpSize, interp, 4096))
                m_out.interpreter = interp;
        }
        if (!haveDynamic)
            return {}; // statically linked: needs nothing
        m_out.hasDynamic = true;
        return parseDynamic(dynOffset, std::min(dynSize, kMaxDynamicBytes));
    }

private:
    std::uint16_t u16(const unsigned char *p) const { return load16(p, m_out.bigEndian); }
    std::uint32_t u32(const unsigned char *p) const { return load32(p, m_out.bigEndian); }
    std::uint64_t u64(const unsigned char *p) const { return load64(p, m_out.bigEndian); }

    bool toOffset(std::uint64_t vaddr, std::uint64_t &offset) const { return elfFileOffset(m_out, vaddr, offset); }

    bool string(std::uint64_t index, std::string &out) const
    {
        if (index >= m_strSize)
            return false;
        return m_src.readCString(m_strOffset + index, m_strOffset + m_strSize, out, 65536);
    }

    std::string parseDynamic(std::uint64_t offset, std::uint64_t size)
    {
        const std::size_t entSize = m_out.is64 ? 16 : 8;
        // Most dynamic sections are a few dozen entries: read onto the stack, not the heap.
        const auto dynBytes = static_cast<std::size_t>(size / entSize * entSize);
        unsigned char small[2048];
        std::vector<unsigned char> large;
        if (dynBytes > sizeof small)
            large.resize(dynBytes);
        const std::span<unsigned char> dyn(large.empty() ? small : large.data(), dynBytes);
        if (dyn.empty() || !m_src.readAt(offset, dyn.data(), dyn.size()))
            return "truncated dynamic section";

        std::vector<std::uint64_t> needed;
        needed.reserve(std::min(dyn.size() / entSize, kReservedEntries));
        std::uint64_t strtab = 0, strsz = 0, verneed = 0, verneednum = 0, verdef = 0, verdefnum = 0;
        std::optional<std::uint64_t> soname, rpath, runpath;
        bool haveStrtab = false;
        for (std::size_t at = 0; at + entSize <= dyn.size(); at += entSize) {
            const unsigned char *e = dyn.data() + at;
            const std::uint64_t tag = m_out.is64 ? u64(e) : u32(e);
            const std::uint64_t val = m_out.is64 ? u64(e + 8) : u32(e + 4);
            if (tag == kDtNull)
                break;
            switch (tag) {
            case kDtNeeded:
                if (needed.size() < kMaxStrings)
                    needed.push_back(val);
                break;
            case kDtStrtab:
                strtab = val;
                haveStrtab = true;
                break;
            case kDtStrsz: strsz = val; break;
            case kDtSymtab: m_out.symbolTables.symtab = val; break;
            case kDtSyment: m_out.symbolTables.syment = val; break;
            case kDtHash: m_out.symbolTables.hash = val; break;
            case kDtGnuHash: m_out.symbolTables.gnuHash = val; break;
            case kDtVersym: m_out.symbolTables.versym = val; break;
            case kDtSoname: soname = val; break;
            case kDtRpath: rpath = val; break;
            case kDtRunpath: runpath = val; break;
            case kDtFlags: m_out.flags = val; break;
            case kDtFlags1: m_out.flags1 = val; break;
            case kDtVerneed: verneed = val; break;
            case kDtVerneednum: verneednum = val; break;
            case kDtVerdef: verdef = val; break;
            case kDtVerdefnum: verdefnum = val; break;
            default: break;
            }
        }
        m_out.symbolTables.strtab = strtab;
        m_out.symbolTables.strsz = strsz;
        const bool wantsStrings = !needed.empty() || soname || rpath || runpath || verneednum || verdefnum;
        if (!wantsStrings)
            return {};
        if (!haveStrtab || !toOffset(strtab, m_strOffset))
            return "dynamic string table not mapped by any segment";
        m_strSize = std::min(strsz, m_src.size() - std::min(m_src.size(), m_strOffset));
        if (m_strSize == 0)
            return "empty dynamic string table";

        std::string s;
        m_out.needed.reserve(needed.size());
        for (const std::uint64_t index : needed) {
            if (!string(index, s))
                return "bad DT_NEEDED string";
            m_out.needed.push_back(s);
        }
        if (soname && string(*soname, s))
            m_out.soname = s;
        if (rpath && string(*rpath, s))
            m_out.rpath = s;
        if (runpath && string(*runpath, s))
            m_out.runpath = s;

        if (verneednum > 0) {
            if (auto err = parseVerneed(verneed, verneednum); !err.empty())
                return err;
        }
        if (verdefnum > 0) {
            if (auto err = parseVerdef(verdef, verdefnum); !err.empty())
                return err;
        }
        return {};
    }

    std::string parseVerneed(std::uint64_t vaddr, std::uint64_t count)
    {
        std::uint64_t at = 0;
        if (!toOffset(vaddr, at))
            return "version needs not mapped";
        std::size_t entries = 0;
        m_out.versionNeeds.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(count, kReservedEntries)));
        for (std::uint64_t i = 0; i < count && i < kMaxVersionEntries; ++i) {
            unsigned char vn[16];
            if (!m_src.readAt(at, vn, sizeof vn))
                return "truncated version needs";
            ElfVersionNeed need;
            if (!string(u32(vn + 4), need.file))
                return "bad version-need file name";
            const std::uint16_t cnt = u16(vn + 2);
            const std::size_t expected = std::min<std::size_t>(cnt, kReservedEntries);
            need.versions.reserve(expected);
            need.indexes.reserve(expected);
            need.hashes.reserve(expected);
            std::uint64_t auxAt = at + u32(vn + 8);
            for (std::uint16_t j = 0; j < cnt; ++j) {
                if (++entries > kMaxVersionEntries)
                    return "too many version needs";
                unsigned char aux[16];
                if (!m_src.readAt(auxAt, aux, sizeof aux))
                    return "truncated version need entry";
                std::string name;
                if (!string(u32(aux + 8), name))
                    return "bad version need name";
                need.versions.push_back(std::move(name));
                need.indexes.push_back(u16(aux + 6));
                need.hashes.push_back(u32(aux));
                const std::uint32_t next = u32(aux + 12);
                if (next == 0)
                    break;
                auxAt += next;
            }
            m_out.versionNeeds.push_back(std::move(need));
            const std::uint32_t next = u32(vn + 12);
            if (next == 0)
                break;
            at += next;
        }
        return {};
    }

    std::string parseVerdef(std::uint64_t vaddr, std::uint64_t count)
    {
        std::uint64_t at = 0;
        if (!toOffset(vaddr, at))
            return "version definitions not mapped";
        const auto expected = static_cast<std::size_t>(std::min<std::uint64_t>(count, kReservedEntries));
        m_out.versionDefs.reserve(expected);
        m_out.versionDefIndexes.reserve(expected);
        m_out.versionDefHashes.reserve(expected);
        for (std::uint64_t i = 0; i < count && i < kMaxVersionEntries; ++i) {
            unsigned char vd[20];
            if (!m_src.readAt(at, vd, sizeof vd))
                return "truncated version definitions";
            if (u16(vd + 6) > 0) { // vd_cnt: the first aux names this version
                unsigned char aux[8];
                std::string name;
                if (!m_src.readAt(at + u32(vd + 12), aux, sizeof aux) || !string(u32(aux), name))
                    return "bad version definition";
                m_out.versionDefs.push_back(std::move(name));
                m_out.versionDefIndexes.push_back((u16(vd + 2) & kVerFlgBase) != 0 ? 0 : u16(vd + 4));
                m_out.versionDefHashes.push_back(u32(vd + 8));
            }
            const std::uint32_t next = u32(vd + 16);
            if (next == 0)
                break;
            at += next;
        }
        return {};
    }

    const ByteSource &m_src;
    ElfInfo &m_out;
    std::uint64_t m_strOffset = 0, m_strSize = 0;
};

} // namespace

bool elfFileOffset(const ElfInfo &elf, std::uint64_t vaddr, std::uint64_t &offset)
{
    for (const ElfSegment &s : elf.loads) {
        if (vaddr >= s.vaddr && vaddr - s.vaddr < s.filesz) {
            offset = s.offset + (vaddr - s.vaddr);
            return offset >= s.offset; // no wrap-around
        }
    }
    return false;
}

std::string readElf(const ByteSource &src, ElfInfo &out)
{
    out = ElfInfo{};
    return ElfParser(src, out).parse();
}

} // namespace td::bin
