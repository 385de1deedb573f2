// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the offload bundle reader must return (an error or a result) for any input,
// without a crash, an over-read or a hang, and what it returns must be self-consistent.
// Built from its sources with zstd and zlib (FUZZ_SOURCES, FUZZ_PACKAGES in CMakeLists.txt): the
// decompression of hostile compressed bundles is what most needs fuzzing, and the readers shared by
// the other fuzzers are compiled without it.
#define TD_HAVE_ZSTD 1
#define TD_HAVE_ZLIB 1
#include "binary/HipCode.cpp" // NOLINT(bugprone-suspicious-include)

#include <cstddef>
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    td::bin::MemoryByteSource src(data, size);
    td::bin::HipCode code;
    (void)td::bin::readHipCode(src, code);
    if (code.compressedUnread > code.compressed || code.compressed > code.bundles)
        std::abort();
    for (const td::bin::HipTarget &t : code.targets) {
        if (t.bundle >= code.bundles || t.processor.rfind("gfx", 0) != 0)
            std::abort();
        (void)td::bin::hipRunsOn(t, "gfx90a:sramecc+:xnack-");
    }
    (void)code.processors();
    (void)code.ids();
    return 0;
}
