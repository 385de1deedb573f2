// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BinaryInfo.h"
#include "ByteSource.h"

#include <string>

namespace td::bin {

// Each reader fills `out` and returns an empty string, or returns what is
// wrong with the file ("truncated import table", "not a PE file", ...).
// They never throw, never read past the source and never loop unbounded.
std::string readPe(const ByteSource &src, PeInfo &out);
std::string readElf(const ByteSource &src, ElfInfo &out);
std::string readMachO(const ByteSource &src, MachOInfo &out);

// The file offset of an ELF virtual address, through the PT_LOAD that maps it (as ld.so maps it).
bool elfFileOffset(const ElfInfo &elf, std::uint64_t vaddr, std::uint64_t &offset);

// Looks at the magic bytes only.
Format detectFormat(const ByteSource &src);

// Detects the format and runs the matching reader.
BinaryInfo readBinary(const ByteSource &src);
// Opens `path` (regular files only) and reads it; open errors land in `error`.
// With `withCudaCode`, its fatbinaries' headers are read too (into `cuda`),
// through the same open file.
BinaryInfo readBinaryFile(const std::string &path, bool withCudaCode = false);

} // namespace td::bin
