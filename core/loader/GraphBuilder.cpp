// SPDX-License-Identifier: GPL-3.0-or-later
#include "GraphBuilder.h"

#include "PathNames.h"

#include <algorithm>

namespace td::loader {

namespace {
void describe(Library &lib, const bin::BinaryInfo *info)
{
    if (!info)
        return;
    const ArchInfo a = archOf(*info);
    lib.arch = a.name;
    lib.bits = a.bits;
    lib.error = info->error;
    if (const auto *pe = info->pe(); pe && pe->fileVersion)
        lib.version = pe->fileVersion->toString();
    if (info->cuda)
        lib.cuda = Library::CudaNames{info->cuda->sass(), info->cuda->ptx()};
}
} // namespace

std::size_t GraphBuilder::found(const std::string &name, std::string_view path, Via via, const std::string &viaEntry,
                                const bin::BinaryInfo *info)
{
    if (auto it = m_byPath.find(path); it != m_byPath.end())
        return it->second;
    Library lib;
    lib.name = name;
    lib.path = std::string(path);
    lib.found = true;
    lib.via = via;
    lib.viaEntry = viaEntry;
    describe(lib, info);
    m_graph.libraries.push_back(std::move(lib));
    return m_byPath[m_graph.libraries.back().path] = m_graph.libraries.size() - 1;
}

std::size_t GraphBuilder::missing(const std::string &name)
{
    if (auto it = m_missingByName.find(name); it != m_missingByName.end())
        return it->second;
    Library lib;
    lib.name = name;
    m_graph.libraries.push_back(std::move(lib));
    return m_missingByName[name] = m_graph.libraries.size() - 1;
}

std::size_t GraphBuilder::addRoot(const std::string &path, const bin::BinaryInfo *info)
{
    // A root met before (an alias, a library that is also a root) needs no name worked out.
    const auto known = m_byPath.find(std::string_view(path));
    const std::size_t index = known != m_byPath.end()
                                  ? known->second
                                  : found(paths::fileNameOf(path, paths::kWindows), path, Via::Root, {}, info);
    Library &lib = m_graph.libraries[index];
    if (!lib.root) {
        lib.root = true;
        lib.via = Via::Root;
        Root r;
        r.path = path;
        r.format = info ? formatName(info->format) : "unknown";
        r.arch = lib.arch;
        r.bits = lib.bits;
        r.library = index;
        m_graph.roots.push_back(std::move(r));
    }
    return index;
}

void GraphBuilder::addEdge(std::size_t from, std::size_t to, const std::string &name, Via via, bool delayLoad,
                           bool weak)
{
    // Every process walks its libraries again, so most edges exist already:
    // they are found among the few edges of `from`, with no hashing and no allocation.
    if (m_outEdges.size() <= from)
        m_outEdges.resize(std::max(from + 1, m_graph.libraries.size()));
    std::vector<std::size_t> &out = m_outEdges[from];
    for (const std::size_t i : out) {
        const Edge &e = m_graph.edges[i];
        if (e.to == to && e.name == name)
            return;
    }
    out.push_back(m_graph.edges.size());
    m_graph.edges.push_back(Edge{from, to, name, via, delayLoad, weak});
}

void GraphBuilder::addProblem(Problem problem)
{
    std::string key = factsKey(problem);
    if (auto it = m_problems.find(key); it != m_problems.end()) {
        Problem &existing = m_graph.problems[it->second];
        for (auto &requester : problem.neededBy)
            if (std::find(existing.neededBy.begin(), existing.neededBy.end(), requester) == existing.neededBy.end())
                existing.neededBy.push_back(std::move(requester));
        return;
    }
    m_problems.emplace(std::move(key), m_graph.problems.size());
    m_graph.problems.push_back(std::move(problem));
}

void GraphBuilder::merge(Graph other)
{
    // Room for both at once: growing by doubling would hold the old and the new
    // arrays together, twice the size of the largest graph (the peak of a large analysis).
    m_graph.libraries.reserve(m_graph.libraries.size() + other.libraries.size());
    m_graph.edges.reserve(m_graph.edges.size() + other.edges.size());
    m_graph.roots.reserve(m_graph.roots.size() + other.roots.size());
    std::vector<std::size_t> map(other.libraries.size());
    for (std::size_t i = 0; i < other.libraries.size(); ++i) {
        Library &lib = other.libraries[i];
        if (!lib.found) {
            map[i] = missing(lib.name);
            continue;
        }
        const auto it = m_byPath.find(lib.path);
        if (it != m_byPath.end()) {
            map[i] = it->second;
            if (lib.root) { // a root here, a dependency there: it is a root
                m_graph.libraries[it->second].root = true;
                m_graph.libraries[it->second].via = Via::Root;
            }
            continue;
        }
        m_graph.libraries.push_back(std::move(lib));
        map[i] = m_byPath[m_graph.libraries.back().path] = m_graph.libraries.size() - 1;
    }
    for (Root &r : other.roots) {
        r.library = map[r.library];
        m_graph.roots.push_back(std::move(r));
    }
    for (const Edge &e : other.edges)
        addEdge(map[e.from], map[e.to], e.name, e.via, e.delayLoad, e.weak);
    for (Problem &p : other.problems)
        addProblem(std::move(p));
}

void GraphBuilder::addAliasRoot(std::size_t primary, const std::string &aliasPath, const bin::BinaryInfo *info)
{
    const std::size_t alias = addRoot(aliasPath, info);
    const std::string primaryPath = m_graph.libraries[primary].path;
    if (m_outEdges.size() < m_graph.libraries.size())
        m_outEdges.resize(m_graph.libraries.size());
    // By index: adding the alias's edges may move both vectors.
    for (std::size_t k = 0, n = m_outEdges[primary].size(); k < n; ++k) {
        const Edge &e = m_graph.edges[m_outEdges[primary][k]];
        addEdge(alias, e.to == primary ? alias : e.to, e.name, e.via, e.delayLoad, e.weak);
    }
    if (m_problemsIndexed != m_graph.problems.size()) {
        m_problemsByRequester.clear();
        for (std::size_t i = 0; i < m_graph.problems.size(); ++i)
            for (const auto &requester : m_graph.problems[i].neededBy)
                m_problemsByRequester[requester].push_back(i);
        m_problemsIndexed = m_graph.problems.size();
    }
    if (const auto it = m_problemsByRequester.find(primaryPath); it != m_problemsByRequester.end())
        for (const std::size_t i : it->second)
            m_graph.problems[i].neededBy.push_back(aliasPath);
}

Graph GraphBuilder::take()
{
    m_byPath.clear();
    m_missingByName.clear();
    m_outEdges.clear();
    m_problemsByRequester.clear();
    m_problemsIndexed = 0;
    m_problems.clear();
    return std::move(m_graph);
}

ArchInfo archOf(const bin::BinaryInfo &info)
{
    if (const auto *e = info.elf())
        return {bin::elfMachineName(e->machine, e->is64, e->bigEndian), e->is64 ? 64 : 32};
    if (const auto *p = info.pe())
        return {bin::peMachineName(p->machine), p->pe32Plus ? 64 : 32};
    if (const auto *m = info.macho(); m && !m->slices.empty()) {
        // The slice a process would run: arm64, else x86_64, else the first
        // (the macOS emulation picks the same).
        const bin::MachOSlice *pick = &m->slices.front();
        for (const std::uint32_t preferred : {0x0100000cU, 0x01000007U}) {
            const auto it = std::find_if(m->slices.begin(), m->slices.end(),
                                         [&](const bin::MachOSlice &s) { return s.cpuType == preferred; });
            if (it != m->slices.end()) {
                pick = &*it;
                break;
            }
        }
        return {bin::machoCpuName(pick->cpuType, pick->cpuSubtype), pick->is64 ? 64 : 32};
    }
    return {};
}

const char *formatName(bin::Format format)
{
    switch (format) {
    case bin::Format::Elf: return "ELF";
    case bin::Format::Pe: return "PE";
    case bin::Format::MachO: return "Mach-O";
    case bin::Format::Unknown: break;
    }
    return "unknown";
}

} // namespace td::loader
