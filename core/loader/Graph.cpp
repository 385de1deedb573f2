// SPDX-License-Identifier: GPL-3.0-or-later
#include "Graph.h"

#include <algorithm>
#include <string_view>

namespace td::loader {

const char *toString(Via via)
{
    switch (via) {
    case Via::Root: return "root";
    case Via::Loaded: return "loaded";
    case Via::Rpath: return "rpath";
    case Via::LdLibraryPath: return "ld_library_path";
    case Via::Runpath: return "runpath";
    case Via::LdSoCache: return "ld_so_cache";
    case Via::Default: return "default";
    case Via::Origin: return "origin";
    case Via::Preload: return "preload";
    case Via::SearchDir: return "search_dir";
    case Via::AppDir: return "app_dir";
    case Via::DllDir: return "dll_dir";
    case Via::AddDllDirectory: return "add_dll_directory";
    case Via::SystemDir: return "system_dir";
    case Via::KnownDll: return "known_dll";
    case Via::ApiSet: return "api_set";
    case Via::Path: return "path";
    case Via::LoaderPath: return "loader_path";
    case Via::ExecutablePath: return "executable_path";
    case Via::DyldLibraryPath: return "dyld_library_path";
    case Via::DyldFallback: return "dyld_fallback";
    case Via::SharedCache: return "shared_cache";
    case Via::Absolute: return "absolute";
    case Via::NotFound: return "not_found";
    }
    return "unknown";
}

std::string searchRuleName(Via via)
{
    switch (via) {
    case Via::Rpath: return "DT_RPATH";
    case Via::LdLibraryPath: return "LD_LIBRARY_PATH";
    case Via::Runpath: return "DT_RUNPATH";
    case Via::LdSoCache: return "/etc/ld.so.cache";
    case Via::Default: return "the system folders";
    case Via::Preload: return "LD_PRELOAD";
    case Via::SearchDir: return "--search-dir";
    case Via::Path: return "PATH";
    case Via::DyldLibraryPath: return "DYLD_LIBRARY_PATH";
    default: return toString(via);
    }
}

bool isPackagesOwnRule(Via via)
{
    switch (via) {
    case Via::Rpath:
    case Via::Runpath:
    case Via::Origin:
    case Via::DllDir:
    case Via::LoaderPath: return true;
    default: return false;
    }
}

bool isEnvironmentRule(Via via)
{
    switch (via) {
    case Via::LdLibraryPath:
    case Via::Preload:
    case Via::Path:
    case Via::DyldLibraryPath: return true;
    default: return false;
    }
}

const char *toString(ProblemKind kind)
{
    switch (kind) {
    case ProblemKind::Missing: return "missing";
    case ProblemKind::WrongArch: return "wrong-arch";
    case ProblemKind::VersionMissing: return "version-missing";
    case ProblemKind::Unreadable: return "unreadable";
    case ProblemKind::NotALibrary: return "not-a-library";
    case ProblemKind::Shadowed: return "shadowed";
    case ProblemKind::SymbolMissing: return "symbol-missing";
    }
    return "unknown";
}

const char *toString(TargetOs os)
{
    switch (os) {
    case TargetOs::Linux: return "linux";
    case TargetOs::Windows: return "windows";
    case TargetOs::MacOS: return "macos";
    }
    return "unknown";
}

const char *toString(Severity severity)
{
    return severity == Severity::Error ? "error" : "warning";
}

bool Graph::hasErrors() const
{
    return std::any_of(problems.begin(), problems.end(),
                       [](const Problem &p) { return p.severity == Severity::Error; });
}

const char *toString(Cause cause)
{
    switch (cause) {
    case Cause::NotFound: return "not-found";
    case Cause::OnlyOtherMachine: return "only-other-machine";
    case Cause::OnlyUnreadable: return "only-unreadable";
    case Cause::SearchStopped: return "search-stopped";
    case Cause::NoUsableFile: return "no-usable-file";
    case Cause::RootOtherMachine: return "root-other-machine";
    case Cause::VersionUndefined: return "version-undefined";
    case Cause::SymbolUndefined: return "symbol-undefined";
    case Cause::EarlierCopyWins: return "earlier-copy-wins";
    case Cause::ApiSetUnknown: return "api-set-unknown";
    case Cause::ApiSetWithoutHost: return "api-set-without-host";
    case Cause::ApiSetHostMissing: return "api-set-host-missing";
    case Cause::NoSuchFile: return "no-such-file";
    case Cause::DanglingLink: return "dangling-link";
    case Cause::OtherOs: return "other-os";
    case Cause::NotRegularFile: return "not-regular-file";
    case Cause::CannotRead: return "cannot-read";
    case Cause::NotABinary: return "not-a-binary";
    case Cause::Damaged: return "damaged";
    case Cause::CannotListFolder: return "cannot-list-folder";
    }
    return "unknown";
}

const char *toString(FileIssue issue)
{
    switch (issue) {
    case FileIssue::None: return "none";
    case FileIssue::NoSuchFile: return "no-such-file";
    case FileIssue::BrokenLink: return "broken-link";
    case FileIssue::LinkLoop: return "link-loop";
    case FileIssue::Folder: return "folder";
    case FileIssue::NotAFile: return "not-a-file";
    case FileIssue::CannotOpen: return "cannot-open";
    case FileIssue::OtherFormat: return "other-format";
    case FileIssue::NotABinary: return "not-a-binary";
    case FileIssue::Damaged: return "damaged";
    case FileIssue::OtherMachine: return "other-machine";
    case FileIssue::Executable: return "executable";
    case FileIssue::NotADylib: return "not-a-dylib";
    case FileIssue::RelativeName: return "relative-name";
    case FileIssue::ExecutablePathUnknown: return "executable-path-unknown";
    case FileIssue::NotSearched: return "not-searched";
    }
    return "unknown";
}

const char *toString(Dependency dependency)
{
    switch (dependency) {
    case Dependency::Normal: return "normal";
    case Dependency::DelayLoad: return "delay-load";
    case Dependency::ThroughDelayLoad: return "through-delay-load";
    case Dependency::Weak: return "weak";
    case Dependency::Lazy: return "lazy";
    }
    return "unknown";
}

const char *toString(Advice advice)
{
    switch (advice) {
    case Advice::General: return "general";
    case Advice::VcRuntime: return "vc-runtime";
    case Advice::VcRedist: return "vc-redist";
    case Advice::LlvmOpenMp: return "llvm-openmp";
    case Advice::ZlibWapi: return "zlibwapi";
    case Advice::CudaRuntime: return "cuda-runtime";
    case Advice::NvidiaDriver: return "nvidia-driver";
    case Advice::IntelOpenMp: return "intel-openmp";
    case Advice::MacLibomp: return "mac-libomp";
    }
    return "unknown";
}

std::string factsKey(const Problem &p)
{
    std::string key;
    auto field = [&](std::string_view value) {
        key += value;
        key += '\0';
    };
    auto number = [&](auto value) { field(std::to_string(static_cast<long long>(value))); };
    auto step = [&](const SearchStep &s) {
        number(s.via);
        field(s.folder);
        field(s.entry);
        field(s.owner);
        number(s.place);
    };
    for (auto n : {static_cast<int>(p.kind), static_cast<int>(p.cause), static_cast<int>(p.dependency),
                   static_cast<int>(p.advice), p.winError, p.processBits})
        number(n);
    for (const std::string *s : {&p.name, &p.processMachine, &p.processProgram, &p.fact, &p.library, &p.newest,
                                 &p.format, &p.otherOs, &p.systemDir, &p.toolset, &p.symbolVersion, &p.symbolLibrary,
                                 &p.note})
        field(*s);
    for (const auto &symbol : p.symbols)
        field(symbol);
    key += '\1';
    for (bool b : {p.pathAsWritten, p.noDefaultLibrary, p.classicOrder, p.appDirUnknown, p.systemDirUnknown,
                   p.runningSchema, p.executableUnknown, p.noRpath})
        key += b ? '1' : '0';
    for (const auto &path : p.paths)
        field(path);
    key += '\1';
    for (const auto &s : p.searched)
        step(s);
    key += '\1';
    for (const auto &c : p.candidates) {
        field(c.path);
        step(c.step);
        number(c.issue);
        field(c.fact);
        field(c.version);
    }
    return key;
}

} // namespace td::loader
