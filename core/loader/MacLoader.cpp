// SPDX-License-Identifier: GPL-3.0-or-later
// dyld, emulated: one process loads a root and the closure of its
// LC_LOAD_DYLIB-style commands, resolving @rpath through the run-path stack,
// @loader_path, @executable_path, DYLD_LIBRARY_PATH, the dyld shared cache
// and DYLD_FALLBACK_LIBRARY_PATH.
#include "Emulator.h"
#include "PathNames.h"

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <utility>

namespace td::loader {

namespace {

constexpr std::uint32_t kCpuArch64 = 0x01000000;
constexpr std::uint32_t kCpuX86_64 = 7 | kCpuArch64;
constexpr std::uint32_t kCpuArm64 = 12 | kCpuArch64;
constexpr std::uint32_t kMhExecute = 2;
constexpr std::uint32_t kMhDylib = 6;
constexpr std::size_t kNone = static_cast<std::size_t>(-1);

bool startsWith(const std::string &s, const char *prefix)
{
    return s.rfind(prefix, 0) == 0;
}

std::string archName(const bin::MachOSlice &slice)
{
    return bin::machoCpuName(slice.cpuType, slice.cpuSubtype);
}

std::string archList(const bin::MachOInfo &info)
{
    std::string out;
    for (const auto &s : info.slices)
        out += (out.empty() ? "" : ", ") + archName(s);
    return out;
}

std::uint32_t cpuTypeFor(const std::string &arch)
{
    if (startsWith(arch, "arm64_32"))
        return 12 | 0x02000000;
    if (startsWith(arch, "arm64"))
        return kCpuArm64;
    if (startsWith(arch, "x86_64"))
        return kCpuX86_64;
    if (arch == "i386")
        return 7;
    if (arch == "ppc64")
        return 18 | kCpuArch64;
    if (arch == "ppc")
        return 18;
    if (startsWith(arch, "arm"))
        return 12;
    return 0;
}

// What a process runs as: a slice name ("arm64") and its CPU type.
struct ProcessArch {
    std::string name;
    std::uint32_t cpuType = 0;
};

// The slice a process maps: the same architecture name first, then any of the
// same CPU type (an arm64e process also takes arm64, x86_64h takes x86_64).
const bin::MachOSlice *sliceFor(const bin::MachOInfo &info, const ProcessArch &arch)
{
    for (const auto &s : info.slices)
        if (archName(s) == arch.name)
            return &s;
    for (const auto &s : info.slices)
        if (s.cpuType == arch.cpuType)
            return &s;
    return nullptr;
}

// A universal root runs as arm64 when it can (Apple silicon), else x86_64.
const bin::MachOSlice *defaultSlice(const bin::MachOInfo &info)
{
    for (std::uint32_t cpu : {kCpuArm64, kCpuX86_64})
        for (const auto &s : info.slices)
            if (s.cpuType == cpu)
                return &s;
    return info.slices.empty() ? nullptr : &info.slices.front();
}

// A copy of `info` that shows the slice in use first, so that the graph
// records the architecture the process maps rather than the file's first.
bin::BinaryInfo withSlice(const bin::BinaryInfo &info, const bin::MachOSlice &slice)
{
    bin::BinaryInfo view;
    view.format = info.format;
    view.error = info.error;
    bin::MachOInfo m;
    m.universal = info.macho() && info.macho()->universal;
    m.slices.push_back(slice);
    view.info = std::move(m);
    return view;
}

class MacEmulator final : public Emulator {
public:
    MacEmulator(const DepsOptions &options, BinaryCache &cache) : m_options(options), m_cache(cache)
    {
        auto env = [&](const char *name) -> std::optional<std::string> {
            if (auto it = options.env.find(name); it != options.env.end())
                return it->second;
            return std::nullopt;
        };
        if (options.path)
            m_libraryPath = paths::splitColons(*options.path);
        else if (auto v = env("DYLD_LIBRARY_PATH"))
            m_libraryPath = paths::splitColons(*v);
        if (auto v = env("DYLD_FALLBACK_LIBRARY_PATH")) {
            m_fallback = paths::splitColons(*v);
        } else {
            if (auto home = env("HOME"); home && !home->empty())
                m_fallback.push_back(paths::join(*home, "lib"));
            m_fallback.push_back("/usr/local/lib");
            m_fallback.push_back("/usr/lib");
        }
    }

    void load(const std::string &rootPath, std::size_t rootIndex, GraphBuilder &graph) override
    {
        Process process(*this, graph);
        process.run(rootPath, rootIndex);
    }

private:
    struct Image {
        std::string path;
        std::size_t node = 0;
        std::shared_ptr<const bin::BinaryInfo> info; // keeps `slice` alive
        const bin::MachOSlice *slice = nullptr;
        std::size_t parent = kNone; // the image whose load command brought it in
    };

    // The state of one emulated process.
    class Process {
    public:
        Process(MacEmulator &emulator, GraphBuilder &graph)
            : m_emu(emulator), m_options(emulator.m_options), m_cache(emulator.m_cache), m_graph(graph)
        {
        }

        void run(const std::string &rootPath, std::size_t rootIndex)
        {
            auto info = m_cache.binary(rootPath);
            if (!info || !info->macho() || info->macho()->slices.empty())
                return;
            const bin::MachOInfo &macho = *info->macho();
            const bin::MachOSlice *slice = nullptr;
            if (m_options.macArch) {
                m_arch = {*m_options.macArch, cpuTypeFor(*m_options.macArch)};
                slice = sliceFor(macho, m_arch);
                if (!slice) {
                    Problem p;
                    p.kind = ProblemKind::WrongArch;
                    p.cause = Cause::RootOtherMachine;
                    p.name = paths::fileNameOf(rootPath);
                    p.paths = {rootPath};
                    p.fact = archList(macho);
                    p.processMachine = m_arch.name;
                    m_graph.addProblem(std::move(p));
                    return;
                }
            } else {
                slice = defaultSlice(macho);
                m_arch = {archName(*slice), slice->cpuType};
            }

            if (m_options.executablePath) {
                m_executableDir = paths::folderOf(paths::normal(*m_options.executablePath));
                loadExecutableRpaths(*m_options.executablePath);
            } else if (slice->fileType == kMhExecute) {
                m_executableDir = paths::folderOf(paths::normal(rootPath));
            }

            addImage(paths::normal(rootPath), rootIndex, info, slice, kNone);
            for (std::size_t i = 0; i < m_images.size(); ++i) {
                // Resolving appends to m_images; the slice itself stays put.
                const bin::MachOSlice *current = m_images[i].slice;
                for (const auto &dylib : current->dylibs)
                    resolve(i, dylib);
            }
        }

    private:
        // Where a candidate came from, for the "tried" list.
        struct Attempts {
            std::vector<CandidateFile> tried;
            std::vector<std::string> wrongArch;  // files of another architecture
            std::vector<std::string> notLibrary; // not Mach-O, damaged, not a dylib
            std::vector<std::string> unreadable;
            bool executableUnknown = false;
            bool anyRpath = false;
        };

        struct Request {
            std::size_t from = 0;
            const bin::MachODylib *dylib = nullptr;
            bool weak = false;
            bool lazy = false;
        };

        void addImage(const std::string &path, std::size_t node, std::shared_ptr<const bin::BinaryInfo> info,
                      const bin::MachOSlice *slice, std::size_t parent)
        {
            const std::size_t index = m_images.size();
            const FileFacts f = m_cache.facts(path);
            m_byPath.emplace(path, index);
            if (f.exists)
                m_byFile.emplace(std::make_pair(f.device, f.inode), index);
            if (!slice->installName.empty())
                m_byInstallName.emplace(slice->installName, index);
            m_images.push_back({path, node, std::move(info), slice, parent});
        }

        void loadExecutableRpaths(const std::string &path)
        {
            auto info = m_cache.binary(path);
            if (!info || !info->macho())
                return;
            if (const auto *slice = sliceFor(*info->macho(), m_arch)) {
                m_executableInfo = info;
                m_executableSlice = slice;
            }
        }

        // "@loader_path/../lib" in an LC_RPATH of `holder`, made a folder.
        std::optional<std::string> expandRpath(const std::string &entry, const std::string &holder) const
        {
            auto is = [&](const std::string &token) {
                return entry == token || startsWith(entry, (token + "/").c_str());
            };
            if (is("@loader_path"))
                return paths::folderOf(holder) + entry.substr(12);
            if (is("@executable_path")) {
                if (!m_executableDir)
                    return std::nullopt;
                return *m_executableDir + entry.substr(16);
            }
            return entry;
        }

        // Tries one candidate file; on success records the node and the edge.
        static void note(Attempts &attempts, const std::string &path, const SearchStep &from, FileIssue issue,
                         const std::string &fact = {})
        {
            CandidateFile c;
            c.path = path;
            c.step = from;
            c.issue = issue;
            c.fact = fact;
            attempts.tried.push_back(std::move(c));
        }

        bool tryPath(const Request &req, const std::string &candidate, Via via, const std::string &viaEntry,
                     const SearchStep &from, Attempts &attempts)
        {
            const std::string path = paths::normal(candidate);
            const FileFacts f = m_cache.facts(path);
            if (!f.exists) {
                note(attempts, path, from, f.danglingLink ? FileIssue::BrokenLink : FileIssue::NoSuchFile);
                return false;
            }
            if (!f.isRegular) {
                note(attempts, path, from, FileIssue::NotAFile);
                return false;
            }
            const std::string &name = req.dylib->name;
            auto loaded = m_byPath.find(path);
            if (loaded == m_byPath.end()) {
                if (auto it = m_byFile.find({f.device, f.inode}); it != m_byFile.end())
                    loaded = m_byPath.find(m_images[it->second].path);
            }
            if (loaded != m_byPath.end()) {
                m_graph.addEdge(m_images[req.from].node, m_images[loaded->second].node, name, Via::Loaded, req.lazy,
                                req.weak);
                return true;
            }

            auto info = m_cache.binary(path);
            if (!info) {
                note(attempts, path, from, FileIssue::NotAFile);
                return false;
            }
            if (info->format == bin::Format::Unknown && startsWith(info->error, "cannot ")) {
                note(attempts, path, from, FileIssue::CannotOpen, info->error);
                attempts.unreadable.push_back(path);
                return false;
            }
            const bin::MachOInfo *macho = info->macho();
            if (!macho) {
                if (info->format == bin::Format::Unknown)
                    note(attempts, path, from, FileIssue::NotABinary);
                else
                    note(attempts, path, from, FileIssue::OtherFormat, formatName(info->format));
                attempts.notLibrary.push_back(path);
                return false;
            }
            if (!info->ok()) {
                note(attempts, path, from, FileIssue::Damaged, info->error);
                attempts.notLibrary.push_back(path);
                return false;
            }
            const bin::MachOSlice *slice = sliceFor(*macho, m_arch);
            if (!slice) {
                note(attempts, path, from, FileIssue::OtherMachine, archList(*macho));
                attempts.wrongArch.push_back(path);
                return false;
            }
            if (slice->fileType != kMhDylib) {
                note(attempts, path, from,
                     slice->fileType == kMhExecute ? FileIssue::Executable : FileIssue::NotADylib);
                attempts.notLibrary.push_back(path);
                return false;
            }

            const bin::BinaryInfo view = withSlice(*info, *slice);
            const std::size_t node = m_graph.found(name, path, via, viaEntry, &view);
            m_graph.addEdge(m_images[req.from].node, node, name, via, req.lazy, req.weak);
            addImage(path, node, info, slice, req.from);
            return true;
        }

        void resolve(std::size_t from, const bin::MachODylib &dylib)
        {
            Request req{from, &dylib, dylib.kind == bin::DylibKind::Weak, dylib.kind == bin::DylibKind::Lazy};
            const std::string &name = dylib.name;
            const std::size_t fromNode = m_images[from].node;

            // An image already in the process with that install name is reused.
            if (auto it = m_byInstallName.find(name); it != m_byInstallName.end()) {
                m_graph.addEdge(fromNode, m_images[it->second].node, name, Via::Loaded, req.lazy, req.weak);
                return;
            }

            Attempts attempts;
            const std::string leaf = paths::fileNameOf(name);
            for (const auto &dir : m_emu.m_libraryPath)
                if (tryPath(req, paths::join(dir, leaf), Via::DyldLibraryPath, dir, searchStep(Via::DyldLibraryPath),
                            attempts))
                    return;
            for (const auto &dir : m_options.searchDirs)
                if (tryPath(req, paths::join(dir, leaf), Via::SearchDir, dir, searchStep(Via::SearchDir), attempts))
                    return;

            if (startsWith(name, "@rpath/")) {
                if (resolveRpath(req, name.substr(7), attempts))
                    return;
            } else if (startsWith(name, "@loader_path/")) {
                if (tryPath(req, paths::join(paths::folderOf(m_images[from].path), name.substr(13)), Via::LoaderPath,
                            "@loader_path", searchStep(Via::LoaderPath, {}, {}, m_images[from].path), attempts))
                    return;
            } else if (startsWith(name, "@executable_path/")) {
                if (!m_executableDir)
                    attempts.executableUnknown = true;
                else if (tryPath(req, paths::join(*m_executableDir, name.substr(17)), Via::ExecutablePath,
                                 "@executable_path", searchStep(Via::ExecutablePath), attempts))
                    return;
            } else if (startsWith(name, "/")) {
                if (resolveAbsolute(req, attempts))
                    return;
            } else {
                // A bare or relative install name: dyld takes it relative to the
                // current directory, which is not known here.
                note(attempts, name, {}, FileIssue::RelativeName);
            }

            for (const auto &dir : m_emu.m_fallback) {
                if (m_options.systemDir && startsWith(dir, "/")
                    && tryPath(req, paths::join(*m_options.systemDir, dir.substr(1) + "/" + leaf), Via::DyldFallback,
                               dir, searchStep(Via::DyldFallback, {}, {}, *m_options.systemDir), attempts))
                    return;
                if (tryPath(req, paths::join(dir, leaf), Via::DyldFallback, dir, searchStep(Via::DyldFallback),
                            attempts))
                    return;
            }
            report(req, attempts);
        }

        bool resolveRpath(const Request &req, const std::string &rest, Attempts &attempts)
        {
            // The run-path stack: the requester's LC_RPATHs, then those of the
            // image that loaded it, and so on up to the root; then the main
            // executable's when one was named.
            std::set<std::string> seen;
            auto tryEntries = [&](const bin::MachOSlice &slice, const std::string &holder) {
                for (const auto &entry : slice.rpaths) {
                    attempts.anyRpath = true;
                    const auto dir = expandRpath(entry, holder);
                    const SearchStep from = searchStep(Via::Rpath, {}, entry, holder);
                    if (!dir) {
                        note(attempts, paths::join(entry, rest), from, FileIssue::ExecutablePathUnknown);
                        attempts.executableUnknown = true;
                        continue;
                    }
                    const std::string candidate = paths::normal(paths::join(*dir, rest));
                    if (!seen.insert(candidate).second)
                        continue;
                    if (tryPath(req, candidate, Via::Rpath, entry, from, attempts))
                        return true;
                }
                return false;
            };
            for (std::size_t i = req.from; i != kNone; i = m_images[i].parent)
                if (tryEntries(*m_images[i].slice, m_images[i].path))
                    return true;
            if (m_executableSlice && m_images.front().slice != m_executableSlice)
                return tryEntries(*m_executableSlice, paths::normal(*m_options.executablePath));
            return false;
        }

        bool resolveAbsolute(const Request &req, Attempts &attempts)
        {
            const std::string &name = req.dylib->name;
            if (m_options.systemDir
                && tryPath(req, paths::join(*m_options.systemDir, name.substr(1)), Via::Absolute, *m_options.systemDir,
                           searchStep(Via::Absolute, {}, {}, *m_options.systemDir), attempts))
                return true;
            if (tryPath(req, name, Via::Absolute, {}, searchStep(Via::Absolute), attempts))
                return true;
            // Since macOS 11 the system libraries are not on disk: they live in
            // the dyld shared cache, and dyld finds them there.
            if (startsWith(name, "/usr/lib/") || startsWith(name, "/System/Library/")) {
                const std::size_t node = m_graph.found(name, name, Via::SharedCache, {}, nullptr);
                m_graph.addEdge(m_images[req.from].node, node, name, Via::SharedCache, req.lazy, req.weak);
                return true;
            }
            return false;
        }

        void report(const Request &req, const Attempts &attempts)
        {
            const std::string &name = req.dylib->name;
            const std::string leaf = paths::fileNameOf(name);
            const std::string &requester = m_images[req.from].path;
            Problem p;
            p.name = name;
            p.neededBy = {requester};
            p.severity = req.weak || req.lazy ? Severity::Warning : Severity::Error;

            p.dependency = req.weak ? Dependency::Weak : req.lazy ? Dependency::Lazy : Dependency::Normal;
            p.candidates = attempts.tried;
            p.processMachine = m_arch.name;
            if (!attempts.wrongArch.empty()) {
                p.kind = ProblemKind::WrongArch;
                p.cause = Cause::OnlyOtherMachine;
                p.paths = attempts.wrongArch;
            } else if (!attempts.notLibrary.empty()) {
                p.kind = ProblemKind::NotALibrary;
                p.cause = Cause::NoUsableFile;
                p.paths = attempts.notLibrary;
            } else if (!attempts.unreadable.empty()) {
                p.kind = ProblemKind::Unreadable;
                p.cause = Cause::OnlyUnreadable;
                p.paths = attempts.unreadable;
            } else {
                p.kind = ProblemKind::Missing;
                p.cause = Cause::NotFound;
                p.executableUnknown = attempts.executableUnknown;
                p.noRpath = startsWith(name, "@rpath/") && !attempts.anyRpath;
                if (leaf == "libomp.dylib")
                    p.advice = Advice::MacLibomp;
            }
            const std::size_t node = m_graph.missing(name);
            m_graph.addEdge(m_images[req.from].node, node, name, Via::NotFound, req.lazy, req.weak);
            m_graph.addProblem(std::move(p));
        }

        MacEmulator &m_emu;
        const DepsOptions &m_options;
        BinaryCache &m_cache;
        GraphBuilder &m_graph;
        ProcessArch m_arch;
        std::optional<std::string> m_executableDir;
        std::shared_ptr<const bin::BinaryInfo> m_executableInfo;
        const bin::MachOSlice *m_executableSlice = nullptr;
        std::vector<Image> m_images;
        std::map<std::string, std::size_t> m_byPath;
        std::map<std::pair<std::uint64_t, std::uint64_t>, std::size_t> m_byFile;
        std::map<std::string, std::size_t> m_byInstallName;
    };

    DepsOptions m_options;
    BinaryCache &m_cache;
    std::vector<std::string> m_libraryPath;
    std::vector<std::string> m_fallback;
};

} // namespace

std::unique_ptr<Emulator> makeMacEmulator(const DepsOptions &options, BinaryCache &cache)
{
    return std::make_unique<MacEmulator>(options, cache);
}

} // namespace td::loader
