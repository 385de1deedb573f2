// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge/GpuNames.h"
#include "knowledge/KnowledgeBase.h"
#include "python/ImportError.h"

#include "TestConfig.h"
#include "TestSupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <functional>
#include <tuple>

using namespace td::knowledge;
using td::python::ClassifiedError;
namespace fs = std::filesystem;

namespace {

const fs::path kKnowledgeDir = fs::path(td::test::config::sourceDir) / "resources" / "knowledge";

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}
std::string str(const QString &s)
{
    return s.toStdString();
}

const KnowledgeBase &kb()
{
    static const KnowledgeBase base = [] {
        KnowledgeBase b;
        const QStringList errors = b.load();
        EXPECT_TRUE(errors.isEmpty()) << str(errors.join(QLatin1Char('\n')));
        return b;
    }();
    return base;
}

QJsonObject readJson(const fs::path &path)
{
    QFile f(qs(path.string()));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path;
    return QJsonDocument::fromJson(f.readAll()).object();
}

// Loads a copy of the built-in knowledge in `dir` whose `file` has `entry` added to its array `key` (first or
// last): data no code mentions, read like the rest.
void loadWithEntry(KnowledgeBase &b, const td::test::TempDir &dir, const char *file, const char *key,
                   const QJsonObject &entry, bool first)
{
    for (const QString &name : knowledgeFiles())
        fs::copy_file(kKnowledgeDir / str(name), dir / str(name));
    QJsonObject root = readJson(dir / file);
    QJsonArray entries = root.value(QLatin1String(key)).toArray();
    if (first)
        entries.prepend(entry);
    else
        entries.append(entry);
    root.insert(QLatin1String(key), entries);
    fs::remove(dir / file);
    td::test::writeFile(dir / file, QJsonDocument(root).toJson().toStdString());
    const QStringList errors = b.loadFromDirectory(qs(dir.path().string()));
    EXPECT_TRUE(errors.isEmpty()) << str(errors.join(QLatin1Char('\n')));
}

// A package of the companion table no code mentions, with its `releases` (each uploaded 2026-01-01; `modules`
// only where given).
QJsonObject quillKernels(const QList<std::tuple<const char *, QJsonValue, QStringList>> &releases)
{
    QJsonArray out;
    for (const auto &[version, torch, modules] : releases) {
        QJsonObject r{{QStringLiteral("version"), QString::fromLatin1(version)},
                      {QStringLiteral("torch"), torch},
                      {QStringLiteral("uploaded"), QStringLiteral("2026-01-01")}};
        if (!modules.isEmpty())
            r.insert(QStringLiteral("modules"), QJsonArray::fromStringList(modules));
        out << r;
    }
    return {{QStringLiteral("name"), QStringLiteral("quill-kernels")},
            {QStringLiteral("sources"), QJsonArray{QStringLiteral("https://pypi.org/simple/quill-kernels/")}},
            {QStringLiteral("releases"), out}};
}

// Calls visit on every JSON object in a tree.
void walk(const QJsonValue &v, const std::function<void(const QJsonObject &)> &visit)
{
    if (v.isObject()) {
        visit(v.toObject());
        for (const QJsonValue &child : v.toObject())
            walk(child, visit);
    } else if (v.isArray()) {
        for (const QJsonValue &child : v.toArray())
            walk(child, visit);
    }
}

ClassifiedError winError(int code, const QString &dll)
{
    ClassifiedError e;
    e.kind = ClassifiedError::Kind::WinError;
    e.winError = code;
    e.path = QStringLiteral("C:\\Users\\me\\venv\\Lib\\site-packages\\torch\\lib\\") + dll;
    e.library = dll;
    return e;
}

} // namespace

TEST(KnowledgeBase, EveryFileValidatesAgainstItsSchema)
{
    const td::test::RunResult probe = td::test::run({"/usr/bin/python3", "-c", "import jsonschema"});
    if (!probe.ok())
        GTEST_SKIP() << "python3-jsonschema is not installed";
    for (const QString &name : knowledgeFiles()) {
        const std::string base = str(name.left(name.size() - 5));
        const fs::path schema = kKnowledgeDir / "schema" / (base + ".schema.json");
        ASSERT_TRUE(fs::exists(schema)) << schema;
        // The validator class comes from the schema's own $schema (draft 2020-12).
        const std::string script = "import json, sys, jsonschema\n"
                                   "schema = json.load(open(sys.argv[1]))\n"
                                   "cls = jsonschema.validators.validator_for(schema)\n"
                                   "cls.check_schema(schema)\n"
                                   "errors = list(cls(schema).iter_errors(json.load(open(sys.argv[2]))))\n"
                                   "for e in errors: print(list(e.absolute_path), e.message)\n"
                                   "sys.exit(1 if errors else 0)\n";
        const td::test::RunResult r =
            td::test::run({"/usr/bin/python3", "-c", script, schema.string(), (kKnowledgeDir / str(name)).string()});
        EXPECT_EQ(r.exitCode, 0) << str(name) << "\n" << r.out << r.err;
    }
}

TEST(KnowledgeBase, SchemaRejectsABrokenFile)
{
    const td::test::RunResult probe = td::test::run({"/usr/bin/python3", "-c", "import jsonschema"});
    if (!probe.ok())
        GTEST_SKIP() << "python3-jsonschema is not installed";
    td::test::TempDir dir;
    QJsonObject root = readJson(kKnowledgeDir / "releases.json");
    QJsonArray releases = root.value(QStringLiteral("releases")).toArray();
    QJsonObject first = releases.at(0).toObject();
    first.remove(QStringLiteral("sources"));
    releases.replace(0, first);
    root.insert(QStringLiteral("releases"), releases);
    td::test::writeFile(dir / "releases.json", QJsonDocument(root).toJson().toStdString());
    const td::test::RunResult r =
        td::test::run({"/usr/bin/python3", "-m", "jsonschema", "-i", (dir / "releases.json").string(),
                       (kKnowledgeDir / "schema" / "releases.schema.json").string()});
    EXPECT_NE(r.exitCode, 0);
}

TEST(KnowledgeBase, LoadsFromResourcesAndDirectory)
{
    EXPECT_TRUE(kb().isLoaded());
    EXPECT_TRUE(kb().date().isValid());
    KnowledgeBase fromDir;
    const QStringList errors = fromDir.loadFromDirectory(qs(kKnowledgeDir.string()));
    EXPECT_TRUE(errors.isEmpty()) << str(errors.join(QLatin1Char('\n')));
    EXPECT_EQ(fromDir.releases().size(), kb().releases().size());
    EXPECT_EQ(fromDir.signatures().size(), kb().signatures().size());
}

TEST(KnowledgeBase, EveryEntryHasSourcesAndEveryTextBothLanguages)
{
    for (const QString &name : knowledgeFiles()) {
        const QJsonObject root = readJson(kKnowledgeDir / str(name));
        EXPECT_TRUE(QDate::fromString(root.value(QStringLiteral("date")).toString(), Qt::ISODate).isValid())
            << str(name);
        EXPECT_EQ(root.value(QStringLiteral("schema")).toInt(), 1) << str(name);
        int entries = 0;
        walk(root, [&](const QJsonObject &o) {
            // A text: has "en"; it must also have "zh_CN", both non-empty.
            if (o.contains(QStringLiteral("en")) || o.contains(QStringLiteral("zh_CN"))) {
                EXPECT_FALSE(o.value(QStringLiteral("en")).toString().isEmpty()) << str(name);
                EXPECT_FALSE(o.value(QStringLiteral("zh_CN")).toString().isEmpty()) << str(name);
            }
            // An entry: anything with a note, a cause, a reason or an id must name its sources; a generated
            // table's rows ("uploaded": companions.json) have them in the package they belong to.
            for (const char *key :
                 {"note", "cause", "reason", "id", "torch", "cuda", "variant", "advice", "releases"}) {
                if (o.contains(QLatin1String(key)) && !o.contains(QStringLiteral("en"))
                    && !o.contains(QStringLiteral("min")) && !o.contains(QStringLiteral("stable"))
                    && !o.contains(QStringLiteral("kind")) && !o.contains(QStringLiteral("uploaded"))) {
                    ++entries;
                    EXPECT_FALSE(o.value(QStringLiteral("sources")).toArray().isEmpty())
                        << str(name) << ": " << QJsonDocument(o).toJson(QJsonDocument::Compact).left(120).toStdString();
                    break;
                }
            }
        });
        EXPECT_GT(entries, 0) << str(name);
    }
}

TEST(KnowledgeBase, ReleaseDatesParseAndIncrease)
{
    QDate previous;
    for (const Release &r : kb().releases()) {
        QDate d = QDate::fromString(r.released, Qt::ISODate);
        if (!d.isValid())
            d = QDate::fromString(r.released + QStringLiteral("-01"), Qt::ISODate);
        ASSERT_TRUE(d.isValid()) << str(r.torch) << " " << str(r.released);
        if (previous.isValid()) {
            EXPECT_GT(d, previous) << str(r.torch);
        }
        previous = d;
    }
    EXPECT_EQ(kb().releases().size(), 16); // 2.0 ... 2.15
}

TEST(KnowledgeBase, CrossFileConsistency)
{
    QString previousVision;
    for (const Release &r : kb().releases()) {
        for (const QString &variant : r.cudaStable + r.cudaExperimental) {
            EXPECT_FALSE(kb().fullSupportDriver(variant, Os::Linux).isEmpty()) << str(variant);
            EXPECT_FALSE(kb().fullSupportDriver(variant, Os::Windows).isEmpty()) << str(variant);
            EXPECT_FALSE(kb().minimumDriver(variant, Os::Linux).isEmpty()) << str(variant);
            bool covered = false;
            for (const ArchEntry &e : kb().archEntries())
                covered = covered || (e.variant == variant && e.torch.contains(r.torch));
            EXPECT_TRUE(covered) << str(variant) << " has no arch entry for torch " << str(r.torch);
        }
        if (!previousVision.isEmpty()) {
            EXPECT_GT(KnowledgeBase::compareVersions(r.torchvision, previousVision), 0) << str(r.torch);
        }
        previousVision = r.torchvision;
        EXPECT_LE(KnowledgeBase::compareVersions(r.pythonMin, r.pythonMax), 0);
    }
    // Driver floors: the family floor never exceeds the full-support minimum.
    for (const Toolkit &t : kb().toolkits())
        for (const Os os : {Os::Linux, Os::Windows})
            EXPECT_LE(
                KnowledgeBase::compareVersions(kb().minimumDriver(t.cuda, os), kb().fullSupportDriver(t.cuda, os)), 0)
                << str(t.cuda);
    // Every signature's fix families are the families of its fixes.
    for (const ErrorSignature &s : kb().signatures())
        for (const Fix &f : s.fixes)
            EXPECT_TRUE(s.fixFamilies.contains(f.family)) << str(s.id);
}

TEST(KnowledgeBase, PythonSupport)
{
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.5"), QStringLiteral("3.8")), Support::No);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.4.1"), QStringLiteral("3.8.10")), Support::Full);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.5.1+cu124"), QStringLiteral("3.13")), Support::Limited);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.6"), QStringLiteral("3.13")), Support::Full);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.9"), QStringLiteral("3.9")), Support::No);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.9"), QStringLiteral("3.14")), Support::Full);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.9"), QStringLiteral("3.14t")), Support::Limited);
    // 3.15 was a CPython pre-release for 2.13 and 2.14: wheels on download.pytorch.org only.
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.13"), QStringLiteral("3.15")), Support::Limited);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.14.1"), QStringLiteral("3.15")), Support::Limited);
    // 2.15: PyPI has wheels for 3.11 to 3.15; 3.10 was dropped.
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.15.0"), QStringLiteral("3.10")), Support::No);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.15.0"), QStringLiteral("3.11.7")), Support::Full);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.15.0"), QStringLiteral("3.15")), Support::Full);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.15.0"), QStringLiteral("3.15t")), Support::Limited);
    // 2.12.1 has no free-threaded 3.13t wheels: not "experimental", absent.
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.12.1"), QStringLiteral("3.13t")), Support::No);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.12.1"), QStringLiteral("3.14t")), Support::Limited);
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("1.13"), QStringLiteral("3.10")), Support::No);
}

TEST(KnowledgeBase, Platforms)
{
    EXPECT_TRUE(kb().hasWheels(Os::Linux, QStringLiteral("aarch64")));
    EXPECT_TRUE(kb().hasWheels(Os::Windows, QStringLiteral("x86_64")));
    EXPECT_FALSE(kb().hasWheels(Os::MacOS, QStringLiteral("x86_64")));
    EXPECT_TRUE(kb().hasWheels(Os::MacOS, QStringLiteral("arm64")));
}

TEST(KnowledgeBase, DriverTables)
{
    EXPECT_EQ(kb().fullSupportDriver(QStringLiteral("cu126"), Os::Windows), QStringLiteral("560.76"));
    EXPECT_EQ(kb().fullSupportDriver(QStringLiteral("12.8"), Os::Linux), QStringLiteral("570.26"));
    EXPECT_EQ(kb().minimumDriver(QStringLiteral("cu118"), Os::Linux), QStringLiteral("450.80.02"));
    EXPECT_EQ(kb().minimumDriver(QStringLiteral("cu118"), Os::Windows), QStringLiteral("452.39"));
    EXPECT_EQ(kb().minimumDriver(QStringLiteral("cu128"), Os::Linux), QStringLiteral("525.60.13"));
    EXPECT_EQ(kb().minimumDriver(QStringLiteral("cu128"), Os::Windows), QStringLiteral("528.33"));
    EXPECT_EQ(kb().minimumDriver(QStringLiteral("cu130"), Os::Linux), QStringLiteral("580"));

    // 560.94 on Windows: full support for cu126, cu128 only through minor-version compatibility.
    EXPECT_EQ(kb().driverSupport(QStringLiteral("560.94"), QStringLiteral("cu126"), Os::Windows), Support::Full);
    EXPECT_EQ(kb().driverSupport(QStringLiteral("560.94"), QStringLiteral("cu128"), Os::Windows), Support::Limited);
    EXPECT_EQ(kb().driverSupport(QStringLiteral("560.94"), QStringLiteral("cu130"), Os::Windows), Support::No);
    // The same driver as Windows reports it in the file version.
    EXPECT_EQ(KnowledgeBase::normalizeDriverVersion(QStringLiteral("32.0.15.6094")), QStringLiteral("560.94"));
    EXPECT_EQ(kb().driverSupport(QStringLiteral("32.0.15.6094"), QStringLiteral("cu126"), Os::Windows), Support::Full);

    // 470 on Linux: no CUDA 12 variant; cu118 runs through the 11.x family (>= 450.80.02).
    for (const char *v : {"cu121", "cu124", "cu126", "cu128", "cu129", "cu130"})
        EXPECT_EQ(kb().driverSupport(QStringLiteral("470.82.01"), QLatin1String(v), Os::Linux), Support::No) << v;
    EXPECT_EQ(kb().driverSupport(QStringLiteral("470.82.01"), QStringLiteral("cu118"), Os::Linux), Support::Limited);
    EXPECT_EQ(kb().driverSupport(QStringLiteral("450.80.01"), QStringLiteral("cu118"), Os::Linux), Support::No);
    EXPECT_EQ(kb().driverSupport(QStringLiteral("450.80.02"), QStringLiteral("cu118"), Os::Linux), Support::Limited);
    // A newer driver runs older CUDA builds.
    EXPECT_EQ(kb().driverSupport(QStringLiteral("595.71.05"), QStringLiteral("cu118"), Os::Linux), Support::Full);
    EXPECT_EQ(kb().driverSupport(QString(), QStringLiteral("cu118"), Os::Linux), Support::No);
}

TEST(KnowledgeBase, ArchSupport)
{
    // GTX 1080 Ti (6.1): cu126 yes (sm_60 code), cu128 from 2.8 and cu130 no.
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu126"), 6, 1, QStringLiteral("2.9")), Support::Full);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu128"), 6, 1, QStringLiteral("2.8")), Support::No);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu130"), 6, 1), Support::No);
    // RTX 5090 (12.0): cu128 or newer.
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu126"), 12, 0), Support::No);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu128"), 12, 0, QStringLiteral("2.7")), Support::Full);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu130"), 12, 0), Support::Full);
    // RTX 4090 (8.9) runs sm_86 code.
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu124"), 8, 9, QStringLiteral("2.5")), Support::Full);
    // Volta (7.0) lost cu128 again with 2.11.
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu128"), 7, 0, QStringLiteral("2.8")), Support::Full);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu128"), 7, 0, QStringLiteral("2.11")), Support::No);

    // cu129 builds exist for 2.10 and 2.11 too (Linux); 2.11 dropped Volta from them.
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu129"), 8, 6, QStringLiteral("2.11.0")), Support::Full);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu129"), 7, 0, QStringLiteral("2.10")), Support::Full);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu129"), 7, 0, QStringLiteral("2.11")), Support::No);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu129"), 8, 6, QStringLiteral("2.11"), Os::Windows), Support::No);
    // cu128 ended with 2.11, cu126 with 2.14; the 12.8 builds carry no PTX.
    EXPECT_EQ(kb().archEntry(QStringLiteral("cu128"), QStringLiteral("2.12")), nullptr);
    EXPECT_EQ(kb().archEntry(QStringLiteral("cu126"), QStringLiteral("2.15")), nullptr);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu128"), 13, 0, QStringLiteral("2.10")), Support::No);
    // Linux aarch64 builds have their own lists: no sm_75 in cu126, sm_110 (Thor) in cu130.
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu126"), 7, 5, QStringLiteral("2.10"), Os::Linux, QStringLiteral("aarch64")),
              Support::No);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu126"), 7, 5, QStringLiteral("2.10"), Os::Linux), Support::Full);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu130"), 11, 0, QStringLiteral("2.12"), Os::Linux, QStringLiteral("aarch64")),
              Support::Full);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu130"), 11, 0, QStringLiteral("2.12"), Os::Linux), Support::No);
    // 12.0+PTX is in the Linux builds only (cu130 and cu132).
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu132"), 13, 0, QStringLiteral("2.14"), Os::Linux), Support::Limited);
    EXPECT_EQ(kb().archSupport(QStringLiteral("cu132"), 13, 0, QStringLiteral("2.14"), Os::Windows), Support::No);
    // Windows cu126 has native sm_61.
    EXPECT_EQ(kb().archEntry(QStringLiteral("cu126"), QStringLiteral("2.9"), Os::Windows)->archs.contains(QStringLiteral("6.1")),
              true);

    // An arch list as torch reports it.
    const QStringList list{QStringLiteral("sm_75"),      QStringLiteral("sm_80"),  QStringLiteral("sm_86"),
                           QStringLiteral("sm_90"),      QStringLiteral("sm_100"), QStringLiteral("sm_120"),
                           QStringLiteral("compute_120")};
    EXPECT_EQ(KnowledgeBase::archSupport(list, 6, 1), Support::No);
    EXPECT_EQ(KnowledgeBase::archSupport(list, 12, 0), Support::Full);
    EXPECT_EQ(KnowledgeBase::archSupport(list, 12, 1), Support::Full);
    EXPECT_EQ(KnowledgeBase::archSupport(list, 13, 0), Support::Limited); // PTX only
    EXPECT_EQ(KnowledgeBase::archSupport(QStringList{QStringLiteral("sm_90a")}, 9, 0), Support::Full);
    EXPECT_EQ(KnowledgeBase::archSupport(QStringList{QStringLiteral("sm_90a")}, 9, 1), Support::No);
}

TEST(KnowledgeBase, BestVariant)
{
    // No NVIDIA driver: cpu. macOS: cpu.
    VariantChoice c = kb().bestVariant(QString(), Os::Linux, 0, 0, QStringLiteral("3.12"), QStringLiteral("2.9"));
    EXPECT_EQ(c.variant, QStringLiteral("cpu"));
    EXPECT_EQ(c.why, VariantChoice::Why::NoDriver);
    EXPECT_EQ(c.indexUrl, QStringLiteral("https://download.pytorch.org/whl/cpu"));
    EXPECT_EQ(kb().bestVariant(QStringLiteral("570.00"), Os::MacOS, 0, 0).why, VariantChoice::Why::MacOs);

    // 560.94 on Windows, RTX 4090, torch 2.9: cu126, not cu128.
    c = kb().bestVariant(QStringLiteral("560.94"), Os::Windows, 8, 9, QStringLiteral("3.12"), QStringLiteral("2.9"));
    EXPECT_EQ(c.variant, QStringLiteral("cu126"));
    EXPECT_EQ(c.driver, Support::Full);
    EXPECT_EQ(c.indexUrl, QStringLiteral("https://download.pytorch.org/whl/cu126"));

    // GTX 1080 Ti with a new driver must not get cu130 (or cu128 on 2.11).
    c = kb().bestVariant(QStringLiteral("580.95.05"), Os::Linux, 6, 1, QStringLiteral("3.12"), QStringLiteral("2.11"));
    EXPECT_EQ(c.variant, QStringLiteral("cu126"));
    // Without a torch version: the newest release with a build for it (2.14: cu126 ended there).
    c = kb().bestVariant(QStringLiteral("590.44.01"), Os::Linux, 6, 1, QStringLiteral("3.12"));
    EXPECT_EQ(c.variant, QStringLiteral("cu126"));
    EXPECT_EQ(c.torch, QStringLiteral("2.14"));
    // Python 3.15: 2.15 is the first release that fully supports it; its variants are not all confirmed.
    c = kb().bestVariant(QStringLiteral("595.45.04"), Os::Linux, 8, 9, QStringLiteral("3.15"));
    EXPECT_EQ(c.torch, QStringLiteral("2.15"));
    EXPECT_EQ(c.variant, QStringLiteral("cu132"));
    EXPECT_FALSE(c.certain);
    c = kb().bestVariant(QStringLiteral("595.45.04"), Os::Linux, 8, 9, QStringLiteral("3.12"), QStringLiteral("2.14"));
    EXPECT_EQ(c.variant, QStringLiteral("cu132"));
    EXPECT_TRUE(c.certain);

    // RTX 5090 needs cu128 or newer; with a 2.6 torch nothing covers it.
    c = kb().bestVariant(QStringLiteral("572.61"), Os::Windows, 12, 0, QStringLiteral("3.12"), QStringLiteral("2.8"));
    EXPECT_EQ(c.variant, QStringLiteral("cu128"));
    c = kb().bestVariant(QStringLiteral("580.82.07"), Os::Linux, 12, 0, QStringLiteral("3.12"), QStringLiteral("2.11"));
    EXPECT_EQ(c.variant, QStringLiteral("cu130"));
    c = kb().bestVariant(QStringLiteral("572.61"), Os::Windows, 12, 0, QStringLiteral("3.12"), QStringLiteral("2.6"));
    EXPECT_EQ(c.variant, QStringLiteral("cpu"));
    EXPECT_EQ(c.why, VariantChoice::Why::GpuUnsupported);

    // Driver 470 on Linux with torch 2.7: only cu118 runs (limited).
    c = kb().bestVariant(QStringLiteral("470.82.01"), Os::Linux, 7, 5, QStringLiteral("3.11"), QStringLiteral("2.7"));
    EXPECT_EQ(c.variant, QStringLiteral("cu118"));
    EXPECT_EQ(c.driver, Support::Limited);
    // Driver 470 with torch 2.9: nothing; the driver is too old.
    c = kb().bestVariant(QStringLiteral("470.82.01"), Os::Linux, 7, 5, QStringLiteral("3.11"), QStringLiteral("2.9"));
    EXPECT_EQ(c.variant, QStringLiteral("cpu"));
    EXPECT_EQ(c.why, VariantChoice::Why::DriverTooOld);

    // Python 3.8 with torch 2.5: unsupported; without a torch version the newest release for 3.8 is 2.4.
    c = kb().bestVariant(QStringLiteral("560.94"), Os::Windows, 8, 9, QStringLiteral("3.8"), QStringLiteral("2.5"));
    EXPECT_EQ(c.why, VariantChoice::Why::PythonUnsupported);
    c = kb().bestVariant(QStringLiteral("560.94"), Os::Windows, 8, 9, QStringLiteral("3.8"));
    EXPECT_EQ(c.torch, QStringLiteral("2.4"));
    EXPECT_EQ(c.variant, QStringLiteral("cu121"));
}

TEST(KnowledgeBase, Companions)
{
    std::optional<Companions> c = kb().companions(QStringLiteral("2.4.1+cu121"));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->torchvision, QStringLiteral("0.19"));
    EXPECT_EQ(c->torchaudio, QStringLiteral("2.4"));
    EXPECT_FALSE(c->torchaudioOrLater);
    c = kb().companions(QStringLiteral("2.0.1"));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->torchaudio, QStringLiteral("2.0.2"));
    c = kb().companions(QStringLiteral("2.12.1"));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->torchvision, QStringLiteral("0.27"));
    EXPECT_EQ(c->torchaudio, QStringLiteral("2.11"));
    EXPECT_TRUE(c->torchaudioOrLater);
    EXPECT_FALSE(kb().companions(QStringLiteral("1.13.1")));
    // 2.15: the stable-ABI torchvision 0.29.2 (and later), published the same day.
    c = kb().companions(QStringLiteral("2.15.0"));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->torchvision, QStringLiteral("0.29.2"));
    EXPECT_TRUE(c->torchvisionOrLater);
    EXPECT_TRUE(c->inferredFrom.isEmpty());
}

TEST(KnowledgeBase, ReleasesNewerThanTheKnowledgeAreInferred)
{
    const std::optional<Release> newest = kb().newestRelease();
    ASSERT_TRUE(newest);
    EXPECT_EQ(newest->torch, QStringLiteral("2.15"));
    EXPECT_EQ(newest->latest, QStringLiteral("2.15.0"));
    EXPECT_EQ(newest->pypiCuda, QStringLiteral("cu132"));
    EXPECT_TRUE(newest->wheelPlatforms.contains(QStringLiteral("linux-aarch64")));
    EXPECT_TRUE(newest->certain(QStringLiteral("python")));
    EXPECT_FALSE(newest->certain(QStringLiteral("cuda")));

    const std::optional<Release> future = kb().release(QStringLiteral("2.99.0+cu140"));
    ASSERT_TRUE(future);
    EXPECT_EQ(future->torch, QStringLiteral("2.99"));
    EXPECT_EQ(future->inferredFrom, QStringLiteral("2.15"));
    EXPECT_EQ(future->pythonMin, QStringLiteral("3.11"));
    EXPECT_FALSE(future->certain(QStringLiteral("python")));
    EXPECT_EQ(kb().pythonSupport(QStringLiteral("2.99.0"), QStringLiteral("3.10")), Support::No);
    const std::optional<Companions> c = kb().companions(QStringLiteral("2.99.0"));
    ASSERT_TRUE(c);
    EXPECT_EQ(c->inferredFrom, QStringLiteral("2.15"));
    EXPECT_FALSE(kb().bestVariant(QStringLiteral("595.45.04"), Os::Linux, 8, 9, QStringLiteral("3.12"),
                                  QStringLiteral("2.99.0"))
                     .certain);
    // Older unknown releases are not inferred.
    EXPECT_FALSE(kb().release(QStringLiteral("1.13.1")));
    EXPECT_FALSE(kb().release(QStringLiteral("garbage")));
}

// A repair's command names the index of the installed build and the diagnosed interpreter, and a
// command with a part nobody knows is left out (its text still says what to do).
TEST(KnowledgeBase, RepairCommandsAreFilledFromTheInstallation)
{
    const ClassifiedError e = winError(126, QStringLiteral("fbgemm.dll"));
    auto commandsFor = [&](const QString &torch, const QString &python) {
        ErrorContext context;
        context.torchVersion = torch;
        context.python = python;
        const std::optional<ErrorSignature> s = kb().matchError(e, context);
        EXPECT_TRUE(s);
        QStringList all;
        for (const Fix &f : s ? s->fixes : QList<Fix>())
            all += f.commands;
        return all.join(u'\n');
    };
    const QString python = QStringLiteral("C:\\ComfyUI_windows_portable\\python_embeded\\python.exe");
    const QString cuda = commandsFor(QStringLiteral("2.4.0+cu121"), python);
    EXPECT_TRUE(cuda.contains(python + QStringLiteral(" -m pip install"))) << cuda.toStdString();
    EXPECT_TRUE(cuda.contains(QStringLiteral("--index-url https://download.pytorch.org/whl/cu121")))
        << cuda.toStdString();
    // PyPI's own wheel: PyPI again, no index to name.
    const QString pypi = commandsFor(QStringLiteral("2.4.0"), QStringLiteral("/home/u/.venv/bin/python"));
    EXPECT_TRUE(pypi.startsWith(QStringLiteral("/home/u/.venv/bin/python -m pip install"))) << pypi.toStdString();
    EXPECT_FALSE(pypi.contains(QStringLiteral("--index-url"))) << pypi.toStdString();
    // Nothing known about the build (a paste alone): no command with a hole in it.
    for (const QString &unknown : {QString(), QStringLiteral("2.4.0+gitc0ffee")}) {
        const QString none = commandsFor(unknown, QString());
        EXPECT_FALSE(none.contains(u'<')) << none.toStdString();
        EXPECT_FALSE(none.contains(QStringLiteral("(unknown)"))) << none.toStdString();
    }
}

TEST(KnowledgeBase, MatchErrorFbgemmLibomp140)
{
    const ClassifiedError e = winError(126, QStringLiteral("fbgemm.dll"));
    std::optional<ErrorSignature> s = kb().matchError(e, {QStringLiteral("2.4.0+cu121"), {}});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("win126-fbgemm-torch240"));
    EXPECT_EQ(s->finding, QStringLiteral("lib.missing"));
    EXPECT_TRUE(s->fixFamilies.contains(QStringLiteral("reinstall")));
    EXPECT_TRUE(s->cause.en.contains(QStringLiteral("2.4.1")));
    EXPECT_FALSE(s->cause.zhCN.isEmpty());

    // Another torch, but the dependency walk found libomp140 missing.
    s = kb().matchError(e, {QStringLiteral("2.5.0"), {QStringLiteral("libomp140.x86_64.dll")}});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("win126-libomp140"));
    EXPECT_TRUE(s->cause.en.contains(QStringLiteral("fbgemm.dll")));

    // A generic 126 names the missing dependency.
    s = kb().matchError(winError(126, QStringLiteral("c10_cuda.dll")),
                        {QStringLiteral("2.6.0"), {QStringLiteral("cudart64_12.dll")}});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("win126-generic"));
    EXPECT_TRUE(s->cause.en.contains(QStringLiteral("cudart64_12.dll")));
    EXPECT_TRUE(s->cause.zhCN.contains(QStringLiteral("cudart64_12.dll")));
    EXPECT_FALSE(s->cause.en.contains(QLatin1Char('{')));

    s = kb().matchError(winError(126, QStringLiteral("c10.dll")), {{}, {QStringLiteral("VCRUNTIME140_1.dll")}});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("win126-vcruntime"));
}

TEST(KnowledgeBase, MatchErrorWindowsCodes)
{
    std::optional<ErrorSignature> s =
        kb().matchError(winError(1114, QStringLiteral("c10.dll")), {QStringLiteral("2.9.1"), {}});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("win1114-msvcp140-old"));
    EXPECT_EQ(s->finding, QStringLiteral("vcruntime.too-old"));
    EXPECT_TRUE(s->fixFamilies.contains(QStringLiteral("system")));
    // 1114 on torch 2.8 is not the msvcp140 case.
    s = kb().matchError(winError(1114, QStringLiteral("c10.dll")), {QStringLiteral("2.8.0"), {}});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("win1114-generic"));

    const std::pair<int, const char *> cases[] = {{127, "win127-mixed-cuda"},
                                                  {193, "win193-wrong-arch"},
                                                  {1455, "win1455-pagefile"},
                                                  {4551, "win4551-app-control"}};
    for (const auto &[code, id] : cases) {
        s = kb().matchError(winError(code, QStringLiteral("cudnn_cnn_infer64_8.dll")));
        ASSERT_TRUE(s) << code;
        EXPECT_EQ(s->id, QLatin1String(id));
    }
    EXPECT_FALSE(kb().matchError(winError(5, QStringLiteral("c10.dll"))));
}

TEST(KnowledgeBase, MatchErrorLinuxAndMac)
{
    ClassifiedError e;
    e.kind = ClassifiedError::Kind::VersionNotFound;
    e.version = QStringLiteral("GLIBCXX_3.4.30");
    e.requiredBy = QStringLiteral("/opt/conda/lib/python3.11/site-packages/torch/lib/libtorch_python.so");
    std::optional<ErrorSignature> s = kb().matchError(e);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("linux-glibcxx"));
    EXPECT_TRUE(s->cause.en.contains(QStringLiteral("GLIBCXX_3.4.30")));
    EXPECT_TRUE(s->title.zhCN.contains(QStringLiteral("GLIBCXX_3.4.30")));

    e = {};
    e.kind = ClassifiedError::Kind::UndefinedSymbol;
    e.symbol = QStringLiteral("iJIT_NotifyEvent");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("linux-mkl-ijit"));
    e.symbol = QStringLiteral("__nvJitLinkComplete_12_4");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("linux-nvjitlink-symbol"));
    // A function of torch's own API, asked for by a library the message does not name: an extension's.
    e.symbol = QStringLiteral("_ZN3c106detail14torchCheckFailEPKcS2_jS2_");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("extension-undefined-symbol-unnamed"));
    e.symbol = QStringLiteral("_ZN7leveldb2DB4OpenEv");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("linux-undefined-symbol"));

    e = {};
    e.kind = ClassifiedError::Kind::MissingSharedObject;
    e.library = QStringLiteral("libcudnn.so.9");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("linux-missing-cuda-so"));
    e.library = QStringLiteral("libfoo.so.1");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("linux-missing-so"));

    e = {};
    e.kind = ClassifiedError::Kind::LibraryNotLoaded;
    e.library = QStringLiteral("@rpath/libomp.dylib");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("mac-libomp"));
    e = {};
    e.kind = ClassifiedError::Kind::IncompatibleArch;
    e.haveArch = QStringLiteral("x86_64");
    e.needArch = QStringLiteral("arm64e");
    s = kb().matchError(e);
    ASSERT_TRUE(s);
    EXPECT_TRUE(s->title.en.contains(QStringLiteral("arm64e")));
    e = {};
    e.kind = ClassifiedError::Kind::OmpDuplicate;
    e.library = QStringLiteral("libiomp5md.dll");
    EXPECT_EQ(kb().matchError(e)->finding, QStringLiteral("openmp.duplicate"));
    e = {};
    e.kind = ClassifiedError::Kind::ModuleNotFound;
    EXPECT_EQ(kb().matchError(e)->finding, QStringLiteral("torch.not-installed"));
    e.kind = ClassifiedError::Kind::Unknown;
    EXPECT_FALSE(kb().matchError(e));
}

// A version-specific cause is certain only when the diagnosed install
// confirms the version; a version the paste names narrows it but confirms
// nothing, and one outside the range rules it out.
TEST(KnowledgeBase, AVersionSpecificCauseIsLikelyUntilTheInstallConfirmsIt)
{
    ClassifiedError e = winError(126, QStringLiteral("fbgemm.dll"));
    std::optional<ErrorSignature> s = kb().matchError(e);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("win126-fbgemm-torch240"));
    EXPECT_EQ(s->confidence, QStringLiteral("likely"));
    EXPECT_EQ(s->unconfirmed, QStringList{QStringLiteral("torch-version")});
    EXPECT_FALSE(kb().likelyNote(*s).en.isEmpty());
    EXPECT_FALSE(kb().likelyNote(*s).zhCN.isEmpty());

    s = kb().matchError(e, {QStringLiteral("2.4.0+cpu"), {}});
    EXPECT_EQ(s->confidence, QStringLiteral("certain"));
    EXPECT_TRUE(kb().likelyNote(*s).isEmpty());

    e.torchVersion = QStringLiteral("2.4.0");
    EXPECT_EQ(kb().matchError(e)->confidence, QStringLiteral("likely"));
    e.torchVersion = QStringLiteral("2.6.0");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("win126-generic"));

    // Without the Windows code the library still decides, and says so.
    e = winError(0, QStringLiteral("fbgemm.dll"));
    s = kb().matchError(e, {QStringLiteral("2.4.0"), {}});
    EXPECT_EQ(s->id, QStringLiteral("win126-fbgemm-torch240"));
    EXPECT_EQ(s->unconfirmed, QStringList{QStringLiteral("win-error")});
}

TEST(KnowledgeBase, MessagesKnownByTheirWordingFillTheirOwnPlaceholders)
{
    ClassifiedError e;
    e.text = QStringLiteral("RuntimeError: The NVIDIA driver on your system is too old (found version 10020).");
    std::optional<ErrorSignature> s = kb().matchError(e);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->finding, QStringLiteral("cuda.driver-too-old"));
    EXPECT_TRUE(s->cause.en.contains(QStringLiteral("10020")));
    EXPECT_TRUE(s->cause.zhCN.contains(QStringLiteral("10020")));

    e.text = QStringLiteral("RuntimeError: operator zapvision::roi_frobnicate does not exist");
    s = kb().matchError(e);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->packageToFix, QStringLiteral("zapvision"));
    EXPECT_TRUE(s->title.en.contains(QStringLiteral("zapvision::roi_frobnicate")));
    for (const Fix &f : s->fixes)
        for (const QString &c : f.commands)
            EXPECT_FALSE(c.contains(QLatin1Char('{'))) << c.toStdString();

    e.text = QStringLiteral("nothing anyone wrote a pattern for");
    EXPECT_FALSE(kb().matchError(e));
}

TEST(KnowledgeBase, AnotherPackagesFileIsThatPackagesProblem)
{
    ClassifiedError e;
    e.kind = ClassifiedError::Kind::UndefinedSymbol;
    e.symbol = QStringLiteral("_ZN3c1010Sometime4nameEv");
    e.package = QStringLiteral("quuxlib");
    std::optional<ErrorSignature> s = kb().matchError(e);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->id, QStringLiteral("extension-undefined-symbol"));
    EXPECT_EQ(s->packageToFix, QStringLiteral("quuxlib"));
    EXPECT_TRUE(kb().packageNote(*s).en.contains(QStringLiteral("quuxlib")));
    // torch's own file: the generic cause, and no package note.
    e.package = QStringLiteral("torch");
    s = kb().matchError(e);
    EXPECT_EQ(s->id, QStringLiteral("linux-undefined-symbol"));
    EXPECT_TRUE(kb().packageNote(*s).isEmpty());

    // dyld's two directions are two causes.
    e = {};
    e.kind = ClassifiedError::Kind::IncompatibleArch;
    e.haveArch = QStringLiteral("arm64");
    e.needArch = QStringLiteral("x86_64");
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("mac-arch-arm-on-x86"));
    std::swap(e.haveArch, e.needArch);
    EXPECT_EQ(kb().matchError(e)->id, QStringLiteral("mac-arch-x86-on-arm"));
}

TEST(KnowledgeBase, WrongAdvice)
{
    QStringList ids;
    for (const WrongAdvice &w : kb().wrongAdvice())
        ids << w.id;
    for (const char *id : {"regsvr32", "path-python38", "pytorch-mps-windows", "kmp-duplicate-lib-ok",
                           "cuda-compiled-version", "wuauclt-detectnow", "dll-download-sites"})
        EXPECT_TRUE(ids.contains(QLatin1String(id))) << id;
    for (const WrongAdvice &w : kb().wrongAdvice()) {
        if (w.id == QLatin1String("kmp-duplicate-lib-ok")) {
            EXPECT_TRUE(w.whyWrong.en.contains(QStringLiteral("unsafe, unsupported, undocumented")));
        }
    }
}

TEST(KnowledgeBase, VcRuntime)
{
    std::optional<VcRuntimeRequirement> r = kb().vcRuntimeMinimum(QStringLiteral("2.9.0+cu128"));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->dll, QStringLiteral("msvcp140.dll"));
    EXPECT_EQ(r->minimumVersion, QStringLiteral("14.40"));
    EXPECT_TRUE(r->redistributables.contains(QStringLiteral("https://aka.ms/vc14/vc_redist.x64.exe")));
    EXPECT_TRUE(kb().vcRuntimeMinimum(QStringLiteral("2.13")));
    EXPECT_FALSE(kb().vcRuntimeMinimum(QStringLiteral("2.8.0")));
}

TEST(KnowledgeBase, OpenMpConflicts)
{
    QList<OpenMpConflict> c =
        kb().openMpConflicts({QStringLiteral("C:\\conda\\Library\\bin\\libiomp5md.dll"),
                              QStringLiteral("C:\\conda\\Lib\\site-packages\\torch\\lib\\libiomp5md.dll")});
    ASSERT_EQ(c.size(), 1);
    EXPECT_EQ(c.first().a, QStringLiteral("intel"));
    EXPECT_EQ(c.first().severity, QStringLiteral("error"));
    EXPECT_EQ(c.first().files.size(), 2);

    c = kb().openMpConflicts({QStringLiteral("libiomp5.dylib"), QStringLiteral("libomp.dylib")});
    ASSERT_EQ(c.size(), 1);
    EXPECT_EQ(c.first().severity, QStringLiteral("error"));

    c = kb().openMpConflicts({QStringLiteral("libgomp.so.1"), QStringLiteral("libiomp5.so")});
    ASSERT_EQ(c.size(), 1);
    EXPECT_EQ(c.first().severity, QStringLiteral("info"));

    EXPECT_TRUE(kb().openMpConflicts({QStringLiteral("vcomp140.dll"), QStringLiteral("c10.dll")}).isEmpty());
    EXPECT_TRUE(kb().openMpConflicts({}).isEmpty());
}

TEST(KnowledgeBase, BrokenFilesGiveErrors)
{
    const auto copyAll = [](const fs::path &to) {
        for (const QString &name : knowledgeFiles())
            fs::copy_file(kKnowledgeDir / str(name), to / str(name));
    };
    {
        td::test::TempDir dir;
        copyAll(dir.path());
        fs::remove(dir / "drivers.json");
        KnowledgeBase b;
        const QStringList errors = b.loadFromDirectory(qs(dir.path().string()));
        ASSERT_FALSE(errors.isEmpty());
        EXPECT_TRUE(errors.first().startsWith(QStringLiteral("drivers.json")));
        EXPECT_FALSE(b.isLoaded());
        // What did load still answers; what did not answers "nothing".
        EXPECT_TRUE(b.release(QStringLiteral("2.9")));
        EXPECT_EQ(b.driverSupport(QStringLiteral("560.94"), QStringLiteral("cu126"), Os::Windows), Support::No);
    }
    {
        td::test::TempDir dir;
        copyAll(dir.path());
        fs::remove(dir / "errors.json");
        td::test::writeFile(dir / "errors.json", "{ \"schema\": 1, \"kind\": \"errors\", ");
        KnowledgeBase b;
        const QStringList errors = b.loadFromDirectory(qs(dir.path().string()));
        ASSERT_EQ(errors.size(), 1);
        EXPECT_TRUE(errors.first().contains(QStringLiteral("invalid JSON")));
        EXPECT_FALSE(b.matchError(winError(126, QStringLiteral("fbgemm.dll"))));
    }
    {
        td::test::TempDir dir;
        copyAll(dir.path());
        QJsonObject root = readJson(dir / "releases.json");
        QJsonArray releases = root.value(QStringLiteral("releases")).toArray();
        QJsonObject first = releases.at(0).toObject();
        first.remove(QStringLiteral("python"));
        first.insert(QStringLiteral("torchvision"), 15);
        releases.replace(0, first);
        root.insert(QStringLiteral("releases"), releases);
        root.insert(QStringLiteral("date"), QStringLiteral("yesterday"));
        fs::remove(dir / "releases.json");
        td::test::writeFile(dir / "releases.json", QJsonDocument(root).toJson().toStdString());
        KnowledgeBase b;
        const QString errors = b.loadFromDirectory(qs(dir.path().string())).join(QLatin1Char('\n'));
        EXPECT_TRUE(errors.contains(QStringLiteral("'python'"))) << str(errors);
        EXPECT_TRUE(errors.contains(QStringLiteral("'torchvision'"))) << str(errors);
        EXPECT_TRUE(errors.contains(QStringLiteral("date"))) << str(errors);
    }
    {
        td::test::TempDir dir;
        td::test::writeFile(dir / "releases.json", "[]");
        KnowledgeBase b;
        EXPECT_EQ(b.loadFromDirectory(qs(dir.path().string())).size(), knowledgeFiles().size());
        EXPECT_FALSE(b.date().isValid());
    }
}

// pip's "Could not find a version" explained from the release table: the versions pip offered end where a
// platform or a Python stops having wheels, and that is what this machine or Python most likely is.
TEST(KnowledgeBase, NoTorchWheelIsExplainedByWhereTheOfferedVersionsEnd)
{
    const auto explained = [](const char *offered) {
        const QString message = QStringLiteral("ERROR: Could not find a version that satisfies the requirement "
                                               "torch==2.6.0 (from versions: %1)")
                                    .arg(QLatin1String(offered));
        const std::optional<ErrorSignature> s =
            kb().matchError(td::python::classifyImportError(message), {});
        return s ? s->id + u'\n' + s->cause.en + u'\n' + s->cause.zhCN : QString();
    };
    const QString intelMac = explained("2.0.0, 2.0.1, 2.1.0, 2.1.1, 2.1.2, 2.2.0, 2.2.1, 2.2.2");
    EXPECT_TRUE(intelMac.startsWith(QStringLiteral("pip-no-torch-wheel\n"))) << intelMac.toStdString();
    EXPECT_TRUE(intelMac.contains(QStringLiteral("torch 2.3 and later have no wheels for macOS x86_64")))
        << intelMac.toStdString();
    EXPECT_TRUE(intelMac.contains(QStringLiteral("Python 3.9, 3.10, 3.11, 3.12, 3.13"))) << "torch 2.6's wheels";
    // Where the offered versions end at 2.4.1, the next release dropped a Python, not a platform.
    const QString oldPython = explained("2.2.0, 2.2.1, 2.2.2, 2.3.0, 2.3.1, 2.4.0, 2.4.1");
    EXPECT_TRUE(oldPython.contains(QStringLiteral("torch 2.5 and later have no wheels for Python 3.8")))
        << oldPython.toStdString();
    EXPECT_TRUE(oldPython.contains(QStringLiteral("没有适用于 Python 3.8 的 wheel"))) << oldPython.toStdString();
    const QString nothing = explained("none");
    EXPECT_TRUE(nothing.contains(QStringLiteral("pip offered no version at all"))) << nothing.toStdString();
}

// "no kernel image is available" pasted with only the GPU's name: the table of names gives its compute
// capability, the builds' architecture lists which torch builds have code for it, and a torch build named in
// the same paste is judged against them (torch 2.7.1+cu128 has sm_75, so an RTX 2060's missing kernel is an
// extension's).
TEST(KnowledgeBase, AGpuNamedInAPasteIsJudgedAgainstTheBuildsArchitectures)
{
    const auto capability = [](const char *text) {
        const auto named = gpuNamedIn(kb().gpuModels(), QString::fromUtf8(text));
        return named ? named->model.capability.toStdString() : std::string("none");
    };
    EXPECT_EQ(capability("GPU RTX 5070 user Unable to resolve this issue"), "12.0");
    EXPECT_EQ(capability("5070Ti"), "12.0");
    EXPECT_EQ(capability("line 5070, in forward"), "none") << "a bare number is not a GPU";
    EXPECT_EQ(capability("5070 Ti CUDA error: no kernel image"), "12.0");
    EXPECT_EQ(capability("- RTX2060\n- 2.7.1+cu128"), "7.5");
    EXPECT_EQ(capability("I use a 1080 GTX"), "6.1");
    EXPECT_EQ(capability("NVIDIA A100-SXM4-80GB"), "8.0");
    EXPECT_EQ(capability("NVIDIA A10G"), "8.6");
    EXPECT_EQ(capability("NVIDIA H100 80GB HBM3"), "9.0");
    EXPECT_EQ(capability("AMD Radeon RX 7900 XTX"), "none");

    const auto facts = [](const char *message) {
        ClassifiedError e;
        e.text = QString::fromUtf8(message);
        const auto sig = kb().matchError(e);
        return sig ? sig->cause.en : QStringLiteral("(no signature)");
    };
    const QString blackwell = facts("RTX 5080 CUDA error: no kernel image is available for execution on the device");
    EXPECT_TRUE(blackwell.contains(QStringLiteral("compute capability 12.0"))) << str(blackwell);
    const QString builds = blackwell.section(QStringLiteral("builds with code for it: "), 1);
    EXPECT_TRUE(builds.startsWith(QStringLiteral("cu128 (torch 2.7 to "))) << str(blackwell);
    EXPECT_FALSE(builds.contains(QStringLiteral("cu126"))) << str(blackwell);
    EXPECT_EQ(builds.count(QStringLiteral("cu128")), 1) << "one range per variant: " << str(builds);
    EXPECT_FALSE(blackwell.contains(QStringLiteral("{gpuFacts}"))) << str(blackwell);
    const QString extension =
        facts("RuntimeError: CUDA error: no kernel image is available for execution on the device\n- RTX2060\n"
              "- 2.7.1+cu128");
    EXPECT_TRUE(extension.contains(QStringLiteral("2.7.1+cu128, is one of them"))) << str(extension);
    const QString older = facts("NVIDIA GeForce RTX 5090 with CUDA capability sm_120 is not compatible with the "
                                "current PyTorch installation. torch 2.5.1+cu124");
    EXPECT_TRUE(older.contains(QStringLiteral("2.5.1+cu124, is not one of them"))) << str(older);
    const QString unnamed = facts("CUDA error: no kernel image is available for execution on the device");
    EXPECT_FALSE(unnamed.contains(QStringLiteral("compute capability 12"))) << str(unnamed);
    EXPECT_FALSE(unnamed.contains(QStringLiteral("{gpuFacts}"))) << str(unnamed);
}

// A fix with a condition: the extension's repair leads when the pasted torch build has code for the pasted GPU,
// is left out when it has none, and stays behind torch's when the paste does not tell.
TEST(KnowledgeBase, AFixWithAConditionLeadsOnlyWhenTheMessageSaysItHolds)
{
    const auto fixes = [](const char *message) {
        QStringList out;
        if (const auto sig = kb().matchError(td::python::classifyImportError(QString::fromUtf8(message))))
            for (const Fix &f : sig->fixes)
                out << f.family + (f.when.isEmpty() ? QString() : u':' + f.when);
        return out.join(u' ').toStdString();
    };
    const char *noKernel = "RuntimeError: CUDA error: no kernel image is available for execution on the device\n";
    EXPECT_EQ(fixes((std::string(noKernel) + "- RTX2060\n- 2.7.1+cu128").c_str()),
              "reinstall:torch-has-gpu-code reinstall docker");
    EXPECT_EQ(fixes((std::string(noKernel) + "RTX 5090, torch 2.5.1+cu124").c_str()), "reinstall docker");
    EXPECT_EQ(fixes(noKernel), "reinstall reinstall:torch-has-gpu-code docker");
    EXPECT_EQ(fixes((std::string(noKernel) + "RTX 5090, torch 2.7.1+cu999").c_str()),
              "reinstall reinstall:torch-has-gpu-code docker")
        << "a build the table does not know decides nothing";

    // A library that failed from a CUDA toolkit's folder, not from a wheel: taking that folder out of the
    // variable leads.
    const char *cudnn = "Could not load library libcudnn_cnn_train.so.8. Error: %1libcudnn_cnn_train.so.8: "
                        "undefined symbol: _ZN5cudnn3cnn5inferE, version libcudnn_cnn_infer.so.8";
    const auto cudnnFrom = [&](const char *folder) {
        return fixes(QString::fromLatin1(cudnn).arg(QString::fromLatin1(folder)).toUtf8().constData());
    };
    EXPECT_EQ(cudnnFrom("/usr/local/cuda-12.3/lib64/"), "env:file-outside-python-packages reinstall env");
    EXPECT_EQ(cudnnFrom("/home/u/.venv/lib/python3.11/site-packages/nvidia/cudnn/lib/"), "reinstall env");
    EXPECT_EQ(cudnnFrom(""), "reinstall env env:file-outside-python-packages") << "no folder, nothing decided";
}

// An undefined symbol whose name gives its library away is that library's, whatever file the message names:
// NCCL's, or a library no code mentions added to a copy of errors.json. One nobody knows keeps the usual cause.
TEST(KnowledgeBase, AnUndefinedSymbolIsTheLibraryItsNameGivesAway)
{
    const auto explained = [](const KnowledgeBase &b, const char *message) {
        ClassifiedError e;
        e.kind = ClassifiedError::Kind::UndefinedSymbol;
        e.text = QString::fromUtf8(message);
        e.symbol = e.text.section(u' ', -1);
        const auto sig = b.matchError(e);
        return sig ? sig->cause.en + u'|' + sig->fixes.first().text.en : QStringLiteral("(no signature)");
    };
    const QString nccl = explained(kb(), "Importing torch results in undefined symbol ncclCommResume");
    EXPECT_TRUE(nccl.startsWith(QStringLiteral("ncclCommResume is a function of NCCL (libnccl.so.2"))) << str(nccl);
    EXPECT_TRUE(nccl.contains(QStringLiteral("|Keep one NCCL"))) << "its repair leads: " << str(nccl);
    EXPECT_FALSE(nccl.contains(QStringLiteral("torchvision"))) << str(nccl);
    const QString other = explained(kb(), "undefined symbol _ZN5gizmo3fooEv");
    EXPECT_TRUE(other.contains(QStringLiteral("torchvision or torchaudio"))) << str(other);
    EXPECT_FALSE(other.contains(QStringLiteral("Keep one"))) << str(other);

    td::test::TempDir dir;
    KnowledgeBase b;
    loadWithEntry(b, dir, "errors.json", "symbolLibraries",
                  QJsonObject{{QStringLiteral("symbol"), QStringLiteral("^zorb[A-Z]")},
                              {QStringLiteral("name"), QStringLiteral("Zorb")},
                              {QStringLiteral("library"), QStringLiteral("libzorb.so.4")},
                              {QStringLiteral("wheels"), QJsonArray{QStringLiteral("zorb-cu12")}},
                              {QStringLiteral("sources"), QJsonArray{QStringLiteral("a test")}}},
                  false);
    ASSERT_TRUE(b.isLoaded());
    const QString zorb = explained(b, "undefined symbol zorbPlanMany");
    EXPECT_TRUE(zorb.startsWith(QStringLiteral("zorbPlanMany is a function of Zorb (libzorb.so.4, shipped in the "
                                               "wheels zorb-cu12)"))) << str(zorb);
}

// The table is data: a GPU no code mentions, added to a copy of gpu-arch.json, is read like the others.
TEST(KnowledgeBase, AGpuAddedToTheTableIsKnownByItsNames)
{
    td::test::TempDir dir;
    const QJsonObject architecture{{QStringLiteral("en"), QStringLiteral("Qux")},
                                   {QStringLiteral("zh_CN"), QStringLiteral("Qux")}};
    KnowledgeBase b;
    loadWithEntry(b, dir, "gpu-arch.json", "gpus",
                  QJsonObject{{QStringLiteral("capability"), QStringLiteral("8.6")},
                              {QStringLiteral("architecture"), architecture},
                              {QStringLiteral("names"), QJsonArray{QStringLiteral(R"(Zorbex\s*Q\d)")}},
                              {QStringLiteral("confidence"), QStringLiteral("unverified")},
                              {QStringLiteral("sources"), QJsonArray{QStringLiteral("a test")}}},
                  true); // more specific names first
    ASSERT_TRUE(b.isLoaded());
    const auto named = gpuNamedIn(b.gpuModels(), QStringLiteral("on my zorbex Q7: no kernel image"));
    ASSERT_TRUE(named);
    EXPECT_EQ(named->model.capability, QStringLiteral("8.6"));
    EXPECT_EQ(named->name, QStringLiteral("zorbex Q7"));
}

// torch loads every DLL of its own before it imports its _C (any failure but 126 raises "Error loading"
// at once), and torch.ops.load_library is how packages load their own compiled libraries: a procedure
// missing at either point is an extension's, built for another torch, whatever language Windows speaks.
// A frame of torch/__init__.py importing _C is torch's own; a package no code mentions is not.
TEST(KnowledgeBase, AProcedureMissingAfterTorchLoadedItsOwnDllsIsAnExtensions)
{
    const auto cause = [](const char *message) {
        const auto sig = kb().matchError(td::python::classifyImportError(QString::fromUtf8(message)));
        return sig ? sig->id.toStdString() : std::string("(no signature)");
    };
    const char *extension = "  File \"C:\\env\\Lib\\site-packages\\quillkit\\__init__.py\", line 3, in <module>\n"
                            "    from ._C import render\n"
                            "ImportError: DLL load failed while importing _C: Die angegebene Prozedur wurde nicht "
                            "gefunden.";
    EXPECT_EQ(cause(extension), "win127-extension-unnamed");
    EXPECT_EQ(cause("ImportError: DLL load failed while importing _C: 指定されたプロシージャが見つかりません。"),
              "win127-extension-unnamed");
    EXPECT_NE(cause("  File \"C:\\env\\Lib\\site-packages\\torch\\__init__.py\", line 290, in <module>\n"
                    "    from torch._C import *  # noqa: F403\n"
                    "ImportError: DLL load failed while importing _C: Die angegebene Prozedur wurde nicht gefunden."),
              "win127-extension-unnamed");
    EXPECT_NE(cause("ImportError: DLL load failed while importing _C: Das angegebene Modul wurde nicht gefunden."),
              "win127-extension-unnamed") << "a module not found (126) is not a procedure not found";
    EXPECT_EQ(cause("  File \"D:\\app\\venv\\Lib\\site-packages\\torch\\_ops.py\", line 1350, in load_library\n"
                    "    ctypes.CDLL(path)\n"
                    "OSError: [WinError 127] Die angegebene Prozedur wurde nicht gefunden"),
              "win127-extension-unnamed");
}

// A driver too old for the pasted torch build: the explanation says which drivers that build runs on, from
// the driver table; a toolkit added to the table (a CUDA no code mentions) is read the same way.
TEST(KnowledgeBase, ADriverTooOldIsToldTheDriversThePastedBuildRunsOn)
{
    const auto cause = [](const KnowledgeBase &b, const char *message) {
        const auto sig = b.matchError(td::python::classifyImportError(QString::fromUtf8(message)));
        return sig ? sig->cause.en : QStringLiteral("(no signature)");
    };
    const char *tooOld = "UserWarning: CUDA initialization: The NVIDIA driver on your system is too old (found "
                         "version 12040). torch ";
    const QString cu130 = cause(kb(), (std::string(tooOld) + "2.9.0+cu130").c_str());
    EXPECT_TRUE(cu130.contains(QStringLiteral("torch 2.9.0+cu130 is a build for CUDA 13.0"))) << str(cu130);
    EXPECT_TRUE(cu130.contains(QStringLiteral("580.65.06"))) << str(cu130);
    EXPECT_FALSE(cause(kb(), (std::string(tooOld) + "2.9.0").c_str()).contains(QStringLiteral("is a build for")))
        << "no CUDA label, no claim";

    td::test::TempDir dir;
    KnowledgeBase b;
    const auto ga = [](const char *driver) {
        return QJsonArray{QJsonObject{{QStringLiteral("update"), QStringLiteral("GA")},
                                      {QStringLiteral("driver"), QString::fromLatin1(driver)}}};
    };
    loadWithEntry(b, dir, "drivers.json", "toolkits",
                  QJsonObject{{QStringLiteral("cuda"), QStringLiteral("14.1")},
                              {QStringLiteral("linux"), ga("655.10.01")},
                              {QStringLiteral("windows"), ga("655")},
                              {QStringLiteral("confidence"), QStringLiteral("inferred")},
                              {QStringLiteral("sources"), QJsonArray{QStringLiteral("a test")}}},
                  true);
    ASSERT_TRUE(b.isLoaded());
    const QString cu141 = cause(b, (std::string(tooOld) + "3.1.0+cu141").c_str());
    EXPECT_TRUE(cu141.contains(QStringLiteral("CUDA 14.1: it runs on an NVIDIA driver 655.10.01 or newer on Linux, "
                                              "655 or newer on Windows")))
        << str(cu141);
}

// A compiled extension's "built for" line that names the CUDA build of the installed torch version, which is +cpu:
// the CPU-only torch is what to mend, not the extension; with another version or two CUDA builds, the extension is.
TEST(KnowledgeBase, AnExtensionBuiltForTheCudaBuildOfACpuTorchNamesTheCpuTorch)
{
    const auto cause = [](const char *message) {
        const auto sig = kb().matchError(td::python::classifyImportError(QString::fromUtf8(message)));
        return sig ? sig->id.toStdString() : std::string("(no signature)");
    };
    EXPECT_EQ(cause("WARNING: quokkaformers was built for:\n    PyTorch 2.9.0+cu128 with CUDA 1208 (you have 2.9.0+cpu)"),
              "torch-cpu-build");
    EXPECT_EQ(cause("quokkaformers was built for: PyTorch 2.9.0+cu128 with CUDA 1208 (you have 2.10.0+cu130)"),
              "extension-built-for-another-torch");
    EXPECT_EQ(cause("quokkaformers was built for: PyTorch 2.9.0+cu128 with CUDA 1208 (you have 2.8.0+cpu)"),
              "extension-built-for-another-torch");
}

// The companion table (companions.json, generated from each release's METADATA on PyPI): which release goes with
// a torch, read from the real table, and from a package no code mentions added to a copy of it.
TEST(KnowledgeBase, TheCompanionTableSaysWhichReleaseRequiresWhichTorch)
{
    // xformers pins torch exactly; 0.0.29 and 0.0.28.post3 both require 2.5.1: the newer is the one to install.
    const auto fits = kb().companionFor(QStringLiteral("xFormers"), QStringLiteral("2.5.1+cu121"));
    ASSERT_TRUE(fits.has_value());
    EXPECT_EQ(fits->version, QStringLiteral("0.0.29.post1"));
    EXPECT_EQ(fits->torch.value_or(QString()), QStringLiteral("==2.5.1"));
    QStringList pinned;
    for (const auto &r : kb().companionsPinnedTo(QStringLiteral("xformers"), QStringLiteral("2.5.1")))
        pinned << r.version;
    EXPECT_EQ(pinned, (QStringList{QStringLiteral("0.0.28.post3"), QStringLiteral("0.0.29"),
                                   QStringLiteral("0.0.29.post1")}));
    // A range: torch-tensorrt 2.8.0 requires >=2.8.0,<2.9.0.
    const auto trt = kb().companionFor(QStringLiteral("torch_tensorrt"), QStringLiteral("2.8.0"));
    ASSERT_TRUE(trt.has_value());
    EXPECT_EQ(trt->version, QStringLiteral("2.8.0"));
    EXPECT_FALSE(kb().companionFor(QStringLiteral("no-such-package"), QStringLiteral("2.5.1")).has_value());

    EXPECT_TRUE(KnowledgeBase::specifierAccepts(QStringLiteral(">=2.9.0,<2.10.0"), QStringLiteral("2.9.1+cu128")));
    EXPECT_FALSE(KnowledgeBase::specifierAccepts(QStringLiteral(">=2.9.0,<2.10.0"), QStringLiteral("2.10.0")));
    EXPECT_TRUE(KnowledgeBase::specifierAccepts(QStringLiteral("==2.5.*"), QStringLiteral("2.5.1")));
    EXPECT_FALSE(KnowledgeBase::specifierAccepts(QStringLiteral("==2.5.*"), QStringLiteral("2.50.0")));
    EXPECT_TRUE(KnowledgeBase::specifierAccepts(QStringLiteral("~=2.5.1"), QStringLiteral("2.5.3")));
    EXPECT_FALSE(KnowledgeBase::specifierAccepts(QStringLiteral("~=2.5.1"), QStringLiteral("2.6.0")));
    EXPECT_TRUE(KnowledgeBase::specifierAccepts(QString(), QStringLiteral("2.6.0")));

    td::test::TempDir dir;
    KnowledgeBase b;
    loadWithEntry(b, dir, "companions.json", "packages",
                  quillKernels({{"1.0.0", QStringLiteral("==2.14.0"), {}},
                                {"1.1.0", QStringLiteral("==2.15.0"), {}},
                                {"1.2.0", QJsonValue::Null, {}}}),
                  false);
    ASSERT_TRUE(b.isLoaded());
    const auto sig = b.matchError(td::python::classifyImportError(
        QStringLiteral("Quill-Kernels was built for: PyTorch 2.14.0+cu130 with CUDA 1300 (you have 2.15.0+cu130)")));
    ASSERT_TRUE(sig.has_value());
    EXPECT_EQ(sig->id, QStringLiteral("extension-built-for-another-torch"));
    const QString fix = sig->fixes.value(0).text.en;
    EXPECT_TRUE(fix.contains(QStringLiteral("quill-kernels 1.1.0 is the newest release whose wheels require a torch "
                                            "that 2.15.0 satisfies (==2.15.0")))
        << str(fix);
    EXPECT_TRUE(fix.contains(QStringLiteral("built for torch 2.14.0 (their wheels require exactly it) are 1.0.0")))
        << str(fix);
    EXPECT_FALSE(sig->fixes.value(0).text.zhCN.contains(u'{')) << str(sig->fixes.value(0).text.zhCN);
    // A package the table does not know gets no claim, and no placeholder is left.
    const auto other = b.matchError(td::python::classifyImportError(
        QStringLiteral("Gizmo was built for: PyTorch 2.14.0 (you have 2.15.0)")));
    ASSERT_TRUE(other.has_value());
    EXPECT_FALSE(other->fixes.value(0).text.en.contains(QStringLiteral("newest release")))
        << str(other->fixes.value(0).text.en);
    EXPECT_FALSE(other->fixes.value(0).text.en.contains(u'{')) << str(other->fixes.value(0).text.en);
}

// A module a package installs at the top of site-packages, beside its own folder, is that package's: the table's
// "modules" of each release, read from its wheels' file names.
TEST(KnowledgeBase, AModuleAtTheTopOfSitePackagesIsThePackagesThatInstallsIt)
{
    EXPECT_EQ(kb().companionOfModule(QStringLiteral("_torch_sox")), QStringLiteral("torchaudio")); // torchaudio < 0.5
    EXPECT_EQ(kb().companionOfModule(QStringLiteral("torio")), QStringLiteral("torchaudio"));
    EXPECT_EQ(kb().companionOfModule(QStringLiteral("no_such_module")), QString());

    td::test::TempDir dir;
    KnowledgeBase b;
    loadWithEntry(b, dir, "companions.json", "packages",
                  quillKernels({{"1.0.0", QStringLiteral("==2.14.0"),
                                 {QStringLiteral("_quill_ops"), QStringLiteral("quill_kernels")}}}),
                  false);
    ASSERT_TRUE(b.isLoaded());
    const auto sig = b.matchError(td::python::classifyImportError(QStringLiteral(
        "ImportError: /home/a/.venv/lib/python3.12/site-packages/_quill_ops.cpython-312-x86_64-linux-gnu.so: "
        "undefined symbol: _ZN3c1019UndefinedTensorImpl10_singletonE")));
    ASSERT_TRUE(sig.has_value());
    EXPECT_EQ(sig->id, QStringLiteral("extension-undefined-symbol"));
    EXPECT_EQ(sig->packageToFix, QStringLiteral("quill-kernels"));

    // The releases that install the module bound the one installed: torchaudio 0.3.0 to 0.5.1 had _torch_sox.
    const auto sox = kb().matchError(td::python::classifyImportError(QStringLiteral(
        "ImportError: /home/a/envs/py36/lib/python3.6/site-packages/_torch_sox.cpython-36m-x86_64-linux-gnu.so: "
        "undefined symbol: _ZN3c105ErrorC1ENS_14SourceLocationERKSs")));
    ASSERT_TRUE(sox.has_value());
    EXPECT_EQ(sox->packageToFix, QStringLiteral("torchaudio"));
    const QString fix = sox->fixes.value(0).text.en;
    EXPECT_TRUE(fix.contains(QStringLiteral("Only torchaudio 0.3.0, 0.3.1, 0.3.2, 0.4.0, 0.5.0, 0.5.1 install "
                                            "_torch_sox")))
        << str(fix);
    EXPECT_TRUE(fix.contains(QStringLiteral("built for torch 1.2.0, 1.3.0, 1.3.1, 1.4.0, 1.5.0, 1.5.1"))) << str(fix);
    // A module every release installs says nothing of which one it is.
    const auto every = kb().matchError(td::python::classifyImportError(QStringLiteral(
        "ImportError: /a/site-packages/torchaudio/lib/libtorchaudio.so: undefined symbol: _ZN3c105ErrorC1Ev")));
    ASSERT_TRUE(every.has_value());
    EXPECT_FALSE(every->fixes.value(0).text.en.contains(QStringLiteral("Only torchaudio")));
}

// A library of the system (under /usr/lib, /lib64, ...) missing a versioned symbol of its own provider: another
// copy of that provider was found first. Names no code mentions; a library outside the system folders is not it.
TEST(KnowledgeBase, ASystemLibraryMissingItsProvidersVersionedSymbolIsShadowed)
{
    const auto id = [](const char *message) {
        const auto sig = kb().matchError(td::python::classifyImportError(QString::fromUtf8(message)));
        return sig ? sig->id.toStdString() : std::string("(no signature)");
    };
    EXPECT_EQ(id("OSError: /usr/lib/x86_64-linux-gnu/libquill.so.3: undefined symbol: quill_open2, version QUILL_2.1"),
              "system-lib-shadowed-by-other-copy");
    EXPECT_EQ(id("ImportError: /lib64/libgizmo.so.1: undefined symbol: gz_init, version GIZMO_1.0"),
              "system-lib-shadowed-by-other-copy");
    EXPECT_NE(id("ImportError: /home/a/.venv/lib/python3.12/site-packages/quill/lib/libquill.so.3: undefined symbol: "
                  "quill_open2, version QUILL_2.1"),
              "system-lib-shadowed-by-other-copy");
    EXPECT_NE(id("OSError: /usr/local/cuda-12.3/lib64/libquill.so.3: undefined symbol: quill_open2, version QUILL_2.1"),
              "system-lib-shadowed-by-other-copy")
        << "a toolkit's own folder is not the distribution's";
    const auto sig = kb().matchError(td::python::classifyImportError(
        QStringLiteral("OSError: /usr/lib64/libquill.so.3: undefined symbol: quill_open2, version QUILL_2.1")));
    ASSERT_TRUE(sig.has_value());
    EXPECT_EQ(sig->fixFamilies.value(0), QStringLiteral("env"));
    EXPECT_TRUE(sig->fixes.value(0).text.en.contains(QStringLiteral("torchdoctor deps /usr/lib64/libquill.so.3")))
        << str(sig->fixes.value(0).text.en);
}

// A function of torch's own API missing, in a line that names no library (dyld's "Symbol not found" alone, an
// issue title): an extension built for another torch. A symbol of another library is not claimed.
TEST(KnowledgeBase, TorchsOwnSymbolMissingAloneIsAnExtensionsForAnotherTorch)
{
    const auto id = [](const char *message) {
        const auto sig = kb().matchError(td::python::classifyImportError(QString::fromUtf8(message)));
        return sig ? sig->id.toStdString() : std::string("(no signature)");
    };
    EXPECT_EQ(id("Symbol not found: __ZN2at6native12quill_filterERKNS_6TensorE"), "extension-undefined-symbol-unnamed");
    EXPECT_EQ(id("Symbol not found: _aoti_torch_quill_handle"), "extension-undefined-symbol-unnamed");
    EXPECT_NE(id("Symbol not found: _png_quill_read"), "extension-undefined-symbol-unnamed");
    // With the library that asks for it, the package is named.
    EXPECT_EQ(id("ImportError: dlopen(/Users/a/venv/lib/python3.12/site-packages/quillkit/_C.so, 0x0002): Symbol not "
                 "found: __ZN3c1017RegisterOperatorsD1Ev\n  Referenced from: <8C1E5B0A-1D2B-3C4D-9E8F-0A1B2C3D4E5F> "
                 "/Users/a/venv/lib/python3.12/site-packages/quillkit/_C.so\n  Expected in:     <0E1F2A3B-4C5D-6E7F-"
                 "8091-A2B3C4D5E6F7> /Users/a/venv/lib/python3.12/site-packages/torch/lib/libc10.dylib"),
              "extension-undefined-symbol");
}
