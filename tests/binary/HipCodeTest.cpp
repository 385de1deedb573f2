// SPDX-License-Identifier: GPL-3.0-or-later
// The offload bundle reader: bundles made at test time by LLVM's clang-offload-bundler, in an ELF
// library (cc) and a PE DLL (mingw-w64), plain and compressed (the zstd program), judged against the
// targets given and against `clang-offload-bundler -list`; bitsandbytes' real ROCm libraries from
// the corpus; damaged input; the rules of which GPU runs which target.
#include "Corpus.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include "binary/HipCode.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace td::test;
using td::bin::HipCode;
using td::bin::HipTarget;

namespace {

using Lists = std::vector<std::vector<std::string>>; // target IDs, sorted, one list per bundle

void put(std::string &out, std::uint64_t value, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out += static_cast<char>(i < 8 ? (value >> (8 * i)) & 0xff : 0);
}

void padTo(std::string &bytes, std::size_t align)
{
    bytes.resize((bytes.size() + align - 1) / align * align, '\0');
}

// An uncompressed bundle laid out as clang-offload-bundler lays one out (the tests below check
// that the bundler lists it so): header, then each entry's bytes aligned to 4 KiB.
std::string makeBundle(const std::vector<std::pair<std::string, std::string>> &entries)
{
    std::string head = "__CLANG_OFFLOAD_BUNDLE__";
    put(head, entries.size(), 8);
    std::size_t headerSize = head.size();
    for (const auto &e : entries)
        headerSize += 24 + e.first.size();
    std::string body(headerSize, '\0');
    std::vector<std::uint64_t> offsets;
    for (const auto &e : entries) {
        padTo(body, 4096);
        offsets.push_back(body.size());
        body += e.second;
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        put(head, offsets[i], 8);
        put(head, entries[i].second.size(), 8);
        put(head, entries[i].first.size(), 8);
        head += entries[i].first;
    }
    return head + body.substr(head.size());
}

// A zstd frame of raw (stored) blocks: what any zstd decoder reads, made without a compressor.
std::string zstdStored(const std::string &data)
{
    std::string out;
    put(out, 0xFD2FB528, 4);
    out += '\0';           // no content size, no checksum, no dictionary: a window descriptor follows
    out += '\x38';         // window 128 KiB, the largest block
    std::size_t at = 0;
    do {
        const std::size_t n = std::min<std::size_t>(data.size() - at, 128 * 1024);
        const bool last = at + n == data.size();
        put(out, (n << 3) | (last ? 1 : 0), 3); // block type 0: raw
        out += data.substr(at, n);
        at += n;
    } while (at < data.size());
    return out;
}

// A compressed bundle: "CCOB" and the header of `version` around a compressed stream.
std::string ccob(unsigned version, const std::string &stream, std::uint64_t rawSize, unsigned method = 1,
                 std::uint64_t totalSize = 0)
{
    std::string out = "CCOB";
    put(out, version, 2);
    put(out, method, 2);
    const std::size_t header = version == 1 ? 20 : version == 2 ? 24 : 32;
    const std::uint64_t total = totalSize ? totalSize : header + stream.size();
    if (version == 2)
        put(out, total, 4);
    if (version == 3)
        put(out, total, 8);
    put(out, rawSize, version == 3 ? 8 : 4);
    out += "hashhash";
    return out + stream;
}

// Bundles one after another, each aligned to 4 KiB, as the linker lays out a .hip_fatbin section.
std::string section(const std::vector<std::string> &bundles)
{
    std::string out;
    for (const auto &b : bundles) {
        padTo(out, 4096);
        out += b;
    }
    return out;
}

// A minimal ELF64 shared object whose only section (but the names) holds `data`.
std::string elfWith(const std::string &name, const std::string &data)
{
    const std::string names = std::string("\0", 1) + name + '\0' + ".shstrtab" + '\0';
    const std::uint64_t dataAt = 4096, namesAt = dataAt + data.size(), shoff = (namesAt + names.size() + 7) / 8 * 8;
    std::string elf("\x7f" "ELF\x02\x01\x01", 7);
    elf.resize(16, '\0');
    put(elf, 3, 2);  // ET_DYN
    put(elf, 62, 2); // x86-64
    put(elf, 1, 4);
    put(elf, 0, 8);      // entry
    put(elf, 0, 8);      // program headers
    put(elf, shoff, 8);
    put(elf, 0, 4);
    put(elf, 64, 2);     // header size
    put(elf, 56, 2);
    put(elf, 0, 2);
    put(elf, 64, 2);     // section header size
    put(elf, 3, 2);      // sections
    put(elf, 2, 2);      // the names' section
    elf.resize(dataAt, '\0');
    elf += data + names;
    elf.resize(shoff, '\0');
    auto header = [&](std::uint32_t nameAt, std::uint64_t offset, std::uint64_t size, std::uint32_t type) {
        put(elf, nameAt, 4);
        put(elf, type, 4);
        put(elf, 0, 16);
        put(elf, offset, 8);
        put(elf, size, 8);
        put(elf, 0, 24);
    };
    header(0, 0, 0, 0);
    header(1, dataAt, data.size(), 1);                        // PROGBITS
    header(static_cast<std::uint32_t>(name.size() + 2), namesAt, names.size(), 3); // STRTAB
    return elf;
}

std::string readError(const std::string &bytes, HipCode &code)
{
    td::bin::MemoryByteSource src(bytes);
    return td::bin::readHipCode(src, code);
}

// The reader's targets, one sorted list per bundle.
Lists perBundle(const HipCode &code)
{
    Lists out(code.bundles);
    for (const HipTarget &t : code.targets) {
        EXPECT_LT(t.bundle, code.bundles);
        if (t.bundle < out.size())
            out[t.bundle].push_back(t.id());
    }
    for (auto &l : out)
        std::sort(l.begin(), l.end());
    return out;
}

std::string describe(const Lists &lists)
{
    std::string out;
    for (std::size_t i = 0; i < lists.size(); ++i) {
        out += "bundle " + std::to_string(i) + ":";
        for (const auto &id : lists[i])
            (out += ' ') += id;
        out += "\n";
    }
    return out;
}

const std::vector<std::string> kSetA = {"hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", "hipv4-amdgcn-amd-amdhsa--gfx1100"};
const std::vector<std::string> kSetB = {"hip-amdgcn-amd-amdhsa-gfx906",
                                        "hipv4-amdgcn-amd-amdhsa--gfx942:sramecc+:xnack-",
                                        "hipv4-amdgcn-amd-amdhsa--gfx11-generic", "hipv4-amdgcn-amd-amdhsa--gfx1030"};
const std::vector<std::string> kIdsA = {"gfx1100", "gfx90a:xnack-"};
const std::vector<std::string> kIdsB = {"gfx1030", "gfx11-generic", "gfx906", "gfx942:sramecc+:xnack-"};

// A program by absolute path or on PATH; "" when absent.
std::string findProgram(const std::vector<std::string> &candidates)
{
    for (const std::string &c : candidates) {
        if (c.find('/') != std::string::npos) {
            if (fs::exists(c))
                return c;
            continue;
        }
        const char *path = std::getenv("PATH");
        std::string dirs = path ? path : "";
        for (std::size_t at = 0; at <= dirs.size();) {
            const std::size_t colon = std::min(dirs.find(':', at), dirs.size());
            const fs::path full = fs::path(dirs.substr(at, colon - at)) / c;
            if (colon > at && fs::exists(full))
                return full.string();
            at = colon + 1;
        }
    }
    return {};
}

class HipBuilt : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        s_dir = std::make_unique<TempDir>("td-hip");
        s_bundler = findProgram({"/usr/lib/llvm-14/bin/clang-offload-bundler", "clang-offload-bundler"});
        s_zstd = findProgram({"zstd"});
        writeFile(s_dir->path() / "plain.c", "int plain(void) { return 1; }\n");
        std::string large; // several zstd blocks
        for (unsigned i = 0, x = 1; i < 600 * 1024; ++i, x = x * 1103515245U + 12345U)
            large += static_cast<char>(x >> 24);
        writeFile(s_dir->path() / "large.o", large);
        writeFile(s_dir->path() / "small.o", "device code");
    }
    static void TearDownTestSuite() { s_dir.reset(); }
    void SetUp() override
    {
        ASSERT_FALSE(s_bundler.empty()) << "clang-offload-bundler not found (Debian: apt-get install clang-tools-14)";
        ASSERT_FALSE(s_zstd.empty()) << "the zstd program not found (Debian: apt-get install zstd)";
        ASSERT_TRUE(config::have(config::cc)) << "no C compiler";
    }

    static fs::path path(const std::string &name) { return s_dir->path() / name; }

    // A bundle of these targets (and the host's empty entry) made by clang-offload-bundler.
    static fs::path bundle(const std::string &name, const std::vector<std::string> &targets)
    {
        std::string list = "host-x86_64-unknown-linux", inputs = "/dev/null";
        for (std::size_t i = 0; i < targets.size(); ++i) {
            (list += ',') += targets[i]; // not "," + s: GCC 12's -Wrestrict misfires on it at -O3
            (inputs += ',') += path(i == 0 ? "large.o" : "small.o").string();
        }
        const fs::path out = path(name + ".hipfb");
        runOk({s_bundler, "-type=o", "-bundle-align=4096", "-targets=" + list, "-inputs=" + inputs,
               "-outputs=" + out.string()});
        return out;
    }

    // What the bundler lists, as target IDs (the part after the triple), sorted; the host left out.
    static std::vector<std::string> bundlerList(const fs::path &bundle)
    {
        std::vector<std::string> ids;
        for (const std::string &line : lines(runOk({s_bundler, "-list", "-type=o", "-inputs=" + bundle.string()}))) {
            const auto amdhsa = line.find("amdhsa-");
            if (line.rfind("host-", 0) == 0 || amdhsa == std::string::npos)
                continue;
            std::string id = line.substr(amdhsa + 7);
            ids.push_back(id[0] == '-' ? id.substr(1) : id);
        }
        std::sort(ids.begin(), ids.end());
        return ids;
    }

    // An ELF shared library (cc) with these bytes, 4 KiB-aligned, in its .hip_fatbin section.
    static fs::path elfLibrary(const std::string &name, const std::vector<fs::path> &pieces)
    {
        std::string s = ".section .hip_fatbin,\"a\"\n";
        for (const fs::path &p : pieces)
            s += ".p2align 12\n.incbin \"" + p.string() + "\"\n";
        writeFile(path(name + ".s"), s + ".section .note.GNU-stack,\"\",@progbits\n");
        const fs::path lib = path("lib" + name + ".so");
        runOk({config::cc, "-shared", "-fPIC", "-o", lib.string(), path("plain.c").string(),
               path(name + ".s").string()});
        return lib;
    }

    static HipCode read(const fs::path &lib)
    {
        HipCode code;
        EXPECT_EQ(td::bin::readHipCodeFile(lib.string(), code), "") << lib;
        return code;
    }

    static inline std::unique_ptr<TempDir> s_dir;
    static inline std::string s_bundler, s_zstd;
};

} // namespace

TEST_F(HipBuilt, BundlesInAnElfLibraryAreListedAsBundledAndAsTheBundlerListsThem)
{
    const fs::path a = bundle("a", kSetA), b = bundle("b", kSetB);
    ASSERT_EQ(bundlerList(a), kIdsA); // the oracle agrees with the targets given
    ASSERT_EQ(bundlerList(b), kIdsB);
    const HipCode code = read(elfLibrary("two", {a, b}));
    EXPECT_EQ(code.bundles, 2u);
    EXPECT_EQ(code.compressed, 0u);
    EXPECT_FALSE(code.truncated);
    EXPECT_EQ(perBundle(code), (Lists{kIdsA, kIdsB})) << describe(perBundle(code));
    EXPECT_EQ(code.processors(),
              (std::vector<std::string>{"gfx906", "gfx90a", "gfx942", "gfx1030", "gfx11-generic", "gfx1100"}));
}

TEST_F(HipBuilt, TheTestsBundleLayoutIsOneTheBundlerReads)
{
    const std::string bytes = makeBundle({{"host-x86_64-unknown-linux", ""},
                                          {"hipv4-amdgcn-amd-amdhsa--gfx1151", "code"},
                                          {"hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+", "more code"}});
    writeFile(path("made.hipfb"), bytes);
    EXPECT_EQ(bundlerList(path("made.hipfb")), (std::vector<std::string>{"gfx1151", "gfx90a:xnack+"}));
    HipCode code;
    EXPECT_EQ(readError(elfWith(".hip_fatbin", bytes), code), "");
    EXPECT_EQ(perBundle(code), (Lists{{"gfx1151", "gfx90a:xnack+"}}));
}

TEST_F(HipBuilt, APeDllsHipFatSectionIsRead)
{
    ASSERT_TRUE(config::have(config::mingw64Cc)) << "x86_64-w64-mingw32-gcc not found (Debian: mingw-w64)";
    const fs::path a = bundle("pe-a", kSetA), b = bundle("pe-b", kSetB);
    writeFile(path("pe.s"), ".section .hip_fat,\"dr\"\n.p2align 12\n.incbin \"" + a.string()
                                + "\"\n.p2align 12\n.incbin \"" + b.string() + "\"\n");
    const fs::path dll = path("hip.dll");
    runOk({config::mingw64Cc, "-shared", "-nostdlib", "-Wl,--entry=0", "-o", dll.string(), path("pe.s").string()});
    const HipCode code = read(dll);
    EXPECT_EQ(code.bundles, 2u);
    EXPECT_EQ(perBundle(code), (Lists{bundlerList(a), bundlerList(b)})) << describe(perBundle(code));
    EXPECT_TRUE(read(elfLibrary("none", {})).empty()); // an empty section: nothing, no error
}

// zstd-compressed bundles in CCOB versions 1, 2 and 3 (and a zlib one), between plain ones: each
// lists what the bundler lists for the bundle before compression.
TEST_F(HipBuilt, CompressedBundlesListWhatTheBundlerListsUncompressed)
{
    const fs::path a = bundle("c-a", kSetA), b = bundle("c-b", kSetB);
    runOk({s_zstd, "-q", "-f", "-19", a.string(), "-o", path("c-a.zst").string()});
    runOk({s_zstd, "-q", "-f", b.string(), "-o", path("c-b.zst").string()});
    const std::string za = readFile(path("c-a.zst")), zb = readFile(path("c-b.zst"));
    const std::string rawA = readFile(a), rawB = readFile(b);
    ASSERT_GT(rawA.size(), 128u * 1024); // more than one zstd block
    // zlib, as LLVM built without zstd writes it: the test's own stored zlib stream.
    std::string zlibB = "\x78\x01";
    for (std::size_t at = 0; at < rawB.size();) {
        const std::size_t n = std::min<std::size_t>(rawB.size() - at, 65535);
        zlibB += static_cast<char>(at + n == rawB.size() ? 1 : 0);
        put(zlibB, n, 2);
        put(zlibB, ~n & 0xffff, 2);
        zlibB += rawB.substr(at, n);
        at += n;
    }
    put(zlibB, 0, 4); // the Adler-32 is not checked before the header is read
    const std::string fatbin = section({ccob(2, za, rawA.size()), ccob(3, zb, rawB.size()), rawA,
                                        ccob(1, za, rawA.size()), ccob(2, zlibB, rawB.size(), 0), rawB});
    writeFile(path("compressed.bin"), fatbin);
    const HipCode code = read(elfLibrary("compressed", {path("compressed.bin")}));
    EXPECT_EQ(code.bundles, 6u);
    EXPECT_EQ(code.compressed, 4u);
    EXPECT_FALSE(code.truncated);
    const auto listA = bundlerList(a), listB = bundlerList(b);
#if defined(TD_HAVE_ZSTD) && defined(TD_HAVE_ZLIB)
    EXPECT_EQ(code.compressedUnread, 0u);
    EXPECT_EQ(perBundle(code), (Lists{listA, listB, listA, listA, listB, listB})) << describe(perBundle(code));
#else
    // Built without a decompressor: the compressed bundles are counted, their targets unknown.
    EXPECT_GT(code.compressedUnread, 0u);
    const Lists lists = perBundle(code);
    EXPECT_EQ(lists[2], listA);
    EXPECT_EQ(lists[5], listB);
#endif
}

// bitsandbytes 0.50.2's ROCm libraries (ROCm 6.4, CCOB version 2; ROCm 7.2, version 3). The oracle:
// each compressed bundle cut out of the section, decompressed by the zstd program and listed by
// clang-offload-bundler.
TEST_F(HipBuilt, BitsandbytesRocmLibrariesListWhatTheBundlerListsOfEachBundle)
{
    const std::string wheel = "bitsandbytes-0.50.2-manylinux_2_24_x86_64";
    ASSERT_TRUE(corpus::has({wheel}));
    for (const std::string name : {"libbitsandbytes_rocm64.so", "libbitsandbytes_rocm72.so"}) {
        SCOPED_TRACE(name);
        const fs::path lib = corpus::folder(wheel) / "bitsandbytes" / name;
        std::string error;
        auto src = td::bin::FileByteSource::open(lib.string(), error);
        ASSERT_TRUE(src) << error;
        HipCode code;
        EXPECT_EQ(td::bin::readHipCode(*src, code), "");
        EXPECT_LT(src->bytesRead(), src->size() / 2); // the headers only, not the code
        const fs::path fatbin = path(name + ".hip_fatbin");
        runOk({"objcopy", "-O", "binary", "--only-section=.hip_fatbin", lib.string(), fatbin.string()});
        const std::string bytes = readFile(fatbin);
        Lists oracle;
        for (std::size_t at = 0; at + 32 <= bytes.size(); at += 4096) {
            if (bytes.compare(at, 4, "CCOB") != 0)
                continue;
            const int version = bytes[at + 4];
            std::uint64_t total = 0;
            for (std::size_t i = version == 3 ? 8 : 4; i > 0; --i)
                total = total << 8 | static_cast<unsigned char>(bytes[at + 7 + i]);
            const std::size_t header = version == 3 ? 32 : 24;
            const fs::path z = path(name + std::to_string(oracle.size()) + ".zst");
            writeFile(z, bytes.substr(at + header, total - header));
            const fs::path raw = path(name + std::to_string(oracle.size()) + ".bundle");
            runOk({s_zstd, "-q", "-d", "-f", z.string(), "-o", raw.string()});
            oracle.push_back(bundlerList(raw));
            fs::remove(raw);
        }
        ASSERT_FALSE(oracle.empty());
        EXPECT_EQ(code.bundles, oracle.size());
        EXPECT_EQ(code.compressed, oracle.size());
        std::printf("[ HIP      ] %s: %zu compressed bundles\n%s", name.c_str(), oracle.size(),
                    describe(oracle).c_str());
#ifdef TD_HAVE_ZSTD
        EXPECT_EQ(perBundle(code), oracle) << describe(perBundle(code));
#else
        EXPECT_EQ(code.compressedUnread, oracle.size());
#endif
    }
}

TEST(HipDamage, ALibraryWithoutOffloadBundlesHasNone)
{
    HipCode code;
    EXPECT_EQ(readError(elfWith(".text", "\x90\x90\xc3"), code), "");
    EXPECT_TRUE(code.empty());
    EXPECT_EQ(readError("just some text, no magic", code), "");
    EXPECT_TRUE(code.empty());
    EXPECT_EQ(readError(elfWith(".hip_fatbin", std::string(8192, '\0')), code), ""); // padding alone
    EXPECT_TRUE(code.empty());
    EXPECT_EQ(readError(elfWith(".hip_fatbin.x", makeBundle({{"hipv4-amdgcn-amd-amdhsa--gfx1100", "x"}})), code), "");
    EXPECT_TRUE(code.empty()); // the name must match whole
}

TEST(HipDamage, DamagedBundlesGiveAnErrorAndKeepWhatWasRead)
{
    const std::string good = makeBundle({{"host-x86_64-unknown-linux", ""}, {"hipv4-amdgcn-amd-amdhsa--gfx1100", "x"}});
    HipCode code;
    auto expectError = [&](const std::string &bundle, const std::string &words) {
        const std::string err = readError(elfWith(".hip_fatbin", section({good, bundle})), code);
        EXPECT_NE(err.find(words), std::string::npos) << err;
        EXPECT_TRUE(code.truncated);
        EXPECT_EQ(code.ids(), std::vector<std::string>{"gfx1100"}); // the first bundle's target is kept
    };
    expectError(good.substr(0, 10), "no offload bundle");
    expectError(good.substr(0, 40), "more than the bundle can hold"); // cut in the header
    const std::size_t second = 32 + 24 + std::strlen("host-x86_64-unknown-linux"); // the second entry
    expectError(good.substr(0, second + 10), "beyond its bundle"); // the host entry's offset is past the cut
    std::string bad = good;
    bad[24 + 7] = '\x10'; // 2^60 entries
    expectError(bad, "more than the bundle can hold");
    bad = good;
    bad[second + 8 + 5] = '\x7f'; // the second entry's size
    expectError(bad, "entry 1 lies beyond its bundle");
    bad = good;
    bad[second + 16 + 3] = '\x7f'; // the second entry's id length
    expectError(bad, "entry id of");
    expectError("garbage", "no offload bundle");

    // Every cut of a section of plain and compressed bundles: an error or a result, never a crash or
    // an over-read (ASan runs this too).
    const std::string stored = zstdStored(good);
    const std::string fat = section({good, ccob(2, stored, good.size()), ccob(1, stored, good.size()), good});
    for (std::size_t cut = 0; cut < fat.size(); cut += 7) {
        const std::string err = readError(elfWith(".hip_fatbin", fat.substr(0, cut)), code);
        EXPECT_TRUE(err.empty() || code.truncated) << err;
    }
    EXPECT_EQ(readError(elfWith(".hip_fatbin", fat), code), "");
    EXPECT_EQ(code.bundles, 4u);
}

TEST(HipDamage, CompressedBundlesWhoseSizesLieGiveAnError)
{
    const std::string good = makeBundle({{"host-x86_64-unknown-linux", ""}, {"hipv4-amdgcn-amd-amdhsa--gfx942", "x"}});
    const std::string stream = zstdStored(good);
    HipCode code;
    auto error = [&](const std::string &bundle) {
        return readError(elfWith(".hip_fatbin", section({good, bundle})), code);
    };
    EXPECT_EQ(error(ccob(2, stream, good.size())), "");
#ifdef TD_HAVE_ZSTD
    EXPECT_EQ(code.ids(), std::vector<std::string>{"gfx942"});
    EXPECT_EQ(code.targets.size(), 2u);
#else
    EXPECT_EQ(code.compressedUnread, 1u);
#endif
    EXPECT_NE(error(ccob(2, stream, good.size(), 1, 1U << 30)).find("does not fit"), std::string::npos);
    EXPECT_NE(error(ccob(3, stream, good.size(), 1, 8)).find("does not fit"), std::string::npos);
    EXPECT_NE(error(ccob(9, stream, good.size())).find("unknown version"), std::string::npos);
    EXPECT_NE(error(std::string("CCOB\x02\0", 6)).find("truncated header"), std::string::npos);
    EXPECT_TRUE(code.truncated);
#ifdef TD_HAVE_ZSTD
    EXPECT_NE(error(ccob(2, stream, 16)).find("truncated header"), std::string::npos); // raw size too small
    EXPECT_NE(error(ccob(2, stream.substr(0, 40), good.size())).find("truncated"), std::string::npos);
    const std::string reservedBlock = stream.substr(0, 6) + std::string("\x07\0\0", 3) + std::string(300, 'z');
    EXPECT_NE(error(ccob(2, reservedBlock, good.size())).find("damaged zstd"), std::string::npos);
    // A header of more than a megabyte is not decompressed further.
    std::vector<std::pair<std::string, std::string>> many(20000, {"hipv4-amdgcn-amd-amdhsa--gfx1100", ""});
    const std::string huge = makeBundle(many);
    EXPECT_NE(error(ccob(3, zstdStored(huge), huge.size())).find("larger than 1 MiB"), std::string::npos);
#endif
    // Unknown methods and version 1 zlib streams are counted, their targets not known.
    EXPECT_EQ(error(ccob(2, stream, good.size(), 7)), "");
    EXPECT_EQ(code.compressedUnread, 1u);
    EXPECT_EQ(code.bundles, 2u);
}

TEST(HipTarget, ProcessorsSortByVersion)
{
    HipCode code;
    for (const char *p : {"gfx1100", "gfx90a", "gfx803", "gfx1030", "gfx900", "gfx90a", "gfx10-3-generic", "gfx942"})
        code.targets.push_back(HipTarget{p, "", 0});
    code.targets.push_back(HipTarget{"gfx90a", ":xnack+", 0});
    EXPECT_EQ(code.processors(), (std::vector<std::string>{"gfx803", "gfx900", "gfx90a", "gfx942", "gfx10-3-generic",
                                                           "gfx1030", "gfx1100"}));
    EXPECT_EQ(code.ids().size(), 8u);
    EXPECT_EQ((HipTarget{"gfx942", ":sramecc+:xnack-", 0}).id(), "gfx942:sramecc+:xnack-");
}

// The compatibility rules of LLVM's AMDGPUUsage ("Target ID", "Generic Processors"): the same
// processor, or a generic one that covers it; a feature set in the code must be the GPU's mode.
TEST(HipTarget, RunsOnRules)
{
    auto target = [](std::string p, std::string f = "") { return HipTarget{std::move(p), std::move(f), 0}; };
    using td::bin::hipRunsOn;
    EXPECT_TRUE(hipRunsOn(target("gfx1151"), "gfx1151"));
    EXPECT_FALSE(hipRunsOn(target("gfx1150"), "gfx1151")); // no compatibility between steppings
    EXPECT_FALSE(hipRunsOn(target("gfx1100"), "gfx1101"));
    EXPECT_FALSE(hipRunsOn(target("gfx90a"), "gfx942"));
    EXPECT_TRUE(hipRunsOn(target("gfx90a"), "gfx90a:sramecc+:xnack-")); // "any" runs in either mode
    EXPECT_TRUE(hipRunsOn(target("gfx90a", ":xnack-"), "gfx90a:sramecc+:xnack-"));
    EXPECT_FALSE(hipRunsOn(target("gfx90a", ":xnack+"), "gfx90a:sramecc+:xnack-"));
    EXPECT_FALSE(hipRunsOn(target("gfx942", ":sramecc-:xnack-"), "gfx942:sramecc+:xnack-"));
    EXPECT_TRUE(hipRunsOn(target("gfx942", ":sramecc+:xnack-"), "gfx942:sramecc+:xnack-"));
    EXPECT_TRUE(hipRunsOn(target("gfx90a", ":xnack+"), "gfx90a")); // a mode not stated is taken to fit
    EXPECT_TRUE(hipRunsOn(target("gfx11-generic"), "gfx1151"));
    EXPECT_TRUE(hipRunsOn(target("gfx10-3-generic"), "gfx1032"));
    EXPECT_FALSE(hipRunsOn(target("gfx10-3-generic"), "gfx1010"));
    EXPECT_FALSE(hipRunsOn(target("gfx9-generic"), "gfx90a")); // not among gfx9-generic's
    EXPECT_TRUE(hipRunsOn(target("gfx9-4-generic"), "gfx942:sramecc+:xnack-"));
    EXPECT_FALSE(hipRunsOn(target("gfx12-generic"), "gfx11-generic"));
    EXPECT_FALSE(hipRunsOn(target("gfx1100"), ""));
}
