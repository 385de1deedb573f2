// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TestSupport.h"

#include "loader/Graph.h"

#include <map>
#include <set>
#include <string>

namespace td::test {

// What one process would load: every name asked for, and the file it got
// ("" when not found). Versions that failed are listed apart.
struct Resolution {
    std::map<std::string, std::string> found;
    std::set<std::string> notFound;
    std::set<std::string> versionErrors; // "GLIBCXX_3.4.30"
    bool loaderFailed = false;           // ld.so stopped with an error
    std::string raw;
};

// ld.so's own answer: `ld.so --list FILE` (what ldd runs), with `env` set
// and LD_LIBRARY_PATH / LD_PRELOAD unset unless given.
Resolution lddResolve(const std::string &file, const std::map<std::string, std::string> &env = {});

// The same listing, from the command line `argv` as it is (with
// LD_TRACE_LOADED_OBJECTS=1 in `env`, or `ld.so --list`): for a program
// run by its own path (the kernel then names it for $ORIGIN), or ld.so
// started inside another mount namespace.
Resolution traceResolve(const std::vector<std::string> &argv, const std::map<std::string, std::string> &env = {});

// The system's ld.so (/lib64/ld-linux-x86-64.so.2 here).
const char *systemLoader();

// Ours, for the root at `rootIndex` of the graph: the edges reachable from it.
Resolution graphResolve(const loader::Graph &graph, std::size_t rootIndex);

// "" when they agree, else what differs (for the failure message).
std::string compareResolutions(const Resolution &expected, const Resolution &actual);

} // namespace td::test
