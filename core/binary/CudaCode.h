// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ByteSource.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace td::bin {

// One image in a CUDA fatbinary: machine code (SASS, a cubin) for one GPU
// architecture, or PTX for the driver to compile at load time.
struct CudaImage {
    enum class Kind : std::uint8_t { Sass, Ptx };
    Kind kind = Kind::Sass;
    std::uint16_t arch = 0;      // 80 for sm_80 / compute_80, 100 for sm_100
    bool archSpecific = false;   // "a": sm_90a, runs only on exactly that GPU
    bool familySpecific = false; // "f": sm_100f, runs on its family (10.x, same or higher minor)
    bool compressed = false;     // the payload is compressed (only the header is read)
    std::uint32_t fatbin = 0;    // which fatbinary (one per compiled source file) holds it

    // "sm_90a", "compute_100f", "sm_80"
    [[nodiscard]] std::string name() const;
    [[nodiscard]] int major() const { return arch / 10; }
    [[nodiscard]] int minor() const { return arch % 10; }

    // The compatibility rules of the CUDA Programming Guide ("Binary
    // Compatibility", "PTX Compatibility") and of the arch- and
    // family-specific targets (CUDA 12.0 and 12.9):
    //  - SASS sm_XY runs on compute capability X.Z with Z >= Y (same major only);
    //  - SASS sm_XYf runs on the same family: also X.Z with Z >= Y;
    //  - SASS sm_XYa runs on X.Y only;
    //  - PTX compute_XY is compiled by the driver (JIT) for any GPU of capability >= X.Y;
    //  - PTX compute_XYf only for X.Z with Z >= Y, compute_XYa only for X.Y.
    [[nodiscard]] bool runsOn(int ccMajor, int ccMinor) const;
};

// The CUDA code a library carries: every image of every fatbinary, in file
// order. Read from the headers alone: the payloads are skipped, never read.
struct CudaCode {
    std::uint32_t fatbins = 0;
    std::vector<CudaImage> images;
    bool truncated = false; // a cap was reached, or the section ended in damage: the lists may be short

    [[nodiscard]] bool empty() const { return images.empty(); }
    // Distinct names, ordered by architecture: {"sm_75", "sm_80", "sm_90", "sm_90a"}.
    [[nodiscard]] std::vector<std::string> sass() const;
    [[nodiscard]] std::vector<std::string> ptx() const;
};

// How a GPU fares with a library's fatbinaries. Each fatbinary is loaded on
// its own (it is one compiled source file), so each one is counted: it has
// machine code the GPU runs, only PTX the driver can compile for it, or nothing.
struct CudaFit {
    std::uint32_t fatbins = 0;
    std::uint32_t native = 0; // a SASS image runs on the GPU
    std::uint32_t jit = 0;    // no SASS image, but a PTX image compiles for it
    [[nodiscard]] std::uint32_t none() const { return fatbins - native - jit; }
};
[[nodiscard]] CudaFit cudaFit(const CudaCode &code, int ccMajor, int ccMinor);

// Finds the fatbinaries of an ELF file (the `.nv_fatbin` section) or a PE
// file (the `.nv_fatb` section, the same name cut to PE's eight characters)
// and lists their images. A file without CUDA code gives an empty result and
// no error; an error says what is damaged (what was read before stays in `out`).
std::string readCudaCode(const ByteSource &src, CudaCode &out);
// Opens `path` and reads it; open errors are returned.
std::string readCudaCodeFile(const std::string &path, CudaCode &out);

} // namespace td::bin
