// SPDX-License-Identifier: GPL-3.0-or-later
// The reinstall repair: the planner on stood-up facts, and `torchdoctor fix
// reinstall` + `undo` end to end with a real pip in a real venv, installing
// small torch wheels built here from a local wheelhouse.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include "fixes/ReinstallPlanner.h"
#include "python/TorchProbe.h"

#include <gtest/gtest.h>

#include <QFileInfo>
#include <QJsonArray>

#include <cstdio>

using namespace td;
using namespace td::test;

namespace {

knowledge::KnowledgeBase &kb()
{
    static knowledge::KnowledgeBase base;
    static const QStringList errors = base.load();
    EXPECT_TRUE(errors.isEmpty()) << errors.join(u';').toStdString();
    return base;
}

checks::Facts facts(const QString &driver, int ccMajor, int ccMinor, const QVersionNumber &python, const QString &torch,
                    const QString &installer = QStringLiteral("pip"))
{
    checks::Facts f;
    td::python::StaticProbe probe;
    probe.interpreter.executable = QStringLiteral("/home/u/venv/bin/python");
    probe.interpreter.prefix = QStringLiteral("/home/u/venv");
    probe.interpreter.version = python;
    probe.interpreter.platform = QStringLiteral("linux");
    probe.interpreter.machine = QStringLiteral("x86_64");
    probe.interpreter.bits = 64;
    probe.interpreter.usable = true;
    probe.torch.installed = !torch.isEmpty();
    probe.torch.version = torch;
    probe.torch.installer = installer;
    probe.torch.packageDir = QStringLiteral("/home/u/venv/lib/python3/site-packages/torch");
    f.interpreters << probe;
    f.chosen = 0;
    f.chosenExecutable = probe.interpreter.executable;
    if (!driver.isEmpty()) {
        f.gpu.nvidiaDriverFound = true;
        f.gpu.driverVersion = driver;
        f.gpu.gpus << platform::Gpu{QStringLiteral("NVIDIA GPU"), ccMajor, ccMinor, 0, {}, {}};
    }
    return f;
}

checks::Finding finding(const char *id)
{
    checks::Finding f;
    f.id = QString::fromLatin1(id);
    return f;
}

const fixes::RunProgram &onlyStep(const fixes::ReinstallPlan &p)
{
    EXPECT_EQ(p.plan.steps.size(), 1);
    return std::get<fixes::RunProgram>(p.plan.steps.first().action);
}

fixes::ReinstallPlan planFor(const checks::Facts &f, const QProcessEnvironment &env = QProcessEnvironment())
{
    const fixes::ReinstallPlanner planner(kb(), env);
    return planner.plan(f, {finding("torch.import-failed")});
}

} // namespace

TEST(ReinstallPlanner, NewGpuNewDriverGetsCuda12)
{
    const auto p =
        planFor(facts(QStringLiteral("560.35.03"), 8, 9, QVersionNumber(3, 12, 4), QStringLiteral("2.5.1+cu121")));
    EXPECT_TRUE(p.variant.startsWith(QLatin1String("cu12"))) << p.variant.toStdString();
    const fixes::RunProgram &step = onlyStep(p);
    EXPECT_EQ(step.program, QStringLiteral("/home/u/venv/bin/python"));
    EXPECT_TRUE(step.arguments.contains(QStringLiteral("--force-reinstall")));
    // The newest 2.5 exactly; forced, being the version installed; its dependencies too (another index).
    EXPECT_TRUE(step.arguments.contains(QStringLiteral("torch==2.5.1")));
    EXPECT_EQ(step.arguments.contains(QStringLiteral("--no-deps")), p.variant == QStringLiteral("cu121"));
    EXPECT_TRUE(step.arguments.contains(QStringLiteral("https://download.pytorch.org/whl/") + p.variant));
    EXPECT_FALSE(step.snapshotProgram.isEmpty());
    EXPECT_TRUE(step.undoArguments.contains(QStringLiteral("{snapshot}")));
    EXPECT_TRUE(p.plan.describe().contains(QStringLiteral("undoing this repair removes")))
        << p.plan.describe().toStdString();
}

TEST(ReinstallPlanner, PascalGpuIsNotGivenCuda13)
{
    const auto p = planFor(facts(QStringLiteral("580.65.06"), 6, 1, QVersionNumber(3, 12, 4), {}));
    EXPECT_FALSE(p.variant.isEmpty());
    EXPECT_NE(p.variant, QStringLiteral("cu130")) << p.variant.toStdString();
    EXPECT_NE(p.variant, QStringLiteral("cpu"));
    EXPECT_EQ(kb().archSupport(p.variant, 6, 1, p.torchSeries), knowledge::Support::Full) << p.variant.toStdString();
}

TEST(ReinstallPlanner, NoDriverGetsCpu)
{
    const auto p = planFor(facts({}, 0, 0, QVersionNumber(3, 11, 2), QStringLiteral("2.4.0")));
    EXPECT_EQ(p.variant, QStringLiteral("cpu"));
    EXPECT_EQ(p.indexUrl, QStringLiteral("https://download.pytorch.org/whl/cpu"));
}

TEST(ReinstallPlanner, UvInstallUsesUv)
{
    TempDir dir("td-reinstall-uv");
    writeFile(dir / "uv", "#!/bin/sh\nexit 0\n");
    fs::permissions(dir / "uv", fs::perms::owner_all);
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), test::python::qs(dir.path()));
    const auto p =
        planFor(facts({}, 0, 0, QVersionNumber(3, 12, 1), QStringLiteral("2.5.1"), QStringLiteral("uv")), env);
    EXPECT_EQ(p.installer, QStringLiteral("uv"));
    const fixes::RunProgram &step = onlyStep(p);
    EXPECT_EQ(step.program, test::python::qs(dir / "uv"));
    EXPECT_EQ(step.arguments.mid(0, 4),
              (QStringList{QStringLiteral("pip"), QStringLiteral("install"), QStringLiteral("--python"),
                           QStringLiteral("/home/u/venv/bin/python")}));
    // Without uv on PATH: pip, with a note.
    const auto q = planFor(facts({}, 0, 0, QVersionNumber(3, 12, 1), QStringLiteral("2.5.1"), QStringLiteral("uv")),
                           QProcessEnvironment());
    EXPECT_EQ(q.installer, QStringLiteral("pip"));
    EXPECT_TRUE(q.plan.describe().contains(QStringLiteral("uv is not on PATH")));
}

// The reinstall says what it needs on disk, where: the new torch (and its
// NVIDIA libraries) beside the old one, and the wheels, next to what is there.
TEST(ReinstallPlanner, SaysHowMuchRoomTheReinstallNeeds)
{
    TempDir dir("td-reinstall-space");
    const fs::path site = dir / "site-packages";
    fs::create_directories(site / "torch/lib");
    fs::create_directories(site / "nvidia/cublas/lib");
    writeFile(site / "torch/lib/libtorch_cpu.so", std::string(600000, 't'));
    writeFile(site / "nvidia/cublas/lib/libcublas.so.12", std::string(400000, 'n'));
    writeFile(site / "numpy.py", std::string(999999, 'x')); // not part of it
    checks::Facts f = facts({}, 0, 0, QVersionNumber(3, 12, 1), QStringLiteral("2.5.1"));
    f.interpreters[0].torch.packageDir = test::python::qs(site / "torch");
    const fixes::ReinstallPlan plan = planFor(f);
    const fixes::RunProgram &step = onlyStep(plan);
    EXPECT_EQ(step.spaceFolder, test::python::qs(site));
    EXPECT_EQ(step.spaceNeeded, 1000000 * 3 / 2);
}

TEST(ReinstallPlanner, CondaWarnsFirst)
{
    const auto p = planFor(facts({}, 0, 0, QVersionNumber(3, 11, 9), QStringLiteral("2.4.1"), QStringLiteral("conda")));
    ASSERT_FALSE(p.plan.warnings.isEmpty());
    EXPECT_TRUE(p.plan.warnings.first().contains(QStringLiteral("conda install")))
        << p.plan.warnings.first().toStdString();
    EXPECT_TRUE(p.plan.warnings.first().contains(QStringLiteral("pip"))) << p.plan.warnings.first().toStdString();
}

TEST(ReinstallPlanner, CompanionsAtMatchingVersions)
{
    checks::Facts f = facts(QStringLiteral("560.35.03"), 8, 6, QVersionNumber(3, 11, 4), QStringLiteral("2.5.1+cu124"));
    // A torchvision of another release: the mismatch the plan repairs.
    f.interpreters[0].torch.companions
        << td::python::PackageInfo{QStringLiteral("torchvision"), QStringLiteral("0.19.0"), {}, QStringLiteral("pip")}
        << td::python::PackageInfo{QStringLiteral("torchaudio"), QStringLiteral("2.5.1"), {}, QStringLiteral("pip")}
        << td::python::PackageInfo{QStringLiteral("numpy"), QStringLiteral("2.1.0"), {}, QStringLiteral("pip")};
    const fixes::ReinstallPlanner planner(kb(), QProcessEnvironment());
    checks::Finding mismatch = finding("packages.mismatch");
    mismatch.fixes = {checks::FixFamily::Reinstall};
    EXPECT_TRUE(fixes::ReinstallPlanner::handles(mismatch));
    const auto p = planner.plan(f, {mismatch});
    const auto c = kb().companions(QStringLiteral("2.5.1"));
    ASSERT_TRUE(c.has_value());
    EXPECT_TRUE(p.packages.contains(QStringLiteral("torchvision==%1.*").arg(c->torchvision)))
        << p.packages.join(u' ').toStdString();
    EXPECT_EQ(p.packages.size(), 3) << p.packages.join(u' ').toStdString();
    EXPECT_EQ(p.packages.first(), QStringLiteral("torch==") + kb().release(QStringLiteral("2.5"))->latest);
    EXPECT_FALSE(p.packages.join(u' ').contains(QStringLiteral("numpy")));
}

// The check decides (tests/fixes/NamedRepairsTest.cpp holds every finding to what its repairs plan).
TEST(ReinstallPlanner, TakesTheFindingsThatNameIt)
{
    checks::Finding lib = finding("lib.unreadable");
    EXPECT_FALSE(fixes::ReinstallPlanner::handles(lib));
    lib.fixes = {checks::FixFamily::Env, checks::FixFamily::Reinstall};
    EXPECT_TRUE(fixes::ReinstallPlanner::handles(lib));
}

TEST(ReinstallPlanner, MissingWheelsOfAWholeTorchAreInstalledAloneAndUndoneBySnapshot)
{
    checks::Facts f = facts({}, 0, 0, QVersionNumber(3, 11, 7), QStringLiteral("2.15.0"));
    td::python::TorchInstall &torch = f.interpreters.first().torch;
    torch.requirements = {{QStringLiteral("cuda-toolkit"),
                           {QStringLiteral("cudart"), QStringLiteral("cublas")},
                           QStringLiteral("==13.2.2")},
                          {QStringLiteral("nvidia-cudnn-cu13"), {}, QStringLiteral("==9.26.0.51")}};
    auto missing = [](const char *library) {
        checks::Finding lib = finding("lib.missing");
        lib.evidence.insert(QStringLiteral("library"), QString::fromLatin1(library));
        lib.evidence.insert(QStringLiteral("wheel"), QStringLiteral("(named by check)"));
        return lib;
    };
    const fixes::ReinstallPlanner planner(kb(), QProcessEnvironment());
    const auto p = planner.plan(f, {finding("torch.import-failed"), missing("libcudart.so.13"),
                                    missing("libcudnn.so.9"), missing("libcublasLt.so.13")});
    EXPECT_EQ(p.packages, (QStringList{QStringLiteral("cuda-toolkit[cublas,cudart]==13.2.2"),
                                       QStringLiteral("nvidia-cudnn-cu13==9.26.0.51")}));
    const fixes::RunProgram &step = onlyStep(p);
    EXPECT_FALSE(step.arguments.contains(QStringLiteral("--force-reinstall"))); // torch stays as it is
    EXPECT_FALSE(step.arguments.join(u' ').contains(QStringLiteral("torch==")));
    EXPECT_FALSE(step.arguments.contains(QStringLiteral("--index-url"))); // PyPI, pip's own index
    EXPECT_FALSE(step.snapshotProgram.isEmpty());
    EXPECT_TRUE(step.undoArguments.contains(QStringLiteral("{snapshot}")));

    // A library no requirement ships, or another kind of damage: the whole reinstall, as before.
    const auto whole = planner.plan(f, {missing("libcudart.so.13"), missing("libfoo.so.1")});
    EXPECT_TRUE(whole.packages.first().startsWith(QStringLiteral("torch==")));
}

// End to end, with a real pip.
namespace {

// A wheel of a fake torch: the package, version.py and a dist-info.
void buildTorchWheel(const fs::path &wheelhouse, const std::string &version, const std::string &init)
{
    const fs::path source = wheelhouse / ("src-" + version);
    writeFile(source / "__init__.py", init);
    writeFile(source / "version.py", "__version__ = '" + version
                                         + "'\ndebug = False\ncuda = None\ngit_version = 'abc'\nhip = None\n");
    test::python::buildWheel(wheelhouse, "torch", version,
                             {{"torch/__init__.py", source / "__init__.py"},
                              {"torch/version.py", source / "version.py"}});
    fs::remove_all(source);
}

class ReinstallCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        fs::create_directories(m_wheels);
        buildTorchWheel(m_wheels, "2.4.0", "raise ImportError('libtorch_cpu.so: cannot open shared object file')\n");
        buildTorchWheel(m_wheels, "2.4.1", "from .version import __version__\n");
        const RunResult venv = run({test::python::kSystemPython.string(), "-m", "venv", (m_dir / "venv").string()});
        ASSERT_TRUE(venv.ok()) << venv.err;
        m_python = m_dir / "venv/bin/python";
        runOk({m_python.string(), "-m", "pip", "install", "-q", "--disable-pip-version-check", "--no-index",
               "--find-links", m_wheels.string(), "torch==2.4.0"},
              options());
        ASSERT_EQ(freeze(), "torch==2.4.0\n");
    }

    RunOptions options() const
    {
        RunOptions o;
        o.setEnv = {{"HOME", (m_dir / "home").string()},
                    {"XDG_DATA_HOME", (m_dir / "data").string()},
                    {"PIP_CONFIG_FILE", "/dev/null"}};
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD",    "CONDA_PREFIX",
                      "VIRTUAL_ENV",     "PIP_INDEX_URL", "PIP_FIND_LINKS"};
        o.timeout = std::chrono::seconds(300);
        return o;
    }

    RunResult torchdoctor(std::vector<std::string> args) const
    {
        args.insert(args.begin(), config::torchdoctor);
        return run(args, options());
    }

    // Each file torch's RECORD lists, with its sha256: what undo must put back byte for byte.
    std::string torchFiles() const
    {
        return run({m_python.string(), "-c",
                    "import hashlib, importlib.metadata as m\n"
                    "d = m.distribution('torch')\n"
                    "for f in sorted(d.files, key=str):\n"
                    "    p = d.locate_file(f)\n"
                    "    if p.is_file(): print(f, hashlib.sha256(p.read_bytes()).hexdigest())\n"},
                   options())
            .out;
    }

    std::string freeze() const
    {
        return run({m_python.string(), "-m", "pip", "freeze", "--disable-pip-version-check"}, options()).out;
    }

    // No journal entry anywhere under the data folder (the log may be there).
    bool journalEmpty() const
    {
        const fs::path data = m_dir / "data";
        if (!fs::exists(data))
            return true;
        for (const auto &e : fs::recursive_directory_iterator(data))
            if (e.is_regular_file() && e.path().string().find("journal") != std::string::npos)
                return false;
        return true;
    }

    TempDir m_dir{"td-reinstall"};
    fs::path m_wheels = m_dir / "wheels";
    fs::path m_python;
};

void show(const char *what, const RunResult &r)
{
    std::printf("$ %s   (exit %d)\n%s%s\n", what, r.exitCode, r.out.c_str(), r.err.c_str());
}

} // namespace

TEST_F(ReinstallCli, ReinstallThenUndo)
{
    ASSERT_NE(run({m_python.string(), "-c", "import torch"}, options()).exitCode, 0);
    const std::string before = torchFiles();
    ASSERT_NE(before.find("torch/__init__.py "), std::string::npos) << before;

    const RunResult fix = torchdoctor(
        {"fix", "reinstall", "--python", m_python.string(), "--yes", "--no-index", "--find-links", m_wheels.string()});
    show("torchdoctor fix reinstall --python venv/bin/python --yes --no-index --find-links wheels", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    // Exactly the release that fixes 2.4.0, and nothing else: its requirements are met already.
    EXPECT_NE(fix.out.find("install --disable-pip-version-check torch==2.4.1 --no-index"), std::string::npos)
        << fix.out;
    EXPECT_NE(fix.out.find("gone: "), std::string::npos) << fix.out;
    EXPECT_EQ(freeze(), "torch==2.4.1\n");
    const RunResult imported = run({m_python.string(), "-c", "import torch; print(torch.__version__)"}, options());
    EXPECT_EQ(imported.exitCode, 0) << imported.err;
    EXPECT_EQ(imported.out, "2.4.1\n");

    const RunResult undo = torchdoctor({"undo", "--yes"});
    show("torchdoctor undo --yes", undo);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(freeze(), "torch==2.4.0\n");
    EXPECT_EQ(torchFiles(), before); // 2.4.0's own files, not a reinstall of that version
    EXPECT_NE(run({m_python.string(), "-c", "import torch"}, options()).exitCode, 0);
}

TEST_F(ReinstallCli, OfflineStopsBeforeAnything)
{
    const RunResult r = torchdoctor(
        {"fix", "reinstall", "--python", m_python.string(), "--yes", "--index-url", "http://127.0.0.1:9/whl/cpu"});
    show("torchdoctor fix reinstall --index-url http://127.0.0.1:9/whl/cpu --yes", r);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("cannot be reached"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was changed"), std::string::npos) << r.err;
    EXPECT_EQ(freeze(), "torch==2.4.0\n");
    EXPECT_TRUE(journalEmpty());
}

TEST_F(ReinstallCli, NothingWithoutConfirmation)
{
    const RunResult r = torchdoctor(
        {"fix", "reinstall", "--python", m_python.string(), "--no-index", "--find-links", m_wheels.string()});
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("--yes"), std::string::npos) << r.err;
    EXPECT_EQ(freeze(), "torch==2.4.0\n");
    EXPECT_TRUE(journalEmpty());
}

TEST_F(ReinstallCli, DryRunChangesNothing)
{
    const RunResult r = torchdoctor({"fix", "reinstall", "--python", m_python.string(), "--dry-run"});
    show("torchdoctor fix reinstall --dry-run", r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("https://download.pytorch.org/whl/cpu"), std::string::npos) << r.out;
    EXPECT_EQ(freeze(), "torch==2.4.0\n");
    EXPECT_TRUE(journalEmpty());
}

// Debian's python3-torch in /usr/bin/python3 (torch 1.13.0a0+gitunknown): the package manager owns it.
// Its plan never points pip at an index named after the local label, and every undo it offers can work.
namespace {

checks::Facts debianTorchFacts()
{
    checks::Facts f;
    f.interpreters << td::python::probeStatic(td::test::python::qs(td::test::python::kSystemPython));
    f.chosen = 0;
    f.chosenExecutable = td::test::python::qs(td::test::python::kSystemPython);
    return f;
}

// Every program an undo would run exists, and no argument names a made-up index.
void expectUndoesWork(const fixes::FixPlan &plan)
{
    for (const fixes::FixStep &step : plan.steps) {
        const auto &run = std::get<fixes::RunProgram>(step.action);
        EXPECT_FALSE(run.arguments.join(u' ').contains(QStringLiteral("gitunknown"))) << run.arguments.join(u' ').toStdString();
        if (run.undoProgram.isEmpty())
            continue;
        EXPECT_TRUE(QFileInfo(run.undoProgram).isExecutable()) << run.undoProgram.toStdString();
        EXPECT_FALSE(run.undoArguments.join(u' ').contains(QStringLiteral("whl/"))) << run.undoArguments.join(u' ').toStdString();
    }
}

} // namespace

TEST(ReinstallPlanner, ADistributionTorchIsReinstalledByItsPackageManager)
{
    const checks::Facts f = debianTorchFacts();
    ASSERT_TRUE(f.interpreters.first().torch.installed) << "Debian's python3-torch is needed: ./tools/setup.sh";
    ASSERT_TRUE(f.interpreters.first().torch.version.contains(QStringLiteral("gitunknown")));
    const fixes::ReinstallPlanner planner(kb(), QProcessEnvironment::systemEnvironment());
    const fixes::ReinstallPlan p = planner.plan(f, {finding("torch.import-failed")});
    EXPECT_EQ(p.distributionPackage, QStringLiteral("python3-torch"));
    ASSERT_EQ(p.plan.steps.size(), 1);
    const auto &run = std::get<fixes::RunProgram>(p.plan.steps.first().action);
    EXPECT_TRUE(run.program.endsWith(QStringLiteral("apt-get"))) << run.program.toStdString();
    EXPECT_TRUE(run.needsAdmin);
    EXPECT_TRUE(run.arguments.contains(QStringLiteral("--reinstall")));
    // Pinned to the version installed, as dpkg names it.
    const QString pinned = run.arguments.last();
    EXPECT_TRUE(pinned.startsWith(QStringLiteral("python3-torch=1.13"))) << pinned.toStdString();
    EXPECT_TRUE(p.indexUrl.isEmpty());
    EXPECT_TRUE(p.undo.contains(QStringLiteral("Nothing to undo"))) << p.undo.toStdString();
    expectUndoesWork(p.plan);
}

// A venv built over Debian's torch (--system-site-packages): the repair stays
// in the venv, with pip and the source given, never the system's package manager.
TEST(ReinstallPlanner, AVenvOverADistributionTorchIsRepairedInTheVenv)
{
    td::test::TempDir dir;
    const td::test::RunResult made = td::test::run({td::test::python::kSystemPython.string(), "-m", "venv",
                                                    "--without-pip", "--system-site-packages", (dir / "venv").string()});
    ASSERT_TRUE(made.ok()) << made.err;
    checks::Facts f;
    const QString python = td::test::python::qs(dir / "venv/bin/python");
    f.interpreters << td::python::probeStatic(python);
    f.chosen = 0;
    f.chosenExecutable = python;
    ASSERT_TRUE(f.interpreters.first().interpreter.isVenv);
    ASSERT_TRUE(f.interpreters.first().torch.installed) << "Debian's python3-torch is needed: ./tools/setup.sh";
    fixes::WheelSource local;
    local.noIndex = true;
    local.findLinks = {td::test::python::qs(dir.path())};
    const fixes::ReinstallPlanner planner(kb(), QProcessEnvironment::systemEnvironment(), local);
    const fixes::ReinstallPlan p = planner.plan(f, {finding("torch.import-failed")});
    EXPECT_TRUE(p.distributionPackage.isEmpty()) << p.distributionPackage.toStdString();
    ASSERT_FALSE(p.plan.steps.isEmpty()) << p.plan.describe().toStdString();
    for (const fixes::FixStep &step : p.plan.steps) {
        const auto &run = std::get<fixes::RunProgram>(step.action);
        EXPECT_FALSE(run.needsAdmin) << run.program.toStdString();
        EXPECT_FALSE(run.program.endsWith(QStringLiteral("apt-get"))) << run.program.toStdString();
    }
    const QString all = p.plan.describe();
    EXPECT_TRUE(all.contains(QStringLiteral("--no-index"))) << all.toStdString();
}

TEST(ReinstallPlanner, ADistributionTorchThatDoesNotFitGetsAVenvBesideIt)
{
    checks::Facts f = debianTorchFacts();
    ASSERT_TRUE(f.interpreters.first().torch.installed) << "Debian's python3-torch is needed: ./tools/setup.sh";
    f.gpu.nvidiaDriverFound = true;
    f.gpu.driverVersion = QStringLiteral("570.86.10");
    f.gpu.gpus << platform::Gpu{QStringLiteral("NVIDIA GPU"), 8, 6, 0, {}, {}};
    TempDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("HOME"), td::test::python::qs(home.path()));
    const fixes::ReinstallPlanner planner(kb(), env);
    const fixes::ReinstallPlan p = planner.plan(f, {finding("cuda.cpu-build-with-gpu")});
    EXPECT_EQ(p.distributionPackage, QStringLiteral("python3-torch"));
    ASSERT_EQ(p.plan.steps.size(), 2);
    const auto &make = std::get<fixes::RunProgram>(p.plan.steps[0].action);
    const auto &install = std::get<fixes::RunProgram>(p.plan.steps[1].action);
    EXPECT_EQ(make.arguments.mid(0, 2), (QStringList{QStringLiteral("-m"), QStringLiteral("venv")}));
    const QString venv = make.arguments.last();
    EXPECT_TRUE(venv.startsWith(td::test::python::qs(home.path()))) << venv.toStdString();
    EXPECT_EQ(p.newPython, venv + QStringLiteral("/bin/python"));
    EXPECT_EQ(install.program, p.newPython);
    EXPECT_TRUE(p.variant.startsWith(QStringLiteral("cu"))) << p.variant.toStdString();
    EXPECT_TRUE(install.arguments.contains(QStringLiteral("https://download.pytorch.org/whl/") + p.variant));
    // Undo: the venv goes, and the undo really removes a folder made as the step makes it.
    expectUndoesWork(p.plan);
    ASSERT_EQ(runOk({td::test::python::kSystemPython.string(), "-m", "venv", "--without-pip", venv.toStdString()}), "");
    ASSERT_TRUE(QFileInfo::exists(venv));
    std::vector<std::string> undo{make.undoProgram.toStdString()};
    for (const QString &a : make.undoArguments)
        undo.push_back(a.toStdString());
    runOk(undo);
    EXPECT_FALSE(QFileInfo::exists(venv));
}

// A pip-installed torch with a local build label (+gitunknown) is on no index: no undo is offered that
// would ask one for it.
TEST(ReinstallPlanner, UndoPutsTheKeptFilesBackWithoutAnIndex)
{
    // A local build is on no index, and an index may be out of reach at undo time: undo restores
    // the files kept before the step, whatever the build.
    for (const char *version : {"2.5.0a0+gitunknown", "2.5.1+cu121", "2.4.0"}) {
        const auto p = planFor(facts({}, 0, 0, QVersionNumber(3, 11), QString::fromLatin1(version)));
        const auto &run = onlyStep(p);
        EXPECT_EQ(run.undoProgram, QStringLiteral("/home/u/venv/bin/python")) << version;
        EXPECT_TRUE(run.undoArguments.contains(QStringLiteral("restore"))) << version;
        EXPECT_TRUE(run.snapshotArguments.contains(QStringLiteral("keep"))) << version;
        EXPECT_TRUE(run.snapshotArguments.contains(QStringLiteral("{snapshot}"))) << version;
        EXPECT_FALSE(run.undoArguments.join(u' ').contains(QStringLiteral("https://"))) << version;
        EXPECT_FALSE(run.arguments.join(u' ').contains(QStringLiteral("gitunknown"))) << version;
    }
}

TEST(ReinstallPlanner, APythonWithoutPipRunsPipFromItsWheel)
{
    TempDir dir("td-reinstall-nopip");
    const fs::path site = dir / "Lib/site-packages", wheels = dir / "wheels";
    fs::create_directories(site / "torch");
    fs::create_directories(wheels);
    writeFile(wheels / "pip-24.0-py3-none-any.whl", "");
    writeFile(wheels / "pip-26.3-py3-none-any.whl", "");
    checks::Facts f = facts({}, 0, 0, QVersionNumber(3, 11, 9), QStringLiteral("2.4.0"));
    f.interpreters[0].sitePackages = {test::python::qs(site)};
    // Without a wheel of pip, nothing is planned, and the reason is said.
    const auto none = planFor(f);
    EXPECT_TRUE(none.plan.steps.isEmpty());
    EXPECT_TRUE(none.plan.warnings.join(u' ').contains(QStringLiteral("has no pip")))
        << none.plan.describe().toStdString();
    // With one in the wheel folder, the newest runs from it.
    const fixes::ReinstallPlanner planner(kb(), QProcessEnvironment(), {{test::python::qs(wheels)}, true, {}});
    const auto p = planner.plan(f, {finding("torch.import-failed")});
    const auto &run = onlyStep(p);
    ASSERT_FALSE(run.arguments.isEmpty());
    EXPECT_EQ(run.arguments.first(), test::python::qs(wheels / "pip-26.3-py3-none-any.whl") + QStringLiteral("/pip"));
    EXPECT_TRUE(run.arguments.contains(QStringLiteral("torch==2.4.1")));
    EXPECT_FALSE(run.arguments.contains(QStringLiteral("--force-reinstall")));
    EXPECT_EQ(p.preflightArguments.first(), run.arguments.first());
}
