// SPDX-License-Identifier: GPL-3.0-or-later
#include "binary/Readers.h"
#include "fixtures/macho/MachOFixtures.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>

using namespace td;
using namespace td::test;

namespace {

constexpr std::uint32_t kCpuArm64 = 0x0100000c;
constexpr std::uint32_t kCpuX86_64 = 0x01000007;
constexpr std::uint32_t kCpuPpc = 18;
constexpr std::uint32_t kLoadDylib = 0xc;
constexpr std::uint32_t kIdDylib = 0xd;
constexpr std::uint32_t kLoadWeakDylib = 0x80000018;
constexpr std::uint32_t kRpath = 0x8000001c;
constexpr std::uint32_t kReexportDylib = 0x8000001f;
constexpr std::uint32_t kLazyLoadDylib = 0x20;
constexpr std::uint32_t kLoadUpwardDylib = 0x80000023;
constexpr std::uint32_t kSegment64 = 0x19;

// ---- Hand-made Mach-O files ----------------------------------------------

void put32(std::string &out, std::uint32_t v, bool bigEndian)
{
    for (int i = 0; i < 4; ++i) {
        const int shift = bigEndian ? 24 - 8 * i : 8 * i;
        out.push_back(static_cast<char>((v >> shift) & 0xff));
    }
}

// One load command: a dylib_command or rpath_command carrying `text`, or
// `padding` bytes of anything else.
std::string command(std::uint32_t cmd, const std::string &text, bool bigEndian, std::size_t padding = 0)
{
    std::string body;
    if (cmd == kRpath) {
        put32(body, 12, bigEndian);
    } else if (padding == 0) {
        put32(body, 24, bigEndian);
        put32(body, 0, bigEndian);       // timestamp
        put32(body, 0x10000, bigEndian); // current version
        put32(body, 0x10000, bigEndian); // compatibility version
    }
    body += text;
    body.append(padding, '\0');
    if (padding == 0)
        body.push_back('\0');
    while ((body.size() + 8) % 8 != 0)
        body.push_back('\0');
    std::string out;
    put32(out, cmd, bigEndian);
    put32(out, static_cast<std::uint32_t>(body.size() + 8), bigEndian);
    return out + body;
}

struct Header {
    bool is64 = true;
    bool bigEndian = false;
    std::uint32_t cpuType = kCpuArm64;
    std::uint32_t fileType = 6;
    std::optional<std::uint32_t> ncmds;      // default: the number of commands
    std::optional<std::uint32_t> sizeOfCmds; // default: their size
};

std::string machO(const Header &h, const std::vector<std::string> &commands)
{
    std::string cmds;
    for (const auto &c : commands)
        cmds += c;
    std::string out;
    put32(out, h.is64 ? 0xfeedfacf : 0xfeedface, h.bigEndian);
    put32(out, h.cpuType, h.bigEndian);
    put32(out, 0, h.bigEndian);
    put32(out, h.fileType, h.bigEndian);
    put32(out, h.ncmds.value_or(static_cast<std::uint32_t>(commands.size())), h.bigEndian);
    put32(out, h.sizeOfCmds.value_or(static_cast<std::uint32_t>(cmds.size())), h.bigEndian);
    put32(out, 0, h.bigEndian); // flags
    if (h.is64)
        put32(out, 0, h.bigEndian);
    return out + cmds;
}

std::string sampleDylib()
{
    return machO({}, {command(kIdDylib, "@rpath/libsample.dylib", false), command(kSegment64, "", false, 64),
                      command(kLoadDylib, "@rpath/libc10.dylib", false),
                      command(kLoadWeakDylib, "@loader_path/libweak.dylib", false),
                      command(kReexportDylib, "/usr/lib/libc++.1.dylib", false),
                      command(kLoadUpwardDylib, "@executable_path/libup.dylib", false),
                      command(kLazyLoadDylib, "/usr/lib/liblazy.dylib", false),
                      command(kRpath, "@loader_path/../lib", false),
                      command(kRpath, "/opt/homebrew/opt/libomp/lib", false)});
}

std::string parse(const std::string &bytes, bin::MachOInfo &info)
{
    bin::MemoryByteSource src(bytes);
    return bin::readMachO(src, info);
}

// ---- The oracle: llvm-objdump's view of a file ---------------------------

struct OracleSlice {
    std::string arch; // "arm64", "x86_64" (lower case)
    std::uint32_t fileType = 0;
    std::uint32_t ncmds = 0;
    std::string installName;
    std::vector<std::pair<bin::DylibKind, std::string>> dylibs;
    std::vector<std::string> rpaths;
    std::uint64_t offset = 0, size = 0; // from the fat header
};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string trim(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b);
}

// "name @rpath/libb.dylib (offset 24)" -> "@rpath/libb.dylib"
std::string stringField(const std::string &line)
{
    std::string rest = trim(line);
    rest = rest.substr(rest.find(' ') + 1);
    const auto off = rest.rfind(" (offset ");
    return off == std::string::npos ? rest : rest.substr(0, off);
}

std::vector<OracleSlice> objdump(const fs::path &file, bool universal)
{
    std::vector<std::string> argv = {config::llvmObjdump, "--macho", "--private-headers", "--arch=all"};
    if (universal)
        argv.push_back("--universal-headers");
    argv.push_back(file.string());
    const std::string out = runOk(argv);

    std::vector<OracleSlice> slices;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> fatEntries;
    std::string cmd;
    bool headerNext = false;
    for (const auto &raw : lines(out)) {
        const std::string line = trim(raw);
        std::istringstream words(line);
        std::string first;
        words >> first;
        if (line == "Mach header") {
            slices.emplace_back();
            headerNext = false;
            continue;
        }
        if (first == "magic" && !slices.empty()) {
            headerNext = true;
            continue;
        }
        if (headerNext) {
            headerNext = false;
            std::string cpu, sub, caps, type;
            std::uint32_t ncmds = 0;
            words >> cpu >> sub >> caps >> type >> ncmds;
            slices.back().arch = lower(cpu);
            slices.back().fileType = type == "DYLIB" ? 6 : type == "EXECUTE" ? 2 : 0;
            slices.back().ncmds = ncmds;
            continue;
        }
        if (first == "architecture" && slices.empty()) {
            fatEntries.emplace_back(0, 0);
            continue;
        }
        if (first == "offset" && !fatEntries.empty() && slices.empty()) {
            words >> fatEntries.back().first;
            continue;
        }
        if (first == "size" && !fatEntries.empty() && slices.empty()) {
            words >> fatEntries.back().second;
            continue;
        }
        if (first == "cmd") {
            words >> cmd;
            continue;
        }
        if (slices.empty())
            continue;
        auto &s = slices.back();
        if (first == "name") {
            const std::string name = stringField(line);
            if (cmd == "LC_ID_DYLIB")
                s.installName = name;
            else if (cmd == "LC_LOAD_DYLIB")
                s.dylibs.emplace_back(bin::DylibKind::Load, name);
            else if (cmd == "LC_LOAD_WEAK_DYLIB")
                s.dylibs.emplace_back(bin::DylibKind::Weak, name);
            else if (cmd == "LC_REEXPORT_DYLIB")
                s.dylibs.emplace_back(bin::DylibKind::Reexport, name);
            else if (cmd == "LC_LOAD_UPWARD_DYLIB")
                s.dylibs.emplace_back(bin::DylibKind::Upward, name);
            else if (cmd == "LC_LAZY_LOAD_DYLIB")
                s.dylibs.emplace_back(bin::DylibKind::Lazy, name);
        } else if (first == "path" && cmd == "LC_RPATH") {
            s.rpaths.push_back(stringField(line));
        }
    }
    for (std::size_t i = 0; i < slices.size() && i < fatEntries.size(); ++i) {
        slices[i].offset = fatEntries[i].first;
        slices[i].size = fatEntries[i].second;
    }
    return slices;
}

int g_oracleFiles = 0;
int g_oracleCommands = 0;

// The reader and llvm-objdump agree on `file`, slice by slice.
void expectAgreement(const fs::path &file)
{
    SCOPED_TRACE(file.string());
    const bin::BinaryInfo info = bin::readBinaryFile(file.string());
    ASSERT_TRUE(info.ok()) << info.error;
    const bin::MachOInfo *m = info.macho();
    ASSERT_NE(m, nullptr);
    const auto oracle = objdump(file, m->universal);
    ASSERT_EQ(oracle.size(), m->slices.size());
    for (std::size_t i = 0; i < oracle.size(); ++i) {
        const auto &o = oracle[i];
        const auto &s = m->slices[i];
        EXPECT_EQ(o.arch, bin::machoCpuName(s.cpuType, s.cpuSubtype));
        EXPECT_EQ(o.fileType, s.fileType);
        EXPECT_EQ(o.installName, s.installName);
        EXPECT_EQ(o.rpaths, s.rpaths);
        ASSERT_EQ(o.dylibs.size(), s.dylibs.size());
        for (std::size_t d = 0; d < o.dylibs.size(); ++d) {
            EXPECT_EQ(o.dylibs[d].first, s.dylibs[d].kind) << o.dylibs[d].second;
            EXPECT_EQ(o.dylibs[d].second, s.dylibs[d].name);
        }
        if (m->universal) {
            EXPECT_EQ(o.offset, s.offset);
            EXPECT_EQ(o.size, s.size);
        } else {
            EXPECT_EQ(s.offset, 0U);
            EXPECT_EQ(s.size, fs::file_size(file));
        }
        g_oracleCommands += static_cast<int>(o.dylibs.size() + o.rpaths.size() + (o.installName.empty() ? 0 : 1));
    }
    // --dylib-id, the short form, agrees too.
    if (!m->universal) {
        const auto id = lines(runOk({config::llvmObjdump, "--macho", "--dylib-id", file.string()}));
        const std::string expected = m->slices.front().installName;
        EXPECT_EQ(id.size() > 1 ? trim(id[1]) : std::string(), expected);
    }
    ++g_oracleFiles;
}

// Every truncation and a sweep of bit flips of `bytes`: errors, never a crash.
void hammer(const std::string &bytes, std::size_t flipLimit)
{
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        bin::MachOInfo info;
        bin::MemoryByteSource src(bytes.data(), n);
        const std::string error = bin::readMachO(src, info);
        EXPECT_LE(src.bytesRead(), n + 12); // the magic is looked at twice
        if (n < 32) {
            EXPECT_FALSE(error.empty()) << n;
        }
    }
    std::string copy = bytes;
    const std::size_t limit = std::min(flipLimit, bytes.size());
    for (std::size_t i = 0; i < limit; ++i) {
        for (int bit = 0; bit < 8; ++bit) {
            copy[i] = static_cast<char>(copy[i] ^ (1 << bit));
            bin::MachOInfo info;
            bin::MemoryByteSource src(copy);
            (void)bin::readMachO(src, info);
            (void)bin::readBinary(src);
            copy[i] = bytes[i];
        }
    }
}

class MachOFixtureTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (auto why = macho::missingTools(); !why.empty())
            GTEST_SKIP() << why;
    }
    TempDir m_dir{"td-macho"};
    macho::Builder m_build{m_dir / "work"};
};

} // namespace

// ---- Hand-made files -------------------------------------------------------

TEST(MachOReader, ReadsEveryDylibKindAndRpath)
{
    bin::MachOInfo info;
    ASSERT_EQ(parse(sampleDylib(), info), "");
    ASSERT_EQ(info.slices.size(), 1U);
    EXPECT_FALSE(info.universal);
    const auto &s = info.slices[0];
    EXPECT_TRUE(s.is64);
    EXPECT_EQ(s.cpuType, kCpuArm64);
    EXPECT_EQ(s.fileType, 6U);
    EXPECT_EQ(s.installName, "@rpath/libsample.dylib");
    ASSERT_EQ(s.dylibs.size(), 5U);
    EXPECT_EQ(s.dylibs[0].name, "@rpath/libc10.dylib");
    EXPECT_EQ(s.dylibs[0].kind, bin::DylibKind::Load);
    EXPECT_EQ(s.dylibs[1].kind, bin::DylibKind::Weak);
    EXPECT_EQ(s.dylibs[2].kind, bin::DylibKind::Reexport);
    EXPECT_EQ(s.dylibs[3].kind, bin::DylibKind::Upward);
    EXPECT_EQ(s.dylibs[4].kind, bin::DylibKind::Lazy);
    EXPECT_EQ(s.dylibs[4].name, "/usr/lib/liblazy.dylib");
    EXPECT_EQ(s.rpaths, (std::vector<std::string>{"@loader_path/../lib", "/opt/homebrew/opt/libomp/lib"}));
    EXPECT_EQ(bin::detectFormat(bin::MemoryByteSource(sampleDylib())), bin::Format::MachO);
}

TEST(MachOReader, ReadsBigEndian32Bit)
{
    Header h;
    h.is64 = false;
    h.bigEndian = true;
    h.cpuType = kCpuPpc;
    h.fileType = 2;
    bin::MachOInfo info;
    ASSERT_EQ(parse(machO(h, {command(kLoadDylib, "/usr/lib/libSystem.B.dylib", true),
                              command(kRpath, "@executable_path/../Frameworks", true)}),
                    info),
              "");
    ASSERT_EQ(info.slices.size(), 1U);
    EXPECT_FALSE(info.slices[0].is64);
    EXPECT_EQ(info.slices[0].cpuType, kCpuPpc);
    EXPECT_EQ(info.slices[0].fileType, 2U);
    ASSERT_EQ(info.slices[0].dylibs.size(), 1U);
    EXPECT_EQ(info.slices[0].dylibs[0].name, "/usr/lib/libSystem.B.dylib");
    EXPECT_EQ(info.slices[0].rpaths, std::vector<std::string>{"@executable_path/../Frameworks"});
}

TEST(MachOReader, ReadsFat64)
{
    Header x86;
    x86.cpuType = kCpuX86_64;
    const std::string a = machO(x86, {command(kIdDylib, "@rpath/libx.dylib", false)});
    const std::string b = sampleDylib();
    std::string fat;
    put32(fat, 0xcafebabf, true);
    put32(fat, 2, true);
    const std::uint64_t offsets[2] = {4096, 8192};
    const std::string *bodies[2] = {&a, &b};
    for (int i = 0; i < 2; ++i) {
        put32(fat, i == 0 ? kCpuX86_64 : kCpuArm64, true);
        put32(fat, 0, true);
        put32(fat, 0, true); // offset, high word
        put32(fat, static_cast<std::uint32_t>(offsets[i]), true);
        put32(fat, 0, true);
        put32(fat, static_cast<std::uint32_t>(bodies[i]->size()), true);
        put32(fat, 12, true);
        put32(fat, 0, true);
    }
    fat.resize(4096, '\0');
    fat += a;
    fat.resize(8192, '\0');
    fat += b;
    bin::MachOInfo info;
    ASSERT_EQ(parse(fat, info), "");
    EXPECT_TRUE(info.universal);
    ASSERT_EQ(info.slices.size(), 2U);
    EXPECT_EQ(info.slices[0].installName, "@rpath/libx.dylib");
    EXPECT_EQ(info.slices[0].offset, 4096U);
    EXPECT_EQ(info.slices[1].installName, "@rpath/libsample.dylib");
    EXPECT_EQ(info.slices[1].size, b.size());
}

TEST(MachOReader, ReadsOnlyTheHeaderAndLoadCommands)
{
    std::string bytes = sampleDylib();
    const std::size_t headerAndCommands = bytes.size();
    bytes.append(4U << 20, '\x5a'); // 4 MiB of "code" after the load commands
    bin::MemoryByteSource src(bytes);
    bin::MachOInfo info;
    ASSERT_EQ(bin::readMachO(src, info), "");
    EXPECT_LE(src.bytesRead(), headerAndCommands + 4);
}

TEST(MachOReader, TellsJavaClassFilesApart)
{
    // cafebabe 0000 0041: a Java 21 class file.
    std::string java("\xca\xfe\xba\xbe\x00\x00\x00\x41", 8);
    java.append(64, '\x01');
    bin::MachOInfo info;
    const std::string error = parse(java, info);
    EXPECT_NE(error.find("Java"), std::string::npos) << error;
    EXPECT_FALSE(bin::readBinary(bin::MemoryByteSource(java)).ok());
}

TEST(MachOReader, RejectsHostileHeaders)
{
    auto errorOf = [](const std::string &bytes) {
        bin::MachOInfo info;
        return parse(bytes, info);
    };
    const std::vector<std::string> one = {command(kLoadDylib, "/usr/lib/libSystem.B.dylib", false)};

    Header huge;
    huge.ncmds = 0xffffffff;
    EXPECT_NE(errorOf(machO(huge, one)), "");
    huge.ncmds = 1000000;
    huge.sizeOfCmds = 0xfffffff0;
    EXPECT_NE(errorOf(machO(huge, one)), "");
    Header past;
    past.sizeOfCmds = 1U << 20; // more than the file holds
    EXPECT_NE(errorOf(machO(past, one)).find("past the end"), std::string::npos);
    Header many;
    many.ncmds = 5; // more commands than sizeofcmds holds
    EXPECT_NE(errorOf(machO(many, one)), "");

    // cmdsize 0, cmdsize not a multiple of 4, cmdsize past sizeofcmds.
    for (std::uint32_t size : {0U, 4U, 30U, 4096U}) {
        std::string c = one[0];
        c[4] = static_cast<char>(size & 0xff);
        c[5] = static_cast<char>((size >> 8) & 0xff);
        EXPECT_NE(errorOf(machO({}, {c})), "") << size;
    }
    // A name offset outside the command, and a name without its NUL.
    std::string badOffset = one[0];
    badOffset[8] = static_cast<char>(200);
    EXPECT_NE(errorOf(machO({}, {badOffset})).find("outside"), std::string::npos);
    std::string badOffset2 = one[0];
    badOffset2[8] = 4; // inside the fixed part
    EXPECT_NE(errorOf(machO({}, {badOffset2})), "");
    std::string unterminated = one[0];
    std::fill(unterminated.begin() + 24, unterminated.end(), 'x');
    EXPECT_NE(errorOf(machO({}, {unterminated})).find("not terminated"), std::string::npos);

    // Universal headers: a billion architectures, none, a slice past the end,
    // a slice over the header, a fat file inside a fat file.
    std::string fat;
    put32(fat, 0xcafebabe, true);
    put32(fat, 1000000000, true);
    fat.append(4096, '\0');
    EXPECT_NE(errorOf(fat), "");
    std::string fat64 = fat;
    fat64[3] = '\xbf';
    EXPECT_NE(errorOf(fat64), "");
    std::string none;
    put32(none, 0xcafebabe, true);
    put32(none, 0, true);
    EXPECT_NE(errorOf(none), "");
    auto fatWith = [&](std::uint32_t offset, std::uint32_t size, const std::string &body) {
        std::string f;
        put32(f, 0xcafebabe, true);
        put32(f, 1, true);
        put32(f, kCpuArm64, true);
        put32(f, 0, true);
        put32(f, offset, true);
        put32(f, size, true);
        put32(f, 12, true);
        f.resize(4096, '\0');
        return f + body;
    };
    const std::string body = sampleDylib();
    EXPECT_EQ(errorOf(fatWith(4096, static_cast<std::uint32_t>(body.size()), body)), "");
    EXPECT_NE(errorOf(fatWith(4096, 0xffffff00, body)), "");
    EXPECT_NE(errorOf(fatWith(0xfffffff0, 0x100, body)), "");
    EXPECT_NE(errorOf(fatWith(8, 28, body)), "");
    EXPECT_NE(errorOf(fatWith(4096, 64, fat)), "");
    Header x86;
    x86.cpuType = kCpuX86_64; // the slice disagrees with the fat header
    const std::string x86Body = machO(x86, one);
    EXPECT_NE(errorOf(fatWith(4096, static_cast<std::uint32_t>(x86Body.size()), x86Body)), "");

    // Nothing at all, a bare magic, not Mach-O.
    EXPECT_NE(errorOf(""), "");
    EXPECT_NE(errorOf("\xcf\xfa\xed\xfe"), "");
    EXPECT_NE(errorOf("\x7f"
                      "ELF and more bytes than a header"),
              "");
}

TEST(MachOReader, SurvivesTruncationsAndBitFlips)
{
    const std::string bytes = sampleDylib();
    hammer(bytes, bytes.size());
    // Every truncation of a valid file short of its load commands is an error.
    for (std::size_t n = 0; n < bytes.size(); ++n) {
        bin::MachOInfo info;
        EXPECT_NE(parse(bytes.substr(0, n), info), "") << n;
    }
}

// ---- Real files: clang + ld64.lld, checked against llvm-objdump ------------

TEST_F(MachOFixtureTest, AgreesWithLlvmObjdump)
{
    if (!config::have(config::llvmObjdump))
        GTEST_SKIP() << "llvm-objdump not found";
    const fs::path d = m_dir.path();
    macho::Spec a;
    a.installName = "@rpath/liba.dylib";
    a.deps = {"@rpath/libb.dylib", "@loader_path/libc.dylib", "/opt/x/libabs.dylib"};
    a.weakDeps = {"@rpath/libweak.dylib"};
    a.reexportDeps = {"@executable_path/../Frameworks/libre.dylib"};
    a.rpaths = {"@loader_path/../lib", "/opt/homebrew/opt/libomp/lib", "@executable_path/with space"};
    ASSERT_TRUE(m_build.build(d / "arm64/liba.dylib", a));
    a.arch = "x86_64";
    ASSERT_TRUE(m_build.build(d / "x86_64/liba.dylib", a));

    macho::Spec bare;
    bare.installName = "/usr/local/lib/libbare.1.dylib";
    bare.libSystem = false;
    ASSERT_TRUE(m_build.build(d / "arm64/libbare.dylib", bare));

    macho::Spec exe;
    exe.executable = true;
    exe.deps = {"@rpath/liba.dylib"};
    exe.rpaths = {"@executable_path/../lib"};
    ASSERT_TRUE(m_build.build(d / "arm64/main", exe));
    exe.arch = "x86_64";
    ASSERT_TRUE(m_build.build(d / "x86_64/main", exe));

    ASSERT_TRUE(m_build.fat(d / "fat/liba.dylib", {d / "x86_64/liba.dylib", d / "arm64/liba.dylib"}));
    ASSERT_TRUE(m_build.fat(d / "fat/main", {d / "arm64/main", d / "x86_64/main"}, /*useLipo=*/false));

    for (const char *f : {"arm64/liba.dylib", "x86_64/liba.dylib", "arm64/libbare.dylib", "arm64/main", "x86_64/main",
                          "fat/liba.dylib", "fat/main"})
        expectAgreement(d / f);

    const bin::BinaryInfo fat = bin::readBinaryFile((d / "fat/liba.dylib").string());
    ASSERT_TRUE(fat.ok()) << fat.error;
    const auto *universal = fat.macho();
    ASSERT_NE(universal, nullptr);
    ASSERT_EQ(universal->slices.size(), 2U);
    EXPECT_TRUE(universal->universal);
    std::cout << "[ oracle   ] " << m_build.built() << " Mach-O fixtures built, " << g_oracleFiles << " files and "
              << g_oracleCommands << " load commands agree with llvm-objdump\n";
}

TEST_F(MachOFixtureTest, RealFilesSurviveTruncationsAndBitFlips)
{
    macho::Spec a;
    a.installName = "@rpath/libsmall.dylib";
    a.deps = {"@rpath/libb.dylib"};
    a.rpaths = {"@loader_path"};
    ASSERT_TRUE(m_build.build(m_dir / "libsmall.dylib", a));
    const std::string bytes = readFile(m_dir / "libsmall.dylib");
    bin::MachOInfo info;
    ASSERT_EQ(parse(bytes, info), "");
    // Flip every bit of the header and the load commands (where the reader looks).
    auto byte = [&](std::size_t i) { return static_cast<std::size_t>(static_cast<unsigned char>(bytes[i])); };
    const std::size_t commandsEnd = 32 + (byte(20) | byte(21) << 8 | byte(22) << 16);
    hammer(bytes, commandsEnd);

    const std::string fat = macho::Builder::fatBytes({m_dir / "libsmall.dylib", m_dir / "libsmall.dylib"});
    hammer(fat.substr(0, 16384 + commandsEnd), 64);
}
