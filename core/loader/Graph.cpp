// SPDX-License-Identifier: GPL-3.0-or-later
#include "Graph.h"

#include <algorithm>

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

} // namespace td::loader
