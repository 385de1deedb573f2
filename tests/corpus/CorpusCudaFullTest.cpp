// SPDX-License-Identifier: GPL-3.0-or-later
// The real CUDA torch 2.15.0 with the real NVIDIA wheels it requires, broken four ways: installed
// without them (`pip install --no-deps`), with an older NCCL than torch pins, with cuFFT cut short
// (a full disk during an install), and with torch's aarch64 wheel in its place. Each time the real
// `import torch` fails, `check` names the distribution at fault with its version and what torch
// requires, `fix reinstall` installs exactly that with the real pip, the import then works (on the
// CPU), and `undo` puts the files back byte for byte. Opt-in (label corpus-cuda-full, `ctest --preset corpus-cuda-full`): it needs the 2.7 GiB
// set of `tools/fetch-wheels.sh --set cuda-full`, installed from there as a wheelhouse.
#include "Corpus.h"
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <functional>
#include <map>
#include <sstream>
#include <utility>

using namespace td::test;

namespace {

const std::string kTorch = "torch-2.15.0-manylinux_2_28_x86_64";

// Which installed distribution's RECORD lists each file name, and what each distribution requires
// for each of its extras: the oracle for the wheels `check` named.
const char *const kRecordOwners = R"py(import importlib.metadata as m, json, sys
from pip._vendor.packaging.requirements import Requirement
owners, extras = {}, {}
for d in m.distributions():
    name = d.metadata['Name'].lower().replace('_', '-')
    for f in d.files or []:
        owners.setdefault(f.name, name)
    for line in d.requires or []:
        req = Requirement(line)
        for extra in d.metadata.get_all('Provides-Extra') or []:
            if req.marker is not None and req.marker.evaluate({'extra': extra}):
                extras.setdefault(name + '[' + extra + ']', []).append(req.name.lower().replace('_', '-'))
json.dump({'owners': owners, 'extras': extras}, sys.stdout)
)py";

RunOptions longRun(int seconds)
{
    RunOptions o;
    o.timeout = std::chrono::seconds(seconds);
    o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PIP_FIND_LINKS", "PIP_INDEX_URL", "PYTHONPATH"};
    return o;
}

QJsonObject parse(const std::string &json)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

// library -> the requirement `check` says ships it ("" when it names none).
std::map<std::string, std::string> missingLibraries(const QJsonObject &report)
{
    std::map<std::string, std::string> out;
    for (const QJsonValue &f : report.value(QLatin1String("findings")).toArray()) {
        const QJsonObject finding = f.toObject();
        if (finding.value(QLatin1String("id")).toString() != QLatin1String("lib.missing"))
            continue;
        const QJsonObject evidence = finding.value(QLatin1String("evidence")).toObject();
        out[evidence.value(QLatin1String("library")).toString().toStdString()] =
            evidence.value(QLatin1String("wheel")).toString().toStdString();
    }
    return out;
}

// The requirements of torch's METADATA (for this Python, no extra) whose distribution the wheelhouse
// argv[1] has a wheel of: cuda-bindings, triton and a new setuptools are not in the set, and torch
// imports without them.
const char *const kRequirementsInHouse = R"py(import importlib.metadata as m, os, re, sys
from pip._vendor.packaging.requirements import Requirement
norm = lambda name: re.sub(r'[-_.]+', '-', name).lower()
have = {norm(f.split('-')[0]) for f in os.listdir(sys.argv[1]) if f.endswith('.whl')}
for line in m.requires('torch'):
    req = Requirement(line)
    if (req.marker is None or req.marker.evaluate({'extra': ''})) and norm(req.name) in have:
        print(line.split(';')[0].strip())
)py";

std::vector<std::string> cudaFullFolders()
{
    std::vector<std::string> folders{kTorch};
    for (const auto &w : corpus::pinned())
        if (w.set == "cuda-full")
            folders.push_back(w.folderName());
    return folders;
}

// The CUDA torch in a venv of the first python3 on PATH (3.11: the wheel is cp311), with pip reading
// one wheelhouse of the whole set.
struct CudaVenv {
    TempDir dir{"td-cuda-full"};
    fs::path house = dir / "wheelhouse";
    fs::path venv = dir / "venv";
    std::string python = (venv / "bin/python").string();
    fs::path sitePackages = venv / "lib/python3.11/site-packages";
    RunOptions options = longRun(1800);

    CudaVenv()
    {
        fs::create_directories(house);
        for (const std::string &folder : cudaFullFolders())
            for (const auto &e : fs::directory_iterator(corpus::folder(folder)))
                if (e.path().extension() == ".whl")
                    fs::create_symlink(e.path(), house / e.path().filename());
        runOk({"python3", "-m", "venv", venv.string()}, options);
        const fs::path wheel = corpus::folder(kTorch) / "torch-2.15.0-cp311-cp311-manylinux_2_28_x86_64.whl";
        install({"--no-deps", wheel.string()});
    }
    void install(const std::vector<std::string> &args) const
    {
        std::vector<std::string> argv{python,    "-m",         "pip",          "--disable-pip-version-check",
                                      "install", "--no-index", "--find-links", house.string()};
        argv.insert(argv.end(), args.begin(), args.end());
        runOk(argv, options);
    }
    // torch with every requirement the set has: `import torch` works.
    void installRequirements() const
    {
        std::vector<std::string> requirements;
        std::istringstream lines(runOk({python, "-c", kRequirementsInHouse, house.string()}, options));
        for (std::string line; std::getline(lines, line);)
            requirements.push_back(line);
        ASSERT_GT(requirements.size(), 5u);
        install(requirements);
    }
    [[nodiscard]] RunResult torchdoctor(std::vector<std::string> args, const fs::path &data) const
    {
        RunOptions app = options;
        app.setEnv = {{"XDG_DATA_HOME", data.string()}};
        args.insert(args.begin(), config::torchdoctor);
        return run(args, app);
    }
    [[nodiscard]] RunResult importTorch() const
    {
        return run({python, "-c", "import torch; print(torch.__version__, torch.ones(3).sum().item())"}, options);
    }
};

bool haveCudaFull()
{
    const RunResult version = run({"python3", "-c", "import sys; print('%d.%d' % sys.version_info[:2])"});
    EXPECT_EQ(version.out, "3.11\n") << "the first python3 on PATH must be 3.11 (the torch wheel is cp311)";
    const std::vector<std::string> folders = cudaFullFolders();
    EXPECT_GT(folders.size(), 10u) << "tools/wheels.txt pins no cuda-full set";
    return version.out == "3.11\n" && folders.size() > 10 && corpus::has(folders);
}

// The lead of `check`'s JSON, and the ids it holds as symptoms.
std::pair<QJsonObject, QStringList> lead(const QJsonObject &report)
{
    const QJsonObject first = report.value(QLatin1String("findings")).toArray().at(0).toObject();
    QStringList held;
    const QJsonObject evidence = first.value(QLatin1String("evidence")).toObject();
    for (const QJsonValue &s : evidence.value(QLatin1String("symptoms")).toArray())
        held << s.toObject().value(QLatin1String("id")).toString();
    return {first, held};
}

std::chrono::milliseconds since(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
}

// `fix reinstall` from the wheelhouse, timed, next to the plain pip command that installs the same wheel
// (run after the undo, on the same broken tree).
struct TimedFix {
    RunResult result;
    std::chrono::milliseconds took{0};
};
TimedFix fixReinstall(const CudaVenv &env, const fs::path &data)
{
    const auto started = std::chrono::steady_clock::now();
    TimedFix fix;
    fix.result = env.torchdoctor({"fix", "reinstall", "--python", env.python, "--yes", "--no-index", "--find-links",
                                  env.house.string()},
                                 data);
    fix.took = since(started);
    return fix;
}

} // namespace

TEST(CorpusCudaFull, TorchWithoutItsNvidiaWheelsIsNamedRepairedAndUndone)
{
    ASSERT_TRUE(haveCudaFull());
    const CudaVenv env;
    const std::string &python = env.python;
    const RunOptions &options = env.options;
    env.install({"filelock", "typing-extensions", "sympy", "networkx", "jinja2", "fsspec"}); // the pure-Python ones
    const std::string freezeBefore = runOk({python, "-m", "pip", "freeze", "--all"}, options);

    // The real import fails on the first NVIDIA library.
    const RunResult before = run({python, "-c", "import torch"}, options);
    EXPECT_FALSE(before.ok());
    EXPECT_NE(before.err.find(": cannot open shared object file"), std::string::npos) << before.err;

    // check names each missing library and the wheel that ships it.
    TempDir data("td-cuda-full-data");
    const auto torchdoctor = [&](const std::vector<std::string> &args) { return env.torchdoctor(args, data.path()); };
    const RunResult check = torchdoctor({"check", "--python", python, "--format", "json", "--no-redact"});
    const auto missing = missingLibraries(parse(check.out));
    ASSERT_FALSE(missing.empty()) << check.out << check.err;
    for (const auto &[library, wheel] : missing) {
        EXPECT_NE(wheel, "") << library << " is missing but no wheel is named for it";
        std::printf("[ CHECK    ] %s: %s\n", library.c_str(), wheel.c_str());
    }

    // fix reinstall installs exactly those, journalled.
    const TimedFix timed = fixReinstall(env, data.path());
    const RunResult &fix = timed.result;
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    std::printf("[ FIX      ] fix reinstall: %lld s\n", static_cast<long long>(timed.took.count() / 1000));
    for (const auto &[library, wheel] : missing) {
        const std::string name = wheel.substr(0, wheel.find_first_of("[=<>!~"));
        EXPECT_NE(fix.out.find(name), std::string::npos) << name << " is not in the plan:\n" << fix.out;
    }

    // The import works now, and each library came from the wheel check named (its RECORD says so).
    const RunResult after = env.importTorch();
    EXPECT_EQ(after.exitCode, 0) << after.err;
    EXPECT_NE(after.out.find("2.15.0"), std::string::npos) << after.out;
    const QJsonObject records = parse(runOk({python, "-c", kRecordOwners}, options));
    const QJsonObject owners = records.value(QLatin1String("owners")).toObject();
    const QJsonObject extras = records.value(QLatin1String("extras")).toObject();
    for (const auto &[library, wheel] : missing) {
        const QString owner = owners.value(QString::fromStdString(library)).toString();
        EXPECT_FALSE(owner.isEmpty()) << library << " is in no installed wheel's RECORD";
        // "cuda-toolkit[cudart]==13.2.2": the distribution itself, or what that extra requires.
        const std::string base = wheel.substr(0, wheel.find_first_of("=<>!~"));
        const QString named = QString::fromStdString(base.substr(0, base.find('['))).toLower();
        const bool direct = owner == named;
        const bool viaExtra = base.find('[') != std::string::npos
                              && extras.value(QString::fromStdString(base).toLower()).toArray().contains(owner);
        EXPECT_TRUE(direct || viaExtra) << library << " is shipped by " << owner.toStdString() << ", check named "
                                        << wheel;
    }
    EXPECT_TRUE(missingLibraries(parse(torchdoctor({"check", "--python", python, "--format", "json"}).out)).empty());

    // undo: the environment as it was, and the import fails again.
    const RunResult undo = torchdoctor({"undo", "--yes"});
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(runOk({python, "-m", "pip", "freeze", "--all"}, options), freezeBefore);
    EXPECT_FALSE(run({python, "-c", "import torch"}, options).ok());
}

// A repair of one distribution, judged whole: the real import fails as `broken` says, `check` leads with
// `id` for `distribution` `version` and holds the failed import, `fix reinstall` installs `install` and
// nothing else, the import works, and `undo` gives back every file of site-packages byte for byte, with
// the import failing again. Prints the repair's time next to pip's for the same wheel.
struct OneDistribution {
    std::string id, distribution, version, install, importSymptom;
};
void judgeRepair(const CudaVenv &env, const OneDistribution &want, const std::function<bool(const RunResult &)> &broken)
{
    const RunResult before = env.importTorch();
    ASSERT_TRUE(broken(before)) << before.exitCode << " " << before.signal << "\n" << before.err;
    TempDir data("td-cuda-full-data");
    const RunResult check =
        env.torchdoctor({"check", "--python", env.python, "--format", "json", "--no-redact"}, data.path());
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const auto [first, held] = lead(parse(check.out));
    const QJsonObject evidence = first.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(first.value(QLatin1String("id")).toString().toStdString(), want.id) << check.out;
    EXPECT_EQ(evidence.value(QLatin1String("distribution")).toString().toStdString(), want.distribution);
    EXPECT_EQ(evidence.value(QLatin1String("version")).toString().toStdString(), want.version);
    EXPECT_TRUE(evidence.value(QLatin1String("root_cause")).toBool());
    EXPECT_TRUE(held.contains(QString::fromStdString(want.importSymptom))) << held.join(u' ').toStdString();
    std::printf("[ CHECK    ] %s\n", first.value(QLatin1String("title")).toString().toStdString().c_str());

    const std::string tree = python::treeHashes(env.sitePackages, std::chrono::seconds(600));
    const TimedFix fix = fixReinstall(env, data.path());
    EXPECT_EQ(fix.result.exitCode, 0) << fix.result.out << fix.result.err;
    const std::size_t at = fix.result.out.find("Run: ");
    ASSERT_NE(at, std::string::npos) << fix.result.out;
    const std::string pipLine = fix.result.out.substr(at, fix.result.out.find('\n', at) - at);
    EXPECT_NE(pipLine.find(" --no-deps " + want.install + " "), std::string::npos) << fix.result.out;
    EXPECT_EQ(pipLine.find("setuptools"), std::string::npos) << "only what is at fault: " << fix.result.out;
    EXPECT_NE(fix.result.out.find("Fixed."), std::string::npos) << fix.result.out;
    const RunResult after = env.importTorch();
    EXPECT_EQ(after.exitCode, 0) << after.err;
    EXPECT_NE(after.out.find("2.15.0+cu132 3.0"), std::string::npos) << after.out;

    const RunResult undo = env.torchdoctor({"undo", "--yes"}, data.path());
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(python::treeHashes(env.sitePackages, std::chrono::seconds(600)), tree) << "undo left files changed";
    EXPECT_TRUE(broken(env.importTorch()));

    const auto started = std::chrono::steady_clock::now();
    env.install({"--force-reinstall", "--no-deps", want.install});
    const auto pip = since(started);
    std::printf("[ TIME     ] fix reinstall (diagnosis, files kept for undo, pip, check again): %.1f s; "
                "pip install --force-reinstall --no-deps %s alone: %.1f s\n",
                static_cast<double>(fix.took.count()) / 1000, want.install.c_str(),
                static_cast<double>(pip.count()) / 1000);
}

// torch 2.15.0 pins nvidia-nccl-cu13==2.30.7; 2.27.7 lacks ncclCommResume, which libtorch_cuda.so calls.
// The walk finds the reference no file of the Python process defines, the library its other NCCL
// references bind to, and that library's owner, whose version is not the one torch pins.
TEST(CorpusCudaFull, AnOlderNcclThanTorchPinsIsNamedRepairedAndUndone)
{
    ASSERT_TRUE(haveCudaFull());
    const CudaVenv env;
    env.installRequirements();
    ASSERT_TRUE(env.importTorch().ok());
    env.install({"--no-deps", "nvidia-nccl-cu13==2.27.7"});
    judgeRepair(env,
                {"packages.requirement-unmet", "nvidia-nccl-cu13", "2.27.7", "nvidia-nccl-cu13==2.30.7",
                 "torch.import-failed"},
                [](const RunResult &r) {
                    return !r.ok() && r.err.find("undefined symbol: ncclCommResume") != std::string::npos;
                });
}

// libcufft.so.12 cut to half its size, as a full disk leaves it: ld.so maps it and the import dies of
// SIGBUS. Its size is not the one its RECORD lists (and its last segment ends past the file's end).
TEST(CorpusCudaFull, ACufftCutShortIsNamedRepairedAndUndone)
{
    ASSERT_TRUE(haveCudaFull());
    const CudaVenv env;
    env.installRequirements();
    ASSERT_TRUE(env.importTorch().ok());
    const fs::path cufft = env.sitePackages / "nvidia/cu13/lib/libcufft.so.12";
    ASSERT_TRUE(fs::is_regular_file(cufft));
    fs::resize_file(cufft, fs::file_size(cufft) / 2);
    judgeRepair(env,
                {"packages.file-damaged", "nvidia-cufft", "12.2.0.57", "nvidia-cufft==12.2.0.57",
                 "torch.import-crashed"},
                [](const RunResult &r) { return r.signal == SIGBUS; });
}

// torch 2.15.0's own aarch64 wheel put into the x86_64 venv in place of the x86_64 one (`pip install
// --platform ... --target`, or a site-packages copied from an ARM server): its libraries cannot be
// loaded here. One finding names the wheel's tag and the distribution; the repair installs the x86_64
// wheel of the same version alone (its NVIDIA wheels are there), and undo puts the aarch64 files back.
TEST(CorpusCudaFull, TorchsAarch64WheelInAnX8664VenvIsNamedReplacedAndUndone)
{
    ASSERT_TRUE(haveCudaFull());
    const CudaVenv env;
    env.installRequirements();
    ASSERT_TRUE(env.importTorch().ok());
    const fs::path arm = corpus::folder("torch-2.15.0-manylinux_2_28_aarch64")
                         / "torch-2.15.0-cp311-cp311-manylinux_2_28_aarch64.whl";
    ASSERT_TRUE(fs::is_regular_file(arm));
    runOk({env.python, "-m", "pip", "uninstall", "--yes", "torch"}, env.options);
    // What pip does with --target: the wheel's files and its dist-info, unpacked as they are.
    runOk({env.python, "-c",
           "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2]); "
           "open(sys.argv[2] + '/torch-2.15.0.dist-info/INSTALLER', 'w').write('pip\\n')",
           arm.string(), env.sitePackages.string()},
          env.options);
    judgeRepair(env,
                {"packages.wheel-mismatch", "torch", "2.15.0", "torch==2.15.0", "torch.import-failed"},
                [](const RunResult &r) { return !r.ok() && r.signal == 0; });
}
