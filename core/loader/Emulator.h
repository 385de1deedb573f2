// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "BinaryCache.h"
#include "GraphBuilder.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace td::loader {

// Which references the Linux loader checks against the symbols that load
// (ld.so's "undefined symbol"). Reading symbol tables costs, so by default
// only where a library from outside the package wins over the package's own.
enum class SymbolCheck {
    WhereShadowed, // references into a library that loads from outside the package ahead of another copy
    Versioned,     // also every versioned reference of the package's libraries (the root and what its
                   // RUNPATH / $ORIGIN find): its version names the library that must define it; with
                   // hostObjects, their unversioned ones too (the process is then whole)
    All,           // unversioned ones too, where the process is whole (an executable root)
};

// What `deps` is asked to emulate. Empty optionals take the defaults of the
// target system (for the host's own OS: its environment).
struct DepsOptions {
    std::optional<TargetOs> os;                // default: from the first root's format
    std::vector<std::string> searchDirs;       // --search-dir: os.add_dll_directory folders (Windows),
                                               // extra folders after LD_LIBRARY_PATH / DYLD_LIBRARY_PATH
    std::optional<std::string> path;           // --path: PATH (Windows), LD_LIBRARY_PATH (Linux),
                                               // DYLD_LIBRARY_PATH (macOS)
    std::optional<std::string> systemDir;      // --system-dir: System32 (Windows); the root that
                                               // default dirs and ld.so.cache are read under (Linux);
                                               // the root of /usr/lib and /System (macOS)
    std::optional<std::string> appDir;         // Windows: the application's folder (python.exe's)
    std::optional<std::string> executablePath; // macOS: the main executable, for @executable_path
    std::map<std::string, std::string> env;    // LD_PRELOAD, DYLD_FALLBACK_LIBRARY_PATH, ...
    bool classicWindowsOrder = false;          // torch's fallback: LoadLibraryW with PATH
    std::optional<std::string> macArch;        // macOS: the process architecture ("arm64", "x86_64");
                                               // default: the root's (arm64 first for a universal root)
    SymbolCheck symbols = SymbolCheck::WhereShadowed; // Linux
    // Linux: the files of the program the roots are loaded into (python and what it loads), in load
    // order. They define symbols ahead of a root's own libraries and are not checked themselves; a
    // reference to a symbol that Python itself may define (its C API) is missing only when they do not.
    std::vector<std::string> hostObjects;
    bool cudaCode = false; // read each library's CUDA code as it is parsed (Library::cuda)
    // For a process that ends once the graph is written: the parsed files and the
    // emulators' caches are left for the exit to reclaim instead of being freed one by one.
    bool keepCachesUntilExit = false;
};

// One loader, emulated. `load` loads one root as a fresh process would and
// records every library, edge and problem in the graph.
class Emulator {
public:
    virtual ~Emulator() = default;
    virtual void load(const std::string &rootPath, std::size_t rootIndex, GraphBuilder &graph) = 0;
};

std::unique_ptr<Emulator> makeLinuxEmulator(const DepsOptions &options, BinaryCache &cache);
std::unique_ptr<Emulator> makeWindowsEmulator(const DepsOptions &options, BinaryCache &cache);
std::unique_ptr<Emulator> makeMacEmulator(const DepsOptions &options, BinaryCache &cache);

} // namespace td::loader
