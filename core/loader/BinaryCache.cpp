// SPDX-License-Identifier: GPL-3.0-or-later
#include "BinaryCache.h"

#include "binary/Readers.h"

#include <cerrno>
#include <climits>
#include <cstddef>
#include <cstring>

#ifdef _WIN32
#include "binary/Win32File.h"

#include <windows.h>
#include <winioctl.h>
#else
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#endif

namespace td::loader {

#ifdef _WIN32
namespace {
// A symbolic link's reparse data (winnt.h's REPARSE_DATA_BUFFER is in the DDK only):
// the documented layout of IO_REPARSE_TAG_SYMLINK, up to the start of the path buffer.
struct SymlinkReparseData {
    ULONG tag;
    USHORT dataLength, reserved;
    USHORT substituteOffset, substituteLength, printOffset, printLength;
    ULONG flags;
    WCHAR paths[1];
};

// What a symbolic link points to, read from the link itself (its target may be missing).
std::string symlinkTarget(HANDLE link)
{
    alignas(ULONG) unsigned char buffer[MAXIMUM_REPARSE_DATA_BUFFER_SIZE];
    DWORD got = 0;
    if (!DeviceIoControl(link, FSCTL_GET_REPARSE_POINT, nullptr, 0, buffer, sizeof buffer, &got, nullptr))
        return {};
    const auto *data = reinterpret_cast<const SymlinkReparseData *>(buffer);
    if (data->tag != IO_REPARSE_TAG_SYMLINK)
        return {};
    const std::size_t offset = data->printLength ? data->printOffset : data->substituteOffset;
    const std::size_t length = data->printLength ? data->printLength : data->substituteLength;
    const std::size_t pathsAt = offsetof(SymlinkReparseData, paths);
    if (pathsAt + offset + length > got)
        return {};
    return bin::win32::utf8(data->paths + offset / sizeof(WCHAR), length / sizeof(WCHAR));
}
} // namespace

// The same facts from the Win32 API: (volume serial, file index) identify a file the way
// (st_dev, st_ino) do; the path is UTF-8 and opened wide.
static FileFacts statPath(const std::string &path)
{
    FileFacts f;
    const std::wstring wide = bin::win32::widePath(path);
    constexpr DWORD share = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;
    HANDLE file = CreateFileW(wide.c_str(), FILE_READ_ATTRIBUTES, share, nullptr, OPEN_EXISTING,
                              FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (file != INVALID_HANDLE_VALUE) {
        BY_HANDLE_FILE_INFORMATION info {};
        const bool known = GetFileInformationByHandle(file, &info);
        const DWORD type = GetFileType(file);
        CloseHandle(file);
        if (known) {
            f.exists = true;
            f.isDirectory = (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0;
            f.isRegular = !f.isDirectory && type == FILE_TYPE_DISK;
            f.device = info.dwVolumeSerialNumber;
            f.inode = (std::uint64_t{info.nFileIndexHigh} << 32) | info.nFileIndexLow;
            f.size = (std::uint64_t{info.nFileSizeHigh} << 32) | info.nFileSizeLow;
            return f;
        }
    }
    f.error = bin::win32::errnoOf(GetLastError());
    HANDLE link = CreateFileW(wide.c_str(), FILE_READ_ATTRIBUTES, share, nullptr, OPEN_EXISTING,
                              FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr);
    if (link != INVALID_HANDLE_VALUE) {
        BY_HANDLE_FILE_INFORMATION info {};
        if (GetFileInformationByHandle(link, &info) && (info.dwFileAttributes & FILE_ATTRIBUTE_REPARSE_POINT)) {
            f.danglingLink = true;
            f.linkTarget = symlinkTarget(link);
        }
        CloseHandle(link);
    }
    return f;
}
#else
static FileFacts statPath(const std::string &path)
{
    FileFacts f;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        f.exists = true;
        f.isRegular = S_ISREG(st.st_mode);
        f.isDirectory = S_ISDIR(st.st_mode);
        f.device = static_cast<std::uint64_t>(st.st_dev);
        f.inode = static_cast<std::uint64_t>(st.st_ino);
        f.size = static_cast<std::uint64_t>(st.st_size);
        return f;
    }
    f.error = errno;
    struct stat lst {};
    if (::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
        f.danglingLink = true;
        char buf[PATH_MAX];
        const ssize_t n = ::readlink(path.c_str(), buf, sizeof buf);
        if (n > 0)
            f.linkTarget.assign(buf, static_cast<std::size_t>(n));
    }
    return f;
}
#endif

FileFacts BinaryCache::facts(const std::string &path)
{
    const HashedPath key{path, PathHash()(path)};
    Shard &shard = m_shards[key.hash % kShards];
    {
        std::lock_guard lock(shard.mutex);
        if (auto it = shard.facts.find(key); it != shard.facts.end())
            return it->second;
    }
    FileFacts f = lookUp(path);
    std::lock_guard lock(shard.mutex);
    return shard.facts.emplace(path, f).first->second;
}

void BinaryCache::store(const std::string &path, const FileFacts &facts)
{
    Shard &shard = m_shards[PathHash()(path) % kShards];
    std::lock_guard lock(shard.mutex);
    shard.facts.emplace(path, facts);
}

#ifdef _WIN32
FileFacts BinaryCache::lookUp(const std::string &path)
{
    return statPath(path);
}
#else
BinaryCache::Folder &BinaryCache::folder(std::string_view path)
{
    std::lock_guard lock(m_foldersMutex);
    if (const auto it = m_folders.find(path); it != m_folders.end())
        return *it->second;
    auto entry = std::make_unique<Folder>();
    const std::string named(path);
    if (char *real = ::realpath(named.c_str(), nullptr)) {
        entry->real = real;
        std::free(real);
    }
    return *m_folders.emplace(named, std::move(entry)).first->second;
}

// The facts of `path` through its folder's real place: stat(2) resolves the folder the same
// way (its links followed, ".." taken in the folder it is in), so the facts are the same.
FileFacts BinaryCache::lookUp(const std::string &path)
{
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos || slash == 0 || slash + 1 == path.size())
        return statPath(path);
    const std::string_view name = std::string_view(path).substr(slash + 1);
    if (name == "." || name == "..")
        return statPath(path);
    Folder &in = folder(std::string_view(path).substr(0, slash));
    if (in.real.empty()) // missing, or not to be resolved (permissions, a loop): as named
        return statPath(path);
    const bool asNamed = in.real == std::string_view(path).substr(0, slash); // mostly
    std::string real;
    if (!asNamed) {
        real = in.real == "/" ? std::string() : in.real;
        real += '/';
        real += name;
    }
    const std::string &where = asNamed ? path : real;
    if (!asNamed) {
        const HashedPath key{real, PathHash()(real)};
        Shard &shard = m_shards[key.hash % kShards];
        std::lock_guard lock(shard.mutex);
        if (auto it = shard.facts.find(key); it != shard.facts.end())
            return it->second;
    }
    {
        std::lock_guard lock(in.mutex);
        if (in.names && !in.names->contains(name)) {
            FileFacts none; // not in the folder: no file and no link there
            none.error = ENOENT;
            if (!asNamed)
                store(real, none);
            return none;
        }
    }
    const FileFacts f = statPath(where);
    if (!f.exists && !f.danglingLink && f.error == ENOENT) {
        std::lock_guard lock(in.mutex);
        if (!in.names && ++in.misses == kListAfterMisses) {
            if (DIR *dir = ::opendir(in.real.c_str())) {
                auto &names = in.names.emplace();
                while (const dirent *e = ::readdir(dir))
                    names.emplace(e->d_name);
                ::closedir(dir);
            }
        }
    }
    if (!asNamed)
        store(real, f);
    return f;
}
#endif

std::shared_ptr<const bin::BinaryInfo> BinaryCache::binary(const std::string &path)
{
    return binary(path, facts(path));
}

std::shared_ptr<const bin::BinaryInfo> BinaryCache::binary(const std::string &path, const FileFacts &f)
{
    if (!f.isRegular)
        return nullptr;
    const Key key{f.device, f.inode};
    Shard &shard = m_shards[KeyHash()(key) % kShards];
    std::shared_ptr<Slot> slot;
    {
        std::lock_guard lock(shard.mutex);
        auto &entry = shard.binaries[key];
        if (!entry)
            entry = std::make_shared<Slot>();
        slot = entry;
    }
    std::lock_guard parsing(slot->mutex);
    if (!slot->info) {
        slot->info = std::make_shared<const bin::BinaryInfo>(bin::readBinaryFile(path, m_readCudaCode));
        ++m_parses;
    }
    return slot->info;
}

} // namespace td::loader
