// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "binary/BinaryInfo.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace td::loader {

// What the file system says about one path, looked up once.
struct FileFacts {
    bool exists = false; // something is there (a dangling link counts as not)
    bool isRegular = false;
    bool isDirectory = false;
    bool danglingLink = false; // a symlink whose target is missing (or a loop)
    std::string linkTarget;    // for dangling links: what it points to
    std::uint64_t device = 0, inode = 0, size = 0;
    int error = 0; // errno of stat() when it failed
};

// Parses each file once, however many libraries need it and from whichever
// thread asks. Files are keyed by (device, inode), so two paths to one file
// share an entry. The maps are split in shards with a lock each, so that the
// workers of a large analysis do not queue on one lock.
class BinaryCache {
public:
    // With `readCudaCode`, each file's CUDA code is read as it is parsed (see BinaryInfo::cuda).
    explicit BinaryCache(bool readCudaCode = false) : m_readCudaCode(readCudaCode) {}

    FileFacts facts(const std::string &path);
    // The parsed file; nullptr when `path` is not a regular file.
    std::shared_ptr<const bin::BinaryInfo> binary(const std::string &path);
    // The same, for a path whose facts the caller has already asked for.
    std::shared_ptr<const bin::BinaryInfo> binary(const std::string &path, const FileFacts &facts);

    // Parses counted so far (the benchmark and tests read it).
    [[nodiscard]] std::size_t parseCount() const { return m_parses.load(); }

private:
    struct Key {
        std::uint64_t device, inode;
        bool operator==(const Key &) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key &k) const { return std::hash<std::uint64_t>()(k.inode * 31 + k.device); }
    };
    // One slot per file: the first thread to ask parses it, others wait for it.
    // (A mutex per slot, not std::call_once: libstdc++'s call_once holds one
    // process-wide lock while the function runs, which would serialise parsing.)
    struct Slot {
        std::mutex mutex;
        std::shared_ptr<const bin::BinaryInfo> info;
    };
    // A path with its hash, worked out once: it picks the shard and the bucket.
    struct HashedPath {
        std::string_view text;
        std::size_t hash;
    };
    struct PathHash {
        using is_transparent = void;
        std::size_t operator()(const std::string &path) const { return std::hash<std::string_view>()(path); }
        std::size_t operator()(const HashedPath &path) const { return path.hash; }
    };
    struct PathEqual {
        using is_transparent = void;
        bool operator()(const std::string &a, const std::string &b) const { return a == b; }
        bool operator()(const HashedPath &a, const std::string &b) const { return a.text == b; }
        bool operator()(const std::string &a, const HashedPath &b) const { return a == b.text; }
    };
    struct Shard {
        std::mutex mutex;
        std::unordered_map<std::string, FileFacts, PathHash, PathEqual> facts;
        std::unordered_map<Key, std::shared_ptr<Slot>, KeyHash> binaries;
    };
    static constexpr std::size_t kShards = 32;

    // A folder as the paths name it. Its real place lets two spellings of it (/lib and /usr/lib
    // on a merged-/usr system) share their files' facts; once enough names were looked for
    // there in vain (the copies a search tries in every system folder), its listing answers
    // the misses that follow without a stat each.
    struct StringSetHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
    };
    struct Folder {
        std::string real; // empty when it cannot be resolved: its files are looked up as named
        std::mutex mutex; // for the two below
        std::size_t misses = 0;
        std::optional<std::unordered_set<std::string, StringSetHash, std::equal_to<>>> names;
    };
    static constexpr std::size_t kListAfterMisses = 64; // a listing costs about what 50 stats do
    FileFacts lookUp(const std::string &path);
    Folder &folder(std::string_view path);
    void store(const std::string &path, const FileFacts &facts);
    std::mutex m_foldersMutex;
    std::unordered_map<std::string, std::unique_ptr<Folder>, StringSetHash, std::equal_to<>> m_folders;

    bool m_readCudaCode;
    std::array<Shard, kShards> m_shards;
    std::atomic<std::size_t> m_parses{0};
};

} // namespace td::loader
