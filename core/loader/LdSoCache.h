// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace td::loader {

// The real /etc/ld.so.cache (glibc's "glibc-ld.so.cache1.1" format, also
// when it follows the old "ld.so-1.7.0" table), read once.
class LdSoCache {
public:
    struct Entry {
        std::int32_t flags = 0; // FLAG_ELF_LIBC6 | the architecture's flag
        std::string path;
        std::uint64_t hwcap = 0;
        std::string hwcapsName; // glibc 2.33+: the glibc-hwcaps subfolder it is for ("x86-64-v3")
    };

    // Reads `path`; a missing or damaged cache gives an empty table and an error.
    static LdSoCache read(const std::string &path);

    // The entries for a soname, in file order.
    [[nodiscard]] const std::vector<Entry> &lookup(const std::string &name) const;
    [[nodiscard]] std::size_t size() const { return m_count; }
    [[nodiscard]] const std::string &error() const { return m_error; }

    // The flags ld.so expects for an ELF of this machine and class (0 if unknown).
    static std::int32_t expectedFlags(std::uint16_t machine, bool is64);

private:
    // Entries of one name stay in file order: ld.so takes the first that fits.
    std::unordered_map<std::string, std::vector<Entry>> m_entries;
    std::size_t m_count = 0;
    std::string m_error;
};

} // namespace td::loader
