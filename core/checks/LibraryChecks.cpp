// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/LibraryChecks.h"

#include "checks/CheckSupport.h"
#include "checks/Culprit.h"
#include "checks/ProblemText.h"
#include "checks/Symptoms.h"
#include "checks/VariableOrigin.h"
#include "knowledge/KnowledgeBase.h"
#include "platform/NativeText.h"
#include "python/WheelProvider.h"

#include <QDir>
#include <QVersionNumber>

#include <algorithm>

namespace td::checks {

namespace {

using platform::fromNativeBytes;

bool isVcRuntime(const QString &name)
{
    static const QStringList runtimes{QStringLiteral("msvcp140.dll"),       QStringLiteral("vcruntime140.dll"),
                                      QStringLiteral("vcruntime140_1.dll"), QStringLiteral("msvcp140_1.dll"),
                                      QStringLiteral("msvcp140_2.dll"),     QStringLiteral("concrt140.dll")};
    return runtimes.contains(name, Qt::CaseInsensitive);
}

QJsonObject evidenceOf(const loader::Problem &p, const QStringList &chain)
{
    QJsonArray neededBy, paths;
    for (const auto &n : p.neededBy)
        neededBy.append(fromNativeBytes(n));
    for (const auto &path : p.paths)
        paths.append(fromNativeBytes(path));
    QJsonObject e{{QStringLiteral("library"), fromNativeBytes(p.name)},
                  {QStringLiteral("needed_by"), neededBy},
                  {QStringLiteral("paths"), paths},
                  {QStringLiteral("loader_problem"), QString::fromLatin1(loader::toString(p.kind))},
                  {QStringLiteral("loader_cause"), QString::fromLatin1(loader::toString(p.cause))}};
    if (p.winError)
        e.insert(QStringLiteral("win_error"), p.winError);
    if (!chain.isEmpty())
        e.insert(QStringLiteral("chain"), toJsonArray(chain));
    return e;
}

// One problem per library, kind and file: a folder is walked root by root, and every root that
// reaches the same missing library reports it again (with its own requesters).
std::vector<loader::Problem> mergedProblems(const loader::Graph &graph)
{
    std::vector<loader::Problem> out;
    for (const loader::Problem &p : graph.problems) {
        const auto same = std::find_if(out.begin(), out.end(), [&](const loader::Problem &m) {
            return m.kind == p.kind && m.severity == p.severity && m.name == p.name && m.paths == p.paths;
        });
        if (same == out.end()) {
            out.push_back(p);
            continue;
        }
        for (const std::string &requester : p.neededBy)
            if (std::find(same->neededBy.begin(), same->neededBy.end(), requester) == same->neededBy.end())
                same->neededBy.push_back(requester);
    }
    return out;
}

// Adds where the variable was set to a finding about a file it put first.
void addOrigin(const Facts &facts, const SearchEntry &entry, QString &detail, QJsonObject &evidence)
{
    const VariableOrigin origin = VariableOrigin::of(facts, entry.variable, entry.entry);
    evidence.insert(QStringLiteral("variable"), entry.variable);
    evidence.insert(QStringLiteral("entry"), entry.entry);
    if (!origin.text.isEmpty()) {
        evidence.insert(QStringLiteral("set_in"), origin.setIn);
        detail += u' ' + origin.text;
    }
}

// Adds who owns the file at fault: the distribution whose RECORD lists it, or the system package.
void addOwner(const Facts &facts, const QString &file, QString &detail, QJsonObject &evidence)
{
    const auto it = facts.owners.constFind(file);
    if (it == facts.owners.cend())
        return;
    const QString shown = QDir::toNativeSeparators(file);
    if (!it->distribution.isEmpty()) {
        evidence.insert(QStringLiteral("owner"), QJsonObject{{QStringLiteral("distribution"), it->distribution},
                                                             {QStringLiteral("version"), it->version}});
        detail += u' ' + LibraryCheck::tr("%1 belongs to %2 %3 (its RECORD lists it).")
                             .arg(shown, it->distribution, it->version);
    } else if (!it->systemPackage.isEmpty()) {
        evidence.insert(QStringLiteral("owner"), QJsonObject{{QStringLiteral("system_package"), it->systemPackage}});
        detail += u' ' + LibraryCheck::tr("%1 belongs to the system package %2.").arg(shown, it->systemPackage);
    }
}

bool torchsOwnProblem(const loader::Problem &p, const QString &torchDir)
{
    const auto inTorch = [&torchDir](const std::string &path) {
        return insideFolder(fromNativeBytes(path), torchDir);
    };
    if (std::any_of(p.paths.begin(), p.paths.end(), inTorch))
        return true;
    return p.kind == loader::ProblemKind::Missing && p.paths.empty()
           && std::any_of(p.neededBy.begin(), p.neededBy.end(), inTorch);
}

} // namespace

QString LibraryCheck::id() const
{
    return QStringLiteral("lib.walk");
}
QString LibraryCheck::title() const
{
    return tr("Can every native library of PyTorch be loaded?");
}
FactSet LibraryCheck::needs() const
{
    return Fact::Libraries | Fact::Interpreters;
}

namespace {

// What a missing symbol's finding keeps: the symbol, its version and library, every symbol missing from
// that library, the copy that loaded and a copy that has it.
void addSymbolEvidence(const loader::Problem &p, QJsonObject &evidence)
{
    evidence.insert(QStringLiteral("symbol"), fromNativeBytes(p.name));
    evidence.insert(QStringLiteral("symbol_version"), fromNativeBytes(p.symbolVersion));
    evidence.insert(QStringLiteral("symbol_library"), fromNativeBytes(p.symbolLibrary));
    QJsonArray symbols;
    for (const std::string &symbol : p.symbols)
        symbols.append(fromNativeBytes(symbol));
    evidence.insert(QStringLiteral("symbols"), symbols);
    if (!p.paths.empty())
        evidence.insert(QStringLiteral("loaded"), fromNativeBytes(p.paths[0]));
    if (p.paths.size() > 1)
        evidence.insert(QStringLiteral("has_symbol"), fromNativeBytes(p.paths[1]));
}

// The finding of one problem of the walk, if it is one.
QList<Finding> problemFindings(const loader::Problem &p, const loader::Graph &graph, const Facts &facts)
{
    QList<Finding> out;
    const python::StaticProbe *probe = facts.chosenProbe();
    const QString name = fromNativeBytes(p.name);
    QStringList chain;
    for (std::size_t i = 0; i < graph.libraries.size(); ++i)
        if (fromNativeBytes(graph.libraries[i].name) == name && !graph.libraries[i].found) {
            chain = chainTo(graph, i);
            break;
        }
    QString detail = ProblemText::describe(p, graph.os);
    QJsonObject evidence = evidenceOf(p, chain);
    // A file that an environment variable put first: say where the variable is set.
    const auto fromEnvironment = p.paths.empty() || p.kind == loader::ProblemKind::Missing
                                     ? std::nullopt
                                     : environmentEntryOf(graph, p.paths.front(), facts);
    if (fromEnvironment)
        addOrigin(facts, *fromEnvironment, detail, evidence);
    if (!p.paths.empty() && p.kind != loader::ProblemKind::Missing)
        addOwner(facts, fromNativeBytes(p.paths.front()), detail, evidence);
    // Reinstalling torch helps where the file at fault is torch's own, or one torch's files need and
    // nothing on the machine has.
    const bool torchsOwn = probe && torchsOwnProblem(p, probe->torch.packageDir);
    const auto withReinstall = [torchsOwn](QList<FixFamily> fixes) {
        if (torchsOwn)
            fixes.prepend(FixFamily::Reinstall);
        return fixes;
    };
    // The environment repair takes out the entry that put the file first.
    const QList<FixFamily> onlyEnv = fromEnvironment ? QList<FixFamily>{FixFamily::Env} : QList<FixFamily>{};
    const QString requester = p.neededBy.empty() ? QString() : fileNameOf(fromNativeBytes(p.neededBy.front()));
    switch (p.kind) {
    case loader::ProblemKind::Missing:
        if (isVcRuntime(name)) {
            out << makeFinding(QStringLiteral("vcruntime.missing"), Severity::Error,
                               LibraryCheck::tr("The Microsoft Visual C++ runtime (%1) is missing").arg(name),
                               LibraryCheck::tr("%1 needs %2, which comes with the Visual C++ 2015-2022 x64 "
                                                "Redistributable. Install the latest one from Microsoft "
                                                "(aka.ms/vs/17/release/vc_redist.x64.exe); never copy the DLL from a "
                                                "download site. %3")
                                   .arg(requester, name, detail),
                               evidence, {FixFamily::System});
        } else if (p.severity == loader::Severity::Error) {
            // One of torch's own requirements ships it: name the wheel, which `fix reinstall` installs.
            const auto wheel = probe && p.paths.empty() ? python::wheelProviding(name, probe->torch) : std::nullopt;
            if (wheel) {
                evidence.insert(QStringLiteral("wheel"), wheel->requirement());
                detail += u' '
                          + LibraryCheck::tr("torch %1 requires %2, whose wheel ships %3: install it "
                                             "(`pip install \"%2\"`), or `torchdoctor fix reinstall`.")
                                .arg(probe->torch.version, wheel->requirement(), name);
            }
            // A library that is nowhere comes with its package (or with torch's wheels).
            out << makeFinding(QStringLiteral("lib.missing"), Severity::Error,
                               LibraryCheck::tr("%1 is missing (needed by %2)").arg(name, requester), detail, evidence,
                               withReinstall({FixFamily::System}));
        }
        break;
    case loader::ProblemKind::WrongArch:
        out << makeFinding(QStringLiteral("lib.wrong-arch"), Severity::Error,
                           LibraryCheck::tr("%1 is built for another architecture").arg(name), detail, evidence,
                           withReinstall({}));
        break;
    case loader::ProblemKind::VersionMissing:
        out << makeFinding(
            QStringLiteral("lib.version-missing"), Severity::Error,
            LibraryCheck::tr("Version %1 is missing from %2")
                .arg(name, QDir::toNativeSeparators(fromNativeBytes(p.paths.empty() ? p.name : p.paths.front()))),
            detail, evidence, withReinstall({fromEnvironment ? FixFamily::Env : FixFamily::System}));
        break;
    case loader::ProblemKind::Unreadable:
    case loader::ProblemKind::NotALibrary:
        if (p.severity == loader::Severity::Error) {
            // A system package's file: its package manager puts it back.
            QList<FixFamily> fixes = withReinstall(onlyEnv);
            if (!evidence.value(QLatin1String("owner")).toObject().value(QLatin1String("system_package")).isUndefined())
                fixes << FixFamily::System;
            out << makeFinding(QStringLiteral("lib.unreadable"), Severity::Error,
                               LibraryCheck::tr("%1 cannot be loaded").arg(name), detail, evidence, fixes);
        }
        break;
    case loader::ProblemKind::SymbolMissing:
        addSymbolEvidence(p, evidence);
        {
            const QString from = QDir::toNativeSeparators(p.paths.empty() ? fromNativeBytes(p.symbolLibrary)
                                                                         : fromNativeBytes(p.paths[0]));
            out << makeFinding(QStringLiteral("lib.symbol-missing"), Severity::Error,
                               from.isEmpty() ? LibraryCheck::tr("%1 needs %2, which no library it loads defines")
                                                    .arg(requester, demangled(name))
                                              : LibraryCheck::tr("%1 needs %2, which %3 does not define")
                                                    .arg(requester, demangled(name), from),
                               detail, evidence, withReinstall(onlyEnv));
        }
        break;
    case loader::ProblemKind::Shadowed:
        // What the winner lacks (Windows: the functions the requester imports from it).
        if (!p.symbols.empty()) {
            QJsonArray symbols;
            for (const std::string &symbol : p.symbols)
                symbols.append(fromNativeBytes(symbol));
            evidence.insert(QStringLiteral("symbols"), symbols);
        }
        out << makeFinding(QStringLiteral("lib.shadowed"),
                           p.severity == loader::Severity::Error ? Severity::Error : Severity::Warning,
                           LibraryCheck::tr("Another copy of %1 is in the way").arg(name), detail, evidence,
                           {FixFamily::Env});
        break;
    }
    return out;
}

// The C++ runtime that loads must be new enough (torch >= 2.9 needs
// msvcp140.dll 14.40: an older one fails c10.dll with WinError 1114).
QList<Finding> vcRuntimeTooOld(const loader::Graph &graph, const python::StaticProbe *probe,
                               const knowledge::KnowledgeBase &kb)
{
    QList<Finding> out;
    const auto requirement = probe ? kb.vcRuntimeMinimum(probe->torch.version) : std::nullopt;
    if (graph.os == loader::TargetOs::Windows && requirement && !requirement->minimumVersion.isEmpty()) {
        for (const auto &lib : graph.libraries) {
            const QString file = fileNameOf(fromNativeBytes(lib.path));
            if (!lib.found || lib.version.empty() || file.compare(requirement->dll, Qt::CaseInsensitive) != 0)
                continue;
            const QString have = QString::fromStdString(lib.version);
            if (knowledge::KnowledgeBase::compareVersions(have, requirement->minimumVersion) >= 0)
                continue;
            out << makeFinding(QStringLiteral("vcruntime.too-old"), Severity::Error,
                               LibraryCheck::tr("%1 %2 is older than the %3 that torch %4 needs")
                                   .arg(file, have, requirement->minimumVersion, probe->torch.version),
                               LibraryCheck::tr("The copy that loads is %1. %2 Install the latest Visual C++ "
                                                "2015-2022 x64 Redistributable (%3); if another program put an old "
                                                "copy earlier in the search order, remove it from there.")
                                   .arg(fromNativeBytes(lib.path), localized(requirement->reason),
                                        requirement->redistributables.join(QStringLiteral(" or "))),
                               QJsonObject{{QStringLiteral("library"), file},
                                           {QStringLiteral("path"), fromNativeBytes(lib.path)},
                                           {QStringLiteral("version"), have},
                                           {QStringLiteral("required"), requirement->minimumVersion}},
                               {FixFamily::System});
        }
    }
    return out;
}

// Two OpenMP runtimes in one process fight over their threads.
QList<Finding> openMpDuplicates(const loader::Graph &graph, const knowledge::KnowledgeBase &kb)
{
    QList<Finding> out;
    QStringList loaded;
    for (const auto &lib : graph.libraries)
        if (lib.found)
            loaded << fromNativeBytes(lib.path);
    loaded.removeDuplicates();
    for (const knowledge::OpenMpConflict &conflict : kb.openMpConflicts(loaded)) {
        if (conflict.severity == QLatin1String("info"))
            continue;
        out << makeFinding(QStringLiteral("openmp.duplicate"),
                           conflict.severity == QLatin1String("error") ? Severity::Error : Severity::Warning,
                           LibraryCheck::tr("More than one OpenMP runtime would load into one process"),
                           localized(conflict.text) + QLatin1Char(' ') + localized(conflict.fix) + QLatin1Char(' ')
                               + LibraryCheck::tr("Files: %1.").arg(conflict.files.join(QStringLiteral(", "))),
                           QJsonObject{{QStringLiteral("runtimes"), toJsonArray({conflict.a, conflict.b})},
                                       {QStringLiteral("files"), toJsonArray(conflict.files)}},
                           {FixFamily::System});
    }
    return out;
}

} // namespace

QList<Finding> LibraryCheck::run(const Facts &facts, const knowledge::KnowledgeBase &kb) const
{
    QList<Finding> out;
    if (!facts.libraries)
        return out;
    const loader::Graph &graph = *facts.libraries;
    const python::StaticProbe *probe = facts.chosenProbe();

    for (const loader::Problem &p : mergedProblems(graph)) {
        // Only what torch would load: problems about libraries nothing needs
        // (Debian's dangling links to caffe2 test libraries) are not findings.
        if (p.neededBy.empty())
            continue;
        out << problemFindings(p, graph, facts);
    }

    out << vcRuntimeTooOld(graph, probe, kb);
    out << openMpDuplicates(graph, kb);
    return out;
}

} // namespace td::checks
