// SPDX-License-Identifier: GPL-3.0-or-later
// The Windows user environment (core/platform/windows/userenv.c) under Wine:
// userenvtool.exe is built with mingw-w64 at test time and run in a fresh
// WINEPREFIX. Raw registry bytes are compared with what UTF-16LE says they
// must be, and `reg query` (Wine's own tool) is the independent oracle for
// type and value.
#include "TestConfig.h"
#include "TestSupport.h"
#include "WinePrefix.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

using namespace td::test;
using wine::wine64;
using wine::winePath;

namespace {

// UTF-8 -> the bytes Windows stores for it (UTF-16LE with a terminating
// NUL), as lower-case hex.
std::string utf16Hex(const std::string &utf8)
{
    std::vector<char32_t> points;
    for (size_t i = 0; i < utf8.size();) {
        const unsigned c = static_cast<unsigned char>(utf8[i]);
        const size_t extra = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
        char32_t cp = extra == 0 ? c : c & (0x3Fu >> extra);
        for (size_t k = 1; k <= extra && i + k < utf8.size(); ++k)
            cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3Fu);
        points.push_back(cp);
        i += extra + 1;
    }
    std::vector<unsigned> units;
    for (char32_t cp : points) {
        if (cp >= 0x10000) {
            units.push_back(0xD800 + ((cp - 0x10000) >> 10));
            units.push_back(0xDC00 + ((cp - 0x10000) & 0x3FF));
        } else {
            units.push_back(cp);
        }
    }
    units.push_back(0);
    static const char digits[] = "0123456789abcdef";
    std::string hex;
    for (unsigned u : units)
        for (unsigned byte : {u & 0xFF, u >> 8}) {
            hex += digits[byte >> 4];
            hex += digits[byte & 15];
        }
    return hex;
}

std::string chomp(std::string s)
{
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
        s.pop_back();
    return s;
}

class WineUserEnv : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        s_skip.clear();
        s_dir = std::make_unique<TempDir>("td-wine-userenv");
        s_tool = s_dir->path() / "userenvtool.exe";
        s_skip = wine::buildUserEnvTool(s_tool);
        if (!s_skip.empty())
            return;
        // Wine turns arguments into UTF-16 with the Unix locale's charset.
        s_prefix = std::make_unique<wine::Prefix>(s_dir->path() / "prefix",
                                                  std::map<std::string, std::string>{{"LC_ALL", "C.UTF-8"}});
        s_skip = s_prefix->error();
    }

    static void TearDownTestSuite()
    {
        s_prefix.reset();
        s_dir.reset();
    }

    void SetUp() override
    {
        if (!s_skip.empty())
            GTEST_SKIP() << s_skip;
    }

    static RunOptions options() { return s_prefix->options(); }

    static RunResult tool(std::vector<std::string> args)
    {
        args.insert(args.begin(), {wine64(), s_tool.string()});
        return run(args, options());
    }

    static void toolOk(const std::vector<std::string> &args)
    {
        const RunResult r = tool(args);
        EXPECT_EQ(r.exitCode, 0) << args[0] << ": " << r.err;
    }

    // "TYPE\tHEX" of `get`, or "" when not set.
    static std::string get(const std::string &name)
    {
        const RunResult r = tool({"get", name});
        return r.ok() ? chomp(r.out) : "";
    }

    static std::string regQuery(const std::string &name)
    {
        return run({wine64(), "reg", "query", "HKCU\\Environment", "/v", name}, options()).out;
    }

    static std::string removeFrom(const std::string &list, const std::string &entry, int expectedExit = 0)
    {
        const RunResult r = tool({"remove-from", list, entry});
        EXPECT_EQ(r.exitCode, expectedExit) << list << " - " << entry;
        return chomp(r.out);
    }

    static inline std::string s_skip;
    static inline std::unique_ptr<TempDir> s_dir;
    static inline std::unique_ptr<wine::Prefix> s_prefix;
    static inline fs::path s_tool;
};

TEST_F(WineUserEnv, PathListHelpersRemoveExactlyOneEntry)
{
    EXPECT_EQ(removeFrom("A;B;C", "B"), "A;C");
    EXPECT_EQ(removeFrom("A;B;C", "A"), "B;C");
    EXPECT_EQ(removeFrom("A;B;C", "C"), "A;B");
    EXPECT_EQ(removeFrom("A", "a"), "");
    // Case, a trailing backslash and quotes do not matter; the rest is kept as written.
    EXPECT_EQ(removeFrom("C:\\Tools\\;\"C:\\CUDA\\v11.8\\bin\";%USERPROFILE%\\bin", "c:\\cuda\\V11.8\\BIN\\"),
              "C:\\Tools\\;%USERPROFILE%\\bin");
    EXPECT_EQ(removeFrom("C:\\x;C:\\cuda\\bin\\\\;C:\\y", "\"C:\\CUDA\\bin\""), "C:\\x;C:\\y");
    // Only the first of two equal entries; empty entries stay.
    EXPECT_EQ(removeFrom("C:\\a;;C:\\b;C:\\a;", "C:\\a"), ";C:\\b;C:\\a;");
    // A prefix of an entry is not that entry.
    EXPECT_EQ(removeFrom("C:\\cuda\\bin;C:\\cuda", "C:\\cud", 4), "C:\\cuda\\bin;C:\\cuda");
    EXPECT_EQ(removeFrom("C:\\Users\\张伟\\bin;C:\\x", "c:\\users\\张伟\\BIN"), "C:\\x");
}

TEST_F(WineUserEnv, RemoveEntryKeepsTheRestAndTheTypeThenRestoresByteForByte)
{
    const fs::path staleCuda = s_dir->path() / "gone" / "CUDA" / "v11.8" / "bin"; // never created
    const std::string original = "%USERPROFILE%\\bin;" + winePath(staleCuda) + ";C:\\Tools";
    toolOk({"set", "PATH", "REG_EXPAND_SZ", original});
    const std::string saved = get("PATH");
    ASSERT_EQ(saved, "REG_EXPAND_SZ\t" + utf16Hex(original));
    EXPECT_EQ(tool({"entries", "PATH"}).out, "%USERPROFILE%\\bin\n" + winePath(staleCuda) + "\nC:\\Tools\n");

    std::string spelt = winePath(staleCuda) + "\\";
    std::transform(spelt.begin(), spelt.end(), spelt.begin(), [](unsigned char c) { return std::toupper(c); });
    toolOk({"remove-entry", "PATH", spelt});
    EXPECT_EQ(get("PATH"), "REG_EXPAND_SZ\t" + utf16Hex("%USERPROFILE%\\bin;C:\\Tools"));
    // Wine's reg.exe agrees: still REG_EXPAND_SZ, nothing expanded.
    const std::string oracle = regQuery("PATH");
    EXPECT_NE(oracle.find("REG_EXPAND_SZ"), std::string::npos) << oracle;
    EXPECT_NE(oracle.find("%USERPROFILE%\\bin;C:\\Tools"), std::string::npos) << oracle;
    // No second entry of that name: nothing changes.
    EXPECT_EQ(tool({"remove-entry", "PATH", spelt}).exitCode, 4);

    // Undo: the saved raw bytes go back exactly.
    toolOk({"set-raw", "PATH", "REG_EXPAND_SZ", saved.substr(saved.find('\t') + 1)});
    EXPECT_EQ(get("PATH"), saved);
    EXPECT_NE(regQuery("PATH").find(original), std::string::npos);
}

TEST_F(WineUserEnv, RawBytesWithoutTerminatorRoundTrip)
{
    // Values written by other programs are not always NUL-terminated; the
    // round trip must not add one.
    toolOk({"set-raw", "ODD", "REG_SZ", "410042004300"});
    EXPECT_EQ(get("ODD"), "REG_SZ\t410042004300");
    EXPECT_EQ(chomp(tool({"text", "ODD"}).out), "ABC");
    toolOk({"delete", "ODD"});
}

TEST_F(WineUserEnv, NonAsciiValuesSurvive)
{
    const std::string value = "C:\\Users\\张伟\\bin;C:\\Données";
    toolOk({"set", "TD_NAME", "REG_SZ", value});
    EXPECT_EQ(get("TD_NAME"), "REG_SZ\t" + utf16Hex(value));
    EXPECT_EQ(chomp(tool({"text", "TD_NAME"}).out), value);
    toolOk({"remove-entry", "TD_NAME", "c:\\données\\"});
    EXPECT_EQ(get("TD_NAME"), "REG_SZ\t" + utf16Hex("C:\\Users\\张伟\\bin"));
    toolOk({"delete", "TD_NAME"});
}

TEST_F(WineUserEnv, DeleteAndRecreate)
{
    toolOk({"set", "TD_TEMP", "REG_EXPAND_SZ", "%SystemRoot%\\x"});
    // "keep" keeps REG_EXPAND_SZ and never expands.
    toolOk({"set", "TD_TEMP", "keep", "%SystemRoot%\\y"});
    EXPECT_EQ(get("TD_TEMP"), "REG_EXPAND_SZ\t" + utf16Hex("%SystemRoot%\\y"));
    toolOk({"delete", "TD_TEMP"});
    EXPECT_EQ(tool({"get", "TD_TEMP"}).exitCode, 3);
    EXPECT_EQ(tool({"delete", "TD_TEMP"}).exitCode, 3);
    EXPECT_EQ(regQuery("TD_TEMP").find("TD_TEMP"), std::string::npos);
    // A new variable with "keep" is REG_SZ.
    toolOk({"set", "TD_TEMP", "keep", "v"});
    EXPECT_EQ(get("TD_TEMP"), "REG_SZ\t" + utf16Hex("v"));
    toolOk({"delete", "TD_TEMP"});
}

TEST_F(WineUserEnv, ListStaleCudaFindsTheMissingFolder)
{
    const fs::path present = s_dir->path() / "cuda" / "v12.1";
    fs::create_directories(present);
    const std::string gone = winePath(s_dir->path() / "cuda" / "v11.8");
    toolOk({"set", "CUDA_PATH_V12_1", "REG_SZ", winePath(present)});
    toolOk({"set", "CUDA_PATH_V11_8", "REG_SZ", gone});
    toolOk({"set", "CUDA_PATH_V10_2", "REG_EXPAND_SZ", "%SystemRoot%"}); // exists once expanded
    toolOk({"set", "CUDA_PATH", "REG_SZ", "C:\\nowhere"});               // not a versioned one
    const RunResult r = tool({"list-stale-cuda"});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out, "CUDA_PATH_V11_8\t" + gone + "\n");
    for (const char *name : {"CUDA_PATH_V12_1", "CUDA_PATH_V11_8", "CUDA_PATH_V10_2", "CUDA_PATH"})
        toolOk({"delete", name});
}

TEST_F(WineUserEnv, RunElevatedWaitsAndReportsTheExitCode)
{
    // Under Wine there is no UAC: the program just runs.
    const RunResult ok = tool({"run-elevated", winePath(s_tool), "set TD_ELEVATED REG_SZ yes"});
    EXPECT_EQ(ok.exitCode, 0) << ok.err;
    EXPECT_EQ(chomp(ok.out), "0");
    EXPECT_EQ(get("TD_ELEVATED"), "REG_SZ\t" + utf16Hex("yes"));
    toolOk({"delete", "TD_ELEVATED"});
}

} // namespace
