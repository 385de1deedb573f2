// SPDX-License-Identifier: GPL-3.0-or-later
#include "ByteSource.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#ifdef _WIN32
#include "Win32File.h"

#include <windows.h>
#else
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace td::bin {

bool ByteSource::readAt(std::uint64_t offset, void *out, std::size_t count) const
{
    const std::uint64_t total = size();
    if (offset > total || count > total - offset)
        return false;
    if (count > m_budget - std::min(m_budget, m_bytesRead))
        return false;
    if (count == 0)
        return true;
    if (!doReadAt(offset, out, count))
        return false;
    m_bytesRead += count;
    return true;
}

bool ByteSource::readCString(std::uint64_t offset, std::uint64_t limit, std::string &out, std::size_t maxLength) const
{
    out.clear();
    limit = std::min(limit, size());
    if (offset >= limit)
        return false;
    char chunk[256];
    // Most names (sonames, versions) are short: a small first piece, then larger ones.
    std::size_t piece = 64;
    while (out.size() < maxLength && offset < limit) {
        const auto want =
            static_cast<std::size_t>(std::min<std::uint64_t>({piece, limit - offset, maxLength - out.size()}));
        piece = sizeof chunk;
        if (!readAt(offset, chunk, want))
            return false;
        if (const void *nul = std::memchr(chunk, 0, want)) {
            out.append(chunk, static_cast<std::size_t>(static_cast<const char *>(nul) - chunk));
            return true;
        }
        out.append(chunk, want);
        offset += want;
    }
    return false;
}

#ifdef _WIN32
std::unique_ptr<FileByteSource> FileByteSource::open(const std::string &path, std::string &error)
{
    // Backup semantics: a folder opens too, so that it can be named as one.
    HANDLE file = CreateFileW(win32::widePath(path).c_str(), GENERIC_READ,
                              FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                              FILE_ATTRIBUTE_NORMAL | FILE_FLAG_BACKUP_SEMANTICS, nullptr);
    if (file == INVALID_HANDLE_VALUE) {
        error = "cannot open: " + win32::errorText(GetLastError());
        return nullptr;
    }
    BY_HANDLE_FILE_INFORMATION info {};
    if (!GetFileInformationByHandle(file, &info)) {
        error = "cannot stat: " + win32::errorText(GetLastError());
        CloseHandle(file);
        return nullptr;
    }
    if ((info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) || GetFileType(file) != FILE_TYPE_DISK) {
        error = (info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) ? "is a directory" : "not a regular file";
        CloseHandle(file);
        return nullptr;
    }
    const std::uint64_t size = (std::uint64_t{info.nFileSizeHigh} << 32) | info.nFileSizeLow;
    return std::unique_ptr<FileByteSource>(new FileByteSource(file, size));
}

#else
std::unique_ptr<FileByteSource> FileByteSource::open(const std::string &path, std::string &error)
{
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        error = std::string("cannot open: ") + std::strerror(errno);
        return nullptr;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        error = std::string("cannot stat: ") + std::strerror(errno);
        ::close(fd);
        return nullptr;
    }
    if (!S_ISREG(st.st_mode)) {
        error = S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file";
        ::close(fd);
        return nullptr;
    }
    return std::unique_ptr<FileByteSource>(new FileByteSource(fd, static_cast<std::uint64_t>(st.st_size)));
}

#endif

FileByteSource::~FileByteSource()
{
#ifdef _WIN32
    CloseHandle(m_file);
#else
    ::close(m_file);
#endif
    for (auto &block : m_blocks)
        if (block)
            giveBack(std::move(block));
}

namespace {
template <class Block> std::vector<std::unique_ptr<Block>> &blockPool()
{
    thread_local std::vector<std::unique_ptr<Block>> pool;
    return pool;
}
} // namespace

std::unique_ptr<FileByteSource::Block> FileByteSource::takeBlock()
{
    auto &pool = blockPool<Block>();
    if (pool.empty())
        return std::unique_ptr<Block>(new Block); // default-initialised: the data is not zeroed
    auto block = std::move(pool.back());
    pool.pop_back();
    block->start = ~std::uint64_t{0};
    return block;
}

void FileByteSource::giveBack(std::unique_ptr<Block> block)
{
    auto &pool = blockPool<Block>();
    if (pool.size() < 4 * kBlocks)
        pool.push_back(std::move(block));
}

bool FileByteSource::doReadAt(std::uint64_t offset, void *out, std::size_t count) const
{
    const std::uint64_t start = offset - offset % kBlockSize;
    if (offset - start + count > kBlockSize)
        return preadFully(offset, out, count); // large or straddling: read it directly
    Block *block = nullptr;
    for (std::size_t i = 0; i < kBlocks && m_blocks[i]; ++i)
        if (m_blocks[i]->start == start)
            block = m_blocks[i].get();
    if (!block) {
        auto &slot = m_blocks[m_nextBlock];
        if (!slot)
            slot = takeBlock();
        block = slot.get();
        m_nextBlock = (m_nextBlock + 1) % kBlocks;
        block->start = ~std::uint64_t{0};
        block->length = static_cast<std::size_t>(std::min<std::uint64_t>(kBlockSize, m_size - start));
        if (!preadFully(start, block->data, block->length))
            return false;
        block->start = start;
    }
    if (offset - start + count > block->length)
        return false;
    std::memcpy(out, block->data + (offset - start), count);
    return true;
}

bool FileByteSource::preadFully(std::uint64_t offset, void *out, std::size_t count) const
{
    auto *dst = static_cast<char *>(out);
    while (count > 0) {
#ifdef _WIN32
        OVERLAPPED at {};
        at.Offset = static_cast<DWORD>(offset);
        at.OffsetHigh = static_cast<DWORD>(offset >> 32);
        DWORD got = 0;
        const auto want = static_cast<DWORD>(std::min<std::size_t>(count, 1U << 30));
        if (!ReadFile(m_file, dst, want, &got, &at) || got == 0)
            return false; // error, or the file shrank under us
#else
        const ssize_t got = ::pread(m_file, dst, count, static_cast<off_t>(offset));
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            return false; // error, or the file shrank under us
#endif
        dst += got;
        count -= static_cast<std::size_t>(got);
        offset += static_cast<std::uint64_t>(got);
    }
    return true;
}

bool MemoryByteSource::doReadAt(std::uint64_t offset, void *out, std::size_t count) const
{
    std::memcpy(out, m_data + offset, count);
    return true;
}

} // namespace td::bin
