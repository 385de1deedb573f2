// SPDX-License-Identifier: GPL-3.0-or-later
// The one atomic file write: a file replaced whole, with its mode kept, a
// symlink followed, an error in the system's words and never half a file over
// a good one, even when the disk fills (a file-size limit stands in for it);
// and the one read of a JSON object file, which says what failed.
#include "platform/FileIo.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>

#ifndef _WIN32
#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

using namespace td;
using namespace td::test;

namespace {

QString qpath(const fs::path &p)
{
    return QString::fromStdString(p.string());
}

std::size_t entriesIn(const fs::path &dir)
{
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

} // namespace

#ifndef _WIN32
TEST(SaveFile, ReplacesTheFileWholeAndKeepsItsMode)
{
    TempDir dir;
    const fs::path file = dir / "script.sh";
    writeFile(file, "#!/bin/sh\necho old, and longer than the new text\n");
    ASSERT_EQ(::chmod(file.c_str(), 0750), 0);
    const platform::Result<void> saved = platform::saveFile(qpath(file), "#!/bin/sh\necho new\n");
    ASSERT_TRUE(saved) << saved.error().toStdString();
    EXPECT_EQ(readFile(file), "#!/bin/sh\necho new\n");
    struct stat st {};
    ASSERT_EQ(::stat(file.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0750U);
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1)
        << "a temporary file is left";
}

// A full disk, as a child under a file-size limit sees it: write() stops
// short, then fails with EFBIG. The old file stays byte for byte, nothing is
// left beside it, and the error names the step and the system's words.
TEST(SaveFile, AFileThatCannotBeWrittenWholeLeavesTheOldOneAsItWas)
{
    TempDir dir;
    const fs::path file = dir / ".bashrc";
    const std::string old = "export PATH=$HOME/bin:$PATH\n";
    writeFile(file, old);
    const fs::path said = dir / "error.txt";
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{4096, 4096};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const auto saved = platform::saveFile(qpath(file), QByteArray(100000, 'x'));
        const QByteArray error = saved ? QByteArray() : saved.error().toUtf8();
        FILE *out = std::fopen(said.c_str(), "w");
        std::fwrite(error.constData(), 1, static_cast<std::size_t>(error.size()), out);
        std::fclose(out);
        ::_exit(saved ? 0 : 1);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1) << "saveFile said it wrote 100000 bytes past a 4096-byte limit";
    EXPECT_EQ(readFile(file), old);
    const std::string error = readFile(said);
    EXPECT_NE(error.find("(writing)"), std::string::npos) << error;
    EXPECT_NE(error.find("too large"), std::string::npos) << error; // EFBIG's words
    EXPECT_EQ(entriesIn(dir.path()), 2U) << "a temporary file is left";
}

TEST(SaveFile, AReadOnlyFileIsNotReplaced)
{
    if (::geteuid() == 0)
        GTEST_SKIP() << "root may write any file";
    TempDir dir;
    const fs::path file = dir / "settings.conf";
    writeFile(file, "kept\n");
    ASSERT_EQ(::chmod(file.c_str(), 0444), 0);
    const auto saved = platform::saveFile(qpath(file), "new\n");
    ASSERT_FALSE(saved);
    EXPECT_TRUE(saved.error().contains(QLatin1String("not writable"))) << saved.error().toStdString();
    EXPECT_EQ(readFile(file), "kept\n");
}

// A dotfile managed by a symlink (a dotfiles repository) stays a symlink.
TEST(SaveFile, WritesWhereASymlinkPointsAndKeepsTheLink)
{
    TempDir dir;
    fs::create_directory(dir / "dotfiles");
    writeFile(dir / "dotfiles" / "bashrc", "old\n");
    fs::create_symlink(dir / "dotfiles" / "bashrc", dir / ".bashrc");
    const auto saved = platform::saveFile(qpath(dir / ".bashrc"), "new\n");
    ASSERT_TRUE(saved) << saved.error().toStdString();
    EXPECT_TRUE(fs::is_symlink(dir / ".bashrc"));
    EXPECT_EQ(readFile(dir / "dotfiles" / "bashrc"), "new\n");
    EXPECT_EQ(entriesIn(dir / "dotfiles"), 1U);
}

// A run killed between its write and its rename leaves "<name>.td-<pid>-<n>.tmp":
// the next write in that folder removes it when that pid is gone, and leaves
// a living run's alone.
TEST(SaveFile, RemovesTheTemporaryFilesOfRunsThatAreGone)
{
    TempDir dir;
    const pid_t gone = ::fork();
    ASSERT_GE(gone, 0);
    if (gone == 0)
        ::_exit(0);
    ASSERT_EQ(::waitpid(gone, nullptr, 0), gone);
    const std::string dead = ".bashrc.td-" + std::to_string(gone) + "-3.tmp";
    const std::string living = ".bashrc.td-" + std::to_string(::getppid()) + "-1.tmp";
    writeFile(dir / dead, "half a file");
    writeFile(dir / living, "being written");
    writeFile(dir / "notes.td-x.tmp", "not ours");
    const auto saved = platform::saveFile(qpath(dir / ".bashrc"), "new\n");
    ASSERT_TRUE(saved) << saved.error().toStdString();
    EXPECT_FALSE(fs::exists(dir / dead));
    EXPECT_TRUE(fs::exists(dir / living));
    EXPECT_TRUE(fs::exists(dir / "notes.td-x.tmp"));
    EXPECT_EQ(entriesIn(dir.path()), 3U);
}
#endif

// Streamed in pieces; cancelled (or destroyed) before commit, nothing changes.
TEST(AtomicFile, ACancelledWriteChangesNothing)
{
    TempDir dir;
    const fs::path file = dir / "report.zip";
    writeFile(file, "old");
    {
        platform::AtomicFile out(qpath(file));
        ASSERT_TRUE(out.open());
        ASSERT_TRUE(out.write("new ", 4));
        ASSERT_TRUE(out.write(QByteArray("bytes")));
        EXPECT_TRUE(fs::exists(out.temporaryPath().toStdString()));
        out.cancel();
    }
    {
        platform::AtomicFile out(qpath(file));
        ASSERT_TRUE(out.open());
        ASSERT_TRUE(out.write("dropped", 7));
    }
    EXPECT_EQ(readFile(file), "old");
    EXPECT_EQ(entriesIn(dir.path()), 1U);

    platform::AtomicFile out(qpath(file));
    ASSERT_TRUE(out.open());
    ASSERT_TRUE(out.write("new ", 4));
    ASSERT_TRUE(out.write(QByteArray("bytes")));
    const auto committed = out.commit();
    ASSERT_TRUE(committed) << committed.error().toStdString();
    EXPECT_EQ(readFile(file), "new bytes");
    EXPECT_EQ(entriesIn(dir.path()), 1U);
}

TEST(SaveFile, SaysWhyWhenTheFolderIsMissingAndWritesNothing)
{
    TempDir dir;
    const platform::Result<void> saved = platform::saveFile(qpath(dir / "no-such-folder" / "report.json"), "{}");
    EXPECT_FALSE(saved);
    EXPECT_FALSE(saved.error().isEmpty());
    EXPECT_FALSE(fs::exists(dir / "no-such-folder"));
}

TEST(ReadJsonObject, ReadsTheObjectAFileHolds)
{
    TempDir dir;
    const fs::path file = dir / "entry.json";
    writeFile(file, R"({"id": "a1", "steps": [1, 2]})");
    const auto read = platform::readJsonObject(qpath(file));
    ASSERT_TRUE(read) << read.error().toStdString();
    EXPECT_EQ(read->value(QStringLiteral("id")).toString(), QStringLiteral("a1"));
    EXPECT_EQ(read->value(QStringLiteral("steps")).toArray().size(), 2);
}

TEST(ReadJsonObject, SaysWhichOfReadingParsingOrTheTopLevelFailed)
{
    TempDir dir;
    const auto missing = platform::readJsonObject(qpath(dir / "missing.json"));
    ASSERT_FALSE(missing);
    EXPECT_TRUE(missing.error().startsWith(QStringLiteral("cannot be read: "))) << missing.error().toStdString();

    writeFile(dir / "cut.json", R"({"id": "a1", )");
    const auto cut = platform::readJsonObject(qpath(dir / "cut.json"));
    ASSERT_FALSE(cut);
    EXPECT_TRUE(cut.error().startsWith(QStringLiteral("invalid JSON at offset "))) << cut.error().toStdString();

    writeFile(dir / "list.json", "[1, 2]");
    const auto list = platform::readJsonObject(qpath(dir / "list.json"));
    ASSERT_FALSE(list);
    EXPECT_EQ(list.error(), QStringLiteral("the top level must be an object"));
}
