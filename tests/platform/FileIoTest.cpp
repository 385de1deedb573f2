// SPDX-License-Identifier: GPL-3.0-or-later
// The one atomic file write: a file replaced whole, with its mode kept, and
// an error in QSaveFile's words, never half a file over a good one; and
// the one read of a JSON object file, which says what failed.
#include "platform/FileIo.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>

#include <sys/stat.h>

using namespace td;
using namespace td::test;

namespace {

QString qpath(const fs::path &p)
{
    return QString::fromStdString(p.string());
}

} // namespace

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
