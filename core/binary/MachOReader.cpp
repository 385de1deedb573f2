// SPDX-License-Identifier: GPL-3.0-or-later
#include "Endian.h"
#include "Readers.h"

#include <cstdint>
#include <string>
#include <vector>

namespace td::bin {

namespace {

constexpr std::uint32_t kMhMagic = 0xfeedface;
constexpr std::uint32_t kMhMagic64 = 0xfeedfacf;
constexpr std::uint32_t kMhCigam = 0xcefaedfe;
constexpr std::uint32_t kMhCigam64 = 0xcffaedfe;
constexpr std::uint32_t kFatMagic = 0xcafebabe;
constexpr std::uint32_t kFatMagic64 = 0xcafebabf;

constexpr std::uint32_t kLcReqDyld = 0x80000000;
constexpr std::uint32_t kLcLoadDylib = 0xc;
constexpr std::uint32_t kLcIdDylib = 0xd;
constexpr std::uint32_t kLcLoadWeakDylib = 0x18 | kLcReqDyld;
constexpr std::uint32_t kLcRpath = 0x1c | kLcReqDyld;
constexpr std::uint32_t kLcReexportDylib = 0x1f | kLcReqDyld;
constexpr std::uint32_t kLcLazyLoadDylib = 0x20;
constexpr std::uint32_t kLcLoadUpwardDylib = 0x23 | kLcReqDyld;

// A universal header names a handful of architectures; Java class files share
// its magic and put their version (45 and up) where nfat_arch would be.
constexpr std::uint32_t kMaxFatArchs = 64;
constexpr std::uint32_t kMaxLoadCommands = 65536;
constexpr std::uint32_t kMaxSizeOfCmds = 16U * 1024 * 1024;
constexpr std::size_t kMaxStringLength = 4096;

constexpr std::uint32_t kDylibCommandSize = 24; // cmd, cmdsize, name offset, timestamp, 2 versions
constexpr std::uint32_t kRpathCommandSize = 12; // cmd, cmdsize, path offset

const char *commandName(std::uint32_t cmd)
{
    switch (cmd) {
    case kLcLoadDylib: return "LC_LOAD_DYLIB";
    case kLcIdDylib: return "LC_ID_DYLIB";
    case kLcLoadWeakDylib: return "LC_LOAD_WEAK_DYLIB";
    case kLcRpath: return "LC_RPATH";
    case kLcReexportDylib: return "LC_REEXPORT_DYLIB";
    case kLcLazyLoadDylib: return "LC_LAZY_LOAD_DYLIB";
    case kLcLoadUpwardDylib: return "LC_LOAD_UPWARD_DYLIB";
    default: return "load command";
    }
}

// The lc_str at `strOffset` inside a command of `cmdSize` bytes starting at
// `cmd`: it must start after the fixed part and end (NUL) inside the command.
std::string commandString(const unsigned char *cmd, std::uint32_t cmdSize, std::uint32_t fixedSize,
                          std::uint32_t strOffset, std::string &out)
{
    if (strOffset < fixedSize || strOffset >= cmdSize)
        return "string offset " + std::to_string(strOffset) + " outside the command";
    const auto *begin = reinterpret_cast<const char *>(cmd + strOffset);
    const std::size_t room = cmdSize - strOffset;
    std::size_t length = 0;
    while (length < room && begin[length] != '\0')
        ++length;
    if (length == room)
        return "string not terminated inside the command";
    if (length > kMaxStringLength)
        return "string longer than " + std::to_string(kMaxStringLength) + " bytes";
    out.assign(begin, length);
    return {};
}

// Reads one thin Mach-O image occupying [base, base + size) of the source.
std::string readSlice(const ByteSource &src, std::uint64_t base, std::uint64_t size, MachOSlice &slice)
{
    slice.offset = base;
    slice.size = size;
    unsigned char header[32];
    if (size < 28 || !src.readAt(base, header, 28))
        return "truncated Mach-O header";
    const std::uint32_t magic = load32(header, true);
    bool bigEndian = false;
    switch (magic) {
    case kMhMagic: bigEndian = true; break;
    case kMhMagic64:
        bigEndian = true;
        slice.is64 = true;
        break;
    case kMhCigam: break;
    case kMhCigam64: slice.is64 = true; break;
    default: return "not a Mach-O file (bad magic)";
    }
    const std::uint32_t headerSize = slice.is64 ? 32 : 28;
    if (slice.is64 && (size < headerSize || !src.readAt(base + 28, header + 28, 4)))
        return "truncated Mach-O header";

    slice.cpuType = load32(header + 4, bigEndian);
    slice.cpuSubtype = load32(header + 8, bigEndian);
    slice.fileType = load32(header + 12, bigEndian);
    const std::uint32_t ncmds = load32(header + 16, bigEndian);
    const std::uint32_t sizeOfCmds = load32(header + 20, bigEndian);

    if (ncmds > kMaxLoadCommands)
        return "too many load commands (" + std::to_string(ncmds) + ")";
    if (sizeOfCmds > kMaxSizeOfCmds)
        return "load commands too large (" + std::to_string(sizeOfCmds) + " bytes)";
    if (std::uint64_t{ncmds} * 8 > sizeOfCmds)
        return std::to_string(ncmds) + " load commands cannot fit in " + std::to_string(sizeOfCmds) + " bytes";
    if (sizeOfCmds > size - headerSize)
        return "load commands extend past the end of the file";

    // The whole load-command region in one bounded read.
    std::vector<unsigned char> cmds(sizeOfCmds);
    if (!src.readAt(base + headerSize, cmds.data(), cmds.size()))
        return "truncated load commands";

    std::uint32_t pos = 0;
    for (std::uint32_t i = 0; i < ncmds; ++i) {
        const std::string where = "load command " + std::to_string(i);
        if (sizeOfCmds - pos < 8)
            return where + " extends past sizeofcmds";
        const unsigned char *p = cmds.data() + pos;
        const std::uint32_t cmd = load32(p, bigEndian);
        const std::uint32_t cmdSize = load32(p + 4, bigEndian);
        if (cmdSize < 8)
            return where + ": cmdsize " + std::to_string(cmdSize) + " too small";
        if (cmdSize % 4 != 0)
            return where + ": cmdsize " + std::to_string(cmdSize) + " not a multiple of 4";
        if (cmdSize > sizeOfCmds - pos)
            return where + " extends past sizeofcmds";

        const bool isDylib = cmd == kLcLoadDylib || cmd == kLcIdDylib || cmd == kLcLoadWeakDylib
                             || cmd == kLcReexportDylib || cmd == kLcLazyLoadDylib || cmd == kLcLoadUpwardDylib;
        if (isDylib || cmd == kLcRpath) {
            const std::uint32_t fixedSize = isDylib ? kDylibCommandSize : kRpathCommandSize;
            const std::string what = where + " (" + commandName(cmd) + ")";
            if (cmdSize < fixedSize)
                return what + ": cmdsize " + std::to_string(cmdSize) + " too small";
            std::string text;
            if (auto error = commandString(p, cmdSize, fixedSize, load32(p + 8, bigEndian), text); !error.empty())
                return what + ": " + error;
            switch (cmd) {
            case kLcIdDylib: slice.installName = std::move(text); break;
            case kLcRpath: slice.rpaths.push_back(std::move(text)); break;
            case kLcLoadDylib: slice.dylibs.push_back({std::move(text), DylibKind::Load}); break;
            case kLcLoadWeakDylib: slice.dylibs.push_back({std::move(text), DylibKind::Weak}); break;
            case kLcReexportDylib: slice.dylibs.push_back({std::move(text), DylibKind::Reexport}); break;
            case kLcLoadUpwardDylib: slice.dylibs.push_back({std::move(text), DylibKind::Upward}); break;
            case kLcLazyLoadDylib: slice.dylibs.push_back({std::move(text), DylibKind::Lazy}); break;
            default: break;
            }
        }
        pos += cmdSize;
    }
    return {};
}

std::string readUniversal(const ByteSource &src, bool fat64, MachOInfo &out)
{
    out.universal = true;
    unsigned char header[8];
    if (!src.readAt(0, header, sizeof header))
        return "truncated universal header";
    const std::uint32_t count = load32(header + 4, true);
    if (count == 0)
        return "universal file with no architectures";
    if (count >= kMaxFatArchs)
        return "not a Mach-O file (a Java class file, or a universal header naming " + std::to_string(count)
               + " architectures)";

    const std::size_t entrySize = fat64 ? 32 : 20;
    std::vector<unsigned char> table(entrySize * count);
    if (!src.readAt(8, table.data(), table.size()))
        return "truncated universal header";
    const std::uint64_t tableEnd = 8 + table.size();
    const std::uint64_t fileSize = src.size();

    for (std::uint32_t i = 0; i < count; ++i) {
        const unsigned char *e = table.data() + i * entrySize;
        const std::uint32_t cpuType = load32(e, true);
        const std::uint32_t cpuSubtype = load32(e + 4, true);
        const std::uint64_t offset = fat64 ? load64(e + 8, true) : load32(e + 8, true);
        const std::uint64_t size = fat64 ? load64(e + 16, true) : load32(e + 12, true);
        const std::string where = "architecture " + std::to_string(i) + " (" + machoCpuName(cpuType, cpuSubtype) + ")";
        if (offset < tableEnd)
            return where + ": slice overlaps the universal header";
        if (offset > fileSize || size > fileSize - offset)
            return where + ": slice extends past the end of the file";

        MachOSlice slice;
        if (auto error = readSlice(src, offset, size, slice); !error.empty())
            return where + ": " + error;
        if (slice.cpuType != cpuType)
            return where + ": the slice is " + machoCpuName(slice.cpuType, slice.cpuSubtype)
                   + ", not what the universal header says";
        out.slices.push_back(std::move(slice));
    }
    return {};
}

} // namespace

std::string readMachO(const ByteSource &src, MachOInfo &out)
{
    out = MachOInfo{};
    unsigned char magicBytes[4];
    if (!src.readAt(0, magicBytes, sizeof magicBytes))
        return "too small to be a Mach-O file";
    const std::uint32_t magic = load32(magicBytes, true);
    if (magic == kFatMagic || magic == kFatMagic64)
        return readUniversal(src, magic == kFatMagic64, out);

    MachOSlice slice;
    std::string error = readSlice(src, 0, src.size(), slice);
    // A damaged file still says what it is when its header could be read.
    if (error.empty() || slice.cpuType != 0 || slice.fileType != 0)
        out.slices.push_back(std::move(slice));
    return error;
}

} // namespace td::bin
