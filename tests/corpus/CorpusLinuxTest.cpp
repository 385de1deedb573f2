// SPDX-License-Identifier: GPL-3.0-or-later
// The Linux NVIDIA scenario of the corpus: the cuSPARSE wheel for CUDA 12.4 with the nvJitLink
// wheel it needs, as pip lays them out, and an older libnvJitLink.so.12 (CUDA 12.1's) first on
// LD_LIBRARY_PATH (pytorch/pytorch#111469). The real loader (ctypes.CDLL, as torch preloads the
// NVIDIA libraries) fails with "undefined symbol: __nvJitLinkComplete_12_4"; our walk must load
// the same copy, from that variable, and `check` must name the variable and both copies.
#include "Corpus.h"
#include "PythonFixtures.h"
#include "TestConfig.h"

#include "checks/CheckRunner.h"
#include "checks/Symptoms.h"
#include "checks/SystemChecks.h"
#include "knowledge/KnowledgeBase.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace td;
using namespace td::test;
using namespace Qt::Literals::StringLiterals;

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
    td::python::StaticProbe probe;
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

namespace {

// The same libraries in a venv, as pip lays them out, with a torch whose libtorch_global_deps.so
// needs libcusparse.so.12 through its RUNPATH, and loads it as torch/__init__.py does
// (ctypes.CDLL with RTLD_GLOBAL). ~/.bashrc puts the old CUDA's folder first on LD_LIBRARY_PATH.
class StaleCudaInBashrc : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(corpus::has({kCusparse, kNvJitLink, kOldNvJitLink}));
        m_home = m_dir / "home";
        m_data = m_dir / "data";
        fs::create_directories(m_home);
        m_python = test::python::makeVenv(m_dir / "venv");
        ASSERT_FALSE(m_python.empty());
        const fs::path site = test::python::sitePackages(m_dir / "venv");
        corpus::linkTree(corpus::folder(kCusparse) / "nvidia", site / "nvidia");
        corpus::linkTree(corpus::folder(kNvJitLink) / "nvidia", site / "nvidia");
        corpus::linkTree(corpus::folder(kOldNvJitLink) / "nvidia" / "nvjitlink" / "lib", m_home / "cuda-12.1/lib64");
        m_wheelCopy = site / "nvidia/nvjitlink/lib/libnvJitLink.so.12";
        test::python::writeFakeTorch(site,
                               "import ctypes, os\nctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', "
                               "'libtorch_global_deps.so'), mode=ctypes.RTLD_GLOBAL)\n",
                               "2.4.1+cu124");
        ASSERT_TRUE(test::python::buildSharedLibrary(
            site / "torch/lib/libtorch_global_deps.so", "int torch_global_deps(void) { return 0; }\n",
            {"-Wl,-soname,libtorch_global_deps.so", "-Wl,--no-as-needed", "-Wl,--enable-new-dtags",
             "-Wl,-rpath,$ORIGIN/../../nvidia/cusparse/lib", (site / "nvidia/cusparse/lib/libcusparse.so.12").string()}));
        writeFile(m_home / ".bashrc", kBashrc);
    }

    RunResult inNewBash(const std::vector<std::string> &argv) const
    {
        RunOptions o;
        o.setEnv = {{"HOME", m_home.string()}, {"XDG_DATA_HOME", m_data.string()}};
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "XDG_CONFIG_HOME", "CONDA_PREFIX"};
        o.timeout = std::chrono::seconds(240);
        std::vector<std::string> all{"bash", "-c", "source ~/.bashrc; exec \"$@\"", "bash"};
        all.insert(all.end(), argv.begin(), argv.end());
        return run(all, o);
    }
    RunResult importTorch() const { return inNewBash({m_python.string(), "-c", "import torch"}); }
    QJsonArray findings() const
    {
        const RunResult check = inNewBash(
            {config::torchdoctor, "check", "--python", m_python.string(), "--format", "json", "--no-redact"});
        return QJsonDocument::fromJson(QByteArray::fromStdString(check.out)).object().value(u"findings").toArray();
    }

    static constexpr const char *kBashrc = "# ~/.bashrc\n"
                                           "export EDITOR=vim\n"
                                           "export LD_LIBRARY_PATH=$HOME/cuda-12.1/lib64:$LD_LIBRARY_PATH\n";
    TempDir m_dir{"td-corpus-bashrc"};
    fs::path m_home, m_data, m_python, m_wheelCopy;
};

} // namespace

TEST_F(StaleCudaInBashrc, CheckNamesTheCopyTheVariableItsLineAndTheCopyWithTheSymbolThenFixEnvRepairs)
{
    const RunResult broken = importTorch();
    ASSERT_NE(broken.exitCode, 0);
    ASSERT_NE(broken.err.find("undefined symbol: __nvJitLinkComplete_12_4, version libnvJitLink.so.12"),
              std::string::npos)
        << broken.err;

    const std::string stale = (m_home / "cuda-12.1/lib64").string();
    const QJsonArray list = findings();
    ASSERT_FALSE(list.isEmpty());
    // The root cause leads: the LD_LIBRARY_PATH entry, set in ~/.bashrc line 3.
    const QJsonObject first = list.first().toObject();
    EXPECT_EQ(first.value(u"id").toString(), u"env.suspicious");
    const QJsonObject cause = first.value(u"evidence").toObject();
    EXPECT_EQ(cause.value(u"variable").toString(), u"LD_LIBRARY_PATH");
    EXPECT_EQ(cause.value(u"entry").toString().toStdString(), stale);
    EXPECT_TRUE(cause.value(u"root_cause").toBool());
    const QJsonArray setIn = cause.value(u"set_in").toArray();
    ASSERT_EQ(setIn.size(), 1);
    EXPECT_EQ(setIn[0].toObject().value(u"file").toString().toStdString(), (m_home / ".bashrc").string());
    EXPECT_EQ(setIn[0].toObject().value(u"line").toInt(), 3);
    EXPECT_NE(first.value(u"detail").toString().indexOf(u".bashrc line 3"), -1) << first.value(u"detail").toString().toStdString();

    // The symptom: which symbol, which copy loads (from where), and which copy has it.
    const QJsonObject *symptom = nullptr;
    QJsonObject symbolEvidence;
    // It is held by its cause, not a row of its own.
    for (const auto &v : list)
        EXPECT_NE(v.toObject().value(u"id").toString(), u"lib.symbol-missing");
    for (const auto &v : td::checks::everyFinding(list))
        if (v.toObject().value(u"id").toString() == u"lib.symbol-missing") {
            symbolEvidence = v.toObject().value(u"evidence").toObject();
            symptom = &symbolEvidence;
        }
    ASSERT_NE(symptom, nullptr);
    // ld.so names the first it fails on; every one the stale copy lacks is listed.
    EXPECT_TRUE(symbolEvidence.value(u"symbols").toArray().contains(u"__nvJitLinkComplete_12_4"_s))
        << QJsonDocument(symbolEvidence).toJson().toStdString();
    EXPECT_EQ(symbolEvidence.value(u"symbol_version").toString(), u"libnvJitLink.so.12");
    EXPECT_EQ(symbolEvidence.value(u"loaded").toString().toStdString(), stale + "/libnvJitLink.so.12");
    EXPECT_EQ(fs::weakly_canonical(symbolEvidence.value(u"has_symbol").toString().toStdString()), m_wheelCopy);
    EXPECT_EQ(symbolEvidence.value(u"set_in").toArray().size(), 1);

    // `fix env` removes the entry; the real loader then succeeds; undo brings it back.
    const RunResult fix = inNewBash({config::torchdoctor, "fix", "env", "--python", m_python.string(), "--yes"});
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    const std::string bashrc = readFile(m_home / ".bashrc");
    EXPECT_EQ(bashrc.rfind("# ~/.bashrc\nexport EDITOR=vim\n", 0), 0u) << bashrc;
    for (const std::string &line : lines(bashrc)) {
        if (!line.empty() && line[0] != '#') {
            EXPECT_EQ(line.find("cuda-12.1"), std::string::npos) << bashrc;
        }
    }
    const RunResult fixed = importTorch();
    EXPECT_EQ(fixed.exitCode, 0) << fixed.err;
    for (const auto &v : td::checks::everyFinding(findings())) {
        EXPECT_NE(v.toObject().value(u"id").toString(), u"lib.symbol-missing");
    }
}

// torch's aarch64 wheel (its real files, from PyPI) installed into an x86_64 venv: one finding, the
// wheel built for another machine, holding the library errors inside torch's folder; no system repair.
TEST(WheelForAnotherMachine, IsOneFindingThatHoldsTheLibraryErrors)
{
    const char *const kAarch64 = "torch-2.4.1-manylinux2014_aarch64";
    ASSERT_TRUE(corpus::has({kAarch64}));
    TempDir dir("td-corpus-aarch64");
    const fs::path python = test::python::makeVenv(dir / "venv");
    ASSERT_FALSE(python.empty());
    const fs::path site = test::python::sitePackages(dir / "venv");
    for (const char *folder : {"torch", "torch.libs"})
        corpus::linkTree(corpus::folder(kAarch64) / folder, site / folder);
    // What the wheel's Python part does first (torch/__init__.py), and the dist-info pip writes for it,
    // with the wheel's own tag.
    writeFile(site / "torch/__init__.py", "import ctypes, os\n"
                                          "ctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', "
                                          "'libtorch_global_deps.so'), mode=ctypes.RTLD_GLOBAL)\n");
    const fs::path info = site / "torch-2.4.1.dist-info";
    writeFile(info / "METADATA", "Metadata-Version: 2.1\nName: torch\nVersion: 2.4.1\n\nTensors.\n");
    writeFile(info / "WHEEL", "Wheel-Version: 1.0\nGenerator: bdist_wheel (0.43.0)\nRoot-Is-Purelib: false\n"
                              "Tag: cp311-cp311-manylinux2014_aarch64\n\n");
    writeFile(info / "INSTALLER", "pip\n");
    RunOptions o;
    o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH"};
    o.setEnv = {{"PATH", "/usr/bin:/bin"}}; // python3 is Debian's, which has its own torch
    EXPECT_NE(run({python.string(), "-c", "import torch"}, o).exitCode, 0);

    const RunResult check =
        run({config::torchdoctor, "check", "--python", python.string(), "--format", "json", "--no-import"}, o);
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const QJsonArray findings =
        QJsonDocument::fromJson(QByteArray::fromStdString(check.out)).object().value("findings"_L1).toArray();
    ASSERT_FALSE(findings.isEmpty()) << check.out;
    const QJsonObject lead = findings.first().toObject();
    EXPECT_EQ(lead.value("id"_L1).toString(), "packages.wheel-mismatch"_L1) << check.out;
    EXPECT_TRUE(lead.value("title"_L1).toString().contains("manylinux2014_aarch64"_L1));
    EXPECT_EQ(lead.value("fixes"_L1).toArray(), QJsonArray{"reinstall"_L1});
    EXPECT_FALSE(lead.value("evidence"_L1).toObject().value("symptoms"_L1).toArray().isEmpty());
    for (const QJsonValue &f : findings) // no row of its own for a library of that wheel
        EXPECT_FALSE(f.toObject().value("id"_L1).toString().startsWith("lib."_L1)) << check.out;
}
