// SPDX-License-Identifier: GPL-3.0-or-later
// The facts BinaryCache gives are the ones stat(2) and lstat(2) give for the path as named,
// also when it takes them through the folder's real place (a linked folder, "..") or from the
// folder's listing once many names were looked for there in vain.
#include "loader/BinaryCache.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

using td::loader::BinaryCache;
using td::loader::FileFacts;
using td::test::TempDir;
namespace fs = std::filesystem;

namespace {

// What the system says, path by path, through std::filesystem: the oracle.
FileFacts systemFacts(const std::string &path)
{
    FileFacts f;
    std::error_code ec;
    const fs::file_status st = fs::status(path, ec);
    if (fs::exists(st)) {
        f.exists = true;
        f.isRegular = fs::is_regular_file(st);
        f.isDirectory = fs::is_directory(st);
        struct stat id {}; // the file's identity and size, which std::filesystem does not give for every kind
        EXPECT_EQ(::stat(path.c_str(), &id), 0) << path;
        f.device = id.st_dev;
        f.inode = id.st_ino;
        f.size = static_cast<std::uint64_t>(id.st_size);
        return f;
    }
    f.error = ec.value();
    std::error_code linkError;
    if (fs::is_symlink(fs::symlink_status(path, linkError))) {
        f.danglingLink = true;
        f.linkTarget = fs::read_symlink(path, linkError).string();
    }
    return f;
}

std::string describe(const FileFacts &f)
{
    return "exists=" + std::to_string(f.exists) + " regular=" + std::to_string(f.isRegular)
           + " folder=" + std::to_string(f.isDirectory) + " dangling=" + std::to_string(f.danglingLink)
           + " target=" + f.linkTarget + " inode=" + std::to_string(f.inode) + " size=" + std::to_string(f.size)
           + " error=" + std::to_string(f.error);
}

class BinaryCacheFacts : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_real = m_dir / "real";
        fs::create_directories(m_real / "sub");
        td::test::writeFile(m_real / "libfile.so.1", "not an ELF file, twenty-nine");
        fs::create_symlink("libfile.so.1", m_real / "liblink.so");
        fs::create_symlink("libgone.so.3", m_real / "libdangling.so");
        fs::create_symlink("libloop.b", m_real / "libloop.a");
        fs::create_symlink("libloop.a", m_real / "libloop.b");
        fs::create_symlink("real", m_dir / "alias");
        fs::create_symlink(m_dir / "real" / "sub" / "..", m_dir / "up");
    }

    // Every name, as each spelling of the folder names it, against the system's answer.
    void expectAsTheSystemSays(BinaryCache &cache)
    {
        for (const std::string folder : {"real", "alias", "up", "real/sub/.."})
            for (const std::string name :
                 {"libfile.so.1", "liblink.so", "libdangling.so", "libloop.a", "sub", "libnothing.so.9"}) {
                const std::string path = (m_dir / folder / name).string();
                EXPECT_EQ(describe(cache.facts(path)), describe(systemFacts(path))) << path;
            }
    }

    TempDir m_dir{"td-binary-cache"};
    fs::path m_real;
};

} // namespace

TEST_F(BinaryCacheFacts, ALinkedFolderGivesTheFactsOfThePathAsNamed)
{
    BinaryCache cache;
    expectAsTheSystemSays(cache);
    // One file, however its folder is spelled.
    EXPECT_EQ(cache.facts((m_dir / "alias/libfile.so.1").string()).inode,
              cache.facts((m_real / "libfile.so.1").string()).inode);
}

TEST_F(BinaryCacheFacts, AFolderListedAfterManyMissesAnswersAsStatDoes)
{
    BinaryCache cache;
    for (int i = 0; i < 200; ++i) // far more misses than it takes for the folder to be listed
        EXPECT_FALSE(cache.facts((m_real / ("libmissing" + std::to_string(i) + ".so")).string()).exists);
    expectAsTheSystemSays(cache);
}

TEST_F(BinaryCacheFacts, AMissingFolderOrAFileInThePathIsTheSystemsError)
{
    BinaryCache cache;
    for (const std::string path : {"nofolder/libx.so", "real/libfile.so.1/libx.so", "real/nofolder/sub/libx.so"}) {
        const std::string full = (m_dir / path).string();
        EXPECT_EQ(describe(cache.facts(full)), describe(systemFacts(full))) << full;
    }
    EXPECT_EQ(cache.facts((m_dir / "real/libfile.so.1/libx.so").string()).error, ENOTDIR);
}
