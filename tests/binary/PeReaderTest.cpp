// SPDX-License-Identifier: GPL-3.0-or-later
// PE reader: fixtures built with mingw-w64 at test time (both x86_64 and
// i686), objdump as an oracle over the fixtures and Wine's own PE DLLs, bounded
// reads on a file padded to hundreds of MB, and hostile input.
#include "PeBuilder.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include "binary/Readers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>

using namespace td::test;
using td::bin::PeImport;
using td::bin::PeInfo;
using td::bin::PeVersion;

namespace {

// ---- small helpers ----------------------------------------------------------

struct Parsed {
    PeInfo info;
    std::string error;
    std::uint64_t bytesRead = 0;
};

Parsed parseFile(const fs::path &path)
{
    Parsed p;
    std::string openError;
    auto src = td::bin::FileByteSource::open(path.string(), openError);
    if (!src) {
        p.error = "open: " + openError;
        return p;
    }
    p.error = td::bin::readPe(*src, p.info);
    p.bytesRead = src->bytesRead();
    return p;
}

Parsed parseBytes(const std::string &bytes)
{
    Parsed p;
    td::bin::MemoryByteSource src(bytes);
    p.error = td::bin::readPe(src, p.info);
    p.bytesRead = src.bytesRead();
    return p;
}

const PeImport *findImport(const PeInfo &info, const std::string &dll, bool delay)
{
    for (const PeImport &imp : info.imports)
        if (imp.dll == dll && imp.delayLoad == delay)
            return &imp;
    return nullptr;
}

bool contains(const std::vector<std::string> &v, const std::string &s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

std::vector<std::string> importNames(const PeInfo &info, bool delay)
{
    std::vector<std::string> names;
    for (const PeImport &imp : info.imports)
        if (imp.delayLoad == delay)
            names.push_back(imp.dll);
    return names;
}

using pe::get32;
using pe::put32;

std::uint16_t get16(const std::string &b, std::size_t at)
{
    return static_cast<std::uint16_t>(static_cast<unsigned char>(b[at]) | (static_cast<unsigned char>(b[at + 1]) << 8));
}

void put16(std::string &b, std::size_t at, std::uint16_t v)
{
    b[at] = static_cast<char>(v & 0xff);
    b[at + 1] = static_cast<char>(v >> 8);
}

bool isPeFile(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    char m[2] = {};
    return in.read(m, 2) && m[0] == 'M' && m[1] == 'Z';
}

// A tiny independent RVA -> file offset map, used to edit fixtures.
struct RawPe {
    std::size_t peOffset = 0, optOffset = 0;
    bool plus = false;
    std::uint64_t imageBase = 0;
    struct Sec {
        std::uint32_t va, vsize, raw, rawSize;
    };
    std::vector<Sec> sections;

    explicit RawPe(const std::string &b)
    {
        peOffset = get32(b, 60);
        optOffset = peOffset + 24;
        plus = get16(b, optOffset) == 0x20b;
        imageBase = plus ? (std::uint64_t{get32(b, optOffset + 28)} << 32) | get32(b, optOffset + 24)
                         : get32(b, optOffset + 28);
        const std::size_t count = get16(b, peOffset + 6);
        const std::size_t table = optOffset + get16(b, peOffset + 20);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t s = table + 40 * i;
            sections.push_back({get32(b, s + 12), get32(b, s + 8), get32(b, s + 20), get32(b, s + 16)});
        }
    }
    [[nodiscard]] std::size_t dirOffset(std::size_t index) const { return optOffset + (plus ? 112 : 96) + 8 * index; }
    [[nodiscard]] std::optional<std::size_t> fileOffset(std::uint32_t rva) const
    {
        for (const Sec &s : sections)
            if (rva >= s.va && rva - s.va < s.rawSize)
                return std::size_t{s.raw} + (rva - s.va);
        return std::nullopt;
    }
};

// ---- objdump oracle ---------------------------------------------------------

struct ObjdumpImports {
    std::vector<std::string> normal, delay;
    bool sawDelaySection = false; // objdump 2.40 prints no delay-load imports at all
};

std::string trim(const std::string &s)
{
    const auto b = s.find_first_not_of(" \t\r");
    const auto e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

// Reads the "DLL Name:" lines of the import table section ("The Import
// Tables") and, when this objdump prints one, of the delay import section.
// Any other "The ..." heading at column 0 closes the section.
ObjdumpImports objdumpImports(const fs::path &path)
{
    ObjdumpImports result;
    const RunResult r = run({config::mingwObjdump, "-p", path.string()});
    EXPECT_TRUE(r.ok()) << "objdump -p " << path << ": " << r.err;
    enum { None, Normal, Delay } section = None;
    for (const std::string &line : lines(r.out)) {
        if (line.rfind("The ", 0) == 0) {
            if (line.find("Delay Import Tables") != std::string::npos) {
                section = Delay;
                result.sawDelaySection = true;
            } else if (line.find("Import Tables") != std::string::npos) {
                section = Normal;
            } else {
                section = None;
            }
            continue;
        }
        const auto at = line.find("DLL Name:");
        if (at == std::string::npos || section == None)
            continue;
        const std::string name = trim(line.substr(at + 9));
        (section == Delay ? result.delay : result.normal).push_back(name);
    }
    return result;
}

// Compares one file with objdump; returns whether they agreed.
bool agreesWithObjdump(const fs::path &path, const PeInfo &info)
{
    const ObjdumpImports expected = objdumpImports(path);
    bool ok = importNames(info, false) == expected.normal;
    EXPECT_EQ(importNames(info, false), expected.normal) << path;
    if (expected.sawDelaySection) {
        ok = ok && importNames(info, true) == expected.delay;
        EXPECT_EQ(importNames(info, true), expected.delay) << path;
    }
    return ok;
}

// ---- fixtures -----------------------------------------------------------------

constexpr const char *kBSource = R"(
__declspec(dllexport) int b_add(int x, int y) { return x + y; }
__declspec(dllexport) int b_mul(int x, int y) { return x * y; }
int b_ord(int x) { return -x; }
)";

// b_ord is exported by ordinal only, so importers bind it by ordinal.
constexpr const char *kBDef = R"(LIBRARY b.dll
EXPORTS
    b_add @1
    b_mul @2
    b_ord @5 NONAME
)";

constexpr const char *kASource = R"(
int b_add(int, int);
int b_ord(int);
__declspec(dllexport) int a_run(int x) { return b_add(x, 1) + b_ord(x); }
)";

constexpr const char *kDelaySource = R"(
int b_mul(int, int);
__declspec(dllexport) int d_run(int x) { return b_mul(x, 3); }
)";

constexpr const char *kVersionRc = R"(
1 VERSIONINFO
FILEVERSION 14,40,33810,0
PRODUCTVERSION 14,40,0,1
FILEOS 0x40004
FILETYPE 0x2
BEGIN
  BLOCK "StringFileInfo"
  BEGIN
    BLOCK "040904b0"
    BEGIN
      VALUE "FileDescription", "TorchDoctor test fixture"
      VALUE "FileVersion", "14.40.33810.0"
    END
  END
  BLOCK "VarFileInfo"
  BEGIN
    VALUE "Translation", 0x409, 1200
  END
END
)";

constexpr const char *kManifestRc = "2 24 \"m.manifest\"\n";

constexpr const char *kManifest = R"(<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="TorchDoctor.Fixture" version="1.0.0.0"/>
  <dependency>
    <dependentAssembly>
      <assemblyIdentity type="win32" name="Microsoft.VC90.CRT" version="9.0.21022.8"/>
    </dependentAssembly>
  </dependency>
</assembly>
)";

constexpr const char *kPlainSource = R"(
__declspec(dllexport) int plain(int x) { return x + 1; }
)";

constexpr const char *kApiSetDef = R"(LIBRARY api-ms-win-core-synch-l1-2-0.dll
EXPORTS
    WaitOnAddress
)";

constexpr const char *kApiSetSource = R"(
int WaitOnAddress(void *, void *, unsigned long long, unsigned long);
__declspec(dllexport) int s_run(void *p) { return WaitOnAddress(p, p, 4, 0); }
)";

constexpr const char *kMainSource = R"(
int a_run(int);
int main(void) { return a_run(2); }
)";

enum class Arch { X64, X86 };

struct Toolchain {
    std::string cc, dlltool, machineFlag, windresTarget;
    std::uint16_t machine = 0;
    bool plus = false;
};

std::optional<Toolchain> toolchain(Arch arch)
{
    if (!config::have(config::mingw64Windres))
        return std::nullopt;
    if (arch == Arch::X64) {
        if (!config::have(config::mingw64Cc) || !config::have(config::mingw64Dlltool))
            return std::nullopt;
        return Toolchain{config::mingw64Cc, config::mingw64Dlltool, "i386:x86-64", "pe-x86-64", 0x8664, true};
    }
    if (!config::have(config::mingw32Cc) || !config::have(config::mingw32Dlltool))
        return std::nullopt;
    return Toolchain{config::mingw32Cc, config::mingw32Dlltool, "i386", "pe-i386", 0x14c, false};
}

// Rewrites a PE32 fixture's delay descriptor into the old form (attributes 0,
// every pointer a virtual address, the name table entries too).
std::string toVaFormDelay(std::string bytes)
{
    const RawPe pe(bytes);
    const std::uint32_t dirRva = get32(bytes, pe.dirOffset(13));
    const auto desc = pe.fileOffset(dirRva);
    if (!desc)
        return {};
    const auto base = static_cast<std::uint32_t>(pe.imageBase);
    const std::uint32_t intRva = get32(bytes, *desc + 16);
    put32(bytes, *desc, 0);
    for (std::size_t field = 4; field < 28; field += 4)
        if (const std::uint32_t v = get32(bytes, *desc + field); v != 0)
            put32(bytes, *desc + field, v + base);
    auto thunk = pe.fileOffset(intRva);
    for (; thunk && get32(bytes, *thunk) != 0; *thunk += 4)
        if ((get32(bytes, *thunk) & 0x80000000U) == 0)
            put32(bytes, *thunk, get32(bytes, *thunk) + base);
    return bytes;
}

struct Fixture {
    std::unique_ptr<TempDir> dir;
    Toolchain tc;
    fs::path a, b, delay, version, manifest, apiSet, plain, exe;
    [[nodiscard]] std::vector<fs::path> all() const { return {a, b, delay, version, manifest, apiSet, plain, exe}; }
};

std::unique_ptr<Fixture> buildFixture(Arch arch)
{
    const auto tc = toolchain(arch);
    if (!tc)
        return nullptr;
    auto f = std::make_unique<Fixture>();
    f->tc = *tc;
    f->dir = std::make_unique<TempDir>("td-pe");
    const fs::path &d = f->dir->path();
    RunOptions in;
    in.workingDir = d;
    writeFile(d / "b.c", kBSource);
    writeFile(d / "b.def", kBDef);
    writeFile(d / "a.c", kASource);
    writeFile(d / "d.c", kDelaySource);
    writeFile(d / "v.rc", kVersionRc);
    writeFile(d / "m.rc", kManifestRc);
    writeFile(d / "m.manifest", kManifest);
    writeFile(d / "plain.c", kPlainSource);
    writeFile(d / "s.def", kApiSetDef);
    writeFile(d / "s.c", kApiSetSource);
    writeFile(d / "main.c", kMainSource);

    const std::string &cc = tc->cc;
    runOk({cc, "-shared", "-s", "-o", "b.dll", "b.c", "b.def"}, in);
    runOk({tc->dlltool, "-m", tc->machineFlag, "-d", "b.def", "-l", "libb.a"}, in);
    runOk({tc->dlltool, "-m", tc->machineFlag, "-d", "b.def", "--output-delaylib", "libbdelay.a"}, in);
    runOk({cc, "-shared", "-s", "-o", "a.dll", "a.c", "-L.", "-lb"}, in);
    runOk({cc, "-shared", "-s", "-o", "d.dll", "d.c", "-L.", "-lbdelay", "-Wl,-Map=d.map"}, in);
    runOk({config::mingw64Windres, "--target=" + tc->windresTarget, "-O", "coff", "-i", "v.rc", "-o", "v.res.o"}, in);
    runOk({cc, "-shared", "-s", "-o", "v.dll", "plain.c", "v.res.o"}, in);
    runOk({config::mingw64Windres, "--target=" + tc->windresTarget, "-O", "coff", "-i", "m.rc", "-o", "m.res.o"}, in);
    runOk({cc, "-shared", "-s", "-o", "m.dll", "plain.c", "m.res.o"}, in);
    runOk({cc, "-shared", "-s", "-o", "plain.dll", "plain.c"}, in);
    runOk({tc->dlltool, "-m", tc->machineFlag, "-d", "s.def", "-l", "libapiset.a"}, in);
    runOk({cc, "-shared", "-s", "-o", "s.dll", "s.c", "-L.", "-lapiset"}, in);
    runOk({cc, "-s", "-o", "main.exe", "main.c", "a.dll"}, in);

    f->a = d / "a.dll";
    f->b = d / "b.dll";
    f->delay = d / "d.dll";
    f->version = d / "v.dll";
    f->manifest = d / "m.dll";
    f->apiSet = d / "s.dll";
    f->plain = d / "plain.dll";
    f->exe = d / "main.exe";
    for (const fs::path &p : f->all())
        if (!fs::exists(p))
            return nullptr;
    pe::fillDelayDirectory(f->delay, d / "d.map");
    return f;
}

// Built once per test process and architecture.
const Fixture *fixture(Arch arch)
{
    static std::unique_ptr<Fixture> x64, x86;
    static bool builtX64 = false, builtX86 = false;
    auto &slot = arch == Arch::X64 ? x64 : x86;
    bool &built = arch == Arch::X64 ? builtX64 : builtX86;
    if (!built) {
        built = true;
        slot = buildFixture(arch);
    }
    return slot.get();
}

class PeFixtureTest : public ::testing::TestWithParam<Arch> {
protected:
    void SetUp() override
    {
        m_fixture = fixture(GetParam());
        if (!m_fixture)
            GTEST_SKIP() << "mingw-w64 toolchain (gcc, dlltool, windres) not found";
        if (HasFailure())
            GTEST_FAIL() << "fixture build failed";
    }
    const Fixture *m_fixture = nullptr;
};

void PrintTo(Arch arch, std::ostream *os)
{
    *os << (arch == Arch::X64 ? "x86_64" : "i686");
}

std::string archName(const ::testing::TestParamInfo<Arch> &info)
{
    return info.param == Arch::X64 ? "x86_64" : "i686";
}

// ---- a tiny hand-made PE for hostile cases --------------------------------

// PE32+ with one section (.data, RVA 0x1000, raw at 0x200) of `sectionSize`
// bytes; the caller fills the section and the data directories.
struct TinyPe {
    static constexpr std::size_t kPeOffset = 0x40, kOpt = kPeOffset + 24, kSectionRaw = 0x200;
    static constexpr std::uint32_t kSectionRva = 0x1000;
    std::string bytes;

    explicit TinyPe(std::uint32_t sectionSize = 0x1000) : bytes(kSectionRaw + sectionSize, '\0')
    {
        bytes[0] = 'M';
        bytes[1] = 'Z';
        put32(bytes, 60, kPeOffset);
        bytes.replace(kPeOffset, 4, std::string("PE\0\0", 4));
        put16(bytes, kPeOffset + 4, 0x8664);
        put16(bytes, kPeOffset + 6, 1);
        put16(bytes, kPeOffset + 20, 240);
        put16(bytes, kPeOffset + 22, 0x2022);
        put16(bytes, kOpt, 0x20b);
        put32(bytes, kOpt + 24, 0x10000000); // ImageBase (low half)
        put32(bytes, kOpt + 60, 0x200);      // SizeOfHeaders
        put16(bytes, kOpt + 68, 2);
        put32(bytes, kOpt + 108, 16);
        const std::size_t s = kOpt + 240;
        bytes.replace(s, 5, ".data");
        put32(bytes, s + 8, sectionSize);
        put32(bytes, s + 12, kSectionRva);
        put32(bytes, s + 16, sectionSize);
        put32(bytes, s + 20, kSectionRaw);
    }
    void dir(std::size_t index, std::uint32_t rva, std::uint32_t size)
    {
        put32(bytes, kOpt + 112 + 8 * index, rva);
        put32(bytes, kOpt + 112 + 8 * index + 4, size);
    }
    // Writes at an RVA inside the section.
    void at32(std::uint32_t rva, std::uint32_t v) { put32(bytes, kSectionRaw + (rva - kSectionRva), v); }
    void at16(std::uint32_t rva, std::uint16_t v) { put16(bytes, kSectionRaw + (rva - kSectionRva), v); }
    void atString(std::uint32_t rva, const std::string &s)
    {
        bytes.replace(kSectionRaw + (rva - kSectionRva), s.size() + 1, s + '\0');
    }
};

} // namespace

// ---- fixture tests -------------------------------------------------------------

TEST_P(PeFixtureTest, HeadersOfEveryFixture)
{
    for (const fs::path &p : m_fixture->all()) {
        const Parsed r = parseFile(p);
        EXPECT_EQ(r.error, "") << p;
        EXPECT_EQ(r.info.machine, m_fixture->tc.machine) << p;
        EXPECT_EQ(r.info.pe32Plus, m_fixture->tc.plus) << p;
        EXPECT_EQ(r.info.isDll(), p.extension() == ".dll") << p;
        EXPECT_EQ(td::bin::readBinaryFile(p.string()).format, td::bin::Format::Pe) << p;
    }
    const Parsed exe = parseFile(m_fixture->exe);
    EXPECT_EQ(exe.info.subsystem, 3) << "console subsystem";
    EXPECT_NE(findImport(exe.info, "a.dll", false), nullptr);
}

TEST_P(PeFixtureTest, ImportsByNameAndOrdinal)
{
    const Parsed r = parseFile(m_fixture->a);
    ASSERT_EQ(r.error, "");
    const PeImport *b = findImport(r.info, "b.dll", false);
    ASSERT_NE(b, nullptr);
    EXPECT_TRUE(contains(b->functions, "b_add"));
    EXPECT_EQ(b->ordinals, std::vector<std::uint16_t>{5});
    EXPECT_FALSE(contains(b->functions, "b_ord"));
    EXPECT_NE(findImport(r.info, "KERNEL32.dll", false), nullptr) << "the C runtime's own imports";
    EXPECT_EQ(r.info.exports, std::vector<std::string>{"a_run"});
}

TEST_P(PeFixtureTest, Exports)
{
    const Parsed r = parseFile(m_fixture->b);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(r.info.exportName, "b.dll");
    EXPECT_EQ(r.info.exports, (std::vector<std::string>{"b_add", "b_mul"}));
    EXPECT_EQ(r.info.exportCount, 5u) << "ordinals 1..5, the last one without a name";
}

TEST_P(PeFixtureTest, DelayLoadImports)
{
    const Parsed r = parseFile(m_fixture->delay);
    ASSERT_EQ(r.error, "");
    EXPECT_EQ(findImport(r.info, "b.dll", false), nullptr);
    const PeImport *b = findImport(r.info, "b.dll", true);
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->functions, std::vector<std::string>{"b_mul"});
    // Delay-load entries come after every normal one.
    bool seenDelay = false;
    for (const PeImport &imp : r.info.imports) {
        EXPECT_FALSE(seenDelay && !imp.delayLoad) << imp.dll;
        seenDelay = seenDelay || imp.delayLoad;
    }
}

TEST_P(PeFixtureTest, VersionResource)
{
    const Parsed r = parseFile(m_fixture->version);
    ASSERT_EQ(r.error, "");
    ASSERT_TRUE(r.info.fileVersion.has_value());
    ASSERT_TRUE(r.info.productVersion.has_value());
    EXPECT_EQ(r.info.fileVersion->toString(), "14.40.33810.0");
    EXPECT_EQ(*r.info.productVersion, (PeVersion{14, 40, 0, 1}));
    EXPECT_FALSE(r.info.hasManifest);
    EXPECT_FALSE(parseFile(m_fixture->plain).info.fileVersion.has_value());
}

TEST_P(PeFixtureTest, ManifestResource)
{
    const Parsed r = parseFile(m_fixture->manifest);
    ASSERT_EQ(r.error, "");
    EXPECT_TRUE(r.info.hasManifest);
    EXPECT_EQ(r.info.manifest, kManifest);
    EXPECT_FALSE(r.info.fileVersion.has_value());
    EXPECT_FALSE(parseFile(m_fixture->plain).info.hasManifest);
}

TEST_P(PeFixtureTest, ApiSetImport)
{
    const Parsed r = parseFile(m_fixture->apiSet);
    ASSERT_EQ(r.error, "");
    const PeImport *imp = findImport(r.info, "api-ms-win-core-synch-l1-2-0.dll", false);
    ASSERT_NE(imp, nullptr);
    EXPECT_EQ(imp->functions, std::vector<std::string>{"WaitOnAddress"});
}

TEST_P(PeFixtureTest, ObjdumpAgreesOnFixtures)
{
    if (!config::have(config::mingwObjdump))
        GTEST_SKIP() << "x86_64-w64-mingw32-objdump not found";
    int agreed = 0;
    for (const fs::path &p : m_fixture->all()) {
        const Parsed r = parseFile(p);
        ASSERT_EQ(r.error, "") << p;
        agreed += agreesWithObjdump(p, r.info) ? 1 : 0;
    }
    std::printf("objdump agreement on fixtures: %d of %zu\n", agreed, m_fixture->all().size());
}

TEST_P(PeFixtureTest, ReadsStayBoundedOnAHugeFile)
{
    const fs::path padded = m_fixture->dir->path() / "padded.dll";
    fs::copy_file(m_fixture->a, padded, fs::copy_options::overwrite_existing);
    const auto size = fs::file_size(padded);
    fs::resize_file(padded, size + 200ULL * 1024 * 1024); // a sparse tail
    const Parsed plain = parseFile(m_fixture->a);
    const Parsed r = parseFile(padded);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(importNames(r.info, false), importNames(plain.info, false));
    EXPECT_EQ(r.info.exports, plain.info.exports);
    EXPECT_LT(r.bytesRead, 1024u * 1024u);
    std::printf("bytes read: %llu of a %llu-byte file\n", static_cast<unsigned long long>(r.bytesRead),
                static_cast<unsigned long long>(fs::file_size(padded)));
    fs::remove(padded);
}

TEST_P(PeFixtureTest, EveryTruncationReturns)
{
    for (const fs::path &p : {m_fixture->a, m_fixture->version}) {
        const std::string bytes = readFile(p);
        std::size_t errors = 0;
        for (std::size_t len = 0; len < bytes.size(); ++len) {
            const Parsed r = parseBytes(bytes.substr(0, len));
            if (!r.error.empty())
                ++errors;
            ASSERT_LE(r.bytesRead, 2 * bytes.size() + 64 * 1024) << len;
        }
        EXPECT_GT(errors, 0u);
        std::printf("%s: %zu prefixes, %zu with an error\n", p.filename().c_str(), bytes.size(), errors);
    }
}

TEST_P(PeFixtureTest, BitFlipsReturn)
{
    for (const fs::path &p : {m_fixture->a, m_fixture->delay, m_fixture->version, m_fixture->manifest}) {
        const std::string original = readFile(p);
        std::uint64_t state = 0x9e3779b97f4a7c15ULL;
        auto next = [&state] {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            return state >> 33;
        };
        std::size_t errors = 0;
        for (int i = 0; i < 1500; ++i) {
            std::string bytes = original;
            // Mostly the headers and tables near the start, some anywhere.
            const std::uint64_t span = (i % 3 == 0) ? original.size() : std::min<std::size_t>(original.size(), 4096);
            for (int flips = 1 + static_cast<int>(next() % 4); flips > 0; --flips) {
                const auto at = static_cast<std::size_t>(next() % span);
                bytes[at] = static_cast<char>(bytes[at] ^ (1 << (next() % 8)));
            }
            const Parsed r = parseBytes(bytes);
            if (!r.error.empty())
                ++errors;
        }
        std::printf("%s: 1500 mutants, %zu with an error\n", p.filename().c_str(), errors);
    }
}

INSTANTIATE_TEST_SUITE_P(Mingw, PeFixtureTest, ::testing::Values(Arch::X64, Arch::X86), archName);

TEST(PeDelayLoad, OldVirtualAddressForm)
{
    // Only PE32 images can hold the old form's 32-bit virtual addresses.
    const Fixture *f = fixture(Arch::X86);
    if (!f)
        GTEST_SKIP() << "i686 mingw-w64 toolchain not found";
    const std::string bytes = toVaFormDelay(readFile(f->delay));
    ASSERT_FALSE(bytes.empty());
    const Parsed r = parseBytes(bytes);
    ASSERT_EQ(r.error, "");
    const PeImport *b = findImport(r.info, "b.dll", true);
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->functions, std::vector<std::string>{"b_mul"});
}

// ---- Wine's PE DLLs ------------------------------------------------------------

namespace {

std::vector<fs::path> winePeFiles()
{
    std::vector<fs::path> files;
    for (const char *sub : {"x86_64-windows", "i386-windows"}) {
        const fs::path d = fs::path(config::wineDllDir) / sub;
        std::error_code ec;
        if (!fs::is_directory(d, ec))
            continue;
        for (const auto &e : fs::directory_iterator(d, ec))
            if (e.is_regular_file() && isPeFile(e.path()))
                files.push_back(e.path());
    }
    std::sort(files.begin(), files.end());
    return files;
}

} // namespace

TEST(PeWine, EveryWinePeFileParses)
{
    const auto files = winePeFiles();
    if (files.empty())
        GTEST_SKIP() << "no Wine PE DLLs under " << config::wineDllDir;
    std::size_t parsed = 0, withImports = 0, withVersion = 0, withExports = 0;
    for (const fs::path &p : files) {
        const Parsed r = parseFile(p);
        EXPECT_EQ(r.error, "") << p;
        if (!r.error.empty())
            continue;
        ++parsed;
        withImports += r.info.imports.empty() ? 0u : 1u;
        withExports += r.info.exports.empty() ? 0u : 1u;
        withVersion += r.info.fileVersion ? 1u : 0u;
        EXPECT_TRUE(r.info.machine == 0x8664 || r.info.machine == 0x14c) << p;
    }
    std::printf("Wine PE files parsed cleanly: %zu of %zu (%zu with imports, %zu with exports, "
                "%zu with a version resource)\n",
                parsed, files.size(), withImports, withExports, withVersion);
    EXPECT_GE(files.size(), 100u);
}

TEST(PeWine, ObjdumpAgreesOnASampleOfWineDlls)
{
    if (!config::have(config::mingwObjdump))
        GTEST_SKIP() << "x86_64-w64-mingw32-objdump not found";
    const auto files = winePeFiles();
    if (files.empty())
        GTEST_SKIP() << "no Wine PE DLLs under " << config::wineDllDir;
    // Every third file, and every file of a folder holding few.
    std::vector<fs::path> sample;
    std::map<fs::path, std::size_t> perFolder;
    for (const fs::path &p : files)
        ++perFolder[p.parent_path()];
    for (std::size_t i = 0; i < files.size(); ++i)
        if (i % 3 == 0 || perFolder[files[i].parent_path()] < 50)
            sample.push_back(files[i]);
    std::size_t agreed = 0, dlls = 0;
    for (const fs::path &p : sample) {
        const Parsed r = parseFile(p);
        ASSERT_EQ(r.error, "") << p;
        agreed += agreesWithObjdump(p, r.info) ? 1u : 0u;
        dlls += r.info.imports.size();
    }
    std::printf("objdump agreement on Wine PE files: %zu of %zu (%zu import entries compared)\n", agreed, sample.size(),
                dlls);
    EXPECT_GE(sample.size(), std::min<std::size_t>(150, files.size()));
}

// ---- hostile input ----------------------------------------------------------------

TEST(PeHostile, TinyAndBrokenHeaders)
{
    EXPECT_NE(parseBytes("").error, "");
    EXPECT_NE(parseBytes("MZ").error, "");
    EXPECT_NE(parseBytes("ELF!").error, "");

    std::string lfanew(64, '\0');
    lfanew[0] = 'M';
    lfanew[1] = 'Z';
    put32(lfanew, 60, 0xfffffff0U);
    EXPECT_NE(parseBytes(lfanew).error, "");

    TinyPe ok;
    EXPECT_EQ(parseBytes(ok.bytes).error, "");

    TinyPe sections;
    put16(sections.bytes, TinyPe::kPeOffset + 6, 0xffff);
    EXPECT_EQ(parseBytes(sections.bytes).error, "too many sections");

    TinyPe magic;
    put16(magic.bytes, TinyPe::kOpt, 0x107);
    EXPECT_NE(parseBytes(magic.bytes).error, "");

    TinyPe dirs; // NumberOfRvaAndSizes far beyond the optional header
    put32(dirs.bytes, TinyPe::kOpt + 108, 0xffffffffU);
    EXPECT_EQ(parseBytes(dirs.bytes).error, "");

    TinyPe outside; // a directory outside every section
    outside.dir(1, 0x7fff0000, 0x100);
    EXPECT_NE(parseBytes(outside.bytes).error, "");

    TinyPe rawPastEnd; // raw data claimed beyond the end of the file
    put32(rawPastEnd.bytes, TinyPe::kOpt + 240 + 16, 0x7fffffff);
    rawPastEnd.dir(0, 0x1000, 40);
    rawPastEnd.at32(0x1000 + 24, 0x4000000);
    rawPastEnd.at32(0x1000 + 32, 0x1100);
    EXPECT_NE(parseBytes(rawPastEnd.bytes).error, "");
}

TEST(PeHostile, ImportDescriptorsThatNeverEnd)
{
    // Every descriptor is the same, the table runs to the end of the section,
    // and each thunk array points back into the table.
    TinyPe pe(0x10000);
    pe.dir(1, 0x1000, 0x100);
    for (std::uint32_t rva = 0x1000; rva + 20 <= 0x1000 + 0x10000; rva += 20) {
        pe.at32(rva, 0x1000);      // OriginalFirstThunk: the table itself
        pe.at32(rva + 12, 0x1000); // Name: the table bytes
        pe.at32(rva + 16, 0x1000); // FirstThunk
    }
    const Parsed r = parseBytes(pe.bytes);
    EXPECT_NE(r.error, "");
    EXPECT_LE(r.info.imports.size(), 4096u);
}

TEST(PeHostile, HugeThunkArraysAreCapped)
{
    // Two descriptors share one thunk array that fills the section with
    // pointers to the same name.
    TinyPe pe(0x100000);
    pe.dir(1, 0x1000, 60);
    for (std::uint32_t i = 0; i < 2; ++i) {
        pe.at32(0x1000 + 20 * i, 0x2000);
        pe.at32(0x1000 + 20 * i + 12, 0x1100);
        pe.at32(0x1000 + 20 * i + 16, 0x2000);
    }
    pe.atString(0x1100, "loop.dll");
    pe.atString(0x1202, "f");
    for (std::uint32_t rva = 0x2000; rva + 8 <= 0x1000 + 0x100000; rva += 8)
        pe.at32(rva, 0x1200);
    const Parsed r = parseBytes(pe.bytes);
    ASSERT_EQ(r.info.imports.size(), 2u) << r.error;
    EXPECT_LE(r.info.imports[0].functions.size(), 65536u);
}

TEST(PeHostile, ResourceDirectoryCycle)
{
    TinyPe pe;
    pe.dir(2, 0x1000, 0x100);
    pe.at16(0x1000 + 14, 1);           // one ID entry
    pe.at32(0x1000 + 16, 16);          // RT_VERSION
    pe.at32(0x1000 + 20, 0x80000000U); // a subdirectory: the root again
    EXPECT_EQ(parseBytes(pe.bytes).error, "resource directory loop");

    TinyPe deep; // type -> name -> language -> another directory
    deep.dir(2, 0x1000, 0x100);
    for (std::uint32_t level = 0; level < 4; ++level) {
        const std::uint32_t at = 0x1000 + 0x20 * level;
        deep.at16(at + 14, 1);
        deep.at32(at + 16, 24);
        deep.at32(at + 20, 0x80000000U | (0x20 * (level + 1)));
    }
    const Parsed r = parseBytes(deep.bytes);
    EXPECT_FALSE(r.info.hasManifest) << r.error;

    TinyPe huge; // a directory that claims 131070 entries
    huge.dir(2, 0x1000, 0x100);
    huge.at16(0x1000 + 12, 0xffff);
    huge.at16(0x1000 + 14, 0xffff);
    EXPECT_NE(parseBytes(huge.bytes).error, "");
}

TEST(PeHostile, ExportAndDelayTablesOutOfRange)
{
    TinyPe exports;
    exports.dir(0, 0x1000, 40);
    exports.at32(0x1000 + 20, 0xffffffffU);
    exports.at32(0x1000 + 24, 0xffffffffU); // NumberOfNames
    exports.at32(0x1000 + 32, 0x1100);
    EXPECT_EQ(parseBytes(exports.bytes).error, "bad export name count");

    TinyPe delay; // the VA form with a pointer below the image base
    delay.dir(13, 0x1000, 64);
    delay.at32(0x1000, 0);
    delay.at32(0x1000 + 4, 0x100);
    EXPECT_NE(parseBytes(delay.bytes).error, "");

    TinyPe names; // a name running to the end of the file without a NUL
    names.dir(0, 0x1000, 40);
    names.at32(0x1000 + 12, 0x1100);
    for (std::size_t i = TinyPe::kSectionRaw + 0x100; i < names.bytes.size(); ++i)
        names.bytes[i] = 'x';
    put32(names.bytes, TinyPe::kOpt + 240 + 8, 0x1000); // no zero fill after the raw data
    EXPECT_EQ(parseBytes(names.bytes).error, "bad export name");
}
