// SPDX-License-Identifier: GPL-3.0-or-later
// No binary we build searches the current folder for libraries: TorchDoctor is
// started from inside broken environments (a conda lib/, torch/lib), and glibc
// reads an empty or relative RPATH/RUNPATH entry against the current folder.
// readelf is the oracle; the real loader shows what such an entry costs.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

using namespace td::test;

namespace {

// Every RPATH and RUNPATH entry of an ELF file, empty ones included, as
// "RUNPATH '<entry>'".
std::vector<std::string> searchEntries(const fs::path &file)
{
    const RunResult r = run({config::readelf, "-d", "-W", file.string()});
    EXPECT_EQ(r.exitCode, 0) << file << ": " << r.err;
    std::vector<std::string> entries;
    static const std::regex line(R"(\((RPATH|RUNPATH)\)\s+Library r(?:un)?path: \[(.*)\])");
    for (const std::string &text : lines(r.out)) {
        std::smatch m;
        if (!std::regex_search(text, m, line))
            continue;
        std::string list = m[2].str();
        std::size_t start = 0;
        while (true) {
            const std::size_t colon = list.find(':', start);
            entries.push_back(m[1].str() + " '" + list.substr(start, colon - start) + "'");
            if (colon == std::string::npos)
                break;
            start = colon + 1;
        }
    }
    return entries;
}

// The entries glibc reads against the current folder: empty or relative ones
// ($ORIGIN is the binary's own folder, not the current one).
std::vector<std::string> currentFolderEntries(const fs::path &file)
{
    std::vector<std::string> bad;
    for (const std::string &entry : searchEntries(file)) {
        const std::string path = entry.substr(entry.find('\'') + 1, entry.size() - entry.find('\'') - 2);
        const bool anchored = path.rfind('/', 0) == 0 || path.rfind("$ORIGIN", 0) == 0 || path.rfind("${ORIGIN}", 0) == 0;
        if (!anchored)
            bad.push_back(entry);
    }
    return bad;
}

std::vector<fs::path> builtBinaries()
{
    std::vector<fs::path> out;
    for (const std::string &line : lines(readFile(config::builtBinaries)))
        if (!line.empty())
            out.emplace_back(line);
    return out;
}

void requireReadelf()
{
    if (!config::have(config::readelf))
        GTEST_FAIL() << "readelf is not installed (Debian package binutils, in tools/packages.txt)";
}

} // namespace

// The check itself finds what it looks for, in binaries built here with such entries.
TEST(BuiltBinaries, EmptyAndRelativeEntriesAreFound)
{
    requireReadelf();
    TempDir dir("td-rpath");
    writeFile(dir / "main.c", "int main(void) { return 0; }\n");
    const fs::path runpath = dir / "runpath";
    const fs::path rpath = dir / "rpath";
    runOk({config::cc, (dir / "main.c").string(), "-o", runpath.string(), "-Wl,--enable-new-dtags",
           "-Wl,-rpath,:/usr/lib:lib::$ORIGIN/../lib"});
    runOk({config::cc, (dir / "main.c").string(), "-o", rpath.string(), "-Wl,--disable-new-dtags", "-Wl,-rpath,."});
    EXPECT_EQ(currentFolderEntries(runpath), (std::vector<std::string>{"RUNPATH ''", "RUNPATH 'lib'", "RUNPATH ''"}));
    EXPECT_EQ(currentFolderEntries(rpath), (std::vector<std::string>{"RPATH '.'"}));
    EXPECT_EQ(searchEntries(runpath).size(), 5U);
}

TEST(BuiltBinaries, NoneSearchesTheCurrentFolder)
{
    requireReadelf();
    const std::vector<fs::path> binaries = builtBinaries();
    ASSERT_FALSE(binaries.empty()) << config::builtBinaries << " lists no binaries";
    for (const char *expected : {config::torchdoctor, config::realProgram})
        EXPECT_NE(std::find(binaries.begin(), binaries.end(), fs::path(expected)), binaries.end())
            << expected << " is not in " << config::builtBinaries;
    std::size_t checked = 0;
    for (const fs::path &binary : binaries) {
        if (!fs::exists(binary)) {
            ADD_FAILURE() << binary << " is not built: build everything before testing";
            continue;
        }
        const std::vector<std::string> bad = currentFolderEntries(binary);
        std::ostringstream list;
        for (const std::string &entry : bad)
            list << ' ' << entry;
        EXPECT_TRUE(bad.empty()) << binary << " searches the current folder:" << list.str();
        ++checked;
    }
    // At least the launcher, the real program and the transfer module (a build without the
    // wizard and its tests has few others).
    EXPECT_GE(checked, 3U);
}

// The launcher is static: no ld.so runs, so no variable or library can change
// what it loads.
TEST(BuiltBinaries, TheLauncherLoadsNoLibrary)
{
    requireReadelf();
    const RunResult headers = run({config::readelf, "-l", "-W", config::torchdoctor});
    ASSERT_EQ(headers.exitCode, 0) << headers.err;
    EXPECT_EQ(headers.out.find("INTERP"), std::string::npos) << headers.out;
    const RunResult dynamic = run({config::readelf, "-d", "-W", config::torchdoctor});
    EXPECT_EQ(dynamic.out.find("(NEEDED)"), std::string::npos) << dynamic.out;
}

// Started from inside a folder that holds other copies of libstdc++.so.6 and
// libQt6Core.so.6 (a conda lib/), TorchDoctor loads the system's. A program
// with an empty RUNPATH entry, built here, shows that the real loader would
// take the folder's copies and fail.
TEST(BuiltBinaries, TheyStartInsideAFolderOfBrokenLibraries)
{
    TempDir dir("td-cwd");
    const fs::path folder = dir / "lib";
    fs::create_directories(folder);
    writeFile(dir / "old.map", "GLIBCXX_3.4 { global: td_old; local: *; };\n");
    ASSERT_TRUE(python::buildSharedLibrary(folder / "libstdc++.so.6", "int td_old(void) { return 0; }\n",
                                           {"-Wl,-soname,libstdc++.so.6", "-Wl,--version-script=" + (dir / "old.map").string()}));
    writeFile(dir / "qt5.map", "Qt_5 { global: td_old; local: *; };\n");
    ASSERT_TRUE(python::buildSharedLibrary(folder / "libQt6Core.so.6", "int td_old(void) { return 0; }\n",
                                           {"-Wl,-soname,libQt6Core.so.6", "-Wl,--version-script=" + (dir / "qt5.map").string()}));

    writeFile(dir / "control.cpp", "#include <string>\nint main(int, char **argv) { return std::string(argv[0]).empty(); }\n");
    const fs::path control = dir / "control";
    runOk({config::cxx, (dir / "control.cpp").string(), "-o", control.string(), "-Wl,--enable-new-dtags", "-Wl,-rpath,:"});
    RunOptions inside;
    inside.workingDir = folder;
    const RunResult broken = run({control.string()}, inside);
    ASSERT_NE(broken.exitCode, 0) << "the folder's libstdc++.so.6 does not break a program that searches the current "
                                     "folder: the fixture proves nothing";
    EXPECT_NE(broken.err.find("libstdc++.so.6"), std::string::npos) << broken.err;

    inside.setEnv = {{"QT_QPA_PLATFORM", "offscreen"}};
    for (const char *program : {config::torchdoctor, config::realProgram}) {
        const RunResult r = run({program, "--version"}, inside);
        EXPECT_EQ(r.exitCode, 0) << program << ": " << r.err;
        EXPECT_EQ(r.out.rfind("TorchDoctor ", 0), 0U) << program << ": " << r.out;
    }
}
