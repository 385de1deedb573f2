// SPDX-License-Identifier: GPL-3.0-or-later
#include "GraphBuilder.h"

#include <algorithm>

namespace td::loader {

namespace {
std::string fileName(const std::string &path)
{
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

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
}
} // namespace

std::size_t GraphBuilder::found(const std::string &name, const std::string &path, Via via,
                                const std::string &viaEntry, const bin::BinaryInfo *info)
{
    if (auto it = m_byPath.find(path); it != m_byPath.end())
        return it->second;
    Library lib;
    lib.name = name;
    lib.path = path;
    lib.found = true;
    lib.via = via;
    lib.viaEntry = viaEntry;
    describe(lib, info);
    m_graph.libraries.push_back(std::move(lib));
    return m_byPath[path] = m_graph.libraries.size() - 1;
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
    const std::size_t index = found(fileName(path), path, Via::Root, {}, info);
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

void GraphBuilder::addEdge(std::size_t from, std::size_t to, const std::string &name, Via via,
                           bool delayLoad, bool weak)
{
    auto key = std::make_tuple(from, to, name);
    if (m_edges.count(key))
        return;
    m_edges.emplace(std::move(key), m_graph.edges.size());
    m_graph.edges.push_back(Edge{from, to, name, via, delayLoad, weak});
}

void GraphBuilder::addProblem(Problem problem)
{
    auto key = std::make_tuple(static_cast<int>(problem.kind), problem.name, problem.paths, problem.detail);
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

Graph GraphBuilder::take()
{
    m_byPath.clear();
    m_missingByName.clear();
    m_edges.clear();
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
