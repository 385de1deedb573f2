// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/Symptoms.h"

#include "checks/CheckSupport.h"

#include <QCoreApplication>
#include <QDir>
#include <QHash>
#include <QJsonArray>

#if __has_include(<cxxabi.h>)
#include <cxxabi.h>
#define TD_HAS_CXXABI 1
#endif

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace td::checks {

namespace {

struct SymptomText {
    Q_DECLARE_TR_FUNCTIONS(Symptoms)
};

constexpr qsizetype kNamedSymptoms = 5; // the detail names so many libraries; the evidence keeps them all
constexpr qsizetype kNamedLacks = 3;    // ... and of each, so many symbols or versions

bool isImport(const Finding &f)
{
    return f.id == QLatin1String("torch.import-failed") || f.id == QLatin1String("torch.import-crashed");
}

bool isSymptom(const Finding &f)
{
    return isImport(f) || f.id == QLatin1String("lib.symbol-missing")
           || f.id == QLatin1String("lib.version-missing") || f.id == QLatin1String("lib.shadowed")
           || f.id == QLatin1String("lib.unreadable");
}

// The file a finding is about: the copy that loads (in another's place, or lacking what is needed).
QString fileAtFault(const Finding &f)
{
    const QString loaded = f.evidence.value(QLatin1String("loaded")).toString();
    if (!loaded.isEmpty() || !isSymptom(f))
        return loaded;
    if (isImport(f)) // the file behind the error, as the walk found it
        return f.evidence.value(QLatin1String("culprit_path")).toString();
    return f.evidence.value(QLatin1String("paths")).toArray().at(0).toString();
}

Severity worse(Severity a, Severity b)
{
    return static_cast<int>(a) < static_cast<int>(b) ? a : b;
}

// What the library a symptom is of lacks: its symbols (demangled) or the version; empty: nothing named.
QStringList lacking(const Finding &s)
{
    QStringList out;
    if (s.id == QLatin1String("lib.symbol-missing"))
        for (const QJsonValue &symbol : s.evidence.value(QLatin1String("symbols")).toArray())
            out << demangled(symbol.toString());
    else if (s.id == QLatin1String("lib.version-missing"))
        out << s.evidence.value(QLatin1String("library")).toString();
    return out;
}

// "Because of it, 3 libraries cannot load: libA.so.1 (f, g, …), libB.so.2 (GLIBCXX_3.4.30) and 1 more."
QString breaks(const QList<Finding> &symptoms)
{
    QStringList libraries;
    QHash<QString, QStringList> lacks;
    for (const Finding &s : symptoms) {
        const QString by = fileNameOf(s.evidence.value(QLatin1String("needed_by")).toArray().at(0).toString());
        if (by.isEmpty())
            continue;
        if (!libraries.contains(by))
            libraries << by;
        for (const QString &what : lacking(s))
            if (!what.isEmpty() && !lacks[by].contains(what))
                lacks[by] << what;
    }
    const bool importFails = std::any_of(symptoms.cbegin(), symptoms.cend(), isImport);
    if (libraries.isEmpty())
        return importFails ? SymptomText::tr("Because of it, `import torch` fails.") : QString();
    QStringList named;
    for (qsizetype i = 0; i < libraries.size() && i < kNamedSymptoms; ++i) {
        QStringList what = lacks.value(libraries[i]);
        if (what.size() > kNamedLacks)
            what = what.mid(0, kNamedLacks) << QStringLiteral("…");
        named << (what.isEmpty() ? libraries[i]
                                 : SymptomText::tr("%1 (%2)", "a library (what it lacks)")
                                       .arg(libraries[i], what.join(QStringLiteral(", "))));
    }
    QString list = named.join(QStringLiteral(", "));
    if (libraries.size() > kNamedSymptoms)
        list = SymptomText::tr("%1 and %n more", nullptr, static_cast<int>(libraries.size() - kNamedSymptoms))
                   .arg(list);
    const int count = static_cast<int>(libraries.size());
    return (importFails ? SymptomText::tr("Because of it, `import torch` fails and %n librar(ies) cannot load: %1.",
                                          nullptr, count)
                        : SymptomText::tr("Because of it, %n librar(ies) cannot load: %1.", nullptr, count))
        .arg(list);
}

// The lead of symptoms no other finding explains: the first of them, named by the file's path.
Finding leadOf(const QString &file, const QList<Finding> &symptoms)
{
    Finding lead = symptoms.constFirst();
    QStringList needers;
    bool lacks = false;
    for (const Finding &s : symptoms) {
        lacks = lacks || s.id == QLatin1String("lib.symbol-missing") || s.id == QLatin1String("lib.version-missing");
        for (const QJsonValue &by : s.evidence.value(QLatin1String("needed_by")).toArray())
            if (!needers.contains(by.toString()))
                needers << by.toString();
    }
    if (lacks)
        lead.title =
            SymptomText::tr("%1 lacks what %n other librar(ies) need", nullptr, static_cast<int>(needers.size()))
                .arg(QDir::toNativeSeparators(file));
    for (const Finding &s : symptoms)
        for (FixFamily family : s.fixes)
            if (!lead.fixes.contains(family))
                lead.fixes << family;
    return lead;
}

void hold(Finding &lead, const QList<Finding> &symptoms)
{
    QJsonArray held;
    for (const Finding &s : symptoms) {
        held.append(findingToJson(s));
        lead.severity = worse(lead.severity, s.severity);
    }
    lead.evidence.insert(QStringLiteral("symptoms"), held);
    if (const QString told = breaks(symptoms); !told.isEmpty())
        lead.detail = SymptomText::tr("%1 %2", "two sentences").arg(lead.detail, told);
}

// A library problem inside a package's folder: the file at fault, else the first library that needs the
// missing one.
QString placeOf(const Finding &f)
{
    if (!f.id.startsWith(QLatin1String("lib.")) && !isImport(f))
        return {};
    if (const QString file = fileAtFault(f); !file.isEmpty())
        return file;
    if (const QString raisedIn = f.evidence.value(QLatin1String("raised_in")).toString(); !raisedIn.isEmpty())
        return raisedIn; // an import that fails in Python code: the file that raised
    if (const QString path = f.evidence.value(QLatin1String("paths")).toArray().at(0).toString(); !path.isEmpty())
        return path;
    return f.evidence.value(QLatin1String("needed_by")).toArray().at(0).toString();
}

bool insideAny(const QString &path, const QJsonArray &folders)
{
    return std::any_of(folders.begin(), folders.end(),
                       [&](const QJsonValue &folder) { return insideFolder(path, folder.toString()); });
}

// A failed import whose message names one of these paths ("cannot import name 'X' from 'm' (/path/m.py)").
bool importNamesAny(const Finding &f, const QJsonArray &paths)
{
    const QString message = f.evidence.value(QLatin1String("message")).toString();
    return f.id == QLatin1String("torch.import-failed")
           && std::any_of(paths.begin(), paths.end(), [&](const QJsonValue &path) {
                  return !path.toString().isEmpty() && message.contains(QDir::toNativeSeparators(path.toString()));
              });
}

// A cause that is a whole package (its wheel built for another machine: evidence "package_dirs") holds
// every library problem inside its folders, the missing libraries and wrong architectures too.
void foldIntoPackages(QList<Finding> &findings)
{
    QList<qsizetype> causes;
    for (qsizetype i = 0; i < findings.size(); ++i)
        if (!findings[i].evidence.value(QLatin1String("package_dirs")).toArray().isEmpty())
            causes << i;
    if (causes.isEmpty())
        return;
    QHash<qsizetype, QList<Finding>> held;
    QList<bool> taken(findings.size(), false);
    for (qsizetype i = 0; i < findings.size(); ++i)
        for (qsizetype cause : std::as_const(causes))
            if (const QJsonArray dirs = findings[cause].evidence.value(QLatin1String("package_dirs")).toArray();
                i != cause && !causes.contains(i)
                && (insideAny(placeOf(findings[i]), dirs) || importNamesAny(findings[i], dirs))) {
                held[cause] << findings[i];
                taken[i] = true;
                break;
            }
    QList<Finding> out;
    for (qsizetype i = 0; i < findings.size(); ++i) {
        if (taken[i])
            continue;
        out << findings[i];
        if (held.contains(i))
            hold(out.last(), held.value(i));
    }
    findings = out;
}

// SIGBUS while torch loads is a mapped file read past its end: when a library is shorter than its
// RECORD says, the crash is that file's.
void tieBusErrorToCutShortFile(QList<Finding> &findings)
{
    const auto cut = std::find_if(findings.cbegin(), findings.cend(), [](const Finding &f) {
        const qint64 actual = f.evidence.value(QLatin1String("size_actual")).toInteger(-1);
        return f.id == QLatin1String("packages.file-damaged") && actual >= 0
               && actual < f.evidence.value(QLatin1String("size_expected")).toInteger(-1);
    });
    if (cut == findings.cend())
        return;
    const QJsonValue file = cut->evidence.value(QLatin1String("loaded"));
    for (Finding &f : findings)
        if (f.id == QLatin1String("torch.import-crashed")
            && f.evidence.value(QLatin1String("crash")).toString() == QLatin1String("SIGBUS"))
            f.evidence.insert(QStringLiteral("culprit_path"), file);
}

} // namespace

void foldSymptoms(QList<Finding> &findings)
{
    tieBusErrorToCutShortFile(findings);
    foldIntoPackages(findings);
    // The symptoms of each file, and the finding that leads them: the one of its cause, else the first.
    QHash<QString, QList<Finding>> symptomsOf;
    QHash<QString, qsizetype> causeOf, firstSymptomOf;
    for (qsizetype i = 0; i < findings.size(); ++i) {
        const QString file = fileAtFault(findings[i]);
        if (file.isEmpty())
            continue;
        if (isSymptom(findings[i])) {
            symptomsOf[file] << findings[i];
            firstSymptomOf.insert(file, firstSymptomOf.value(file, i));
        } else if (!causeOf.contains(file)) {
            causeOf.insert(file, i);
        }
    }
    QList<Finding> out;
    for (qsizetype i = 0; i < findings.size(); ++i) {
        const Finding &f = findings[i];
        const QString file = fileAtFault(f);
        const QList<Finding> symptoms = symptomsOf.value(file);
        if (file.isEmpty() || symptoms.isEmpty()) {
            out << f;
        } else if (causeOf.value(file, -1) == i) {
            Finding lead = f;
            hold(lead, symptoms);
            out << lead;
        } else if (!causeOf.contains(file) && firstSymptomOf.value(file) == i) {
            if (symptoms.size() == 1) {
                out << f; // one symptom is its own row
                continue;
            }
            Finding lead = leadOf(file, symptoms);
            hold(lead, symptoms);
            out << lead;
        }
    }
    findings = out;
}

QList<Finding> symptomsOf(const Finding &finding)
{
    QList<Finding> out;
    for (const QJsonValue &v : finding.evidence.value(QLatin1String("symptoms")).toArray())
        if (const auto symptom = findingFromJson(v))
            out << *symptom;
    return out;
}

QJsonArray everyFinding(const QJsonArray &findings)
{
    QJsonArray out;
    for (const QJsonValue &f : findings) {
        out.append(f);
        const QJsonObject evidence = f.toObject().value(QLatin1String("evidence")).toObject();
        for (const QJsonValue &s : evidence.value(QLatin1String("symptoms")).toArray())
            out.append(s);
    }
    return out;
}

HeldSymptoms heldSymptoms(const QList<Finding> &findings, const std::function<bool(const Finding &)> &which)
{
    HeldSymptoms out;
    for (const Finding &lead : findings)
        for (const Finding &s : symptomsOf(lead)) {
            if (s.severity == Severity::Info || !which(s))
                continue;
            ++out.count;
            out.worst = worse(out.worst, s.severity);
            if (!out.cause)
                out.cause = &lead;
        }
    return out;
}

QString demangled(const QString &symbol)
{
#ifdef TD_HAS_CXXABI
    if (!symbol.startsWith(QLatin1String("_Z")))
        return symbol;
    int status = 0;
    const std::unique_ptr<char, void (*)(void *)> readable(
        abi::__cxa_demangle(symbol.toLatin1().constData(), nullptr, nullptr, &status), std::free);
    if (status == 0 && readable)
        return QString::fromLatin1(readable.get());
#endif
    return symbol;
}

} // namespace td::checks
