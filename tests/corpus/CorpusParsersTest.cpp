// SPDX-License-Identifier: GPL-3.0-or-later
// Scenario 7 of the corpus: every PE, ELF and Mach-O file of the real wheels parses with our
// readers, and they agree with independent parsers from PyPI (pefile, pyelftools, macholib, run
// by independent_dump.py) field by field. Both sides are put in the same JSON shape and compared.
#include "Corpus.h"
#include "TestConfig.h"

#include "binary/ElfSymbols.h"
#include "binary/Readers.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <cstdio>
#include <map>

using namespace td;
using namespace td::test;
using namespace Qt::Literals::StringLiterals;

namespace {

QString q(const std::string &s)
{
    return QString::fromStdString(s);
}

QJsonValue optional(const std::optional<std::string> &s)
{
    return s ? QJsonValue(q(*s)) : QJsonValue();
}

QJsonArray peImports(const bin::PeInfo &pe, bool delayLoad)
{
    QJsonArray out;
    for (const auto &i : pe.imports)
        if (i.delayLoad == delayLoad)
            out.append(QJsonObject{{u"dll"_s, q(i.dll)},
                                   {u"byName"_s, static_cast<qint64>(i.functions.size())},
                                   {u"byOrdinal"_s, static_cast<qint64>(i.ordinals.size())}});
    return out;
}

QJsonValue peVersion(const std::optional<bin::PeVersion> &v)
{
    return v ? QJsonValue(q(v->toString())) : QJsonValue();
}

QString dylibKind(bin::DylibKind k)
{
    switch (k) {
    case bin::DylibKind::Load: return u"load"_s;
    case bin::DylibKind::Weak: return u"weak"_s;
    case bin::DylibKind::Reexport: return u"reexport"_s;
    case bin::DylibKind::Upward: return u"upward"_s;
    case bin::DylibKind::Lazy: return u"lazy"_s;
    }
    return u"?"_s;
}

// Our readers' answer, in independent_dump.py's shape.
QJsonObject ours(const bin::BinaryInfo &info)
{
    if (const auto *pe = info.pe())
        return {{u"format"_s, u"pe"_s},
                {u"machine"_s, pe->machine},
                {u"imports"_s, peImports(*pe, false)},
                {u"delayImports"_s, peImports(*pe, true)},
                {u"exportCount"_s, static_cast<qint64>(pe->exportCount)},
                {u"fileVersion"_s, peVersion(pe->fileVersion)},
                {u"productVersion"_s, peVersion(pe->productVersion)}};
    if (const auto *elf = info.elf()) {
        QJsonArray needed, needs;
        for (const auto &n : elf->needed)
            needed.append(q(n));
        for (const auto &n : elf->versionNeeds) {
            QJsonArray versions;
            for (const auto &v : n.versions)
                versions.append(q(v));
            needs.append(QJsonObject{{u"file"_s, q(n.file)}, {u"versions"_s, versions}});
        }
        return {{u"format"_s, u"elf"_s},          {u"class"_s, elf->is64 ? 64 : 32}, {u"machine"_s, elf->machine},
                {u"needed"_s, needed},         {u"rpath"_s, optional(elf->rpath)}, {u"runpath"_s, optional(elf->runpath)},
                {u"versionNeeds"_s, needs}};
    }
    QJsonArray architectures, dylibs, rpaths;
    if (const auto *macho = info.macho())
        for (const auto &s : macho->slices) {
            QJsonArray sliceDylibs, sliceRpaths;
            for (const auto &d : s.dylibs)
                sliceDylibs.append(QJsonObject{{u"kind"_s, dylibKind(d.kind)}, {u"name"_s, q(d.name)}});
            for (const auto &r : s.rpaths)
                sliceRpaths.append(q(r));
            architectures.append(QJsonObject{{u"cpuType"_s, static_cast<qint64>(s.cpuType)},
                                             {u"cpuSubtype"_s, static_cast<qint64>(s.cpuSubtype)}});
            dylibs.append(sliceDylibs);
            rpaths.append(sliceRpaths);
        }
    return {{u"format"_s, u"macho"_s}, {u"architectures"_s, architectures}, {u"dylibs"_s, dylibs}, {u"rpaths"_s, rpaths}};
}

// The dynamic symbol table in independent_dump.py's shape: its size, what it takes from elsewhere,
// and which of the definitions pyelftools sampled our lookups (through the hash table) find.
void addElfSymbols(const std::string &path, const bin::ElfInfo &elf, const QJsonArray &theirSample, QJsonObject &out)
{
    std::string error;
    const auto src = bin::FileByteSource::open(path, error);
    ASSERT_TRUE(src) << error;
    const bin::ElfSymbolTable symbols(*src, elf);
    ASSERT_EQ(symbols.error(), "");
    std::vector<bin::ElfSymbolNeed> needs;
    ASSERT_TRUE(symbols.needs(needs));
    QJsonArray needed, found;
    for (const auto &n : needs)
        needed.append(q((n.weak ? "weak " : "") + n.name + (n.version.empty() ? "" : "@" + n.version)));
    for (const QJsonValue &v : theirSample) {
        const QJsonArray pair = v.toArray();
        const std::string name = pair[0].toString().toStdString(), version = pair[1].toString().toStdString();
        if (symbols.defines(name, version) && !symbols.defines(name + "_not_there", version))
            found.append(pair);
    }
    out.insert(u"symbolCount"_s, static_cast<qint64>(symbols.count()));
    out.insert(u"symbolNeeds"_s, needed);
    out.insert(u"symbolsDefined"_s, found);
    // Bounded: the tables only, never the whole file.
    EXPECT_LT(src->bytesRead(), src->size() / 2 + (1U << 20)) << path;
}

bool isElfOrPe(const fs::path &path)
{
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    return in.read(magic, 4) && (std::memcmp(magic, "\x7f" "ELF", 4) == 0 || std::memcmp(magic, "MZ", 2) == 0);
}

// Whether a field says something (a test of an always-empty field would prove little).
bool informative(const QJsonValue &v)
{
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        return std::any_of(a.begin(), a.end(), [](const QJsonValue &x) { return !x.isArray() || informative(x); });
    }
    return !v.isNull() && v != QJsonValue(0);
}

std::string compact(const QJsonValue &v)
{
    if (v.isObject())
        return QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact).toStdString();
    if (v.isArray())
        return QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact).toStdString();
    return QJsonDocument(QJsonArray{v}).toJson(QJsonDocument::Compact).toStdString();
}

} // namespace

TEST(CorpusParsers, EveryBinaryAgreesWithPefilePyelftoolsAndMacholib)
{
    std::vector<std::string> folders;
    for (const auto &w : corpus::pinned())
        if (w.set == "default")
            folders.push_back(w.folderName());
    ASSERT_TRUE(corpus::has(folders));
    ASSERT_TRUE(fs::exists(config::parserPython))
        << config::parserPython << " is missing: the corpus.parser-venv test makes it (ctest -R corpus)";

    auto files = corpus::defaultSetFiles();
    ASSERT_GT(files.size(), 100u);
    // The opt-in sets too where they are fetched (the CUDA torch: libraries of 76,000 symbols).
    for (const auto &w : corpus::pinned()) {
        if (w.set == "default" || !corpus::has({w.folderName()}))
            continue;
        std::error_code ec;
        for (const auto &e : fs::recursive_directory_iterator(corpus::folder(w.folderName()), ec))
            if (e.is_regular_file(ec) && !e.is_symlink(ec) && isElfOrPe(e.path()))
                files.push_back(e.path());
    }
    std::string list;
    for (const auto &f : files)
        list += f.string() + "\n";
    RunOptions options;
    options.stdinData = list;
    options.timeout = std::chrono::seconds(600);
    const std::string script = std::string(config::sourceDir) + "/tests/corpus/independent_dump.py";
    std::map<std::string, QJsonObject> theirs;
    for (const std::string &line : lines(runOk({config::parserPython, script}, options))) {
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(line)).object();
        theirs[o.value(u"path"_s).toString().toStdString()] = o;
    }
    ASSERT_EQ(theirs.size(), files.size());

    // Per format and field: how many files agree, of how many, and in how many it is not empty.
    struct Count {
        int agreed = 0, total = 0, informative = 0;
    };
    std::map<std::string, std::map<std::string, Count>> tally;
    for (const auto &file : files) {
        SCOPED_TRACE(file.string());
        const bin::BinaryInfo info = bin::readBinaryFile(file.string());
        const QJsonObject independent = theirs[file.string()];
        ASSERT_FALSE(independent.contains(u"error"_s)) << independent.value(u"error"_s).toString().toStdString();
        EXPECT_TRUE(info.ok()) << info.error;
        QJsonObject our = ours(info);
        if (const auto *elf = info.elf(); elf && independent.contains(u"symbolCount"_s))
            addElfSymbols(file.string(), *elf, independent.value(u"symbolsDefined"_s).toArray(), our);
        const std::string format = independent.value(u"format"_s).toString().toStdString();
        ASSERT_EQ(our.value(u"format"_s).toString().toStdString(), format);
        for (auto it = independent.begin(); it != independent.end(); ++it) {
            if (it.key() == u"path"_s || it.key() == u"format"_s)
                continue;
            Count &count = tally[format][it.key().toStdString()];
            ++count.total;
            count.informative += informative(it.value()) ? 1 : 0;
            if (our.value(it.key()) == it.value())
                ++count.agreed;
            else
                ADD_FAILURE() << it.key().toStdString() << ": ours " << compact(our.value(it.key())) << "\ntheirs "
                              << compact(it.value());
        }
    }
    for (const auto &[format, fields] : tally) {
        std::printf("[ CORPUS   ] %s:", format.c_str());
        for (const auto &[field, count] : fields) {
            std::printf(" %s %d/%d (%d not empty);", field.c_str(), count.agreed, count.total, count.informative);
            EXPECT_GT(count.informative, 0) << format << " " << field << " is empty in every file";
        }
        std::printf("\n");
    }
    EXPECT_EQ(tally.size(), 3u) << "PE, ELF and Mach-O files were all expected in the corpus";
}
