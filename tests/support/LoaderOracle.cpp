// SPDX-License-Identifier: GPL-3.0-or-later
#include "LoaderOracle.h"

#include <filesystem>
#include <regex>
#include <sstream>

namespace td::test {

const char *systemLoader()
{
    for (const char *p : {"/lib64/ld-linux-x86-64.so.2", "/lib/ld-linux-aarch64.so.1", "/lib/ld-linux.so.2"})
        if (std::filesystem::exists(p))
            return p;
    return "/lib64/ld-linux-x86-64.so.2";
}

namespace {

bool samePath(const std::string &a, const std::string &b)
{
    if (a == b)
        return true;
    std::error_code ec;
    return std::filesystem::equivalent(a, b, ec);
}

} // namespace

Resolution lddResolve(const std::string &file, const std::map<std::string, std::string> &env)
{
    // What ldd does: ld.so in trace mode, which lists every dependency
    // (missing ones as "not found") instead of stopping at the first.
    auto traced = env;
    traced["LD_TRACE_LOADED_OBJECTS"] = "1";
    return traceResolve({systemLoader(), file}, traced);
}

Resolution traceResolve(const std::vector<std::string> &argv, const std::map<std::string, std::string> &env)
{
    RunOptions options;
    options.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD"};
    options.setEnv = env;
    options.timeout = std::chrono::seconds(60);
    const RunResult r = run(argv, options);
    Resolution res;
    res.raw = r.out + r.err;
    res.loaderFailed = r.exitCode != 0;
    static const std::regex arrow(R"(^\s+(\S+) => (.+?)(?: \(0x[0-9a-f]+\))?$)");
    static const std::regex version(R"(version `([^']+)' not found)");
    static const std::regex bare(R"(^\s+(/\S+) \(0x[0-9a-f]+\)$)"); // a preload, or ld.so itself
    for (const auto &line : lines(r.out + "\n" + r.err)) {
        std::smatch m;
        if (std::regex_search(line, m, version))
            res.versionErrors.insert(m[1]);
        if (std::regex_match(line, m, bare)) {
            res.found[m[1]] = m[1];
            continue;
        }
        if (!std::regex_match(line, m, arrow))
            continue;
        const std::string name = m[1], where = m[2];
        if (where == "not found")
            res.notFound.insert(name);
        else
            res.found[name] = where;
    }
    return res;
}

Resolution graphResolve(const loader::Graph &graph, std::size_t rootIndex)
{
    Resolution res;
    std::set<std::size_t> seen{rootIndex};
    std::vector<std::size_t> todo{rootIndex};
    while (!todo.empty()) {
        const std::size_t node = todo.back();
        todo.pop_back();
        for (const auto &e : graph.edges) {
            if (e.from != node)
                continue;
            const auto &lib = graph.libraries[e.to];
            // ld.so itself is listed by ldd without "=>"; leave it out on both sides.
            if (e.name.find("ld-linux") != std::string::npos)
                continue;
            if (lib.found)
                res.found.emplace(e.name, lib.path);
            else
                res.notFound.insert(e.name);
            if (seen.insert(e.to).second)
                todo.push_back(e.to);
        }
    }
    for (const auto &p : graph.problems)
        if (p.kind == loader::ProblemKind::VersionMissing)
            res.versionErrors.insert(p.name);
    return res;
}

std::string compareResolutions(const Resolution &expected, const Resolution &actual)
{
    std::ostringstream diff;
    for (const auto &[name, path] : expected.found) {
        if (name.find("ld-linux") != std::string::npos)
            continue;
        auto it = actual.found.find(name);
        if (it == actual.found.end())
            diff << "  " << name << ": ld.so " << path << ", ours "
                 << (actual.notFound.count(name) ? "not found" : "absent") << "\n";
        else if (!samePath(it->second, path))
            diff << "  " << name << ": ld.so " << path << ", ours " << it->second << "\n";
    }
    for (const auto &name : expected.notFound)
        if (!actual.notFound.count(name))
            diff << "  " << name << ": ld.so not found, ours "
                 << (actual.found.count(name) ? actual.found.at(name) : "absent") << "\n";
    for (const auto &[name, path] : actual.found)
        if (name.find("ld-linux") == std::string::npos && !expected.found.count(name) && !expected.notFound.count(name))
            diff << "  " << name << ": ours " << path << ", ld.so does not list it\n";
    for (const auto &v : expected.versionErrors)
        if (!actual.versionErrors.count(v))
            diff << "  version " << v << ": ld.so reports it missing, ours does not\n";
    for (const auto &v : actual.versionErrors)
        if (!expected.versionErrors.count(v))
            diff << "  version " << v << ": ours reports it missing, ld.so does not\n";
    return diff.str();
}

} // namespace td::test
