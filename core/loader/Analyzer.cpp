// SPDX-License-Identifier: GPL-3.0-or-later
#include "Analyzer.h"

#include "PathNames.h"
#include "binary/FsPath.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <string_view>
#include <thread>
#include <tuple>
#include <unordered_map>

namespace td::loader {

namespace fs = std::filesystem;

namespace {

// Names a loader would be asked for: foo.so, foo.so.1.2, foo.dll, foo.pyd,
// foo.exe, foo.dylib (case-insensitive for the Windows ones).
bool looksLikeLibrary(const std::string &name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    auto endsWith = [&](const char *s) {
        const std::size_t n = std::strlen(s);
        return lower.size() > n && lower.compare(lower.size() - n, n, s) == 0;
    };
    return endsWith(".so") || lower.find(".so.") != std::string::npos || endsWith(".dll") || endsWith(".pyd")
           || endsWith(".exe") || endsWith(".dylib");
}

struct Input {
    std::string path;
    bool fromFolder = false;
};

std::string describeErrno(int error)
{
    return error ? std::strerror(error) : "unknown error";
}

} // namespace

std::optional<TargetOs> osOf(const bin::BinaryInfo &info)
{
    switch (info.format) {
    case bin::Format::Elf: return TargetOs::Linux;
    case bin::Format::Pe: return TargetOs::Windows;
    case bin::Format::MachO: return TargetOs::MacOS;
    case bin::Format::Unknown: break;
    }
    return std::nullopt;
}

namespace {

// Classifies one input that cannot be emulated (missing, unreadable, not a
// library) into a problem. Returns false when the input is a loadable
// library of a known format (then the caller emulates it), true otherwise
// (handled: a problem was added, or the file is silently skipped).
bool handleUnloadable(const Input &in, const FileFacts &f, const bin::BinaryInfo *info, const DepsOptions &options,
                      GraphBuilder &graph)
{
    // The common case first, before any problem is put together.
    if (f.exists && !f.isDirectory && info && info->ok() && (!options.os || *options.os == *osOf(*info)))
        return false;
    Problem p;
    p.name = bin::pathString(bin::fsPath(in.path).filename());
    p.paths = {in.path};
    if (!f.exists) {
        if (in.fromFolder && (!f.danglingLink || !looksLikeLibrary(p.name)))
            return true;
        p.kind = f.danglingLink ? ProblemKind::Unreadable : ProblemKind::Missing;
        if (f.danglingLink) {
            p.cause = Cause::DanglingLink;
            p.fact = f.linkTarget;
            // A broken link inside a folder is only a warning: the libraries
            // that are really needed are checked through their own edges.
            p.severity = in.fromFolder ? Severity::Warning : Severity::Error;
        } else {
            p.cause = Cause::NoSuchFile;
            p.fact = describeErrno(f.error);
        }
        graph.addProblem(std::move(p));
        return true;
    }
    if (f.isDirectory)
        return true; // sub-folders of a folder are not walked
    if (info && info->ok()) {
        const TargetOs rootOs = *osOf(*info);
        if (!options.os || *options.os == rootOs)
            return false;
        p.kind = ProblemKind::NotALibrary;
        p.cause = Cause::OtherOs;
        p.format = formatName(info->format);
        p.otherOs = toString(rootOs);
        graph.addRoot(in.path, info);
        graph.addProblem(std::move(p));
        return true;
    }
    const bool notBinary = !info || info->format == bin::Format::Unknown;
    // Files in a folder that are neither binaries nor named like one
    // (headers, .py files, licences) are not libraries and not problems.
    if (in.fromFolder && notBinary && !looksLikeLibrary(p.name))
        return true;
    const bool cannotOpen = info && info->format == bin::Format::Unknown && info->error.rfind("cannot ", 0) == 0;
    if (!f.isRegular) {
        p.kind = ProblemKind::NotALibrary;
        p.cause = Cause::NotRegularFile;
    } else if (cannotOpen) {
        p.kind = ProblemKind::Unreadable;
        p.cause = Cause::CannotRead;
        p.fact = info->error;
    } else if (notBinary) {
        p.kind = ProblemKind::NotALibrary;
        p.cause = Cause::NotABinary;
        p.fact = info ? info->error : std::string();
    } else {
        p.kind = ProblemKind::NotALibrary;
        p.cause = Cause::Damaged;
        p.format = formatName(info->format);
        p.fact = info->error;
    }
    graph.addRoot(in.path, info);
    graph.addProblem(std::move(p));
    return true;
}

// Runs f(0) ... f(n - 1) on up to `threads` threads (the caller's included),
// in runs of neighbouring indices: neighbours in a folder listing are often
// one file under several names, which one thread then parses once.
void parallelFor(std::size_t n, std::size_t threads, const std::function<void(std::size_t)> &f)
{
    constexpr std::size_t run = 32;
    threads = std::min(threads, std::max<std::size_t>(1, n / (2 * run)));
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t first; (first = next.fetch_add(run)) < n;)
            for (std::size_t i = first; i < std::min(first + run, n); ++i)
                f(i);
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (auto &t : pool)
        t.join();
}

// One worker's share of the roots: its own emulators (their caches are not
// shared) and its own graph, merged afterwards.
class Worker {
public:
    Worker(const DepsOptions &options, BinaryCache &cache, TargetOs os)
        : m_options(options), m_cache(cache), m_graph(os)
    {
    }

    void load(const std::string &path, const bin::BinaryInfo &info)
    {
        const TargetOs os = *osOf(info);
        auto &e = m_emulators[os];
        if (!e) {
            DepsOptions o = m_options;
            o.os = os;
            e = os == TargetOs::Windows ? makeWindowsEmulator(o, m_cache)
                : os == TargetOs::MacOS ? makeMacEmulator(o, m_cache)
                                        : makeLinuxEmulator(o, m_cache);
        }
        e->load(path, m_graph.addRoot(path, &info), m_graph);
    }

    GraphBuilder &graph() { return m_graph; }

private:
    const DepsOptions &m_options;
    BinaryCache &m_cache;
    GraphBuilder m_graph;
    std::map<TargetOs, std::unique_ptr<Emulator>> m_emulators;
};

// The inputs with each folder expanded (one level, sorted, like a directory listing); a folder that
// cannot be listed is a problem in `unlisted`. Which inputs are folders is looked up on every core: a
// command line of a thousand files is a thousand stats.
std::vector<Input> expandFolders(const std::vector<std::string> &inputs, BinaryCache &cache, std::size_t cores,
                                 std::vector<Problem> &unlisted)
{
    std::vector<char> isFolder(inputs.size());
    parallelFor(inputs.size(), std::min<std::size_t>(cores, 8),
                [&](std::size_t i) { isFolder[i] = cache.facts(inputs[i]).isDirectory; });
    std::vector<Input> roots;
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        const std::string &input = inputs[k];
        if (!isFolder[k]) {
            roots.push_back({input, false});
            continue;
        }
        std::error_code ec;
        std::vector<std::string> names;
        for (fs::directory_iterator it(bin::fsPath(input), fs::directory_options::skip_permission_denied, ec), end;
             !ec && it != end; it.increment(ec))
            names.push_back(bin::pathString(it->path().filename()));
        if (ec) {
            Problem p;
            p.kind = ProblemKind::Unreadable;
            p.name = input;
            p.paths = {input};
            p.cause = Cause::CannotListFolder;
            p.fact = ec.message();
            unlisted.push_back(std::move(p));
        }
        std::sort(names.begin(), names.end());
        for (const auto &name : names)
            roots.push_back({bin::pathString(bin::fsPath(input) / bin::fsPath(name)), true});
    }
    return roots;
}

// The roots in the order they were given (not in the workers' order): their positions are sorted,
// and each root moved once.
void inInputOrder(std::vector<Root> &roots, const std::unordered_map<std::string_view, std::size_t> &order)
{
    std::vector<std::pair<std::size_t, std::size_t>> positions; // (input position, index in roots)
    positions.reserve(roots.size());
    for (std::size_t i = 0; i < roots.size(); ++i) {
        const auto it = order.find(roots[i].path);
        positions.emplace_back(it == order.end() ? 0 : it->second, i);
    }
    std::stable_sort(positions.begin(), positions.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<Root> sorted;
    sorted.reserve(roots.size());
    for (const auto &[position, index] : positions)
        sorted.push_back(std::move(roots[index]));
    roots = std::move(sorted);
}

} // namespace

Graph analyze(const std::vector<std::string> &inputs, const DepsOptions &options, const std::atomic<bool> *cancel,
              const std::function<void(const AnalyzeProgress &)> &progress)
{
    auto ownedCache = std::make_unique<BinaryCache>(options.cudaCode);
    BinaryCache &cache = *ownedCache;

    const std::size_t cores = std::max(1U, std::thread::hardware_concurrency());
    std::vector<Problem> early;
    std::vector<Input> roots = expandFolders(inputs, cache, cores, early);

    // Decide the OS: asked for, or that of the first file we can read.
    // The roots are parsed first, on every core (reading them is most of the work).
    std::vector<std::shared_ptr<const bin::BinaryInfo>> parsed(roots.size());
    std::vector<FileFacts> rootFacts(roots.size()); // looked up once per root, for all below
    parallelFor(roots.size(), std::min<std::size_t>(cores, 8), [&](std::size_t i) {
        rootFacts[i] = cache.facts(roots[i].path);
        parsed[i] = cache.binary(roots[i].path, rootFacts[i]);
    });
    std::optional<TargetOs> os = options.os;
    for (std::size_t i = 0; i < roots.size() && !os; ++i)
        if (parsed[i] && parsed[i]->ok())
            os = osOf(*parsed[i]);
    const TargetOs graphOs = os.value_or(TargetOs::Linux);
    std::vector<std::unique_ptr<Worker>> workers;
    workers.push_back(std::make_unique<Worker>(options, cache, graphOs));
    // The first worker's graph is the result: the others are merged into it.
    GraphBuilder &graph = workers[0]->graph();
    for (auto &p : early)
        graph.addProblem(std::move(p));

    // Inputs that cannot be loaded become problems here; the rest are
    // emulated, each as its own process, spread over the cores.
    // A folder often holds one library under several names (libfoo.so ->
    // libfoo.so.1 -> libfoo.so.1.2). The same file in the same folder loads
    // the same way (even $ORIGIN is the same), so it is emulated once and the
    // other names are added as aliases of it.
    std::vector<std::size_t> loadable;
    std::vector<std::pair<std::size_t, std::size_t>> aliases; // (alias, primary) input positions
    std::map<std::tuple<std::uint64_t, std::uint64_t, std::string>, std::size_t> firstByFile;
    std::unordered_map<std::string_view, std::size_t> order; // root path -> input position
    order.reserve(roots.size());
    for (std::size_t i = 0; i < roots.size(); ++i) {
        order.emplace(roots[i].path, i);
        const FileFacts &f = rootFacts[i];
        if (handleUnloadable(roots[i], f, parsed[i].get(), options, graph))
            continue;
        const auto key = std::make_tuple(f.device, f.inode, paths::folderOf(roots[i].path, paths::kHost));
        if (const auto [it, inserted] = firstByFile.emplace(key, i); !inserted)
            aliases.emplace_back(i, it->second);
        else
            loadable.push_back(i);
    }
    // Only the loop above needs these: freed before the graphs grow to their peak.
    firstByFile.clear();
    std::vector<FileFacts>().swap(rootFacts);

    const std::size_t workerCount = std::min<std::size_t>({cores, 8, std::max<std::size_t>(1, loadable.size() / 32)});
    for (std::size_t w = 1; w < workerCount; ++w)
        workers.push_back(std::make_unique<Worker>(options, cache, graphOs));
    std::atomic<std::size_t> done{0};
    // Worker w takes chunks w, w + n, w + 2n, ...: a fixed share, so that the
    // merged graph is the same on every run. The calling thread works too
    // and is the only one that reports progress.
    auto work = [&](std::size_t w, bool reports) {
        constexpr std::size_t chunk = 16;
        Worker &worker = *workers[w];
        for (std::size_t first = w * chunk; first < loadable.size(); first += workerCount * chunk) {
            if (cancel && cancel->load())
                return;
            const std::size_t last = std::min(first + chunk, loadable.size());
            for (std::size_t k = first; k < last; ++k)
                worker.load(roots[loadable[k]].path, *parsed[loadable[k]]);
            const std::size_t total = done += last - first;
            if (reports && progress)
                progress({total, loadable.size()});
        }
    };
    std::vector<std::thread> threads;
    for (std::size_t w = 1; w < workerCount; ++w)
        threads.emplace_back(work, w, false);
    work(0, true);
    for (auto &t : threads)
        t.join();
    if (progress)
        progress({done.load(), loadable.size()});

    for (std::size_t w = 1; w < workers.size(); ++w)
        graph.merge(workers[w]->graph().take());
    if (!(cancel && cancel->load())) {
        for (const auto &[alias, primary] : aliases)
            graph.addAliasRoot(graph.addRoot(roots[primary].path, parsed[primary].get()), roots[alias].path,
                               parsed[alias].get());
    }
    Graph result = graph.take();
    inInputOrder(result.roots, order);
    if (options.keepCachesUntilExit) {
        // Reachable from a static, so that leak checkers do not report it.
        struct Kept {
            std::unique_ptr<BinaryCache> cache;
            std::vector<std::unique_ptr<Worker>> workers;
            std::vector<std::shared_ptr<const bin::BinaryInfo>> parsed;
            std::vector<Input> roots;
        };
        static auto *kept = new std::vector<Kept>;
        kept->push_back({std::move(ownedCache), std::move(workers), std::move(parsed), std::move(roots)});
    }
    return result;
}

std::vector<std::string> processFiles(const std::string &executable, const DepsOptions &options,
                                      const std::atomic<bool> *cancel)
{
    DepsOptions own = options;
    own.hostObjects.clear();
    own.symbols = SymbolCheck::WhereShadowed;
    own.cudaCode = false;
    const Graph graph = analyze({executable}, own, cancel);
    if (std::any_of(graph.problems.begin(), graph.problems.end(),
                    [](const Problem &p) { return p.severity == Severity::Error; }))
        return {};
    std::vector<std::string> files;
    for (const Library &library : graph.libraries)
        if (library.found && !library.path.empty())
            files.push_back(library.path);
    return files;
}

} // namespace td::loader
