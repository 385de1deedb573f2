// SPDX-License-Identifier: GPL-3.0-or-later
#include "BinaryCache.h"

#include "binary/Readers.h"

#include <cerrno>
#include <climits>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

namespace td::loader {

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

FileFacts BinaryCache::facts(const std::string &path)
{
    Shard &shard = m_shards[std::hash<std::string>()(path) % kShards];
    {
        std::lock_guard lock(shard.mutex);
        if (auto it = shard.facts.find(path); it != shard.facts.end())
            return it->second;
    }
    FileFacts f = statPath(path);
    std::lock_guard lock(shard.mutex);
    return shard.facts.emplace(path, f).first->second;
}

std::shared_ptr<const bin::BinaryInfo> BinaryCache::binary(const std::string &path)
{
    const FileFacts f = facts(path);
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
        slot->info = std::make_shared<const bin::BinaryInfo>(bin::readBinaryFile(path));
        ++m_parses;
    }
    return slot->info;
}

} // namespace td::loader
