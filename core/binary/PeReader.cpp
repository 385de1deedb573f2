// SPDX-License-Identifier: GPL-3.0-or-later
#include "Readers.h"

namespace td::bin {

std::string readPe(const ByteSource &, PeInfo &)
{
    return "reader pending";
}

} // namespace td::bin
