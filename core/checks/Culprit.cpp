// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/Culprit.h"

#include <QCoreApplication>

#include "checks/CheckSupport.h"
#include "checks/ProblemText.h"
#include "platform/NativeText.h"

#include <QFileInfo>

#include <algorithm>
#include <deque>
#include <map>

namespace td::checks {

namespace {

struct CulpritText {
    Q_DECLARE_TR_FUNCTIONS(Culprit)
};

bool sameName(const QString &a, const QString &b)
{
    return a.compare(b, Qt::CaseInsensitive) == 0;
}

// Library index by name or path (case-insensitive, as on Windows).
std::optional<std::size_t> libraryNamed(const loader::Graph &graph, const QString &nameOrPath)
{
    const QString name = fileNameOf(nameOrPath);
    for (std::size_t i = 0; i < graph.libraries.size(); ++i) {
        const auto &lib = graph.libraries[i];
        if (sameName(platform::fromNativeBytes(lib.path), nameOrPath)
            || sameName(platform::fromNativeBytes(lib.name), name)
            || sameName(fileNameOf(platform::fromNativeBytes(lib.path)), name))
            return i;
    }
    return std::nullopt;
}

// Libraries reachable from `from` (itself included), with the edge each was reached by.
std::map<std::size_t, std::size_t> reachable(const loader::Graph &graph, std::size_t from)
{
    std::map<std::size_t, std::size_t> parent{{from, from}};
    std::deque<std::size_t> queue{from};
    while (!queue.empty()) {
        const std::size_t node = queue.front();
        queue.pop_front();
        for (const auto &e : graph.edges)
            if (e.from == node && !e.delayLoad && parent.emplace(e.to, node).second)
                queue.push_back(e.to);
    }
    return parent;
}

QStringList chainFrom(const loader::Graph &graph, const std::map<std::size_t, std::size_t> &parent, std::size_t target)
{
    QStringList chain;
    for (std::size_t node = target;; node = parent.at(node)) {
        chain.prepend(fileNameOf(platform::fromNativeBytes(graph.libraries[node].found ? graph.libraries[node].path
                                                                                       : graph.libraries[node].name)));
        if (parent.at(node) == node)
            break;
    }
    return chain;
}

Culprit fromProblem(const loader::Problem &p, loader::TargetOs os)
{
    Culprit c;
    // A missing symbol's culprit is the copy of its library that loads.
    const bool symbol = p.kind == loader::ProblemKind::SymbolMissing && !p.paths.empty();
    c.library = fileNameOf(platform::fromNativeBytes(symbol ? p.paths.front() : p.name));
    c.kind = QString::fromLatin1(loader::toString(p.kind));
    if (!p.paths.empty())
        c.path = platform::fromNativeBytes(p.paths.front());
    c.detail = ProblemText::describe(p, os);
    return c;
}

} // namespace

QStringList chainTo(const loader::Graph &graph, std::size_t target)
{
    for (const auto &root : graph.roots) {
        const auto parent = reachable(graph, root.library);
        if (parent.count(target))
            return chainFrom(graph, parent, target);
    }
    return {};
}

std::optional<Culprit> findCulprit(const python::ClassifiedError &error, const loader::Graph &graph)
{
    using Kind = python::ClassifiedError::Kind;
    std::vector<const loader::Problem *> errors;
    for (const auto &p : graph.problems)
        if (p.severity == loader::Severity::Error)
            errors.push_back(&p);
    if (errors.empty())
        return std::nullopt;

    // The library a problem is about, as a graph node.
    auto nodeOf = [&](const loader::Problem &p) -> std::optional<std::size_t> {
        if ((p.kind == loader::ProblemKind::VersionMissing || p.kind == loader::ProblemKind::SymbolMissing)
            && !p.paths.empty())
            return libraryNamed(graph, platform::fromNativeBytes(p.paths.front()));
        return libraryNamed(graph, platform::fromNativeBytes(p.name));
    };

    // 1. Reachable from the file the message names (Windows: the DLL torch
    //    tried; Linux: the library whose dependency failed).
    const QString named = !error.path.isEmpty() ? error.path : error.requiredBy;
    if (!named.isEmpty()) {
        // (Only a library that exists can be the start of a walk: on Linux
        // the file a message names is often the missing one itself.)
        if (const auto start = libraryNamed(graph, named); start && graph.libraries[*start].found) {
            const auto parent = reachable(graph, *start);
            for (const auto *p : errors) {
                const auto node = nodeOf(*p);
                if (node && parent.count(*node)) {
                    Culprit c = fromProblem(*p, graph.os);
                    c.chain = chainFrom(graph, parent, *node);
                    return c;
                }
            }
        }
    }
    // 2. The library the message itself names as missing.
    if ((error.kind == Kind::MissingSharedObject || error.kind == Kind::LibraryNotLoaded) && !error.library.isEmpty()) {
        for (const auto *p : errors) {
            if (sameName(fileNameOf(platform::fromNativeBytes(p->name)), fileNameOf(error.library))) {
                Culprit c = fromProblem(*p, graph.os);
                if (const auto node = nodeOf(*p))
                    c.chain = chainTo(graph, *node);
                return c;
            }
        }
    }
    if (error.kind == Kind::VersionNotFound && !error.version.isEmpty()) {
        for (const auto *p : errors) {
            if (platform::fromNativeBytes(p->name) == error.version) {
                Culprit c = fromProblem(*p, graph.os);
                if (const auto node = nodeOf(*p))
                    c.chain = chainTo(graph, *node);
                return c;
            }
        }
    }
    if (error.kind == Kind::UndefinedSymbol && !error.symbol.isEmpty()) {
        for (const auto *p : errors) {
            if (p->kind != loader::ProblemKind::SymbolMissing
                || std::find(p->symbols.begin(), p->symbols.end(), error.symbol.toStdString()) == p->symbols.end())
                continue;
            Culprit c = fromProblem(*p, graph.os);
            if (const auto node = nodeOf(*p))
                c.chain = chainTo(graph, *node);
            return c;
        }
    }
    // 3. Any error problem at all explains a load failure better than nothing.
    Culprit c = fromProblem(*errors.front(), graph.os);
    if (const auto node = nodeOf(*errors.front()))
        c.chain = chainTo(graph, *node);
    return c;
}

QString problemWords(const QString &kind)
{
    if (kind == QLatin1String("missing") || kind.isEmpty())
        return CulpritText::tr("missing");
    if (kind == QLatin1String("wrong-arch"))
        return CulpritText::tr("wrong architecture");
    if (kind == QLatin1String("version-missing"))
        return CulpritText::tr("version missing");
    if (kind == QLatin1String("symbol-missing"))
        return CulpritText::tr("a symbol missing");
    if (kind == QLatin1String("shadowed"))
        return CulpritText::tr("another copy is in the way");
    return CulpritText::tr("cannot be loaded");
}

} // namespace td::checks
