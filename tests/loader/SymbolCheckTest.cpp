// SPDX-License-Identifier: GPL-3.0-or-later
// ld.so's symbol binding, emulated, against the real loader: libraries that no code names are
// built by gcc at test time (with and without a version script), a stale copy of one is put first
// on LD_LIBRARY_PATH, and the prediction is compared with what ctypes.CDLL (dlopen with
// RTLD_NOW, as Python and torch load libraries) says.
#include "TestConfig.h"
#include "TestSupport.h"

#include "binary/ElfSymbols.h"
#include "binary/Readers.h"
#include "loader/Analyzer.h"

#include "ProblemDetail.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace td;
using namespace td::test;

namespace {

class SymbolBinding : public ::testing::Test {
protected:
    TempDir m_dir{"td-symbols"};
    int m_counter = 0;

    fs::path dir(const std::string &name)
    {
        const fs::path p = m_dir / name;
        fs::create_directories(p);
        return p;
    }

    // A library with soname `soname` made from `body`; `versionScript` (if any) gives its versions.
    fs::path lib(const fs::path &where, const std::string &soname, const std::string &body,
                 const std::string &versionScript = {}, const std::vector<std::string> &flags = {})
    {
        const std::string stem = m_dir.path().string() + "/src-" + std::to_string(m_counter++);
        writeFile(stem + ".c", body);
        const fs::path out = where / soname;
        std::vector<std::string> argv{config::cc, "-shared", "-fPIC", "-o", out.string(), stem + ".c",
                                      "-Wl,-soname," + soname, "-Wl,--no-as-needed"};
        if (!versionScript.empty()) {
            writeFile(stem + ".map", versionScript);
            argv.push_back("-Wl,--version-script=" + stem + ".map");
        }
        argv.insert(argv.end(), flags.begin(), flags.end());
        runOk(argv);
        return out;
    }

    // The real loader's verdict on `library` with LD_LIBRARY_PATH = `libraryPath`.
    static RunResult dlopen(const fs::path &library, const std::string &libraryPath)
    {
        RunOptions o;
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD"};
        if (!libraryPath.empty())
            o.setEnv["LD_LIBRARY_PATH"] = libraryPath;
        return run({"python3", "-c", "import ctypes, sys; ctypes.CDLL(sys.argv[1])", library.string()}, o);
    }

    static loader::Graph ours(const fs::path &root, const std::string &libraryPath,
                              loader::SymbolCheck mode = loader::SymbolCheck::WhereShadowed)
    {
        loader::DepsOptions options;
        options.os = loader::TargetOs::Linux;
        options.symbols = mode;
        if (!libraryPath.empty())
            options.env["LD_LIBRARY_PATH"] = libraryPath;
        return loader::analyze({root.string()}, options);
    }

    static std::vector<loader::Problem> missingSymbols(const loader::Graph &g)
    {
        std::vector<loader::Problem> out;
        std::copy_if(g.problems.begin(), g.problems.end(), std::back_inserter(out),
                     [](const loader::Problem &p) { return p.kind == loader::ProblemKind::SymbolMissing; });
        return out;
    }

    // A package: libquasar.so.2 (RUNPATH $ORIGIN) needs libtessel.so.4 next to it, whose newer
    // release added tessel_fold_4_2; an older libtessel.so.4 sits in a "system" folder.
    struct Layout {
        fs::path quasar, packageTessel, staleDir;
    };
    Layout layout(const std::string &versionScriptNew, const std::string &versionScriptOld)
    {
        Layout l;
        const fs::path pkg = dir("site/pkg/lib");
        l.packageTessel = lib(pkg, "libtessel.so.4",
                              "int tessel_open(void) { return 1; }\nint tessel_fold_4_2(int x) { return x; }\n"
                              "__attribute__((weak)) int tessel_optional(void);\n",
                              versionScriptNew);
        l.staleDir = dir("opt/tessel-4.1/lib");
        lib(l.staleDir, "libtessel.so.4", "int tessel_open(void) { return 1; }\n", versionScriptOld);
        l.quasar = lib(pkg, "libquasar.so.2",
                       "int tessel_open(void);\nint tessel_fold_4_2(int);\n"
                       "__attribute__((weak)) int tessel_optional(void);\n"
                       "int quasar(void) { return tessel_open() + tessel_fold_4_2(2) + (tessel_optional ? 1 : 0); }\n",
                       {}, {l.packageTessel.string(), "-Wl,-rpath,$ORIGIN", "-Wl,--enable-new-dtags"});
        return l;
    }
};

} // namespace

TEST_F(SymbolBinding, AVersionedSymbolTheStaleCopyLacksFailsAsInLdSo)
{
    // Both releases define the same version node (as NVIDIA's libraries do): the version check
    // passes and only the symbol is missing.
    const Layout l = layout("LIBTESSEL_4 { global: tessel_open; tessel_fold_4_2; local: *; };\n",
                            "LIBTESSEL_4 { global: tessel_open; local: *; };\n");
    const RunResult good = dlopen(l.quasar, "");
    ASSERT_TRUE(good.ok()) << good.err;
    const RunResult bad = dlopen(l.quasar, l.staleDir.string());
    ASSERT_FALSE(bad.ok());
    ASSERT_NE(bad.err.find("undefined symbol: tessel_fold_4_2, version LIBTESSEL_4"), std::string::npos) << bad.err;

    EXPECT_TRUE(missingSymbols(ours(l.quasar, "")).empty());
    const auto problems = missingSymbols(ours(l.quasar, l.staleDir.string()));
    ASSERT_EQ(problems.size(), 1u);
    const loader::Problem &p = problems[0];
    EXPECT_EQ(p.severity, loader::Severity::Error);
    EXPECT_EQ(p.name, "tessel_fold_4_2");
    EXPECT_EQ(p.symbolVersion, "LIBTESSEL_4");
    EXPECT_EQ(p.symbolLibrary, "libtessel.so.4");
    EXPECT_EQ(p.neededBy, std::vector<std::string>{l.quasar.string()});
    ASSERT_EQ(p.paths.size(), 2u);
    EXPECT_EQ(p.paths[0], (l.staleDir / "libtessel.so.4").string());
    EXPECT_EQ(fs::weakly_canonical(p.paths[1]), l.packageTessel);
    // ld.so's own words lead the detail, then the cure.
    EXPECT_EQ(td::test::detailOf(p, td::loader::TargetOs::Linux).rfind("undefined symbol: tessel_fold_4_2, version LIBTESSEL_4", 0), 0u) << td::test::detailOf(p, td::loader::TargetOs::Linux);
    EXPECT_NE(td::test::detailOf(p, td::loader::TargetOs::Linux).find("LD_LIBRARY_PATH"), std::string::npos) << td::test::detailOf(p, td::loader::TargetOs::Linux);
}

TEST_F(SymbolBinding, AnUnversionedSymbolTheStaleCopyLacksFailsAsInLdSo)
{
    const Layout l = layout({}, {});
    ASSERT_TRUE(dlopen(l.quasar, "").ok());
    const RunResult bad = dlopen(l.quasar, l.staleDir.string());
    ASSERT_FALSE(bad.ok());
    ASSERT_NE(bad.err.find("undefined symbol: tessel_fold_4_2"), std::string::npos) << bad.err;

    const auto problems = missingSymbols(ours(l.quasar, l.staleDir.string()));
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].name, "tessel_fold_4_2");
    EXPECT_EQ(problems[0].symbolVersion, "");
    ASSERT_EQ(problems[0].paths.size(), 2u);
    EXPECT_EQ(fs::weakly_canonical(problems[0].paths[1]), l.packageTessel);
}

TEST_F(SymbolBinding, AStaleCopyThatHasEverySymbolLoadsAndIsNoSymbolProblem)
{
    // The older copy has all that is asked for (and a weak reference binds to nothing in
    // either): ld.so loads it, and no symbol problem may be predicted.
    const Layout l = layout({}, {});
    lib(l.staleDir, "libtessel.so.4",
        "int tessel_open(void) { return 1; }\nint tessel_fold_4_2(int x) { return x; }\nint extra(void) { return 0; }\n");
    ASSERT_TRUE(dlopen(l.quasar, l.staleDir.string()).ok());
    for (const auto mode : {loader::SymbolCheck::WhereShadowed, loader::SymbolCheck::Versioned, loader::SymbolCheck::All})
        for (const auto &p : missingSymbols(ours(l.quasar, l.staleDir.string(), mode)))
            ADD_FAILURE() << "mode " << static_cast<int>(mode) << ": " << td::test::detailOf(p, td::loader::TargetOs::Linux);
}

TEST_F(SymbolBinding, ElfSymbolTableFollowsCheckMatchForVersionsAndBindings)
{
    // foo@V1 (an old, hidden version), foo@@V2 (the default), bar unversioned-in-file.
    const fs::path d = dir("versions");
    const fs::path l = lib(d, "libversions.so.1",
                           "int foo_v1(void) { return 1; }\nint foo_v2(void) { return 2; }\n"
                           "__asm__(\".symver foo_v1,foo@V1\");\n__asm__(\".symver foo_v2,foo@@V2\");\n"
                           "int bar(void) { return 3; }\n__attribute__((weak)) int soft(void) { return 4; }\n"
                           "extern int elsewhere(void);\nint call(void) { return elsewhere(); }\n",
                           "V1 { global: bar; soft; call; foo; local: *; };\nV2 { global: foo; } V1;\n",
                           {"-Wl,--unresolved-symbols=ignore-all"});
    const bin::BinaryInfo info = bin::readBinaryFile(l.string());
    ASSERT_TRUE(info.ok()) << info.error;
    std::string error;
    const auto src = bin::FileByteSource::open(l.string(), error);
    ASSERT_TRUE(src) << error;
    const bin::ElfSymbolTable table(*src, *info.elf());
    ASSERT_EQ(table.error(), "");
    EXPECT_TRUE(table.defines("foo", "V1"));
    EXPECT_TRUE(table.defines("foo", "V2"));
    EXPECT_FALSE(table.defines("foo", "V3"));
    EXPECT_TRUE(table.defines("foo", "")); // an unversioned reference binds the oldest, as in ld.so
    EXPECT_TRUE(table.defines("bar", "V1"));
    EXPECT_FALSE(table.defines("bar", "V2")); // defined at V1 only
    EXPECT_TRUE(table.defines("soft", ""));   // weak definitions bind
    EXPECT_FALSE(table.defines("foo_v1", ""));
    EXPECT_FALSE(table.defines("elsewhere", "")); // undefined here
    std::vector<bin::ElfSymbolNeed> needs;
    ASSERT_TRUE(table.needs(needs));
    EXPECT_TRUE(std::any_of(needs.begin(), needs.end(),
                            [](const bin::ElfSymbolNeed &n) { return n.name == "elsewhere" && !n.weak; }));
    // readelf (binutils) as the judge of the table's size.
    ASSERT_TRUE(config::have(config::readelf)) << "readelf (binutils) is needed";
    const std::string dump = runOk({config::readelf, "--dyn-syms", "-W", l.string()});
    const auto at = dump.find("contains ");
    ASSERT_NE(at, std::string::npos) << dump;
    EXPECT_EQ(std::to_string(table.count()), dump.substr(at + 9, dump.find(' ', at + 9) - at - 9));
}

TEST_F(SymbolBinding, TheFullCheckFindsAnUnversionedSymbolAProgramLacksWithNoOtherCopyAround)
{
    // A program built against a libtessel that had tessel_fold_4_2, run with one that has not
    // (replaced in place: no other copy to compare with, so only the full check looks).
    const fs::path d = dir("program");
    const fs::path built = lib(d, "libtessel.so.4", "int tessel_open(void) { return 1; }\nint tessel_fold_4_2(int x) { return x; }\n");
    const std::string src = m_dir.path().string() + "/main.c";
    writeFile(src, "int tessel_fold_4_2(int);\nint main(void) { return tessel_fold_4_2(0); }\n");
    const fs::path program = d / "main";
    runOk({config::cc, "-o", program.string(), src, built.string(), "-Wl,-rpath,$ORIGIN", "-Wl,--enable-new-dtags"});
    lib(d, "libtessel.so.4", "int tessel_open(void) { return 1; }\n");
    RunOptions o;
    o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD"};
    o.setEnv["LD_BIND_NOW"] = "1";
    const RunResult real = run({program.string()}, o);
    ASSERT_NE(real.exitCode, 0);
    ASSERT_NE(real.err.find("undefined symbol: tessel_fold_4_2"), std::string::npos) << real.err;

    EXPECT_TRUE(missingSymbols(ours(program, "")).empty()); // nothing shadowed: the default does not look
    const auto problems = missingSymbols(ours(program, "", loader::SymbolCheck::All));
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].name, "tessel_fold_4_2");
    EXPECT_EQ(problems[0].neededBy, std::vector<std::string>{program.string()});
}

TEST_F(SymbolBinding, AModuleLoadedIntoPythonLacksAnUnversionedSymbolThatNothingInTheProcessDefines)
{
    // An extension module built against a libglim.so.3 that had glim_plan_resume, with an older one in
    // its place (no other copy anywhere). Its references to Python's C API bind to python itself.
    const fs::path pkg = dir("site/glimmer");
    const fs::path built = lib(pkg, "libglim.so.3",
                               "int glim_plan_create(void) { return 1; }\nint glim_plan_resume(int x) { return x; }\n");
    const fs::path module = lib(pkg, "_glimmer.so",
                                "void *PyLong_FromLong(long);\nint glim_plan_create(void);\n"
                                "int glim_plan_resume(int);\nvoid *glimmer(void) {\n"
                                "    return PyLong_FromLong(glim_plan_create() + glim_plan_resume(2));\n}\n",
                                {}, {built.string(), "-Wl,-rpath,$ORIGIN", "-Wl,--enable-new-dtags"});
    lib(pkg, "libglim.so.3", "int glim_plan_create(void) { return 1; }\nint glim_plan_destroy(void) { return 0; }\n");
    const RunResult real = dlopen(module, "");
    ASSERT_FALSE(real.ok());
    ASSERT_NE(real.err.find("undefined symbol: glim_plan_resume"), std::string::npos) << real.err;

    // Alone, the module could be loaded by any program: an unversioned reference may be the program's.
    EXPECT_TRUE(missingSymbols(ours(module, "", loader::SymbolCheck::Versioned)).empty());

    // Loaded into python (the one that just failed), only what no file of the process defines is missing,
    // and it belongs to the library that defines the module's other glim_plan_ references.
    const std::string python =
        runOk({"python3", "-c", "import os, sys; print(os.path.realpath(sys.executable), end='')"});
    loader::DepsOptions options;
    options.os = loader::TargetOs::Linux;
    options.symbols = loader::SymbolCheck::Versioned;
    options.hostObjects = loader::processFiles(python, options);
    ASSERT_GE(options.hostObjects.size(), 2u) << "python and its C library at least";
    EXPECT_EQ(options.hostObjects.front(), python);
    const auto problems = missingSymbols(loader::analyze({module.string()}, options));
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].name, "glim_plan_resume");
    EXPECT_EQ(problems[0].symbols, std::vector<std::string>{"glim_plan_resume"});
    ASSERT_EQ(problems[0].paths.size(), 1u);
    EXPECT_EQ(fs::weakly_canonical(problems[0].paths[0]), fs::weakly_canonical(built));
    EXPECT_EQ(problems[0].symbolLibrary, "libglim.so.3");
}
