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
#include <climits>

using td::loader::BinaryCache;
using td::loader::FileFacts;
using td::test::TempDir;
namespace fs = std::filesystem;

namespace {

// What the system says, path by path: the oracle.
FileFacts systemFacts(const std::string &path)
{
    FileFacts f;
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0) {
        f.exists = true;
        f.isRegular = S_ISREG(st.st_mode);
        f.isDirectory = S_ISDIR(st.st_mode);
        f.device = st.st_dev;
        f.inode = st.st_ino;
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
