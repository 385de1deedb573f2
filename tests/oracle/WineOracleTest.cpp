// SPDX-License-Identifier: GPL-3.0-or-later
// Oracle: Wine's loader. DLL trees are built with mingw-w64 at test time,
// loaded under Wine by loadprobe.exe (core/platform/windows/loadprobe.c, the
// LoadLibraryExW call torch makes), and our `deps --os windows` prediction
// must agree: error 126 <-> an error on a dependency (missing, or only a
// copy of another machine, or a non-PE file met on the search), 193 <-> the
// root itself cannot be loaded, 0 <-> no errors, and on success every DLL of the tree
// resolves to the same file.
//
// System32 for the emulation is Wine's own PE DLL folder
// (<wineDllDir>/x86_64-windows): Wine maps kernel32, kernelbase, msvcrt and
// the API set hosts from there, so our System32 holds the same files that
// Wine's loader uses.
#include "Corpus.h"
#include "PeBuilder.h"
#include "ProblemDetail.h"
#include "TestConfig.h"
#include "TestSupport.h"
#include "WinePrefix.h"

#include "loader/Analyzer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>

using namespace td;
using namespace td::test;
using loader::ProblemKind;
using loader::Severity;
using wine::wine64;
using wine::winePath;

namespace {

// "Z:\tmp\x\a.dll" -> "/tmp/x/a.dll"; other drives (Wine's C:\windows) -> "".
std::string unixPath(std::string p)
{
    while (!p.empty() && (p.back() == '\r' || p.back() == '\n'))
        p.pop_back();
    if (p.size() < 3 || (p[0] != 'Z' && p[0] != 'z') || p[1] != ':')
        return {};
    p = p.substr(2);
    std::replace(p.begin(), p.end(), '\\', '/');
    return p;
}

// Wine names a module the way it was asked for, not as the file is spelt on
// disk: compare without case, as Windows file names are.
std::string lowerCase(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

struct Probe {
    int code = -1;
    std::set<std::string> modules; // unix paths (lower case) of the modules the load brought in (Z: drive only)
    std::string raw;
};

class WineOracle : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        s_skip.clear();
        const auto tc = pe::x64();
        if (!tc || !pe::x86() || wine64().empty()) {
            s_skip = "wine64 or mingw-w64 (x86_64 and i686) not found";
            return;
        }
        s_dir = std::make_unique<TempDir>("td-wine");
        s_bin = s_dir->path() / "bin";
        fs::create_directories(s_bin);
        fs::create_directories(s_dir->path() / "cwd");
        runOk({tc->cc, "-O2", "-municode", "-o", (s_bin / "loadprobe.exe").string(),
               std::string(config::sourceDir) + "/core/platform/windows/loadprobe.c", "-lpsapi"});
        s_prefix = std::make_unique<wine::Prefix>(s_dir->path() / "prefix");
        s_skip = s_prefix->error();
    }

    static void TearDownTestSuite()
    {
        s_prefix.reset();
        std::cout << "[ WINE     ] Wine agrees on " << s_agreed << " of " << s_total << " trees" << std::endl;
        s_dir.reset();
    }

    void SetUp() override
    {
        if (!s_skip.empty())
            GTEST_SKIP() << s_skip;
        m_tc = *pe::x64();
        m_x86 = *pe::x86();
        m_root = s_dir->path() / ::testing::UnitTest::GetInstance()->current_test_info()->name();
        fs::create_directories(m_root);
    }

    fs::path dir(const std::string &name)
    {
        const fs::path p = m_root / name;
        fs::create_directories(p);
        return p;
    }

    fs::path dll(const fs::path &where, const std::string &name, const pe::DllSpec &spec = {}, bool x86 = false)
    {
        const fs::path out = where / name;
        pe::buildDll(x86 ? m_x86 : m_tc, m_root / "work", out, spec);
        return out;
    }

    static pe::DllSpec needs(std::initializer_list<std::string> dlls)
    {
        pe::DllSpec spec;
        for (const auto &d : dlls)
            spec.imports.push_back({d, {}, false});
        return spec;
    }

    struct Setup {
        std::vector<fs::path> addDirs;
        bool classic = false;
        std::vector<fs::path> path; // PATH entries (WINEPATH under Wine)
    };

    Probe probe(const fs::path &root, const Setup &setup)
    {
        std::vector<std::string> argv{wine64(), (s_bin / "loadprobe.exe").string()};
        if (setup.classic)
            argv.push_back("--classic");
        for (const auto &d : setup.addDirs) {
            argv.push_back("--add-dir");
            argv.push_back(winePath(d));
        }
        argv.push_back(winePath(root));
        RunOptions o = s_prefix->options();
        o.workingDir = s_dir->path() / "cwd";
        if (!setup.path.empty()) {
            std::string value;
            for (const auto &p : setup.path)
                value += (value.empty() ? "" : ";") + winePath(p);
            o.unsetEnv.erase(std::remove(o.unsetEnv.begin(), o.unsetEnv.end(), "WINEPATH"), o.unsetEnv.end());
            o.setEnv["WINEPATH"] = value;
        }
        RunResult r = run(argv, o);
        if (r.out.empty()) // no answer at all: Wine itself did not get going (a busy machine), not the loader's verdict
            r = run(argv, o);
        Probe p;
        p.raw = r.out + r.err;
        if (r.out.empty())
            p.raw += "(no output twice; exit code " + std::to_string(r.exitCode) + ", signal " + std::to_string(r.signal)
                     + (r.timedOut ? ", timed out" : "") + ")\n";
        for (const std::string &line : lines(r.out)) {
            if (line.empty())
                continue;
            if (line[0] == '\t') {
                if (const std::string u = unixPath(line.substr(1)); !u.empty())
                    p.modules.insert(lowerCase(u));
            } else if (const auto tab = line.rfind('\t'); tab != std::string::npos && p.code < 0) {
                p.code = std::atoi(line.c_str() + tab + 1);
            }
        }
        return p;
    }

    loader::Graph predict(const fs::path &root, const Setup &setup)
    {
        loader::DepsOptions options;
        options.os = loader::TargetOs::Windows;
        options.systemDir = std::string(config::wineDllDir) + "/x86_64-windows";
        options.appDir = s_bin.string();
        for (const auto &d : setup.addDirs)
            options.searchDirs.push_back(d.string());
        options.classicWindowsOrder = setup.classic;
        if (!setup.path.empty()) {
            std::string value;
            for (const auto &p : setup.path)
                value += (value.empty() ? "" : ";") + p.string();
            options.path = value;
        }
        return loader::analyze({root.string()}, options);
    }

    // The files our prediction loads (not through delay-load imports), outside System32.
    static std::set<std::string> predictedModules(const loader::Graph &g)
    {
        std::set<std::string> out;
        if (g.roots.empty())
            return out;
        const std::string system = std::string(config::wineDllDir) + "/";
        std::vector<std::size_t> todo{g.roots[0].library};
        std::set<std::size_t> seen{g.roots[0].library};
        while (!todo.empty()) {
            const std::size_t n = todo.back();
            todo.pop_back();
            const auto &lib = g.libraries[n];
            if (lib.found && lib.path.compare(0, system.size(), system) != 0)
                out.insert(lowerCase(lib.path));
            for (const auto &e : g.edges)
                if (e.from == n && !e.delayLoad && seen.insert(e.to).second)
                    todo.push_back(e.to);
        }
        return out;
    }

    static int predictedCode(const loader::Graph &g)
    {
        int code = 0;
        for (const auto &p : g.problems) {
            if (p.severity != Severity::Error)
                continue;
            const bool root = !g.roots.empty() && p.paths.size() == 1 && p.paths[0] == g.roots[0].path;
            // A file that cannot be loaded fails the load with 193 only when
            // it is the DLL passed to LoadLibrary; for an import Wine
            // reports 126 whatever the cause.
            if ((p.kind == ProblemKind::WrongArch || p.kind == ProblemKind::NotALibrary) && root)
                return 193;
            code = 126;
        }
        return code;
    }

    // Returns our graph for further checks.
    // Runs both and requires agreement (and Wine's code, when one is expected).
    loader::Graph expectAgreement(const fs::path &root, const Setup &setup, std::optional<int> expectedCode)
    {
        ++s_total;
        const Probe wine = probe(root, setup);
        const loader::Graph ours = predict(root, setup);
        std::string problems;
        for (const auto &p : ours.problems)
            problems += std::string(loader::toString(p.kind)) + " " + p.name + ": "
                        + td::test::detailOf(p, td::loader::TargetOs::Windows) + "\n";
        bool agreed = true;
        if (expectedCode) {
            EXPECT_EQ(wine.code, *expectedCode) << "Wine said:\n" << wine.raw;
        }
        if (predictedCode(ours) != wine.code) {
            agreed = false;
            ADD_FAILURE() << "Wine: " << wine.code << ", we predict " << predictedCode(ours) << "\nWine said:\n"
                          << wine.raw << "our problems:\n"
                          << problems;
        }
        if (wine.code == 0) {
            const auto predicted = predictedModules(ours);
            if (predicted != wine.modules) {
                agreed = false;
                std::string a, b;
                for (const auto &m : wine.modules)
                    a += "  " + m + "\n";
                for (const auto &m : predicted)
                    b += "  " + m + "\n";
                ADD_FAILURE() << "Wine loaded:\n" << a << "we predict:\n" << b << "problems:\n" << problems;
            }
        }
        if (agreed)
            ++s_agreed;
        return ours;
    }

    static const loader::Problem *find(const loader::Graph &g, ProblemKind kind)
    {
        for (const auto &p : g.problems)
            if (p.kind == kind)
                return &p;
        return nullptr;
    }

    static inline std::unique_ptr<TempDir> s_dir;
    static inline std::unique_ptr<wine::Prefix> s_prefix;
    static inline fs::path s_bin;
    static inline std::string s_skip;
    static inline int s_total = 0, s_agreed = 0;
    pe::Toolchain m_tc, m_x86;
    fs::path m_root;
};

TEST_F(WineOracle, MissingDependency)
{
    const fs::path a = dll(dir("a"), "a.dll", needs({"td_absent.dll"}));
    const auto g = expectAgreement(a, {}, 126);
    ASSERT_NE(find(g, ProblemKind::Missing), nullptr);
}

TEST_F(WineOracle, WrongArchDependencyIsSkipped)
{
    // Only an i686 copy next to the DLL: skipped, then nothing else.
    const fs::path d = dir("a");
    dll(d, "w.dll", {}, true);
    const fs::path a = dll(d, "a.dll", needs({"w.dll"}));
    const auto g = expectAgreement(a, {}, 126);
    const auto *p = find(g, ProblemKind::WrongArch);
    ASSERT_NE(p, nullptr);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::Windows).find("x86 (32-bit)"), std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::Windows);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::Windows).find("x64 (64-bit)"), std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::Windows);
}

TEST_F(WineOracle, WrongArchCopySkippedForALaterOne)
{
    // The i686 copy comes first (the DLL's folder), an x64 one later (add_dll_directory).
    const fs::path d = dir("a"), x = dir("x");
    dll(d, "w.dll", {}, true);
    const fs::path good = dll(x, "w.dll");
    const fs::path a = dll(d, "a.dll", needs({"w.dll"}));
    expectAgreement(a, {{x}, false, {}}, 0);
}

TEST_F(WineOracle, WrongArchRoot)
{
    const fs::path a = dll(dir("a"), "a.dll", {}, true);
    const auto g = expectAgreement(a, {}, 193);
    ASSERT_NE(find(g, ProblemKind::WrongArch), nullptr);
}

TEST_F(WineOracle, ApiSetImport)
{
    pe::DllSpec spec;
    spec.imports.push_back({"api-ms-win-core-synch-l1-2-0.dll", "Sleep", false});
    const fs::path a = dll(dir("a"), "a.dll", spec);
    const auto g = expectAgreement(a, {}, 0);
    bool viaApiSet = false;
    for (const auto &e : g.edges)
        if (e.via == loader::Via::ApiSet && g.libraries[e.to].path.find("kernelbase.dll") != std::string::npos)
            viaApiSet = true;
    EXPECT_TRUE(viaApiSet);
}

TEST_F(WineOracle, UnknownApiSet)
{
    pe::DllSpec spec;
    spec.imports.push_back({"api-ms-win-td-nonexistent-l1-1-0.dll", "Sleep", false});
    const fs::path a = dll(dir("a"), "a.dll", spec);
    expectAgreement(a, {}, 126);
}

TEST_F(WineOracle, DependencyInOwnFolder)
{
    const fs::path d = dir("a");
    dll(d, "b.dll");
    expectAgreement(dll(d, "a.dll", needs({"b.dll"})), {}, 0);
}

TEST_F(WineOracle, DependencyOnlyOnPath)
{
    const fs::path p = dir("onpath");
    dll(p, "b.dll");
    const fs::path a = dll(dir("a"), "a.dll", needs({"b.dll"}));
    const auto g = expectAgreement(a, {{}, false, {p}}, 126);
    const auto *missing = find(g, ProblemKind::Missing);
    ASSERT_NE(missing, nullptr);
    EXPECT_NE(td::test::detailOf(*missing, td::loader::TargetOs::Windows).find("ignores PATH"), std::string::npos)
        << td::test::detailOf(*missing, td::loader::TargetOs::Windows);
    // torch's fallback: LoadLibraryW, which searches PATH.
    expectAgreement(a, {{}, true, {p}}, 0);
}

TEST_F(WineOracle, ClassicOrderSkipsTheDllsFolder)
{
    const fs::path d = dir("a");
    dll(d, "b.dll");
    expectAgreement(dll(d, "a.dll", needs({"b.dll"})), {{}, true, {}}, 126);
}

TEST_F(WineOracle, AddDllDirectory)
{
    const fs::path x = dir("x");
    dll(x, "b.dll");
    expectAgreement(dll(dir("a"), "a.dll", needs({"b.dll"})), {{x}, false, {}}, 0);
}

TEST_F(WineOracle, IndirectDependencyNextToRoot)
{
    // A -> B -> C; B in an add_dll_directory folder, C next to A only: the
    // root's folder serves the whole load.
    const fs::path d = dir("a"), x = dir("x");
    dll(d, "c.dll");
    dll(x, "b.dll", needs({"c.dll"}));
    expectAgreement(dll(d, "a.dll", needs({"b.dll"})), {{x}, false, {}}, 0);
}

TEST_F(WineOracle, IndirectDependencyNextToItsRequester)
{
    const fs::path d = dir("a"), x = dir("x");
    dll(x, "c.dll");
    dll(x, "b.dll", needs({"c.dll"}));
    expectAgreement(dll(d, "a.dll", needs({"b.dll"})), {{x}, false, {}}, 0);
}

TEST_F(WineOracle, MissingDelayLoadImport)
{
    pe::DllSpec spec;
    spec.imports.push_back({"td_absent_delay.dll", {}, true});
    const auto g = expectAgreement(dll(dir("a"), "a.dll", spec), {}, 0);
    const auto *p = find(g, ProblemKind::Missing);
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->severity, Severity::Warning);
}

TEST_F(WineOracle, ShadowedCopy)
{
    // The DLL's own folder winning is how the package is meant to load.
    const fs::path d = dir("a"), x = dir("x");
    dll(d, "b.dll");
    pe::DllSpec bigger;
    bigger.padding = 8192;
    dll(x, "b.dll", bigger);
    const auto own = expectAgreement(dll(d, "a.dll", needs({"b.dll"})), {{x}, false, {}}, 0);
    EXPECT_EQ(find(own, ProblemKind::Shadowed), nullptr);

    // A copy from an earlier PATH entry winning over a later one is not.
    const fs::path p1 = dir("p1"), p2 = dir("p2"), e = dir("e");
    dll(p1, "onpath.dll");
    dll(p2, "onpath.dll", bigger);
    const auto outside = expectAgreement(dll(e, "e.dll", needs({"onpath.dll"})), {{}, true, {p1, p2}}, 0);
    EXPECT_NE(find(outside, ProblemKind::Shadowed), nullptr);
}

TEST_F(WineOracle, CaseInsensitiveNames)
{
    const fs::path d = dir("a");
    dll(d, "MixedCase.DLL");
    expectAgreement(dll(d, "a.dll", needs({"mixedcase.dll"})), {}, 0);
}

TEST_F(WineOracle, NotAPeFileEndsTheSearch)
{
    // A file that is no PE image at all is not skipped like one of another
    // machine: the search stops there and the good copy later is never seen.
    const fs::path d = dir("a"), x = dir("x");
    writeFile(d / "g.dll", std::string(4096, 'x'));
    dll(x, "g.dll");
    const auto g = expectAgreement(dll(d, "a.dll", needs({"g.dll"})), {{x}, false, {}}, 126);
    EXPECT_NE(find(g, ProblemKind::NotALibrary), nullptr);
}

TEST_F(WineOracle, NotAPeRoot)
{
    const fs::path d = dir("a");
    writeFile(d / "a.dll", "MZ" + std::string(4096, 'x'));
    expectAgreement(d / "a.dll", {}, 193);
}

// The real torch wheels for Windows (tools/fetch-wheels.sh): every DLL of torch\lib loaded as
// torch/__init__.py loads it (os.add_dll_directory(torch\lib), then LoadLibraryExW on each), in a
// process of its own, by Wine and by us. torch 2.4.0's fbgemm.dll needs libomp140.x86_64.dll,
// which neither the wheel nor Windows has (pytorch/pytorch#131662); 2.4.1 no longer does.
// torch_python.dll also needs python311.dll, the interpreter's own DLL: it is not in the wheel,
// and a stand-in will not do under Wine (torch_python's initialisation calls into it), so both
// loaders rightly find it missing here.
class WineRealTorch : public WineOracle {
protected:
    // Wine's answer for each DLL; agreement with ours is required for every one.
    std::map<std::string, int> expectFolderAgreement(const std::string &wheel)
    {
        const fs::path lib = corpus::folder(wheel) / "torch" / "lib";
        std::map<std::string, int> codes;
        for (const auto &e : fs::directory_iterator(lib)) {
            if (lowerCase(e.path().extension().string()) != ".dll")
                continue;
            SCOPED_TRACE(e.path().string());
            const loader::Graph g = expectAgreement(e.path(), {{lib}, false, {}}, std::nullopt);
            codes[e.path().filename().string()] = predictedCode(g);
        }
        std::cout << "[ WINE     ] " << wheel << ":";
        for (const auto &[dll, code] : codes)
            std::cout << " " << dll << "=" << code;
        std::cout << std::endl;
        EXPECT_GE(codes.size(), 10u);
        return codes;
    }

    static std::vector<std::string> errorsOf(const loader::Graph &g)
    {
        std::vector<std::string> out;
        for (const auto &p : g.problems)
            if (p.severity == Severity::Error)
                out.push_back(std::string(loader::toString(p.kind)) + " " + p.name);
        return out;
    }
};

TEST_F(WineRealTorch, Torch240FbgemmNeedsLibomp140)
{
    ASSERT_TRUE(corpus::has({"torch-2.4.0-win_amd64"}));
    const auto codes = expectFolderAgreement("torch-2.4.0-win_amd64");
    EXPECT_EQ(codes.at("fbgemm.dll"), 126);
    EXPECT_EQ(codes.at("c10.dll"), 0);
    EXPECT_EQ(codes.at("libiomp5md.dll"), 0);

    // The one missing file behind it, and who needs it.
    const fs::path fbgemm = corpus::folder("torch-2.4.0-win_amd64") / "torch" / "lib" / "fbgemm.dll";
    const loader::Graph g = predict(fbgemm, {{fbgemm.parent_path()}, false, {}});
    ASSERT_EQ(errorsOf(g), std::vector<std::string>{"missing libomp140.x86_64.dll"});
    const auto *missing = find(g, ProblemKind::Missing);
    ASSERT_NE(missing, nullptr);
    ASSERT_EQ(missing->neededBy.size(), 1u);
    EXPECT_EQ(fs::path(missing->neededBy[0]).filename(), "fbgemm.dll");
}

TEST_F(WineRealTorch, Torch241LoadsWhole)
{
    ASSERT_TRUE(corpus::has({"torch-2.4.1-win_amd64"}));
    for (const auto &[dll, code] : expectFolderAgreement("torch-2.4.1-win_amd64"))
        EXPECT_EQ(code, dll == "torch_python.dll" ? 126 : 0) << dll;
    const fs::path python = corpus::folder("torch-2.4.1-win_amd64") / "torch" / "lib" / "torch_python.dll";
    EXPECT_EQ(errorsOf(predict(python, {{python.parent_path()}, false, {}})),
              std::vector<std::string>{"missing python311.dll"});
}

} // namespace
