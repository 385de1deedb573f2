// SPDX-License-Identifier: GPL-3.0-or-later
#include "Readers.h"

namespace td::bin {

std::string readMachO(const ByteSource &, MachOInfo &)
{
    return "reader pending";
}

} // namespace td::bin
