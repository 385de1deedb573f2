// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/Bundle.h"

#include "TestSupport.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>

#include <gtest/gtest.h>

#include <csignal>
#include <sys/resource.h>

using td::report::BundleEntry;
using td::report::BundleOptions;
using td::report::writeZipBundle;

namespace {

namespace fs = std::filesystem;

QString q(const fs::path &p)
{
    return QString::fromStdString(p.string());
}

QByteArray randomBytes(qsizetype size, quint32 seed)
{
    QRandomGenerator gen(seed);
    QByteArray data(size, Qt::Uninitialized);
    gen.fillRange(reinterpret_cast<quint32 *>(data.data()), size / 4);
    return data;
}

QList<BundleEntry> sampleEntries()
{
    QByteArray log;
    for (int i = 0; i < 2000; ++i)
        log += "2024-05-01 12:00:00 [info] line " + QByteArray::number(i) + " probing ~/venv/bin/python\n";
    return {
        {QStringLiteral("report.json"), QByteArrayLiteral("{\"torch\": \"2.3.1+cu121\"}\n")},
        {QStringLiteral("report.md"), QStringLiteral("# TorchDoctor ✓\n\nÜmlaut, 张伟, emoji 🔥\n").toUtf8()},
        {QStringLiteral("logs/torchdoctor.log"), log},
        {QStringLiteral("报告/说明 ünïcode.txt"), QStringLiteral("名前\n").toUtf8()},
        {QStringLiteral("empty.txt"), QByteArray()},
        {QStringLiteral("big.bin"), randomBytes(5 * 1024 * 1024, 42)},
    };
}

QStringList entryNames(const QList<BundleEntry> &entries)
{
    QStringList names;
    for (const auto &e : entries)
        names << e.name;
    return names;
}

// The file names in the folder (a temporary file left behind would show up here).
QStringList folderContents(const fs::path &dir)
{
    return QDir(q(dir)).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

const td::test::RunOptions kUtf8{
    {{"LC_ALL", "C.UTF-8"}, {"PYTHONIOENCODING", "utf-8"}}, {}, std::chrono::seconds(120), {}, {}};

} // namespace

TEST(Bundle, UnzipListsAndExtractsEveryEntry)
{
    if (!fs::exists("/usr/bin/unzip"))
        GTEST_SKIP() << "unzip is not installed";
    td::test::TempDir dir("td-bundle");
    const fs::path zip = dir / "bundle.zip";
    const QList<BundleEntry> entries = sampleEntries();
    ASSERT_EQ(writeZipBundle(q(zip), entries), QString());
    EXPECT_EQ(folderContents(dir.path()), QStringList{QStringLiteral("bundle.zip")});

    const std::string test = td::test::runOk({"/usr/bin/unzip", "-t", zip.string()}, kUtf8);
    EXPECT_NE(test.find("No errors detected"), std::string::npos) << test;

    QStringList listed = QString::fromStdString(td::test::runOk({"/usr/bin/unzip", "-Z1", zip.string()}, kUtf8))
                             .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    EXPECT_EQ(listed, entryNames(entries));

    const fs::path out = dir / "unzipped";
    td::test::runOk({"/usr/bin/unzip", "-q", zip.string(), "-d", out.string()}, kUtf8);
    for (const BundleEntry &e : entries) {
        QFile f(q(out) + QLatin1Char('/') + e.name);
        ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << e.name.toStdString();
        EXPECT_TRUE(f.readAll() == e.data) << e.name.toStdString();
        EXPECT_EQ(f.permissions()
                      & (QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther | QFile::WriteOther
                         | QFile::ExeOther),
                  QFile::ReadOwner | QFile::WriteOwner | QFile::ReadOther)
            << e.name.toStdString();
    }
}

TEST(Bundle, PythonZipfileReadsEveryEntry)
{
    if (!fs::exists("/usr/bin/python3"))
        GTEST_SKIP() << "/usr/bin/python3 is not installed";
    td::test::TempDir dir("td-bundle");
    const fs::path zip = dir / "bundle.zip";
    const QList<BundleEntry> entries = sampleEntries();
    const qint64 before = QDateTime::currentSecsSinceEpoch();
    ASSERT_EQ(writeZipBundle(q(zip), entries), QString());

    const char *script = R"(
import datetime, hashlib, json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    assert z.testzip() is None
    out = []
    for i in z.infolist():
        out.append({"name": i.filename, "sha256": hashlib.sha256(z.read(i)).hexdigest(),
                    "utf8": bool(i.flag_bits & 0x800), "mode": (i.external_attr >> 16) & 0o7777,
                    "time": datetime.datetime(*i.date_time).timestamp(), "deflated": i.compress_type == 8})
print(json.dumps(out))
)";
    const std::string json = td::test::runOk({"/usr/bin/python3", "-c", script, zip.string()}, kUtf8);
    const QJsonArray listed = QJsonDocument::fromJson(QByteArray::fromStdString(json)).array();
    ASSERT_EQ(listed.size(), entries.size()) << json;
    for (qsizetype i = 0; i < entries.size(); ++i) {
        const QJsonObject o = listed.at(i).toObject();
        const BundleEntry &e = entries.at(i);
        EXPECT_EQ(o.value(QStringLiteral("name")).toString(), e.name);
        EXPECT_EQ(o.value(QStringLiteral("sha256")).toString(),
                  QString::fromLatin1(QCryptographicHash::hash(e.data, QCryptographicHash::Sha256).toHex()))
            << e.name.toStdString();
        if (e.name.toUtf8() != e.name.toLatin1()) {
            EXPECT_TRUE(o.value(QStringLiteral("utf8")).toBool()) << e.name.toStdString();
        }
        EXPECT_EQ(o.value(QStringLiteral("mode")).toInt(), 0644) << e.name.toStdString();
        // DOS times are local and have a 2 s resolution.
        const double t = o.value(QStringLiteral("time")).toDouble();
        EXPECT_GE(t, static_cast<double>(before - 2));
        EXPECT_LE(t, static_cast<double>(QDateTime::currentSecsSinceEpoch() + 2));
    }
    // Python extracts the very same bytes.
    const fs::path out = dir / "extracted";
    td::test::runOk({"/usr/bin/python3", "-c",
                     "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", zip.string(),
                     out.string()},
                    kUtf8);
    for (const BundleEntry &e : entries) {
        QFile f(q(out) + QLatin1Char('/') + e.name);
        ASSERT_TRUE(f.open(QIODevice::ReadOnly)) << e.name.toStdString();
        EXPECT_TRUE(f.readAll() == e.data) << e.name.toStdString();
    }
}

TEST(Bundle, ReplacesAnExistingFile)
{
    td::test::TempDir dir("td-bundle");
    const fs::path zip = dir / "bundle.zip";
    td::test::writeFile(zip, "an older bundle");
    ASSERT_EQ(writeZipBundle(q(zip), {{QStringLiteral("a.txt"), QByteArrayLiteral("a")}}), QString());
    EXPECT_EQ(td::test::readFile(zip).substr(0, 4), std::string("PK\x03\x04", 4));
    EXPECT_EQ(folderContents(dir.path()), QStringList{QStringLiteral("bundle.zip")});
}

TEST(Bundle, AnEmptyBundleIsAValidZip)
{
    td::test::TempDir dir("td-bundle");
    const fs::path zip = dir / "empty.zip";
    ASSERT_EQ(writeZipBundle(q(zip), {}), QString());
    if (fs::exists("/usr/bin/python3")) {
        td::test::runOk({"/usr/bin/python3", "-c",
                         "import sys, zipfile; assert zipfile.ZipFile(sys.argv[1]).namelist() == []", zip.string()});
    }
}

TEST(Bundle, ImpossiblePathsFail)
{
    td::test::TempDir dir("td-bundle");
    const QList<BundleEntry> entries{{QStringLiteral("a.txt"), QByteArrayLiteral("a")}};

    const QString missing = q(dir / "no-such-folder" / "bundle.zip");
    const QString error = writeZipBundle(missing, entries);
    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(error.contains(missing)) << error.toStdString();
    EXPECT_FALSE(QFile::exists(missing));

    // A folder where the file should go: refused, folder untouched.
    const fs::path folder = dir / "taken";
    fs::create_directories(folder / "inside");
    EXPECT_FALSE(writeZipBundle(q(folder), entries).isEmpty());
    EXPECT_TRUE(fs::is_directory(folder / "inside"));
}

TEST(Bundle, BadEntryNamesFailAndLeaveTheOldFile)
{
    td::test::TempDir dir("td-bundle");
    const fs::path zip = dir / "bundle.zip";
    td::test::writeFile(zip, "the good bundle");
    for (const QString &bad : {QString(), QStringLiteral("../escape.txt"), QStringLiteral("/abs.txt"),
                               QStringLiteral("a//b"), QStringLiteral("C:\\x.txt"), QStringLiteral("./x")}) {
        const QString error = writeZipBundle(q(zip), {{QStringLiteral("ok.txt"), "x"}, {bad, "y"}});
        EXPECT_FALSE(error.isEmpty()) << bad.toStdString();
    }
    EXPECT_FALSE(writeZipBundle(q(zip), {{QStringLiteral("a"), "x"}, {QStringLiteral("a"), "y"}}).isEmpty());
    EXPECT_EQ(td::test::readFile(zip), "the good bundle");
    EXPECT_EQ(folderContents(dir.path()), QStringList{QStringLiteral("bundle.zip")});
}

TEST(Bundle, CancelledExportLeavesTheOldFile)
{
    td::test::TempDir dir("td-bundle");
    const fs::path zip = dir / "bundle.zip";
    td::test::writeFile(zip, "the good bundle");
    BundleOptions options;
    qsizetype calls = 0;
    options.progress = [&](qsizetype done, qsizetype total) {
        ++calls;
        EXPECT_EQ(total, 6);
        return done < 3;
    };
    const QString error = writeZipBundle(q(zip), sampleEntries(), options);
    EXPECT_TRUE(error.contains(QStringLiteral("cancelled"))) << error.toStdString();
    EXPECT_EQ(calls, 3);
    EXPECT_EQ(td::test::readFile(zip), "the good bundle");
    EXPECT_EQ(folderContents(dir.path()), QStringList{QStringLiteral("bundle.zip")});
}

TEST(Bundle, FolderRemovedMidWayFails)
{
    td::test::TempDir dir("td-bundle");
    const fs::path folder = dir / "exports";
    fs::create_directories(folder);
    const fs::path zip = folder / "bundle.zip";
    BundleOptions options;
    options.progress = [&](qsizetype done, qsizetype) {
        if (done == 2)
            fs::remove_all(folder);
        return true;
    };
    const QString error = writeZipBundle(q(zip), sampleEntries(), options);
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(fs::exists(zip));
    EXPECT_FALSE(fs::exists(folder));
}

TEST(Bundle, WriteErrorMidWayLeavesTheOldFile)
{
    td::test::TempDir dir("td-bundle");
    const fs::path zip = dir / "bundle.zip";
    td::test::writeFile(zip, "the good bundle");

    // A file size limit makes the disk "full" after 1 MiB: the 5 MiB entry
    // cannot be written, whatever the file system.
    rlimit old{};
    ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit limited = old;
    limited.rlim_cur = 1024 * 1024;
    const auto previous = std::signal(SIGXFSZ, SIG_IGN);
    ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
    const QString error = writeZipBundle(q(zip), sampleEntries());
    setrlimit(RLIMIT_FSIZE, &old);
    std::signal(SIGXFSZ, previous);

    EXPECT_FALSE(error.isEmpty());
    EXPECT_TRUE(error.contains(q(zip))) << error.toStdString();
    EXPECT_EQ(td::test::readFile(zip), "the good bundle");
    EXPECT_EQ(folderContents(dir.path()), QStringList{QStringLiteral("bundle.zip")});
}
