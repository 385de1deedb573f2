// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the ELF reader must return (an error or a result) for any
// input, without a crash, an over-read or a hang.
#include "binary/ElfSymbols.h"
#include "binary/Readers.h"

#include <cstddef>
#include <cstdint>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    td::bin::MemoryByteSource src(data, size);
    td::bin::ElfInfo info;
    (void)td::bin::readElf(src, info);
    // The symbol table, read through what readElf located: every need, and lookups of them.
    const td::bin::ElfSymbolTable symbols(src, info);
    std::vector<td::bin::ElfSymbolNeed> needs;
    (void)symbols.needs(needs);
    for (std::size_t i = 0; i < needs.size() && i < 64; ++i) {
        (void)symbols.defines(needs[i].name, needs[i].version);
        (void)symbols.defines(needs[i].name, {});
    }
    (void)symbols.defines("main", "GLIBC_2.2.5");
    (void)td::bin::readBinary(src);
    return 0;
}
