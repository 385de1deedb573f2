// SPDX-License-Identifier: GPL-3.0-or-later
// The DLL trees of the Windows loader tests (WindowsTree.* in WindowsLoaderTest.cpp),
// one per test, named after it. make-windows-trees builds them with mingw-w64 on
// Linux (a CTest fixture), and the tests only read them: so the same tests run as
// Windows programs under Wine, which can start a Linux compiler but not wait for it.
#pragma once

#include "PeBuilder.h"

#include <string>
#include <vector>

namespace td::test::windows_trees {

// The tree's own System32: every tree has the DLLs of kSystemDlls there.
inline constexpr const char *kSystem32 = "Windows/System32";
inline const std::vector<std::string> kSystemDlls{"ntdll.dll", "kernel32.dll", "KernelBase.dll", "ucrtbase.dll",
                                                  "msvcrt.dll"};

struct Dll {
    std::string path; // relative to the tree, '/'-separated
    pe::DllSpec spec;
    bool x86 = false; // 32-bit, for the wrong-machine cases
};

struct Tree {
    std::string name; // the WindowsTree test that reads it
    std::vector<Dll> dlls;
};

inline pe::DllSpec needs(std::initializer_list<std::string> dlls, bool delay = false)
{
    pe::DllSpec spec;
    for (const auto &d : dlls)
        spec.imports.push_back({d, {}, delay});
    return spec;
}

inline pe::DllSpec padded(std::size_t bytes)
{
    pe::DllSpec spec;
    spec.padding = bytes;
    return spec;
}

inline pe::DllSpec versioned(const std::string &fileVersion, std::size_t padding = 0)
{
    pe::DllSpec spec;
    spec.fileVersion = fileVersion;
    spec.padding = padding;
    return spec;
}

// A DLL linked by MSVC's linker `major`.`minor` that imports `dlls`.
inline pe::DllSpec linkedBy(int major, int minor, std::initializer_list<std::string> dlls)
{
    pe::DllSpec spec = needs(dlls);
    spec.linkerMajor = major;
    spec.linkerMinor = minor;
    return spec;
}

inline std::string system32(const std::string &name)
{
    return std::string(kSystem32) + "/" + name;
}

inline const std::vector<Tree> &all()
{
    static const std::vector<Tree> trees = [] {
        pe::DllSpec apiSets;
        apiSets.imports.push_back({"API-MS-WIN-CRT-RUNTIME-L1-1-0.dll", "_initterm", false});
        apiSets.imports.push_back({"api-ms-win-core-synch-l1-2-0.dll", "Sleep", false});
        pe::DllSpec unknownApiSet;
        unknownApiSet.imports.push_back({"api-ms-win-td-future-l1-1-0.dll", "Sleep", false});
        pe::DllSpec delayed = needs({"b.dll"});
        delayed.imports.push_back({"present.dll", {}, true});
        return std::vector<Tree>{
            // A UCRT forwarder next to the DLL, as apps ship them: never preferred.
            {"ApiSetResolvesToHostNotToAFileOnDisk",
             {{"lib/api-ms-win-crt-runtime-l1-1-0.dll", {}}, {"lib/a.dll", apiSets}}},
            {"UnknownApiSetIsMissingWithExplanation", {{"lib/a.dll", unknownApiSet}}},
            // An app-local copy of a KnownDLL: ignored.
            {"KnownDllComesFromSystem32WhateverTheOrder",
             {{"lib/msvcrt.dll", {}}, {"lib/a.dll", needs({"MSVCRT.dll"})}}},
            {"CaseInsensitiveLookup", {{"lib/Torch_CPU.DLL", {}}, {"lib/a.dll", needs({"torch_cpu.dll"})}}},
            {"DefaultDirsOrder",
             {{"python/python.exe", {}},
              {"python/inapp.dll", {}},
              {"extra/inapp.dll", padded(4096)},
              {"extra/inextra.dll", {}},
              {system32("insystem.dll"), {}},
              {"torch/lib/here.dll", {}},
              {"torch/lib/a.dll", needs({"here.dll", "inapp.dll", "inextra.dll", "insystem.dll"})}}},
            {"PathIgnoredWithTorchFlags",
             {{"tools/bin/libomp140.x86_64.dll", {}}, {"torch/lib/fbgemm.dll", needs({"libomp140.x86_64.dll"})}}},
            {"ClassicOrder",
             {{"python/python.exe", {}},
              {"torch/lib/own.dll", {}},
              {"p1/onpath.dll", {}},
              {"p2/onpath.dll", padded(4096)},
              {system32("sys.dll"), {}},
              {"p1/sys.dll", padded(2048)},
              {"torch/lib/a.dll", needs({"own.dll", "onpath.dll", "sys.dll"})}}},
            {"WrongMachineDependency",
             {{"torch/lib/c10.dll", {}, true}, {"torch/lib/torch_cpu.dll", needs({"c10.dll"})}}},
            // A 32-bit DLL for a 64-bit python.exe.
            {"WrongMachineRoot", {{"python/python.exe", {}}, {"torch/lib/c10.dll", {}, true}}},
            // a -> b (normal) -> td_absent_delay (delay); a -> present (delay) -> td_absent_indirect (normal).
            {"MissingDelayLoadIsAWarning",
             {{"lib/present.dll", needs({"td_absent_indirect.dll"})},
              {"lib/b.dll", needs({"td_absent_delay.dll"}, true)},
              {"lib/a.dll", delayed}}},
            {"ShadowedMsvcpShowsBothVersions",
             {{"conda/Library/bin/msvcp140.dll", versioned("14,36,32532,0")},
              {system32("msvcp140.dll"), versioned("14,40,33810,0", 4096)},
              {"torch/lib/c10.dll", needs({"msvcp140.dll"})}}},
            // An embeddable Python's own VC++ runtime next to python.exe, new enough for what links it.
            {"PythonsOwnRuntimeIsNotInTheWay",
             {{"python/python.exe", {}},
              {"python/vcruntime140.dll", versioned("14,38,33126,1")},
              {system32("vcruntime140.dll"), versioned("14,44,35112,0", 4096)},
              {"torch/lib/c10.dll", linkedBy(14, 29, {"vcruntime140.dll"})}}},
            // ... and older than the toolset that linked c10.dll.
            {"RuntimeOlderThanTheToolsetIsAnError",
             {{"python/python.exe", {}},
              {"python/msvcp140.dll", versioned("14,34,31931,0")},
              {system32("msvcp140.dll"), versioned("14,44,35112,0", 4096)},
              {"torch/lib/c10.dll", linkedBy(14, 42, {"msvcp140.dll"})}}},
            {"MissingVcRuntimeAdvice", {{"lib/c10.dll", needs({"VCRUNTIME140_1.dll"})}}},
            {"FolderOfDlls",
             {{"lib/common.dll", {}},
              {"lib/b.dll", needs({"common.dll"})},
              {"lib/c.dll", needs({"common.dll", "b.dll"})},
              {"lib/d.dll", needs({"c.dll", "b.dll"})}}},
            {"CliExitCodes",
             {{"good/b.dll", {}}, {"good/a.dll", needs({"b.dll"})}, {"bad/a.dll", needs({"td_absent.dll"})}}},
            {"TheDllsOwnFolderWinningIsNotShadowing",
             {{"torch/lib/zephyrblas.dll", {}},
              {system32("zephyrblas.dll"), padded(4096)},
              {"torch/lib/a.dll", needs({"zephyrblas.dll"})}}},
        };
    }();
    return trees;
}

// What a built tree was built from (its stamp: BuiltTrees.h).
inline std::string describe(const Tree &tree)
{
    std::string text;
    auto dll = [&text](const std::string &path, const pe::DllSpec &spec, bool x86) {
        text += path + (x86 ? " x86" : " x64");
        for (const pe::Import &imp : spec.imports)
            text += " " + imp.dll + ":" + (imp.function.empty() ? pe::symbolFor(imp.dll) : imp.function)
                    + (imp.delay ? ":delay" : "");
        if (!spec.fileVersion.empty())
            text += " version=" + spec.fileVersion;
        if (spec.padding)
            text += " padding=" + std::to_string(spec.padding);
        if (spec.linkerMajor)
            text += " linker=" + std::to_string(spec.linkerMajor) + "." + std::to_string(spec.linkerMinor);
        text += "\n";
    };
    for (const std::string &name : kSystemDlls)
        dll(system32(name), {}, false);
    for (const Dll &d : tree.dlls)
        dll(d.path, d.spec, d.x86);
    return text;
}

} // namespace td::test::windows_trees
