// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace td::bin {

// Positioned, bounds-checked reads from a file or a buffer. Readers only ever
// ask for the headers and tables they need; nothing reads a whole file.
class ByteSource {
public:
    virtual ~ByteSource() = default;
    ByteSource() = default;
    ByteSource(const ByteSource &) = delete;
    ByteSource &operator=(const ByteSource &) = delete;

    [[nodiscard]] virtual std::uint64_t size() const = 0;

    // Reads exactly `count` bytes at `offset`. Returns false when the range is
    // outside the source, on an I/O error, or when the read budget is spent.
    [[nodiscard]] bool readAt(std::uint64_t offset, void *out, std::size_t count) const;

    // Reads a NUL-terminated string starting at `offset`, at most `maxLength`
    // bytes and never past `limit` (an absolute offset). False if no NUL was
    // found in that window.
    [[nodiscard]] bool readCString(std::uint64_t offset, std::uint64_t limit, std::string &out,
                                   std::size_t maxLength = 4096) const;

    // Total bytes handed out so far; tests use it to prove reads stay bounded.
    [[nodiscard]] std::uint64_t bytesRead() const { return m_bytesRead; }

    // Upper bound on the bytes one source may hand out (a hostile file cannot
    // make a reader walk gigabytes of tables). Default: 64 MiB.
    void setReadBudget(std::uint64_t bytes) { m_budget = bytes; }

protected:
    virtual bool doReadAt(std::uint64_t offset, void *out, std::size_t count) const = 0;

private:
    mutable std::uint64_t m_bytesRead = 0;
    std::uint64_t m_budget = 64ULL * 1024 * 1024;
};

// A file read with pread() (ReadFile at an offset on Windows); never mapped or loaded whole. Small reads are
// served from a few cached 4 KiB blocks, because readers ask for many small
// pieces (headers, table entries, names) that sit close together.
class FileByteSource final : public ByteSource {
public:
    // Opens `path` for reading. On failure returns nullptr and sets `error`
    // (the system's error text prefixed by what failed). The path is UTF-8 on Windows.
    static std::unique_ptr<FileByteSource> open(const std::string &path, std::string &error);
    ~FileByteSource() override;

    [[nodiscard]] std::uint64_t size() const override { return m_size; }

protected:
    bool doReadAt(std::uint64_t offset, void *out, std::size_t count) const override;

private:
#ifdef _WIN32
    using Handle = void *; // HANDLE
#else
    using Handle = int;
#endif
    FileByteSource(Handle file, std::uint64_t size) : m_file(file), m_size(size) {}
    bool preadFully(std::uint64_t offset, void *out, std::size_t count) const;
    struct Block;
    static std::unique_ptr<Block> takeBlock();
    static void giveBack(std::unique_ptr<Block> block);

    static constexpr std::size_t kBlockSize = 4096;
    static constexpr std::size_t kBlocks = 8;
    struct Block {
        std::uint64_t start = ~std::uint64_t{0};
        std::size_t length = 0;
        unsigned char data[kBlockSize];
    };
    Handle m_file;
    std::uint64_t m_size = 0;
    // Taken from a per-thread pool when first used and given back on
    // destruction: parsing thousands of files allocates next to nothing.
    mutable std::unique_ptr<Block> m_blocks[kBlocks];
    mutable std::size_t m_nextBlock = 0;
};

// A view over bytes the caller owns (fuzzers, unit tests).
class MemoryByteSource final : public ByteSource {
public:
    MemoryByteSource(const void *data, std::size_t size)
        : m_data(static_cast<const unsigned char *>(data)), m_size(size)
    {
    }
    explicit MemoryByteSource(std::string_view bytes) : MemoryByteSource(bytes.data(), bytes.size()) {}

    [[nodiscard]] std::uint64_t size() const override { return m_size; }

protected:
    bool doReadAt(std::uint64_t offset, void *out, std::size_t count) const override;

private:
    const unsigned char *m_data;
    std::size_t m_size;
};

} // namespace td::bin
