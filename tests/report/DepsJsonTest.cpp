// SPDX-License-Identifier: GPL-3.0-or-later
// The streamed `deps --json` document: Qt's JSON parser reads it, gives back
// every value as the contract says, and renders it to the same bytes (so the
// layout, the key order and every escape are QJsonDocument's own); and a
// large document reaches the stream in chunks, never whole.
#include "checks/ProblemText.h"
#include "platform/NativeText.h"
#include "report/DepsReport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <sstream>
#include <streambuf>

using namespace td::loader;
using td::report::writeDepsJson;

namespace {

// Names from the file system that need care: JSON escapes, bytes that are
// not UTF-8 (invalid, overlong, a surrogate, cut short), and real UTF-8.
const std::vector<std::string> kOddNames{"lib\"quoted\".so",
                                         "lib\\back\\slash.so",
                                         "lib\x01\b\f\n\r\t\x1f.so",
                                         "lib\x7f.so",
                                         "lib\xff\xfe.so",
                                         "lib\xc0\xaf.so",
                                         "lib\xed\xa0\x80.so",
                                         "lib\xe2\x82.so",
                                         "lib中文.so",
                                         "lib😀.so",
                                         "libé.so",
                                         ""};

// One of everything the document has: found and missing libraries, optional
// members present and absent, empty and full arrays, every flag.
Graph sampleGraph()
{
    Graph g;
    g.os = TargetOs::Windows;
    for (std::size_t i = 0; i < kOddNames.size(); ++i) {
        Library l;
        l.name = kOddNames[i];
        l.found = i % 3 != 0;
        l.path = l.found ? "/odd/" + kOddNames[i] : std::string();
        l.via = l.found ? Via::Runpath : Via::NotFound;
        l.viaEntry = i % 2 ? "$ORIGIN/" + kOddNames[i] : std::string();
        l.arch = i == 4 ? std::string("x\xe9") : std::string("x64"); // ISO 8859-1
        l.bits = i % 2 ? 64 : 32;
        l.error = i == 5 ? "damaged: " + kOddNames[i] : std::string();
        l.version = i == 7 ? "10.0.19041.1" : std::string();
        l.root = i == 1;
        if (i == 1) // CUDA code read by the analysis; for i == 2 it read none
            l.cuda = Library::CudaNames{{"sm_80", "sm_90a"}, {"compute_90"}};
        else if (i == 2)
            l.cuda = Library::CudaNames{};
        g.libraries.push_back(l);
    }
    g.roots.push_back(Root{"/odd/" + kOddNames[1], "PE", "x64", 64, 1});
    g.roots.push_back(Root{"/odd/" + kOddNames[4], "unknown", "", 0, 4});
    for (std::size_t i = 0; i + 1 < kOddNames.size(); ++i)
        g.edges.push_back(Edge{1, i + 1, kOddNames[i + 1], i % 4 ? Via::Loaded : Via::DllDir, i % 2 == 0, i % 3 == 0});
    Problem missing;
    missing.name = kOddNames[2];
    missing.neededBy = {"/odd/" + kOddNames[1]};
    missing.searched = {SearchStep{Via::DllDir, kOddNames[3] + "\nand\tmore", kOddNames[5], {}, {}}};
    missing.candidates = {CandidateFile{"/odd/" + kOddNames[6], {}, FileIssue::CannotOpen, kOddNames[7], {}}};
    missing.winError = 126;
    g.problems.push_back(missing);
    Problem shadowed;
    shadowed.kind = ProblemKind::Shadowed;
    shadowed.cause = Cause::EarlierCopyWins;
    shadowed.severity = Severity::Warning;
    shadowed.name = kOddNames[8];
    shadowed.paths = {kOddNames[4], "/b"};
    g.problems.push_back(shadowed);
    return g;
}

std::string streamed(const Graph &graph)
{
    std::ostringstream out;
    writeDepsJson(graph, out);
    return out.str();
}

QJsonObject parsed(const std::string &json)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(json), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << error.errorString().toStdString();
    EXPECT_TRUE(doc.isObject());
    return doc.object();
}

QString text(const std::string &nativeBytes)
{
    return td::platform::fromNativeBytes(nativeBytes);
}

// Counts what reaches the stream, and in how large pieces.
class CountingBuffer : public std::streambuf {
public:
    std::size_t writes = 0, largest = 0, total = 0;

protected:
    std::streamsize xsputn(const char *, std::streamsize n) override
    {
        ++writes;
        largest = std::max(largest, static_cast<std::size_t>(n));
        total += static_cast<std::size_t>(n);
        return n;
    }
    int_type overflow(int_type c) override { return xsputn(nullptr, 1) == 1 ? c : traits_type::eof(); }
};

} // namespace

TEST(DepsJson, QtRendersTheStreamedDocumentToTheSameBytes)
{
    for (const Graph &graph : {sampleGraph(), Graph{}}) {
        const std::string json = streamed(graph);
        const QByteArray rendered = QJsonDocument(parsed(json)).toJson(QJsonDocument::Indented);
        EXPECT_EQ(rendered.toStdString(), json);
    }
}

// The writer looks for what needs an escape eight bytes at a time: each such
// byte, and the plain bytes around the limits of those tests, at every place in
// a long name and in names of every length up to it, come out as Qt writes them.
TEST(DepsJson, EveryEscapeIsFoundWhereverItIsInAName)
{
    // What needs an escape ('"', '\\', control characters, bytes of 0x80 and above) and its plain neighbours.
    const std::string odd{'"', '\\', '\x00', '\x01', '\x1f', '\x20', '\x21', '\x23',
                          '\x5b', '\x5d', '\x7f', '\x80', '\xc3', '\xff'};
    Graph g;
    for (std::size_t length = 0; length <= 20; ++length) {
        const std::string plain = std::string("libplain-name-of-20b").substr(0, length);
        Library l;
        l.name = plain;
        l.arch = plain; // written as ISO 8859-1
        g.libraries.push_back(l);
        for (const char c : odd)
            for (std::size_t at = 0; at < length; ++at) {
                Library withOdd;
                withOdd.name = plain;
                withOdd.name[at] = c;
                withOdd.arch = withOdd.name;
                g.libraries.push_back(withOdd);
            }
    }
    const std::string json = streamed(g);
    const QJsonObject doc = parsed(json);
    EXPECT_EQ(QJsonDocument(doc).toJson(QJsonDocument::Indented).toStdString(), json);
    const QJsonArray libraries = doc.value(QStringLiteral("libraries")).toArray();
    ASSERT_EQ(libraries.size(), static_cast<qsizetype>(g.libraries.size()));
    for (qsizetype i = 0; i < libraries.size(); ++i) {
        const Library &l = g.libraries[static_cast<std::size_t>(i)];
        const QJsonObject o = libraries[i].toObject();
        EXPECT_EQ(o.value(QStringLiteral("name")).toString(), text(l.name)) << i;
        EXPECT_EQ(o.value(QStringLiteral("arch")).toString(),
                  QString::fromLatin1(l.arch.data(), static_cast<qsizetype>(l.arch.size())))
            << i;
    }
}

TEST(DepsJson, EveryValueReadsBackAsTheContractSays)
{
    const Graph g = sampleGraph();
    const QJsonObject doc = parsed(streamed(g));
    EXPECT_EQ(doc.keys(),
              (QStringList{QStringLiteral("edges"), QStringLiteral("libraries"), QStringLiteral("os"),
                           QStringLiteral("problems"), QStringLiteral("roots"), QStringLiteral("summary")}));
    EXPECT_EQ(doc.value(QStringLiteral("os")).toString(), QStringLiteral("windows"));

    const QJsonArray libraries = doc.value(QStringLiteral("libraries")).toArray();
    ASSERT_EQ(libraries.size(), static_cast<qsizetype>(g.libraries.size()));
    for (std::size_t i = 0; i < g.libraries.size(); ++i) {
        const Library &l = g.libraries[i];
        const QJsonObject o = libraries.at(static_cast<qsizetype>(i)).toObject();
        SCOPED_TRACE(i);
        EXPECT_EQ(o.value(QStringLiteral("name")).toString(), text(l.name));
        if (l.found)
            EXPECT_EQ(o.value(QStringLiteral("path")).toString(), text(l.path));
        else
            EXPECT_TRUE(o.value(QStringLiteral("path")).isNull());
        EXPECT_EQ(o.value(QStringLiteral("found")).toBool(), l.found);
        EXPECT_EQ(o.value(QStringLiteral("via")).toString(), QString::fromLatin1(toString(l.via)));
        EXPECT_EQ(o.value(QStringLiteral("arch")).toString(), QString::fromLatin1(l.arch));
        EXPECT_EQ(o.value(QStringLiteral("bits")).toInt(), l.bits);
        EXPECT_EQ(o.value(QStringLiteral("root")).toBool(), l.root);
        // Optional members: there exactly when they say something.
        EXPECT_EQ(o.contains(QStringLiteral("via_entry")), !l.viaEntry.empty());
        EXPECT_EQ(o.value(QStringLiteral("via_entry")).toString(), text(l.viaEntry));
        EXPECT_EQ(o.contains(QStringLiteral("error")), !l.error.empty());
        EXPECT_EQ(o.value(QStringLiteral("error")).toString(), text(l.error));
        EXPECT_EQ(o.contains(QStringLiteral("version")), !l.version.empty());
        EXPECT_EQ(o.value(QStringLiteral("version")).toString(), QString::fromLatin1(l.version));
        // Read by the analysis, or (for the others) from files that do not exist: none.
        EXPECT_EQ(o.contains(QStringLiteral("cuda")), i == 1);
    }
    EXPECT_EQ(libraries.at(1).toObject().value(QStringLiteral("cuda")).toObject(),
              (QJsonObject{{QStringLiteral("sass"), QJsonArray{QStringLiteral("sm_80"), QStringLiteral("sm_90a")}},
                           {QStringLiteral("ptx"), QJsonArray{QStringLiteral("compute_90")}}}));
    // Bytes that are not UTF-8 come out as the text "\xNN"; UTF-8 as it is.
    EXPECT_EQ(libraries.at(4).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("lib\\xFF\\xFE.so"));
    EXPECT_EQ(libraries.at(6).toObject().value(QStringLiteral("name")).toString(),
              QStringLiteral("lib\\xED\\xA0\\x80.so"));
    EXPECT_EQ(libraries.at(8).toObject().value(QStringLiteral("name")).toString(), QStringLiteral("lib中文.so"));
    EXPECT_EQ(libraries.at(2).toObject().value(QStringLiteral("name")).toString(),
              QStringLiteral("lib\x01\b\f\n\r\t\x1f.so"));
    EXPECT_EQ(libraries.at(4).toObject().value(QStringLiteral("arch")).toString(), QStringLiteral("xé"));

    const QJsonArray edges = doc.value(QStringLiteral("edges")).toArray();
    ASSERT_EQ(edges.size(), static_cast<qsizetype>(g.edges.size()));
    for (std::size_t i = 0; i < g.edges.size(); ++i) {
        const Edge &e = g.edges[i];
        const QJsonObject o = edges.at(static_cast<qsizetype>(i)).toObject();
        EXPECT_EQ(o.value(QStringLiteral("from")).toInteger(), static_cast<qint64>(e.from));
        EXPECT_EQ(o.value(QStringLiteral("to")).toInteger(), static_cast<qint64>(e.to));
        EXPECT_EQ(o.value(QStringLiteral("name")).toString(), text(e.name));
        EXPECT_EQ(o.value(QStringLiteral("via")).toString(), QString::fromLatin1(toString(e.via)));
        EXPECT_EQ(o.value(QStringLiteral("delay_load")).toBool(), e.delayLoad);
        EXPECT_EQ(o.value(QStringLiteral("weak")).toBool(), e.weak);
    }

    const QJsonArray problems = doc.value(QStringLiteral("problems")).toArray();
    ASSERT_EQ(problems.size(), 2);
    const QJsonObject missing = problems.at(0).toObject();
    EXPECT_EQ(missing.value(QStringLiteral("kind")).toString(), QStringLiteral("missing"));
    EXPECT_EQ(missing.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    EXPECT_EQ(missing.value(QStringLiteral("name")).toString(), text(kOddNames[2]));
    EXPECT_EQ(missing.value(QStringLiteral("needed_by")).toArray(), QJsonArray{text("/odd/" + kOddNames[1])});
    EXPECT_TRUE(missing.value(QStringLiteral("paths")).toArray().isEmpty());
    EXPECT_EQ(missing.value(QStringLiteral("detail")).toString(),
              td::checks::ProblemText::describe(g.problems[0], g.os));
    const QJsonObject shadowed = problems.at(1).toObject();
    EXPECT_EQ(shadowed.value(QStringLiteral("kind")).toString(), QStringLiteral("shadowed"));
    EXPECT_EQ(shadowed.value(QStringLiteral("severity")).toString(), QStringLiteral("warning"));
    EXPECT_EQ(shadowed.value(QStringLiteral("paths")).toArray(),
              (QJsonArray{text(kOddNames[4]), QStringLiteral("/b")}));

    const QJsonArray roots = doc.value(QStringLiteral("roots")).toArray();
    ASSERT_EQ(roots.size(), 2);
    EXPECT_EQ(roots.at(0).toObject(), (QJsonObject{{QStringLiteral("path"), text(g.roots[0].path)},
                                                   {QStringLiteral("format"), QStringLiteral("PE")},
                                                   {QStringLiteral("arch"), QStringLiteral("x64")},
                                                   {QStringLiteral("bits"), 64}}));
    EXPECT_EQ(doc.value(QStringLiteral("summary")).toObject(),
              (QJsonObject{{QStringLiteral("roots"), 2},
                           {QStringLiteral("libraries"), static_cast<qint64>(g.libraries.size())},
                           {QStringLiteral("errors"), 1},
                           {QStringLiteral("warnings"), 1}}));
}

TEST(DepsJson, ALargeDocumentReachesTheStreamInChunks)
{
    Graph g;
    for (std::size_t i = 0; i < 20000; ++i) {
        Library l;
        l.name = "libnumber" + std::to_string(i) + ".so";
        l.path = "/usr/lib/x86_64-linux-gnu/" + l.name;
        l.found = true;
        l.via = Via::LdSoCache;
        l.arch = "x86_64";
        l.bits = 64;
        g.libraries.push_back(l);
        g.edges.push_back(Edge{0, i, l.name, Via::LdSoCache, false, false});
    }
    CountingBuffer counter;
    std::ostream out(&counter);
    writeDepsJson(g, out);
    EXPECT_EQ(counter.total, streamed(g).size());
    EXPECT_GT(counter.total, 8u << 20);
    EXPECT_GT(counter.writes, 50u);
    EXPECT_LT(counter.largest, 128u << 10); // the writer's buffer, not the document
}
