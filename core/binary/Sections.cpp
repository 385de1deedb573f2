// SPDX-License-Identifier: GPL-3.0-or-later
// Named sections of ELF and PE files, found from the headers alone (the GPU code readers use them).
#include "Sections.h"

#include "Endian.h"

#include <algorithm>
#include <cstring>
#include <tuple>
#include <utility>
#include <vector>

namespace td::bin {

namespace {

constexpr std::uint32_t kMaxSections = 1U << 16;
constexpr std::size_t kMaxName = 63;

std::uint16_t le16(const unsigned char *p) { return load16(p, false); }
std::uint32_t le32(const unsigned char *p) { return load32(p, false); }

// Through the section headers (the program headers do not name sections).
std::string findElfSection(const ByteSource &src, std::string_view name, FileSection &out)
{
    unsigned char h[64];
    if (!src.readAt(0, h, 16))
        return "truncated ELF identification";
    const bool is64 = h[4] == 2, big = h[5] == 2;
    if (!src.readAt(0, h, is64 ? 64 : 52))
        return "truncated ELF header";
    auto u16 = [&](const unsigned char *p) { return load16(p, big); };
    auto u32 = [&](const unsigned char *p) { return load32(p, big); };
    auto u64 = [&](const unsigned char *p) { return load64(p, big); };
    const std::uint64_t shoff = is64 ? u64(h + 40) : u32(h + 32);
    const std::uint16_t shentsize = u16(h + (is64 ? 58 : 46));
    std::uint32_t shnum = u16(h + (is64 ? 60 : 48));
    std::uint32_t shstrndx = u16(h + (is64 ? 62 : 50));
    if (shoff == 0)
        return {}; // no section headers (stripped to the bone): nothing to find
    const std::size_t minEnt = is64 ? 64 : 40;
    if (shentsize < minEnt)
        return "bad section header size";
    // The table and the section names are read in one piece each when small (as in
    // every real file), so that the search below is a walk in memory; a piece that
    // cannot be read whole is read entry by entry, with the same outcome.
    constexpr std::uint64_t kOnePiece = 64 * 1024;
    auto wholePiece = [&](std::uint64_t offset, std::uint64_t size) {
        std::vector<unsigned char> bytes;
        if (size <= kOnePiece) {
            bytes.resize(static_cast<std::size_t>(size));
            if (!src.readAt(offset, bytes.data(), bytes.size()))
                bytes.clear();
        }
        return bytes;
    };
    std::vector<unsigned char> table;
    auto header = [&](std::uint32_t index, unsigned char *sh) {
        const std::uint64_t at = std::uint64_t{index} * shentsize;
        if (at + minEnt <= table.size()) {
            std::memcpy(sh, table.data() + at, minEnt);
            return true;
        }
        return src.readAt(shoff + at, sh, minEnt);
    };
    unsigned char sh[64];
    if (shnum == 0 || shstrndx == 0xffff) { // extended numbering: the real values sit in section 0
        if (!header(0, sh))
            return "truncated section headers";
        if (shnum == 0)
            shnum = static_cast<std::uint32_t>(
                std::min<std::uint64_t>(is64 ? u64(sh + 32) : u32(sh + 20), kMaxSections + 1ULL));
        if (shstrndx == 0xffff)
            shstrndx = u32(sh + (is64 ? 40 : 24));
    }
    if (shnum > kMaxSections || shstrndx >= shnum)
        return "bad section header table";
    table = wholePiece(shoff, std::uint64_t{shnum} * shentsize);
    auto offsetAndSize = [&](const unsigned char *s) {
        using Pair = std::pair<std::uint64_t, std::uint64_t>;
        return is64 ? Pair{u64(s + 24), u64(s + 32)} : Pair{u32(s + 16), u32(s + 20)};
    };
    if (!header(shstrndx, sh))
        return "truncated section headers";
    const auto [strOffset, strSize] = offsetAndSize(sh);
    const std::vector<unsigned char> names = wholePiece(strOffset, strSize);
    // The name and its NUL must match: ".hip_fatbin" is not ".hip_fatbin.1".
    const std::size_t want = name.size() + 1;
    for (std::uint32_t i = 1; i < shnum; ++i) {
        if (!header(i, sh))
            return "truncated section headers";
        const std::uint32_t nameAt = u32(sh);
        constexpr std::uint32_t kShtNobits = 8;
        if (nameAt >= strSize || u32(sh + 4) == kShtNobits)
            continue;
        char text[kMaxName + 1] = {};
        const std::uint64_t room = std::min<std::uint64_t>(want, strSize - nameAt);
        if (!names.empty())
            std::memcpy(text, names.data() + nameAt, static_cast<std::size_t>(room));
        else if (!src.readAt(strOffset + nameAt, text, static_cast<std::size_t>(room)))
            continue;
        if (room == want && std::memcmp(text, name.data(), name.size()) == 0 && text[name.size()] == 0) {
            std::tie(out.offset, out.size) = offsetAndSize(sh);
            out.found = true;
            return {};
        }
    }
    return {};
}

// Through the COFF section table; its names are 8 bytes, NUL-padded when shorter.
std::string findPeSection(const ByteSource &src, std::string_view name, FileSection &out)
{
    unsigned char dos[64];
    if (!src.readAt(0, dos, sizeof dos))
        return "truncated DOS header";
    const std::uint32_t peOffset = le32(dos + 0x3c);
    unsigned char coff[24];
    if (!src.readAt(peOffset, coff, sizeof coff) || std::memcmp(coff, "PE\0\0", 4) != 0)
        return "not a PE file";
    const std::uint16_t sections = le16(coff + 6);
    const std::uint64_t table = std::uint64_t{peOffset} + 24 + le16(coff + 20);
    for (std::uint16_t i = 0; i < sections; ++i) {
        unsigned char s[40];
        if (!src.readAt(table + std::uint64_t{i} * 40, s, sizeof s))
            return "truncated section table";
        char padded[8] = {};
        std::memcpy(padded, name.data(), name.size());
        if (std::memcmp(s, padded, sizeof padded) != 0)
            continue;
        // The raw size is rounded up to the file alignment; the virtual size is the real one.
        const std::uint32_t virtualSize = le32(s + 8), rawSize = le32(s + 16);
        out.offset = le32(s + 20);
        out.size = virtualSize != 0 ? std::min(virtualSize, rawSize) : rawSize;
        out.found = true;
        return {};
    }
    return {};
}

} // namespace

std::string findSection(const ByteSource &src, std::string_view elfName, std::string_view peName,
                        FileSection &out)
{
    out = FileSection{};
    unsigned char magic[4] = {};
    if (!src.readAt(0, magic, sizeof magic))
        return {}; // too small to be anything
    if (magic[0] == 0x7f && magic[1] == 'E' && magic[2] == 'L' && magic[3] == 'F')
        return elfName.size() <= kMaxName ? findElfSection(src, elfName, out) : std::string();
    if (magic[0] == 'M' && magic[1] == 'Z')
        return peName.size() <= 8 ? findPeSection(src, peName, out) : std::string();
    return {};
}

} // namespace td::bin
