// SPDX-License-Identifier: GPL-3.0-or-later
// The macOS loader emulation on Mach-O trees built with clang and ld64.lld
// (MacTrees.h): LC_RPATH stacks, @loader_path and @executable_path, the DYLD_*
// variables, architectures and universal files, weak and system libraries.
#include "BuiltTrees.h"
#include "MacTrees.h"
#include "ProblemDetail.h"
#include "loader/Analyzer.h"
#include "loader/Emulator.h"

#include <gtest/gtest.h>

using namespace td;
using namespace td::loader;
using namespace td::test;

namespace {

// Each test reads the tree named after it (MacTrees.h), which make-mac-trees
// built before the test ran (the CTest fixture mac-trees).
class MacLoaderTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
        const mac_trees::Tree *tree = trees::find(mac_trees::all(), name);
        ASSERT_NE(tree, nullptr) << "MacTrees.h has no tree named " << name;
        // '/'-separated on every host, as the macOS paths the emulator joins to it.
        m_dir = fs::absolute(fs::path(config::macTrees).make_preferred() / name).generic_string();
        ASSERT_TRUE(trees::isBuilt(m_dir, mac_trees::describe(*tree), "make-mac-trees", "mac-trees"));
    }

    // A file or folder of the tree.
    fs::path at(const std::string &rel) const { return fs::path(m_dir + "/" + rel); }

    // One process, as Analyzer runs it: the root added, then the emulator.
    Graph load(const fs::path &root, const DepsOptions &options = {})
    {
        GraphBuilder graph(TargetOs::MacOS);
        auto info = m_cache.binary(root.string());
        EXPECT_TRUE(info && info->ok()) << (info ? info->error : "not a file");
        const std::size_t index = graph.addRoot(root.string(), info.get());
        auto emulator = makeMacEmulator(options, m_cache);
        EXPECT_NE(emulator, nullptr);
        if (emulator)
            emulator->load(root.string(), index, graph);
        return graph.take();
    }

    static const Library *lib(const Graph &g, const std::string &name)
    {
        for (const auto &l : g.libraries)
            if (l.name == name)
                return &l;
        return nullptr;
    }

    static const Problem *problem(const Graph &g, const std::string &name)
    {
        for (const auto &p : g.problems)
            if (p.name == name)
                return &p;
        return nullptr;
    }

    static std::string dump(const Graph &g)
    {
        std::string out;
        for (const auto &l : g.libraries)
            out += "  " + l.name + " -> " + (l.found ? l.path : "(missing)") + " [" + toString(l.via) + " " + l.viaEntry
                   + "] " + l.arch + "\n";
        for (const auto &p : g.problems)
            out += std::string("  problem ") + toString(p.kind) + " " + toString(p.severity) + " " + p.name + ": "
                   + td::test::detailOf(p, td::loader::TargetOs::MacOS) + "\n";
        return out;
    }

    std::string path(const std::string &rel) const { return at(rel).lexically_normal().generic_string(); }

    std::string m_dir;
    BinaryCache m_cache;
};

} // namespace

TEST_F(MacLoaderTest, ResolvesRpathThroughTheRunPathStack)
{
    // main (LC_RPATH @executable_path/../lib) -> liba (no LC_RPATH) -> @rpath/libb:
    // found through main's LC_RPATH, inherited. libb's own LC_RPATH finds libc.
    const Graph g = load(at("app/bin/main"));
    SCOPED_TRACE(dump(g));
    EXPECT_TRUE(g.problems.empty());
    const Library *a = lib(g, "@rpath/liba.dylib");
    const Library *b = lib(g, "@rpath/libb.dylib");
    const Library *c = lib(g, "@rpath/libc.dylib");
    ASSERT_TRUE(a && b && c);
    EXPECT_EQ(a->path, path("app/lib/liba.dylib"));
    EXPECT_EQ(a->via, Via::Rpath);
    EXPECT_EQ(a->viaEntry, "@executable_path/../lib");
    EXPECT_EQ(b->path, path("app/lib/libb.dylib"));
    EXPECT_EQ(b->via, Via::Rpath);
    EXPECT_EQ(b->viaEntry, "@executable_path/../lib"); // from main, two images up
    EXPECT_EQ(c->path, path("app/lib/deep/libc.dylib"));
    EXPECT_EQ(c->viaEntry, "@loader_path/deep");
    EXPECT_EQ(a->arch, "arm64");
    EXPECT_EQ(a->bits, 64);

    const Library *system = lib(g, "/usr/lib/libSystem.B.dylib");
    ASSERT_NE(system, nullptr);
    EXPECT_EQ(system->via, Via::SharedCache);
    EXPECT_TRUE(system->found);
    // Each file parsed once: main, liba, libb, libc.
    EXPECT_EQ(m_cache.parseCount(), 4U);
}

TEST_F(MacLoaderTest, LoaderPathAndAlreadyLoadedImages)
{
    // liba -> @loader_path/plugins/libp.dylib -> @rpath/liba.dylib (the root
    // itself, by install name) and @loader_path/../liba.dylib (the root, by path).
    const fs::path a = at("liba.dylib");

    const Graph g = load(a);
    SCOPED_TRACE(dump(g));
    EXPECT_TRUE(g.problems.empty());
    const Library *p = lib(g, "@loader_path/plugins/libp.dylib");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->via, Via::LoaderPath);
    EXPECT_EQ(p->path, path("plugins/libp.dylib"));
    int loadedEdges = 0;
    for (const auto &e : g.edges) {
        if (e.via == Via::Loaded) {
            ++loadedEdges;
            EXPECT_EQ(e.to, g.roots.at(0).library);
        }
    }
    EXPECT_EQ(loadedEdges, 2);
    // No second node for the root.
    for (const auto &l : g.libraries)
        EXPECT_TRUE(l.root || l.path != a.string()) << l.name;
}

TEST_F(MacLoaderTest, ExecutablePathNeedsAnExecutable)
{
    const fs::path lib1 = at("app/Frameworks/libplugin.dylib");

    const Graph alone = load(lib1);
    SCOPED_TRACE(dump(alone));
    const Problem *p = problem(alone, "@executable_path/../Frameworks/libhelper.dylib");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->kind, ProblemKind::Missing);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::MacOS)
                  .find("@executable_path is the folder of the main executable, which is unknown"),
              std::string::npos);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::MacOS).find("--executable"), std::string::npos);
    EXPECT_EQ(p->neededBy, std::vector<std::string>{path("app/Frameworks/libplugin.dylib")});

    // Named executable: resolved against its folder (the file need not be Mach-O).
    DepsOptions o;
    o.executablePath = at("app/MacOS/python3").string();
    const Graph withExe = load(lib1, o);
    SCOPED_TRACE(dump(withExe));
    EXPECT_TRUE(withExe.problems.empty());
    const Library *h = lib(withExe, "@executable_path/../Frameworks/libhelper.dylib");
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->via, Via::ExecutablePath);
    EXPECT_EQ(h->path, path("app/Frameworks/libhelper.dylib"));

    // The root is an executable: @executable_path is its folder.
    const Graph fromExe = load(at("app/MacOS/tool"));
    SCOPED_TRACE(dump(fromExe));
    EXPECT_TRUE(fromExe.problems.empty());
    ASSERT_NE(lib(fromExe, "@executable_path/../Frameworks/libhelper.dylib"), nullptr);
}

TEST_F(MacLoaderTest, DyldLibraryPathWins)
{
    const fs::path a = at("lib/liba.dylib");

    DepsOptions byPath;
    byPath.path = "/nonexistent:" + at("override").string();
    const Graph g = load(a, byPath);
    SCOPED_TRACE(dump(g));
    EXPECT_TRUE(g.problems.empty());
    const Library *b = lib(g, "@rpath/libb.dylib");
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->via, Via::DyldLibraryPath);
    EXPECT_EQ(b->path, path("override/libb.dylib"));
    EXPECT_EQ(b->viaEntry, at("override").string());
    ASSERT_NE(lib(g, "/opt/none/libabs.dylib"), nullptr);
    EXPECT_EQ(lib(g, "/opt/none/libabs.dylib")->via, Via::DyldLibraryPath);

    // From the environment when --path is not given; --search-dir after it.
    DepsOptions byEnv;
    byEnv.env["DYLD_LIBRARY_PATH"] = at("override").string();
    const Graph ge = load(a, byEnv);
    ASSERT_NE(lib(ge, "@rpath/libb.dylib"), nullptr);
    EXPECT_EQ(lib(ge, "@rpath/libb.dylib")->via, Via::DyldLibraryPath);
    DepsOptions bySearchDir;
    bySearchDir.searchDirs = {at("override").string()};
    const Graph gs = load(a, bySearchDir);
    ASSERT_NE(lib(gs, "@rpath/libb.dylib"), nullptr);
    EXPECT_EQ(lib(gs, "@rpath/libb.dylib")->via, Via::SearchDir);

    // Without them: the LC_RPATH copy.
    const Graph plain = load(a);
    const Library *fromRpath = lib(plain, "@rpath/libb.dylib");
    ASSERT_NE(fromRpath, nullptr);
    EXPECT_EQ(fromRpath->path, path("lib/libb.dylib"));
    const Problem *abs = problem(plain, "/opt/none/libabs.dylib");
    ASSERT_NE(abs, nullptr);
    EXPECT_EQ(abs->kind, ProblemKind::Missing);
}

TEST_F(MacLoaderTest, MissingDependencyListsEveryPlaceTried)
{
    // The torch 2.2 libtorch zip: libtorch_cpu needs @rpath/libomp.dylib.
    const fs::path root = at("libtorch/lib/libtorch_cpu.dylib");
    DepsOptions o;
    o.env["HOME"] = "/Users/me";
    const Graph g = load(root, o);
    SCOPED_TRACE(dump(g));
    const Problem *p = problem(g, "@rpath/libomp.dylib");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->kind, ProblemKind::Missing);
    EXPECT_EQ(p->severity, Severity::Error);
    EXPECT_TRUE(g.hasErrors());
    EXPECT_EQ(p->neededBy, std::vector<std::string>{path("libtorch/lib/libtorch_cpu.dylib")});
    for (const std::string &expected :
         {path("libtorch/lib/libomp.dylib"), path("libtorch/omp/libomp.dylib"), std::string("/opt/x/lib/libomp.dylib"),
          std::string("LC_RPATH '@loader_path/../omp' of ") + path("libtorch/lib/libtorch_cpu.dylib"),
          std::string("/Users/me/lib/libomp.dylib"), std::string("/usr/local/lib/libomp.dylib"),
          std::string("brew install libomp")})
        EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::MacOS).find(expected), std::string::npos) << expected;
    const Library *omp = lib(g, "@rpath/libomp.dylib");
    ASSERT_NE(omp, nullptr);
    EXPECT_FALSE(omp->found);

    // No LC_RPATH anywhere: the detail says so.
    const fs::path bare = at("bare/libbare.dylib");
    const Graph gb = load(bare);
    const Problem *q = problem(gb, "@rpath/libgone.dylib");
    ASSERT_NE(q, nullptr);
    EXPECT_NE(td::test::detailOf(*q, td::loader::TargetOs::MacOS).find("has an LC_RPATH"), std::string::npos)
        << td::test::detailOf(*q, td::loader::TargetOs::MacOS);
}

TEST_F(MacLoaderTest, WrongArchitecture)
{
    // lib/libu.dylib is universal (x86_64 and arm64).
    const fs::path root = at("lib/libtorch_python.dylib");

    const Graph g = load(root);
    SCOPED_TRACE(dump(g));
    const Problem *p = problem(g, "@rpath/libx.dylib");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->kind, ProblemKind::WrongArch);
    EXPECT_EQ(p->paths, std::vector<std::string>{path("lib/libx.dylib")});
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::MacOS).find("has x86_64 only; the process is arm64"),
              std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::MacOS);
    EXPECT_NE(td::test::detailOf(*p, td::loader::TargetOs::MacOS).find("have (x86_64), need (arm64)"),
              std::string::npos)
        << td::test::detailOf(*p, td::loader::TargetOs::MacOS);
    // The universal one: its arm64 slice.
    const Library *u = lib(g, "@rpath/libu.dylib");
    ASSERT_NE(u, nullptr);
    EXPECT_TRUE(u->found);
    EXPECT_EQ(u->arch, "arm64");

    // A universal root runs as arm64; asked for x86_64, the x86_64 files load.
    const Graph ga = load(at("fat/libroot.dylib"));
    EXPECT_NE(problem(ga, "@rpath/libx.dylib"), nullptr);
    DepsOptions x86;
    x86.macArch = "x86_64";
    const Graph gx = load(at("fat/libroot.dylib"), x86);
    SCOPED_TRACE(dump(gx));
    EXPECT_TRUE(gx.problems.empty());
    const Library *x = lib(gx, "@rpath/libx.dylib");
    ASSERT_NE(x, nullptr);
    EXPECT_EQ(x->arch, "x86_64");
    // A root without the asked architecture.
    const Graph none = load(root, x86);
    ASSERT_EQ(none.problems.size(), 1U);
    EXPECT_EQ(none.problems[0].kind, ProblemKind::WrongArch);
}

TEST_F(MacLoaderTest, WeakMissingIsAWarning)
{
    const Graph g = load(at("libw.dylib"));
    SCOPED_TRACE(dump(g));
    const Problem *p = problem(g, "@rpath/libnothere.dylib");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->kind, ProblemKind::Missing);
    EXPECT_EQ(p->severity, Severity::Warning);
    EXPECT_FALSE(g.hasErrors());
    bool weakEdge = false;
    for (const auto &e : g.edges)
        weakEdge = weakEdge || (e.name == "@rpath/libnothere.dylib" && e.weak);
    EXPECT_TRUE(weakEdge);
}

TEST_F(MacLoaderTest, SystemLibrariesAndFallback)
{
    const fs::path root = at("libr.dylib");
    DepsOptions o;
    o.env["DYLD_FALLBACK_LIBRARY_PATH"] = at("fallback").string();
    const Graph g = load(root, o);
    SCOPED_TRACE(dump(g));
    EXPECT_TRUE(g.problems.empty());
    const Library *libSystem = lib(g, "/usr/lib/libSystem.B.dylib");
    const Library *accelerate = lib(g, "/System/Library/Frameworks/Accelerate.framework/Versions/A/Accelerate");
    ASSERT_TRUE(libSystem && accelerate);
    EXPECT_EQ(libSystem->via, Via::SharedCache);
    EXPECT_EQ(accelerate->via, Via::SharedCache);
    const Library *z = lib(g, "/opt/moved/libz.1.dylib");
    ASSERT_NE(z, nullptr);
    EXPECT_EQ(z->via, Via::DyldFallback);
    EXPECT_EQ(z->path, path("fallback/libz.1.dylib"));

    // --system-dir: looked for under that root first.
    DepsOptions rooted;
    rooted.systemDir = at("sysroot").string();
    const Graph gr = load(root, rooted);
    const Library *s = lib(gr, "/usr/lib/libSystem.B.dylib");
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->via, Via::Absolute);
    EXPECT_EQ(s->path, path("sysroot/usr/lib/libSystem.B.dylib"));
}

TEST_F(MacLoaderTest, NotALibraryAndAnalyzer)
{
    const fs::path root = at("lib/libn.dylib"); // lib/libtext.dylib is text
    const Graph g = load(root);
    SCOPED_TRACE(dump(g));
    const Problem *p = problem(g, "@loader_path/libtext.dylib");
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(p->kind, ProblemKind::NotALibrary);

    // Through the analyser: the Mach-O root picks this emulator.
    const Graph a = analyze({root.string()}, {});
    EXPECT_EQ(a.os, TargetOs::MacOS);
    ASSERT_EQ(a.roots.size(), 1U);
    EXPECT_NE(problem(a, "@loader_path/libtext.dylib"), nullptr);
    EXPECT_NE(lib(a, "/usr/lib/libSystem.B.dylib"), nullptr);
}
