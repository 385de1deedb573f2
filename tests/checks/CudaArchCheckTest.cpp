// SPDX-License-Identifier: GPL-3.0-or-later
// cuda.gpu-arch-unsupported decided from the installed torch's own fatbinaries: libraries built
// with nvcc at test time stand in for libtorch_cuda.so, and the verdict follows what they carry
// even where the knowledge base's table says otherwise. Also the real libtorch_cuda.so of the
// corpus, and deps --json's "cuda" member.
#include "BuiltinKnowledge.h"
#include "Corpus.h"
#include "CudaToolkit.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include "checks/CudaArch.h"
#include "checks/SystemChecks.h"
#include "report/DepsReport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <sstream>

using namespace td;
using namespace td::test;
using namespace td::checks;

namespace {

class CudaArchCheck : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        s_dir = std::make_unique<TempDir>("td-cuda-check");
        s_toolkit = std::make_unique<cuda::Toolkit>();
        s_ready = cuda::makeToolkit(s_dir->path() / "toolkit", *s_toolkit);
        writeFile(s_dir->path() / "k.cu", "__global__ void k(float *x) { x[threadIdx.x] *= 2.0f; }\n"
                                          "extern \"C\" void launch(float *x) { k<<<1, 32>>>(x); }\n");
    }
    static void TearDownTestSuite()
    {
        s_toolkit.reset();
        s_dir.reset();
    }
    void SetUp() override { ASSERT_TRUE(s_ready); }

    // A torch/lib/libtorch_cuda.so built for these -gencode targets, in its own folder.
    static fs::path torchCuda(const std::string &name, const std::vector<std::string> &gencode)
    {
        const fs::path lib = s_dir->path() / name / "torch" / "lib" / "libtorch_cuda.so";
        std::vector<std::string> args = {"-cudart", "none"};
        for (const auto &g : gencode)
            args.insert(args.end(), {"-gencode", g});
        s_toolkit->buildLibrary(lib, {(s_dir->path() / "k.cu").string()}, args);
        return lib;
    }

    // torch `version` whose import failed, its walked libraries = `lib`, and one GPU.
    static Facts facts(const QString &version, const fs::path &lib, const QString &gpu, int major, int minor)
    {
        Facts f;
        python::StaticProbe p;
        p.interpreter.executable = QStringLiteral("/usr/bin/python3");
        p.interpreter.usable = true;
        p.interpreter.version = QVersionNumber(3, 12, 4);
        p.interpreter.bits = 64;
        p.interpreter.platform = QStringLiteral("linux");
        p.interpreter.machine = QStringLiteral("x86_64");
        p.torch.installed = true;
        p.torch.version = version;
        p.torch.versionPyCuda = QStringLiteral("13.0");
        f.interpreters = {p};
        f.chosen = 0;
        f.import.outcome = python::ImportResult::Outcome::Failed;
        f.gpu.nvidiaDriverFound = true;
        f.gpu.driverVersion = QStringLiteral("580.65.06");
        f.gpu.cudaDriverVersion = 13000;
        platform::Gpu g;
        g.name = gpu;
        g.ccMajor = major;
        g.ccMinor = minor;
        f.gpu.gpus = {g};
        loader::Graph graph;
        loader::Library l;
        l.name = lib.filename().string();
        l.path = lib.string();
        l.found = true;
        l.root = true;
        l.via = loader::Via::Root;
        graph.libraries.push_back(l);
        f.libraries = graph;
        f.ready = Fact::Interpreters | Fact::Import | Fact::Gpu | Fact::Libraries;
        return f;
    }

    static const Finding *archFinding(const QList<Finding> &found)
    {
        for (const Finding &f : found)
            if (f.id == QLatin1String("cuda.gpu-arch-unsupported"))
                return &f;
        return nullptr;
    }

    static inline std::unique_ptr<TempDir> s_dir;
    static inline std::unique_ptr<cuda::Toolkit> s_toolkit;
    static inline ::testing::AssertionResult s_ready = ::testing::AssertionFailure();
};

} // namespace

TEST_F(CudaArchCheck, TheBinaryDecidesWhereTheTableWouldNot)
{
    // The table's cu130 row (sm_75 ... sm_120 + compute_120) does not cover a Jetson Thor (11.0);
    // an installed build that carries sm_110 does.
    const fs::path lib = torchCuda("thor", {"arch=compute_80,code=sm_80", "arch=compute_110,code=sm_110"});
    Facts f = facts(QStringLiteral("2.9.0+cu130"), lib, QStringLiteral("NVIDIA Jetson AGX Thor"), 11, 0);
    EXPECT_EQ(archFinding(GpuCheck().run(f, test::builtinKnowledge())), nullptr);
    // Without the binary, the table speaks, and says it is only likely.
    f.libraries.reset();
    const auto fromTable = GpuCheck().run(f, test::builtinKnowledge());
    const Finding *table = archFinding(fromTable);
    ASSERT_NE(table, nullptr);
    EXPECT_EQ(table->evidence.value(u"arch_source").toString(), QStringLiteral("table"));
}

TEST_F(CudaArchCheck, NoMachineCodeAndNoPtxIsAnErrorThatNamesTheLibrary)
{
    const fs::path lib = torchCuda("ampere-only", {"arch=compute_80,code=sm_80", "arch=compute_86,code=sm_86"});
    Facts f = facts(QStringLiteral("2.9.0+cu130"), lib, QStringLiteral("NVIDIA GeForce RTX 5090"), 12, 0);
    const auto found = GpuCheck().run(f, test::builtinKnowledge());
    const Finding *arch = archFinding(found);
    ASSERT_NE(arch, nullptr);
    EXPECT_EQ(arch->severity, Severity::Error);
    EXPECT_EQ(arch->evidence.value(u"arch_source").toString(), QStringLiteral("binary"));
    EXPECT_EQ(arch->evidence.value(u"arch_list").toArray(), (QJsonArray{QStringLiteral("sm_80"), QStringLiteral("sm_86")}));
    const QJsonObject binary = arch->evidence.value(u"binary").toObject();
    EXPECT_EQ(binary.value(u"library").toString(), QStringLiteral("libtorch_cuda.so"));
    EXPECT_EQ(binary.value(u"native").toInt(), 0);
    EXPECT_FALSE(arch->title.contains(QStringLiteral("likely"))) << arch->title.toStdString();
    EXPECT_TRUE(arch->detail.contains(QStringLiteral("libtorch_cuda.so"))) << arch->detail.toStdString();
}

TEST_F(CudaArchCheck, PtxForAnOlderGpuIsAJitWarningAndArchSpecificPtxIsNot)
{
    // compute_80 PTX is compiled by the driver for a 12.0 GPU: a warning (slow first run).
    const fs::path jit = torchCuda("ptx", {"arch=compute_80,code=[sm_80,compute_80]"});
    Facts f = facts(QStringLiteral("2.9.0+cu130"), jit, QStringLiteral("NVIDIA GeForce RTX 5090"), 12, 0);
    const auto found = GpuCheck().run(f, test::builtinKnowledge());
    const Finding *arch = archFinding(found);
    ASSERT_NE(arch, nullptr);
    EXPECT_EQ(arch->severity, Severity::Warning);
    EXPECT_EQ(arch->evidence.value(u"binary").toObject().value(u"ptx_only").toInt(), 1);
    // compute_90a PTX does not carry forward to 10.0: an error.
    const fs::path specific = torchCuda("ptx-a", {"arch=compute_90a,code=[sm_90a,compute_90a]"});
    Facts b = facts(QStringLiteral("2.9.0+cu130"), specific, QStringLiteral("NVIDIA B200"), 10, 0);
    const auto onBlackwell = GpuCheck().run(b, test::builtinKnowledge()); // kept: archFinding points into it
    const Finding *blackwell = archFinding(onBlackwell);
    ASSERT_NE(blackwell, nullptr);
    EXPECT_EQ(blackwell->severity, Severity::Error);
    // ... and sm_90a runs on the H100 it was built for.
    Facts h = facts(QStringLiteral("2.9.0+cu130"), specific, QStringLiteral("NVIDIA H100"), 9, 0);
    EXPECT_EQ(archFinding(GpuCheck().run(h, test::builtinKnowledge())), nullptr);
}

TEST_F(CudaArchCheck, DepsJsonGivesEachCudaLibraryItsArchitectures)
{
    const fs::path lib = torchCuda("deps", {"arch=compute_75,code=sm_75", "arch=compute_90a,code=sm_90a",
                                            "arch=compute_120,code=[sm_120,compute_120]"});
    const std::string out = runOk({config::torchdoctor, "deps", "--json", lib.string()});
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(out)).object();
    bool seen = false;
    for (const auto &v : doc.value(u"libraries").toArray()) {
        const QJsonObject l = v.toObject();
        if (l.value(u"name").toString() != QLatin1String("libtorch_cuda.so")) {
            EXPECT_FALSE(l.contains(u"cuda")) << l.value(u"name").toString().toStdString();
            continue;
        }
        seen = true;
        EXPECT_EQ(l.value(u"cuda").toObject().value(u"sass").toArray(),
                  (QJsonArray{QStringLiteral("sm_75"), QStringLiteral("sm_90a"), QStringLiteral("sm_120")}));
        EXPECT_EQ(l.value(u"cuda").toObject().value(u"ptx").toArray(), QJsonArray{QStringLiteral("compute_120")});
    }
    EXPECT_TRUE(seen) << out;
}

TEST(CudaArchCorpus, TheRealLibtorchCudaCoversItsBuildList)
{
    const std::string wheel = "torch-2.15.0-manylinux_2_28_x86_64";
    ASSERT_TRUE(corpus::has({wheel}));
    loader::Graph graph;
    for (const char *name : {"libtorch_cuda.so", "libtorch_cuda_linalg.so", "libtorch_cpu.so"}) {
        loader::Library l;
        l.name = name;
        l.path = (corpus::folder(wheel) / "torch" / "lib" / name).string();
        l.found = l.root = true;
        graph.libraries.push_back(l);
    }
    const auto code = readTorchCudaCode(graph);
    ASSERT_EQ(code.size(), 2); // libtorch_cpu.so carries no CUDA code
    // 2.15.0 from PyPI (CUDA 13.0): sm_75 to sm_120, no PTX (so a future GPU family is not covered).
    for (const auto &[cc, expected] : std::vector<std::pair<std::pair<int, int>, knowledge::Support>>{
             {{7, 5}, knowledge::Support::Full},  {{8, 6}, knowledge::Support::Full},
             {{8, 9}, knowledge::Support::Full},  {{9, 0}, knowledge::Support::Full},
             {{10, 3}, knowledge::Support::Full}, {{12, 1}, knowledge::Support::Full},
             {{7, 0}, knowledge::Support::No},    {{6, 1}, knowledge::Support::No},
             {{11, 0}, knowledge::Support::No},   {{13, 0}, knowledge::Support::No}}) {
        const auto v = binaryArchSupport(code, cc.first, cc.second);
        EXPECT_EQ(v.support, expected) << cc.first << "." << cc.second << " decided by " << v.library.toStdString();
    }
}
