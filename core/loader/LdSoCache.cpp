// SPDX-License-Identifier: GPL-3.0-or-later
#include "LdSoCache.h"

#include "binary/ByteSource.h"
#include "binary/Endian.h"

#include <cstring>

namespace td::loader {

namespace {
constexpr char kOldMagic[] = "ld.so-1.7.0";          // 11 bytes + NUL
constexpr char kNewMagic[] = "glibc-ld.so.cache1.1"; // magic + version, 20 bytes
constexpr std::size_t kNewHeader = 48;               // struct cache_file_new
constexpr std::size_t kNewEntry = 24;                // struct file_entry_new
constexpr std::size_t kOldEntry = 12;                // struct file_entry
constexpr std::uint32_t kMaxEntries = 1U << 20;
constexpr std::uint32_t kExtensionMagic = 0xeaa42174; // cache_extension_magic
constexpr std::uint32_t kTagGlibcHwcaps = 1;           // cache_extension_tag_glibc_hwcaps
// dl-cache.h: an entry whose hwcap has only this bit in its upper half
// (ISA level bits aside) names a glibc-hwcaps subfolder by index.
constexpr std::uint64_t kHwcapExtension = 1ULL << 62;
constexpr std::uint64_t kIsaLevelMask = (1U << 10) - 1;
} // namespace

LdSoCache LdSoCache::read(const std::string &path)
{
    LdSoCache cache;
    std::string error;
    auto src = bin::FileByteSource::open(path, error);
    if (!src) {
        cache.m_error = path + ": " + error;
        return cache;
    }
    std::uint64_t base = 0;
    char magic[20] = {};
    if (!src->readAt(0, magic, sizeof magic)) {
        cache.m_error = path + ": too short";
        return cache;
    }
    if (std::memcmp(magic, kOldMagic, sizeof kOldMagic - 1) == 0) {
        // Old table first: skip it; the new one follows, 8-byte aligned.
        unsigned char n[4];
        if (!src->readAt(12, n, 4)) {
            cache.m_error = path + ": truncated";
            return cache;
        }
        base = 16 + std::uint64_t{bin::load32(n, false)} * kOldEntry;
        base = (base + 7) & ~std::uint64_t{7};
        if (!src->readAt(base, magic, sizeof magic)) {
            cache.m_error = path + ": old format only (no glibc 2.32+ table)";
            return cache;
        }
    }
    if (std::memcmp(magic, kNewMagic, sizeof kNewMagic - 1) != 0) {
        cache.m_error = path + ": not an ld.so cache";
        return cache;
    }
    unsigned char header[kNewHeader];
    if (!src->readAt(base, header, sizeof header)) {
        cache.m_error = path + ": truncated header";
        return cache;
    }
    const std::uint32_t nlibs = bin::load32(header + 20, false);
    if (nlibs > kMaxEntries || base + kNewHeader + std::uint64_t{nlibs} * kNewEntry > src->size()) {
        cache.m_error = path + ": damaged (entry count)";
        return cache;
    }
    // The string table follows the entries; strings are addressed from the
    // start of the new header. The whole cache is small (tens of KiB).
    const std::uint64_t size = src->size() - base;
    std::string data(static_cast<std::size_t>(size), '\0');
    if (!src->readAt(base, data.data(), data.size())) {
        cache.m_error = path + ": unreadable";
        return cache;
    }
    auto str = [&](std::uint32_t offset) -> std::string {
        if (offset >= data.size())
            return {};
        const char *s = data.data() + offset;
        const void *nul = std::memchr(s, 0, data.size() - offset);
        return nul ? std::string(s, static_cast<const char *>(nul)) : std::string();
    };
    const auto *bytes = reinterpret_cast<const unsigned char *>(data.data());
    // The glibc-hwcaps extension: an array of string offsets, one per subfolder name.
    std::vector<std::string> hwcapsNames;
    const std::uint64_t extension = bin::load32(header + 32, false);
    if (extension != 0 && extension + 8 <= data.size() && bin::load32(bytes + extension, false) == kExtensionMagic) {
        const std::uint64_t sections = bin::load32(bytes + extension + 4, false);
        for (std::uint64_t i = 0; i < sections && extension + 8 + (i + 1) * 16 <= data.size(); ++i) {
            const unsigned char *sec = bytes + extension + 8 + i * 16;
            const std::uint64_t offset = bin::load32(sec + 8, false), length = bin::load32(sec + 12, false);
            if (bin::load32(sec, false) != kTagGlibcHwcaps || offset + length > data.size())
                continue;
            for (std::uint64_t k = 0; k + 4 <= length && hwcapsNames.size() < kMaxEntries; k += 4)
                hwcapsNames.push_back(str(bin::load32(bytes + offset + k, false)));
        }
    }
    for (std::uint32_t i = 0; i < nlibs; ++i) {
        const unsigned char *e = bytes + kNewHeader + std::size_t{i} * kNewEntry;
        Entry entry;
        entry.flags = static_cast<std::int32_t>(bin::load32(e, false));
        std::string key = str(bin::load32(e + 4, false));
        entry.path = str(bin::load32(e + 8, false));
        entry.hwcap = bin::load64(e + 16, false);
        if (((entry.hwcap >> 32) & ~kIsaLevelMask) == (kHwcapExtension >> 32)) {
            const std::uint32_t index = static_cast<std::uint32_t>(entry.hwcap);
            // An index past the table names nothing: no process can use the entry.
            entry.hwcapsName = index < hwcapsNames.size() ? hwcapsNames[index] : std::string("?");
        }
        if (key.empty() || entry.path.empty())
            continue;
        cache.m_entries[key].push_back(std::move(entry));
        ++cache.m_count;
    }
    return cache;
}

const std::vector<LdSoCache::Entry> &LdSoCache::lookup(const std::string &name) const
{
    static const std::vector<Entry> none;
    const auto it = m_entries.find(name);
    return it == m_entries.end() ? none : it->second;
}

std::int32_t LdSoCache::expectedFlags(std::uint16_t machine, bool is64)
{
    constexpr std::int32_t libc6 = 0x0003;
    switch (machine) {
    case 62: return libc6 | 0x0300;               // FLAG_X8664_LIB64
    case 3: return libc6;                         // i386
    case 183: return libc6 | 0x0a00;              // FLAG_AARCH64_LIB64
    case 40: return libc6 | 0x0900;               // FLAG_ARM_LIBHF (hard-float; the common case)
    case 21: return libc6 | (is64 ? 0x0500 : 0);  // FLAG_POWERPC_LIB64
    case 22: return libc6 | (is64 ? 0x0400 : 0);  // FLAG_S390_LIB64
    case 243: return libc6 | (is64 ? 0x1000 : 0); // FLAG_RISCV_FLOAT_ABI_DOUBLE (lp64d)
    case 258: return libc6 | 0x1300;              // FLAG_LARCH_FLOAT_ABI_DOUBLE
    default: return 0;
    }
}

} // namespace td::loader
