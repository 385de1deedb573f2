// SPDX-License-Identifier: GPL-3.0-or-later
// The Linux NVIDIA scenario of the corpus: the cuSPARSE wheel for CUDA 12.4 with the nvJitLink
// wheel it needs, as pip lays them out, and an older libnvJitLink.so.12 (CUDA 12.1's) first on
// LD_LIBRARY_PATH (pytorch/pytorch#111469). The real loader (ctypes.CDLL, as torch preloads the
// NVIDIA libraries) fails with "undefined symbol: __nvJitLinkComplete_12_4"; our walk must load
// the same copy, from that variable, and `check` must name the variable and both copies.
#include "Corpus.h"
#include "TestConfig.h"

#include "checks/CheckRunner.h"
#include "checks/SystemChecks.h"
#include "knowledge/KnowledgeBase.h"

#include <gtest/gtest.h>

using namespace td;
using namespace td::test;

namespace {

const char *const kCusparse = "nvidia-cusparse-cu12-12.3.1.170-manylinux2014_x86_64";
const char *const kNvJitLink = "nvidia-nvjitlink-cu12-12.4.127-manylinux2014_x86_64";
const char *const kOldNvJitLink = "nvidia-nvjitlink-cu12-12.1.105-manylinux1_x86_64";

struct StaleCudaOnLibraryPath : ::testing::Test {
    void SetUp() override
    {
        ASSERT_TRUE(corpus::has({kCusparse, kNvJitLink, kOldNvJitLink}));
        corpus::linkTree(corpus::folder(kCusparse) / "nvidia", site() / "nvidia");
        corpus::linkTree(corpus::folder(kNvJitLink) / "nvidia", site() / "nvidia");
        corpus::linkTree(corpus::folder(kOldNvJitLink) / "nvidia" / "nvjitlink" / "lib", oldCuda());
    }

    fs::path site() const { return dir.path() / "site-packages"; }
    fs::path oldCuda() const { return dir.path() / "cuda-12.1" / "lib64"; }
    fs::path cusparse() const { return site() / "nvidia" / "cusparse" / "lib" / "libcusparse.so.12"; }
    fs::path wheelNvJitLink() const { return site() / "nvidia" / "nvjitlink" / "lib" / "libnvJitLink.so.12"; }

    // The real loader: what torch does to preload the NVIDIA libraries.
    RunResult load(const std::string &libraryPath) const
    {
        RunOptions o;
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD"};
        if (!libraryPath.empty())
            o.setEnv["LD_LIBRARY_PATH"] = libraryPath;
        return run({"python3", "-c", "import ctypes, sys; ctypes.CDLL(sys.argv[1])", cusparse().string()}, o);
    }

    TempDir dir{"td-corpus-nvidia"};
};

} // namespace

TEST_F(StaleCudaOnLibraryPath, RealLoaderFailsAndCheckNamesTheVariableAndBothCopies)
{
    const RunResult good = load("");
    EXPECT_TRUE(good.ok()) << good.err;
    const RunResult bad = load(oldCuda().string());
    EXPECT_FALSE(bad.ok());
    EXPECT_NE(bad.err.find("undefined symbol: __nvJitLinkComplete_12_4, version libnvJitLink.so.12"),
              std::string::npos)
        << bad.err;

    // Why (binutils' readelf as the judge): the wheel's copy defines the symbol, CUDA 12.1's does not.
    ASSERT_TRUE(config::have(config::readelf)) << "readelf (binutils) is needed";
    const auto defines = [](const fs::path &lib) {
        return runOk({config::readelf, "--dyn-syms", "-W", lib.string()}).find("__nvJitLinkComplete_12_4")
               != std::string::npos;
    };
    EXPECT_TRUE(defines(wheelNvJitLink()));
    EXPECT_FALSE(defines(oldCuda() / "libnvJitLink.so.12"));

    // `check`'s walk, with the same environment.
    python::StaticProbe probe;
    probe.interpreter.executable = QStringLiteral("/usr/bin/python3");
    probe.interpreter.usable = true;
    probe.interpreter.platform = QStringLiteral("linux");
    probe.torch.installed = true;
    probe.torch.packageDir = QString::fromStdString((site() / "torch").string());
    probe.torch.nativeLibraries = {QString::fromStdString(cusparse().string())};
    checks::Facts facts;
    facts.request.environment = QProcessEnvironment();
    facts.request.environment.insert(QStringLiteral("LD_LIBRARY_PATH"), QString::fromStdString(oldCuda().string()));
    facts.interpreters = {probe};
    facts.chosen = 0;
    facts.chosenExecutable = probe.interpreter.executable;
    const std::atomic<bool> cancel{false};
    facts.libraries = checks::walkTorchLibraries(probe, facts.request, cancel);
    ASSERT_TRUE(facts.libraries);

    // The copy that loads is the one ld.so loads: from LD_LIBRARY_PATH.
    const loader::Library *loaded = nullptr;
    for (const auto &lib : facts.libraries->libraries)
        if (lib.name == "libnvJitLink.so.12")
            loaded = &lib;
    ASSERT_NE(loaded, nullptr);
    EXPECT_EQ(loaded->path, (oldCuda() / "libnvJitLink.so.12").string());
    EXPECT_EQ(loaded->via, loader::Via::LdLibraryPath);
    EXPECT_EQ(loaded->viaEntry, oldCuda().string());

    knowledge::KnowledgeBase kb;
    ASSERT_TRUE(kb.load().isEmpty());
    const auto findings = checks::EnvironmentCheck().run(facts, kb);
    const checks::Finding *shadow = nullptr;
    for (const auto &f : findings)
        if (f.id == QLatin1String("env.suspicious")
            && f.evidence.value(QStringLiteral("variable")).toString() == QLatin1String("LD_LIBRARY_PATH"))
            shadow = &f;
    ASSERT_NE(shadow, nullptr);
    EXPECT_EQ(shadow->evidence.value(QStringLiteral("entry")).toString().toStdString(), oldCuda().string());
    EXPECT_EQ(shadow->evidence.value(QStringLiteral("loaded")).toString().toStdString(),
              (oldCuda() / "libnvJitLink.so.12").string());
    // (Named as ld.so spells it: through the RUNPATH entry $ORIGIN/../../nvjitlink/lib.)
    EXPECT_EQ(fs::weakly_canonical(shadow->evidence.value(QStringLiteral("shadowed")).toString().toStdString()),
              wheelNvJitLink());
    EXPECT_TRUE(shadow->fixes.contains(checks::FixFamily::Env));
}
