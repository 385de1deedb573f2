// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <cstring>

namespace td::bin {

// Loads little- or big-endian integers from raw bytes, whatever the host is.
inline std::uint16_t load16(const unsigned char *p, bool bigEndian)
{
    return bigEndian ? static_cast<std::uint16_t>((p[0] << 8) | p[1]) : static_cast<std::uint16_t>((p[1] << 8) | p[0]);
}

inline std::uint32_t load32(const unsigned char *p, bool bigEndian)
{
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i)
        v |= static_cast<std::uint32_t>(p[bigEndian ? 3 - i : i]) << (8 * i);
    return v;
}

inline std::uint64_t load64(const unsigned char *p, bool bigEndian)
{
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i)
        v |= static_cast<std::uint64_t>(p[bigEndian ? 7 - i : i]) << (8 * i);
    return v;
}

} // namespace td::bin
