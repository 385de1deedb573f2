// SPDX-License-Identifier: GPL-3.0-or-later
// A ROCm torch judged by the AMD GPU code of its kernel library: bitsandbytes 0.50.2's real
// libbitsandbytes_rocm64.so (compressed offload bundles for gfx908 ... gfx1201) stands in for
// torch/lib/libtorch_hip.so, and the GPUs come as the kernel's KFD topology lists them.
#include "BuiltinKnowledge.h"
#include "Corpus.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include "checks/HipArch.h"
#include "checks/SystemChecks.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace td;
using namespace td::test;
using namespace td::checks;

namespace {

const std::string kWheel = "bitsandbytes-0.50.2-manylinux_2_24_x86_64";

class HipArchCheck : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(corpus::has({kWheel}));
        const fs::path lib = m_dir.path() / "torch" / "lib" / "libtorch_hip.so";
        fs::create_directories(lib.parent_path());
        fs::copy_file(corpus::folder(kWheel) / "bitsandbytes" / "libbitsandbytes_rocm64.so", lib);
    }

    // torch `version` (a ROCm build unless its version.py names CUDA) and the AMD GPUs `gfx`.
    Facts facts(const QString &version, const QStringList &gfx, const QString &cuda = {}) const
    {
        Facts f;
        python::StaticProbe p;
        p.interpreter.executable = QStringLiteral("/usr/bin/python3");
        p.interpreter.usable = true;
        p.interpreter.version = QVersionNumber(3, 12, 4);
        p.interpreter.platform = QStringLiteral("linux");
        p.interpreter.machine = QStringLiteral("x86_64");
        p.torch.installed = true;
        p.torch.version = version;
        p.torch.versionPyCuda = cuda;
        p.torch.versionPyHip = cuda.isEmpty() ? QStringLiteral("6.4.43482") : QString();
        p.torch.packageDir = QString::fromStdString((m_dir.path() / "torch").string());
        f.interpreters = {p};
        f.chosen = 0;
        f.import.outcome = python::ImportResult::Outcome::Ok;
        f.import.cudaVersion = cuda;
        f.gpu.amdGfx = gfx;
        f.request.environment = QProcessEnvironment();
        f.ready = Fact::Interpreters | Fact::Import | Fact::Gpu;
        return f;
    }

    static QList<Finding> findings(const Facts &f, const char *id)
    {
        QList<Finding> out;
        for (const Finding &x : GpuCheck().run(f, test::builtinKnowledge()))
            if (x.id == QLatin1String(id))
                out << x;
        return out;
    }

    TempDir m_dir{"td-hip-check"};
};

} // namespace

TEST_F(HipArchCheck, AGpuTheBuildHasNoCodeForIsNamedWithTheTargetsItHas)
{
    EXPECT_TRUE(findings(facts(QStringLiteral("2.8.0+rocm6.4"), {QStringLiteral("gfx1100")}),
                         "cuda.gpu-arch-unsupported")
                    .isEmpty());
    const QList<Finding> found =
        findings(facts(QStringLiteral("2.8.0+rocm6.4"), {QStringLiteral("gfx1100"), QStringLiteral("gfx1032")}),
                 "cuda.gpu-arch-unsupported");
    ASSERT_EQ(found.size(), 1);
    const Finding &f = found.first();
    EXPECT_EQ(f.severity, Severity::Error);
    EXPECT_EQ(f.evidence.value(u"gpu_gfx").toString(), QStringLiteral("gfx1032"));
    const QJsonArray targets = f.evidence.value(u"targets").toArray();
    EXPECT_TRUE(targets.contains(QStringLiteral("gfx1030")) && targets.contains(QStringLiteral("gfx1201")))
        << f.detail.toStdString();
    EXPECT_FALSE(targets.contains(QStringLiteral("gfx1032")));
    EXPECT_EQ(f.evidence.value(u"bundles").toInt(), 2);
    // gfx1030 is of its family: the override the community uses, said to be unsupported.
    EXPECT_EQ(f.evidence.value(u"suggested_override").toString(), QStringLiteral("10.3.0"));
    EXPECT_TRUE(f.detail.contains(QStringLiteral("HSA_OVERRIDE_GFX_VERSION=10.3.0"))) << f.detail.toStdString();
    EXPECT_TRUE(f.detail.contains(QStringLiteral("libtorch_hip.so"))) << f.detail.toStdString();
    // A gfx9 chip gets no override: gfx906 and gfx908 are different chips, not steppings of one.
    const QList<Finding> vega =
        findings(facts(QStringLiteral("2.8.0+rocm6.4"), {QStringLiteral("gfx906")}), "cuda.gpu-arch-unsupported");
    ASSERT_EQ(vega.size(), 1);
    EXPECT_FALSE(vega.first().evidence.contains(QStringLiteral("suggested_override")));
}

TEST_F(HipArchCheck, HsaOverrideGfxVersionIsTheGpuTheRuntimeTakesItFor)
{
    Facts f = facts(QStringLiteral("2.8.0+rocm6.4"), {QStringLiteral("gfx1032")});
    f.request.environment.insert(QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), QStringLiteral("10.3.0"));
    EXPECT_TRUE(findings(f, "cuda.gpu-arch-unsupported").isEmpty());
    f.request.environment.insert(QStringLiteral("HSA_OVERRIDE_GFX_VERSION"), QStringLiteral("9.0.6"));
    const QList<Finding> found = findings(f, "cuda.gpu-arch-unsupported");
    ASSERT_EQ(found.size(), 1);
    EXPECT_EQ(found.first().evidence.value(u"hsa_override").toString(), QStringLiteral("9.0.6"));
    EXPECT_TRUE(found.first().detail.contains(QStringLiteral("takes the GPU for gfx906")))
        << found.first().detail.toStdString();
    EXPECT_EQ(overrideOfGfx(QStringLiteral("gfx90a")), QStringLiteral("9.0.10"));
    EXPECT_EQ(gfxOfOverride(QStringLiteral("11.5.1")), QStringLiteral("gfx1151"));
    EXPECT_EQ(gfxOfOverride(QStringLiteral("banana")), QString());
}

TEST_F(HipArchCheck, ACudaBuildOnAnAmdGpuIsNamedAsSuch)
{
    const QList<Finding> found = findings(
        facts(QStringLiteral("2.8.0+cu128"), {QStringLiteral("gfx1100")}, QStringLiteral("12.8")), "cuda.no-driver");
    ASSERT_EQ(found.size(), 1);
    EXPECT_TRUE(found.first().title.contains(QStringLiteral("AMD gfx1100"))) << found.first().title.toStdString();
    EXPECT_TRUE(found.first().evidence.value(u"suggested_index").toString().startsWith(
        QStringLiteral("https://download.pytorch.org/whl/rocm")))
        << found.first().detail.toStdString();

    // On Windows the GPU is known by its adapter's name (no KFD there), and the ways to it are DirectML
    // and AMD's own builds, not PyPI's ROCm index.
    Facts onWindows = facts(QStringLiteral("2.8.0+cu128"), {}, QStringLiteral("12.8"));
    onWindows.gpu.amdAdapters = {QStringLiteral("AMD Radeon RX 7900 XTX")};
    const QList<Finding> windows = findings(onWindows, "cuda.no-driver");
    ASSERT_EQ(windows.size(), 1);
    EXPECT_TRUE(windows.first().title.endsWith(QStringLiteral("GPU is an AMD Radeon RX 7900 XTX")))
        << windows.first().title.toStdString();
    EXPECT_EQ(windows.first().evidence.value(u"amd_adapters").toArray().first().toString(),
              QStringLiteral("AMD Radeon RX 7900 XTX"));
    EXPECT_TRUE(windows.first().detail.contains(QStringLiteral("DirectML"))) << windows.first().detail.toStdString();
    EXPECT_FALSE(windows.first().evidence.contains(QStringLiteral("suggested_index")));

    // An NVIDIA GPU without its driver beside an AMD iGPU: the driver is what is missing, not an AMD build.
    Facts both = facts(QStringLiteral("2.8.0+cu128"), {QStringLiteral("gfx1150")}, QStringLiteral("12.8"));
    both.gpu.nvidiaAdapter = true;
    const QList<Finding> noDriver = findings(both, "cuda.no-driver");
    ASSERT_EQ(noDriver.size(), 1);
    EXPECT_TRUE(noDriver.first().title.contains(QStringLiteral("no NVIDIA driver was found")))
        << noDriver.first().title.toStdString();
}

// deps --json names the AMD GPU targets of a library with offload bundles (the ROCm runtime it needs is not
// on this machine: the library itself is listed all the same).
TEST_F(HipArchCheck, DepsJsonGivesALibraryItsGfxTargets)
{
    const fs::path lib = m_dir.path() / "torch" / "lib" / "libtorch_hip.so";
    const RunResult run = td::test::run({config::torchdoctor, "deps", "--json", lib.string()});
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(run.out)).object();
    bool seen = false;
    for (const auto &v : doc.value(u"libraries").toArray()) {
        const QJsonObject l = v.toObject();
        if (l.value(u"name").toString() != QLatin1String("libtorch_hip.so")) {
            EXPECT_FALSE(l.contains(u"hip")) << l.value(u"name").toString().toStdString();
            continue;
        }
        seen = true;
        const QJsonArray hip = l.value(u"hip").toArray();
        EXPECT_EQ(hip.size(), 14) << run.out;
        EXPECT_EQ(hip.first().toString(), QStringLiteral("gfx908"));
        EXPECT_EQ(hip.last().toString(), QStringLiteral("gfx1201"));
    }
    EXPECT_TRUE(seen) << run.out << run.err;
}
