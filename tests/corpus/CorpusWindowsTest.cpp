// SPDX-License-Identifier: GPL-3.0-or-later
// The Windows scenarios of the corpus, with the real torch, Microsoft and Intel DLLs from PyPI:
// `deps --os windows` over a whole torch\lib (torch 2.4.0's fbgemm.dll needs
// libomp140.x86_64.dll, 2.4.1 does not), a VC++ runtime older than torch 2.15 needs found first
// in the search (vcruntime.too-old), and two Intel OpenMP runtimes in one environment
// (openmp.duplicate). The environments are laid out around the real files (links to them).
// System32 is Wine's own PE DLL folder with Microsoft's current runtime on top; python.exe's
// folder holds a python311.dll built at test time (every process that imports torch has the
// interpreter's DLL loaded, and the wheels do not ship it).
#include "BuiltinKnowledge.h"
#include "Corpus.h"
#include "PeBuilder.h"
#include "TestConfig.h"

#include "checks/CheckRunner.h"
#include "checks/LibraryChecks.h"
#include "knowledge/KnowledgeBase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace td;
using namespace td::test;

namespace {

const char *const kTorch240 = "torch-2.4.0-win_amd64";
const char *const kTorch241 = "torch-2.4.1-win_amd64";
const char *const kTorch215 = "torch-2.15.0-win_amd64";
const char *const kRuntimeCurrent = "msvc-runtime-14.44.35112-win_amd64";
const char *const kRuntimeOld = "msvc-runtime-14.34.31931-win_amd64";
const char *const kIntelOpenMp = "intel-openmp-2024.2.1-win_amd64";

fs::path torchLib(const std::string &wheel)
{
    return corpus::folder(wheel) / "torch" / "lib";
}

// The DLLs of msvc-runtime's wheel (they install into the environment's root).
fs::path runtimeDlls(const std::string &wheel)
{
    const std::string version = wheel.substr(std::string("msvc-runtime-").size(), wheel.find("-win") - 13);
    return corpus::folder(wheel) / ("msvc_runtime-" + version + ".data") / "data";
}

std::string wineSystem32()
{
    return std::string(config::wineDllDir) + "/x86_64-windows";
}

void linkFilesOf(const fs::path &from, const fs::path &to, const std::string &extension = ".dll")
{
    fs::create_directories(to);
    for (const auto &e : fs::directory_iterator(from))
        if (e.is_regular_file() && e.path().extension() == extension) {
            std::error_code ec;
            fs::remove(to / e.path().filename(), ec);
            fs::create_symlink(e.path(), to / e.path().filename());
        }
}

const knowledge::KnowledgeBase &kb()
{
    return test::builtinKnowledge();
}

// python.exe's folder: the interpreter's DLL, which torch_python.dll imports.
void addPythonDll(const fs::path &appDir)
{
    const auto tc = pe::x64();
    ASSERT_TRUE(tc) << "x86_64-w64-mingw32-gcc and dlltool are needed (tools/setup.sh installs them)";
    pe::buildDll(*tc, appDir / "work", appDir / "python311.dll");
    fs::remove_all(appDir / "work");
}

QString q(const fs::path &p)
{
    return QString::fromStdString(p.string());
}

// A Windows Python environment: <root>/python.exe's folder, Lib/site-packages/torch/lib with the
// wheel's DLLs, Windows/System32 (Wine's DLLs, Microsoft's current runtime over them).
struct WindowsEnvironment {
    explicit WindowsEnvironment(const std::string &torchWheel, const std::string &torchVersion)
    {
        linkFilesOf(wineSystem32(), system32());
        linkFilesOf(runtimeDlls(kRuntimeCurrent), system32());
        linkFilesOf(torchLib(torchWheel), lib());
        addPythonDll(dir.path());
        probe.interpreter.executable = q(dir.path() / "python.exe");
        probe.interpreter.usable = true;
        probe.interpreter.version = QVersionNumber(3, 11, 9);
        probe.interpreter.bits = 64;
        probe.interpreter.platform = QStringLiteral("win32");
        probe.interpreter.machine = QStringLiteral("AMD64");
        probe.torch.installed = true;
        probe.torch.version = QString::fromStdString(torchVersion);
        probe.torch.packageDir = q(lib().parent_path());
        for (const auto &e : fs::directory_iterator(lib()))
            probe.torch.nativeLibraries << q(e.path());
        probe.torch.nativeLibraries.sort();
        probe.torch.dllDirectories << q(lib());
    }

    fs::path system32() const { return dir.path() / "Windows" / "System32"; }
    fs::path lib() const { return dir.path() / "Lib" / "site-packages" / "torch" / "lib"; }

    // The library findings of `check` for this environment.
    QList<checks::Finding> findings() const
    {
        checks::CheckRequest request;
        request.environment = QProcessEnvironment();
        request.environment.insert(QStringLiteral("SystemRoot"), q(dir.path() / "Windows"));
        QStringList runtimes;
        for (const auto &rt : kb().openMpRuntimes())
            runtimes += rt.files;
        const std::atomic<bool> cancel{false};
        checks::Facts facts;
        facts.interpreters = {probe};
        facts.chosen = 0;
        facts.chosenExecutable = probe.interpreter.executable;
        facts.libraries = checks::walkTorchLibraries(probe, request, cancel, runtimes);
        facts.ready = checks::Fact::Interpreters | checks::Fact::Libraries;
        return checks::LibraryCheck().run(facts, kb());
    }

    TempDir dir{"td-corpus-win"};
    python::StaticProbe probe;
};

const checks::Finding *findingOf(const QList<checks::Finding> &findings, const QString &id)
{
    for (const auto &f : findings)
        if (f.id == id)
            return &f;
    return nullptr;
}

std::string idsOf(const QList<checks::Finding> &findings)
{
    std::string out;
    for (const auto &f : findings)
        out += f.id.toStdString() + ": " + f.title.toStdString() + "\n";
    return out;
}

// `torchdoctor deps --os windows --json` over a folder, run from python.exe's folder: each library
// with an error (one entry per kind and name, however many roots met it) and who needs it.
std::map<std::string, std::set<std::string>> depsErrors(const fs::path &folder, int expectedExit)
{
    TempDir app("td-corpus-app");
    addPythonDll(app.path());
    const RunResult r = run({config::torchdoctor, "deps", "--os", "windows", "--system-dir", wineSystem32(),
                             "--app-dir", app.path().string(), "--json", folder.string()});
    EXPECT_EQ(r.exitCode, expectedExit) << r.err;
    const QJsonObject graph = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
    EXPECT_FALSE(graph.isEmpty()) << r.out.substr(0, 2000) << r.err;
    std::map<std::string, std::set<std::string>> out;
    for (const QJsonValue &v : graph.value(QStringLiteral("problems")).toArray()) {
        const QJsonObject p = v.toObject();
        if (p.value(QStringLiteral("severity")).toString() != QLatin1String("error"))
            continue;
        auto &neededBy = out[p.value(QStringLiteral("kind")).toString().toStdString() + " "
                             + p.value(QStringLiteral("name")).toString().toStdString()];
        for (const QJsonValue &n : p.value(QStringLiteral("needed_by")).toArray())
            neededBy.insert(fs::path(n.toString().toStdString()).filename().string());
    }
    return out;
}

} // namespace

TEST(CorpusWindows, DepsOnTorch240NamesLibomp140NeededByFbgemm)
{
    ASSERT_TRUE(corpus::has({kTorch240}));
    // fbgemm.dll imports it, and so does torch_cpu.dll (five functions by ordinal).
    using Errors = std::map<std::string, std::set<std::string>>;
    EXPECT_EQ(depsErrors(torchLib(kTorch240), 1),
              (Errors{{"missing libomp140.x86_64.dll", {"fbgemm.dll", "torch_cpu.dll"}}}));
}

TEST(CorpusWindows, DepsOnTorch241FindsNothingMissing)
{
    ASSERT_TRUE(corpus::has({kTorch241}));
    EXPECT_EQ(depsErrors(torchLib(kTorch241), 0), (std::map<std::string, std::set<std::string>>{}));
}

TEST(CorpusWindows, OldMsvcp140FirstInTheSearchIsTooOldForTorch215)
{
    ASSERT_TRUE(corpus::has({kTorch215, kRuntimeCurrent, kRuntimeOld}));
    WindowsEnvironment env(kTorch215, "2.15.0");
    {
        const auto findings = env.findings();
        EXPECT_EQ(findingOf(findings, QStringLiteral("vcruntime.too-old")), nullptr) << idsOf(findings);
        EXPECT_EQ(findings.size(), 0) << idsOf(findings);
    }
    // Another package's old copy next to python.exe: the application folder comes before System32.
    const fs::path old = env.dir.path() / "msvcp140.dll";
    fs::create_symlink(runtimeDlls(kRuntimeOld) / "msvcp140.dll", old);
    const auto findings = env.findings();
    const auto *f = findingOf(findings, QStringLiteral("vcruntime.too-old"));
    ASSERT_NE(f, nullptr) << idsOf(findings);
    EXPECT_EQ(f->evidence.value(QStringLiteral("path")).toString(), q(old));
    EXPECT_EQ(f->evidence.value(QStringLiteral("version")).toString(), QStringLiteral("14.34.31931.0"));
    EXPECT_EQ(f->evidence.value(QStringLiteral("required")).toString(), QStringLiteral("14.40"));
    EXPECT_TRUE(f->detail.contains(q(old))) << f->detail.toStdString();
    EXPECT_TRUE(f->title.contains(QStringLiteral("14.34.31931.0"))) << f->title.toStdString();
}

TEST(CorpusWindows, IntelOpenMpNextToTorchsOwnIsADuplicate)
{
    ASSERT_TRUE(corpus::has({kTorch241, kRuntimeCurrent, kIntelOpenMp}));
    WindowsEnvironment env(kTorch241, "2.4.1");
    EXPECT_EQ(findingOf(env.findings(), QStringLiteral("openmp.duplicate")), nullptr);

    // pip install intel-openmp puts its DLLs into <prefix>\Library\bin, a folder torch adds to the
    // DLL search (conda's MKL keeps its copy there too).
    const fs::path libraryBin = env.dir.path() / "Library" / "bin";
    linkFilesOf(corpus::folder(kIntelOpenMp) / "intel_openmp-2024.2.1.data" / "data" / "Library" / "bin", libraryBin);
    env.probe.torch.dllDirectories << q(libraryBin);
    const auto findings = env.findings();
    const auto *f = findingOf(findings, QStringLiteral("openmp.duplicate"));
    ASSERT_NE(f, nullptr) << idsOf(findings);
    QStringList files;
    for (const QJsonValue &v : f->evidence.value(QStringLiteral("files")).toArray())
        files << v.toString();
    files.sort();
    EXPECT_EQ(files, (QStringList{q(env.lib() / "libiomp5md.dll"), q(libraryBin / "libiomp5md.dll")}))
        << files.join(u' ').toStdString();
    EXPECT_EQ(f->severity, checks::Severity::Error);
}

TEST(CorpusWindows, CheckOnTorch240NamesLibomp140Once)
{
    // Every root of torch\lib that reaches libomp140.x86_64.dll meets it; `check` says it once.
    ASSERT_TRUE(corpus::has({kTorch240, kRuntimeCurrent}));
    WindowsEnvironment env(kTorch240, "2.4.0");
    const auto findings = env.findings();
    ASSERT_EQ(findings.size(), 1) << idsOf(findings);
    const checks::Finding &f = findings.front();
    EXPECT_EQ(f.id, QStringLiteral("lib.missing"));
    EXPECT_EQ(f.evidence.value(QStringLiteral("library")).toString(), QStringLiteral("libomp140.x86_64.dll"));
    QStringList neededBy;
    for (const QJsonValue &v : f.evidence.value(QStringLiteral("needed_by")).toArray())
        neededBy << QString::fromStdString(fs::path(v.toString().toStdString()).filename().string());
    neededBy.sort();
    EXPECT_EQ(neededBy, (QStringList{QStringLiteral("fbgemm.dll"), QStringLiteral("torch_cpu.dll")}));
    EXPECT_TRUE(f.detail.contains(QStringLiteral("pytorch/pytorch#131662"))) << f.detail.toStdString();
}
