// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the Mach-O reader must return (an error or a result) for
// any input, thin or universal, without a crash, an over-read or a hang.
#include "binary/Readers.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    td::bin::MemoryByteSource src(data, size);
    td::bin::MachOInfo info;
    (void)td::bin::readMachO(src, info);
    (void)td::bin::readBinary(src);
    return 0;
}
