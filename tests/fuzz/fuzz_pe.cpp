// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the PE reader must return (an error or a result) for any
// input, without a crash, an over-read or a hang.
#include "binary/Readers.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    td::bin::MemoryByteSource src(data, size);
    td::bin::PeInfo info;
    (void)td::bin::readPe(src, info);
    (void)td::bin::readBinary(src);
    return 0;
}
