// SPDX-License-Identifier: GPL-3.0-or-later
// The Windows loader as torch drives it, emulated from the files alone.
//
// torch/__init__.py loads every torch\lib\*.dll with
// LoadLibraryExW(path, NULL, LOAD_LIBRARY_SEARCH_DEFAULT_DIRS | LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR)
// after os.add_dll_directory() on its folders; on error 126 it retries with
// LoadLibraryW after putting those folders in front of PATH (the classic
// order, DepsOptions::classicWindowsOrder). For each import, in order:
//   1. API set names (api-*, ext-*) go through the schema to their host,
//      never to a file of that name;
//   2. a module already in the process with that base name wins;
//   3. KnownDLLs come from System32;
//   4. the search: with the torch flags the root DLL's folder, the
//      application folder, the add_dll_directory folders, System32; in the
//      classic order the application folder, System32, the Windows folder,
//      the current folder, then PATH.
// Names are compared without regard to case, files are looked up the same
// way. Delay-load imports are resolved after the load, as the process would
// on first use, and a miss there is only a warning.
//
// Two behaviours were settled against Wine's loader (tests/oracle/WineOracleTest.cpp)
// rather than guessed:
//   - LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR adds the folder of the DLL passed to
//     LoadLibraryExW for the whole load: a dependency of a dependency is
//     found next to the root even when its own requester lives elsewhere.
//     (A requester's own folder is not added; it can only have been found
//     through a folder that is searched anyway.)
//   - A DLL of another machine (an x86 copy for an x64 process) met on the
//     search path is skipped and the search goes on; when no copy of the
//     right machine exists the load fails with 126, not 193. 193 comes only
//     from the DLL passed to LoadLibrary itself.
//   - A file that is not a PE image at all is not skipped: the search ends
//     there (Wine then fails the load with 126).
#include "WindowsLoader.h"

#include "PathNames.h"
#include "binary/FsPath.h"

#include "ApiSetSchema.h"
#include "KnownDlls.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#ifdef _WIN32
#include "binary/Win32File.h"

#include <windows.h>
#endif

namespace td::loader {

namespace fs = std::filesystem;

namespace windows_rules {

std::string lower(const std::string &s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

std::string machineDescription(std::uint16_t machine, bool pe32Plus)
{
    return bin::peMachineName(machine) + (pe32Plus ? " (64-bit)" : " (32-bit)");
}

namespace {

struct AdviceRow {
    const char *name; // lower case
    bool prefix;      // `name` is a prefix (a family of DLLs)
    Advice advice;
};

// Keep the knowledge about individual DLLs here, in one place (the words
// for each piece of advice are in core/checks/ProblemText).
const AdviceRow kAdvice[] = {
    {"libomp140.", true, Advice::LlvmOpenMp},       {"vcruntime140", true, Advice::VcRuntime},
    {"msvcp140", true, Advice::VcRuntime},          {"vcomp140.dll", false, Advice::VcRedist},
    {"concrt140.dll", false, Advice::VcRedist},     {"zlibwapi.dll", false, Advice::ZlibWapi},
    {"cudart64_", true, Advice::CudaRuntime},       {"cublas64_", true, Advice::CudaRuntime},
    {"cublaslt64_", true, Advice::CudaRuntime},     {"cudnn", true, Advice::CudaRuntime},
    {"cufft64_", true, Advice::CudaRuntime},        {"curand64_", true, Advice::CudaRuntime},
    {"cusparse64_", true, Advice::CudaRuntime},     {"cusolver64_", true, Advice::CudaRuntime},
    {"nvrtc64_", true, Advice::CudaRuntime},        {"nvjitlink", true, Advice::CudaRuntime},
    {"cupti64_", true, Advice::CudaRuntime},        {"nvcuda.dll", false, Advice::NvidiaDriver},
    {"libiomp5md.dll", false, Advice::IntelOpenMp},
};

} // namespace

Advice adviceFor(const std::string &name)
{
    const std::string l = lower(name);
    for (const AdviceRow &row : kAdvice) {
        const std::string n = row.name;
        if (row.prefix ? l.compare(0, n.size(), n) == 0 : l == n)
            return row.advice;
    }
    return Advice::General;
}

std::vector<std::string> splitPath(const std::string &value)
{
    std::vector<std::string> out;
    std::string current;
    for (const char c : value + ";") {
        if (c == ';') {
            while (!current.empty() && (current.back() == ' ' || current.back() == '\t'))
                current.pop_back();
            if (!current.empty())
                out.push_back(current);
            current.clear();
        } else if (c != '"') {
            current += c;
        }
    }
    return out;
}

} // namespace windows_rules

namespace {

using namespace windows_rules;

constexpr std::size_t kNoNode = static_cast<std::size_t>(-1);

using Step = SearchStep;
using Place = SearchStep::Place;

struct Candidate {
    std::string path;
    Step step;
    FileIssue issue = FileIssue::None; // skipped or fatal ones: why
    std::string fact;
};

struct Lookup {
    std::optional<Candidate> winner;
    std::optional<Candidate> fatal;   // a file that ends the search with an error (193)
    std::vector<Candidate> wrongArch; // skipped: another machine
    std::vector<Candidate> skipped;   // unreadable
    std::vector<Candidate> others;    // later, different copies: shadowed by the winner
};

struct Module {
    std::string path;
    std::string key; // lower-case base name, what later imports match
    std::shared_ptr<const bin::BinaryInfo> info;
    const bin::PeInfo *pe = nullptr;
    std::size_t node = kNoNode;
    Via via = Via::NotFound;
    std::string viaEntry;
    bool delayed = false; // reached only through delay-load imports
    bool system = false;  // from System32 (KnownDLLs, API set hosts, ...)
    bool walk = true;     // its imports are followed
};

class WindowsEmulator final : public Emulator {
public:
    WindowsEmulator(const DepsOptions &options, BinaryCache &cache) : m_options(options), m_cache(cache)
    {
        if (options.systemDir && !options.systemDir->empty())
            m_systemDir = *options.systemDir;
        if (options.appDir && !options.appDir->empty())
            m_appDir = *options.appDir;
        if (options.path)
            m_path = splitPath(*options.path);
        useRunningSystem();
        if (!m_systemDir.empty() && lower(paths::fileNameOf(m_systemDir, paths::kWindows)) == "system32")
            m_windowsDir = paths::folderOf(m_systemDir, paths::kWindows);
    }

    // On Windows, with no --system-dir or the running system's own: that system's System32,
    // KnownDLLs (the registry) and API set schema (the process's own map), not the shipped ones.
    void useRunningSystem()
    {
#ifdef _WIN32
        wchar_t buffer[MAX_PATH];
        const UINT length = GetSystemDirectoryW(buffer, MAX_PATH);
        if (length == 0 || length >= MAX_PATH)
            return;
        const std::string running = bin::win32::utf8(buffer, length);
        auto sameFolder = [](std::string a, std::string b) {
            std::replace(a.begin(), a.end(), '/', '\\');
            std::replace(b.begin(), b.end(), '/', '\\');
            return lower(a) == lower(b);
        };
        if (!m_systemDir.empty() && !sameFolder(m_systemDir, running))
            return;
        m_systemDir = running;
        if (std::vector<std::string> known = knowndlls::running(); !known.empty())
            m_knownDlls = std::move(known);
        if ((m_runningApiSets = apiset::running()))
            m_apiSets = m_runningApiSets.get();
#endif
    }

    void load(const std::string &rootPath, std::size_t rootIndex, GraphBuilder &graph) override
    {
        m_modules.clear();
        Module root;
        root.path = rootPath;
        root.key = lower(paths::fileNameOf(rootPath, paths::kWindows));
        root.info = m_cache.binary(rootPath);
        root.pe = root.info ? root.info->pe() : nullptr;
        root.node = rootIndex;
        root.via = Via::Root;
        if (!root.pe)
            return;

        // The process is python.exe's (or the application's) when we know it,
        // else the root's own machine.
        m_processMachine = root.pe->machine;
        m_processPlus = root.pe->pe32Plus;
        m_processProgram.clear();
        if (const auto exe = applicationExe()) {
            m_processMachine = exe->second->machine;
            m_processPlus = exe->second->pe32Plus;
            m_processProgram = exe->first;
        }
        if (root.pe->machine != m_processMachine) {
            Problem p;
            p.kind = ProblemKind::WrongArch;
            p.cause = Cause::RootOtherMachine;
            p.name = paths::fileNameOf(rootPath, paths::kWindows);
            p.paths = {rootPath};
            p.winError = 193;
            p.fact = machineDescription(root.pe->machine, root.pe->pe32Plus);
            describeProcess(p);
            graph.addProblem(std::move(p));
            return;
        }
        m_rootDir = paths::folderOf(rootPath, paths::kWindows);
        m_modules.push_back(std::move(root));

        // Already in every process: ntdll, kernel32 and kernelbase. Their
        // nodes appear only when something imports them.
        for (const char *name : {"ntdll.dll", "kernel32.dll", "kernelbase.dll"}) {
            Module m;
            m.key = name;
            m.path = systemFile(name);
            if (m.path.empty())
                continue;
            m.info = m_cache.binary(m.path);
            m.pe = nullptr; // already initialised: nothing of theirs to walk
            m.via = Via::SystemDir;
            m.viaEntry = "always loaded";
            m.system = true;
            m.walk = false;
            m_modules.push_back(std::move(m));
        }

        // The load itself: breadth first over the normal imports.
        std::deque<std::size_t> queue{0};
        while (!queue.empty()) {
            const std::size_t current = queue.front();
            queue.pop_front();
            if (!m_modules[current].pe || !m_modules[current].walk)
                continue;
            const std::vector<bin::PeImport> imports = m_modules[current].pe->imports;
            for (const auto &imp : imports)
                if (!imp.delayLoad)
                    need(current, imp.dll, false, graph, queue);
        }
        // Later, on first use: delay-load imports of everything loaded, and
        // whatever those bring in. Nothing here fails the load.
        for (std::size_t i = 0; i < m_modules.size(); ++i) {
            if (!m_modules[i].pe || !m_modules[i].walk)
                continue;
            const std::vector<bin::PeImport> imports = m_modules[i].pe->imports;
            for (const auto &imp : imports)
                if (imp.delayLoad || m_modules[i].delayed)
                    need(i, imp.dll, imp.delayLoad, graph, queue);
            queue.clear(); // walked by this loop, in order
        }
    }

private:
    // The application's executable in --app-dir: python.exe when there, else
    // the only .exe in the folder.
    std::optional<std::pair<std::string, const bin::PeInfo *>> applicationExe()
    {
        if (m_appDir.empty())
            return std::nullopt;
        const Listing &listing = listingOf(m_appDir);
        std::string chosen;
        if (auto it = listing.find("python.exe"); it != listing.end()) {
            chosen = it->second;
        } else {
            int exes = 0;
            for (const auto &[key, real] : listing)
                if (key.size() > 4 && key.compare(key.size() - 4, 4, ".exe") == 0) {
                    ++exes;
                    chosen = real;
                }
            if (exes != 1)
                return std::nullopt;
        }
        auto info = m_cache.binary(paths::joinWindows(m_appDir, chosen));
        const bin::PeInfo *pe = info ? info->pe() : nullptr;
        if (!pe)
            return std::nullopt;
        m_keepAlive.push_back(std::move(info));
        return std::make_pair(chosen, pe);
    }

    using Listing = std::map<std::string, std::string>; // lower-case name -> name on disk

    // One listing per folder: Windows file names ignore case, this host's may not.
    const Listing &listingOf(const std::string &dir)
    {
        if (auto it = m_listings.find(dir); it != m_listings.end())
            return it->second;
        Listing listing;
        std::error_code ec;
        for (fs::directory_iterator it(bin::fsPath(dir), fs::directory_options::skip_permission_denied, ec), end;
             !ec && it != end; it.increment(ec)) {
            const std::string name = bin::pathString(it->path().filename());
            listing.emplace(lower(name), name); // two names differing in case: the first listed
        }
        return m_listings.emplace(dir, std::move(listing)).first->second;
    }

    // The file called `name` (any case) in `dir`, or "".
    std::string findIn(const std::string &dir, const std::string &name)
    {
        if (dir.empty())
            return {};
        const Listing &listing = listingOf(dir);
        const auto it = listing.find(lower(name));
        return it == listing.end() ? std::string() : paths::joinWindows(dir, it->second);
    }

    std::string systemFile(const std::string &name)
    {
        return findIn(m_systemDir, name);
    }

    static Step step(Via via, const std::string &folder, Place place = Place::Usual)
    {
        Step s = searchStep(via, folder);
        s.place = place;
        return s;
    }

    std::vector<Step> plan() const
    {
        std::vector<Step> out;
        if (!m_options.classicWindowsOrder) {
            out.push_back(step(Via::DllDir, m_rootDir));
            if (!m_appDir.empty())
                out.push_back(step(Via::AppDir, m_appDir));
            for (const auto &d : m_options.searchDirs)
                out.push_back(step(Via::AddDllDirectory, d));
            if (!m_systemDir.empty())
                out.push_back(step(Via::SystemDir, m_systemDir));
            return out;
        }
        if (!m_appDir.empty())
            out.push_back(step(Via::AppDir, m_appDir));
        if (!m_systemDir.empty())
            out.push_back(step(Via::SystemDir, m_systemDir));
        if (!m_windowsDir.empty())
            out.push_back(step(Via::SystemDir, m_windowsDir, Place::WindowsFolder));
        // torch puts its add_dll_directory folders in front of PATH before
        // the classic LoadLibraryW.
        for (const auto &d : m_options.searchDirs)
            out.push_back(step(Via::Path, d, Place::PutFirstByTorch));
        for (const auto &d : m_path)
            out.push_back(step(Via::Path, d));
        return out;
    }

    bool compatible(const bin::PeInfo &pe) const
    {
        return pe.machine == m_processMachine && pe.pe32Plus == m_processPlus;
    }

    // Looks at one candidate. Returns true when the search stops here.
    bool consider(Candidate c, Lookup &result)
    {
        const FileFacts f = m_cache.facts(c.path);
        if (!f.exists || !f.isRegular)
            return false;
        const auto info = m_cache.binary(c.path);
        const bin::PeInfo *pe = info ? info->pe() : nullptr;
        if (!pe) {
            if (info && info->format == bin::Format::Unknown && info->error.rfind("cannot ", 0) == 0) {
                c.issue = FileIssue::CannotOpen;
                c.fact = info->error;
                result.skipped.push_back(std::move(c));
                return false;
            }
            if (result.winner)
                return false;
            result.fatal = c;
            if (info && info->format != bin::Format::Unknown) {
                result.fatal->issue = FileIssue::OtherFormat;
                result.fatal->fact = formatName(info->format);
            } else {
                result.fatal->issue = FileIssue::NotABinary;
            }
            return true;
        }
        if (!compatible(*pe)) {
            c.issue = FileIssue::OtherMachine;
            c.fact = machineDescription(pe->machine, pe->pe32Plus);
            result.wrongArch.push_back(std::move(c));
            return false;
        }
        if (!result.winner) {
            if (!info->error.empty()) {
                result.fatal = c;
                result.fatal->issue = FileIssue::Damaged;
                result.fatal->fact = info->error;
                return true;
            }
            result.winner = std::move(c);
            return false; // keep looking, for copies it shadows
        }
        if (sameFile(result.winner->path, c.path))
            return false;
        for (const auto &o : result.others)
            if (sameFile(o.path, c.path))
                return false;
        result.others.push_back(std::move(c));
        return false;
    }

    // The same file, or the same bytes as far as size, version and exported names tell.
    bool sameFile(const std::string &a, const std::string &b)
    {
        const FileFacts fa = m_cache.facts(a), fb = m_cache.facts(b);
        if (fa.device == fb.device && fa.inode == fb.inode)
            return true;
        if (fa.size != fb.size || versionOf(a) != versionOf(b))
            return false;
        const auto ia = m_cache.binary(a), ib = m_cache.binary(b);
        const bin::PeInfo *pa = ia ? ia->pe() : nullptr, *pb = ib ? ib->pe() : nullptr;
        return !pa || !pb || pa->exports == pb->exports;
    }

    std::string versionOf(const std::string &path)
    {
        const auto info = m_cache.binary(path);
        const bin::PeInfo *pe = info ? info->pe() : nullptr;
        return pe && pe->fileVersion ? pe->fileVersion->toString() : std::string();
    }

    Lookup search(const std::string &name, const std::vector<Step> &steps)
    {
        std::string key = lower(name) + '\n' + std::to_string(m_processMachine) + (m_processPlus ? "+" : "");
        for (const auto &s : steps)
            key += '\n' + s.folder;
        if (auto it = m_lookups.find(key); it != m_lookups.end())
            return it->second;
        Lookup result;
        for (const auto &s : steps) {
            const std::string file = findIn(s.folder, name);
            if (!file.empty() && consider({file, s, FileIssue::None, {}}, result))
                break;
        }
        return m_lookups.emplace(std::move(key), std::move(result)).first->second;
    }

    // Where the search went, as a problem states it.
    void describeSearch(const std::vector<Step> &steps, Problem &p) const
    {
        p.searched = steps;
        p.appDirUnknown = m_appDir.empty();
        p.systemDirUnknown = m_systemDir.empty();
        p.classicOrder = m_options.classicWindowsOrder;
    }

    // The process a problem happens in.
    void describeProcess(Problem &p) const
    {
        p.processMachine = bin::peMachineName(m_processMachine);
        p.processBits = m_processPlus ? 64 : 32;
        p.processProgram = m_processProgram;
    }

    static CandidateFile fileOf(const Candidate &c)
    {
        CandidateFile f;
        f.path = c.path;
        f.step = c.step;
        f.issue = c.issue;
        f.fact = c.fact;
        return f;
    }

    std::size_t nodeOf(Module &m, const std::string &asked, GraphBuilder &graph)
    {
        if (m.node == kNoNode)
            m.node = graph.found(asked, m.path, m.via, m.viaEntry, m.info.get());
        return m.node;
    }

    std::optional<std::size_t> loadedModule(const std::string &key)
    {
        for (std::size_t i = 0; i < m_modules.size(); ++i)
            if (m_modules[i].key == key)
                return i;
        return std::nullopt;
    }

    // Adds a module that was found and queues it for its own imports.
    std::size_t addModule(const std::string &name, const std::string &path, Via via, const std::string &entry,
                          bool delayed, bool system, GraphBuilder &graph, std::deque<std::size_t> &queue)
    {
        Module m;
        m.path = path;
        m.key = lower(name);
        m.info = m_cache.binary(path);
        m.pe = m.info ? m.info->pe() : nullptr;
        m.via = via;
        m.viaEntry = entry;
        m.delayed = delayed;
        m.system = system;
        m.node = graph.found(name, path, via, entry, m.info.get());
        m_modules.push_back(std::move(m));
        queue.push_back(m_modules.size() - 1);
        return m_modules.size() - 1;
    }

    // A system DLL that Windows provides (an API set host, a KnownDLL): the
    // one already loaded, else System32's. Without --system-dir it is taken
    // on trust, at the path it has on every Windows.
    std::optional<std::size_t> systemModule(const std::string &name, Via via, const std::string &entry, bool delayed,
                                            GraphBuilder &graph, std::deque<std::size_t> &queue)
    {
        const std::string key = lower(name);
        if (auto loaded = loadedModule(key)) {
            nodeOf(m_modules[*loaded], name, graph);
            return loaded;
        }
        if (m_systemDir.empty()) {
            Module m;
            m.key = key;
            m.path = "C:\\Windows\\System32\\" + key;
            m.via = via;
            m.viaEntry = entry;
            m.system = true;
            m.walk = false;
            m.node = graph.found(name, m.path, via, entry, nullptr);
            m_modules.push_back(std::move(m));
            return m_modules.size() - 1;
        }
        const std::string path = systemFile(name);
        if (path.empty())
            return std::nullopt;
        const auto info = m_cache.binary(path);
        const bin::PeInfo *pe = info ? info->pe() : nullptr;
        if (!pe || !compatible(*pe))
            return std::nullopt;
        const std::size_t index = addModule(name, path, via, entry, delayed, true, graph, queue);
        return index;
    }

    static Severity severityFor(bool delayEdge, bool delayed)
    {
        return delayEdge || delayed ? Severity::Warning : Severity::Error;
    }

    static Dependency dependencyOf(bool delayEdge, bool delayed)
    {
        if (delayEdge)
            return Dependency::DelayLoad;
        return delayed ? Dependency::ThroughDelayLoad : Dependency::Normal;
    }

    // A dependency nothing provides: an edge to its "missing" node, and the
    // problem with what every such problem says; the caller adds the why.
    static Problem missingDependency(std::size_t from, const std::string &name, const std::string &requesterPath,
                                     bool delayEdge, bool delayed, GraphBuilder &graph)
    {
        graph.addEdge(from, graph.missing(name), name, Via::NotFound, delayEdge);
        Problem p;
        p.severity = severityFor(delayEdge, delayed);
        p.dependency = dependencyOf(delayEdge, delayed);
        p.name = name;
        p.neededBy = {requesterPath};
        return p;
    }

    // The files the search passed over, as the problem lists them.
    static void addCandidates(const std::vector<Candidate> &passedOver, Problem &p)
    {
        for (const auto &c : passedOver) {
            p.paths.push_back(c.path);
            p.candidates.push_back(fileOf(c));
        }
    }

    void need(std::size_t requester, const std::string &name, bool delayEdge, GraphBuilder &graph,
              std::deque<std::size_t> &queue)
    {
        const bool delayed = delayEdge || m_modules[requester].delayed;
        const bool systemRequester = m_modules[requester].system;
        const std::string requesterPath = m_modules[requester].path;
        const std::size_t from = nodeOf(m_modules[requester], paths::fileNameOf(requesterPath, paths::kWindows), graph);
        const std::string key = lower(name);

        // Windows' own delay-load imports are its business (many name
        // ext-ms-* contracts that a given edition does not host).
        const bool quiet = systemRequester && delayed;

        // 1. API sets: through the schema, never from disk.
        if (apiset::isApiSetName(name)) {
            const auto resolved = m_apiSets->resolve(name, m_modules[requester].key);
            if (resolved && !resolved->host.empty()) {
                const std::string entry = resolved->contract + (resolved->exception ? " (exception host)" : "");
                if (auto host = systemModule(resolved->host, Via::ApiSet, entry, delayed, graph, queue)) {
                    graph.addEdge(from, nodeOf(m_modules[*host], resolved->host, graph), name, Via::ApiSet, delayEdge);
                    return;
                }
            }
            if (quiet)
                return;
            Problem p = missingDependency(from, name, requesterPath, delayEdge, delayed, graph);
            p.kind = ProblemKind::Missing;
            p.runningSchema = m_runningApiSets != nullptr;
            if (!resolved) {
                p.cause = Cause::ApiSetUnknown;
            } else {
                p.cause = resolved->host.empty() ? Cause::ApiSetWithoutHost : Cause::ApiSetHostMissing;
                p.newest = resolved->contract;
                p.library = resolved->host;
                p.systemDir = m_systemDir;
                describeProcess(p);
            }
            graph.addProblem(std::move(p));
            return;
        }

        // A path in the import table: used as written (rare).
        if (name.find_first_of("/\\") != std::string::npos) {
            const FileFacts f = m_cache.facts(name);
            if (f.isRegular) {
                const std::size_t index = addModule(paths::fileNameOf(name, paths::kWindows), name, Via::Absolute, name,
                                                    delayed, false, graph, queue);
                graph.addEdge(from, m_modules[index].node, name, Via::Absolute, delayEdge);
                return;
            }
        }

        // 2. A module already in the process, by base name.
        if (auto loaded = loadedModule(key)) {
            graph.addEdge(from, nodeOf(m_modules[*loaded], name, graph), name, Via::Loaded, delayEdge);
            return;
        }

        // 3. KnownDLLs: System32's copy, whatever the search order says.
        if (knowndlls::contains(m_knownDlls, key)) {
            if (auto known = systemModule(name, Via::KnownDll, "KnownDLLs", delayed, graph, queue)) {
                graph.addEdge(from, nodeOf(m_modules[*known], name, graph), name, Via::KnownDll, delayEdge);
                return;
            }
        }

        // 4. The search.
        const std::vector<Step> steps = plan();
        const Lookup result = search(name, steps);
        if (result.winner) {
            const Candidate &w = *result.winner;
            const std::size_t index =
                addModule(name, w.path, w.step.via, w.step.folder, delayed, w.step.via == Via::SystemDir, graph, queue);
            graph.addEdge(from, m_modules[index].node, name, w.step.via, delayEdge);
            for (const auto &other : result.others)
                if (!isPackagesOwnRule(w.step.via))
                    reportShadowed(name, m_modules[requester], w, other, delayEdge || delayed, graph);
            return;
        }
        if (quiet)
            return;

        Problem p = missingDependency(from, name, requesterPath, delayEdge, delayed, graph);
        p.advice = adviceFor(name);
        p.rootFile = paths::fileNameOf(m_modules[0].path, paths::kWindows);
        describeSearch(steps, p);
        describeProcess(p);
        if (result.fatal) {
            p.kind = ProblemKind::NotALibrary;
            p.cause = Cause::SearchStopped;
            p.paths = {result.fatal->path};
            p.candidates = {fileOf(*result.fatal)};
            p.winError = 126; // under Wine; 193 on some Windows versions
        } else if (!result.wrongArch.empty()) {
            p.kind = ProblemKind::WrongArch;
            p.cause = Cause::OnlyOtherMachine;
            p.winError = 126;
            addCandidates(result.wrongArch, p);
        } else {
            p.kind = ProblemKind::Missing;
            p.cause = Cause::NotFound;
            p.winError = 126;
            addCandidates(result.skipped, p);
            if (!m_options.classicWindowsOrder) {
                for (const auto &d : m_path)
                    if (std::string file = findIn(d, name); !file.empty()) {
                        p.paths.push_back(file);
                        CandidateFile onPath;
                        onPath.path = file;
                        onPath.step = step(Via::Path, d);
                        onPath.issue = FileIssue::NotSearched;
                        p.candidates.push_back(std::move(onPath));
                    }
            }
        }
        if (p.dependency != Dependency::Normal)
            p.winError = 0; // the load itself succeeds
        graph.addProblem(std::move(p));
    }

    // The functions `requester` imports by name from `dll` that `provider` does not export: the
    // loader's ERROR_PROC_NOT_FOUND (WinError 127) when the import is a normal one.
    std::vector<std::string> missingExports(const Module &requester, const std::string &dll,
                                            const std::string &provider)
    {
        std::vector<std::string> out;
        const auto info = m_cache.binary(provider);
        const bin::PeInfo *pe = info ? info->pe() : nullptr;
        if (!requester.pe || !pe)
            return out;
        const std::unordered_set<std::string> exported(pe->exports.begin(), pe->exports.end());
        for (const bin::PeImport &imp : requester.pe->imports)
            if (lower(imp.dll) == lower(dll))
                for (const std::string &function : imp.functions)
                    if (!exported.contains(function) && std::find(out.begin(), out.end(), function) == out.end())
                        out.push_back(function);
        return out;
    }

    // A VC++ runtime DLL is backward compatible: the copy that loads serves every module linked with
    // an MSVC toolset no newer than itself (Microsoft's rule for the 14.x redistributable). The
    // toolset `requester` was linked with when `runtime` is older than it ("14.42"), "" when it is
    // not; nullopt when that cannot be told (no version, or not linked by MSVC 14.x).
    std::optional<std::string> newerToolset(const Module &requester, const std::string &runtime)
    {
        const auto info = m_cache.binary(runtime);
        const bin::PeInfo *pe = info ? info->pe() : nullptr;
        if (!requester.pe || !pe || !pe->fileVersion || requester.pe->linkerMajor != pe->fileVersion->major)
            return std::nullopt;
        const std::uint16_t minor = requester.pe->linkerMinor;
        if (minor <= pe->fileVersion->minor)
            return std::string();
        return std::to_string(requester.pe->linkerMajor) + '.' + std::to_string(minor);
    }

    void reportShadowed(const std::string &name, const Module &requester, const Candidate &winner,
                        const Candidate &other, bool delayed, GraphBuilder &graph)
    {
        const Advice advice = adviceFor(name);
        const bool runtime = advice == Advice::VcRuntime || advice == Advice::VcRedist;
        const std::optional<std::string> newer = runtime ? newerToolset(requester, winner.path) : std::nullopt;
        const std::string toolset = newer.value_or(std::string());
        std::vector<std::string> lacking = missingExports(requester, name, winner.path);
        // A Python distribution's own runtime next to python.exe (the application folder) is how
        // it is meant to load: another copy is no problem while this one is new enough.
        if (newer && newer->empty() && lacking.empty())
            return;
        Problem p;
        p.kind = ProblemKind::Shadowed;
        p.cause = Cause::EarlierCopyWins;
        p.severity = Severity::Warning;
        p.name = name;
        p.neededBy = {requester.path};
        // A winner without a function the requester imports fails the load; the copy it hides may have it.
        p.symbols = std::move(lacking);
        if (!p.symbols.empty() && !delayed) {
            p.severity = Severity::Error;
            p.winError = 127;
        }
        p.toolset = toolset;
        if (!toolset.empty()) {
            p.severity = Severity::Error; // unsupported by Microsoft; msvcp140's fails DllMain
            if (lower(name).rfind("msvcp", 0) == 0 && p.winError == 0 && !delayed)
                p.winError = 1114;
        }
        p.paths = {winner.path, other.path};
        p.advice = advice;
        p.classicOrder = m_options.classicWindowsOrder;
        for (const Candidate *c : {&winner, &other}) {
            CandidateFile f = fileOf(*c);
            f.version = versionOf(c->path);
            p.candidates.push_back(std::move(f));
        }
        graph.addProblem(std::move(p));
    }

    DepsOptions m_options;
    BinaryCache &m_cache;
    std::string m_systemDir, m_appDir, m_windowsDir, m_rootDir;
    // The shipped KnownDLLs and API set schema, or the running system's (see useRunningSystem).
    std::vector<std::string> m_knownDlls = knowndlls::all();
    std::shared_ptr<const apiset::Schema> m_runningApiSets;
    const apiset::Schema *m_apiSets = &apiset::shipped();
    std::vector<std::string> m_path;
    std::uint16_t m_processMachine = 0;
    bool m_processPlus = false;
    std::string m_processProgram; // python.exe, when --app-dir names it
    std::vector<Module> m_modules;
    std::unordered_map<std::string, Listing> m_listings;
    std::unordered_map<std::string, Lookup> m_lookups;
    std::vector<std::shared_ptr<const bin::BinaryInfo>> m_keepAlive;
};

} // namespace

std::unique_ptr<Emulator> makeWindowsEmulator(const DepsOptions &options, BinaryCache &cache)
{
    return std::make_unique<WindowsEmulator>(options, cache);
}

} // namespace td::loader
