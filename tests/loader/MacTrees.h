// SPDX-License-Identifier: GPL-3.0-or-later
// The Mach-O trees of the macOS loader tests (MacLoaderTest.* in MacLoaderTest.cpp),
// one per test, named after it. make-mac-trees builds them with clang and ld64.lld
// on Linux (the CTest fixture mac-trees), and the tests only read them: so the same
// tests run as Windows programs under Wine, which can start a Linux linker but not
// wait for it.
#pragma once

#include "../binary/fixtures/macho/MachOFixtures.h"

#include <string>
#include <vector>

namespace td::test::mac_trees {

// One file of a tree: a Mach-O linked from `spec`, a universal file of other
// files of the tree, or a file that is not Mach-O at all.
struct File {
    enum class Kind { MachO, Universal, Text };
    Kind kind = Kind::MachO;
    std::string path; // relative to the tree, '/'-separated
    macho::Spec spec;
    std::vector<std::string> slices; // Universal: the thin files, built before it
    bool lipo = true;                // Universal: llvm-lipo where there is one, else the header written here
    std::string text;                // Text
};

struct Tree {
    std::string name; // the MacLoaderTest test that reads it
    std::vector<File> files;
};

inline File dylib(const std::string &path, const std::string &installName, std::vector<std::string> deps = {},
                  std::vector<std::string> rpaths = {}, const std::string &arch = "arm64")
{
    File f;
    f.path = path;
    f.spec.arch = arch;
    f.spec.installName = installName;
    f.spec.deps = std::move(deps);
    f.spec.rpaths = std::move(rpaths);
    return f;
}

inline File executable(const std::string &path, std::vector<std::string> deps, std::vector<std::string> rpaths = {})
{
    File f;
    f.path = path;
    f.spec.executable = true;
    f.spec.deps = std::move(deps);
    f.spec.rpaths = std::move(rpaths);
    return f;
}

inline File machO(const std::string &path, macho::Spec spec)
{
    File f;
    f.path = path;
    f.spec = std::move(spec);
    return f;
}

inline File universal(const std::string &path, std::vector<std::string> slices, bool lipo = true)
{
    File f;
    f.kind = File::Kind::Universal;
    f.path = path;
    f.slices = std::move(slices);
    f.lipo = lipo;
    return f;
}

inline File text(const std::string &path, const std::string &contents)
{
    File f;
    f.kind = File::Kind::Text;
    f.path = path;
    f.text = contents;
    return f;
}

inline const std::vector<Tree> &all()
{
    static const std::vector<Tree> trees = [] {
        macho::Spec weak;
        weak.installName = "@rpath/libw.dylib";
        weak.weakDeps = {"@rpath/libnothere.dylib"};
        macho::Spec ownLibSystem;
        ownLibSystem.installName = "/usr/lib/libSystem.B.dylib";
        ownLibSystem.libSystem = false;
        return std::vector<Tree>{
            // main (LC_RPATH @executable_path/../lib) -> liba (no LC_RPATH) -> @rpath/libb;
            // libb's own LC_RPATH finds libc.
            {"ResolvesRpathThroughTheRunPathStack",
             {executable("app/bin/main", {"@rpath/liba.dylib"}, {"/nonexistent/lib", "@executable_path/../lib"}),
              dylib("app/lib/liba.dylib", "@rpath/liba.dylib", {"@rpath/libb.dylib"}),
              dylib("app/lib/libb.dylib", "@rpath/libb.dylib", {"@rpath/libc.dylib"}, {"@loader_path/deep"}),
              dylib("app/lib/deep/libc.dylib", "@rpath/libc.dylib")}},
            // liba -> @loader_path/plugins/libp.dylib -> the root, by install name and by path.
            {"LoaderPathAndAlreadyLoadedImages",
             {dylib("liba.dylib", "@rpath/liba.dylib", {"@loader_path/plugins/libp.dylib"}),
              dylib("plugins/libp.dylib", "@rpath/libp.dylib", {"@rpath/liba.dylib", "@loader_path/../liba.dylib"})}},
            {"ExecutablePathNeedsAnExecutable",
             {dylib("app/Frameworks/libplugin.dylib", "@rpath/libplugin.dylib",
                    {"@executable_path/../Frameworks/libhelper.dylib"}),
              dylib("app/Frameworks/libhelper.dylib", "@executable_path/../Frameworks/libhelper.dylib"),
              text("app/MacOS/python3", "placeholder"), // a named executable need not be Mach-O
              executable("app/MacOS/tool", {"@executable_path/../Frameworks/libhelper.dylib"})}},
            {"DyldLibraryPathWins",
             {dylib("lib/liba.dylib", "@rpath/liba.dylib", {"@rpath/libb.dylib", "/opt/none/libabs.dylib"},
                    {"@loader_path"}),
              dylib("lib/libb.dylib", "@rpath/libb.dylib"), dylib("override/libb.dylib", "@rpath/libb.dylib"),
              dylib("override/libabs.dylib", "/opt/none/libabs.dylib")}},
            // The torch 2.2 libtorch zip: libtorch_cpu needs @rpath/libomp.dylib.
            {"MissingDependencyListsEveryPlaceTried",
             {dylib("libtorch/lib/libtorch_cpu.dylib", "@rpath/libtorch_cpu.dylib", {"@rpath/libomp.dylib"},
                    {"@loader_path", "@loader_path/../omp", "/opt/x/lib"}),
              dylib("bare/libbare.dylib", "@rpath/libbare.dylib", {"@rpath/libgone.dylib"})}},
            {"WrongArchitecture",
             {dylib("lib/libtorch_python.dylib", "@rpath/libtorch_python.dylib",
                    {"@rpath/libx.dylib", "@rpath/libu.dylib"}, {"@loader_path"}),
              dylib("lib/libx.dylib", "@rpath/libx.dylib", {}, {}, "x86_64"),
              dylib("thin/x86_64/libu.dylib", "@rpath/libu.dylib", {}, {}, "x86_64"),
              dylib("thin/arm64/libu.dylib", "@rpath/libu.dylib"),
              universal("lib/libu.dylib", {"thin/x86_64/libu.dylib", "thin/arm64/libu.dylib"}),
              dylib("thin/libroot-x86_64.dylib", "@rpath/libroot.dylib", {"@rpath/libx.dylib"}, {"@loader_path/../lib"},
                    "x86_64"),
              dylib("thin/libroot-arm64.dylib", "@rpath/libroot.dylib", {"@rpath/libx.dylib"}, {"@loader_path/../lib"}),
              universal("fat/libroot.dylib", {"thin/libroot-x86_64.dylib", "thin/libroot-arm64.dylib"},
                        /*lipo=*/false)}},
            {"WeakMissingIsAWarning", {machO("libw.dylib", weak)}},
            {"SystemLibrariesAndFallback",
             {dylib(
                  "libr.dylib", "@rpath/libr.dylib",
                  {"/System/Library/Frameworks/Accelerate.framework/Versions/A/Accelerate", "/opt/moved/libz.1.dylib"}),
              dylib("fallback/libz.1.dylib", "/opt/moved/libz.1.dylib"),
              machO("sysroot/usr/lib/libSystem.B.dylib", ownLibSystem)}},
            {"NotALibraryAndAnalyzer",
             {dylib("lib/libn.dylib", "@rpath/libn.dylib", {"@loader_path/libtext.dylib"}),
              text("lib/libtext.dylib", "this is not a library\n")}},
        };
    }();
    return trees;
}

// What a built tree was built from (its stamp: BuiltTrees.h).
inline std::string describe(const Tree &tree)
{
    auto list = [](const char *what, const std::vector<std::string> &items) {
        std::string out;
        for (const std::string &item : items)
            out += std::string(" ") + what + "=" + item;
        return out;
    };
    std::string out;
    for (const File &f : tree.files) {
        out += f.path;
        switch (f.kind) {
        case File::Kind::MachO:
            out += std::string(" ") + (f.spec.executable ? "executable" : "dylib") + " " + f.spec.arch
                   + " id=" + f.spec.installName + list("dep", f.spec.deps) + list("weak", f.spec.weakDeps)
                   + list("reexport", f.spec.reexportDeps) + list("rpath", f.spec.rpaths)
                   + (f.spec.libSystem ? " libSystem" : "");
            break;
        case File::Kind::Universal:
            out += std::string(" universal") + (f.lipo ? " lipo" : "") + list("slice", f.slices);
            break;
        case File::Kind::Text: out += " text=" + std::to_string(f.text.size()) + ":" + f.text; break;
        }
        out += "\n";
    }
    return out;
}

} // namespace td::test::mac_trees
