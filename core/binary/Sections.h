// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ByteSource.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace td::bin {

// Where a named section's bytes lie in the file.
struct FileSection {
    std::uint64_t offset = 0, size = 0;
    bool found = false;
};

// Finds a section of an ELF file (`elfName`, through the section headers) or of a PE file (`peName`,
// at most 8 characters: PE cuts longer names), reading the headers alone. Another format, or no such
// section: `found` stays false and no error. An error says what is damaged.
std::string findSection(const ByteSource &src, std::string_view elfName, std::string_view peName,
                        FileSection &out);

} // namespace td::bin
