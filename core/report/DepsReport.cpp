// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/DepsReport.h"

#include <QJsonArray>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

namespace td::report {

using namespace td::loader;

QString fromNativeBytes(const std::string &bytes)
{
    // Almost every name is plain ASCII: convert those in one go.
    if (std::all_of(bytes.begin(), bytes.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return QString::fromLatin1(bytes.data(), static_cast<qsizetype>(bytes.size()));
    QString out;
    out.reserve(static_cast<qsizetype>(bytes.size()));
    const auto *p = reinterpret_cast<const unsigned char *>(bytes.data());
    const std::size_t n = bytes.size();
    std::size_t i = 0;
    while (i < n) {
        // Length of a valid UTF-8 sequence at i, or 0.
        std::size_t len = 0;
        const unsigned char c = p[i];
        if (c < 0x80)
            len = 1;
        else if (c >= 0xc2 && c <= 0xdf)
            len = 2;
        else if (c >= 0xe0 && c <= 0xef)
            len = 3;
        else if (c >= 0xf0 && c <= 0xf4)
            len = 4;
        bool valid = len > 0 && i + len <= n;
        for (std::size_t k = 1; valid && k < len; ++k)
            valid = (p[i + k] & 0xc0) == 0x80;
        if (valid && len == 3) {
            valid = !(c == 0xe0 && p[i + 1] < 0xa0) && !(c == 0xed && p[i + 1] >= 0xa0);
        } else if (valid && len == 4) {
            valid = !(c == 0xf0 && p[i + 1] < 0x90) && !(c == 0xf4 && p[i + 1] >= 0x90);
        }
        if (valid) {
            out += QString::fromUtf8(reinterpret_cast<const char *>(p + i), static_cast<qsizetype>(len));
            i += len;
        } else {
            out += QStringLiteral("\\x") + QString::number(c, 16).toUpper().rightJustified(2, QLatin1Char('0'));
            ++i;
        }
    }
    return out;
}

namespace {

QString str(const char *s)
{
    return QString::fromLatin1(s);
}

QString plural(std::size_t n)
{
    return n == 1 ? QString() : QStringLiteral("s");
}
QString plural(int n)
{
    return plural(static_cast<std::size_t>(n));
}

QJsonArray stringArray(const std::vector<std::string> &items)
{
    QJsonArray out;
    for (const auto &s : items)
        out.append(fromNativeBytes(s));
    return out;
}

} // namespace

QJsonObject depsToJson(const Graph &graph)
{
    QJsonArray roots;
    for (const Root &r : graph.roots) {
        roots.append(QJsonObject{
            {QStringLiteral("path"), fromNativeBytes(r.path)},
            {QStringLiteral("format"), str(r.format.c_str())},
            {QStringLiteral("arch"), str(r.arch.c_str())},
            {QStringLiteral("bits"), r.bits},
        });
    }
    QJsonArray libraries;
    for (const Library &l : graph.libraries) {
        QJsonObject o{
            {QStringLiteral("name"), fromNativeBytes(l.name)},
            {QStringLiteral("path"), l.found ? QJsonValue(fromNativeBytes(l.path)) : QJsonValue()},
            {QStringLiteral("found"), l.found},
            {QStringLiteral("via"), str(toString(l.via))},
            {QStringLiteral("arch"), str(l.arch.c_str())},
            {QStringLiteral("bits"), l.bits},
            {QStringLiteral("root"), l.root},
        };
        if (!l.viaEntry.empty())
            o.insert(QStringLiteral("via_entry"), fromNativeBytes(l.viaEntry));
        if (!l.version.empty())
            o.insert(QStringLiteral("version"), str(l.version.c_str()));
        if (!l.error.empty())
            o.insert(QStringLiteral("error"), fromNativeBytes(l.error));
        libraries.append(o);
    }
    QJsonArray edges;
    for (const Edge &e : graph.edges) {
        edges.append(QJsonObject{
            {QStringLiteral("from"), static_cast<qint64>(e.from)},
            {QStringLiteral("to"), static_cast<qint64>(e.to)},
            {QStringLiteral("name"), fromNativeBytes(e.name)},
            {QStringLiteral("via"), str(toString(e.via))},
            {QStringLiteral("delay_load"), e.delayLoad},
            {QStringLiteral("weak"), e.weak},
        });
    }
    QJsonArray problems;
    int errors = 0, warnings = 0;
    for (const Problem &p : graph.problems) {
        (p.severity == Severity::Error ? errors : warnings)++;
        problems.append(QJsonObject{
            {QStringLiteral("kind"), str(toString(p.kind))},
            {QStringLiteral("severity"), str(toString(p.severity))},
            {QStringLiteral("name"), fromNativeBytes(p.name)},
            {QStringLiteral("needed_by"), stringArray(p.neededBy)},
            {QStringLiteral("paths"), stringArray(p.paths)},
            {QStringLiteral("detail"), fromNativeBytes(p.detail)},
        });
    }
    return QJsonObject{
        {QStringLiteral("os"), str(toString(graph.os))},
        {QStringLiteral("roots"), roots},
        {QStringLiteral("libraries"), libraries},
        {QStringLiteral("edges"), edges},
        {QStringLiteral("problems"), problems},
        {QStringLiteral("summary"),
         QJsonObject{
             {QStringLiteral("roots"), static_cast<qint64>(graph.roots.size())},
             {QStringLiteral("libraries"), static_cast<qint64>(graph.libraries.size())},
             {QStringLiteral("errors"), errors},
             {QStringLiteral("warnings"), warnings},
         }},
    };
}

namespace {

class TreePrinter {
public:
    TreePrinter(const Graph &graph, QString &out, bool verbose) : m_graph(graph), m_out(out), m_verbose(verbose)
    {
        for (std::size_t i = 0; i < graph.edges.size(); ++i)
            m_children[graph.edges[i].from].push_back(i);
    }

    void printRoot(const Root &root)
    {
        m_out += fromNativeBytes(root.path) + QStringLiteral(" [") + str(root.format.c_str());
        if (!root.arch.empty())
            m_out += QStringLiteral(", ") + str(root.arch.c_str());
        m_out += QStringLiteral("]\n");
        m_expanded.clear();
        m_printed.clear();
        m_expanded.insert(root.library);
        m_printed.insert(root.library);
        printChildren(root.library, QString());
    }

private:
    void printChildren(std::size_t node, const QString &indent)
    {
        const auto it = m_children.find(node);
        if (it == m_children.end())
            return;
        // Like libtree: a library is printed once; later edges to it are
        // left out unless verbose (they are all in the JSON).
        std::vector<std::size_t> shown;
        for (const std::size_t index : it->second) {
            const Edge &e = m_graph.edges[index];
            if (m_verbose || !m_printed.count(e.to) || !m_graph.libraries[e.to].found)
                shown.push_back(index);
            m_printed.insert(e.to);
        }
        for (std::size_t k = 0; k < shown.size(); ++k) {
            const Edge &e = m_graph.edges[shown[k]];
            const Library &child = m_graph.libraries[e.to];
            const bool last = k + 1 == shown.size();
            m_out += indent + (last ? QStringLiteral("└── ") : QStringLiteral("├── ")) + fromNativeBytes(e.name);
            if (!child.found) {
                m_out +=
                    e.weak || e.delayLoad ? QStringLiteral(" not found (optional)") : QStringLiteral(" ✗ not found");
            } else {
                if (child.path != e.name)
                    m_out += QStringLiteral(" ⇒ ") + fromNativeBytes(child.path);
                const Via via = e.via == Via::Loaded ? child.via : e.via;
                m_out += QStringLiteral(" [") + str(toString(via));
                const bool showEntry = via == Via::Rpath || via == Via::Runpath || via == Via::LdLibraryPath
                                       || via == Via::Path || via == Via::AddDllDirectory
                                       || via == Via::DyldLibraryPath;
                if (showEntry && !child.viaEntry.empty())
                    m_out += QStringLiteral(" ") + fromNativeBytes(child.viaEntry);
                if (!child.version.empty())
                    m_out += QStringLiteral(", ") + str(child.version.c_str());
                if (e.delayLoad)
                    m_out += QStringLiteral(", delay-load");
                if (e.weak)
                    m_out += QStringLiteral(", weak");
                m_out += QStringLiteral("]");
            }
            const bool again = m_expanded.count(e.to) != 0;
            if (child.found && again && m_children.count(e.to))
                m_out += QStringLiteral(" (see above)");
            m_out += QLatin1Char('\n');
            if (child.found && !again) {
                m_expanded.insert(e.to);
                printChildren(e.to, indent + (last ? QStringLiteral("    ") : QStringLiteral("│   ")));
            }
        }
    }

    const Graph &m_graph;
    QString &m_out;
    bool m_verbose;
    std::set<std::size_t> m_printed;
    std::map<std::size_t, std::vector<std::size_t>> m_children;
    std::set<std::size_t> m_expanded;
};

} // namespace

QString depsToText(const Graph &graph, const DepsTextOptions &options)
{
    QString out;
    const bool trees = options.verbose || static_cast<int>(graph.roots.size()) <= options.treeRootLimit;
    TreePrinter printer(graph, out, options.verbose);
    std::map<std::string, int> problemsByRoot;
    for (const Problem &p : graph.problems)
        for (const auto &requester : p.neededBy)
            ++problemsByRoot[requester];
    for (const Root &r : graph.roots) {
        if (trees) {
            printer.printRoot(r);
        } else {
            const int n = problemsByRoot[r.path];
            out += (n ? QStringLiteral("✗ ") : QStringLiteral("✓ ")) + fromNativeBytes(r.path);
            if (n)
                out += QStringLiteral(" (%1 problem%2)").arg(n).arg(plural(n));
            out += QLatin1Char('\n');
        }
    }
    int errors = 0, warnings = 0;
    for (const Problem &p : graph.problems)
        (p.severity == Severity::Error ? errors : warnings)++;
    if (!graph.problems.empty()) {
        out += QStringLiteral("\nProblems:\n");
        for (const Problem &p : graph.problems) {
            out += (p.severity == Severity::Error ? QStringLiteral("✗ ") : QStringLiteral("! ")) + str(toString(p.kind))
                   + QStringLiteral(": ") + fromNativeBytes(p.name) + QLatin1Char('\n');
            if (!p.neededBy.empty()) {
                out += QStringLiteral("    needed by: ");
                for (std::size_t i = 0; i < p.neededBy.size(); ++i) {
                    if (i == 5 && !options.verbose) {
                        out += QStringLiteral(", and %1 more").arg(p.neededBy.size() - 5);
                        break;
                    }
                    out += (i ? QStringLiteral(", ") : QString()) + fromNativeBytes(p.neededBy[i]);
                }
                out += QLatin1Char('\n');
            }
            out += QStringLiteral("    ") + fromNativeBytes(p.detail) + QLatin1Char('\n');
        }
    }
    out += QStringLiteral("\n%1 root%2, %3 librar%4, %5 error%6, %7 warning%8\n")
               .arg(graph.roots.size())
               .arg(plural(graph.roots.size()))
               .arg(graph.libraries.size())
               .arg(graph.libraries.size() == 1 ? QStringLiteral("y") : QStringLiteral("ies"))
               .arg(errors)
               .arg(plural(errors))
               .arg(warnings)
               .arg(plural(warnings));
    return out;
}

} // namespace td::report
