// SPDX-License-Identifier: GPL-3.0-or-later
// The real CUDA torch 2.15.0 installed without its NVIDIA wheels (`pip install --no-deps`): the real
// `import torch` fails; `check` names every missing library and the requirement of torch's whose
// wheel ships it; `fix reinstall` installs exactly those with the real pip; the import then works
// (on the CPU) and `undo` puts the environment back as it was. Opt-in (label corpus-cuda-full,
// `ctest --preset corpus-cuda-full`): it needs the 2.1 GiB set of `tools/fetch-wheels.sh --set
// cuda-full`, installed from there as a wheelhouse.
#include "Corpus.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <map>

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

} // namespace

TEST(CorpusCudaFull, TorchWithoutItsNvidiaWheelsIsNamedRepairedAndUndone)
{
    std::vector<std::string> folders{kTorch};
    for (const auto &w : corpus::pinned())
        if (w.set == "cuda-full")
            folders.push_back(w.folderName());
    ASSERT_GT(folders.size(), 10u) << "tools/wheels.txt pins no cuda-full set";
    ASSERT_TRUE(corpus::has(folders));
    const RunResult version = run({"python3", "-c", "import sys; print('%d.%d' % sys.version_info[:2])"});
    ASSERT_EQ(version.out, "3.11\n") << "the first python3 on PATH must be 3.11 (the torch wheel is cp311)";

    TempDir dir("td-cuda-full");
    // One wheelhouse of the whole set, for pip --find-links.
    const fs::path house = dir / "wheelhouse";
    fs::create_directories(house);
    for (const std::string &folder : folders)
        for (const auto &e : fs::directory_iterator(corpus::folder(folder)))
            if (e.path().extension() == ".whl")
                fs::create_symlink(e.path(), house / e.path().filename());
    const std::string torchWheel =
        (corpus::folder(kTorch) / "torch-2.15.0-cp311-cp311-manylinux_2_28_x86_64.whl").string();

    const fs::path venv = dir / "venv";
    const std::string python = (venv / "bin/python").string();
    const RunOptions options = longRun(1800);
    runOk({"python3", "-m", "venv", venv.string()}, options);
    const std::vector<std::string> pip{python,    "-m",         "pip",          "--disable-pip-version-check",
                                       "install", "--no-index", "--find-links", house.string()};
    auto install = [&](std::vector<std::string> args) {
        std::vector<std::string> argv = pip;
        argv.insert(argv.end(), args.begin(), args.end());
        runOk(argv, options);
    };
    install({"--no-deps", torchWheel});
    install({"filelock", "typing-extensions", "sympy", "networkx", "jinja2", "fsspec"}); // the pure-Python ones
    const std::string freezeBefore = runOk({python, "-m", "pip", "freeze", "--all"}, options);

    // The real import fails on the first NVIDIA library.
    const RunResult before = run({python, "-c", "import torch"}, options);
    EXPECT_FALSE(before.ok());
    EXPECT_NE(before.err.find(": cannot open shared object file"), std::string::npos) << before.err;

    // check names each missing library and the wheel that ships it.
    TempDir data("td-cuda-full-data");
    RunOptions app = options;
    app.setEnv = {{"XDG_DATA_HOME", data.path().string()}};
    auto torchdoctor = [&](std::vector<std::string> args) {
        args.insert(args.begin(), config::torchdoctor);
        return run(args, app);
    };
    const RunResult check = torchdoctor({"check", "--python", python, "--format", "json", "--no-redact"});
    const auto missing = missingLibraries(parse(check.out));
    ASSERT_FALSE(missing.empty()) << check.out << check.err;
    for (const auto &[library, wheel] : missing) {
        EXPECT_NE(wheel, "") << library << " is missing but no wheel is named for it";
        std::printf("[ CHECK    ] %s: %s\n", library.c_str(), wheel.c_str());
    }

    // fix reinstall installs exactly those, journalled.
    const auto started = std::chrono::steady_clock::now();
    const RunResult fix =
        torchdoctor({"fix", "reinstall", "--python", python, "--yes", "--no-index", "--find-links", house.string()});
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - started);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    std::printf("[ FIX      ] fix reinstall: %lld s\n", static_cast<long long>(seconds.count()));
    for (const auto &[library, wheel] : missing) {
        const std::string name = wheel.substr(0, wheel.find_first_of("[=<>!~"));
        EXPECT_NE(fix.out.find(name), std::string::npos) << name << " is not in the plan:\n" << fix.out;
    }

    // The import works now, and each library came from the wheel check named (its RECORD says so).
    const RunResult after =
        run({python, "-c", "import torch; print(torch.__version__, torch.ones(3).sum().item())"}, options);
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
