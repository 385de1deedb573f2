// SPDX-License-Identifier: GPL-3.0-or-later
#include "Machines.h"

#include "BuiltinKnowledge.h"
#include "CheckFacts.h"

#include "checks/Check.h"
#include "loader/GraphBuilder.h"
#include "platform/ComposeFile.h"

#include <QCoreApplication>
#include <QFile>

namespace td::test {

using namespace td::checks;

namespace {

const QString kMissingComposeFile = QStringLiteral("/nonexistent/docker-compose.yml");

const knowledge::KnowledgeBase &kb()
{
    return builtinKnowledge();
}


loader::Problem problem(loader::ProblemKind kind, const std::string &name)
{
    loader::Problem p;
    p.kind = kind;
    p.severity = loader::Severity::Error;
    p.name = name;
    p.neededBy = {"/venv/site-packages/torch/lib/libtorch_cpu.so"};
    p.paths = {"/usr/lib/x86_64-linux-gnu/" + name};
    p.library = "libstdc++.so.6";
    p.symbolLibrary = "libstdc++.so.6";
    p.symbols = {"_ZNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEE"};
    return p;
}

// torch's libraries on Linux with the given problems, one of them loaded from LD_LIBRARY_PATH.
loader::Graph linuxGraph(const std::vector<loader::Problem> &problems)
{
    loader::GraphBuilder g(loader::TargetOs::Linux);
    const auto root = g.addRoot("/venv/site-packages/torch/lib/libtorch_cpu.so", nullptr);
    const auto stale = g.found("libnvJitLink.so.12", "/usr/local/cuda-12.1/lib64/libnvJitLink.so.12",
                               loader::Via::LdLibraryPath, "/usr/local/cuda-12.1/lib64", nullptr);
    g.addEdge(root, stale, "libnvJitLink.so.12", loader::Via::LdLibraryPath);
    for (const loader::Problem &p : problems)
        g.addProblem(p);
    return g.take();
}

// A Windows torch with an old C++ runtime, two OpenMP runtimes and no vcruntime140_1.dll.
loader::Graph windowsGraph()
{
    loader::Graph g = test::oldRuntimeAndTwoOpenMps();
    loader::Problem vc = problem(loader::ProblemKind::Missing, "vcruntime140_1.dll");
    vc.neededBy = {"C:/venv/torch/lib/c10.dll"};
    vc.paths.clear();
    g.problems.push_back(vc);
    return g;
}

Facts withImport(Facts f, python::ImportResult::Outcome outcome)
{
    f.import.outcome = outcome;
    f.import.elapsedMs = 2300;
    return f;
}

} // namespace

QProcessEnvironment plainEnvironment()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    return env;
}

std::vector<Machine> machines()
{
    using Outcome = python::ImportResult::Outcome;
    std::vector<Machine> out;
    const auto add = [&](std::string name, Facts f) {
        f.request.environment.insert(plainEnvironment());
        out.push_back({std::move(name), std::move(f)});
    };
    const auto base = [](Facts f) {
        f.request.environment = QProcessEnvironment();
        return f;
    };

    Facts none = base(machine({}, {}));
    none.interpreters.clear();
    none.chosen = -1;
    none.chosenExecutable.clear();
    add("no python", none);

    Facts unusable = base(machine({}, {}));
    unusable.interpreters[0].interpreter.usable = false;
    unusable.interpreters[0].interpreter.problem = QStringLiteral("exit code 9009");
    add("unusable python", unusable);
    Facts homeless = base(machine({}, {})); // it starts once PYTHONHOME is taken out
    {
        python::Interpreter &in = homeless.interpreters[0].interpreter;
        in.usable = false;
        in.problem = QStringLiteral("exit code 1: “Fatal Python error: init_fs_encoding: failed to get the Python codec "
                                    "of the filesystem encoding (ModuleNotFoundError: No module named 'encodings')”");
        homeless.interpreters[0].torch = {}; // nothing is known of a Python that does not start
        in.stoppedBy = python::StartBlocker{QStringLiteral("PYTHONHOME"), {}, QStringLiteral("/opt/gone")};
        homeless.request.environment.insert(QStringLiteral("PYTHONHOME"), QStringLiteral("/opt/gone"));
    }
    add("python kept from starting by PYTHONHOME", homeless);
    Facts noCore = base(machine({}, {}));
    noCore.interpreters[0].torchCore = python::CompiledCore{false, {QStringLiteral("3.10")}};
    add("torch without a compiled core for this Python", noCore);
    Facts checkout = base(machine({}, {})); // started in a PyTorch source checkout
    {
        python::LocalCopy copy;
        copy.name = QStringLiteral("torch");
        copy.path = QStringLiteral("/home/li/pytorch/torch");
        copy.installed = QStringLiteral("/usr/lib/python3/dist-packages/torch");
        copy.sourceTree = true;
        copy.core = python::CompiledCore{false, {}};
        checkout.interpreters[0].localCopies = {copy};
        checkout.request.projectDir = QStringLiteral("/home/li/pytorch");
    }
    add("a source checkout of torch where programs start", checkout);
    Facts pth = base(machine(QStringLiteral("2.5.1+cpu"), {})); // a .pth line puts Python 3.11's torch first
    {
        python::StaticProbe &probe = pth.interpreters[0];
        probe.torch.packageDir = QStringLiteral("/home/li/.local/lib/python3.11/site-packages/torch");
        probe.pthPaths = {{QStringLiteral("/venv/lib/python3.12/site-packages/zz_old.pth"), 1,
                           QStringLiteral("/home/li/.local/lib/python3.11/site-packages"),
                           QStringLiteral("/home/li/.local/lib/python3.11/site-packages")}};
    }
    add("a .pth file that puts another Python's torch first", pth);
    Facts baseGone = base(machine({}, {}));
    {
        python::StaticProbe same = baseGone.interpreters[0]; // /usr/bin/python3, 3.12.4
        python::Interpreter &venv = baseGone.interpreters[0].interpreter;
        venv.executable = QStringLiteral("/home/li/proj/.venv/bin/python");
        venv.usable = false;
        venv.problem = QCoreApplication::translate("TorchProbe", "a link to a missing file (%1)")
                           .arg(QStringLiteral("/opt/python3.12/bin/python3.12"));
        python::VenvConfig config;
        config.folder = QStringLiteral("/home/li/proj/.venv");
        config.configFile = QStringLiteral("/home/li/proj/.venv/pyvenv.cfg");
        config.home = QStringLiteral("/opt/python3.12/bin");
        config.version = QVersionNumber(3, 12, 8);
        config.baseGone = true;
        venv.venv = config;
        baseGone.chosenExecutable = venv.executable;
        baseGone.interpreters << same;
    }
    add("a venv whose base Python is gone", baseGone);
    Facts slow = base(machine({}, {}));
    slow.interpreters[0].interpreter.usable = false;
    slow.interpreters[0].interpreter.timedOut = true;
    slow.interpreters[0].interpreter.problem = // as the probe words it, in the language of the time
        QCoreApplication::translate("TorchProbe", "no answer within %1 (timed out; ended)").arg(QStringLiteral("20 s"));
    slow.interpreters[0].elapsedMs = 20000;
    add("python slow to start", slow);

    Facts small = base(machine(QStringLiteral("2.5.1+cpu"), {}, QStringLiteral("win32")));
    small.interpreters[0].interpreter.bits = 32;
    small.interpreters[0].interpreter.machine = QStringLiteral("x86");
    add("32-bit python", small);

    Facts power = base(machine(QStringLiteral("2.5.1+cpu"), {}));
    power.interpreters[0].interpreter.machine = QStringLiteral("ppc64le");
    add("no wheels for ppc64le", power);

    Facts rosetta = base(machine(QStringLiteral("2.5.1"), {}, QStringLiteral("darwin")));
    rosetta.interpreters[0].interpreter.machine = QStringLiteral("x86_64");
    rosetta.system.rosetta = true;
    add("x86_64 python on Apple silicon", rosetta);

    Facts old = withImport(base(machine(QStringLiteral("2.5.1+cpu"), {})), Outcome::Failed);
    old.interpreters[0].interpreter.version = QVersionNumber(3, 8, 10);
    add("python too old", old);

    Facts future = withImport(base(machine(QStringLiteral("2.99.0+cu130"), QStringLiteral("13.0"))), Outcome::Failed);
    future.interpreters[0].interpreter.version = QVersionNumber(3, 10, 13);
    add("torch newer than the knowledge", future);

    Facts experimental = withImport(base(machine(QStringLiteral("2.5.1+cpu"), {})), Outcome::Failed);
    experimental.interpreters[0].interpreter.version = QVersionNumber(3, 13, 1);
    add("experimental python", experimental);

    Facts noTorch = base(machine({}, {}));
    noTorch.interpreters[0].torch.installed = false;
    noTorch.interpreters[0].torch.version.clear();
    add("no torch", noTorch);

    Facts usual = withImport(base(machine(QStringLiteral("2.5.1+cpu"), {})), Outcome::Ok);
    python::StaticProbe projectVenv = usual.interpreters[0];
    projectVenv.interpreter.executable = QStringLiteral("/home/li/proj/.venv/bin/python");
    projectVenv.interpreter.prefix = QStringLiteral("/home/li/proj/.venv");
    projectVenv.interpreter.isVenv = true;
    projectVenv.torch = {};
    usual.usualInterpreter = projectVenv;
    usual.request.projectDir = QStringLiteral("/home/li/proj");
    add("the project runs a Python without torch", usual);

    Facts companions = base(machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1")));
    companions.interpreters[0].torch.companions = {
        {QStringLiteral("torchvision"), QStringLiteral("0.19.1+cu121"), {}, {}},
        {QStringLiteral("torchaudio"), QStringLiteral("2.5.1+cpu"), {}, {}}};
    add("torchvision and torchaudio from other releases", companions);

    // What pip knows disagrees: a pinned wheel at another version, a companion pinned to another torch,
    // a damaged file, a torch wheel built for another machine, and NumPy 2 under a torch built for 1.x.
    Facts pip = base(machine(QStringLiteral("2.15.0+cu130"), QStringLiteral("13.0")));
    python::TorchInstall &torch = pip.interpreters[0].torch;
    python::Requirement nccl(QStringLiteral("nvidia-nccl-cu13"), {}, QStringLiteral("==2.30.7"));
    nccl.line = QStringLiteral("nvidia-nccl-cu13==2.30.7; platform_system == \"Linux\"");
    nccl.installed = QStringLiteral("2.27.7");
    nccl.installedPath = QStringLiteral("/v/site-packages/nvidia_nccl_cu13-2.27.7.dist-info");
    nccl.satisfied = false;
    python::Requirement vision(QStringLiteral("torch"), {}, QStringLiteral("==2.14.0"));
    vision.line = QStringLiteral("torch==2.14.0");
    vision.requiredBy = QStringLiteral("otter-vision");
    vision.requiredByVersion = QStringLiteral("0.3");
    vision.satisfied = false;
    torch.requirements = {nccl};
    torch.dependents = {vision};
    torch.wheelTags = {QStringLiteral("cp311-cp311-manylinux_2_28_aarch64")};
    torch.wheelFits = false;
    torch.interpreterTag = QStringLiteral("cp311-cp311-manylinux_2_36_x86_64");
    python::FileOwnership cufft;
    cufft.file = QStringLiteral("/v/site-packages/nvidia/cufft/lib/libcufft.so.12");
    cufft.distribution = QStringLiteral("nvidia-cufft");
    cufft.version = QStringLiteral("12.0.0.61");
    cufft.entry = {QStringLiteral("nvidia/cufft/lib/libcufft.so.12"), QStringLiteral("sha256=abc"), 291000000};
    cufft.state = python::FileOwnership::State::SizeDiffers;
    cufft.actualSize = 65536;
    pip.owners.insert(cufft.file, cufft);
    pip.torchNumpyAbi = python::NumpyAbi::V1;
    pip.torchNumpyBinary = QStringLiteral("/v/site-packages/torch/lib/libtorch_python.so");
    torch.companions << python::PackageInfo{QStringLiteral("numpy"), QStringLiteral("2.2.6"),
                                            QStringLiteral("/v/site-packages"), QStringLiteral("pip")};
    add("an installation pip disagrees with", pip);

    Facts noDriver = base(machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1")));
    noDriver.gpu.notes = {QStringLiteral("libnvidia-ml.so.1: not found")};
    add("CUDA build without a driver", noDriver);

    Facts onAmd = base(machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1")));
    onAmd.gpu.amdGfx = {QStringLiteral("gfx1100")};
    add("CUDA build on an AMD GPU", onAmd);

    Facts onAmdWindows = base(machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1")));
    onAmdWindows.gpu.amdAdapters = {QStringLiteral("AMD Radeon RX 7900 XTX")};
    add("CUDA build on an AMD GPU of Windows", onAmdWindows);

    Facts cpuBuild = base(machine(QStringLiteral("2.5.1+cpu"), {}));
    withGpu(cpuBuild, QStringLiteral("560.35.03"), 12060, QStringLiteral("NVIDIA GeForce RTX 4090"), 8, 9);
    add("CPU build with a GPU", cpuBuild);

    Facts oldDriver = base(machine(QStringLiteral("2.7.0+cu128"), QStringLiteral("12.8")));
    withGpu(oldDriver, QStringLiteral("470.82.01"), 11040, QStringLiteral("Tesla T4"), 7, 5);
    add("driver too old", oldDriver);

    Facts blackwell = withImport(base(machine(QStringLiteral("2.6.0+cu124"), QStringLiteral("12.4"))), Outcome::Ok);
    withGpu(blackwell, QStringLiteral("575.51.03"), 12090, QStringLiteral("NVIDIA GeForce RTX 5090"), 12, 0);
    blackwell.import.cudaVersion = blackwell.interpreters[0].torch.versionPyCuda;
    blackwell.import.archList = {QStringLiteral("sm_80"), QStringLiteral("sm_90")};
    add("GPU newer than the build", blackwell);

    Facts graviton = withImport(base(machine(QStringLiteral("2.10.0+cu126"), QStringLiteral("12.6"))), Outcome::Failed);
    graviton.interpreters[0].interpreter.machine = QStringLiteral("aarch64");
    withGpu(graviton, QStringLiteral("560.35.03"), 12060, QStringLiteral("NVIDIA T4G"), 7, 5);
    add("GPU architecture from the table", graviton);

    Facts ptx = withImport(base(machine(QStringLiteral("2.6.0+cu124"), QStringLiteral("12.4"))), Outcome::Ok);
    withGpu(ptx, QStringLiteral("575.51.03"), 12090, QStringLiteral("NVIDIA H100"), 9, 0);
    ptx.import.cudaVersion = ptx.interpreters[0].torch.versionPyCuda;
    ptx.import.archList = {QStringLiteral("sm_80"), QStringLiteral("compute_80")};
    add("GPU covered by PTX only", ptx);

    Facts invisible = withImport(base(machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1"))), Outcome::Ok);
    withGpu(invisible, QStringLiteral("550.54.14"), 12040, QStringLiteral("NVIDIA A100"), 8, 0);
    invisible.import.cudaVersion = invisible.interpreters[0].torch.versionPyCuda;
    invisible.import.archList = {QStringLiteral("sm_80"), QStringLiteral("sm_90")};
    add("torch sees no GPU", invisible);

    Facts variables = base(machine(QStringLiteral("2.5.1+cpu"), {}, QStringLiteral("win32")));
    variables.request.environment.insert(QStringLiteral("KMP_DUPLICATE_LIB_OK"), QStringLiteral("TRUE"));
    variables.request.environment.insert(QStringLiteral("PYTORCH_ENABLE_MPS_FALLBACK"), QStringLiteral("1"));
    variables.request.environment.insert(QStringLiteral("CUDA_PATH_V11_7"),
                                         QStringLiteral("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.7"));
    variables.interpreters[0].torch.packageDir = QStringLiteral("C:/Users/李雷/") + QString(200, u'x');
    add("suspicious variables and paths", variables);

    Facts stale = base(machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1")));
    loader::Problem shadowed = problem(loader::ProblemKind::Shadowed, "libnvJitLink.so.12");
    shadowed.paths = {"/usr/local/cuda-12.1/lib64/libnvJitLink.so.12",
                      "/venv/site-packages/nvidia/nvjitlink/lib/libnvJitLink.so.12"};
    loader::Problem broken = problem(loader::ProblemKind::NotALibrary, "libcudnn.so.9");
    broken.paths = {"/usr/local/cuda-12.1/lib64/libcudnn.so.9"};
    stale.request.environment.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("/usr/local/cuda-12.1/lib64"));
    // A hook that is gone, by its path and by a name the walk did not preload.
    stale.request.environment.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral("/opt/gone/libhook.so libgone.so"));
    stale.libraries = linuxGraph({shadowed, broken, problem(loader::ProblemKind::Missing, "libcudart.so.12"),
                                  problem(loader::ProblemKind::WrongArch, "libgomp.so.1"),
                                  problem(loader::ProblemKind::VersionMissing, "GLIBCXX_3.4.30"),
                                  problem(loader::ProblemKind::SymbolMissing, "_ZN3c104cuda4warpEv")});
    add("a stale LD_LIBRARY_PATH and broken libraries", stale);

    Facts windows = base(machine(QStringLiteral("2.9.0+cu128"), QStringLiteral("12.8"), QStringLiteral("win32")));
    windows.libraries = windowsGraph();
    add("an old Visual C++ runtime and two OpenMP runtimes", windows);

    Facts terminal = withImport(base(machine(QStringLiteral("2.5.1+cpu"), {})), Outcome::Failed);
    terminal.import.exceptionType = QStringLiteral("ImportError");
    terminal.import.message = QStringLiteral("libtorch_cpu.so: cannot open shared object file: No such file");
    terminal.ready |= Fact::Terminal;
    platform::TerminalEnvironment login;
    login.shell = QStringLiteral("/bin/bash");
    login.command = {QStringLiteral("/bin/bash"), QStringLiteral("-l")};
    login.environment = plainEnvironment();
    login.environment.insert(QStringLiteral("CONDA_PREFIX"), QStringLiteral("/opt/conda"));
    terminal.terminal = login;
    terminal.terminalPython = QStringLiteral("/opt/conda/bin/python");
    python::ImportResult there;
    there.outcome = Outcome::Ok;
    there.version = QStringLiteral("2.5.1+cpu");
    terminal.terminalImport = there;
    add("a new terminal that differs", terminal);

    Facts terminalFails = terminal;
    terminalFails.terminalImport->outcome = Outcome::Failed;
    terminalFails.terminalImport->exceptionType = QStringLiteral("ModuleNotFoundError");
    terminalFails.terminalImport->message = QStringLiteral("No module named 'torch'");
    add("a new terminal where the import fails", terminalFails);

    Facts onlyTerminalFails = terminalFails;
    onlyTerminalFails.import = {};
    onlyTerminalFails.import.outcome = Outcome::Ok;
    onlyTerminalFails.import.version = QStringLiteral("2.5.1+cpu");
    add("the import works here and fails in a new terminal", onlyTerminalFails);

    Facts crashed = withImport(base(machine(QStringLiteral("2.5.1+cpu"), {})), Outcome::Crashed);
    crashed.import.crashName = QStringLiteral("SIGSEGV");
    crashed.import.stderrTail = QStringLiteral("Segmentation fault (core dumped)");
    crashed.libraries = linuxGraph({problem(loader::ProblemKind::Missing, "libgomp.so.1")});
    add("the import crashes", crashed);

    Facts timedOut = withImport(base(machine(QStringLiteral("2.5.1+cpu"), {})), Outcome::TimedOut);
    timedOut.import.elapsedMs = 90000;
    add("the import hangs", timedOut);

    Facts probeFailed = withImport(base(machine(QStringLiteral("2.5.1+cpu"), {})), Outcome::ProbeFailed);
    probeFailed.import.message = QStringLiteral("exit code 1");
    add("the import probe fails", probeFailed);

    Facts winError =
        withImport(base(machine(QStringLiteral("2.5.1+cpu"), {}, QStringLiteral("win32"))), Outcome::Failed);
    winError.import.exceptionType = QStringLiteral("OSError");
    winError.import.message = QStringLiteral("[WinError 126] The specified module could not be found. Error loading "
                                             "\"C:\\venv\\Lib\\site-packages\\torch\\lib\\c10.dll\" or one of its "
                                             "dependencies.");
    add("the import fails with WinError 126", winError);
    Facts smallShm = base(machine(QStringLiteral("2.5.1+cpu"), {})); // a container started with Docker's default
    smallShm.system.os = QStringLiteral("linux");
    smallShm.system.container = true;
    smallShm.system.sharedMemoryBytes = qint64(64) << 20;
    add("a container with Docker's 64 MiB of /dev/shm", smallShm);

    const auto docker = [&](std::string name, const platform::DockerInfo &info, const QByteArray &compose) {
        Facts f = base(machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1")));
        withGpu(f, QStringLiteral("550.54.14"), 12040, QStringLiteral("NVIDIA A100"), 8, 0);
        f.ready |= Fact::Docker;
        f.request.projectDir = QStringLiteral("/project");
        f.composeFile = QStringLiteral("/project/docker-compose.yml");
        f.docker = info;
        f.compose = compose.isNull() ? platform::ComposeFile::read(kMissingComposeFile)
                                     : platform::ComposeFile::parse(compose, f.composeFile);
        add(std::move(name), f);
    };
    const QByteArray weak("services:\n  app:\n    image: ostris/aitoolkit:latest\n    runtime: nvidia\n"
                          "    environment:\n"
                          "      - AI_TOOLKIT_AUTH=${AI_TOOLKIT_AUTH:-password}\n");
    platform::DockerInfo running;
    running.cliFound = running.daemonRunning = running.composeV2 = true;
    running.cliVersion = QStringLiteral("28.2.2");
    running.composeVersion = QStringLiteral("2.38.2");
    docker("no docker", {}, weak);
    platform::DockerInfo stopped = running;
    stopped.daemonRunning = false;
    stopped.daemonError = QStringLiteral("Cannot connect to the Docker daemon at unix:///var/run/docker.sock");
    docker("the docker daemon is stopped", stopped, weak);
    platform::DockerInfo noCompose = running;
    noCompose.composeV2 = false;
    docker("no compose plugin", noCompose, weak);
    docker("no NVIDIA runtime and a weak default", running, weak);
    platform::DockerInfo ready = running;
    ready.nvidiaRuntime = true;
    docker("an unreadable compose file", ready, QByteArray());
    return out;
}

QString systemsWordsForAMissingFile()
{
    QFile file(kMissingComposeFile);
    return file.open(QIODevice::ReadOnly) ? QString() : file.errorString();
}

Facts healthyMachine()
{
    Facts f =
        withImport(machine(QStringLiteral("2.5.1+cu121"), QStringLiteral("12.1")), python::ImportResult::Outcome::Ok);
    f.request.environment = plainEnvironment();
    withGpu(f, QStringLiteral("550.54.14"), 12040, QStringLiteral("NVIDIA A100"), 8, 0);
    f.import.version = QStringLiteral("2.5.1+cu121");
    f.import.cudaVersion = QStringLiteral("12.1");
    f.import.cudaAvailable = true;
    f.import.deviceCount = 1;
    f.import.archList = {QStringLiteral("sm_80"), QStringLiteral("sm_90")};
    f.interpreters[0].torch.companions = {{QStringLiteral("torchvision"), QStringLiteral("0.20.1+cu121"), {}, {}}};
    f.libraries = linuxGraph({});
    f.ready |= Fact::Docker;
    f.request.projectDir = QStringLiteral("/project");
    f.composeFile = QStringLiteral("/project/docker-compose.yml");
    platform::DockerInfo d;
    d.cliFound = d.daemonRunning = d.composeV2 = d.nvidiaRuntime = true;
    d.cliVersion = QStringLiteral("28.2.2");
    d.composeVersion = QStringLiteral("2.38.2");
    f.docker = d;
    f.compose = platform::ComposeFile::parse("services:\n  app:\n    image: python:3.12\n", f.composeFile);
    return f;
}

QList<Finding> judge(const Facts &facts)
{
    QList<Finding> out;
    for (const auto &check : allChecks())
        for (Finding f : check->run(facts, kb())) {
            f.check = check->id();
            out << f;
        }
    return out;
}

} // namespace td::test
