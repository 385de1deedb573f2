// SPDX-License-Identifier: GPL-3.0-or-later
// The CUDA toolkit of the corpus (nvcc, nvvm, crt, the runtime's headers and cuobjdump, all from
// PyPI wheels pinned in tools/wheels.txt), and cuobjdump's listings as the oracle for the
// fatbinary reader.
#pragma once

#include "TestSupport.h"

#include "binary/CudaCode.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace td::test::cuda {

// The wheels merged into one tree of hard links at `root` (nvcc.profile finds cicc, the headers
// and libdevice relative to its own folder, as in an installed toolkit).
struct Toolkit {
    fs::path root;
    [[nodiscard]] fs::path nvcc() const { return root / "bin" / "nvcc"; }
    [[nodiscard]] fs::path cuobjdump() const { return root / "bin" / "cuobjdump"; }
    // nvcc -shared (host compiler: the build's C++ compiler) of `sources` with `args` into `out`;
    // a failure fails the test.
    void buildLibrary(const fs::path &out, const std::vector<std::string> &sources,
                      const std::vector<std::string> &args) const;
};
::testing::AssertionResult makeToolkit(const fs::path &root, Toolkit &out);

// The Windows cuobjdump.exe of the corpus (run under Wine).
fs::path windowsCuobjdump();

// `cuobjdump --list-elf --list-ptx FILE` (argv before FILE: the program, perhaps behind wine),
// one entry per image in file order, in cuobjdump's spelling: "ELF sm_90a", "PTX sm_100f".
// `fatal`: cuobjdump's own "fatal" line where it gave up part way through the file (cuobjdump 13
// stops at the sm_70 cubin of bitsandbytes' libbitsandbytes_cuda121.so with "Invalid ELF").
struct CuobjdumpListing {
    std::vector<std::string> images;
    std::string fatal;
};
CuobjdumpListing cuobjdumpListing(const std::vector<std::string> &program, const std::string &file,
                                  const RunOptions &options = {});
// The listing of a file cuobjdump reads to the end (a fatal stop fails the test).
std::vector<std::string> cuobjdumpImages(const std::vector<std::string> &program, const std::string &file,
                                         const RunOptions &options = {});

// Our images in cuobjdump's spelling. cuobjdump names a family-specific cubin without its "f"
// (sm_103f is listed as sm_103), a family-specific PTX with it.
std::vector<std::string> asCuobjdumpSpells(const bin::CudaCode &code);

} // namespace td::test::cuda
