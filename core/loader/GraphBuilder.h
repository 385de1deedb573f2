// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Graph.h"
#include "binary/BinaryInfo.h"

#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>

namespace td::loader {

// Collects libraries, edges and problems: one node per file (or per missing
// name), edges de-duplicated, problems merged so that one missing library
// needed by forty others is one problem with forty requesters.
class GraphBuilder {
public:
    explicit GraphBuilder(TargetOs os) { m_graph.os = os; }

    // The node for a file that was found (created on first use).
    std::size_t found(const std::string &name, std::string_view path, Via via, const std::string &viaEntry,
                      const bin::BinaryInfo *info);
    // The node for a name that could not be resolved.
    std::size_t missing(const std::string &name);
    // A root; `info` may be null when it could not be read.
    std::size_t addRoot(const std::string &path, const bin::BinaryInfo *info);

    void addEdge(std::size_t from, std::size_t to, const std::string &name, Via via, bool delayLoad = false,
                 bool weak = false);
    void addProblem(Problem problem);

    // Adds everything of another graph (built by another worker), mapping
    // its libraries onto this graph's.
    void merge(Graph other);

    // Adds `aliasPath` as a root that loads exactly like the root at library
    // `primary` (the same file through another name in the same folder): its
    // edges and the problems of its direct dependencies are copied.
    void addAliasRoot(std::size_t primary, const std::string &aliasPath, const bin::BinaryInfo *info);

    [[nodiscard]] const Library &library(std::size_t index) const { return m_graph.libraries[index]; }
    Graph take();

private:
    Graph m_graph;
    struct StringHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
    };
    std::unordered_map<std::string, std::size_t, StringHash, std::equal_to<>> m_byPath;
    std::unordered_map<std::string, std::size_t> m_missingByName;
    std::vector<std::vector<std::size_t>> m_outEdges;                                // library -> its edges
    std::unordered_map<std::string, std::vector<std::size_t>> m_problemsByRequester; // for aliases
    std::size_t m_problemsIndexed = 0;
    std::map<std::string, std::size_t> m_problems; // by factsKey
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
