// SPDX-License-Identifier: GPL-3.0-or-later
#include "SymbolCheck.h"

#include "PathNames.h"

#include <algorithm>
#include <functional>
#include <optional>

namespace td::loader {

namespace {

// The names ld.so knows an object by: its soname, else its file name.
bool knownAs(const ScopeObject &o, std::string_view name)
{
    return (!o.elf->soname.empty() && o.elf->soname == name) || paths::fileNameOf(o.path) == name;
}

} // namespace

SymbolChecker::Table &SymbolChecker::table(std::string_view path, const bin::ElfInfo &elf)
{
    auto [it, inserted] = m_tables.try_emplace(std::string(path));
    if (!inserted)
        return *it->second;
    it->second = std::make_unique<Table>();
    Table &t = *it->second;
    t.source = bin::FileByteSource::open(std::string(path), t.error);
    if (t.source) {
        t.symbols = std::make_unique<bin::ElfSymbolTable>(*t.source, elf);
        t.error = t.symbols->error();
    }
    return t;
}

bool SymbolChecker::defines(std::string_view path, const bin::ElfInfo &elf, const bin::ElfSymbolNeed &need)
{
    const Table &t = table(path, elf);
    return t.symbols && t.error.empty() && t.symbols->defines(need.name, need.version);
}

void SymbolChecker::check(const std::vector<ScopeObject> &scope, GraphBuilder &graph)
{
    // The libraries that won over another copy from outside the package:
    // where a missing symbol is most likely, and where the default looks.
    std::vector<const ScopeObject *> shadowing;
    for (const ScopeObject &o : scope)
        if (o.elf && o.fromOutside && !o.otherCopies.empty())
            shadowing.push_back(&o);
    if (m_mode == SymbolCheck::WhereShadowed && shadowing.empty())
        return;

    std::uint64_t scopeKey = 1469598103934665603ULL;
    std::unordered_set<std::size_t> nodes; // of this process
    for (const ScopeObject &o : scope) {
        scopeKey = (scopeKey ^ o.node) * 1099511628211ULL;
        nodes.insert(o.node);
    }

    // A library loaded into a known program (python): the process is whole, whatever the root is.
    const bool hosted = !scope.empty() && scope.front().host;
    const auto root = std::find_if(scope.begin(), scope.end(), [](const ScopeObject &o) { return !o.host; });
    for (const ScopeObject &o : scope) {
        if (!o.elf || !o.elf->hasDynamic || o.node == kNoGraphNode || o.host)
            continue;
        // The shadowing libraries this object needs directly.
        std::vector<std::string_view> intoShadowing;
        for (const ScopeObject *s : shadowing)
            for (const std::string &n : o.elf->needed)
                if (knownAs(*s, n))
                    intoShadowing.push_back(n);
        const bool all = m_mode == SymbolCheck::All;
        if (m_mode == SymbolCheck::WhereShadowed && intoShadowing.empty())
            continue;
        // Versioned: the package's libraries (the root and what its own search paths find).
        if (m_mode == SymbolCheck::Versioned && intoShadowing.empty() && !o.packagesOwn
            && (root == scope.end() || &o != &*root))
            continue;
        if (!m_checked.insert(std::hash<std::uint64_t>()(scopeKey ^ (std::uint64_t{o.node} << 1))).second)
            continue;
        Table &t = table(o.path, *o.elf);
        if (!t.symbols || !t.error.empty())
            continue;
        if (!t.needsRead) {
            t.needsRead = true;
            if (!t.symbols->needs(t.needs))
                t.needs.clear();
        }
        // The object of this process each version need names (nullptr: it did not load, which
        // is reported as missing already).
        std::unordered_map<std::string_view, const ScopeObject *> named;
        for (const bin::ElfVersionNeed &vn : o.elf->versionNeeds) {
            const auto it = std::find_if(scope.begin(), scope.end(),
                                         [&](const ScopeObject &d) { return d.elf && knownAs(d, vn.file); });
            named.emplace(vn.file, it == scope.end() ? nullptr : &*it);
        }
        std::vector<Miss> misses;
        for (const bin::ElfSymbolNeed &need : t.needs) {
            if (need.weak)
                continue;
            const bool intoShadowed =
                std::find(intoShadowing.begin(), intoShadowing.end(), need.versionFile) != intoShadowing.end();
            const ScopeObject *likely = nullptr;
            if (need.version.empty()) {
                // The program that loads a library may define what it needs
                // unversioned (Python's C API): a miss is certain only in a
                // whole process, or when a copy it shadowed has the symbol.
                if (!all && !hosted && intoShadowing.empty())
                    continue;
            } else {
                if (m_mode == SymbolCheck::WhereShadowed && !intoShadowed)
                    continue;
                const auto it = named.find(need.versionFile);
                if (it == named.end() || !it->second)
                    continue;
                likely = it->second;
            }
            // Where it bound in an earlier process, if that file is in this one too.
            if (const auto it = m_boundBy.find(&need); it != m_boundBy.end() && nodes.count(it->second))
                continue;
            const auto bindsTo = [&](const ScopeObject &d) { return d.elf && defines(d.path, *d.elf, need); };
            const ScopeObject *definer = likely && bindsTo(*likely) ? likely : nullptr;
            if (!definer)
                if (const auto it = std::find_if(scope.begin(), scope.end(), bindsTo); it != scope.end())
                    definer = &*it;
            if (definer)
                m_boundBy[&need] = definer->node;
            else if (auto miss = explain(scope, o, need))
                misses.push_back(*miss);
        }
        for (Miss &miss : misses)
            if (miss.unversioned)
                miss.provider = likelyProvider(scope, o, *miss.need);
        report(o, misses, graph);
    }
}

std::optional<SymbolChecker::Miss> SymbolChecker::explain(const std::vector<ScopeObject> &scope,
                                                          const ScopeObject &requester, const bin::ElfSymbolNeed &need)
{
    // The library the symbol should come from (the one its version names,
    // or, unversioned, one the requester needs), and a copy of it that has it.
    Miss miss{&need, nullptr, {}};
    for (const ScopeObject &d : scope) {
        if (!d.elf)
            continue;
        const bool candidate =
            need.version.empty()
                ? std::any_of(requester.elf->needed.begin(), requester.elf->needed.end(),
                              [&](const std::string &n) { return knownAs(d, n); })
                : knownAs(d, need.versionFile);
        if (!candidate)
            continue;
        for (const std::string_view other : d.otherCopies) {
            const auto info = m_cache.binary(std::string(other));
            if (const bin::ElfInfo *elf = info ? info->elf() : nullptr; elf && defines(other, *elf, need)) {
                miss.provider = &d;
                miss.better = other;
                break;
            }
        }
        if (!miss.better.empty())
            break;
        if (!miss.provider && !need.version.empty())
            miss.provider = &d;
    }
    // Unversioned and no copy has it: the program that loads a library may
    // define it (Python's C API), so it is missing only in a whole process.
    const bool wholeProcess = scope.front().elf && !scope.front().elf->interpreter.empty();
    if (need.version.empty() && miss.better.empty()) {
        if (!scope.front().host && !(m_mode == SymbolCheck::All && wholeProcess))
            return std::nullopt;
        miss.unversioned = true; // its library is worked out once every reference has bound (likelyProvider)
    }
    if (miss.provider && miss.provider->node == kNoGraphNode)
        miss.provider = nullptr;
    return miss;
}

const ScopeObject *SymbolChecker::likelyProvider(const std::vector<ScopeObject> &scope, const ScopeObject &requester,
                                                 const bin::ElfSymbolNeed &need) const
{
    // An unversioned reference names no library. The one it belongs to is the library that defines the
    // requester's other references of the same family: the longest shared start of a name
    // ("ncclCommResume" with "ncclCommInitRank", "_ZN3c106detail" with other c10 functions).
    const auto t = m_tables.find(std::string(requester.path));
    if (t == m_tables.end())
        return nullptr;
    // The start every C++ name has ("_ZN", "_ZNK", "_Z") says nothing of the library.
    const std::size_t mangling = need.name.rfind("_ZNK", 0) == 0 ? 4
                                 : need.name.rfind("_ZN", 0) == 0 ? 3
                                 : need.name.rfind("_Z", 0) == 0  ? 2
                                                                   : 0;
    std::size_t best = mangling + 3, node = kNoGraphNode; // at least 4 characters of the name itself
    for (const bin::ElfSymbolNeed &other : t->second->needs) {
        const auto bound = m_boundBy.find(&other);
        if (bound == m_boundBy.end() || bound->second == kNoGraphNode)
            continue;
        const auto differ = std::mismatch(need.name.begin(), need.name.end(), other.name.begin(), other.name.end());
        const auto shared = static_cast<std::size_t>(differ.first - need.name.begin());
        if (shared > best && shared < need.name.size()) {
            best = shared;
            node = bound->second;
        }
    }
    const auto it = std::find_if(scope.begin(), scope.end(), [node](const ScopeObject &o) {
        return node != kNoGraphNode && o.node == node && o.elf;
    });
    return it == scope.end() ? nullptr : &*it;
}

void SymbolChecker::report(const ScopeObject &requester, const std::vector<Miss> &misses, GraphBuilder &graph)
{
    // One problem per library (and copy) the symbols should come from, naming each missing symbol.
    std::vector<bool> done(misses.size(), false);
    for (std::size_t i = 0; i < misses.size(); ++i) {
        if (done[i])
            continue;
        const Miss &m = misses[i];
        Problem p;
        p.kind = ProblemKind::SymbolMissing;
        p.name = m.need->name;
        p.symbolVersion = m.need->version;
        p.symbolLibrary = m.provider ? (m.provider->elf->soname.empty() ? paths::fileNameOf(m.provider->path)
                                                                        : m.provider->elf->soname)
                                     : m.need->versionFile;
        for (std::size_t j = i; j < misses.size(); ++j) {
            const Miss &o = misses[j];
            if (!done[j] && o.provider == m.provider && o.better == m.better && o.need->version == m.need->version) {
                done[j] = true;
                p.symbols.push_back(o.need->name);
            }
        }
        p.neededBy = {std::string(requester.path)};
        p.cause = Cause::SymbolUndefined;
        if (m.provider) {
            const Library &loaded = graph.library(m.provider->node);
            p.paths = {std::string(m.provider->path)};
            CandidateFile copy;
            copy.path = m.provider->path;
            copy.step.via = loaded.via;
            copy.step.entry = loaded.viaEntry;
            copy.step.folder = paths::folderOf(copy.path);
            p.candidates.push_back(std::move(copy));
            if (!m.better.empty()) {
                p.paths.emplace_back(m.better);
                CandidateFile other;
                other.path = m.better;
                p.candidates.push_back(std::move(other));
            }
        }
        graph.addProblem(std::move(p));
    }
}

} // namespace td::loader
