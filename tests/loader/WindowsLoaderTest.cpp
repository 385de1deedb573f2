// SPDX-License-Identifier: GPL-3.0-or-later
// The Windows loader emulation on DLL trees built with mingw-w64 (WindowsTrees.h):
// API sets, KnownDLLs, case-insensitive lookup, both search orders, wrong
// machines, delay-load imports, shadowed copies and the advice table. Wine
// checks the same rules against a real loader (tests/oracle/WineOracleTest.cpp).
#include "BuiltTrees.h"
#include "ProblemDetail.h"
#include "TestConfig.h"
#include "TestSupport.h"
#include "WindowsTrees.h"

#include "loader/Analyzer.h"
#include "loader/ApiSetSchema.h"
#include "loader/KnownDlls.h"
#include "loader/WindowsLoader.h"

#include <gtest/gtest.h>

using namespace td;
using namespace td::test;
using loader::ProblemKind;
using loader::Severity;
using loader::Via;

namespace {

// ---- tables -----------------------------------------------------------------

TEST(ApiSetSchema, ResolvesIgnoringCaseAndLastVersion)
{
    const auto r = loader::apiset::resolve("API-MS-Win-Core-Synch-L1-2-0.dll");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->host, "kernelbase.dll");
    EXPECT_EQ(r->contract.rfind("api-ms-win-core-synch-l1-2-", 0), 0u) << r->contract;
    // Any last version number finds the same entry: the loader hashes without it.
    const auto later = loader::apiset::resolve("api-ms-win-core-synch-l1-2-7");
    ASSERT_TRUE(later);
    EXPECT_EQ(later->contract, r->contract);
    // ...but the other numbers are part of the contract.
    const auto l11 = loader::apiset::resolve("api-ms-win-core-synch-l1-1-0.dll");
    ASSERT_TRUE(l11);
    EXPECT_NE(l11->contract, r->contract);
}

TEST(ApiSetSchema, UcrtAndExtContracts)
{
    const auto crt = loader::apiset::resolve("api-ms-win-crt-runtime-l1-1-0.dll");
    ASSERT_TRUE(crt);
    EXPECT_EQ(crt->host, "ucrtbase.dll");
    EXPECT_TRUE(loader::apiset::isApiSetName("EXT-MS-win-ntuser-synch-l1-1-0.dll"));
    const auto ext = loader::apiset::resolve("ext-ms-win-ntuser-synch-l1-1-0.dll");
    ASSERT_TRUE(ext);
    EXPECT_EQ(ext->host, "user32.dll");
}

TEST(ApiSetSchema, UnknownContractsAndOrdinaryNames)
{
    EXPECT_FALSE(loader::apiset::resolve("api-ms-win-td-nonexistent-l1-1-0.dll"));
    EXPECT_FALSE(loader::apiset::resolve("kernel32.dll"));
    EXPECT_FALSE(loader::apiset::isApiSetName("apis.dll"));
    EXPECT_GT(loader::apiset::contractCount(), 400u);
}

#ifdef _WIN32
TEST(ApiSetSchema, TheRunningSystemsMapIsRead)
{
    // The process's own map, found through the PEB (Wine 8 has a version 6 one).
    const auto running = loader::apiset::running();
    ASSERT_NE(running, nullptr);
    EXPECT_GT(running->size(), 100u);
    const auto crt = running->resolve("api-ms-win-crt-runtime-l1-1-0.dll");
    ASSERT_TRUE(crt);
    EXPECT_EQ(crt->host, "ucrtbase.dll");
}
#endif

TEST(KnownDlls, ListAndCase)
{
    EXPECT_TRUE(loader::knowndlls::isKnownDll("KERNEL32.dll"));
    EXPECT_TRUE(loader::knowndlls::isKnownDll("msvcrt.dll"));
    EXPECT_FALSE(loader::knowndlls::isKnownDll("msvcp140.dll"));
    EXPECT_FALSE(loader::knowndlls::isKnownDll("c10.dll"));
}

TEST(WindowsRules, AdviceTable)
{
    using loader::Advice;
    EXPECT_EQ(loader::windows_rules::adviceFor("libomp140.x86_64.dll"), Advice::LlvmOpenMp);
    EXPECT_EQ(loader::windows_rules::adviceFor("MSVCP140.dll"), Advice::VcRuntime);
    EXPECT_EQ(loader::windows_rules::adviceFor("vcomp140.dll"), Advice::VcRedist);
    EXPECT_EQ(loader::windows_rules::adviceFor("zlibwapi.dll"), Advice::ZlibWapi);
    EXPECT_EQ(loader::windows_rules::adviceFor("cudnn_cnn_infer64_8.dll"), Advice::CudaRuntime);
    EXPECT_EQ(loader::windows_rules::adviceFor("c10.dll"), Advice::General);

    // The words for each: a missing DLL, and one that another copy shadows.
    auto text = [](Advice advice, loader::ProblemKind kind) {
        loader::Problem p;
        p.kind = kind;
        p.cause = kind == loader::ProblemKind::Shadowed ? loader::Cause::EarlierCopyWins : loader::Cause::NotFound;
        p.advice = advice;
        p.name = "x.dll";
        p.rootFile = "c10.dll";
        p.candidates.resize(kind == loader::ProblemKind::Shadowed ? 2 : 0);
        return td::test::detailOf(p, loader::TargetOs::Windows);
    };
    const std::string omp = text(Advice::LlvmOpenMp, loader::ProblemKind::Missing);
    EXPECT_NE(omp.find("2.4.1"), std::string::npos) << omp;
    EXPECT_NE(omp.find("not part of the VC++ Redistributable"), std::string::npos) << omp;
    EXPECT_NE(text(Advice::VcRuntime, loader::ProblemKind::Missing).find("Redistributable"), std::string::npos);
    EXPECT_NE(text(Advice::VcRuntime, loader::ProblemKind::Shadowed).find("14.40"), std::string::npos);
    EXPECT_EQ(text(Advice::VcRedist, loader::ProblemKind::Shadowed).find("14.40"), std::string::npos);
}

TEST(WindowsRules, SplitPath)
{
    const auto parts = loader::windows_rules::splitPath("C:\\a;;\"C:\\b c\";C:\\d ");
    ASSERT_EQ(parts.size(), 3u);
    EXPECT_EQ(parts[1], "C:\\b c");
    EXPECT_EQ(parts[2], "C:\\d");
}

// ---- trees ------------------------------------------------------------------

// Each test reads the tree named after it (WindowsTrees.h), which make-windows-trees
// built before the test ran (the CTest fixture windows-trees).
class WindowsTree : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        const windows_trees::Tree *tree = trees::find(windows_trees::all(), name);
        ASSERT_NE(tree, nullptr) << "WindowsTrees.h has no tree named " << name;
        m_dir = fs::absolute(fs::path(config::windowsTrees).make_preferred()) / name;
        ASSERT_TRUE(trees::isBuilt(m_dir, windows_trees::describe(*tree), "make-windows-trees", "windows-trees"));
        m_system = at(windows_trees::kSystem32);
    }

    // A file or folder of the tree, spelt the system's way.
    fs::path at(const std::string &relative) const { return m_dir / fs::path(relative).make_preferred(); }

    loader::DepsOptions options() const
    {
        loader::DepsOptions o;
        o.os = loader::TargetOs::Windows;
        o.systemDir = m_system.string();
        return o;
    }

    static loader::Graph analyze(const fs::path &root, const loader::DepsOptions &o)
    {
        return loader::analyze({root.string()}, o);
    }

    static const loader::Problem *problem(const loader::Graph &g, ProblemKind kind, const std::string &name = {})
    {
        for (const auto &p : g.problems)
            if (p.kind == kind && (name.empty() || p.name == name))
                return &p;
        return nullptr;
    }

    static const loader::Edge *edge(const loader::Graph &g, const std::string &name)
    {
        for (const auto &e : g.edges)
            if (e.name == name)
                return &e;
        return nullptr;
    }

    static std::string resolved(const loader::Graph &g, const std::string &name)
    {
        const auto *e = edge(g, name);
        return e ? g.libraries[e->to].path : std::string("<no edge>");
    }

    static bool hasErrors(const loader::Graph &g) { return g.hasErrors(); }

    fs::path m_dir;
    fs::path m_system;
};

TEST_F(WindowsTree, ApiSetResolvesToHostNotToAFileOnDisk)
{
    const auto g = analyze(at("lib/a.dll"), options());
    EXPECT_FALSE(hasErrors(g));
    const auto *crt = edge(g, "API-MS-WIN-CRT-RUNTIME-L1-1-0.dll");
    ASSERT_NE(crt, nullptr);
    EXPECT_EQ(crt->via, Via::ApiSet);
    EXPECT_EQ(g.libraries[crt->to].path, (m_system / "ucrtbase.dll").string());
    // kernelbase is always loaded: the API set edge lands on System32's, spelt as on disk.
    EXPECT_EQ(resolved(g, "api-ms-win-core-synch-l1-2-0.dll"), (m_system / "KernelBase.dll").string());
}

TEST_F(WindowsTree, UnknownApiSetIsMissingWithExplanation)
{
    const auto g = analyze(at("lib/a.dll"), options());
    const auto *p = problem(g, ProblemKind::Missing);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->severity, Severity::Error);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::Windows).find("API set"), std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::Windows);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::Windows).find("may not have"), std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::Windows);
}

TEST_F(WindowsTree, KnownDllComesFromSystem32WhateverTheOrder)
{
    // lib/ has an app-local msvcrt.dll: ignored for a KnownDLL.
    const auto g = analyze(at("lib/a.dll"), options());
    const auto *e = edge(g, "MSVCRT.dll");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->via, Via::KnownDll);
    EXPECT_EQ(g.libraries[e->to].path, (m_system / "msvcrt.dll").string());
}

TEST_F(WindowsTree, CaseInsensitiveLookup)
{
    const auto g = analyze(at("lib/a.dll"), options());
    EXPECT_FALSE(hasErrors(g));
    EXPECT_EQ(resolved(g, "torch_cpu.dll"), at("lib/Torch_CPU.DLL").string());
    const auto *e = edge(g, "torch_cpu.dll");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->via, Via::DllDir);
}

TEST_F(WindowsTree, DefaultDirsOrder)
{
    // The DLL's folder, the application folder, add_dll_directory, System32.
    const fs::path app = at("python"), x = at("extra");
    auto o = options();
    o.appDir = app.string();
    o.searchDirs = {x.string()};
    const auto g = analyze(at("torch/lib/a.dll"), o);
    EXPECT_FALSE(hasErrors(g));
    EXPECT_EQ(edge(g, "here.dll")->via, Via::DllDir);
    EXPECT_EQ(edge(g, "inapp.dll")->via, Via::AppDir);
    EXPECT_EQ(resolved(g, "inapp.dll"), (app / "inapp.dll").string());
    EXPECT_EQ(edge(g, "inextra.dll")->via, Via::AddDllDirectory);
    EXPECT_EQ(edge(g, "insystem.dll")->via, Via::SystemDir);
    // The later, different inapp.dll is shadowed.
    const auto *s = problem(g, ProblemKind::Shadowed, "inapp.dll");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->severity, Severity::Warning);
    ASSERT_EQ(s->paths.size(), 2u);
    EXPECT_EQ(s->paths[1], (x / "inapp.dll").string());
}

TEST_F(WindowsTree, PathIgnoredWithTorchFlags)
{
    const fs::path lib = at("torch/lib"), onPath = at("tools/bin");
    const fs::path a = lib / "fbgemm.dll";
    auto o = options();
    o.path = "C:\\nowhere;" + onPath.string();
    const auto g = analyze(a, o);
    const auto *p = problem(g, ProblemKind::Missing, "libomp140.x86_64.dll");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->severity, Severity::Error);
    const std::string detail = td::test::detailOf(*p, td::loader::TargetOs::Windows);
    EXPECT_NE(detail.find("ignores PATH"), std::string::npos) << detail;
    EXPECT_NE(detail.find(lib.string()), std::string::npos) << "every folder searched: " << detail;
    EXPECT_NE(detail.find(m_system.string()), std::string::npos) << detail;
    EXPECT_NE(detail.find("os.add_dll_directory"), std::string::npos) << detail;
    EXPECT_NE(detail.find("2.4.1"), std::string::npos) << "the advice table: " << detail;
    EXPECT_EQ(p->paths, std::vector<std::string>{(onPath / "libomp140.x86_64.dll").string()});

    // torch's fallback: the classic order searches PATH.
    o.classicWindowsOrder = true;
    const auto classic = analyze(a, o);
    EXPECT_FALSE(hasErrors(classic));
    EXPECT_EQ(edge(classic, "libomp140.x86_64.dll")->via, Via::Path);
}

TEST_F(WindowsTree, ClassicOrder)
{
    // Application folder, System32, then PATH (with torch's folders put in
    // front); the DLL's own folder is not searched.
    const fs::path lib = at("torch/lib"), p1 = at("p1"), p2 = at("p2");
    auto o = options();
    o.appDir = at("python").string();
    o.path = p1.string() + ";" + p2.string();
    o.classicWindowsOrder = true;
    const fs::path a = lib / "a.dll";
    const auto g = analyze(a, o);
    const auto *own = problem(g, ProblemKind::Missing, "own.dll");
    ASSERT_NE(own, nullptr);
    EXPECT_NE(td::test::detailOf(*own, td::loader::TargetOs::Windows).find("not searched"), std::string::npos)
        << td::test::detailOf(*own, td::loader::TargetOs::Windows);
    EXPECT_EQ(resolved(g, "onpath.dll"), (p1 / "onpath.dll").string());
    EXPECT_EQ(edge(g, "sys.dll")->via, Via::SystemDir);
    EXPECT_NE(problem(g, ProblemKind::Shadowed, "onpath.dll"), nullptr);
    EXPECT_NE(problem(g, ProblemKind::Shadowed, "sys.dll"), nullptr);

    // With the torch folder added (os.add_dll_directory), torch's fallback finds it on PATH.
    o.searchDirs = {lib.string()};
    const auto withTorch = analyze(a, o);
    EXPECT_EQ(problem(withTorch, ProblemKind::Missing), nullptr);
    EXPECT_EQ(edge(withTorch, "own.dll")->via, Via::Path);
}

TEST_F(WindowsTree, WrongMachineDependency)
{
    // torch_cpu.dll (x64) needs c10.dll, whose only copy is x86.
    const auto g = analyze(at("torch/lib/torch_cpu.dll"), options());
    const auto *p = problem(g, ProblemKind::WrongArch, "c10.dll");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->severity, Severity::Error);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::Windows)
                  .find("c10.dll is x86 (32-bit) but the process is x64 (64-bit)"),
              std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::Windows);
    EXPECT_EQ(p->paths, std::vector<std::string>{at("torch/lib/c10.dll").string()});
}

TEST_F(WindowsTree, WrongMachineRoot)
{
    // A 32-bit DLL for a 64-bit python.exe: [WinError 193].
    auto o = options();
    o.appDir = at("python").string();
    const auto g = analyze(at("torch/lib/c10.dll"), o);
    const auto *p = problem(g, ProblemKind::WrongArch);
    ASSERT_NE(p, nullptr);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::Windows)
                  .find("c10.dll is x86 (32-bit) but the process (python.exe) is x64 (64-bit)"),
              std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::Windows);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::Windows).find("WinError 193"), std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::Windows);
}

TEST_F(WindowsTree, MissingDelayLoadIsAWarning)
{
    // a -> b (normal) -> td_absent_delay (delay); a -> present (delay) -> td_absent_indirect (normal).
    const auto g = analyze(at("lib/a.dll"), options());
    EXPECT_FALSE(hasErrors(g));
    const auto *p = problem(g, ProblemKind::Missing, "td_absent_delay.dll");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->severity, Severity::Warning);
    const std::string detail = td::test::detailOf(*p, td::loader::TargetOs::Windows);
    EXPECT_NE(detail.find("delay-load"), std::string::npos) << detail;
    // Said once, and rightly: the load succeeds; no WinError is promised for it.
    EXPECT_NE(detail.find("still succeeds"), std::string::npos) << detail;
    EXPECT_EQ(detail.find("WinError"), std::string::npos) << detail;
    EXPECT_EQ(detail.find("fails with"), std::string::npos) << detail;
    const auto *e = edge(g, "td_absent_delay.dll");
    ASSERT_NE(e, nullptr);
    EXPECT_TRUE(e->delayLoad);
    // What a delay-loaded DLL needs is only needed on first use, too.
    const auto *indirect = problem(g, ProblemKind::Missing, "td_absent_indirect.dll");
    ASSERT_NE(indirect, nullptr);
    EXPECT_EQ(indirect->severity, Severity::Warning);
    EXPECT_EQ(td::test::detailOf(*indirect, td::loader::TargetOs::Windows).find("WinError"), std::string::npos)
        << td::test::detailOf(*indirect, td::loader::TargetOs::Windows);
}

TEST_F(WindowsTree, ShadowedMsvcpShowsBothVersions)
{
    // msvcp140.dll 14.36 in conda's folder (added), 14.40 in System32.
    auto o = options();
    o.searchDirs = {at("conda/Library/bin").string()};
    const auto g = analyze(at("torch/lib/c10.dll"), o);
    const auto *e = edge(g, "msvcp140.dll");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(g.libraries[e->to].version, "14.36.32532.0");
    const auto *p = problem(g, ProblemKind::Shadowed, "msvcp140.dll");
    ASSERT_NE(p, nullptr);
    const std::string detail = td::test::detailOf(*p, td::loader::TargetOs::Windows);
    EXPECT_NE(detail.find("14.36.32532.0"), std::string::npos) << detail;
    EXPECT_NE(detail.find("14.40.33810.0"), std::string::npos) << detail;
    EXPECT_NE(detail.find("1114"), std::string::npos) << detail;
}

TEST_F(WindowsTree, PythonsOwnRuntimeIsNotInTheWay)
{
    // python.org's embeddable ships vcruntime140.dll 14.38 next to python.exe; c10.dll was linked by
    // MSVC 14.29, so that copy serves it although System32 has a newer one.
    auto o = options();
    o.appDir = at("python").string();
    const auto g = analyze(at("torch/lib/c10.dll"), o);
    EXPECT_EQ(resolved(g, "vcruntime140.dll"), at("python/vcruntime140.dll").string());
    EXPECT_EQ(problem(g, ProblemKind::Shadowed, "vcruntime140.dll"), nullptr);
    EXPECT_FALSE(hasErrors(g));
}

TEST_F(WindowsTree, RuntimeOlderThanTheToolsetIsAnError)
{
    // c10.dll linked by MSVC 14.42 with msvcp140.dll 14.34 first in the search: Microsoft's
    // runtime serves only modules of its own toolset or older.
    auto o = options();
    o.appDir = at("python").string();
    const auto g = analyze(at("torch/lib/c10.dll"), o);
    const auto *p = problem(g, ProblemKind::Shadowed, "msvcp140.dll");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->severity, Severity::Error);
    EXPECT_EQ(p->toolset, "14.42");
    EXPECT_EQ(p->winError, 1114);
    const std::string detail = td::test::detailOf(*p, td::loader::TargetOs::Windows);
    EXPECT_NE(detail.find("14.42"), std::string::npos) << detail;
    EXPECT_NE(detail.find("14.34.31931.0"), std::string::npos) << detail;
}

TEST_F(WindowsTree, MissingVcRuntimeAdvice)
{
    const auto g = analyze(at("lib/c10.dll"), options());
    const auto *p = problem(g, ProblemKind::Missing, "VCRUNTIME140_1.dll");
    ASSERT_NE(p, nullptr);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::Windows).find("Visual C++ 2015-2022 Redistributable"),
              std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::Windows);
}

TEST_F(WindowsTree, FolderOfDlls)
{
    // The folder as input: every DLL a root, one process each.
    const auto g = loader::analyze({at("lib").string()}, options());
    EXPECT_FALSE(hasErrors(g));
    EXPECT_EQ(g.roots.size(), 4u);
}

TEST_F(WindowsTree, CliExitCodes)
{
    ASSERT_TRUE(config::have(config::torchdoctor)) << "torchdoctor not built";
    const RunResult ok = run({config::torchdoctor, "deps", "--os", "windows", "--system-dir", m_system.string(),
                              "--json", at("good/a.dll").string()});
    EXPECT_EQ(ok.exitCode, 0) << ok.out << ok.err;
    EXPECT_NE(ok.out.find("\"roots\""), std::string::npos) << ok.out;
    const RunResult fail = run({config::torchdoctor, "deps", "--os", "windows", "--system-dir", m_system.string(),
                                "--json", at("bad/a.dll").string()});
    EXPECT_EQ(fail.exitCode, 1) << fail.out << fail.err;
    EXPECT_NE(fail.out.find("td_absent.dll"), std::string::npos) << fail.out;
}

// A DLL found next to the DLL that needs it (torch\lib) is how the package
// is meant to load: a different copy in System32 is no problem.
TEST_F(WindowsTree, TheDllsOwnFolderWinningIsNotShadowing)
{
    const auto g = analyze(at("torch/lib/a.dll"), options());
    EXPECT_EQ(edge(g, "zephyrblas.dll")->via, Via::DllDir);
    EXPECT_EQ(problem(g, ProblemKind::Shadowed, "zephyrblas.dll"), nullptr);
}

} // namespace
