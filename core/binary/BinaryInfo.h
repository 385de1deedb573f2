// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CudaCode.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace td::bin {

// ---- PE (Windows) ---------------------------------------------------------

struct PeVersion {
    std::uint16_t major = 0, minor = 0, build = 0, revision = 0;
    [[nodiscard]] std::string toString() const; // "14.40.33810.0"
    friend auto operator<=>(const PeVersion &, const PeVersion &) = default;
};

struct PeImport {
    std::string dll;                     // as written in the import table
    bool delayLoad = false;              // from the delay-load directory
    std::vector<std::string> functions;  // imported by name (capped)
    std::vector<std::uint16_t> ordinals; // imported by ordinal (capped)
};

struct PeInfo {
    std::uint16_t machine = 0;         // IMAGE_FILE_MACHINE_*
    bool pe32Plus = false;             // PE32+ (64-bit optional header)
    std::uint16_t characteristics = 0; // IMAGE_FILE_*
    std::uint16_t subsystem = 0;
    std::uint16_t dllCharacteristics = 0;
    // MajorLinkerVersion.MinorLinkerVersion: the MSVC toolset that linked it ("14.29" for VS 2019's
    // last); the VC++ runtime it runs with must be at least that new.
    std::uint8_t linkerMajor = 0, linkerMinor = 0;
    [[nodiscard]] bool isDll() const { return (characteristics & 0x2000) != 0; }

    std::vector<PeImport> imports;    // normal imports first, then delay-load ones
    std::string exportName;           // the DLL's own name from its export directory
    std::vector<std::string> exports; // exported names (capped)
    std::uint32_t exportCount = 0;    // NumberOfFunctions (may exceed exports.size())

    std::optional<PeVersion> fileVersion; // VS_FIXEDFILEINFO
    std::optional<PeVersion> productVersion;
    bool hasManifest = false; // an RT_MANIFEST resource is embedded
    std::string manifest;     // its text (capped at 64 KiB)
};

// ---- ELF (Linux and other Unix) ------------------------------------------

struct ElfVersionNeed {
    std::string file;                  // e.g. "libstdc++.so.6"
    std::vector<std::string> versions; // e.g. "GLIBCXX_3.4.30"
    std::vector<std::uint16_t> indexes; // vna_other of each: its number in the symbol version table
    std::vector<std::uint32_t> hashes;  // vna_hash of each: the ELF hash of its name, as the file says
};

// A PT_LOAD segment: how virtual addresses map to the file.
struct ElfSegment {
    std::uint64_t vaddr = 0, offset = 0, filesz = 0;
};

// Where the dynamic symbol table and its companions lie (virtual addresses;
// 0 when absent). readElf records them; ElfSymbolTable reads them on demand.
struct ElfSymbolTables {
    std::uint64_t symtab = 0, syment = 0, strtab = 0, strsz = 0;
    std::uint64_t hash = 0, gnuHash = 0, versym = 0; // DT_HASH, DT_GNU_HASH, DT_VERSYM
};

struct ElfInfo {
    bool is64 = false; // ELFCLASS64
    bool bigEndian = false;
    std::uint8_t osAbi = 0;
    std::uint16_t type = 0;    // ET_DYN, ET_EXEC, ...
    std::uint16_t machine = 0; // EM_*
    std::uint32_t eFlags = 0;
    std::string interpreter; // PT_INTERP
    bool hasDynamic = false;

    std::vector<std::string> needed;    // DT_NEEDED in order
    std::string soname;                 // DT_SONAME
    std::optional<std::string> rpath;   // DT_RPATH, raw (':'-separated)
    std::optional<std::string> runpath; // DT_RUNPATH, raw
    std::uint64_t flags = 0;            // DT_FLAGS
    std::uint64_t flags1 = 0;           // DT_FLAGS_1

    std::vector<ElfVersionNeed> versionNeeds; // DT_VERNEED
    std::vector<std::string> versionDefs;     // DT_VERDEF names (the first is the file's own)
    std::vector<std::uint16_t> versionDefIndexes; // vd_ndx of each; 0 for the file's own (VER_FLG_BASE)
    std::vector<std::uint32_t> versionDefHashes;  // vd_hash of each, as the file says

    ElfSymbolTables symbolTables;
    std::vector<ElfSegment> loads;
};

// ---- Mach-O (macOS) -------------------------------------------------------

enum class DylibKind { Load, Weak, Reexport, Upward, Lazy };

struct MachODylib {
    std::string name; // install name as written, e.g. "@rpath/libc10.dylib"
    DylibKind kind = DylibKind::Load;
};

struct MachOSlice {
    std::uint32_t cpuType = 0; // CPU_TYPE_*
    std::uint32_t cpuSubtype = 0;
    std::uint32_t fileType = 0; // MH_DYLIB, MH_EXECUTE, MH_BUNDLE, ...
    bool is64 = false;
    std::uint64_t offset = 0; // inside the file (0 for a thin file)
    std::uint64_t size = 0;
    std::string installName; // LC_ID_DYLIB
    std::vector<MachODylib> dylibs;
    std::vector<std::string> rpaths; // LC_RPATH in order
};

struct MachOInfo {
    bool universal = false;         // a fat file
    std::vector<MachOSlice> slices; // one for a thin file
};

// ---- Any of them ----------------------------------------------------------

enum class Format { Unknown, Elf, Pe, MachO };

struct BinaryInfo {
    Format format = Format::Unknown;
    std::variant<std::monostate, ElfInfo, PeInfo, MachOInfo> info;
    std::string error; // empty when the file parsed
    // The CUDA code it carries, read with it when asked for (readBinaryFile's
    // withCudaCode); empty when it has none, absent when not asked for.
    std::optional<CudaCode> cuda;

    [[nodiscard]] bool ok() const { return error.empty() && format != Format::Unknown; }
    [[nodiscard]] const ElfInfo *elf() const { return std::get_if<ElfInfo>(&info); }
    [[nodiscard]] const PeInfo *pe() const { return std::get_if<PeInfo>(&info); }
    [[nodiscard]] const MachOInfo *macho() const { return std::get_if<MachOInfo>(&info); }
};

// Human names: "x86_64", "i386", "aarch64", "arm", "ppc64le", "x64", "x86", "ARM64", "arm64" ...
[[nodiscard]] std::string elfMachineName(std::uint16_t machine, bool is64, bool bigEndian);
[[nodiscard]] std::string peMachineName(std::uint16_t machine);
[[nodiscard]] std::string machoCpuName(std::uint32_t cpuType, std::uint32_t cpuSubtype);

} // namespace td::bin
