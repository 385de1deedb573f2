// SPDX-License-Identifier: GPL-3.0-or-later
#include "Readers.h"

#include <cstdio>

namespace td::bin {

std::string PeVersion::toString() const
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%u.%u.%u.%u", major, minor, build, revision);
    return buf;
}

Format detectFormat(const ByteSource &src)
{
    unsigned char m[4] = {};
    if (!src.readAt(0, m, sizeof m))
        return Format::Unknown;
    if (m[0] == 0x7f && m[1] == 'E' && m[2] == 'L' && m[3] == 'F')
        return Format::Elf;
    if (m[0] == 'M' && m[1] == 'Z')
        return Format::Pe;
    const std::uint32_t be =
        (std::uint32_t{m[0]} << 24) | (std::uint32_t{m[1]} << 16) | (std::uint32_t{m[2]} << 8) | m[3];
    switch (be) {
    case 0xfeedface:
    case 0xcefaedfe: // 32-bit, either byte order
    case 0xfeedfacf:
    case 0xcffaedfe: // 64-bit
    case 0xcafebabe:
    case 0xcafebabf: // universal (also Java class files: the reader tells)
        return Format::MachO;
    default: return Format::Unknown;
    }
}

BinaryInfo readBinary(const ByteSource &src)
{
    BinaryInfo result;
    result.format = detectFormat(src);
    switch (result.format) {
    case Format::Elf: result.error = readElf(src, result.info.emplace<ElfInfo>()); break;
    case Format::Pe: result.error = readPe(src, result.info.emplace<PeInfo>()); break;
    case Format::MachO: result.error = readMachO(src, result.info.emplace<MachOInfo>()); break;
    case Format::Unknown:
        result.error = src.size() < 4 ? "too small to be a library" : "not an ELF, PE or Mach-O file";
        break;
    }
    return result;
}

BinaryInfo readBinaryFile(const std::string &path, bool withCudaCode)
{
    std::string error;
    auto src = FileByteSource::open(path, error);
    if (!src) {
        BinaryInfo result;
        result.error = error;
        if (withCudaCode)
            result.cuda.emplace();
        return result;
    }
    BinaryInfo result = readBinary(*src);
    if (withCudaCode)
        (void)readCudaCode(*src, result.cuda.emplace()); // damage: what was read before it is still listed
    return result;
}

std::string elfMachineName(std::uint16_t machine, bool is64, bool bigEndian)
{
    switch (machine) {
    case 3: return "i386";
    case 62: return "x86_64";
    case 183: return "aarch64";
    case 40: return bigEndian ? "armeb" : "arm";
    case 8: return is64 ? "mips64" : (bigEndian ? "mips" : "mipsel");
    case 20: return "ppc";
    case 21: return bigEndian ? "ppc64" : "ppc64le";
    case 22: return "s390x";
    case 243: return is64 ? "riscv64" : "riscv32";
    case 258: return "loongarch64";
    case 2: return is64 ? "sparc64" : "sparc";
    default: return "elf-machine-" + std::to_string(machine);
    }
}

std::string peMachineName(std::uint16_t machine)
{
    switch (machine) {
    case 0x14c: return "x86";
    case 0x8664: return "x64";
    case 0xaa64: return "ARM64";
    case 0xa641: return "ARM64EC";
    case 0xa64e: return "ARM64X";
    case 0x1c0:
    case 0x1c4: return "ARM";
    case 0x200: return "IA64";
    case 0: return "any";
    default: {
        char buf[24];
        std::snprintf(buf, sizeof buf, "pe-machine-0x%x", machine);
        return buf;
    }
    }
}

std::string machoCpuName(std::uint32_t cpuType, std::uint32_t cpuSubtype)
{
    constexpr std::uint32_t abi64 = 0x01000000;
    switch (cpuType) {
    case 7: return "i386";
    case 7 | abi64: return (cpuSubtype & 0xff) == 8 ? "x86_64h" : "x86_64";
    case 12: return "arm";
    case 12 | abi64: return (cpuSubtype & 0xff) == 2 ? "arm64e" : "arm64";
    case 12 | 0x02000000: return "arm64_32";
    case 18: return "ppc";
    case 18 | abi64: return "ppc64";
    default: return "macho-cpu-" + std::to_string(cpuType);
    }
}

} // namespace td::bin
