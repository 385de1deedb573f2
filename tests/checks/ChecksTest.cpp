// SPDX-License-Identifier: GPL-3.0-or-later
// Each check against machine states that cannot exist here (GPUs, drivers,
// Windows DLL trees), stood up as facts; and the runner's guarantees.
#include "BuiltinKnowledge.h"
#include "CheckFacts.h"
#include "TestSupport.h"

#include "checks/CheckRunner.h"
#include "checks/LibraryChecks.h"
#include "checks/SystemChecks.h"
#include "checks/TorchChecks.h"
#include "knowledge/KnowledgeBase.h"
#include "loader/GraphBuilder.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDir>

using namespace td;
using namespace td::checks;
using td::test::machine;
using td::test::withGpu;

namespace {

const knowledge::KnowledgeBase &kb()
{
    return test::builtinKnowledge();
}

QStringList ids(const QList<Finding> &findings)
{
    QStringList out;
    for (const auto &f : findings)
        out << f.id;
    return out;
}

} // namespace

TEST(GpuCheck, CpuBuildOnAMachineWithAGpu)
{
    Facts f = machine(QStringLiteral("2.5.1+cpu"), {});
    withGpu(f, QStringLiteral("560.35.03"), 12060, QStringLiteral("NVIDIA GeForce RTX 4090"), 8, 9);
    const auto found = GpuCheck().run(f, kb());
    ASSERT_EQ(ids(found), QStringList{QStringLiteral("cuda.cpu-build-with-gpu")});
    EXPECT_TRUE(found[0]
                    .evidence.value(QStringLiteral("suggested_index"))
                    .toString()
                    .startsWith(QStringLiteral("https://download.pytorch.org/whl/cu")))
        << found[0].detail.toStdString();
    EXPECT_EQ(found[0].fixes, QList<FixFamily>{FixFamily::Reinstall});
}

TEST(GpuCheck, DriverTooOldForTheWheel)
{
    // torch built with CUDA 12.8; driver 535 supports CUDA 12.2 (the 12.x family needs >= 525 though:
    // a cu128 build runs with limited features). 470 is below the family floor: too old.
    Facts f = machine(QStringLiteral("2.7.0+cu128"), QStringLiteral("12.8"));
    withGpu(f, QStringLiteral("470.82.01"), 11040, QStringLiteral("Tesla T4"), 7, 5);
    const auto found = GpuCheck().run(f, kb());
    ASSERT_TRUE(ids(found).contains(QStringLiteral("cuda.driver-too-old"))) << ids(found).join(u' ').toStdString();
    const Finding &tooOld = found[ids(found).indexOf(QStringLiteral("cuda.driver-too-old"))];
    EXPECT_EQ(tooOld.severity, Severity::Error);
    EXPECT_TRUE(tooOld.detail.contains(QStringLiteral("470.82.01")));
}

TEST(GpuCheck, BlackwellWithAWheelThatLacksSm120)
{
    Facts f = machine(QStringLiteral("2.6.0+cu124"), QStringLiteral("12.4"));
    withGpu(f, QStringLiteral("575.51.03"), 12090, QStringLiteral("NVIDIA GeForce RTX 5090"), 12, 0);
    f.import.outcome = python::ImportResult::Outcome::Ok;
    f.import.cudaVersion = QStringLiteral("12.4");
    f.import.archList = {QStringLiteral("sm_50"), QStringLiteral("sm_60"), QStringLiteral("sm_70"),
                         QStringLiteral("sm_75"), QStringLiteral("sm_80"), QStringLiteral("sm_86"),
                         QStringLiteral("sm_90")};
    const auto found = GpuCheck().run(f, kb());
    ASSERT_TRUE(ids(found).contains(QStringLiteral("cuda.gpu-arch-unsupported")))
        << ids(found).join(u' ').toStdString();
    const Finding &arch = found[ids(found).indexOf(QStringLiteral("cuda.gpu-arch-unsupported"))];
    EXPECT_EQ(arch.severity, Severity::Error);
    EXPECT_EQ(arch.evidence.value(QStringLiteral("compute_capability")).toString(), QStringLiteral("12.0"));
}

TEST(GpuCheck, OldGpuWithCu130)
{
    // A GTX 1080 Ti (sm_61) and a cu130 build: Pascal was dropped.
    Facts f = machine(QStringLiteral("2.9.0+cu130"), QStringLiteral("13.0"));
    withGpu(f, QStringLiteral("580.65.06"), 13000, QStringLiteral("NVIDIA GeForce GTX 1080 Ti"), 6, 1);
    const auto found = GpuCheck().run(f, kb());
    EXPECT_TRUE(ids(found).contains(QStringLiteral("cuda.gpu-arch-unsupported")))
        << ids(found).join(u' ').toStdString();
}

TEST(GpuCheck, CudaBuildWithoutADriverAndHealthyCases)
{
    Facts f = machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1"));
    f.gpu.nvidiaDriverFound = false;
    EXPECT_EQ(ids(GpuCheck().run(f, kb())), QStringList{QStringLiteral("cuda.no-driver")});
    // CPU build, no GPU: nothing to say. Matching driver and GPU: nothing either.
    EXPECT_TRUE(GpuCheck().run(machine(QStringLiteral("2.5.1+cpu"), {}), kb()).isEmpty());
    Facts good = machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1"));
    withGpu(good, QStringLiteral("550.54.14"), 12040, QStringLiteral("NVIDIA A100"), 8, 0);
    good.import.outcome = python::ImportResult::Outcome::Ok;
    good.import.cudaVersion = QStringLiteral("12.1");
    good.import.cudaAvailable = true;
    good.import.archList = {QStringLiteral("sm_80"), QStringLiteral("sm_86"), QStringLiteral("sm_90")};
    EXPECT_TRUE(GpuCheck().run(good, kb()).isEmpty()) << ids(GpuCheck().run(good, kb())).join(u' ').toStdString();
}

TEST(GpuCheck, Cu129BuildsOf211AreKnown)
{
    // torch 2.11.0+cu129 that does not import: the table decides, and it has a row for it.
    Facts f = machine(QStringLiteral("2.11.0+cu129"), QStringLiteral("12.9"));
    withGpu(f, QStringLiteral("575.51.03"), 12090, QStringLiteral("NVIDIA GeForce RTX 3090"), 8, 6);
    f.import.outcome = python::ImportResult::Outcome::Failed;
    EXPECT_FALSE(ids(GpuCheck().run(f, kb())).contains(QStringLiteral("cuda.gpu-arch-unsupported")))
        << ids(GpuCheck().run(f, kb())).join(u' ').toStdString();
}

TEST(GpuCheck, Aarch64BuildsHaveTheirOwnArchitectures)
{
    // A T4G (sm_75) on Graviton: the aarch64 cu126 wheel has only sm_80 and sm_90.
    Facts f = machine(QStringLiteral("2.10.0+cu126"), QStringLiteral("12.6"));
    f.interpreters[0].interpreter.machine = QStringLiteral("aarch64");
    withGpu(f, QStringLiteral("560.35.03"), 12060, QStringLiteral("NVIDIA T4G"), 7, 5);
    f.import.outcome = python::ImportResult::Outcome::Failed;
    EXPECT_TRUE(ids(GpuCheck().run(f, kb())).contains(QStringLiteral("cuda.gpu-arch-unsupported")));
    // The same GPU and build on x86_64 is covered.
    f.interpreters[0].interpreter.machine = QStringLiteral("x86_64");
    EXPECT_FALSE(ids(GpuCheck().run(f, kb())).contains(QStringLiteral("cuda.gpu-arch-unsupported")));
}

TEST(KnowledgeCheck, ATorchNewerThanTheKnowledgeBase)
{
    Facts future = machine(QStringLiteral("2.99.0+cu130"), QStringLiteral("13.0"));
    const auto found = KnowledgeCheck().run(future, kb());
    ASSERT_EQ(ids(found), QStringList{QStringLiteral("knowledge.outdated")});
    EXPECT_EQ(found[0].severity, Severity::Info);
    EXPECT_EQ(found[0].evidence.value(QStringLiteral("newest_known")).toString(), QStringLiteral("2.15"));
    EXPECT_TRUE(found[0].detail.contains(QStringLiteral("inferred from 2.15"))) << found[0].detail.toStdString();
    // Known releases, and no torch at all, are not outdated.
    EXPECT_TRUE(KnowledgeCheck().run(machine(QStringLiteral("2.15.0+cu130"), QStringLiteral("13.0")), kb()).isEmpty());
    EXPECT_TRUE(KnowledgeCheck().run(machine(QStringLiteral("2.5.1+cpu"), {}), kb()).isEmpty());

    // A verdict built on the inference says so: Python 3.10 with torch 2.99 is likely unsupported.
    future.interpreters[0].interpreter.version = QVersionNumber(3, 10, 13);
    future.import.outcome = python::ImportResult::Outcome::Failed;
    const auto python = PythonCheck().run(future, kb());
    ASSERT_EQ(ids(python), QStringList{QStringLiteral("python.unsupported-version")});
    EXPECT_TRUE(python[0].title.contains(QStringLiteral("likely"))) << python[0].title.toStdString();
    EXPECT_TRUE(python[0].detail.contains(QStringLiteral("inferred from torch 2.15")))
        << python[0].detail.toStdString();
    EXPECT_EQ(python[0].evidence.value(QStringLiteral("inferred_from")).toString(), QStringLiteral("2.15"));
}

TEST(PythonCheck, Torch215UsesItsOwnPythonRange)
{
    Facts f = machine(QStringLiteral("2.15.0+cu130"), QStringLiteral("13.0"));
    f.interpreters[0].interpreter.version = QVersionNumber(3, 10, 13);
    f.import.outcome = python::ImportResult::Outcome::Failed;
    const auto found = PythonCheck().run(f, kb());
    ASSERT_EQ(ids(found), QStringList{QStringLiteral("python.unsupported-version")});
    EXPECT_EQ(found[0].severity, Severity::Error);
    EXPECT_FALSE(found[0].title.contains(QStringLiteral("likely")));
    EXPECT_EQ(found[0].evidence.value(QStringLiteral("supported_python")).toString(), QStringLiteral("3.11–3.15"));
    f.interpreters[0].interpreter.version = QVersionNumber(3, 15, 0);
    EXPECT_TRUE(PythonCheck().run(f, kb()).isEmpty());
}

TEST(PythonCheck, VersionBitsAndPlatform)
{
    Facts old = machine(QStringLiteral("2.5.1+cpu"), {});
    old.interpreters[0].interpreter.version = QVersionNumber(3, 8, 10);
    old.import.outcome = python::ImportResult::Outcome::Failed;
    EXPECT_TRUE(ids(PythonCheck().run(old, kb())).contains(QStringLiteral("python.unsupported-version")));
    // It imports: then it works, whatever the wheel matrix says.
    old.import.outcome = python::ImportResult::Outcome::Ok;
    EXPECT_FALSE(ids(PythonCheck().run(old, kb())).contains(QStringLiteral("python.unsupported-version")));

    Facts small = machine(QStringLiteral("2.5.1+cpu"), {}, QStringLiteral("win32"));
    small.interpreters[0].interpreter.bits = 32;
    small.interpreters[0].interpreter.machine = QStringLiteral("x86");
    EXPECT_TRUE(ids(PythonCheck().run(small, kb())).contains(QStringLiteral("python.32-bit")));

    Facts unusable = machine({}, {});
    unusable.interpreters[0].interpreter.usable = false;
    unusable.interpreters[0].interpreter.problem = QStringLiteral("a Microsoft Store alias that opens the Store");
    const auto found = PythonCheck().run(unusable, kb());
    ASSERT_EQ(ids(found), QStringList{QStringLiteral("python.unusable")});
    EXPECT_TRUE(found[0].detail.contains(QStringLiteral("Microsoft Store")));
}

TEST(PackagesCheck, TorchvisionFromAnotherRelease)
{
    Facts f = machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1"));
    f.interpreters[0].torch.companions = {{QStringLiteral("torchvision"), QStringLiteral("0.19.1+cu121"), {}, {}},
                                          {QStringLiteral("torchaudio"), QStringLiteral("2.5.1+cpu"), {}, {}}};
    const auto found = PackagesCheck().run(f, kb());
    EXPECT_EQ(ids(found), (QStringList{QStringLiteral("packages.mismatch"), QStringLiteral("packages.mismatch")}));
    f.interpreters[0].torch.companions = {{QStringLiteral("torchvision"), QStringLiteral("0.20.1+cu121"), {}, {}}};
    EXPECT_TRUE(PackagesCheck().run(f, kb()).isEmpty());
}

TEST(LibraryCheck, WindowsRuntimeTooOldAndOpenMpTwice)
{
    Facts f = machine(QStringLiteral("2.9.0+cu128"), QStringLiteral("12.8"), QStringLiteral("win32"));
    f.libraries = test::oldRuntimeAndTwoOpenMps();
    const auto found = LibraryCheck().run(f, kb());
    EXPECT_TRUE(ids(found).contains(QStringLiteral("vcruntime.too-old"))) << ids(found).join(u' ').toStdString();
    EXPECT_TRUE(ids(found).contains(QStringLiteral("openmp.duplicate"))) << ids(found).join(u' ').toStdString();
}

TEST(LibraryCheck, DanglingLinksNothingNeedsAreNotFindings)
{
    Facts f = machine(QStringLiteral("1.13.0"), {});
    loader::GraphBuilder g(loader::TargetOs::Linux);
    loader::Problem dangling;
    dangling.kind = loader::ProblemKind::Unreadable;
    dangling.severity = loader::Severity::Warning;
    dangling.name = "libcaffe2_observers.so";
    dangling.paths = {"/usr/lib/python3/dist-packages/torch/lib/libcaffe2_observers.so"};
    g.addProblem(dangling);
    f.libraries = g.take();
    EXPECT_TRUE(LibraryCheck().run(f, kb()).isEmpty());
}

// The file at fault is named with who owns it: the distribution whose RECORD lists it, or the system package;
// a file nobody owns gets no such sentence.
TEST(LibraryCheck, TheFileAtFaultIsNamedWithItsOwner)
{
    Facts f = machine(QStringLiteral("2.5.1+cpu"), {});
    loader::GraphBuilder g(loader::TargetOs::Linux);
    const auto problem = [&g](loader::ProblemKind kind, const char *name, const char *path) {
        loader::Problem p;
        p.kind = kind;
        p.severity = loader::Severity::Error;
        p.name = name;
        p.paths = {path};
        p.neededBy = {"/venv/site-packages/torch/lib/libtorch_cpu.so"};
        g.addProblem(p);
    };
    problem(loader::ProblemKind::VersionMissing, "libquux.so.3", "/usr/lib/libquux.so.3");
    problem(loader::ProblemKind::Unreadable, "libwisp.so.1", "/venv/site-packages/wisp/lib/libwisp.so.1");
    problem(loader::ProblemKind::Unreadable, "libnobody.so", "/opt/x/libnobody.so");
    f.libraries = g.take();
    python::FileOwnership system, wheel;
    system.file = QStringLiteral("/usr/lib/libquux.so.3");
    system.systemPackage = QStringLiteral("libquux3");
    wheel.file = QStringLiteral("/venv/site-packages/wisp/lib/libwisp.so.1");
    wheel.distribution = QStringLiteral("wisp");
    wheel.version = QStringLiteral("1.2");
    f.owners.insert(system.file, system);
    f.owners.insert(wheel.file, wheel);
    QMap<QString, Finding> byLibrary;
    for (const Finding &finding : LibraryCheck().run(f, kb()))
        byLibrary.insert(finding.evidence.value(QStringLiteral("library")).toString(), finding);
    ASSERT_EQ(byLibrary.size(), 3);
    const auto owner = [&byLibrary](const char *library) {
        return byLibrary.value(QString::fromLatin1(library)).evidence.value(QStringLiteral("owner")).toObject();
    };
    EXPECT_EQ(owner("libquux.so.3").value(QStringLiteral("system_package")).toString(), QStringLiteral("libquux3"));
    EXPECT_TRUE(byLibrary.value(QStringLiteral("libquux.so.3"))
                    .detail.contains(QDir::toNativeSeparators(QStringLiteral("/usr/lib/libquux.so.3"))
                                     + QStringLiteral(" belongs to the system package libquux3.")));
    EXPECT_EQ(owner("libwisp.so.1").value(QStringLiteral("distribution")).toString(), QStringLiteral("wisp"));
    EXPECT_EQ(owner("libwisp.so.1").value(QStringLiteral("version")).toString(), QStringLiteral("1.2"));
    EXPECT_TRUE(byLibrary.value(QStringLiteral("libwisp.so.1")).detail.contains(QStringLiteral("belongs to wisp 1.2")));
    EXPECT_TRUE(owner("libnobody.so").isEmpty());
    EXPECT_FALSE(byLibrary.value(QStringLiteral("libnobody.so")).detail.contains(QStringLiteral("belongs to")));
}

TEST(EnvironmentCheck, SuspiciousVariables)
{
    Facts f = machine(QStringLiteral("2.5.1+cpu"), {}, QStringLiteral("win32"));
    f.request.environment = QProcessEnvironment();
    f.request.environment.insert(QStringLiteral("KMP_DUPLICATE_LIB_OK"), QStringLiteral("TRUE"));
    f.request.environment.insert(QStringLiteral("PYTORCH_ENABLE_MPS_FALLBACK"), QStringLiteral("1"));
    f.request.environment.insert(QStringLiteral("CUDA_PATH_V11_7"),
                                 QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.7"));
    const auto found = EnvironmentCheck().run(f, kb());
    EXPECT_EQ(ids(found).count(QStringLiteral("env.suspicious")), 3) << ids(found).join(u' ').toStdString();
}

// ld.so ignores an LD_PRELOAD entry it cannot load (after printing an error before every program):
// a path that is not there, or a name the walk did not preload, is named with the entry to take out.
TEST(EnvironmentCheck, AnLdPreloadEntryThatCannotBeLoaded)
{
    Facts f = machine(QStringLiteral("2.5.1+cpu"), {});
    f.request.environment = QProcessEnvironment();
#ifdef Q_OS_WIN
    const QString there; // (a Windows path has a ':' of its own)
#else
    const QString there = QCoreApplication::applicationFilePath(); // a file that is there
#endif
    f.request.environment.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral("/opt/gone/libhook.so:libgone.so ")
                                                                   + there + QStringLiteral(" libwombat_hook.so"));
    loader::GraphBuilder g(loader::TargetOs::Linux);
    const auto root = g.addRoot("/venv/site-packages/torch/lib/libtorch_cpu.so", nullptr);
    const auto hook = g.found("libwombat_hook.so", "/usr/lib/libwombat_hook.so", loader::Via::Default, "/usr/lib",
                              nullptr);
    g.addEdge(root, hook, "libwombat_hook.so", loader::Via::Preload);
    f.libraries = g.take();
    QStringList entries;
    for (const Finding &finding : EnvironmentCheck().run(f, kb()))
        if (finding.evidence.value(QStringLiteral("variable")).toString() == QLatin1String("LD_PRELOAD")) {
            entries << finding.evidence.value(QStringLiteral("entry")).toString();
            EXPECT_EQ(finding.id, QStringLiteral("env.suspicious"));
            EXPECT_EQ(finding.fixes, QList<FixFamily>{FixFamily::Env});
            EXPECT_TRUE(finding.detail.contains(QStringLiteral("cannot be preloaded"))) << qPrintable(finding.detail);
        }
    EXPECT_EQ(entries, (QStringList{QStringLiteral("/opt/gone/libhook.so"), QStringLiteral("libgone.so")}));

    // Nothing walked: a bare name says nothing either way; a path still does.
    f.libraries.reset();
    entries.clear();
    for (const Finding &finding : EnvironmentCheck().run(f, kb()))
        if (finding.evidence.value(QStringLiteral("variable")).toString() == QLatin1String("LD_PRELOAD"))
            entries << finding.evidence.value(QStringLiteral("entry")).toString();
    EXPECT_EQ(entries, QStringList{QStringLiteral("/opt/gone/libhook.so")});
}

TEST(DockerCheck, NoDaemon)
{
    Facts f = machine(QStringLiteral("2.5.1+cpu"), {});
    f.composeFile = QStringLiteral("/project/docker-compose.yml");
    platform::DockerInfo d;
    d.cliFound = true;
    d.cliVersion = QStringLiteral("28.2.2");
    d.daemonError = QStringLiteral("Cannot connect to the Docker daemon");
    f.docker = d;
    EXPECT_EQ(ids(DockerCheck().run(f, kb())), QStringList{QStringLiteral("docker.unavailable")});
}

// /dev/shm smaller than DataLoader's workers need: a warning with its size, which says how to start a container
// with more; none with enough, none where the size is unknown or on another system.
TEST(DockerCheck, SharedMemoryTooSmallForDataLoaderWorkers)
{
    Facts f = machine(QStringLiteral("2.5.1+cpu"), {});
    f.system.os = QStringLiteral("linux");
    f.system.container = true;
    f.system.sharedMemoryBytes = qint64(64) << 20;
    const QList<Finding> small = DockerCheck().run(f, kb());
    ASSERT_EQ(ids(small), QStringList{QStringLiteral("docker.shm-too-small")});
    EXPECT_EQ(small[0].severity, Severity::Warning);
    EXPECT_TRUE(small[0].title.contains(QStringLiteral("64 MiB"))) << small[0].title.toStdString();
    EXPECT_TRUE(small[0].detail.contains(QStringLiteral("--shm-size"))) << small[0].detail.toStdString();
    EXPECT_EQ(small[0].evidence.value(QStringLiteral("size_bytes")).toInteger(), qint64(64) << 20);
    EXPECT_TRUE(small[0].fixes.isEmpty()) << "no repair changes a running container";
    f.system.container = false;
    EXPECT_FALSE(DockerCheck().run(f, kb())[0].detail.contains(QStringLiteral("--shm-size")));
    for (const qint64 bytes : {qint64(8) << 30, qint64(-1)}) {
        f.system.sharedMemoryBytes = bytes;
        EXPECT_TRUE(DockerCheck().run(f, kb()).isEmpty()) << bytes;
    }
    f.system.sharedMemoryBytes = qint64(64) << 20;
    f.system.os = QStringLiteral("windows");
    EXPECT_TRUE(DockerCheck().run(f, kb()).isEmpty());
}

namespace {
class ThrowingCheck final : public Check {
public:
    QString id() const override { return QStringLiteral("test.throws"); }
    QString title() const override { return QStringLiteral("throws"); }
    FactSet needs() const override { return static_cast<FactSet>(Fact::System); }
    QList<Finding> run(const Facts &, const knowledge::KnowledgeBase &) const override
    {
        throw std::runtime_error("boom");
    }
};
} // namespace

TEST(CheckRunner, AThrowingCheckBecomesAFinding)
{
    auto knowledge = std::make_shared<knowledge::KnowledgeBase>(kb());
    CheckRequest request = test::requestForNothing();
    CheckRunner runner(request, knowledge, {std::make_shared<ThrowingCheck>()});
    const Diagnosis report = runner.run();
    ASSERT_EQ(report.findings.size(), 1);
    EXPECT_EQ(report.findings[0].id, QStringLiteral("check.failed"));
    EXPECT_TRUE(report.findings[0].detail.contains(QStringLiteral("boom")));
}

namespace {
// An interpreter that never answers: a shell script on Linux, a real Windows
// program (tests/windows/fake_python.c) on Windows.
QString hangingPython(const td::test::TempDir &dir)
{
#ifdef _WIN32
    const std::filesystem::path python = dir / "python.exe";
    std::filesystem::copy_file(TD_FAKE_PYTHON_HANG, python);
#else
    const std::filesystem::path python = dir / "python";
    td::test::writeFile(python, "#!/bin/sh\nsleep 600\n");
    std::filesystem::permissions(python, std::filesystem::perms::owner_all);
#endif
    return QString::fromStdString(python.string());
}
} // namespace

TEST(CheckRunner, CancelEndsAHangingImportQuickly)
{
    td::test::TempDir dir;
    auto knowledge = std::make_shared<knowledge::KnowledgeBase>(kb());
    CheckRequest request;
    request.python = hangingPython(dir);
    platform::CancelToken cancel;
    std::thread canceller([cancel] {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        cancel.cancel();
    });
    const auto start = std::chrono::steady_clock::now();
    const Diagnosis report = CheckRunner(request, knowledge).run(cancel);
    canceller.join();
    EXPECT_TRUE(report.cancelled);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15));
}

TEST(CheckRunner, AnInterpreterThatHangsEndsTheRunWithAFinding)
{
    td::test::TempDir dir;
    auto knowledge = std::make_shared<knowledge::KnowledgeBase>(kb());
    CheckRequest request;
    request.python = hangingPython(dir);
    request.timeout = std::chrono::seconds(2);
    request.runImport = false;
    const auto start = std::chrono::steady_clock::now();
    const Diagnosis report = CheckRunner(request, knowledge).run();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));
    EXPECT_FALSE(report.cancelled);
    QStringList found;
    for (const auto &f : report.findings)
        found << f.id;
    // It never answered: slow to start (what runs at its startup is what to look at), not broken.
    EXPECT_TRUE(found.contains(QStringLiteral("python.slow"))) << found.join(u' ').toStdString();
}
