// SPDX-License-Identifier: GPL-3.0-or-later
// `torchdoctor` as a user runs it: exit codes, the JSON contract, and bad
// input of every kind answered with a clear problem, never a crash or hang.
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <fstream>
#include <random>

#include <unistd.h>

using namespace td::test;

namespace {

RunResult torchdoctor(const std::vector<std::string> &args, std::chrono::seconds timeout = std::chrono::seconds(120))
{
    RunOptions options;
    options.timeout = timeout;
    std::vector<std::string> argv{config::torchdoctor};
    argv.insert(argv.end(), args.begin(), args.end());
    options.unsetEnv.push_back("LD_LIBRARY_PATH");
    options.unsetEnv.push_back("LD_PRELOAD");
    options.setEnv["XDG_DATA_HOME"] = (fs::temp_directory_path() / "td-cli-test-data").string();
    return run(argv, options);
}

QJsonObject json(const RunResult &r)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString() << "\n" << r.out;
    return doc.object();
}

QJsonObject firstProblem(const QJsonObject &doc)
{
    const QJsonArray problems = doc.value(QStringLiteral("problems")).toArray();
    return problems.isEmpty() ? QJsonObject() : problems.first().toObject();
}

std::string kindOf(const QJsonObject &problem)
{
    return problem.value(QStringLiteral("kind")).toString().toStdString();
}

fs::path buildLibrary(const TempDir &dir, const std::string &name, const std::vector<std::string> &extra = {})
{
    const fs::path src = dir / (name + ".c");
    writeFile(src, "int " + name + "_value(void) { return 7; }\n");
    const fs::path out = dir / ("lib" + name + ".so");
    std::vector<std::string> argv{
        config::cc,          "-shared", "-fPIC", "-o", out.string(), src.string(), "-Wl,-soname,lib" + name + ".so",
        "-Wl,--no-as-needed"};
    argv.insert(argv.end(), extra.begin(), extra.end());
    runOk(argv);
    return out;
}

} // namespace

TEST(Cli, HelpAndVersion)
{
    // A bare `torchdoctor` is the wizard (GuiEntryCliTest); --help prints the usage.
    const RunResult help = torchdoctor({"--help"});
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("Usage: torchdoctor"), std::string::npos);
    EXPECT_NE(help.out.find("deps"), std::string::npos);

    // The version names the commit built, and asking for it writes nothing (no log file).
    const TempDir home("td-version");
    RunOptions quiet;
    quiet.setEnv = {{"HOME", home.path().string()}, {"XDG_DATA_HOME", (home / "data").string()}};
    const RunResult version = run({config::torchdoctor, "--version"}, quiet);
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_EQ(version.out.rfind("TorchDoctor ", 0), 0u) << version.out;
    if (fs::exists(fs::path(config::sourceDir) / ".git")) {
        EXPECT_NE(version.out.find(" ("), std::string::npos) << "no commit named: " << version.out;
    }
    EXPECT_TRUE(fs::is_empty(home.path())) << "--version wrote to " << home.path();

    const RunResult depsHelp = torchdoctor({"deps", "--help"});
    EXPECT_EQ(depsHelp.exitCode, 0);
    EXPECT_NE(depsHelp.out.find("--search-dir"), std::string::npos);
}

TEST(Cli, UsageErrorsExitTwo)
{
    EXPECT_EQ(torchdoctor({"frobnicate"}).exitCode, 2);
    EXPECT_EQ(torchdoctor({"deps"}).exitCode, 2);
    EXPECT_EQ(torchdoctor({"deps", "--os", "beos", "/bin/ls"}).exitCode, 2);
    EXPECT_EQ(torchdoctor({"deps", "--no-such-option", "/bin/ls"}).exitCode, 2);
}

TEST(Cli, EveryCommandAnswersHelpAndAnUnknownOptionAlike)
{
    for (const std::string command : {"check", "report", "deps", "explain", "fix", "undo"}) {
        const RunResult help = torchdoctor({command, "--help"});
        EXPECT_EQ(help.exitCode, 0) << command;
        EXPECT_NE(help.out.find("Usage: "), std::string::npos) << command << ": " << help.out;
        EXPECT_TRUE(help.err.empty()) << command << ": " << help.err;

        const RunResult wrong = torchdoctor({command, "--no-such-option"});
        EXPECT_EQ(wrong.exitCode, 2) << command;
        EXPECT_EQ(wrong.err.rfind("torchdoctor " + command + ": ", 0), 0u) << wrong.err;
        EXPECT_NE(wrong.err.find("no-such-option"), std::string::npos) << wrong.err;
        EXPECT_NE(wrong.err.find("Usage: "), std::string::npos) << command << ": the help follows the error";
        EXPECT_TRUE(wrong.out.empty()) << command << ": " << wrong.out;
    }
}

TEST(Cli, HealthyLibraryExitsZeroWithTheJsonContract)
{
    const RunResult r = torchdoctor({"deps", "--json", "/usr/lib/x86_64-linux-gnu/libstdc++.so.6"});
    ASSERT_EQ(r.exitCode, 0) << r.err;
    const QJsonObject doc = json(r);
    EXPECT_EQ(doc.value(QStringLiteral("os")).toString(), QStringLiteral("linux"));
    const QJsonObject root = doc.value(QStringLiteral("roots")).toArray().first().toObject();
    EXPECT_EQ(root.value(QStringLiteral("format")).toString(), QStringLiteral("ELF"));
    EXPECT_EQ(root.value(QStringLiteral("arch")).toString(), QStringLiteral("x86_64"));
    EXPECT_EQ(root.value(QStringLiteral("bits")).toInt(), 64);
    bool sawLibc = false;
    for (const auto &v : doc.value(QStringLiteral("libraries")).toArray()) {
        const QJsonObject lib = v.toObject();
        for (const char *key : {"name", "path", "found", "via", "arch"})
            EXPECT_TRUE(lib.contains(QString::fromLatin1(key))) << key;
        if (lib.value(QStringLiteral("name")).toString() == QStringLiteral("libc.so.6")) {
            sawLibc = true;
            EXPECT_EQ(lib.value(QStringLiteral("via")).toString(), QStringLiteral("ld_so_cache"));
        }
    }
    EXPECT_TRUE(sawLibc);
    EXPECT_TRUE(doc.value(QStringLiteral("problems")).toArray().isEmpty());
}

TEST(Cli, MissingDependencyExitsOneAndNamesIt)
{
    TempDir dir;
    const fs::path dep = buildLibrary(dir, "vanishing");
    const fs::path top = buildLibrary(dir, "top", {dep.string(), "-Wl,-rpath," + dir.path().string()});
    fs::remove(dep);
    const RunResult r = torchdoctor({"deps", "--json", top.string()});
    EXPECT_EQ(r.exitCode, 1);
    const QJsonObject p = firstProblem(json(r));
    EXPECT_EQ(kindOf(p), "missing");
    EXPECT_EQ(p.value(QStringLiteral("name")).toString(), QStringLiteral("libvanishing.so"));
    EXPECT_EQ(p.value(QStringLiteral("needed_by")).toArray().first().toString().toStdString(), top.string());

    const RunResult text = torchdoctor({"deps", top.string()});
    EXPECT_EQ(text.exitCode, 1);
    EXPECT_NE(text.out.find("libvanishing.so ✗ not found"), std::string::npos) << text.out;
    EXPECT_NE(text.out.find("Looked in:"), std::string::npos) << text.out;
}

TEST(Cli, BadInputsGiveProblemsNotCrashes)
{
    TempDir dir;
    const fs::path good = buildLibrary(dir, "good");
    writeFile(dir / "notes.txt", "hello\n");
    writeFile(dir / "libempty.so", "");
    const std::string bytes = readFile(good);
    writeFile(dir / "libtruncated.so", bytes.substr(0, 200));
    std::string flipped = bytes;
    std::mt19937 rng(7);
    for (int i = 0; i < 200; ++i)
        flipped[rng() % flipped.size()] ^= static_cast<char>(1 << (rng() % 8));
    writeFile(dir / "libflipped.so", flipped);
    const std::string nonUtf8 = std::string("lib\xff\xfe-odd") + ".so";
    fs::copy_file(good, dir / nonUtf8);
    fs::create_symlink(dir / "nowhere.so", dir / "libdangling.so");

    struct Case {
        std::string path;
        std::string kind;
    };
    const std::vector<Case> cases{
        {(dir / "notes.txt").string(), "not-a-library"},       {(dir / "libempty.so").string(), "not-a-library"},
        {(dir / "libtruncated.so").string(), "not-a-library"}, {(dir / "does-not-exist.so").string(), "missing"},
        {(dir / "libdangling.so").string(), "unreadable"},
    };
    for (const auto &c : cases) {
        const RunResult r = torchdoctor({"deps", "--json", c.path}, std::chrono::seconds(30));
        EXPECT_EQ(r.exitCode, 1) << c.path << "\n" << r.err;
        EXPECT_EQ(r.signal, 0) << c.path;
        EXPECT_EQ(kindOf(firstProblem(json(r))), c.kind) << c.path << "\n" << r.out;
    }
    // Bit flips: any answer, but an answer.
    const RunResult flips = torchdoctor({"deps", "--json", (dir / "libflipped.so").string()});
    EXPECT_TRUE(flips.exitCode == 0 || flips.exitCode == 1) << flips.err;
    EXPECT_EQ(flips.signal, 0);

    // A non-UTF-8 name survives into valid JSON, escaped.
    const RunResult odd = torchdoctor({"deps", "--json", (dir / nonUtf8).string()});
    EXPECT_EQ(odd.exitCode, 0) << odd.err;
    const QJsonObject root = json(odd).value(QStringLiteral("roots")).toArray().first().toObject();
    EXPECT_TRUE(root.value(QStringLiteral("path")).toString().endsWith(QStringLiteral("lib\\xFF\\xFE-odd.so")))
        << root.value(QStringLiteral("path")).toString().toStdString();

    // The whole folder: one problem each, the text file ignored, the good
    // libraries fine, the dangling link only a warning.
    const RunResult folder = torchdoctor({"deps", "--json", dir.path().string()});
    EXPECT_EQ(folder.exitCode, 1);
    const QJsonObject doc = json(folder);
    std::map<std::string, std::string> kinds;
    for (const auto &v : doc.value(QStringLiteral("problems")).toArray()) {
        const QJsonObject p = v.toObject();
        kinds[p.value(QStringLiteral("name")).toString().toStdString()] =
            kindOf(p) + "/" + p.value(QStringLiteral("severity")).toString().toStdString();
    }
    EXPECT_EQ(kinds["libempty.so"], "not-a-library/error");
    EXPECT_EQ(kinds["libtruncated.so"], "not-a-library/error");
    EXPECT_EQ(kinds["libdangling.so"], "unreadable/warning");
    EXPECT_EQ(kinds.count("notes.txt"), 0u);
}

// The JSON is written as it is made; what Qt's own serializer makes of the
// parsed document must be the very same bytes (layout, key order, escapes),
// for odd file names, a library with a deep tree, and a problem whose search
// list holds a control character (libtop's run path does not lead to libgood).
TEST(Cli, StreamedJsonIsWhatQtWouldWrite)
{
    TempDir dir;
    const fs::path good = buildLibrary(dir, "good");
    for (const std::string name : {"lib\"quoted\".so", "lib\\slash.so", "lib\ttab.so", "lib\xff\xfe.so", "lib中文.so"})
        fs::copy_file(good, dir / name);
    const fs::path top = buildLibrary(dir, "top", {good.string(), "-lm", "-Wl,-rpath,$ORIGIN/../\x01lib"});
    for (const std::vector<std::string> &args :
         {std::vector<std::string>{"deps", "--json", dir.path().string()},
          {"deps", "--json", "/usr/lib/x86_64-linux-gnu/libQt6Widgets.so.6", top.string()}}) {
        const RunResult r = torchdoctor(args);
        EXPECT_EQ(r.exitCode, 1) << r.err;
        EXPECT_NE(r.out.find("\\u0001lib"), std::string::npos);
        EXPECT_EQ(QJsonDocument(json(r)).toJson(QJsonDocument::Indented).toStdString(), r.out);
    }
}

TEST(Cli, UnreadableFileIsReported)
{
    TempDir dir;
    const fs::path lib = buildLibrary(dir, "secret");
    fs::permissions(lib, fs::perms::none);
    fs::permissions(dir.path(), fs::perms::all);
    std::vector<std::string> prefix;
    if (::geteuid() == 0) {
        // root reads everything: drop to nobody to see what a user sees.
        if (!fs::exists("/usr/bin/setpriv"))
            GTEST_SKIP() << "running as root without setpriv";
        prefix = {"/usr/bin/setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"};
    }
    std::vector<std::string> argv = prefix;
    argv.insert(argv.end(), {config::torchdoctor, "deps", "--json", lib.string()});
    RunOptions options;
    options.setEnv["XDG_DATA_HOME"] = dir.path().string(); // nobody cannot write the usual one
    options.setEnv["HOME"] = dir.path().string();
    const RunResult r = run(argv, options);
    EXPECT_EQ(r.exitCode, 1) << r.err;
    const QJsonObject p = firstProblem(json(r));
    EXPECT_EQ(kindOf(p), "unreadable");
    EXPECT_NE(p.value(QStringLiteral("detail")).toString().indexOf(QStringLiteral("Permission denied")), -1);
}

TEST(Cli, AFolderOfThousandsOfFiles)
{
    TempDir dir;
    const fs::path good = buildLibrary(dir, "seed");
    for (int i = 0; i < 3000; ++i)
        writeFile(dir / ("data-" + std::to_string(i) + ".txt"), "x");
    for (int i = 0; i < 200; ++i)
        fs::create_hard_link(good, dir / ("libcopy" + std::to_string(i) + ".so"));
    const RunResult r = torchdoctor({"deps", "--json", dir.path().string()}, std::chrono::seconds(120));
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(json(r).value(QStringLiteral("roots")).toArray().size(), 201);
}

TEST(Cli, MultiGigabyteLibraryCostsWhatASmallOneCosts)
{
    TempDir dir;
    const fs::path big = dir / "libhuge.so";
    fs::copy_file("/usr/lib/x86_64-linux-gnu/libstdc++.so.6", big);
    fs::resize_file(big, 6ULL << 30); // a sparse tail: 6 GiB on paper
    const RunResult r = torchdoctor({"deps", "--json", big.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
#if defined(__SANITIZE_ADDRESS__)
    const long budgetKb = 256 * 1024; // AddressSanitizer's own memory comes on top
#else
    const long budgetKb = 64 * 1024;
#endif
    EXPECT_LE(r.maxRssKb, budgetKb) << "peak memory " << r.maxRssKb << " KiB";
    std::printf("peak memory on a 6 GiB library: %ld KiB\n", r.maxRssKb);
}

TEST(Cli, DebianTorchLibIsHealthyDespiteItsDanglingLinks)
{
    const std::string torchLib = "/usr/lib/python3/dist-packages/torch/lib";
    if (!fs::exists(torchLib))
        GTEST_SKIP() << "python3-torch is not installed";
    const RunResult r = torchdoctor({"deps", "--json", torchLib});
    EXPECT_EQ(r.exitCode, 0) << r.out;
    const QJsonObject doc = json(r);
    EXPECT_GE(doc.value(QStringLiteral("roots")).toArray().size(), 5);
    for (const auto &v : doc.value(QStringLiteral("problems")).toArray()) {
        const QJsonObject p = v.toObject();
        // Debian ships links to caffe2 test libraries that are not installed:
        // nothing loads them, so they are warnings, never errors.
        EXPECT_EQ(p.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"))
            << p.value(QStringLiteral("detail")).toString().toStdString();
    }
}

TEST(Cli, WritesItsLogFile)
{
    TempDir data;
    RunOptions options;
    options.setEnv["XDG_DATA_HOME"] = data.path().string();
    const RunResult r = run({config::torchdoctor, "deps", "/usr/lib/x86_64-linux-gnu/libc.so.6"}, options);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    const fs::path log = data / "TorchDoctor/logs/torchdoctor.log";
    ASSERT_TRUE(fs::exists(log));
    EXPECT_NE(readFile(log).find("[td.app] deps: 1 roots"), std::string::npos) << readFile(log);
    EXPECT_NE(readFile(log).find("[td.app] exit code 0"), std::string::npos) << readFile(log);

    // Each module's category can be left out of the log.
    fs::remove(log);
    options.setEnv["QT_LOGGING_RULES"] = "td.app.info=false;td.app.debug=false";
    ASSERT_EQ(run({config::torchdoctor, "deps", "/usr/lib/x86_64-linux-gnu/libc.so.6"}, options).exitCode, 0);
    EXPECT_EQ(readFile(log).find("[td.app]"), std::string::npos) << readFile(log);
}
