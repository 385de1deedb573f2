// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace td::loader {

enum class TargetOs { Linux, Windows, MacOS };

// How a library was found. The names are the `via` strings of `deps --json`.
enum class Via {
    Root,            // the file that was analysed
    Loaded,          // matched an image already loaded in the same process
    Rpath,           // DT_RPATH (Linux)
    LdLibraryPath,   // LD_LIBRARY_PATH
    Runpath,         // DT_RUNPATH
    LdSoCache,       // /etc/ld.so.cache
    Default,         // the loader's built-in directories
    Origin,          // a name with a slash, taken relative to the requester
    Preload,         // LD_PRELOAD
    SearchDir,       // --search-dir (Linux, macOS)
    AppDir,          // Windows: the application's folder
    DllDir,          // Windows: the loaded DLL's own folder (LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR)
    AddDllDirectory, // Windows: os.add_dll_directory / --search-dir
    SystemDir,       // Windows: System32 (--system-dir)
    KnownDll,        // Windows: KnownDLLs
    ApiSet,          // Windows: API set contract, redirected to its host
    Path,            // Windows: PATH (classic search order)
    LoaderPath,      // macOS: @loader_path
    ExecutablePath,  // macOS: @executable_path
    DyldLibraryPath, // macOS: DYLD_LIBRARY_PATH
    DyldFallback,    // macOS: DYLD_FALLBACK_LIBRARY_PATH and its defaults
    SharedCache,     // macOS: a system library that lives in the dyld shared cache
    Absolute,        // an absolute install name or path, used as written
    NotFound,
};

enum class ProblemKind { Missing, WrongArch, VersionMissing, Unreadable, NotALibrary, Shadowed, SymbolMissing };
enum class Severity { Error, Warning };

const char *toString(Via via);
// How a user reads a search rule: "LD_LIBRARY_PATH", "DT_RUNPATH", "/etc/ld.so.cache".
std::string searchRuleName(Via via);
const char *toString(ProblemKind kind);

// A library the package finds through its own search path (its RPATH or
// RUNPATH, $ORIGIN, its own DLL folder, @loader_path): how it is meant to
// load, so another copy later in the search is no problem (`Shadowed` is
// only for a winner from outside the package).
bool isPackagesOwnRule(Via via);
// A rule the user's environment adds to every process (LD_LIBRARY_PATH,
// LD_PRELOAD, PATH, DYLD_LIBRARY_PATH).
bool isEnvironmentRule(Via via);
const char *toString(TargetOs os);
const char *toString(Severity severity);

struct Library {
    std::string name; // the name it was asked for (a root: its file name)
    std::string path; // the file that wins; empty when not found
    bool found = false;
    Via via = Via::NotFound;
    std::string viaEntry; // the search entry that matched, as written ("$ORIGIN/../lib")
    std::string arch;     // "x86_64", "x64", "arm64", ...
    int bits = 0;
    std::string error;   // why it could not be read, if it could not
    std::string version; // Windows: the file version from the version resource
    bool root = false;
};

struct Edge {
    std::size_t from = 0; // index into Graph::libraries
    std::size_t to = 0;
    std::string name; // as written in the requester
    Via via = Via::NotFound;
    bool delayLoad = false; // Windows delay-load import: shown, never fails the load
    bool weak = false;      // macOS LC_LOAD_WEAK_DYLIB: a miss does not fail the load
};

struct Problem {
    ProblemKind kind = ProblemKind::Missing;
    Severity severity = Severity::Error;
    std::string name;                  // the library (or version) concerned
    std::vector<std::string> neededBy; // paths of the requesters
    std::vector<std::string> paths;    // files involved (the wrong-arch copy, both shadowing copies...)
    std::string detail;                // everywhere it looked, why, and what to do

    // SymbolMissing: `name` is the first symbol of `symbols` (all of them
    // missing from one library at one version); the version they ask for
    // (empty: none) and the library they should come from; paths[0] is the
    // copy of it that loads, paths[1] (if any) a copy that defines them.
    std::string symbolVersion, symbolLibrary;
    std::vector<std::string> symbols;
};

struct Root {
    std::string path;
    std::string format; // "ELF", "PE", "Mach-O"
    std::string arch;
    int bits = 0;
    std::size_t library = 0; // index into Graph::libraries
};

struct Graph {
    TargetOs os = TargetOs::Linux;
    std::vector<Root> roots;
    std::vector<Library> libraries;
    std::vector<Edge> edges;
    std::vector<Problem> problems;

    [[nodiscard]] bool hasErrors() const;
};

} // namespace td::loader
