// SPDX-License-Identifier: GPL-3.0-or-later
// In Simplified Chinese, every finding the checks and the runner can make,
// each report it appears in (text, Markdown, HTML) and each check's outcome
// line read as Chinese. The machines are stood up as facts and judged by the
// real checks; the ids they must produce are read from the checks' sources at
// build time (FindingIds.h), so a new id without a case here fails.
#include "BuiltinKnowledge.h"
#include "CheckFacts.h"
#include "FindingIds.h"
#include "InChinese.h"
#include "UntranslatedProse.h"

#include "checks/Check.h"
#include "checks/CheckOutcome.h"
#include "checks/CheckRunner.h"
#include "checks/PastedErrorFinding.h"
#include "loader/GraphBuilder.h"
#include "python/ImportError.h"
#include "report/CheckReport.h"
#include "report/SupportReport.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

#include <atomic>
#include <set>
#include <string>
#include <thread>

using namespace td;
using namespace td::checks;
using test::hasChinese;
using test::machine;
using test::withGpu;

namespace {

const QString kMissingComposeFile = QStringLiteral("/nonexistent/docker-compose.yml");

const knowledge::KnowledgeBase &kb()
{
    return test::builtinKnowledge();
}

// The words of HTML (a page, or the <details> in Markdown) a reader sees: no
// style sheet, no tags; code stays code.
QString visibleText(QString html)
{
    html.remove(
        QRegularExpression(QStringLiteral("<style[^>]*>.*?</style>"), QRegularExpression::DotMatchesEverythingOption));
    html.replace(QRegularExpression(QStringLiteral("<(code|pre)[^>]*>(.*?)</\\1>"),
                                    QRegularExpression::DotMatchesEverythingOption),
                 QStringLiteral("`\\2`"));
    // A tag opens with a name, "/" or "!": "numpy<2" in a code block is text.
    html.replace(QRegularExpression(QStringLiteral("<[A-Za-z/!][^>]*>")), QStringLiteral(" "));
    for (const auto &[entity, character] : {std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"}, std::pair{"&quot;", "\""},
                                            std::pair{"&#39;", "'"}, std::pair{"&amp;", "&"}})
        html.replace(QLatin1String(entity), QLatin1String(character));
    return html;
}

// A controlled environment: the test's own would put its values in the reports.
QProcessEnvironment plainEnvironment()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    return env;
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

struct Machine {
    std::string name;
    Facts facts;
};

Facts withImport(Facts f, python::ImportResult::Outcome outcome)
{
    f.import.outcome = outcome;
    f.import.elapsedMs = 2300;
    return f;
}

// Machine states that, judged by the checks, make every finding id between them.
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

// What the system says when a file is not there: the message the compose reader quotes.
QString systemsWordsForAMissingFile()
{
    QFile file(kMissingComposeFile);
    return file.open(QIODevice::ReadOnly) ? QString() : file.errorString();
}

// A machine where every check has what it needs and finds nothing wrong.
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

// A check that throws, or that takes longer than the runner allows.
class TroubledCheck final : public Check {
public:
    explicit TroubledCheck(bool hangs) : m_hangs(hangs) {}
    QString id() const override { return m_hangs ? QStringLiteral("test.hangs") : QStringLiteral("test.throws"); }
    QString title() const override { return QStringLiteral("test"); }
    FactSet needs() const override { return static_cast<FactSet>(Fact::System); }
    QList<Finding> run(const Facts &, const knowledge::KnowledgeBase &) const override
    {
        if (!m_hangs)
            throw std::runtime_error("std::bad_alloc");
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        m_finished = true;
        return {};
    }
    bool finished() const { return m_finished; }

private:
    bool m_hangs;
    mutable std::atomic<bool> m_finished{false};
};

// The findings the runner makes itself: a check that throws, one that runs out of time.
QList<Finding> runnerFindings()
{
    auto knowledge = std::make_shared<knowledge::KnowledgeBase>(kb());
    CheckRequest request = test::requestForNothing();
    request.checkLimit = std::chrono::milliseconds(300);
    auto hangs = std::make_shared<TroubledCheck>(true);
    CheckRunner runner(request, knowledge, {std::make_shared<TroubledCheck>(false), hangs});
    const QList<Finding> found = runner.run().findings;
    while (!hangs->finished()) // it outlives the run: let it end before the test does
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return found;
}

Finding pastedFinding()
{
    const python::ClassifiedError error = python::classifyImportError(
        QStringLiteral("OSError: [WinError 126] The specified module could not be found. Error loading "
                       "\"C:\\venv\\Lib\\site-packages\\torch\\lib\\fbgemm.dll\" or one of its dependencies."));
    return pastedErrorFinding(error, kb().matchError(error, {}), kb(), QStringLiteral("zh_CN"));
}

class ChineseFindings : public test::InChinese {
protected:
    // Fails when `text` (what `where` shows) is not Chinese or has English prose in it. The
    // system's own words, quoted as it gives them, are in the system's language, not ours (Wine's
    // are English whatever the text around them is).
    static void expectChinese(const std::string &where, const QString &text)
    {
        QString ours = text;
        if (const QString system = systemsWordsForAMissingFile(); !system.isEmpty())
            ours.remove(system);
        const QStringList english = test::untranslatedProse(ours);
        EXPECT_TRUE(hasChinese(text)) << where << ": no Chinese in: " << text.toStdString();
        EXPECT_TRUE(english.isEmpty()) << where << ": English left in zh_CN: ["
                                       << english.join(QStringLiteral(" | ")).toStdString()
                                       << "] in: " << text.toStdString();
    }
};

} // namespace

TEST_F(ChineseFindings, EveryFindingIdReadsAsChineseInEveryReport)
{
    std::set<std::string> made;
    const auto expectFinding = [&](const std::string &where, const Finding &f) {
        made.insert(f.id.toStdString());
        expectChinese(where + " / " + f.id.toStdString() + " title", f.title);
        expectChinese(where + " / " + f.id.toStdString() + " detail", f.detail);
    };
    const auto expectReports = [&](const std::string &where, const Diagnosis &d) {
        expectChinese(where + ": check (text)", report::checkToText(d, {true}));
        const QJsonObject built = report::buildReport(d);
        expectChinese(where + ": report (Markdown)", visibleText(report::renderMarkdown(built)));
        expectChinese(where + ": report (HTML)", visibleText(report::renderHtml(built)));
        expectChinese(where + ": report (text)", report::renderText(d, {}, true));
    };
    for (const Machine &m : machines()) {
        Diagnosis d;
        d.facts = m.facts;
        d.findings = judge(m.facts);
        d.knowledgeDate = kb().date();
        EXPECT_FALSE(d.findings.isEmpty()) << m.name << ": no finding";
        for (const Finding &f : d.findings)
            expectFinding(m.name, f);
        expectReports(m.name, d);
    }
    Diagnosis runner;
    runner.facts = healthyMachine();
    runner.findings = runnerFindings();
    runner.findings << pastedFinding();
    for (const Finding &f : runner.findings)
        expectFinding("runner and paste", f);
    expectReports("runner and paste", runner);

    std::set<std::string> expected(std::begin(test::kFindingIds), std::end(test::kFindingIds));
    EXPECT_GT(expected.size(), 30U) << "the ids were not read from core/checks";
    for (const std::string &id : expected)
        EXPECT_TRUE(made.count(id)) << id << ": no machine here makes it (add one to machines())";
    for (const std::string &id : made)
        EXPECT_TRUE(expected.count(id)) << id << ": made, but not read from core/checks";
}

TEST_F(ChineseFindings, EveryCheckOutcomeReadsAsChinese)
{
    using State = CheckOutcome::State;
    std::set<std::pair<std::string, State>> seen;
    std::vector<std::pair<std::string, Diagnosis>> diagnoses;
    // Unjudged: the runner runs no check whose facts are missing, or after a cancel.
    const auto add = [&](std::string name, const Facts &facts, bool judged = true, bool cancelled = false) {
        Diagnosis d;
        d.facts = facts;
        if (judged)
            d.findings = judge(facts);
        d.cancelled = cancelled;
        diagnoses.emplace_back(std::move(name), std::move(d));
    };
    const Facts healthy = healthyMachine();
    add("healthy", healthy);
    Facts noGpu = healthy;
    noGpu.gpu = {};
    noGpu.docker.reset();
    noGpu.terminal = platform::TerminalEnvironment{QStringLiteral("/bin/bash"), {}, {}, plainEnvironment(), {}};
    add("no GPU, docker not probed, terminal read", noGpu);
    Facts noImport = healthy;
    noImport.request.runImport = false;
    noImport.ready &= ~FactSet(Fact::Gpu);
    noImport.composeFile.clear();
    add("no import asked, no compose file", noImport);
    Facts importNotRun = healthy;
    importNotRun.import.outcome = python::ImportResult::Outcome::NotRun;
    importNotRun.libraries.reset();
    importNotRun.composeFile.clear();
    importNotRun.request.projectDir.clear();
    add("the import did not run, no project", importNotRun);
    Facts gpuUnprobed = healthy;
    gpuUnprobed.ready = Fact::Import | Fact::Interpreters | Fact::Libraries;
    add("GPU not probed", gpuUnprobed);
    Facts unprobed;
    unprobed.request.environment = plainEnvironment();
    unprobed.chosenExecutable = QStringLiteral("/usr/bin/python3");
    add("nothing probed", unprobed, false);
    add("cancelled", unprobed, false, true);
    for (Machine &m : machines())
        add(m.name, m.facts);

    for (const auto &[name, d] : diagnoses)
        for (const CheckOutcome &o : checkOutcomes(d)) {
            seen.insert({o.checkId.toStdString(), o.state});
            expectChinese(name + " / " + o.checkId.toStdString(), o.title + u' ' + o.summary);
            // Fine here, failing where people run it: never a pass.
            if (d.facts.importFailsInNewTerminal() && o.checkId == QLatin1String("torch.import")) {
                EXPECT_EQ(o.state, State::Failed) << name << ": " << o.summary.toStdString();
            }
        }
    EXPECT_TRUE(std::any_of(diagnoses.cbegin(), diagnoses.cend(),
                            [](const auto &named) { return named.second.facts.importFailsInNewTerminal(); }))
        << "no machine here has an import that fails only in a new terminal";
    for (const auto &check : allChecks())
        for (const State state : {State::Passed, State::NotChecked})
            EXPECT_TRUE(seen.count({check->id().toStdString(), state}))
                << check->id().toStdString() << " is never " << (state == State::Passed ? "passed" : "not checked");
}
