// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

// Splitting and joining the target system's paths, whatever the host: on
// Linux and macOS only '/' separates (a backslash is part of a file name),
// Windows paths take both.
namespace td::loader::paths {

inline constexpr std::string_view kPosix = "/";
inline constexpr std::string_view kWindows = "/\\";

// "a/b/c.so" -> "a/b"; "c.so" -> "."; "/c.so" -> "/".
inline std::string folderOf(std::string_view path, std::string_view separators = kPosix)
{
    const auto cut = path.find_last_of(separators);
    if (cut == std::string_view::npos)
        return ".";
    return std::string(path.substr(0, cut == 0 ? 1 : cut));
}

// "a/b/c.so" -> "c.so".
inline std::string fileNameOf(std::string_view path, std::string_view separators = kPosix)
{
    const auto cut = path.find_last_of(separators);
    return std::string(cut == std::string_view::npos ? path : path.substr(cut + 1));
}

// "a/b" + "c.so" -> "a/b/c.so" (no second separator when `dir` ends in one).
inline std::string join(const std::string &dir, const std::string &name)
{
    if (dir.empty())
        return name;
    return dir.back() == '/' ? dir + name : dir + "/" + name;
}

} // namespace td::loader::paths
