// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the fatbinary reader must return (an error or a result) for any input,
// without a crash, an over-read or a hang, and what it returns must be self-consistent.
#include "binary/CudaCode.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    td::bin::MemoryByteSource src(data, size);
    td::bin::CudaCode code;
    (void)td::bin::readCudaCode(src, code);
    const auto fit = td::bin::cudaFit(code, 9, 0);
    if (fit.native + fit.jit > fit.fatbins || fit.fatbins > code.fatbins)
        std::abort();
    (void)code.sass();
    (void)code.ptx();
    return 0;
}
