// SPDX-License-Identifier: GPL-3.0-or-later
// The glibc emulation against ld.so itself: every tree here is built by gcc
// at test time, and each prediction is compared with `ld.so --list`.
#include "LoaderOracle.h"
#include "ProblemDetail.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include "binary/Readers.h"
#include "loader/Analyzer.h"
#include "loader/GlibcSearchRules.h"
#include "loader/LdSoCache.h"
#include "loader/LinuxLoader.h"
#include "report/DepsReport.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace td;
using namespace td::test;
using loader::ProblemKind;

namespace {

class LinuxTree : public ::testing::Test {
protected:
    TempDir m_dir{"td-linux"};

    fs::path dir(const std::string &name)
    {
        fs::path p = m_dir / name;
        fs::create_directories(p);
        return p;
    }

    // Builds lib<NAME>.so.1 (soname lib<NAME>.so.1) into `where`, linked
    // against `deps` (paths), with extra linker flags. `body` is its C source.
    fs::path lib(const fs::path &where, const std::string &name, const std::vector<fs::path> &deps = {},
                 const std::vector<std::string> &flags = {}, const std::string &body = {})
    {
        const fs::path src = m_dir / ("src-" + name + "-" + std::to_string(m_counter++) + ".c");
        writeFile(src, body.empty() ? "int " + name + "_value(void) { return 42; }\n" : body);
        const fs::path out = where / ("lib" + name + ".so.1");
        std::vector<std::string> argv{config::cc,
                                      "-shared",
                                      "-fPIC",
                                      "-o",
                                      out.string(),
                                      src.string(),
                                      "-Wl,-soname,lib" + name + ".so.1",
                                      "-Wl,--no-as-needed"};
        for (const auto &d : deps)
            argv.push_back(d.string());
        argv.insert(argv.end(), flags.begin(), flags.end());
        runOk(argv);
        return out;
    }

    fs::path exe(const fs::path &where, const std::string &name, const std::vector<fs::path> &deps,
                 const std::vector<std::string> &flags = {})
    {
        const fs::path src = m_dir / ("src-" + name + ".c");
        writeFile(src, "int main(void) { return 0; }\n");
        const fs::path out = where / name;
        std::vector<std::string> argv{config::cc, "-o", out.string(), src.string(), "-Wl,--no-as-needed"};
        for (const auto &d : deps)
            argv.push_back(d.string());
        argv.insert(argv.end(), flags.begin(), flags.end());
        runOk(argv);
        return out;
    }

    static std::string rpath(const fs::path &d) { return "-Wl,--disable-new-dtags,-rpath," + d.string(); }
    static std::string runpath(const fs::path &d) { return "-Wl,--enable-new-dtags,-rpath," + d.string(); }

    // Our prediction for `file` and ld.so's, with the same environment.
    loader::Graph expectAgreement(const fs::path &file, const std::map<std::string, std::string> &env = {})
    {
        loader::DepsOptions options;
        options.env = env;
        const loader::Graph graph = loader::analyze({file.string()}, options);
        EXPECT_EQ(graph.roots.size(), 1u);
        const Resolution ours = graphResolve(graph, graph.roots.at(0).library);
        const Resolution theirs = lddResolve(file.string(), env);
        EXPECT_EQ(compareResolutions(theirs, ours), "") << "ld.so said:\n" << theirs.raw;
        return graph;
    }

    // bin/app, which takes new_fn@VER_2 and old_fn@VER_1 from <where>/libver.so.1 (its RUNPATH).
    fs::path versionedApp(const fs::path &where)
    {
        writeFile(m_dir / "v2.map", "VER_1 { global: old_fn; local: *; };\nVER_2 { global: new_fn; } VER_1;\n");
        const auto v = lib(where, "ver", {}, {"-Wl,--version-script=" + (m_dir / "v2.map").string()},
                           "int old_fn(void) { return 1; }\nint new_fn(void) { return 2; }\n");
        const fs::path src = m_dir / "use.c";
        writeFile(src, "int new_fn(void);\nint old_fn(void);\nint main(void) { return new_fn() + old_fn(); }\n");
        const fs::path app = dir("bin") / "app";
        runOk({config::cc, "-o", app.string(), src.string(), v.string(), runpath(where)});
        return app;
    }

    static const loader::Problem *problem(const loader::Graph &g, ProblemKind kind)
    {
        for (const auto &p : g.problems)
            if (p.kind == kind)
                return &p;
        return nullptr;
    }

    int m_counter = 0;
};

// A copy of `from` whose ELF header claims another machine (aarch64): a real
// ELF file of the wrong architecture, as ld.so sees one.
void patchMachine(const fs::path &from, const fs::path &to, std::uint16_t machine)
{
    fs::copy_file(from, to, fs::copy_options::overwrite_existing);
    std::fstream f(to, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(18);
    const char bytes[2] = {static_cast<char>(machine & 0xff), static_cast<char>(machine >> 8)};
    f.write(bytes, 2);
}

} // namespace

TEST(LinuxRules, ExpandsTokens)
{
    using loader::linux_rules::expandTokens;
    EXPECT_EQ(expandTokens("$ORIGIN/../lib", "/a/b", "lib64", "x86_64"), "/a/b/../lib");
    EXPECT_EQ(expandTokens("${ORIGIN}/x:$LIB/$PLATFORM", "/o", "lib/x86_64-linux-gnu", "x86_64"),
              "/o/x:lib/x86_64-linux-gnu/x86_64");
    EXPECT_EQ(expandTokens("$ORIGINAL", "/o", "lib", "p"), "$ORIGINAL");
    EXPECT_EQ(expandTokens("$", "/o", "lib", "p"), "$");
}

TEST(LinuxRules, SplitsSearchLists)
{
    using loader::linux_rules::splitSearchList;
    EXPECT_EQ(splitSearchList("/a::/b", false), (std::vector<std::string>{"/a", ".", "/b"}));
    EXPECT_EQ(splitSearchList("/a;/b", true), (std::vector<std::string>{"/a", "/b"}));
    EXPECT_EQ(splitSearchList("/a;/b", false), (std::vector<std::string>{"/a;/b"}));
}

// The package's own copy (its RPATH) winning over another one is how it
// is meant to load: no problem.
TEST_F(LinuxTree, RpathBeatsLdLibraryPathAndThatIsNormal)
{
    const auto a = dir("a"), b = dir("b"), bin = dir("bin");
    const auto depA = lib(a, "dep");
    lib(b, "dep", {}, {}, "int dep_value(void) { return 1; }\nint dep_other(void) { return 2; }\n");
    const auto app = exe(bin, "app", {depA}, {rpath(a)});
    const auto g = expectAgreement(app, {{"LD_LIBRARY_PATH", b.string()}});
    EXPECT_EQ(problem(g, ProblemKind::Shadowed), nullptr);
    EXPECT_FALSE(g.hasErrors());
}

// A copy from LD_LIBRARY_PATH winning over the one the package's RUNPATH
// names is the harmful case, for any library name.
TEST_F(LinuxTree, LdLibraryPathBeatsRunpath)
{
    const auto a = dir("a"), b = dir("b"), bin = dir("bin");
    const auto depA = lib(a, "quarkwave");
    lib(b, "quarkwave", {}, {}, "int quarkwave_value(void) { return 1; }\nint quarkwave_more(void) { return 3; }\n");
    const auto app = exe(bin, "app", {depA}, {runpath(a)});
    const auto g = expectAgreement(app, {{"LD_LIBRARY_PATH", b.string()}});
    bool viaLdLibraryPath = false;
    for (const auto &l : g.libraries)
        if (l.name == "libquarkwave.so.1")
            viaLdLibraryPath = l.via == loader::Via::LdLibraryPath && l.path == (b / "libquarkwave.so.1").string();
    EXPECT_TRUE(viaLdLibraryPath);
    const auto *shadow = problem(g, ProblemKind::Shadowed);
    ASSERT_NE(shadow, nullptr);
    EXPECT_EQ(shadow->paths.at(0), (b / "libquarkwave.so.1").string());
    EXPECT_EQ(shadow->paths.at(1), (a / "libquarkwave.so.1").string());
    EXPECT_EQ(shadow->severity, loader::Severity::Warning);
    // The advice names the environment's entry, never the package's folder.
    EXPECT_NE(
        td::test::detailOf(*shadow, td::loader::TargetOs::Linux).find("Take " + b.string() + " out of LD_LIBRARY_PATH"),
        std::string::npos)
        << td::test::detailOf(*shadow, td::loader::TargetOs::Linux);
    EXPECT_EQ(td::test::detailOf(*shadow, td::loader::TargetOs::Linux).find("Take " + a.string()), std::string::npos)
        << td::test::detailOf(*shadow, td::loader::TargetOs::Linux);
}

TEST_F(LinuxTree, RpathIsInheritedRunpathIsNot)
{
    const auto m = dir("mid"), x = dir("leaf"), bin = dir("bin");
    const auto leaf = lib(x, "leaf");
    const auto mid = lib(m, "mid", {leaf}); // no search path of its own
    const auto withRpath = exe(bin, "app-rpath", {mid}, {rpath(m.string() + ":" + x.string())});
    const auto g1 = expectAgreement(withRpath);
    EXPECT_FALSE(g1.hasErrors());

    const auto withRunpath = exe(bin, "app-runpath", {mid}, {runpath(m.string() + ":" + x.string())});
    const auto g2 = expectAgreement(withRunpath);
    const auto *missing = problem(g2, ProblemKind::Missing);
    ASSERT_NE(missing, nullptr);
    EXPECT_EQ(missing->name, "libleaf.so.1");
    EXPECT_EQ(missing->neededBy, std::vector<std::string>{(m / "libmid.so.1").string()});
    EXPECT_NE(td::test::detailOf(*missing, td::loader::TargetOs::Linux).find("/etc/ld.so.cache"), std::string::npos)
        << td::test::detailOf(*missing, td::loader::TargetOs::Linux);
}

TEST_F(LinuxTree, OriginLibAndPlatformTokens)
{
    const std::string triplet = loader::linux_rules::multiarchTriplet(62, true, false);
    const auto libdir = dir("pkg/lib/" + triplet);
    const auto bin = dir("pkg/bin");
    const auto one = lib(libdir, "one");
    // $PLATFORM is the CPU's on Intel ("haswell", "xeon_phi"), else
    // AT_PLATFORM: a copy under each, and ld.so picks one.
    fs::path two;
    for (const char *platform : {"x86_64", "haswell", "xeon_phi"})
        two = lib(dir(std::string("pkg/plat/") + platform), "two");
    const auto app = exe(bin, "app", {one, two}, {runpath("$ORIGIN/../$LIB:$ORIGIN/../plat/${PLATFORM}")});
    const auto g = expectAgreement(app);
    EXPECT_FALSE(g.hasErrors());
}

// ld.so tries glibc-hwcaps/<level> and (up to glibc 2.36) the legacy
// tls/, platform and hwcap subfolders before the folder itself. A copy in
// every subfolder; each round ld.so's pick is removed, so the whole order
// on this machine is compared, for RUNPATH and for LD_LIBRARY_PATH.
TEST_F(LinuxTree, HwcapsSubfoldersAreTriedInLdSosOrder)
{
    const std::vector<std::string> subfolders{"",
                                              "x86_64",
                                              "tls",
                                              "tls/x86_64",
                                              "haswell",
                                              "haswell/x86_64",
                                              "tls/haswell/avx512_1/x86_64",
                                              "avx512_1",
                                              "avx512_1/x86_64",
                                              "xeon_phi",
                                              "glibc-hwcaps/x86-64-v2",
                                              "glibc-hwcaps/x86-64-v3",
                                              "glibc-hwcaps/x86-64-v4"};
    for (const bool viaLdLibraryPath : {false, true}) {
        const std::string top = viaLdLibraryPath ? "llp" : "rp";
        const auto a = dir(top), bin = dir("bin");
        fs::path any;
        for (const auto &sub : subfolders)
            any = lib(sub.empty() ? a : dir(top + "/" + sub), "hw");
        const auto app = exe(bin, viaLdLibraryPath ? "app-llp" : "app-rp", {any},
                             viaLdLibraryPath ? std::vector<std::string>{} : std::vector<std::string>{runpath(a)});
        const std::map<std::string, std::string> env =
            viaLdLibraryPath ? std::map<std::string, std::string>{{"LD_LIBRARY_PATH", a.string()}}
                             : std::map<std::string, std::string>{};
        // Until only the subfolders this CPU never uses are left.
        std::vector<std::string> order;
        for (std::size_t round = 0; round < subfolders.size(); ++round) {
            expectAgreement(app, env);
            const Resolution theirs = lddResolve(app.string(), env);
            const auto it = theirs.found.find("libhw.so.1");
            if (it == theirs.found.end())
                break;
            order.push_back(it->second);
            fs::remove(it->second);
        }
        ASSERT_GE(order.size(), 3u);
        EXPECT_NE(order.front().find("/glibc-hwcaps/"), std::string::npos) << order.front();
        EXPECT_EQ(order.back(), (a / "libhw.so.1").string()); // the folder itself comes last
    }
}

// The order itself, for CPUs and glibc versions this machine is not:
// the "search path=" lines of LD_DEBUG=libs in public reports.
TEST(GlibcSearchRules, LegacyAndHwcapsSubfoldersFollowTheCpuAndTheGlibc)
{
    // An x86-64-v3 CPU that is not Intel, glibc 2.36 (nix-community/NixOS-WSL#339):
    // "glibc-hwcaps/x86-64-v3:glibc-hwcaps/x86-64-v2:tls/x86_64/x86_64:tls/x86_64:
    //  tls/x86_64:tls:x86_64/x86_64:x86_64:x86_64:"
    loader::GlibcTarget amd;
    amd.x86_64_v2 = amd.x86_64_v3 = true;
    amd.haswellPlatform = true; // AVX2 and the rest, but not Intel: no platform of its own
    const auto r1 = loader::glibcSearchRules(amd);
    EXPECT_EQ(r1.subfolders,
              (std::vector<std::string>{"glibc-hwcaps/x86-64-v3", "glibc-hwcaps/x86-64-v2", "tls/x86_64/x86_64",
                                        "tls/x86_64", "tls/x86_64", "tls", "x86_64/x86_64", "x86_64", "x86_64", ""}));
    EXPECT_EQ(r1.platform, "x86_64");

    // An Intel CPU with AVX-512, glibc 2.36 (LibreELEC/LibreELEC.tv#6094).
    loader::GlibcTarget intel = amd;
    intel.intel = true;
    intel.x86_64_v4 = intel.avx512_1 = true;
    const auto r2 = loader::glibcSearchRules(intel);
    ASSERT_EQ(r2.subfolders.size(), 3u + 16u);
    EXPECT_EQ(r2.subfolders[0], "glibc-hwcaps/x86-64-v4");
    EXPECT_EQ(r2.subfolders[3], "tls/haswell/avx512_1/x86_64");
    EXPECT_EQ(r2.subfolders[4], "tls/haswell/avx512_1");
    EXPECT_EQ(r2.subfolders[10], "tls");
    EXPECT_EQ(r2.subfolders[11], "haswell/avx512_1/x86_64");
    EXPECT_EQ(r2.subfolders[17], "x86_64");
    EXPECT_EQ(r2.platform, "haswell");

    // glibc 2.37 dropped the legacy subfolders (koreader/koreader-base#1638);
    // 2.32 had no glibc-hwcaps yet.
    intel.glibcMinor = 37;
    EXPECT_EQ(
        loader::glibcSearchRules(intel).subfolders,
        (std::vector<std::string>{"glibc-hwcaps/x86-64-v4", "glibc-hwcaps/x86-64-v3", "glibc-hwcaps/x86-64-v2", ""}));
    intel.glibcMinor = 32;
    EXPECT_EQ(loader::glibcSearchRules(intel).subfolders.front(), "tls/haswell/avx512_1/x86_64");

    // Another architecture: no CPU is assumed.
    loader::GlibcTarget arm;
    arm.machine = 183;
    EXPECT_EQ(loader::glibcSearchRules(arm).subfolders,
              (std::vector<std::string>{"tls/aarch64", "tls", "aarch64", ""}));
}

// This machine's rules against its own ld.so: the list it prints for a
// folder on LD_LIBRARY_PATH.
TEST(GlibcSearchRules, AgreeWithThisMachinesLdSo)
{
    const auto [major, minor] = loader::runningGlibcVersion();
    ASSERT_GT(major, 0);
    const auto rules = loader::glibcSearchRules(loader::hostGlibcTarget(62, major, minor));
    RunOptions options;
    options.setEnv = {{"LD_DEBUG", "libs"}, {"LD_LIBRARY_PATH", "/nonexistent-td"}};
    const RunResult r = run({"/bin/true"}, options);
    const std::string marker = "search path=";
    const auto at = r.err.find(marker + "/nonexistent-td");
    ASSERT_NE(at, std::string::npos) << r.err;
    const auto end = r.err.find_first_of("\t\n", at);
    std::vector<std::string> theirs;
    for (const auto &entry :
         loader::linux_rules::splitSearchList(r.err.substr(at + marker.size(), end - at - marker.size()), false)) {
        const std::string prefix = "/nonexistent-td";
        theirs.push_back(entry == prefix ? "" : entry.substr(prefix.size() + 1));
    }
    EXPECT_EQ(theirs, rules.subfolders);
}

// Inside the analysed root's ld.so.cache, glibc-hwcaps entries beat the
// plain one and legacy-hwcap entries count only when they fit the CPU.
// ld.so reads only /etc/ld.so.cache, so it runs in a mount namespace of
// its own with the generated cache bound over it.
TEST_F(LinuxTree, LdSoCacheHwcapsEntriesAreChosenAsLdSoChooses)
{
    ASSERT_EQ(run({"unshare", "-rm", "true"}).exitCode, 0)
        << "this test needs unshare(1) with user and mount namespaces (util-linux)";
    const auto libs = dir("cached"), bin = dir("bin"), root = dir("root");
    fs::create_directories(root / "etc");
    // The root shows the system as it is, and the folder the test works in.
    std::set<std::string> tops{"lib", "lib64", "usr", *std::next(m_dir.path().begin())};
    for (const auto &top : tops)
        fs::create_symlink(fs::path("/") / top, root / top);
    fs::path any;
    const std::vector<std::string> subfolders{
        "", "haswell", "x86_64", "tls", "glibc-hwcaps/x86-64-v2", "glibc-hwcaps/x86-64-v3", "glibc-hwcaps/x86-64-v4"};
    for (const auto &sub : subfolders)
        any = lib(sub.empty() ? libs : dir("cached/" + sub), "cachedhw");
    const auto app = exe(bin, "app", {any});
    writeFile(m_dir / "ld.so.conf", libs.string() + "\n");
    const fs::path cache = root / "etc" / "ld.so.cache";
    std::vector<std::string> picked;
    for (std::size_t round = 0; round < subfolders.size(); ++round) {
        runOk({"/sbin/ldconfig", "-X", "-C", cache.string(), "-f", (m_dir / "ld.so.conf").string()});
        const Resolution theirs = traceResolve({"unshare", "-rm", "sh", "-c",
                                                "mount --bind \"$0\" /etc/ld.so.cache && exec \"$1\" --list \"$2\"",
                                                cache.string(), systemLoader(), app.string()});
        loader::DepsOptions options;
        options.systemDir = root.string();
        const loader::Graph g = loader::analyze({app.string()}, options);
        const Resolution ours = graphResolve(g, g.roots.at(0).library);
        const auto it = theirs.found.find("libcachedhw.so.1");
        if (it == theirs.found.end()) {
            // Only copies this CPU cannot use are left (x86-64-v4 without AVX-512, haswell on a CPU
            // whose platform is x86_64): ld.so stops at the library and lists nothing after it.
            EXPECT_NE(theirs.raw.find("libcachedhw.so.1: cannot open shared object file"), std::string::npos)
                << "round " << round << ", ld.so said:\n"
                << theirs.raw;
            EXPECT_EQ(ours.notFound.count("libcachedhw.so.1"), 1u)
                << "round " << round << ", ours found it: " << ours.found.count("libcachedhw.so.1");
            break;
        }
        EXPECT_EQ(compareResolutions(theirs, ours), "") << "round " << round << ", ld.so said:\n" << theirs.raw;
        picked.push_back(it->second);
        fs::remove(it->second);
    }
    // The hwcaps entries were used first, the plain one last.
    ASSERT_GE(picked.size(), 3u);
    EXPECT_NE(picked.front().find("/glibc-hwcaps/"), std::string::npos) << picked.front();
    EXPECT_EQ(picked.back(), (libs / "libcachedhw.so.1").string());
}

// A symbolic-link loop ends only the list of folders it is in: the next
// list (here LD_LIBRARY_PATH after DT_RPATH) is still searched.
TEST_F(LinuxTree, ALinkLoopEndsOnlyItsOwnList)
{
    const auto a = dir("a"), b = dir("b"), c = dir("c"), bin = dir("bin");
    const auto inB = lib(b, "two");
    const auto inC = lib(c, "two", {}, {}, "int two_value(void) { return 7; }\nint two_more(void) { return 8; }\n");
    fs::create_symlink(a / "libtwo.so.1.loop", a / "libtwo.so.1");
    fs::create_symlink(a / "libtwo.so.1", a / "libtwo.so.1.loop");
    const auto app = exe(bin, "app", {inB}, {rpath(a.string() + ":" + b.string())});
    const auto g = expectAgreement(app, {{"LD_LIBRARY_PATH", c.string()}});
    EXPECT_FALSE(g.hasErrors());
    bool fromC = false;
    for (const auto &l : g.libraries)
        fromC = fromC || (l.name == "libtwo.so.1" && l.path == inC.string());
    EXPECT_TRUE(fromC);
}

// A folder with the library's name is fatal in glibc: open() succeeds,
// reading fails ("cannot read file data"), and the load stops there.
TEST_F(LinuxTree, AFolderWithTheLibrarysNameStopsTheLoad)
{
    const auto a = dir("a"), b = dir("b"), bin = dir("bin");
    const auto real = lib(b, "dep");
    dir("a/libdep.so.1");
    const auto app = exe(bin, "app", {real}, {runpath(a.string() + ":" + b.string())});
    const auto g = loader::analyze({app.string()}, {});
    const auto *bad = problem(g, ProblemKind::NotALibrary);
    ASSERT_NE(bad, nullptr);
    EXPECT_EQ(bad->paths, std::vector<std::string>{(a / "libdep.so.1").string()});
    EXPECT_NE(td::test::detailOf(*bad, td::loader::TargetOs::Linux).find("cannot read file data"), std::string::npos)
        << td::test::detailOf(*bad, td::loader::TargetOs::Linux);
    const Resolution theirs = lddResolve(app.string());
    EXPECT_TRUE(theirs.loaderFailed) << theirs.raw;
    EXPECT_NE(theirs.raw.find("cannot read file data"), std::string::npos) << theirs.raw;
}

// A program started through a symbolic link (a venv's bin/python) has the
// real program's folder as $ORIGIN: the kernel names it (/proc/self/exe).
TEST_F(LinuxTree, OriginOfAProgramStartedThroughALinkIsTheRealFolder)
{
    const auto realLib = dir("real/lib"), realBin = dir("real/bin"), linkLib = dir("venv/lib"),
               linkBin = dir("venv/bin");
    const auto dep = lib(realLib, "dep");
    lib(linkLib, "dep", {}, {}, "int dep_value(void) { return 5; }\nint dep_decoy(void) { return 6; }\n");
    const auto app = exe(realBin, "python", {dep}, {runpath("$ORIGIN/../lib")});
    fs::create_symlink(app, linkBin / "python");
    const Resolution theirs = traceResolve({(linkBin / "python").string()}, {{"LD_TRACE_LOADED_OBJECTS", "1"}});
    ASSERT_EQ(theirs.found.count("libdep.so.1"), 1u) << theirs.raw;
    EXPECT_TRUE(fs::equivalent(theirs.found.at("libdep.so.1"), dep)) << theirs.raw;
    const auto g = loader::analyze({(linkBin / "python").string()}, {});
    EXPECT_EQ(compareResolutions(theirs, graphResolve(g, g.roots.at(0).library)), "") << theirs.raw;
}

TEST_F(LinuxTree, MissingDependencyIsExplained)
{
    const auto a = dir("a"), bin = dir("bin");
    const auto gone = lib(a, "gone");
    const auto app = exe(bin, "app", {gone}, {runpath(a)});
    fs::remove(gone);
    const auto g = expectAgreement(app);
    const auto *missing = problem(g, ProblemKind::Missing);
    ASSERT_NE(missing, nullptr);
    EXPECT_EQ(missing->name, "libgone.so.1");
    EXPECT_NE(td::test::detailOf(*missing, td::loader::TargetOs::Linux)
                  .find("DT_RUNPATH of " + app.string() + ": " + a.string()),
              std::string::npos)
        << td::test::detailOf(*missing, td::loader::TargetOs::Linux);
    EXPECT_TRUE(g.hasErrors());
}

// What `deps --json` asks of the analysis for speed (each library's CUDA code read as it is
// parsed, the caches left for the exit) changes nothing in the document.
TEST_F(LinuxTree, ReadingCudaCodeWithTheParseAndKeepingTheCachesChangeNothing)
{
    const auto a = dir("a"), bin = dir("bin");
    const auto base = lib(a, "base");
    const auto gone = lib(a, "gone");
    lib(a, "top", {base, gone}, {runpath(a)});
    exe(bin, "app", {base}, {runpath(a)});
    fs::remove(gone);
    writeFile(a / "libdamaged.so.1", "not a library");
    const std::vector<std::string> inputs{a.string(), bin.string()};
    auto json = [](const loader::Graph &g) {
        std::ostringstream out;
        report::writeDepsJson(g, out);
        return out.str();
    };
    const loader::Graph plain = loader::analyze(inputs, {});
    loader::DepsOptions fast;
    fast.cudaCode = true;
    fast.keepCachesUntilExit = true;
    const loader::Graph quick = loader::analyze(inputs, fast);
    EXPECT_EQ(json(quick), json(plain));
    ASSERT_GE(quick.libraries.size(), 4u);
    for (std::size_t i = 0; i < quick.libraries.size(); ++i) {
        SCOPED_TRACE(quick.libraries[i].name);
        EXPECT_FALSE(plain.libraries[i].cuda.has_value()); // not asked for: read as it is written
        if (quick.libraries[i].found) { // read with each file, the damaged one too: none in any
            ASSERT_TRUE(quick.libraries[i].cuda.has_value());
            EXPECT_TRUE(quick.libraries[i].cuda->sass.empty());
            EXPECT_TRUE(quick.libraries[i].cuda->ptx.empty());
        }
    }
}

TEST_F(LinuxTree, WrongArchitectureCopyIsSkipped)
{
    const auto a = dir("a"), b = dir("b"), bin = dir("bin");
    const auto real = lib(b, "dep");
    patchMachine(real, a / "libdep.so.1", 183);
    const auto app = exe(bin, "app", {real}, {runpath(a.string() + ":" + b.string())});
    const auto g1 = expectAgreement(app);
    EXPECT_FALSE(g1.hasErrors());

    fs::remove(real);
    const auto g2 = expectAgreement(app);
    const auto *wrong = problem(g2, ProblemKind::WrongArch);
    ASSERT_NE(wrong, nullptr);
    EXPECT_EQ(wrong->paths, std::vector<std::string>{(a / "libdep.so.1").string()});
    EXPECT_NE(td::test::detailOf(*wrong, td::loader::TargetOs::Linux).find("aarch64"), std::string::npos)
        << td::test::detailOf(*wrong, td::loader::TargetOs::Linux);
}

TEST_F(LinuxTree, MissingSymbolVersion)
{
    const auto a = dir("a");
    const fs::path app = versionedApp(a);
    writeFile(m_dir / "v1.map", "VER_1 { global: old_fn; local: *; };\n");
    // The library is "downgraded": the version the program needs is gone.
    lib(a, "ver", {}, {"-Wl,--version-script=" + (m_dir / "v1.map").string()}, "int old_fn(void) { return 1; }\n");
    const auto g = expectAgreement(app);
    const auto *version = problem(g, ProblemKind::VersionMissing);
    ASSERT_NE(version, nullptr);
    EXPECT_EQ(version->name, "VER_2");
    EXPECT_EQ(version->paths.at(0), (a / "libver.so.1").string());
    EXPECT_NE(td::test::detailOf(*version, td::loader::TargetOs::Linux).find("its newest is VER_1"), std::string::npos)
        << td::test::detailOf(*version, td::loader::TargetOs::Linux);
}

// The version check finds a version by the hash both files carry, but decides
// by its name: with every vd_hash of the library spoilt, the versions the program
// needs are still found (ld.so, which compares the hashes first, would refuse them;
// the emulation reads a file's versions by their names alone, as it always has).
TEST_F(LinuxTree, SymbolVersionsAreMatchedByNameWhateverTheirHashes)
{
    const auto a = dir("a");
    const fs::path app = versionedApp(a);
    const fs::path v = a / "libver.so.1";
    expectAgreement(app); // as built, ld.so and the emulation agree
    const auto before = bin::readBinaryFile(v.string());
    ASSERT_NE(before.elf(), nullptr) << before.error;

    // Every Elf64_Verdef of .gnu.version_d (x86-64: little-endian), its vd_hash inverted.
    std::smatch m;
    const std::string versions = runOk({config::readelf, "-VW", v.string()});
    ASSERT_TRUE(std::regex_search(versions, m, std::regex(R"('\.gnu\.version_d'[^\n]*\n\s*Addr: \S+\s+Offset: (0x[0-9a-f]+))")))
        << versions;
    std::fstream f(v, std::ios::in | std::ios::out | std::ios::binary);
    auto u32At = [&](std::streamoff at) {
        unsigned char b[4] = {};
        f.seekg(at);
        f.read(reinterpret_cast<char *>(b), 4);
        return std::uint32_t{b[0]} | std::uint32_t{b[1]} << 8 | std::uint32_t{b[2]} << 16 | std::uint32_t{b[3]} << 24;
    };
    int spoilt = 0;
    for (auto at = static_cast<std::streamoff>(std::stoull(m[1].str(), nullptr, 16));; ++spoilt) {
        const std::uint32_t hash = ~u32At(at + 8), next = u32At(at + 16);
        const char bytes[4] = {static_cast<char>(hash & 0xff), static_cast<char>((hash >> 8) & 0xff),
                               static_cast<char>((hash >> 16) & 0xff), static_cast<char>(hash >> 24)};
        f.seekp(at + 8);
        f.write(bytes, 4);
        if (next == 0)
            break;
        at += next;
    }
    f.close();
    EXPECT_EQ(spoilt + 1, 3) << "the file's own name, VER_1 and VER_2";
    const auto after = bin::readBinaryFile(v.string());
    ASSERT_NE(after.elf(), nullptr) << after.error;
    ASSERT_EQ(after.elf()->versionDefs, before.elf()->versionDefs);
    ASSERT_EQ(after.elf()->versionDefHashes.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i)
        EXPECT_EQ(after.elf()->versionDefHashes[i], ~before.elf()->versionDefHashes[i]);

    loader::DepsOptions options;
    const loader::Graph g = loader::analyze({app.string()}, options);
    EXPECT_EQ(problem(g, ProblemKind::VersionMissing), nullptr);
}

TEST_F(LinuxTree, NotAnElfFileStopsTheSearch)
{
    const auto a = dir("a"), b = dir("b"), bin = dir("bin");
    const auto real = lib(b, "dep");
    writeFile(a / "libdep.so.1", "this is not a library\n");
    const auto app = exe(bin, "app", {real}, {runpath(a.string() + ":" + b.string())});
    loader::DepsOptions options;
    const auto g = loader::analyze({app.string()}, options);
    const auto *bad = problem(g, ProblemKind::NotALibrary);
    ASSERT_NE(bad, nullptr);
    EXPECT_EQ(bad->paths, std::vector<std::string>{(a / "libdep.so.1").string()});
    // ld.so agrees that the load fails there.
    const Resolution theirs = lddResolve(app.string());
    EXPECT_TRUE(theirs.loaderFailed || theirs.raw.find("invalid ELF header") != std::string::npos) << theirs.raw;
}

TEST_F(LinuxTree, DanglingLinksAndLoopsAreSkipped)
{
    const auto a = dir("a"), b = dir("b"), bin = dir("bin");
    const auto real = lib(b, "dep");
    fs::create_symlink(a / "nowhere.so", a / "libdep.so.1");
    const auto other = lib(b, "two");
    fs::create_symlink(a / "libtwo.so.1", a / "libtwo.so.1.loop");
    fs::create_symlink(a / "libtwo.so.1.loop", a / "libtwo.so.1");
    const auto app = exe(bin, "app", {real, other}, {runpath(a.string() + ":" + b.string())});
    // The loop ends ld.so's search for libtwo although b has a good copy.
    const auto g1 = expectAgreement(app);
    const auto *loop = problem(g1, ProblemKind::Unreadable);
    ASSERT_NE(loop, nullptr);
    EXPECT_EQ(loop->name, "libtwo.so.1");
    EXPECT_NE(td::test::detailOf(*loop, td::loader::TargetOs::Linux).find("ELOOP"), std::string::npos)
        << td::test::detailOf(*loop, td::loader::TargetOs::Linux);

    fs::remove(real);
    const auto g2 = expectAgreement(app);
    const loader::Problem *dangling = nullptr;
    for (const auto &p : g2.problems)
        if (p.name == "libdep.so.1")
            dangling = &p;
    ASSERT_NE(dangling, nullptr);
    EXPECT_EQ(dangling->name, "libdep.so.1");
    EXPECT_NE(td::test::detailOf(*dangling, td::loader::TargetOs::Linux).find("dangling"), std::string::npos)
        << td::test::detailOf(*dangling, td::loader::TargetOs::Linux);
}

TEST_F(LinuxTree, LdPreloadIsLoadedFirst)
{
    const auto a = dir("a"), bin = dir("bin");
    const auto pre = lib(a, "pre");
    const auto dep = lib(a, "dep");
    const auto app = exe(bin, "app", {dep}, {runpath(a)});
    const auto g = expectAgreement(app, {{"LD_PRELOAD", pre.string()}});
    bool preloaded = false;
    for (const auto &e : g.edges)
        preloaded = preloaded || (e.via == loader::Via::Preload && e.name == pre.string());
    EXPECT_TRUE(preloaded);
}

// ld.so prints "object ... from LD_PRELOAD cannot be preloaded ...: ignored" and goes on: a preload
// that is not there is no missing dependency of the program (nor of any library of it).
TEST_F(LinuxTree, AnLdPreloadThatIsNotThereIsIgnoredAsLdSoDoes)
{
    const auto a = dir("a"), bin = dir("bin");
    const auto dep = lib(a, "dep");
    const auto app = exe(bin, "app", {dep}, {runpath(a)});
    const auto g = expectAgreement(app, {{"LD_PRELOAD", "libnowhere_hook.so " + (a / "gone.so").string()}});
    EXPECT_TRUE(g.problems.empty()) << g.problems.front().name;
}

TEST_F(LinuxTree, NoDefaultLibSkipsTheCacheAndSystemFolders)
{
    // ld spells DF_1_NODEFLIB "-z nodefaultlib".
    const auto a = dir("a");
    const auto nd = lib(a, "nd", {}, {"-Wl,-z,nodefaultlib", "-lm"});
    const auto g = expectAgreement(nd);
    const auto *missing = problem(g, ProblemKind::Missing);
    ASSERT_NE(missing, nullptr);
    EXPECT_EQ(missing->name, "libm.so.6");
    EXPECT_NE(td::test::detailOf(*missing, td::loader::TargetOs::Linux).find("DF_1_NODEFLIB"), std::string::npos)
        << td::test::detailOf(*missing, td::loader::TargetOs::Linux);
}

TEST(LdSoCache, ReadsTheRealCache)
{
    const auto cache = loader::LdSoCache::read("/etc/ld.so.cache");
    ASSERT_EQ(cache.error(), "");
    EXPECT_GT(cache.size(), 100u);
    const auto &libc = cache.lookup("libc.so.6");
    ASSERT_FALSE(libc.empty());
    EXPECT_TRUE(fs::exists(libc.front().path));
    // ldconfig -p lists the same number of entries.
    const std::string listing = runOk({"/sbin/ldconfig", "-p"});
    const auto first = lines(listing).at(0);
    EXPECT_EQ(first.substr(0, first.find(' ')), std::to_string(cache.size())) << first;
}

TEST(LdSoCache, DamagedCachesGiveAnError)
{
    TempDir d;
    writeFile(d / "empty", "");
    writeFile(d / "short", "glibc-ld.so.cache1.1");
    std::string huge = "glibc-ld.so.cache1.1";
    huge += std::string("\xff\xff\xff\x7f", 4) + std::string(40, '\0');
    writeFile(d / "huge", huge);
    for (const char *name : {"empty", "short", "huge", "missing"}) {
        const auto cache = loader::LdSoCache::read((d / name).string());
        EXPECT_NE(cache.error(), "") << name;
        EXPECT_EQ(cache.size(), 0u) << name;
    }
}
