// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

// Splitting, joining and normalising the target system's paths, for the three
// loaders whatever the host: on Linux and macOS only '/' separates (a
// backslash is part of a file name), Windows paths take both.
namespace td::loader::paths {

inline constexpr std::string_view kPosix = "/";
inline constexpr std::string_view kWindows = "/\\";
// The host's own paths: the files named on the command line and in folder listings.
#ifdef _WIN32
inline constexpr std::string_view kHost = kWindows;
#else
inline constexpr std::string_view kHost = kPosix;
#endif

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

// The same for a Windows folder: no second separator when `dir` ends in
// either; else the folder's own style ('\\' when it has only those).
inline std::string joinWindows(const std::string &dir, const std::string &name)
{
    if (dir.empty())
        return name;
    if (dir.back() == '/' || dir.back() == '\\')
        return dir + name;
    const bool backslashes = dir.find('\\') != std::string::npos && dir.find('/') == std::string::npos;
    return dir + (backslashes ? "\\" : "/") + name;
}

// "/a::/b" -> {"/a", "/b"}: a colon-separated search list (DYLD_LIBRARY_PATH).
// The host's own folders may be in it: on a Windows host a letter, a colon and a
// separator ("C:/x", "C:\\x") start a folder of that drive, not a new entry.
inline std::vector<std::string> splitColons(std::string_view list, bool hostIsWindows = kHost == kWindows)
{
    auto isDrive = [&](std::size_t at) {
        const char c = list[at];
        return hostIsWindows && at + 2 < list.size() && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))
               && list[at + 1] == ':' && (list[at + 2] == '/' || list[at + 2] == '\\');
    };
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= list.size()) {
        const auto colon = list.find(':', start < list.size() && isDrive(start) ? start + 2 : start);
        const auto end = colon == std::string_view::npos ? list.size() : colon;
        if (end > start)
            out.emplace_back(list.substr(start, end - start));
        if (colon == std::string_view::npos)
            break;
        start = colon + 1;
    }
    return out;
}

// "/a/./b/../c.dylib" -> "/a/c.dylib": std::filesystem's lexical rules, with '/' kept.
inline std::string normal(const std::string &path)
{
    return std::filesystem::path(path).lexically_normal().generic_string();
}

} // namespace td::loader::paths
