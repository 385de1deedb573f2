// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Graph.h"
#include "binary/BinaryInfo.h"

#include <map>
#include <string>
#include <tuple>

namespace td::loader {

// Collects libraries, edges and problems: one node per file (or per missing
// name), edges de-duplicated, problems merged so that one missing library
// needed by forty others is one problem with forty requesters.
class GraphBuilder {
public:
    explicit GraphBuilder(TargetOs os) { m_graph.os = os; }

    // The node for a file that was found (created on first use).
    std::size_t found(const std::string &name, const std::string &path, Via via,
                      const std::string &viaEntry, const bin::BinaryInfo *info);
    // The node for a name that could not be resolved.
    std::size_t missing(const std::string &name);
    // A root; `info` may be null when it could not be read.
    std::size_t addRoot(const std::string &path, const bin::BinaryInfo *info);

    void addEdge(std::size_t from, std::size_t to, const std::string &name, Via via,
                 bool delayLoad = false, bool weak = false);
    void addProblem(Problem problem);

    [[nodiscard]] const Library &library(std::size_t index) const { return m_graph.libraries[index]; }
    Graph take();

private:
    Graph m_graph;
    std::map<std::string, std::size_t> m_byPath;
    std::map<std::string, std::size_t> m_missingByName;
    std::map<std::tuple<std::size_t, std::size_t, std::string>, std::size_t> m_edges;
    std::map<std::tuple<int, std::string, std::vector<std::string>, std::string>, std::size_t> m_problems;
};

// Architecture of a parsed file, in the loader's words ("x86_64", "x64",
// "arm64") and its word size. For a universal Mach-O file: the slice a
// process would run (arm64, else x86_64, else the first).
struct ArchInfo {
    std::string name;
    int bits = 0;
};
ArchInfo archOf(const bin::BinaryInfo &info);

const char *formatName(bin::Format format);

} // namespace td::loader
