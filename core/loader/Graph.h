// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
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
    // The architectures of the CUDA code it carries ("sm_80", "compute_90"), when the
    // analysis read them (DepsOptions::cudaCode); both empty for a library without.
    struct CudaNames {
        std::vector<std::string> sass, ptx;
    };
    std::optional<CudaNames> cuda;
};

struct Edge {
    std::size_t from = 0; // index into Graph::libraries
    std::size_t to = 0;
    std::string name; // as written in the requester
    Via via = Via::NotFound;
    bool delayLoad = false; // Windows delay-load import: shown, never fails the load
    bool weak = false;      // macOS LC_LOAD_WEAK_DYLIB: a miss does not fail the load
};

// Which situation of its kind a problem is. The loader states facts; the
// sentences that explain them are written where a problem is shown, in the
// user's language (core/checks/ProblemText).
enum class Cause {
    NotFound,          // no file of that name anywhere in the search
    OnlyOtherMachine,  // only copies built for another machine, which the loader skips
    OnlyUnreadable,    // every candidate is a broken link or cannot be read
    SearchStopped,     // a file the loader cannot skip ends the search (candidates.front())
    NoUsableFile,      // macOS: every candidate is something other than a dylib
    RootOtherMachine,  // the analysed file is built for another machine than the process
    VersionUndefined,  // the copy that loads does not define a symbol version it must
    SymbolUndefined,   // Linux: symbols a library takes from another are not defined by the copy that loads
                       // (`symbols`; candidates: that copy, then one that has them), or by nothing (no candidates)
    EarlierCopyWins,   // Shadowed: candidates[0] loads, candidates[1] never does
    ApiSetUnknown,     // Windows: the API set schema has no such contract
    ApiSetWithoutHost, // Windows: the contract has no host DLL on this edition
    ApiSetHostMissing, // Windows: the host DLL is not in System32
    NoSuchFile,        // an input: nothing at that path (`fact`: the system's error)
    DanglingLink,      // an input: a symbolic link to nothing (`fact`: its target)
    OtherOs,           // an input: a binary for another OS (`format`; `otherOs` can load it)
    NotRegularFile,    // an input: a device, socket or pipe
    CannotRead,        // an input: exists but cannot be read (`fact`: the reader's error)
    NotABinary,        // an input: no binary format at all (`fact`: the reader's error)
    Damaged,           // an input: a damaged binary (`format`; `fact`: the reader's error)
    CannotListFolder,  // an input folder cannot be listed (`fact`: the system's error)
};

// How the requester depends on the library: whether a miss fails the load.
enum class Dependency {
    Normal,
    DelayLoad,        // Windows: a delay-load import (only the first call fails)
    ThroughDelayLoad, // Windows: only a delay-loaded DLL needs it
    Weak,             // macOS: LC_LOAD_WEAK_DYLIB (the load goes on, its symbols are null)
    Lazy,             // macOS: LC_LAZY_LOAD_DYLIB (fails when first used)
};

// What to do about a library the loader knows by name (Windows runtimes,
// CUDA, OpenMP); `General` is the advice for any library.
enum class Advice {
    General,
    VcRuntime,    // vcruntime140*, msvcp140*: the redistributable, and 14.40 for torch 2.9+
    VcRedist,     // other parts of the VC++ redistributable
    LlvmOpenMp,   // libomp140.*.dll: MSVC build tools, not the redistributable
    ZlibWapi,     // cuDNN's zlib
    CudaRuntime,  // CUDA and cuDNN libraries of torch's CUDA wheels
    NvidiaDriver, // nvcuda.dll
    IntelOpenMp,  // libiomp5md.dll
    MacLibomp,    // libomp.dylib (Homebrew)
};

// One folder (or file, for dyld) the loader looked in, and the rule that put it there.
struct SearchStep {
    Via via = Via::NotFound;
    std::string folder; // as searched
    std::string entry;  // as written, where it differs ("$ORIGIN/../lib", an LC_RPATH entry)
    std::string owner;  // whose DT_RPATH, DT_RUNPATH, LC_RPATH or @loader_path; or the root it is taken under
    // Windows: the Windows folder (next to System32), or a PATH entry that
    // torch put in front (its add_dll_directory folders, before LoadLibraryW).
    enum class Place : unsigned char { Usual, WindowsFolder, PutFirstByTorch } place = Place::Usual;
};

inline SearchStep searchStep(Via via, std::string folder = {}, std::string entry = {}, std::string owner = {})
{
    SearchStep s;
    s.via = via;
    s.folder = std::move(folder);
    s.entry = std::move(entry);
    s.owner = std::move(owner);
    return s;
}

// What kept a file from being the one that loads.
enum class FileIssue {
    None,                  // nothing: it loads (or would)
    NoSuchFile,            // dyld: nothing at that path
    BrokenLink,            // a dangling symbolic link (`fact`: its target, where known)
    LinkLoop,              // ld.so: a loop of symbolic links (ELOOP): that list of folders ends
    Folder,                // ld.so: a folder: "cannot read file data: Is a directory"
    NotAFile,              // a folder, device, socket or pipe
    CannotOpen,            // it exists but cannot be read (`fact`: the reader's error)
    OtherFormat,           // a binary of another format (`fact`: "ELF", "PE", "Mach-O")
    NotABinary,            // no binary format at all (`fact`: the reader's error, if any)
    Damaged,               // `fact`: the reader's error
    OtherMachine,          // built for another machine (`fact`: that machine, "x86 (32-bit)", "x86_64")
    Executable,            // dyld: an executable, not a dylib
    NotADylib,             // dyld: another kind of Mach-O file
    RelativeName,          // dyld: relative to the current folder, which varies
    ExecutablePathUnknown, // dyld: an LC_RPATH entry with @executable_path, which is unknown
    NotSearched,           // Windows: a copy on PATH, which torch's LoadLibraryExW flags do not search
};

struct CandidateFile {
    std::string path;
    SearchStep step; // how the loader got there
    FileIssue issue = FileIssue::None;
    std::string fact;    // what the issue names (see FileIssue)
    std::string version; // Windows: the file version, where it has one
};

struct Problem {
    ProblemKind kind = ProblemKind::Missing;
    Severity severity = Severity::Error;
    Cause cause = Cause::NotFound;
    Dependency dependency = Dependency::Normal;
    Advice advice = Advice::General;
    std::string name;                      // the library (or version) concerned
    std::vector<std::string> neededBy;     // paths of the requesters
    std::vector<std::string> paths;        // files involved (the wrong-arch copy, both shadowing copies...)
    std::vector<SearchStep> searched;      // everywhere the loader looked, in order
    std::vector<CandidateFile> candidates; // the files met on the way that matter, and why each did not load
    int winError = 0;                      // Windows: the error the load fails with (126, 193), 0 when it does not

    // The process the library would load into.
    std::string processMachine; // as the loader names it: "x64", "x86-64", "arm64"
    int processBits = 0;        // 32 or 64 (0: not said, as on macOS)
    std::string processProgram; // the program, when known ("python.exe")
    std::string rootFile;       // Windows: the DLL being loaded, whose load fails (or not)

    std::string fact;      // what the cause names (see Cause)
    std::string library;   // VersionUndefined: the library the version comes from; ApiSet*: the host DLL
    std::string newest;    // VersionUndefined: the newest version the copy has; ApiSet*: the contract
    std::string format;    // an input's binary format ("ELF", "PE", "Mach-O")
    std::string otherOs;   // OtherOs: the OS whose loader can load the file ("linux")
    std::string systemDir; // Windows: System32 as given
    std::string toolset;   // Windows, EarlierCopyWins of a VC++ runtime: the MSVC toolset a requester
                           // was linked with ("14.42"), newer than the copy that loads

    // How the search went (what the list of folders leaves out).
    bool pathAsWritten = false;     // the name has a slash: ld.so opens it as it is
    bool noDefaultLibrary = false;  // ld.so: -z nodefaultlib (DF_1_NODEFLIB)
    bool classicOrder = false;      // Windows: LoadLibraryW's classic order
    bool appDirUnknown = false;     // Windows: no --app-dir
    bool systemDirUnknown = false;  // Windows: no --system-dir
    bool runningSchema = false;     // Windows: the API set schema of the running system
    bool executableUnknown = false; // macOS: @executable_path could not be expanded
    bool noRpath = false;           // macOS: an @rpath name, and no LC_RPATH on the way to the requester

    // SymbolMissing: `name` is the first symbol of `symbols` (all of them
    // missing from one library at one version); the version they ask for
    // (empty: none) and the library they should come from; paths[0] is the
    // copy of it that loads, paths[1] (if any) a copy that defines them.
    std::string symbolVersion, symbolLibrary;
    std::vector<std::string> symbols;

    // A sentence the caller adds, already in the user's language (where the
    // variable that put a file first is set).
    std::string note;
};

// The names of `deps --json` ("not-found", "other-machine", "delay-load", "vc-runtime").
const char *toString(Cause cause);
const char *toString(FileIssue issue);
const char *toString(Dependency dependency);
const char *toString(Advice advice);

// Everything that tells two problems apart except their requesters: problems
// with the same facts are one problem with several requesters.
std::string factsKey(const Problem &problem);

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
