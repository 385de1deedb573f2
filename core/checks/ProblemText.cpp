// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/ProblemText.h"

#include "loader/PathNames.h"
#include "platform/NativeText.h"

#include <QStringList>

namespace td::checks {

namespace {

using loader::Advice;
using loader::CandidateFile;
using loader::Cause;
using loader::Dependency;
using loader::FileIssue;
using loader::Problem;
using loader::SearchStep;
using loader::TargetOs;
using loader::Via;
using platform::fromNativeBytes;

QString q(const std::string &s)
{
    return fromNativeBytes(s);
}

QString latin(const char *s)
{
    return QString::fromLatin1(s);
}

// An error as a file reader or the system gave it (English, whatever the
// language): quoted where the sentence around it is in another language.
QString errorText(const std::string &error)
{
    return ProblemText::tr("%1", "an error message as the system or a file reader gave it").arg(q(error));
}

QString requesterPath(const Problem &p)
{
    return p.neededBy.empty() ? QString() : q(p.neededBy.front());
}

QString fileName(const std::string &path, TargetOs os)
{
    return q(
        loader::paths::fileNameOf(path, os == TargetOs::Windows ? loader::paths::kWindows : loader::paths::kPosix));
}

// "x64 (64-bit)", "arm64".
QString machineWords(const std::string &machine, int bits)
{
    if (bits == 0)
        return q(machine);
    return ProblemText::tr("%1 (%2-bit)").arg(q(machine)).arg(bits);
}

// The Windows process: "the process", "the process (python.exe)".
QString processWords(const Problem &p)
{
    if (p.processProgram.empty())
        return ProblemText::tr("the process");
    return ProblemText::tr("the process (%1)").arg(q(p.processProgram));
}

// ---- Windows ----------------------------------------------------------------

QString windowsRule(const SearchStep &s)
{
    switch (s.via) {
    case Via::DllDir: return ProblemText::tr("the DLL's own folder (LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR)");
    case Via::AppDir: return ProblemText::tr("the application folder");
    case Via::AddDllDirectory: return latin("os.add_dll_directory");
    case Via::SystemDir:
        return s.place == SearchStep::Place::WindowsFolder ? ProblemText::tr("the Windows folder") : latin("System32");
    case Via::Path:
        return s.place == SearchStep::Place::PutFirstByTorch ? ProblemText::tr("PATH (put in front by torch)")
                                                             : latin("PATH");
    default: return latin(loader::toString(s.via));
    }
}

QString windowsSearch(const Problem &p)
{
    QString out;
    QString last;
    for (const SearchStep &s : p.searched) {
        const QString rule = windowsRule(s);
        if (rule != last) {
            out += (last.isEmpty() ? QString() : QStringLiteral("; ")) + rule + QStringLiteral(": ");
            last = rule;
        } else {
            out += QStringLiteral(", ");
        }
        out += q(s.folder);
    }
    if (p.appDirUnknown)
        out +=
            QStringLiteral("; ") + ProblemText::tr("the application folder (python.exe's) was not given (--app-dir)");
    if (p.systemDirUnknown)
        out += QStringLiteral("; ") + ProblemText::tr("System32 was not given (--system-dir)");
    if (p.classicOrder)
        out += QStringLiteral("; ")
               + ProblemText::tr("the current folder (not known here). The folder of the DLL being loaded is not "
                                 "searched in this order, which is why torch puts its folders on PATH first");
    else
        out += ProblemText::tr(". PATH is not searched with these flags");
    return out;
}

// What a miss does to the load: a delay-load import never fails the load itself.
QString windowsConsequence(const Problem &p, const QString &error)
{
    const QString root = q(p.rootFile);
    switch (p.dependency) {
    case Dependency::DelayLoad:
        return ProblemText::tr("loading %1 still succeeds, because it is a delay-load import: only the first call "
                               "into %2 fails")
            .arg(root, q(p.name));
    case Dependency::ThroughDelayLoad:
        return ProblemText::tr("loading %1 still succeeds, because only a delay-loaded DLL needs it: only the first "
                               "call into that DLL fails")
            .arg(root);
    default: return ProblemText::tr("loading %1 fails with %2").arg(root, error);
    }
}

QString advice(Advice a, bool shadowed)
{
    const QString vcRedist =
        ProblemText::tr("It is part of the Microsoft Visual C++ 2015-2022 Redistributable: install the latest x64 "
                        "one (https://aka.ms/vs/17/release/vc_redist.x64.exe). Never download single DLLs from "
                        "\"DLL download\" sites.");
    const QString cuda =
        ProblemText::tr("It is a CUDA runtime library that torch's CUDA wheels ship in torch\\lib (or that the "
                        "nvidia-* pip packages provide). Its absence usually means a CUDA wheel whose files are "
                        "incomplete or mixed with another CUDA version: reinstall torch from the index of one CUDA "
                        "variant (pip install --force-reinstall torch --index-url "
                        "https://download.pytorch.org/whl/cuXYZ), or use the CPU wheel.");
    switch (a) {
    case Advice::General: return {};
    case Advice::VcRuntime:
        if (shadowed)
            return ProblemText::tr(
                "An older copy earlier in the search (an application or conda folder) wins over the current one in "
                "System32. torch 2.9 and later need msvcp140.dll 14.40 or newer: an older one that loads first "
                "makes c10.dll fail with [WinError 1114]. Install the latest VC++ 2015-2022 x64 redistributable and "
                "remove or update the old copy (or the folder that adds it).");
        return vcRedist;
    case Advice::VcRedist: return shadowed ? QString() : vcRedist;
    case Advice::LlvmOpenMp:
        if (shadowed)
            return {};
        return ProblemText::tr(
            "libomp140.x86_64.dll is LLVM's OpenMP runtime from the MSVC v143 build tools; it is not part of the "
            "VC++ Redistributable, so reinstalling the redistributable does not help. torch 2.4.0's fbgemm.dll "
            "needed it (pytorch/pytorch#131662): upgrade to torch 2.4.1 or later. If you must keep 2.4.0, add "
            "\"MSVC v143 - VS 2022 C++ x64/x86 build tools\" in the Visual Studio Installer. Never download the "
            "DLL from \"DLL download\" sites.");
    case Advice::ZlibWapi:
        if (shadowed)
            return {};
        return ProblemText::tr(
            "cuDNN 8.3 to 8.9 (torch 2.3 and older) needs zlibwapi.dll; cuDNN 9 does not. torch's CUDA wheels of "
            "those versions ship it in torch\\lib; a standalone cuDNN 8 (for onnxruntime, ctranslate2, ...) needs "
            "zlib installed next to it. Reinstall torch, or put the zlib DLL from a trusted source in the cuDNN "
            "folder.");
    case Advice::CudaRuntime:
        if (shadowed)
            return ProblemText::tr(
                "Another CUDA or cuDNN version earlier in the search wins (a CUDA toolkit folder, CUDA_PATH_V*, or "
                "another package's nvidia\\...\\bin): mixed versions fail with [WinError 127] or 126. Remove that "
                "folder from the search or the other package.");
        return cuda;
    case Advice::NvidiaDriver:
        if (shadowed)
            return {};
        return ProblemText::tr("nvcuda.dll is installed into System32 by the NVIDIA display driver: install or "
                               "repair the driver (a CUDA wheel needs a driver new enough for its CUDA version).");
    case Advice::IntelOpenMp:
        if (shadowed)
            return ProblemText::tr(
                "Two copies of Intel's OpenMP runtime (for example Anaconda's Library\\bin and torch\\lib) end in "
                "\"OMP: Error #15: Initializing libiomp5md.dll, but found libiomp5md.dll already initialized\". "
                "Remove the duplicate from the folder that comes first (or conda install nomkl); "
                "KMP_DUPLICATE_LIB_OK=TRUE is an unsafe workaround.");
        return ProblemText::tr(
            "Intel's OpenMP runtime ships with torch (torch\\lib) and with the intel-openmp package; reinstall "
            "torch.");
    case Advice::MacLibomp:
        if (shadowed)
            return {};
        return ProblemText::tr(
            "libomp is the OpenMP runtime that PyTorch on macOS links against but does not always ship (the torch "
            "2.2 libtorch zip does not): run `brew install libomp`, then make its lib folder (`brew --prefix "
            "libomp`/lib) reachable through an LC_RPATH or DYLD_LIBRARY_PATH.");
    }
    return {};
}

QString windowsFileIssue(const CandidateFile &c)
{
    switch (c.issue) {
    case FileIssue::OtherFormat: return ProblemText::tr("a %1 file, not a Windows DLL").arg(q(c.fact));
    case FileIssue::Damaged: return ProblemText::tr("a damaged PE file: %1").arg(errorText(c.fact));
    case FileIssue::NotABinary: return ProblemText::tr("not a PE image (damaged, truncated or not a DLL at all)");
    default: return errorText(c.fact);
    }
}

// A DLL found nowhere the loader looks: where it looked, the copies it skipped or never searched.
QStringList windowsNotFound(const Problem &p, const QString &name)
{
    QStringList out;
    out << ProblemText::tr("%1 was not found, so %2. Looked in, in order: %3.")
               .arg(name,
                    windowsConsequence(p, ProblemText::tr("[WinError 126] \"The specified module could not be "
                                                          "found\"")),
                    windowsSearch(p));
    QStringList onPath;
    QString firstFolder;
    for (const CandidateFile &c : p.candidates) {
        if (c.issue == FileIssue::NotSearched) {
            onPath << q(c.path);
            if (firstFolder.isEmpty())
                firstFolder = q(loader::paths::folderOf(c.path, loader::paths::kWindows));
        } else {
            out << ProblemText::tr("%1 was skipped: %2.").arg(q(c.path), windowsFileIssue(c));
        }
    }
    if (!onPath.isEmpty())
        out << ProblemText::tr("A copy is on PATH (%1), but LoadLibraryExW with torch's flags "
                               "(LOAD_LIBRARY_SEARCH_DEFAULT_DIRS | LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR) ignores "
                               "PATH, and so does Python 3.8 and later for extension modules: adding a folder to "
                               "PATH does not help. Call os.add_dll_directory(r\"%2\") before importing torch, or "
                               "install the DLL where it is searched. (torch's own fallback after error 126, "
                               "LoadLibraryW with its folders put in front of PATH, would find it: see "
                               "--classic-search.)")
                   .arg(onPath.join(QStringLiteral(", ")), firstFolder);
    if (const QString a = advice(p.advice, false); !a.isEmpty())
        out << a;
    else
        out << ProblemText::tr(
            "Install the package that provides it, or add its folder with os.add_dll_directory().");
    return out;
}

// Another copy of the DLL loads first: why it wins, what it lacks, and what to do.
QStringList windowsEarlierCopyWins(const Problem &p)
{
    QStringList out;
    if (p.candidates.size() < 2)
        return out;
    const CandidateFile &w = p.candidates[0], &o = p.candidates[1];
    auto where = [](const CandidateFile &c) {
        return c.version.empty() ? windowsRule(c.step)
                                 : ProblemText::tr("%1, version %2").arg(windowsRule(c.step), q(c.version));
    };
    const QString order = p.classicOrder ? ProblemText::tr("the classic search order (LoadLibraryW)")
                                         : ProblemText::tr("the search order of torch's LoadLibraryExW flags");
    if (w.step.via == o.step.via)
        out << ProblemText::tr("%1 (%2) is loaded; a different copy at %3 (%4) is never used, because %5 comes "
                               "before %6 in %7, and %7 is searched in order.")
                   .arg(q(w.path), where(w), q(o.path), where(o), q(w.step.folder), q(o.step.folder),
                        windowsRule(w.step));
    else
        out << ProblemText::tr("%1 (%2) is loaded; a different copy at %3 (%4) is never used, because %5 comes "
                               "before %6 in %7.")
                   .arg(q(w.path), where(w), q(o.path), where(o), windowsRule(w.step), windowsRule(o.step), order);
    if (!p.symbols.empty()) {
        QStringList lacking;
        for (std::size_t k = 0; k < p.symbols.size() && k < 8; ++k)
            lacking << q(p.symbols[k]);
        if (p.symbols.size() > 8)
            lacking << QStringLiteral("…");
        const QString requester =
            fileName(p.neededBy.empty() ? std::string() : p.neededBy.front(), TargetOs::Windows);
        out << (p.winError == 127
                    ? ProblemText::tr("The copy that loads lacks %n function(s) that %1 imports from it (%2): the "
                                      "load fails with [WinError 127] The specified procedure could not be found.",
                                      nullptr, static_cast<int>(p.symbols.size()))
                    : ProblemText::tr("The copy that loads lacks %n function(s) that %1 imports from it (%2): the "
                                      "first call into them fails.",
                                      nullptr, static_cast<int>(p.symbols.size())))
                   .arg(requester, lacking.join(QStringLiteral(", ")));
    }
    if (!p.toolset.empty()) {
        const QString requester =
            fileName(p.neededBy.empty() ? std::string() : p.neededBy.front(), TargetOs::Windows);
        out << ProblemText::tr("%1 was linked with the MSVC %2 toolset; a VC++ runtime DLL serves only modules "
                               "linked with a toolset no newer than itself, and the copy that loads is %3.")
                   .arg(requester, q(p.toolset), q(w.version.empty() ? std::string("?") : w.version));
    }
    if (const QString a = advice(p.advice, true); !a.isEmpty())
        out << a;
    else if (loader::isEnvironmentRule(w.step.via))
        out << ProblemText::tr("Take %1 out of PATH where it is set, and the other copy loads.")
                   .arg(q(w.step.folder));
    else
        out << ProblemText::tr("A copy from outside the package wins here: update what installed it in %1 (for a "
                               "Visual C++ runtime DLL, install the latest Redistributable).")
                   .arg(q(w.step.folder));
    return out;
}

QStringList windowsSentences(const Problem &p)
{
    const QString name = q(p.name);
    QStringList out;
    switch (p.cause) {
    case Cause::RootOtherMachine:
        out << ProblemText::tr("%1 is %2 but %3 is %4: LoadLibrary fails with [WinError 193] \"%5 is not a valid "
                               "Win32 application\" (%6). Windows cannot load a DLL of another machine into a "
                               "process. Use the %7 build of the package (torch's Windows wheels are x64 only: a "
                               "32-bit Python needs a 64-bit Python instead).")
                   .arg(name, q(p.fact), processWords(p), machineWords(p.processMachine, p.processBits),
                        QStringLiteral("%1"), p.paths.empty() ? QString() : q(p.paths.front()), q(p.processMachine));
        break;
    case Cause::ApiSetUnknown: {
        const QString schema = p.runningSchema ? ProblemText::tr("of this system") : ProblemText::tr("shipped here");
        out << ProblemText::tr("%1 is an API set (a virtual DLL name that Windows maps to a system DLL), and the API "
                               "set schema %2 has no contract %3: this Windows version may not have it (it is newer "
                               "than the schema, or exists only on other editions). API sets are never looked up as "
                               "files, so a file of that name does not help; update Windows, or use a build of %4 "
                               "made for this Windows version.")
                   .arg(name, schema, name.toLower(),
                        fileName(p.neededBy.empty() ? std::string() : p.neededBy.front(), TargetOs::Windows));
        break;
    }
    case Cause::ApiSetWithoutHost:
        out << ProblemText::tr("%1 is an API set whose contract %2 has no host DLL on this edition of Windows, so it "
                               "cannot be loaded.")
                   .arg(name, q(p.newest));
        break;
    case Cause::ApiSetHostMissing:
        out << ProblemText::tr("%1 is an API set served by %2 (contract %3), which is not in System32 (%4) for a %5 "
                               "process. Repair Windows (sfc /scannow) or check --system-dir.")
                   .arg(name, q(p.library), q(p.newest), q(p.systemDir), machineWords(p.processMachine, p.processBits));
        break;
    case Cause::SearchStopped: {
        const CandidateFile &c = p.candidates.front();
        out << ProblemText::tr("The search for %1 stops at %2 (%3): %4. The loader does not skip such a file: the "
                               "search ends there, and %5. Remove or replace that file (reinstall the package that "
                               "owns it).")
                   .arg(
                       name, q(c.path), windowsRule(c.step), windowsFileIssue(c),
                       windowsConsequence(p, ProblemText::tr("[WinError 126] under Wine ([WinError 193] \"%1 is not "
                                                             "a valid Win32 application\" on some Windows versions)")));
        break;
    }
    case Cause::OnlyOtherMachine: {
        QStringList copies;
        for (const CandidateFile &c : p.candidates)
            copies << QStringLiteral("%1 (%2)").arg(q(c.path), windowsRule(c.step));
        out << ProblemText::tr("%1 is %2 but %3 is %4: %5. The loader skips a DLL of another machine and keeps "
                               "searching; no %6 copy was found, so %7. Looked in: %8. Install the %6 build of the "
                               "package that provides it.")
                   .arg(name, p.candidates.empty() ? QString() : q(p.candidates.front().fact), processWords(p),
                        machineWords(p.processMachine, p.processBits), copies.join(QStringLiteral("; ")),
                        q(p.processMachine),
                        windowsConsequence(p, ProblemText::tr("[WinError 126] (older Windows versions may stop at the "
                                                              "first copy with [WinError 193] instead)")),
                        windowsSearch(p));
        break;
    }
    case Cause::NotFound: out << windowsNotFound(p, name); break;
    case Cause::EarlierCopyWins: out << windowsEarlierCopyWins(p); break;
    default: return {};
    }
    if (p.dependency == Dependency::DelayLoad
        && (p.cause == Cause::ApiSetUnknown || p.cause == Cause::ApiSetWithoutHost
            || p.cause == Cause::ApiSetHostMissing))
        out << ProblemText::tr("It is a delay-load import: the load succeeds, and only a call into it would fail.");
    return out;
}

// ---- Linux ------------------------------------------------------------------

QString linuxRuleName(Via via)
{
    switch (via) {
    case Via::Rpath: return latin("DT_RPATH");
    case Via::LdLibraryPath: return latin("LD_LIBRARY_PATH");
    case Via::Runpath: return latin("DT_RUNPATH");
    case Via::LdSoCache: return latin("/etc/ld.so.cache");
    case Via::Default: return ProblemText::tr("the system folders");
    case Via::Preload: return latin("LD_PRELOAD");
    case Via::SearchDir: return latin("--search-dir");
    default: return latin(loader::toString(via));
    }
}

// "via LD_LIBRARY_PATH entry /opt/x/lib", "via DT_RUNPATH entry $ORIGIN".
QString linuxRuleOf(const SearchStep &s)
{
    if (s.entry.empty())
        return ProblemText::tr("via %1").arg(linuxRuleName(s.via));
    return ProblemText::tr("via %1 entry %2").arg(linuxRuleName(s.via), q(s.entry));
}

QString linuxSearch(const Problem &p)
{
    if (p.pathAsWritten)
        return ProblemText::tr("the path itself");
    QString out;
    QString lastGroup;
    QStringList systemFolders;
    for (const SearchStep &s : p.searched) {
        if (s.via == Via::LdSoCache) {
            out += (lastGroup.isEmpty() ? QString() : QStringLiteral("; ")) + q(s.folder);
            if (p.noDefaultLibrary)
                out += ProblemText::tr(" (only entries outside the system folders: the requester is linked with -z "
                                       "nodefaultlib, DF_1_NODEFLIB); no system folders");
            lastGroup = QStringLiteral("cache");
            continue;
        }
        if (s.via == Via::Default) {
            systemFolders << q(s.folder);
            continue;
        }
        QString group;
        switch (s.via) {
        case Via::Rpath: group = ProblemText::tr("DT_RPATH of %1").arg(q(s.owner)); break;
        case Via::Runpath: group = ProblemText::tr("DT_RUNPATH of %1").arg(q(s.owner)); break;
        case Via::LdLibraryPath:
        case Via::SearchDir: group = linuxRuleName(s.via); break;
        default: group = latin(loader::toString(s.via)); break;
        }
        if (group != lastGroup) {
            out += (lastGroup.isEmpty() ? QString() : QStringLiteral("; ")) + group + QStringLiteral(": ");
            lastGroup = group;
        } else {
            out += QStringLiteral(", ");
        }
        out += q(s.folder);
        if (!s.entry.empty())
            out += QStringLiteral(" (%1)").arg(q(s.entry));
    }
    if (!p.noDefaultLibrary)
        out +=
            QStringLiteral("; ") + ProblemText::tr("system folders: %1").arg(systemFolders.join(QStringLiteral(", ")));
    return out;
}

QString linuxFileIssue(const CandidateFile &c)
{
    switch (c.issue) {
    case FileIssue::LinkLoop:
        return ProblemText::tr("a loop of symbolic links (ELOOP), which ends that list of folders");
    case FileIssue::BrokenLink: return ProblemText::tr("a dangling symbolic link to %1").arg(q(c.fact));
    case FileIssue::Folder:
        return ProblemText::tr("a folder, not a file: ld.so stops with \"cannot read file data: Is a directory\"");
    case FileIssue::NotABinary: return ProblemText::tr("invalid ELF header");
    case FileIssue::OtherFormat: return ProblemText::tr("not an ELF file (%1)").arg(q(c.fact));
    case FileIssue::Damaged: return ProblemText::tr("a damaged ELF file: %1").arg(errorText(c.fact));
    case FileIssue::CannotOpen: return c.fact.empty() ? ProblemText::tr("unreadable") : errorText(c.fact);
    default: return errorText(c.fact);
    }
}

QStringList linuxSentences(const Problem &p)
{
    const QString name = q(p.name);
    QStringList out;
    switch (p.cause) {
    case Cause::SearchStopped: {
        const CandidateFile &c = p.candidates.front();
        out << ProblemText::tr("ld.so stops at %1 (via %2): %3. A file with the library's name that cannot be loaded "
                               "ends the search with an error. Remove it, or put a good copy in its place.")
                   .arg(q(c.path), linuxRuleName(c.step.via), linuxFileIssue(c));
        break;
    }
    case Cause::OnlyOtherMachine: {
        QStringList copies;
        for (const CandidateFile &c : p.candidates)
            copies << ProblemText::tr("%1 is %2").arg(q(c.path), q(c.fact));
        out << ProblemText::tr("No %1 copy of %2 was found, only copies for another architecture, which ld.so "
                               "skips: %3. Looked in: %4. Install the %5 build of the package that provides it.")
                   .arg(machineWords(p.processMachine, p.processBits), name, copies.join(QStringLiteral(", ")),
                        linuxSearch(p), q(p.processMachine));
        break;
    }
    case Cause::OnlyUnreadable: {
        QStringList copies;
        for (const CandidateFile &c : p.candidates)
            copies << QStringLiteral("%1 (%2)").arg(q(c.path), linuxFileIssue(c));
        out << ProblemText::tr("%1 could not be loaded: the only candidates are %2. Looked in: %3. Repair the link "
                               "or the permissions, or reinstall the package that provides it.")
                   .arg(name, copies.join(QStringLiteral(", ")), linuxSearch(p));
        break;
    }
    case Cause::NotFound:
        out << ProblemText::tr("%1 was not found. Looked in: %2. Install the package that provides it, or add the "
                               "folder that holds it to LD_LIBRARY_PATH (or the requester's RUNPATH).")
                   .arg(name, linuxSearch(p));
        break;
    case Cause::EarlierCopyWins: {
        if (p.candidates.size() < 2)
            break;
        const CandidateFile &w = p.candidates[0], &o = p.candidates[1];
        out << ProblemText::tr("%1 (%2) loads instead of %3 (%4): %5 comes first in ld.so's search order.")
                   .arg(q(w.path), linuxRuleOf(w.step), q(o.path), linuxRuleOf(o.step), linuxRuleName(w.step.via));
        if (loader::isEnvironmentRule(w.step.via))
            out << ProblemText::tr("Take %1 out of %2 where it is set, and the other copy loads.")
                       .arg(q(w.step.entry.empty() ? w.step.folder : w.step.entry), linuxRuleName(w.step.via));
        break;
    }
    case Cause::VersionUndefined: {
        if (p.candidates.empty())
            break;
        const CandidateFile &loaded = p.candidates.front();
        const QString requester = fileName(p.neededBy.empty() ? std::string() : p.neededBy.front(), TargetOs::Linux);
        if (p.newest.empty())
            out << ProblemText::tr("version `%1' not found: %2 needs it from %3, but the copy that loads, %4, does "
                                   "not define it.")
                       .arg(name, requester, q(p.library), q(loaded.path));
        else
            out << ProblemText::tr("version `%1' not found: %2 needs it from %3, but the copy that loads, %4, does "
                                   "not define it (its newest is %5).")
                       .arg(name, requester, q(p.library), q(loaded.path), q(p.newest));
        const bool fromEnvironment = loaded.step.via != Via::NotFound && loader::isEnvironmentRule(loaded.step.via);
        if (p.candidates.size() > 1 && fromEnvironment)
            out << ProblemText::tr("The copy at %1 has it but comes later in the search order: take %2 out of %3 "
                                   "where it is set, so that the newer copy loads.")
                       .arg(q(p.candidates[1].path), q(loaded.step.folder), linuxRuleName(loaded.step.via));
        else if (p.candidates.size() > 1)
            out << ProblemText::tr("The copy at %1 has it but comes later in the search order. Update the package "
                                   "that ships %2.")
                       .arg(q(p.candidates[1].path), q(loaded.path));
        else
            out << ProblemText::tr("Update the package that provides %1 (for libstdc++ in a conda environment: conda "
                                   "install -c conda-forge libstdcxx-ng), or use a build of %2 made for this system.")
                       .arg(q(p.library), requester);
        break;
    }
    case Cause::SymbolUndefined: {
        const QString requester = fileName(p.neededBy.empty() ? std::string() : p.neededBy.front(), TargetOs::Linux);
        const QString symbol = p.symbolVersion.empty()
                                   ? name
                                   : ProblemText::tr("%1, version %2").arg(name, q(p.symbolVersion));
        QString first = ProblemText::tr("undefined symbol: %1: %2 needs it").arg(symbol, requester);
        if (p.symbols.size() > 1) {
            QStringList more;
            for (std::size_t k = 1; k < p.symbols.size() && k <= 8; ++k)
                more << q(p.symbols[k]);
            if (p.symbols.size() > 9)
                more << QStringLiteral("…");
            first += ProblemText::tr(" (and %n more: %1)", nullptr, static_cast<int>(p.symbols.size() - 1))
                         .arg(more.join(QStringLiteral(", ")));
        }
        const QString library = p.symbolLibrary.empty() ? ProblemText::tr("the library that provides it")
                                                        : q(p.symbolLibrary);
        if (p.candidates.empty()) {
            out << ProblemText::tr("%1, and no library of the process defines it. Install the version of %2 that %3 "
                                   "was built for.")
                       .arg(first, library, requester);
            break;
        }
        const CandidateFile &loaded = p.candidates.front();
        out << ProblemText::tr("%1 from %2, but the copy that loads, %3 (%4), does not define it.")
                   .arg(first, library, q(loaded.path), linuxRuleOf(loaded.step));
        if (p.candidates.size() > 1 && loader::isEnvironmentRule(loaded.step.via))
            out << ProblemText::tr("The copy at %1 has it but comes later in the search order: take %2 out of %3 "
                                   "where it is set, so that it loads.")
                       .arg(q(p.candidates[1].path), q(loaded.step.entry.empty() ? loaded.step.folder : loaded.step.entry),
                            linuxRuleName(loaded.step.via));
        else if (p.candidates.size() > 1)
            out << ProblemText::tr("The copy at %1 has it but comes later in the search order: remove or update the "
                                   "copy that loads.")
                       .arg(q(p.candidates[1].path));
        else
            out << ProblemText::tr("Update the package that provides %1 to the version %2 was built for.")
                       .arg(library, requester);
        break;
    }
    default: return {};
    }
    return out;
}

// ---- macOS ------------------------------------------------------------------

QString quoted(const std::string &s)
{
    return QLatin1Char('\'') + q(s) + QLatin1Char('\'');
}

// Where dyld took a candidate from: "LC_RPATH '@loader_path/../lib' of /x/libtorch.dylib".
QString macOrigin(const SearchStep &s)
{
    switch (s.via) {
    case Via::DyldLibraryPath: return latin("DYLD_LIBRARY_PATH");
    case Via::SearchDir: return latin("--search-dir");
    case Via::LoaderPath: return ProblemText::tr("@loader_path of %1").arg(q(s.owner));
    case Via::ExecutablePath: return latin("@executable_path");
    case Via::Rpath: return ProblemText::tr("LC_RPATH %1 of %2").arg(quoted(s.entry), q(s.owner));
    case Via::Absolute: return s.owner.empty() ? QString() : ProblemText::tr("under %1").arg(q(s.owner));
    case Via::DyldFallback:
        return s.owner.empty() ? latin("DYLD_FALLBACK_LIBRARY_PATH")
                               : ProblemText::tr("DYLD_FALLBACK_LIBRARY_PATH under %1").arg(q(s.owner));
    default: return {};
    }
}

QString macFileIssue(const CandidateFile &c, const Problem &p)
{
    switch (c.issue) {
    case FileIssue::BrokenLink: return ProblemText::tr("a broken symbolic link");
    case FileIssue::NoSuchFile: return ProblemText::tr("no such file");
    case FileIssue::NotAFile: return ProblemText::tr("not a file");
    case FileIssue::NotABinary: return ProblemText::tr("not a Mach-O file but something else");
    case FileIssue::OtherFormat: return ProblemText::tr("not a Mach-O file but an %1 file").arg(q(c.fact));
    case FileIssue::Damaged: return ProblemText::tr("a damaged Mach-O file: %1").arg(errorText(c.fact));
    case FileIssue::OtherMachine:
        return ProblemText::tr("mach-o file, but is an incompatible architecture (have (%1), need (%2))")
            .arg(q(c.fact), q(p.processMachine));
    case FileIssue::Executable: return ProblemText::tr("an executable, not a dylib");
    case FileIssue::NotADylib: return ProblemText::tr("not a dylib");
    default: return errorText(c.fact);
    }
}

QString macTried(const CandidateFile &c, const Problem &p)
{
    if (c.issue == FileIssue::RelativeName)
        return ProblemText::tr("%1 (relative to the current directory, which varies)").arg(quoted(c.path));
    if (c.issue == FileIssue::ExecutablePathUnknown)
        return ProblemText::tr("%1 (@executable_path unknown; %2)").arg(quoted(c.path), macOrigin(c.step));
    const QString origin = macOrigin(c.step);
    return QStringLiteral("%1 (%2%3)")
        .arg(quoted(c.path), macFileIssue(c, p), origin.isEmpty() ? QString() : QStringLiteral("; ") + origin);
}

QStringList macSentences(const Problem &p)
{
    const QString name = q(p.name);
    const QString leaf = fileName(p.name, TargetOs::MacOS);
    const QString arch = q(p.processMachine);
    if (p.cause == Cause::RootOtherMachine)
        return {ProblemText::tr("%1 has %2 only; the process is %3. dyld refuses it: incompatible architecture (have "
                                "(%2), need (%3)).")
                    .arg(quoted(p.paths.empty() ? std::string() : p.paths.front()), q(p.fact), arch)};

    QStringList tried;
    QStringList otherMachine;
    for (const CandidateFile &c : p.candidates) {
        tried << macTried(c, p);
        if (c.issue == FileIssue::OtherMachine)
            otherMachine << ProblemText::tr("%1 has %2 only").arg(quoted(c.path), q(c.fact));
    }
    QStringList after; // what dyld tried, and what a miss does
    after << (tried.isEmpty() ? ProblemText::tr("dyld had nowhere to look.")
                              : ProblemText::tr("Tried: %1.").arg(tried.join(QStringLiteral(", "))));
    if (p.dependency == Dependency::Weak)
        after << ProblemText::tr("It is a weak dependency (LC_LOAD_WEAK_DYLIB): the load goes on without it, and its "
                                 "symbols are null.");
    else if (p.dependency == Dependency::Lazy)
        after << ProblemText::tr("It is a lazy dependency (LC_LAZY_LOAD_DYLIB): the process fails only when it is "
                                 "first used.");

    QStringList out;
    switch (p.cause) {
    case Cause::OnlyOtherMachine:
        out << ProblemText::tr("%1; the process is %2. dyld: Library not loaded: %3, incompatible architecture.")
                   .arg(otherMachine.join(QStringLiteral("; ")), arch, name)
            << after
            << ProblemText::tr("Install the %1 (or universal) build of the package that provides %2; mixing an x86_64 "
                               "Python (Rosetta) with arm64 wheels, or the reverse, causes this.")
                   .arg(arch, leaf);
        break;
    case Cause::NoUsableFile:
        out << ProblemText::tr("No usable dylib for %1.").arg(name) << after
            << ProblemText::tr("Reinstall the package that owns %1.").arg(leaf);
        break;
    case Cause::OnlyUnreadable:
        out << ProblemText::tr("Found but cannot be read.") << after
            << ProblemText::tr("Check the file's permissions.");
        break;
    case Cause::NotFound: {
        out << ProblemText::tr("Library not loaded: %1.").arg(name) << after;
        if (p.executableUnknown)
            out << ProblemText::tr("@executable_path is the folder of the main executable, which is unknown when a "
                                   "library is analysed alone: pass the program that loads it (for a Python "
                                   "extension, the python3 binary) with --executable.");
        if (p.noRpath)
            out << ProblemText::tr("No image on the way from the root to %1 has an LC_RPATH, so @rpath expands to "
                                   "nothing: add one (install_name_tool -add_rpath DIR %1).")
                       .arg(requesterPath(p));
        if (const QString a = advice(p.advice, false); !a.isEmpty())
            out << a;
        else
            out << ProblemText::tr("Install the package that provides %1, or add the folder that holds it with --path "
                                   "(DYLD_LIBRARY_PATH) or --search-dir.")
                       .arg(leaf);
        break;
    }
    default: return {};
    }
    return out;
}

// ---- Inputs (any OS) --------------------------------------------------------

QStringList inputSentences(const Problem &p, TargetOs os)
{
    switch (p.cause) {
    case Cause::DanglingLink:
        return {ProblemText::tr("A symbolic link to \"%1\", which does not exist (or the links loop). A loader that is "
                                "asked for this name skips it and keeps searching; if nothing needs this name, it is "
                                "harmless.")
                    .arg(q(p.fact))};
    case Cause::NoSuchFile: return {ProblemText::tr("No such file or folder: %1.").arg(errorText(p.fact))};
    case Cause::OtherOs:
        return {ProblemText::tr("A %1 file, which a %2 loader cannot load (try --os %3).")
                    .arg(q(p.format), latin(loader::toString(os)), q(p.otherOs))};
    case Cause::NotRegularFile:
        return {ProblemText::tr("Not a regular file (a device, socket or pipe); a loader cannot map it.")};
    case Cause::CannotRead:
        return {ProblemText::tr("The file exists but cannot be read (%1). Check its permissions and that no antivirus "
                                "or other program locks it.")
                    .arg(errorText(p.fact))};
    case Cause::NotABinary:
        return {ProblemText::tr("Not a shared library: %1. If this file should be a library, it is damaged or was "
                                "replaced; reinstall the package that owns it.")
                    .arg(p.fact.empty() ? ProblemText::tr("unreadable") : errorText(p.fact))};
    case Cause::Damaged:
        return {ProblemText::tr("A damaged %1 file: %2. Reinstall the package that owns it.")
                    .arg(q(p.format), errorText(p.fact))};
    case Cause::CannotListFolder:
        return {ProblemText::tr("Cannot list the folder: %1. Check its permissions.").arg(errorText(p.fact))};
    default: return {};
    }
}

} // namespace

QString ProblemText::describe(const Problem &p, TargetOs os)
{
    QStringList sentences;
    switch (p.cause) {
    case Cause::DanglingLink:
    case Cause::NoSuchFile:
    case Cause::OtherOs:
    case Cause::NotRegularFile:
    case Cause::CannotRead:
    case Cause::NotABinary:
    case Cause::Damaged:
    case Cause::CannotListFolder: sentences = inputSentences(p, os); break;
    case Cause::ApiSetUnknown:
    case Cause::ApiSetWithoutHost:
    case Cause::ApiSetHostMissing: sentences = windowsSentences(p); break;
    case Cause::VersionUndefined:
    case Cause::SymbolUndefined: sentences = linuxSentences(p); break;
    case Cause::NoUsableFile: sentences = macSentences(p); break;
    case Cause::NotFound:
    case Cause::OnlyOtherMachine:
    case Cause::OnlyUnreadable:
    case Cause::SearchStopped:
    case Cause::RootOtherMachine:
    case Cause::EarlierCopyWins:
        switch (os) {
        case TargetOs::Windows: sentences = windowsSentences(p); break;
        case TargetOs::Linux: sentences = linuxSentences(p); break;
        case TargetOs::MacOS: sentences = macSentences(p); break;
        }
        break;
    }
    if (!p.note.empty())
        sentences << QString::fromUtf8(p.note.data(), static_cast<qsizetype>(p.note.size()));
    return sentences.join(QLatin1Char(' '));
}

} // namespace td::checks
