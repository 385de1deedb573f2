// SPDX-License-Identifier: GPL-3.0-or-later
// The ELF reader on real files of both classes and byte orders, built at test
// time (gcc for the host, clang + lld for i686, ppc, ppc64, aarch64, mips),
// checked against binutils' readelf; and on hostile input.
#include "TestConfig.h"
#include "TestSupport.h"

#include "binary/ElfSymbols.h"
#include "binary/Readers.h"

#include <gtest/gtest.h>

#include <random>
#include <regex>
#include <set>

using namespace td;
using namespace td::test;

namespace {

struct Target {
    const char *triple; // empty: the host's gcc
    bool is64;
    bool bigEndian;
    std::uint16_t machine;
};

const Target kTargets[] = {
    {"", true, false, 62},
    {"i686-linux-gnu", false, false, 3},
    {"powerpc-linux-gnu", false, true, 20},
    {"powerpc64-linux-gnu", true, true, 21},
    {"aarch64-linux-gnu", true, false, 183},
    {"mips-linux-gnu", false, true, 8},
};

class ElfFixtures : public ::testing::TestWithParam<Target> {
protected:
    TempDir m_dir{"td-elf"};

    std::vector<std::string> compiler() const
    {
        const Target &t = GetParam();
        if (!*t.triple)
            return {config::cc};
        return {config::clang, std::string("--target=") + t.triple, "-fuse-ld=lld", "-nostdlib"};
    }

    fs::path build(const std::string &name, const std::string &source, const std::vector<std::string> &extra)
    {
        writeFile(m_dir / (name + ".c"), source);
        const fs::path out = m_dir / name;
        std::vector<std::string> argv = compiler();
        argv.insert(argv.end(), {"-shared", "-fPIC", "-o", out.string(), (m_dir / (name + ".c")).string()});
        argv.insert(argv.end(), extra.begin(), extra.end());
        runOk(argv);
        return out;
    }

    void SetUp() override
    {
        if (*GetParam().triple && !config::have(config::clang))
            GTEST_SKIP() << "clang is not installed";
    }
};

// `readelf -d` and `-V` on one file: what the oracle says.
struct ReadElf {
    std::vector<std::string> needed;
    std::string soname, rpath, runpath;
    bool nodeflib = false;
    std::set<std::string> verneed, verdef;
};

ReadElf readelf(const fs::path &file)
{
    ReadElf r;
    const std::string dyn = runOk({config::readelf, "-dW", file.string()});
    std::smatch m;
    for (const auto &line : lines(dyn)) {
        if (std::regex_search(line, m, std::regex(R"(\(NEEDED\)\s+Shared library: \[(.*)\])")))
            r.needed.push_back(m[1]);
        else if (std::regex_search(line, m, std::regex(R"(\(SONAME\)\s+Library soname: \[(.*)\])")))
            r.soname = m[1];
        else if (std::regex_search(line, m, std::regex(R"(\(RPATH\)\s+Library rpath: \[(.*)\])")))
            r.rpath = m[1];
        else if (std::regex_search(line, m, std::regex(R"(\(RUNPATH\)\s+Library runpath: \[(.*)\])")))
            r.runpath = m[1];
        else if (line.find("(FLAGS_1)") != std::string::npos && line.find("NODEFLIB") != std::string::npos)
            r.nodeflib = true;
    }
    const std::string ver = runOk({config::readelf, "-VW", file.string()});
    enum { None, Def, Need } section = None;
    for (const auto &line : lines(ver)) {
        if (line.find("Version definition section") != std::string::npos)
            section = Def;
        else if (line.find("Version needs section") != std::string::npos)
            section = Need;
        else if (line.find("Version symbols section") != std::string::npos)
            section = None;
        if (section == Def && std::regex_search(line, m, std::regex(R"(Name: (\S+))")))
            r.verdef.insert(m[1]);
        if (section == Need && std::regex_search(line, m, std::regex(R"(Name: (\S+)\s+Flags)")))
            r.verneed.insert(m[1]);
    }
    return r;
}

} // namespace

TEST_P(ElfFixtures, AgreesWithReadelf)
{
    const Target &t = GetParam();
    writeFile(m_dir / "dep.map", "DEP_1.0 { global: dep_old; local: *; };\nDEP_2.0 { global: dep_new; } DEP_1.0;\n");
    const fs::path dep = build("libdep.so", "int dep_old(void) { return 1; }\nint dep_new(void) { return 2; }\n",
                               {"-Wl,-soname,libdep.so.1", "-Wl,--version-script=" + (m_dir / "dep.map").string()});
    const fs::path top =
        build("libtop.so", "int dep_old(void);\nint dep_new(void);\nint top(void) { return dep_old() + dep_new(); }\n",
              {"-Wl,-soname,libtop.so.1", dep.string(), "-Wl,--enable-new-dtags,-rpath,$ORIGIN/../lib:/opt/x",
               "-Wl,-z,nodefaultlib"});
    for (const fs::path &file : {dep, top}) {
        const auto info = bin::readBinaryFile(file.string());
        ASSERT_TRUE(info.ok()) << file << ": " << info.error;
        const bin::ElfInfo &elf = *info.elf();
        EXPECT_EQ(elf.is64, t.is64);
        EXPECT_EQ(elf.bigEndian, t.bigEndian);
        EXPECT_EQ(elf.machine, t.machine);
        EXPECT_EQ(elf.type, 3); // ET_DYN
        const ReadElf expected = readelf(file);
        EXPECT_EQ(elf.needed, expected.needed) << file;
        EXPECT_EQ(elf.soname, expected.soname) << file;
        EXPECT_EQ(elf.rpath.value_or(""), expected.rpath) << file;
        EXPECT_EQ(elf.runpath.value_or(""), expected.runpath) << file;
        EXPECT_EQ((elf.flags1 & 0x800) != 0, expected.nodeflib) << file;
        std::set<std::string> verdef(elf.versionDefs.begin(), elf.versionDefs.end());
        EXPECT_EQ(verdef, expected.verdef) << file;
        std::set<std::string> verneed;
        for (const auto &n : elf.versionNeeds)
            verneed.insert(n.versions.begin(), n.versions.end());
        EXPECT_EQ(verneed, expected.verneed) << file;
        // The hashes the file carries for its versions, in either byte order.
        ASSERT_EQ(elf.versionDefHashes.size(), elf.versionDefs.size()) << file;
        for (std::size_t i = 0; i < elf.versionDefs.size(); ++i)
            EXPECT_EQ(elf.versionDefHashes[i], bin::sysvHash(elf.versionDefs[i])) << file << " " << elf.versionDefs[i];
        for (const auto &n : elf.versionNeeds) {
            ASSERT_EQ(n.hashes.size(), n.versions.size()) << file;
            for (std::size_t i = 0; i < n.versions.size(); ++i)
                EXPECT_EQ(n.hashes[i], bin::sysvHash(n.versions[i])) << file << " " << n.versions[i];
        }
    }
    // The facts the loader relies on, spelled out.
    const auto topInfo = bin::readBinaryFile(top.string());
    const auto *topElf = topInfo.elf();
    ASSERT_NE(topElf, nullptr) << topInfo.error;
    EXPECT_EQ(topElf->runpath.value_or(""), "$ORIGIN/../lib:/opt/x");
    ASSERT_FALSE(topElf->versionNeeds.empty());
    EXPECT_EQ(topElf->versionNeeds.front().file, "libdep.so.1");
}

INSTANTIATE_TEST_SUITE_P(Targets, ElfFixtures, ::testing::ValuesIn(kTargets), [](const auto &param) {
    std::string name = *param.param.triple ? param.param.triple : "host";
    for (char &c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)))
            c = '_';
    return name;
});

TEST(ElfReader, EveryLibraryOfTheSystemParses)
{
    std::size_t parsed = 0;
    for (const auto &e : fs::directory_iterator("/usr/lib/x86_64-linux-gnu")) {
        const std::string name = e.path().filename().string();
        if (name.find(".so") == std::string::npos || !e.is_regular_file())
            continue;
        const auto info = bin::readBinaryFile(e.path().string());
        if (info.format != bin::Format::Elf)
            continue; // linker scripts
        EXPECT_TRUE(info.ok()) << e.path() << ": " << info.error;
        ++parsed;
    }
    std::printf("parsed %zu ELF files\n", parsed);
    EXPECT_GT(parsed, 300u);
}

TEST(ElfReader, ReadsOnlyHeadersAndTables)
{
    TempDir dir;
    const fs::path big = dir / "libbig.so";
    fs::copy_file("/usr/lib/x86_64-linux-gnu/libstdc++.so.6", big);
    fs::resize_file(big, 3ULL << 30);
    std::string error;
    auto src = bin::FileByteSource::open(big.string(), error);
    ASSERT_TRUE(src) << error;
    bin::ElfInfo info;
    EXPECT_EQ(bin::readElf(*src, info), "");
    EXPECT_FALSE(info.versionDefs.empty());
    EXPECT_LT(src->bytesRead(), 256u * 1024) << "read " << src->bytesRead() << " bytes";
}

TEST(ElfReader, HostileInputNeverCrashes)
{
    const std::string bytes = readFile("/usr/lib/x86_64-linux-gnu/libz.so.1");
    ASSERT_GT(bytes.size(), 1000u);
    // Every prefix up to the end of the dynamic tables, then a sample.
    for (std::size_t n = 0; n < bytes.size(); n += n < 8192 ? 1 : 97) {
        bin::MemoryByteSource src(bytes.data(), n);
        bin::ElfInfo info;
        (void)bin::readElf(src, info);
    }
    std::mt19937 rng(11);
    for (int i = 0; i < 3000; ++i) {
        std::string mutated = bytes.substr(0, 16384);
        for (int k = 0; k < 8; ++k)
            mutated[rng() % mutated.size()] ^= static_cast<char>(1 << (rng() % 8));
        bin::MemoryByteSource src(mutated);
        bin::ElfInfo info;
        (void)bin::readElf(src, info);
    }
    // Crafted: huge counts and offsets, loops.
    std::string header = bytes.substr(0, 64);
    header[56] = '\xff'; // e_phnum = 0xffff
    header[57] = '\xff';
    bin::MemoryByteSource src(header);
    bin::ElfInfo info;
    EXPECT_NE(bin::readElf(src, info), "");
    EXPECT_NE(bin::readElf(bin::MemoryByteSource(std::string_view("\x7f"
                                                                  "ELF")),
                           info),
              "");
    EXPECT_NE(bin::readElf(bin::MemoryByteSource(std::string_view("")), info), "");
}
