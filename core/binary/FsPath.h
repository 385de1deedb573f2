// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// std::filesystem paths from and to the path strings of core/binary and core/loader:
// the file-system bytes on Linux and macOS, UTF-8 on Windows (where a path made from a
// plain std::string would go through the ANSI code page and lose C:\Users\张伟).

#include <filesystem>
#include <string>

namespace td::bin {

inline std::filesystem::path fsPath(const std::string &path)
{
#ifdef _WIN32
    const std::u8string utf8(path.begin(), path.end());
    return std::filesystem::path(utf8);
#else
    return std::filesystem::path(path);
#endif
}

inline std::string pathString(const std::filesystem::path &path)
{
#ifdef _WIN32
    const std::u8string utf8 = path.u8string();
    return std::string(utf8.begin(), utf8.end());
#else
    return path.string();
#endif
}

} // namespace td::bin
