// SPDX-License-Identifier: GPL-3.0-or-later
// The fatbinary reader: shared libraries built at test time with nvcc (from the corpus's CUDA
// toolkit wheels) for chosen -gencode sets, judged against the -gencode set itself and against
// `cuobjdump --list-elf --list-ptx`; damaged input; the compatibility rules.
#include "Corpus.h"
#include "CudaToolkit.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include "binary/CudaCode.h"
#include "binary/Readers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>

using namespace td::test;
using td::bin::CudaCode;
using td::bin::CudaImage;

namespace {

CudaCode readCode(const fs::path &path)
{
    CudaCode code;
    EXPECT_EQ(td::bin::readCudaCodeFile(path.string(), code), "") << path;
    return code;
}

const char *kKernelA = R"(
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
extern "C" void launchA(float *x) { scale<<<1, 32>>>(x, 2.0f); }
)";
const char *kKernelB = R"(
__global__ void shift(float *x, float a) { x[threadIdx.x] += a; }
extern "C" void launchB(float *x) { shift<<<1, 32>>>(x, 1.0f); }
)";

class CudaBuilt : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        s_dir = std::make_unique<TempDir>("td-cuda");
        s_toolkit = std::make_unique<cuda::Toolkit>();
        s_ready = cuda::makeToolkit(s_dir->path() / "toolkit", *s_toolkit);
        writeFile(s_dir->path() / "a.cu", kKernelA);
        writeFile(s_dir->path() / "b.cu", kKernelB);
    }
    static void TearDownTestSuite()
    {
        s_toolkit.reset();
        s_dir.reset();
    }
    void SetUp() override { ASSERT_TRUE(s_ready); }

    // Builds lib<name>.so from the sources with these nvcc arguments.
    static fs::path build(const std::string &name, const std::vector<std::string> &sources,
                          const std::vector<std::string> &args)
    {
        const fs::path lib = s_dir->path() / ("lib" + name + ".so");
        std::vector<std::string> paths;
        for (const auto &s : sources)
            paths.push_back((s_dir->path() / s).string());
        s_toolkit->buildLibrary(lib, paths, args);
        return lib;
    }

    // Our reading agrees with cuobjdump's, image by image in file order.
    static void expectCuobjdumpAgrees(const fs::path &lib, const CudaCode &code)
    {
        const auto theirs = cuda::cuobjdumpImages({s_toolkit->cuobjdump().string()}, lib.string());
        EXPECT_FALSE(theirs.empty());
        EXPECT_EQ(cuda::asCuobjdumpSpells(code), theirs) << lib;
    }

    static inline std::unique_ptr<TempDir> s_dir;
    static inline std::unique_ptr<cuda::Toolkit> s_toolkit;
    static inline ::testing::AssertionResult s_ready = ::testing::AssertionFailure();
};

struct GencodeCase {
    std::string name;
    std::vector<std::string> args;
    std::vector<std::string> sass, ptx;
};

} // namespace

TEST_F(CudaBuilt, EveryGencodeSetIsListedAsNvccWroteItAndAsCuobjdumpReadsIt)
{
    const std::vector<GencodeCase> cases = {
        {"classic",
         {"-cudart", "none", "-gencode", "arch=compute_75,code=sm_75", "-gencode", "arch=compute_80,code=[sm_80,compute_80]",
          "-gencode", "arch=compute_86,code=sm_86"},
         {"sm_75", "sm_80", "sm_86"},
         {"compute_80"}},
        {"arch-specific",
         {"-cudart", "none", "-gencode", "arch=compute_90a,code=[sm_90a,compute_90a]", "-gencode",
          "arch=compute_100a,code=sm_100a", "-gencode", "arch=compute_90,code=sm_90"},
         {"sm_90", "sm_90a", "sm_100a"},
         {"compute_90a"}},
        {"family-specific",
         {"-cudart", "none", "-gencode", "arch=compute_100f,code=[sm_100f,compute_100f]", "-gencode",
          "arch=compute_103f,code=sm_103f", "-gencode", "arch=compute_120f,code=sm_120f"},
         {"sm_100f", "sm_103f", "sm_120f"},
         {"compute_100f"}},
        {"ptx-only", {"-cudart", "none", "-gencode", "arch=compute_89,code=compute_89"}, {}, {"compute_89"}},
        {"newest",
         {"-cudart", "none", "-gencode", "arch=compute_110,code=sm_110", "-gencode", "arch=compute_121,code=[sm_121,compute_121]",
          "-gencode", "arch=compute_121a,code=sm_121a"},
         {"sm_110", "sm_121", "sm_121a"},
         {"compute_121"}},
        // The static runtime adds fatbinaries of its own; compressed payloads keep their headers.
        {"compressed-static-runtime",
         {"-Xfatbin=-compress-all", "-gencode", "arch=compute_75,code=[sm_75,compute_75]", "-gencode",
          "arch=compute_120,code=sm_120"},
         {"sm_75", "sm_120"},
         {"compute_75"}},
    };
    int agreed = 0;
    const auto *result = ::testing::UnitTest::GetInstance()->current_test_info()->result();
    for (const GencodeCase &c : cases) {
        SCOPED_TRACE(c.name);
        const int failuresBefore = result->total_part_count();
        const fs::path lib = build(c.name, {"a.cu"}, c.args);
        const CudaCode code = readCode(lib);
        EXPECT_EQ(code.sass(), c.sass);
        EXPECT_EQ(code.ptx(), c.ptx);
        EXPECT_FALSE(code.truncated);
        expectCuobjdumpAgrees(lib, code);
        if (c.name == "compressed-static-runtime") {
            EXPECT_TRUE(std::any_of(code.images.begin(), code.images.end(), [](auto &i) { return i.compressed; }));
        }
        agreed += result->total_part_count() == failuresBefore ? 1 : 0;
    }
    std::printf("[ CUDA     ] %d of %zu nvcc-built libraries agree with their -gencode sets and cuobjdump\n", agreed,
                cases.size());
}

TEST_F(CudaBuilt, EachSourceFileIsAFatbinaryOfItsOwn)
{
    // Two translation units with different targets: the GPU may be covered by one and not the other.
    const fs::path objA = s_dir->path() / "a.o", objB = s_dir->path() / "b.o";
    RunOptions options;
    options.timeout = std::chrono::seconds(300);
    const std::string nvcc = s_toolkit->nvcc().string();
    runOk({nvcc, "-ccbin", config::cxx, "-Xcompiler", "-fPIC", "-c", (s_dir->path() / "a.cu").string(), "-o",
           objA.string(), "-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=sm_90"},
          options);
    runOk({nvcc, "-ccbin", config::cxx, "-Xcompiler", "-fPIC", "-c", (s_dir->path() / "b.cu").string(), "-o",
           objB.string(), "-gencode", "arch=compute_80,code=sm_80"},
          options);
    const fs::path lib = s_dir->path() / "libtwo.so";
    runOk({nvcc, "-ccbin", config::cxx, "-shared", "-cudart", "none", "-o", lib.string(), objA.string(), objB.string()},
          options);
    const CudaCode code = readCode(lib);
    ASSERT_EQ(code.fatbins, 2u);
    EXPECT_EQ(code.sass(), (std::vector<std::string>{"sm_80", "sm_90"}));
    expectCuobjdumpAgrees(lib, code);

    const auto ampere = td::bin::cudaFit(code, 8, 6); // sm_80 runs on 8.6: both files
    EXPECT_EQ(ampere.fatbins, 2u);
    EXPECT_EQ(ampere.native, 2u);
    const auto hopper = td::bin::cudaFit(code, 9, 0); // only a.cu has sm_90
    EXPECT_EQ(hopper.native, 1u);
    EXPECT_EQ(hopper.none(), 1u);
}

// The parse that deps --json asks for reads the same CUDA code through the file it already has open.
TEST_F(CudaBuilt, ReadWithTheLibraryItIsTheSameCode)
{
    const fs::path lib = build("with-parse", {"a.cu", "b.cu"},
                               {"-cudart", "none", "-gencode", "arch=compute_80,code=[sm_80,compute_80]", "-gencode",
                                "arch=compute_90a,code=sm_90a"});
    const CudaCode alone = readCode(lib);
    ASSERT_FALSE(alone.empty());
    const td::bin::BinaryInfo info = td::bin::readBinaryFile(lib.string(), true);
    EXPECT_TRUE(info.ok()) << info.error;
    ASSERT_TRUE(info.cuda.has_value());
    EXPECT_EQ(info.cuda->fatbins, alone.fatbins);
    EXPECT_EQ(cuda::asCuobjdumpSpells(*info.cuda), cuda::asCuobjdumpSpells(alone));
    EXPECT_EQ(info.cuda->sass(), alone.sass());
    EXPECT_EQ(info.cuda->ptx(), alone.ptx());
    EXPECT_FALSE(td::bin::readBinaryFile(lib.string()).cuda.has_value()); // not asked for: not read

    const td::bin::BinaryInfo missing = td::bin::readBinaryFile((s_dir->path() / "no-such.so").string(), true);
    EXPECT_FALSE(missing.ok());
    ASSERT_TRUE(missing.cuda.has_value());
    EXPECT_TRUE(missing.cuda->empty());
}

TEST_F(CudaBuilt, ALibraryWithoutDeviceCodeHasNone)
{
    const fs::path lib = s_dir->path() / "libplain.so";
    writeFile(s_dir->path() / "plain.c", "int plain(void) { return 1; }\n");
    runOk({config::cc, "-shared", "-fPIC", "-o", lib.string(), (s_dir->path() / "plain.c").string()});
    const CudaCode code = readCode(lib);
    EXPECT_TRUE(code.empty());
    EXPECT_EQ(code.fatbins, 0u);
}

TEST_F(CudaBuilt, DamagedFatbinariesGiveAnErrorAndKeepWhatWasRead)
{
    const fs::path lib = build("damaged-source", {"a.cu", "b.cu"},
                               {"-cudart", "none", "-gencode", "arch=compute_80,code=[sm_80,compute_80]"});
    std::string bytes;
    {
        std::ifstream in(lib, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    const std::string magic("\x50\xed\x55\xba", 4);
    const auto first = bytes.find(magic);
    ASSERT_NE(first, std::string::npos);
    const auto second = bytes.find(magic, first + 4);
    ASSERT_NE(second, std::string::npos);

    // The second fatbinary claims more than its section holds.
    std::string damaged = bytes;
    for (std::size_t i = 0; i < 8; ++i)
        damaged[second + 8 + i] = '\x7f';
    CudaCode code;
    td::bin::MemoryByteSource src(damaged);
    const std::string err = td::bin::readCudaCode(src, code);
    EXPECT_NE(err.find("larger than its section"), std::string::npos) << err;
    EXPECT_EQ(code.fatbins, 1u); // the damaged one is not counted
    EXPECT_EQ(code.sass(), std::vector<std::string>{"sm_80"}); // the first one's images are kept
    EXPECT_TRUE(code.truncated);

    // Something other than padding after the first fatbinary.
    damaged = bytes;
    damaged[second] = 'X';
    td::bin::MemoryByteSource src2(damaged);
    EXPECT_NE(td::bin::readCudaCode(src2, code).find("no fatbinary header"), std::string::npos);

    // Every prefix of the file: an error or a result, never a crash (ASan runs this too).
    for (std::size_t cut = 0; cut < bytes.size(); cut += 97) {
        td::bin::MemoryByteSource part(bytes.data(), cut);
        (void)td::bin::readCudaCode(part, code);
    }
    // Not a library at all.
    td::bin::MemoryByteSource text(std::string_view("just some text, no magic"));
    EXPECT_EQ(td::bin::readCudaCode(text, code), "");
    EXPECT_TRUE(code.empty());
}

// The rules as the CUDA Programming Guide states them (binary compatibility within a major
// version from the same minor up; PTX compiled by the driver for the same or any higher
// capability) and the arch- and family-specific targets (CUDA 12.0's sm_90a; CUDA 12.9's
// family-specific sm_100f, NVIDIA's "Family-Specific Architecture Features" note).
TEST(CudaImage, CompatibilityRules)
{
    auto sass = [](int arch, bool a = false, bool f = false) {
        CudaImage i;
        i.arch = static_cast<std::uint16_t>(arch);
        i.archSpecific = a;
        i.familySpecific = f;
        return i;
    };
    auto ptx = [&](int arch, bool a = false, bool f = false) {
        CudaImage i = sass(arch, a, f);
        i.kind = CudaImage::Kind::Ptx;
        return i;
    };
    EXPECT_TRUE(sass(80).runsOn(8, 0));
    EXPECT_TRUE(sass(80).runsOn(8, 6));
    EXPECT_TRUE(sass(80).runsOn(8, 9));
    EXPECT_FALSE(sass(86).runsOn(8, 0)); // not to a lower minor
    EXPECT_FALSE(sass(80).runsOn(9, 0)); // not across majors
    EXPECT_FALSE(sass(90).runsOn(10, 0));
    EXPECT_TRUE(sass(120).runsOn(12, 1));
    EXPECT_TRUE(sass(90, true).runsOn(9, 0));
    EXPECT_FALSE(sass(100, true).runsOn(10, 3)); // sm_100a: 10.0 only
    EXPECT_TRUE(sass(100, false, true).runsOn(10, 3)); // sm_100f: its family
    EXPECT_FALSE(sass(100, false, true).runsOn(11, 0));
    EXPECT_FALSE(sass(103, false, true).runsOn(10, 0));

    EXPECT_TRUE(ptx(80).runsOn(8, 0));
    EXPECT_TRUE(ptx(80).runsOn(9, 0)); // JIT to any newer GPU
    EXPECT_TRUE(ptx(80).runsOn(12, 1));
    EXPECT_FALSE(ptx(80).runsOn(7, 5));
    EXPECT_FALSE(ptx(86).runsOn(8, 0));
    EXPECT_TRUE(ptx(90, true).runsOn(9, 0));
    EXPECT_FALSE(ptx(90, true).runsOn(10, 0)); // compute_90a is not forward compatible
    EXPECT_TRUE(ptx(100, false, true).runsOn(10, 3));
    EXPECT_FALSE(ptx(100, false, true).runsOn(12, 0));

    EXPECT_EQ(sass(90, true).name(), "sm_90a");
    EXPECT_EQ(ptx(100, false, true).name(), "compute_100f");
}

TEST(CudaImage, FitCountsEachFatbinaryOnce)
{
    CudaCode code;
    auto add = [&](std::uint32_t fatbin, CudaImage::Kind kind, int arch) {
        CudaImage i;
        i.kind = kind;
        i.arch = static_cast<std::uint16_t>(arch);
        i.fatbin = fatbin;
        code.images.push_back(i);
    };
    add(0, CudaImage::Kind::Sass, 80);
    add(0, CudaImage::Kind::Ptx, 80);
    add(1, CudaImage::Kind::Sass, 75);
    add(1, CudaImage::Kind::Ptx, 75);
    add(2, CudaImage::Kind::Sass, 86);
    code.fatbins = 3;
    const auto blackwell = td::bin::cudaFit(code, 12, 0);
    EXPECT_EQ(blackwell.fatbins, 3u);
    EXPECT_EQ(blackwell.native, 0u);
    EXPECT_EQ(blackwell.jit, 2u);
    EXPECT_EQ(blackwell.none(), 1u);
    const auto ampere = td::bin::cudaFit(code, 8, 6);
    EXPECT_EQ(ampere.native, 2u); // sm_80 and sm_86; the sm_75 file only through its compute_75
    EXPECT_EQ(ampere.jit, 1u);
}
