// SPDX-License-Identifier: GPL-3.0-or-later
// RECORD: which distribution installed a file, and whether it is still that file.
#include "python/Record.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QString>

namespace td::test {
namespace {

using python::FileOwnership;

QString qs(const fs::path &path)
{
    return QString::fromStdString(path.string());
}

// 2,100 bytes whose sha256 Python's hashlib gives as below (urlsafe base64, no padding, as pip writes it).
std::string library()
{
    std::string out;
    for (int i = 0; i < 100; ++i)
        out += "\x7f" "ELF pretend library\n";
    return out;
}
constexpr const char *kHash = "sha256=dxGUgL7VWsjL_itTnBngumWztgbltOIurHb0z1YS6aw";

// site-packages with one distribution, "Otter_BLAS" 1.9.0, whose RECORD lists its library.
struct Site {
    TempDir dir{"td-record"};
    fs::path site = dir / "lib/python3.11/site-packages";
    fs::path lib = site / "otterblas/lib/libotterblas.so.2";
    Site()
    {
        writeFile(lib, library());
        const fs::path info = site / "otter_blas-1.9.0.dist-info";
        writeFile(info / "METADATA", "Metadata-Version: 2.1\nName: Otter_BLAS\nVersion: 1.9.0\n\nThe library.\n");
        writeFile(info / "INSTALLER", "pip\n");
        writeFile(info / "RECORD", std::string("otter_blas-1.9.0.dist-info/METADATA,,\n"
                                               "\"otterblas/odd,name.txt\",sha256=abc,3\n"
                                               "otterblas/lib/libotterblas.so.2,")
                                       + kHash + ",2100\n"
                                       + "otter_blas-1.9.0.dist-info/RECORD,,\n");
        writeFile(site / "otherpkg-2.0.dist-info/RECORD", "otherpkg/__init__.py,sha256=xyz,0\n");
    }
};

TEST(Record, ReadsItsLinesAsCsv)
{
    const auto plain = python::parseRecordLine(QStringLiteral("torch/lib/libc10.so,sha256=AbC_-,1234\n"));
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->path, QStringLiteral("torch/lib/libc10.so"));
    EXPECT_EQ(plain->hash, QStringLiteral("sha256=AbC_-"));
    EXPECT_EQ(plain->size, 1234);
    const auto quoted = python::parseRecordLine(QStringLiteral("\"a,b/\"\"c\"\".py\",,\r\n"));
    ASSERT_TRUE(quoted);
    EXPECT_EQ(quoted->path, QStringLiteral("a,b/\"c\".py"));
    EXPECT_TRUE(quoted->hash.isEmpty());
    EXPECT_EQ(quoted->size, -1);
    EXPECT_FALSE(python::parseRecordLine(QStringLiteral("   ")));
    EXPECT_FALSE(python::parseRecordLine(QStringLiteral("only,two")));
}

TEST(Record, HashesAsPipWritesIt)
{
    TempDir dir("td-record-hash");
    writeFile(dir / "f", library());
    EXPECT_EQ(python::recordHashOf(qs(dir / "f")), QString::fromLatin1(kHash));
    EXPECT_TRUE(python::recordHashOf(qs(dir / "missing")).isEmpty());
}

TEST(Record, NamesTheDistributionThatInstalledAFile)
{
    const Site s;
    const auto owner = python::ownerOf(qs(s.lib), true);
    ASSERT_TRUE(owner);
    EXPECT_EQ(owner->distribution, QStringLiteral("Otter_BLAS")); // as its METADATA spells it
    EXPECT_EQ(owner->version, QStringLiteral("1.9.0"));
    EXPECT_EQ(owner->installer, QStringLiteral("pip"));
    EXPECT_EQ(owner->entry.path, QStringLiteral("otterblas/lib/libotterblas.so.2"));
    EXPECT_EQ(owner->state, FileOwnership::State::Intact);
    EXPECT_FALSE(owner->damaged());

    // A file no RECORD lists (copied in by hand), and one outside any site-packages.
    writeFile(s.site / "otterblas/lib/libextra.so", "x");
    EXPECT_FALSE(python::ownerOf(qs(s.site / "otterblas/lib/libextra.so"), false));
    TempDir elsewhere("td-record-none");
    writeFile(elsewhere / "libz.so.1", "x");
    EXPECT_FALSE(python::ownerOf(qs(elsewhere / "libz.so.1"), false));
}

TEST(Record, TellsAFileCutShortAndOneChangedAtTheSameSize)
{
    const Site s;
    std::string changed = library();
    changed[100] = 'X';
    writeFile(s.lib, changed);
    // Without hashing, the size is all it compares.
    EXPECT_EQ(python::ownerOf(qs(s.lib), false)->state, FileOwnership::State::Intact);
    const auto hashed = python::ownerOf(qs(s.lib), true);
    ASSERT_TRUE(hashed);
    EXPECT_EQ(hashed->state, FileOwnership::State::HashDiffers);
    EXPECT_TRUE(hashed->damaged());

    writeFile(s.lib, library().substr(0, 700)); // a full disk during the install
    const auto cut = python::ownerOf(qs(s.lib), false);
    ASSERT_TRUE(cut);
    EXPECT_EQ(cut->state, FileOwnership::State::SizeDiffers);
    EXPECT_EQ(cut->actualSize, 700);
    EXPECT_EQ(cut->entry.size, 2100);

    const auto owners = python::ownersOf({qs(s.lib), qs(s.site / "nowhere.so")}, {});
    EXPECT_EQ(owners.size(), 1);
    EXPECT_TRUE(owners.contains(qs(s.lib)));
}

} // namespace
} // namespace td::test
