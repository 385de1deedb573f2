// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/DepsReport.h"

#include "binary/CudaCode.h"
#include "binary/HipCode.h"
#include "checks/ProblemText.h"
#include "report/JsonWriter.h"
#include "report/OutputBuffer.h"

#include <QCoreApplication>
#include "platform/NativeText.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace td::report {

using namespace td::loader;
using platform::appendLatin1;
using platform::appendNativeText;

namespace {

struct DepsText {
    Q_DECLARE_TR_FUNCTIONS(DepsText)
};

// The words of the tree and the summary, in the language installed (as UTF-8,
// looked up once per report).
struct Labels {
    std::string notFound = DepsText::tr(" ✗ not found").toStdString();
    std::string notFoundOptional = DepsText::tr(" not found (optional)").toStdString();
    std::string delayLoad = DepsText::tr(", delay-load").toStdString();
    std::string weak = DepsText::tr(", weak").toStdString();
    std::string seeAbove = DepsText::tr(" (see above)").toStdString();
    std::string problems = DepsText::tr("Problems:").toStdString();
    std::string neededBy = DepsText::tr("needed by: ").toStdString();
};

enum class Counted { Problems, Roots, Libraries, Errors, Warnings };

// "1 root", "2 roots"
void appendCount(std::string &out, std::size_t n, Counted what)
{
    const int count = static_cast<int>(n);
    QString text;
    switch (what) {
    case Counted::Problems: text = n == 1 ? DepsText::tr("1 problem") : DepsText::tr("%1 problems").arg(count); break;
    case Counted::Roots: text = n == 1 ? DepsText::tr("1 root") : DepsText::tr("%1 roots").arg(count); break;
    case Counted::Libraries: text = n == 1 ? DepsText::tr("1 library") : DepsText::tr("%1 libraries").arg(count); break;
    case Counted::Errors: text = n == 1 ? DepsText::tr("1 error") : DepsText::tr("%1 errors").arg(count); break;
    case Counted::Warnings: text = n == 1 ? DepsText::tr("1 warning") : DepsText::tr("%1 warnings").arg(count); break;
    }
    out += text.toStdString();
}

std::pair<std::size_t, std::size_t> errorsAndWarnings(const Graph &graph)
{
    std::size_t errors = 0, warnings = 0;
    for (const Problem &p : graph.problems)
        ++(p.severity == Severity::Error ? errors : warnings);
    return {errors, warnings};
}

void writeStrings(JsonWriter &json, const std::vector<std::string> &items)
{
    json.beginArray();
    for (const auto &s : items)
        json.string(s);
    json.endArray();
}

// "cuda": {"ptx": [...], "sass": [...]} for a library that carries CUDA code (its fatbinaries'
// headers are read, here unless the analysis read them; nothing is written for one without).
void writeCudaCode(JsonWriter &json, const Library &library)
{
    Library::CudaNames read;
    const Library::CudaNames *names = library.cuda ? &*library.cuda : &read;
    if (!library.cuda) {
        bin::CudaCode code;
        (void)bin::readCudaCodeFile(library.path, code); // damage: what was read before it is still listed
        read = {code.sass(), code.ptx()};
    }
    if (names->sass.empty() && names->ptx.empty())
        return;
    json.key("cuda").beginObject();
    writeStrings(json.key("ptx"), names->ptx);
    writeStrings(json.key("sass"), names->sass);
    json.endObject();
}

// "hip": ["gfx1030", "gfx90a:xnack-", ...] for a library that carries AMD GPU code (the target IDs of its
// offload bundles; nothing is written for one without).
void writeHipCode(JsonWriter &json, const Library &library)
{
    bin::HipCode code;
    (void)bin::readHipCodeFile(library.path, code); // damage: what was read before it is still listed
    if (!code.empty())
        writeStrings(json.key("hip"), code.ids());
}

// The sentences of a problem, as UTF-8 bytes (in the language installed).
std::string detailOf(const Problem &p, TargetOs os)
{
    return checks::ProblemText::describe(p, os).toStdString();
}

void writeStep(JsonWriter &json, const SearchStep &s)
{
    if (!s.entry.empty())
        json.key("entry").string(s.entry);
    if (!s.folder.empty())
        json.key("folder").string(s.folder);
    if (!s.owner.empty())
        json.key("owner").string(s.owner);
    json.key("via").plain(toString(s.via));
}

// The facts behind the detail, for scripts: the folders searched and the files met.
void writeProblemFacts(JsonWriter &json, const Problem &p)
{
    json.key("advice").plain(toString(p.advice));
    json.key("candidates").beginArray();
    for (const CandidateFile &c : p.candidates) {
        json.beginObject();
        if (!c.fact.empty())
            json.key("fact").string(c.fact);
        json.key("issue").plain(toString(c.issue));
        json.key("path").string(c.path);
        json.key("step").beginObject();
        writeStep(json, c.step);
        json.endObject();
        if (!c.version.empty())
            json.key("version").latin1(c.version);
        json.endObject();
    }
    json.endArray();
    json.key("cause").plain(toString(p.cause));
    json.key("dependency").plain(toString(p.dependency));
}

} // namespace

// The members of each object in key order, as QJsonObject sorts them (the
// test compares this output with QJsonDocument's rendering of it).
void writeDepsJson(const Graph &graph, std::ostream &out)
{
    JsonWriter json(out);
    json.beginObject();
    json.key("edges").beginArray();
    for (const Edge &e : graph.edges) {
        json.beginObject();
        json.key("delay_load").boolean(e.delayLoad);
        json.key("from").number(static_cast<std::int64_t>(e.from));
        json.key("name").string(e.name);
        json.key("to").number(static_cast<std::int64_t>(e.to));
        json.key("via").plain(toString(e.via));
        json.key("weak").boolean(e.weak);
        json.endObject();
    }
    json.endArray();
    json.key("libraries").beginArray();
    for (const Library &l : graph.libraries) {
        json.beginObject();
        json.key("arch").latin1(l.arch);
        json.key("bits").number(l.bits);
        if (l.found)
            writeCudaCode(json, l);
        if (!l.error.empty())
            json.key("error").string(l.error);
        json.key("found").boolean(l.found);
        if (l.found)
            writeHipCode(json, l);
        json.key("name").string(l.name);
        if (l.found)
            json.key("path").string(l.path);
        else
            json.key("path").null();
        json.key("root").boolean(l.root);
        if (!l.version.empty())
            json.key("version").latin1(l.version);
        json.key("via").plain(toString(l.via));
        if (!l.viaEntry.empty())
            json.key("via_entry").string(l.viaEntry);
        json.endObject();
    }
    json.endArray();
    json.key("os").plain(toString(graph.os));
    json.key("problems").beginArray();
    for (const Problem &p : graph.problems) {
        json.beginObject();
        writeProblemFacts(json, p);
        json.key("detail").string(detailOf(p, graph.os));
        json.key("kind").plain(toString(p.kind));
        json.key("name").string(p.name);
        writeStrings(json.key("needed_by"), p.neededBy);
        writeStrings(json.key("paths"), p.paths);
        json.key("searched").beginArray();
        for (const SearchStep &step : p.searched) {
            json.beginObject();
            writeStep(json, step);
            json.endObject();
        }
        json.endArray();
        json.key("severity").plain(toString(p.severity));
        if (p.kind == ProblemKind::SymbolMissing) {
            json.key("symbol_library").string(p.symbolLibrary);
            json.key("symbol_version").string(p.symbolVersion);
            writeStrings(json.key("symbols"), p.symbols);
        }
        if (!p.toolset.empty())
            json.key("toolset").string(p.toolset);
        if (p.winError)
            json.key("win_error").number(p.winError);
        json.endObject();
    }
    json.endArray();
    json.key("roots").beginArray();
    for (const Root &r : graph.roots) {
        json.beginObject();
        json.key("arch").latin1(r.arch);
        json.key("bits").number(r.bits);
        json.key("format").latin1(r.format);
        json.key("path").string(r.path);
        json.endObject();
    }
    json.endArray();
    const auto [errors, warnings] = errorsAndWarnings(graph);
    json.key("summary").beginObject();
    json.key("errors").number(static_cast<std::int64_t>(errors));
    json.key("libraries").number(static_cast<std::int64_t>(graph.libraries.size()));
    json.key("roots").number(static_cast<std::int64_t>(graph.roots.size()));
    json.key("warnings").number(static_cast<std::int64_t>(warnings));
    json.endObject();
    json.endObject();
}

namespace {

// Each root's tree, libtree's way: a library is printed once per root, later
// edges to it are left out unless verbose (they are all in the JSON).
class TreePrinter {
public:
    TreePrinter(const Graph &graph, OutputBuffer &out, bool verbose)
        : m_graph(graph), m_output(out), m_out(out.text()), m_verbose(verbose), m_children(graph.libraries.size()),
          m_printed(graph.libraries.size()), m_expanded(graph.libraries.size())
    {
        for (std::size_t i = 0; i < graph.edges.size(); ++i)
            m_children[graph.edges[i].from].push_back(i);
    }

    void printRoot(const Root &root)
    {
        appendNativeText(m_out, root.path);
        m_out += " [";
        appendLatin1(m_out, root.format);
        if (!root.arch.empty()) {
            m_out += ", ";
            appendLatin1(m_out, root.arch);
        }
        m_out += "]\n";
        ++m_generation; // forgets what the previous root printed
        m_expanded[root.library] = m_printed[root.library] = m_generation;
        m_indent.clear();
        printChildren(root.library);
    }

private:
    bool printed(std::size_t node) const { return m_printed[node] == m_generation; }
    bool expanded(std::size_t node) const { return m_expanded[node] == m_generation; }

    void printChildren(std::size_t node)
    {
        std::vector<std::size_t> shown;
        for (const std::size_t index : m_children[node]) {
            const Edge &e = m_graph.edges[index];
            if (m_verbose || !printed(e.to) || !m_graph.libraries[e.to].found)
                shown.push_back(index);
            m_printed[e.to] = m_generation;
        }
        for (std::size_t k = 0; k < shown.size(); ++k) {
            const Edge &e = m_graph.edges[shown[k]];
            const Library &child = m_graph.libraries[e.to];
            const bool last = k + 1 == shown.size();
            m_out += m_indent;
            m_out += last ? "└── " : "├── ";
            appendNativeText(m_out, e.name);
            if (!child.found) {
                m_out += e.weak || e.delayLoad ? m_labels.notFoundOptional : m_labels.notFound;
            } else {
                if (child.path != e.name) {
                    m_out += " ⇒ ";
                    appendNativeText(m_out, child.path);
                }
                const Via via = e.via == Via::Loaded ? child.via : e.via;
                m_out += " [";
                m_out += toString(via);
                const bool showEntry = via == Via::Rpath || via == Via::Runpath || via == Via::LdLibraryPath
                                       || via == Via::Path || via == Via::AddDllDirectory
                                       || via == Via::DyldLibraryPath;
                if (showEntry && !child.viaEntry.empty()) {
                    m_out += ' ';
                    appendNativeText(m_out, child.viaEntry);
                }
                if (!child.version.empty()) {
                    m_out += ", ";
                    appendLatin1(m_out, child.version);
                }
                if (e.delayLoad)
                    m_out += m_labels.delayLoad;
                if (e.weak)
                    m_out += m_labels.weak;
                m_out += ']';
            }
            const bool again = expanded(e.to);
            if (child.found && again && !m_children[e.to].empty())
                m_out += m_labels.seeAbove;
            m_out += '\n';
            m_output.flushIfFull();
            if (child.found && !again) {
                m_expanded[e.to] = m_generation;
                const std::size_t depth = m_indent.size();
                m_indent += last ? "    " : "│   ";
                printChildren(e.to);
                m_indent.resize(depth);
            }
        }
    }

    const Graph &m_graph;
    OutputBuffer &m_output;
    std::string &m_out;
    bool m_verbose;
    std::vector<std::vector<std::size_t>> m_children; // library -> its edges, in order
    // Per library: the root whose tree printed (or expanded) it last.
    std::vector<std::size_t> m_printed, m_expanded;
    std::size_t m_generation = 0;
    std::string m_indent;
    Labels m_labels;
};

} // namespace

void writeDepsText(const Graph &graph, std::ostream &stream, const DepsTextOptions &options)
{
    OutputBuffer output(stream);
    std::string &out = output.text();
    const bool trees = options.verbose || static_cast<int>(graph.roots.size()) <= options.treeRootLimit;
    if (trees) {
        TreePrinter printer(graph, output, options.verbose);
        for (const Root &r : graph.roots)
            printer.printRoot(r);
    } else {
        std::unordered_map<std::string_view, std::size_t> problemsByRoot;
        for (const Problem &p : graph.problems)
            for (const auto &requester : p.neededBy)
                ++problemsByRoot[requester];
        for (const Root &r : graph.roots) {
            const auto it = problemsByRoot.find(r.path);
            const std::size_t n = it == problemsByRoot.end() ? 0 : it->second;
            out += n ? "✗ " : "✓ ";
            appendNativeText(out, r.path);
            if (n) {
                out += " (";
                appendCount(out, n, Counted::Problems);
                out += ')';
            }
            out += '\n';
            output.flushIfFull();
        }
    }
    const auto [errors, warnings] = errorsAndWarnings(graph);
    if (!graph.problems.empty()) {
        const Labels labels;
        out += '\n';
        out += labels.problems;
        out += '\n';
        for (const Problem &p : graph.problems) {
            out += p.severity == Severity::Error ? "✗ " : "! ";
            out += toString(p.kind);
            out += ": ";
            appendNativeText(out, p.name);
            out += '\n';
            if (!p.neededBy.empty()) {
                out += "    ";
                out += labels.neededBy;
                for (std::size_t i = 0; i < p.neededBy.size(); ++i) {
                    if (i == 5 && !options.verbose) {
                        out += DepsText::tr(", and %1 more")
                                   .arg(static_cast<qsizetype>(p.neededBy.size() - 5))
                                   .toStdString();
                        break;
                    }
                    if (i)
                        out += ", ";
                    appendNativeText(out, p.neededBy[i]);
                }
                out += '\n';
            }
            out += "    ";
            out += detailOf(p, graph.os);
            out += '\n';
            output.flushIfFull();
        }
    }
    out += '\n';
    appendCount(out, graph.roots.size(), Counted::Roots);
    out += ", ";
    appendCount(out, graph.libraries.size(), Counted::Libraries);
    out += ", ";
    appendCount(out, errors, Counted::Errors);
    out += ", ";
    appendCount(out, warnings, Counted::Warnings);
    out += '\n';
}

} // namespace td::report
