// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SystemChecks.h"

#include "checks/CheckSupport.h"
#include "checks/VariableOrigin.h"
#include "platform/NativeText.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace td::checks {

QString EnvironmentCheck::id() const
{
    return QStringLiteral("environment");
}
QString EnvironmentCheck::title() const
{
    return tr("Do environment variables or paths get in the way?");
}
FactSet EnvironmentCheck::needs() const
{
    return Fact::Interpreters | Fact::Libraries | Fact::Import | Fact::Terminal;
}

namespace {

bool isAscii(const QString &s)
{
    return std::all_of(s.begin(), s.end(), [](QChar c) { return c.unicode() < 0x80; });
}

// What differs in a new terminal, and how `import torch` does there.
Finding terminalFinding(const Facts &facts, const QList<platform::EnvironmentDifference> &differences)
{
    auto shown = [](const std::optional<QString> &value) {
        return value ? (value->isEmpty() ? EnvironmentCheck::tr("set but empty") : *value)
                     : EnvironmentCheck::tr("not set");
    };
    auto json = [](const std::optional<QString> &value) { return value ? QJsonValue(*value) : QJsonValue(); };
    QStringList lines;
    QJsonArray variables;
    for (const platform::EnvironmentDifference &d : differences) {
        lines << EnvironmentCheck::tr("%1: here %2; in a new terminal %3").arg(d.name, shown(d.here), shown(d.there));
        variables.append(QJsonObject{{QStringLiteral("name"), d.name},
                                     {QStringLiteral("here"), json(d.here)},
                                     {QStringLiteral("terminal"), json(d.there)}});
    }
    const platform::TerminalEnvironment &terminal = *facts.terminal;
    QJsonObject evidence{{QStringLiteral("shell"), terminal.shell},
                         {QStringLiteral("command"), toJsonArray(terminal.command)},
                         {QStringLiteral("variables"), variables},
                         {QStringLiteral("terminal_python"), facts.terminalPython}};
    if (!terminal.registryKeys.isEmpty())
        evidence.insert(QStringLiteral("registry_keys"), toJsonArray(terminal.registryKeys));
    Severity severity = Severity::Info;
    QString importText;
    if (facts.terminalImport && facts.terminalImport->outcome != python::ImportResult::Outcome::NotRun) {
        const python::ImportResult &there = *facts.terminalImport;
        const bool worksThere = there.outcome == python::ImportResult::Outcome::Ok;
        evidence.insert(QStringLiteral("terminal_import_ok"), worksThere);
        if (worksThere) {
            importText = EnvironmentCheck::tr("In a new terminal, `import torch` works with %1 (torch %2).")
                             .arg(facts.terminalPython, there.version);
            if (facts.import.outcome != python::ImportResult::Outcome::Ok
                && facts.import.outcome != python::ImportResult::Outcome::NotRun)
                severity = Severity::Warning; // only TorchDoctor's own environment fails
        } else {
            const QString why = there.exceptionType.isEmpty()
                                    ? there.problem
                                    : there.exceptionType + QStringLiteral(": ") + there.message;
            evidence.insert(QStringLiteral("terminal_import_error"), why);
            importText = EnvironmentCheck::tr("In a new terminal, `import torch` fails with %1: %2")
                             .arg(facts.terminalPython, why);
            severity = Severity::Error;
        }
    }
    QString detail = terminal.registryKeys.isEmpty()
        ? EnvironmentCheck::tr("A new terminal (%1 with its startup files) starts programs with another "
                               "environment than TorchDoctor's own, in what decides which Python runs and "
                               "what it loads. A program started from the desktop does not get what "
                               "~/.bashrc or conda's activation set; the diagnosis above is of TorchDoctor's "
                               "own environment.")
              .arg(terminal.shell)
        : EnvironmentCheck::tr("A new terminal (%1) gets the environment of the registry (%2), and it differs from "
                               "TorchDoctor's own in what decides which Python runs and what it loads: TorchDoctor "
                               "was started from a terminal with variables of its own, or before the user or "
                               "system environment was changed. The diagnosis above is of TorchDoctor's own "
                               "environment.")
              .arg(terminal.shell, terminal.registryKeys.join(QStringLiteral(", ")));
    detail += u'\n' + lines.join(u'\n');
    if (!importText.isEmpty())
        detail += u'\n' + importText;
    return makeFinding(QStringLiteral("env.terminal-differs"), severity,
                       EnvironmentCheck::tr("A new terminal gets a different environment"), detail, evidence);
}

// The loader problems (errors) whose failing file is `path`: what a variable's entry causes.
QStringList errorsAt(const loader::Graph &graph, const std::string &path)
{
    QStringList out;
    for (const loader::Problem &p : graph.problems)
        if (p.severity == loader::Severity::Error && !p.neededBy.empty() && !p.paths.empty() && p.paths[0] == path)
            out << QString::fromLatin1(loader::toString(p.kind));
    out.removeDuplicates();
    return out;
}

QList<Finding> searchVariableFindings(const Facts &facts, const loader::Graph &graph)
{
    using platform::fromNativeBytes;
    QList<Finding> out;
    const auto finding = [&](const SearchEntry &at, const QString &title, const QString &why, QJsonObject evidence,
                             const QStringList &causes) {
        const VariableOrigin origin = VariableOrigin::of(facts, at.variable, at.entry);
        evidence.insert(QStringLiteral("variable"), at.variable);
        evidence.insert(QStringLiteral("entry"), at.entry);
        if (!origin.text.isEmpty())
            evidence.insert(QStringLiteral("set_in"), origin.setIn);
        if (!causes.isEmpty()) {
            evidence.insert(QStringLiteral("root_cause"), true);
            evidence.insert(QStringLiteral("causes"), toJsonArray(causes));
        }
        out << makeFinding(QStringLiteral("env.suspicious"), causes.isEmpty() ? Severity::Warning : Severity::Error,
                           title, origin.text.isEmpty() ? why : why + u' ' + origin.text, evidence, {FixFamily::Env});
    };
    for (const loader::Problem &p : graph.problems) {
        if (p.kind == loader::ProblemKind::Shadowed && p.paths.size() >= 2) {
            const QString winner = fromNativeBytes(p.paths[0]);
            for (const loader::Library &lib : graph.libraries) {
                if (lib.path != p.paths[0] || (lib.via != loader::Via::LdLibraryPath && lib.via != loader::Via::Path))
                    continue;
                const SearchEntry at{QString::fromStdString(loader::searchRuleName(lib.via)),
                                     fromNativeBytes(lib.viaEntry)};
                finding(at,
                        EnvironmentCheck::tr("%1 puts another %2 in front of torch's")
                            .arg(at.variable, fromNativeBytes(p.name)),
                        EnvironmentCheck::tr("%1 contains %2, so %3 loads instead of %4. A stale entry like this is "
                                             "the classic cause of \"undefined symbol\" and \"version not found\" "
                                             "errors (for example an old libnvJitLink from a system CUDA). Remove "
                                             "the entry where it is set.")
                            .arg(at.variable, at.entry, winner, fromNativeBytes(p.paths[1])),
                        QJsonObject{{QStringLiteral("library"), fromNativeBytes(p.name)},
                                    {QStringLiteral("loaded"), winner},
                                    {QStringLiteral("shadowed"), fromNativeBytes(p.paths[1])}},
                        errorsAt(graph, p.paths[0]));
                break;
            }
        } else if ((p.kind == loader::ProblemKind::NotALibrary || p.kind == loader::ProblemKind::Unreadable)
                   && p.severity == loader::Severity::Error && !p.neededBy.empty() && !p.paths.empty()) {
            // A file that is no library (empty, truncated, a text file) where ld.so looks first.
            const auto at = searchEntryHolding(facts, fromNativeBytes(p.paths[0]));
            if (!at)
                continue;
            finding(*at,
                    EnvironmentCheck::tr("%1 leads the loader to a broken %2")
                        .arg(at->variable, fromNativeBytes(p.name)),
                    EnvironmentCheck::tr("%1 contains %2, where the loader finds %3 and stops: it cannot be loaded. "
                                         "The environment is at fault, not the package: remove the entry where it "
                                         "is set (or the broken file).")
                        .arg(at->variable, at->entry, fromNativeBytes(p.paths[0])),
                    QJsonObject{{QStringLiteral("library"), fromNativeBytes(p.name)},
                                {QStringLiteral("loaded"), fromNativeBytes(p.paths[0])}},
                    errorsAt(graph, p.paths[0]));
        }
    }
    return out;
}

// The entries of LD_PRELOAD that ld.so cannot preload: it prints "cannot be preloaded ...: ignored"
// before every program and goes on without them. A path that is not there; a name the library walk
// (which preloads as ld.so does) did not load.
QStringList unloadablePreloads(const Facts &facts)
{
    const QString value = facts.request.environment.value(QStringLiteral("LD_PRELOAD"));
    static const QRegularExpression separators(QStringLiteral("[: \t]+"));
    QStringList out;
    for (const QString &entry : value.split(separators, Qt::SkipEmptyParts)) {
        if (entry.contains(u'$'))
            continue; // $LIB, $PLATFORM: ld.so's own tokens, expanded by it
        if (entry.contains(u'/')) {
            if (!QFileInfo::exists(entry))
                out << entry;
            continue;
        }
        const loader::Graph *graph = facts.libraries ? &*facts.libraries : nullptr;
        if (!graph || graph->roots.empty())
            continue; // nothing was walked: no sign either way
        const std::string name = entry.toStdString();
        const bool loaded = std::any_of(graph->edges.begin(), graph->edges.end(), [&](const loader::Edge &e) {
            return e.via == loader::Via::Preload && e.name == name;
        });
        if (!loaded)
            out << entry;
    }
    return out;
}

QList<Finding> preloadFindings(const Facts &facts)
{
    QList<Finding> out;
    for (const QString &entry : unloadablePreloads(facts)) {
        const VariableOrigin origin = VariableOrigin::of(facts, QStringLiteral("LD_PRELOAD"), entry);
        QJsonObject evidence{{QStringLiteral("variable"), QStringLiteral("LD_PRELOAD")},
                             {QStringLiteral("entry"), entry},
                             {QStringLiteral("not_loadable"), true}};
        if (!origin.text.isEmpty())
            evidence.insert(QStringLiteral("set_in"), origin.setIn);
        const QString why =
            EnvironmentCheck::tr("The loader cannot find or load %1, so before every program it prints \"ERROR: "
                                 "ld.so: object '%1' from LD_PRELOAD cannot be preloaded ...: ignored.\" and goes on "
                                 "without it. Remove the entry where it is set.")
                .arg(entry);
        out << makeFinding(QStringLiteral("env.suspicious"), Severity::Warning,
                           EnvironmentCheck::tr("LD_PRELOAD names %1, which cannot be preloaded").arg(entry),
                           origin.text.isEmpty() ? why : why + u' ' + origin.text, evidence, {FixFamily::Env});
    }
    return out;
}

} // namespace

QList<Finding> EnvironmentCheck::run(const Facts &facts, const knowledge::KnowledgeBase &) const
{
    QList<Finding> out;
    const QProcessEnvironment &env = facts.request.environment;
    const python::StaticProbe *probe = facts.chosenProbe();
    const QString platform = probe ? probe->interpreter.platform : QString();
    auto variable = [&](const QString &name, const QString &why, Severity severity) {
        out << makeFinding(QStringLiteral("env.suspicious"), severity, tr("%1 is set").arg(name),
                           tr("%1=%2. %3").arg(name, env.value(name), why),
                           QJsonObject{{QStringLiteral("variable"), name}, {QStringLiteral("value"), env.value(name)}},
                           {FixFamily::Env});
    };
    if (env.contains(QStringLiteral("KMP_DUPLICATE_LIB_OK")))
        variable(QStringLiteral("KMP_DUPLICATE_LIB_OK"),
                 tr("It silences \"OMP: Error #15\" instead of removing the second OpenMP runtime. Intel calls it "
                    "unsafe, unsupported and undocumented: it may crash or give wrong results. Remove it once the "
                    "duplicate runtime is gone."),
                 Severity::Warning);
    if (platform != QLatin1String("darwin")) {
        for (const QString &name : env.keys())
            if (name.startsWith(QLatin1String("PYTORCH_MPS_")) || name == QLatin1String("PYTORCH_ENABLE_MPS_FALLBACK"))
                variable(name, tr("MPS is Apple's GPU API: this variable means nothing on this system."),
                         Severity::Info);
    }
    if (platform == QLatin1String("win32")) {
        for (const QString &name : env.keys()) {
            if (!name.startsWith(QLatin1String("CUDA_PATH_V")))
                continue;
            if (!QFileInfo(env.value(name)).isDir())
                variable(name,
                         tr("It points to a folder that does not exist: a leftover of an uninstalled CUDA toolkit."),
                         Severity::Warning);
        }
    }
    // A folder on LD_LIBRARY_PATH (PATH on Windows) that puts another copy of one of torch's
    // libraries first, or a broken file where ld.so stops: the root cause of what the library
    // walk finds there, so it leads those findings.
    if (facts.libraries)
        out << searchVariableFindings(facts, *facts.libraries);
    if (platform == QLatin1String("linux") || (platform.isEmpty() && facts.system.os == QLatin1String("linux")))
        out << preloadFindings(facts);
    // What a new terminal gets, where it differs from ours (a start from the desktop).
    if (facts.terminal && facts.terminal->ok()) {
        const auto differences = platform::loadingDifferences(env, facts.terminal->environment);
        if (!differences.isEmpty())
            out << terminalFinding(facts, differences);
        // Where `import torch` fails only there: the entries of its search variables to blame, with the
        // startup file lines that set them, as for our own (what the environment repair takes out).
        if (facts.terminalLibraries) {
            Facts there = facts;
            there.request.environment = facts.terminal->environment;
            for (Finding f : searchVariableFindings(there, *facts.terminalLibraries)) {
                const bool ours = std::any_of(out.begin(), out.end(), [&f](const Finding &o) {
                    return o.id == f.id
                           && o.evidence.value(QStringLiteral("entry")) == f.evidence.value(QStringLiteral("entry"))
                           && o.evidence.value(QStringLiteral("variable"))
                                  == f.evidence.value(QStringLiteral("variable"));
                });
                if (ours)
                    continue;
                f.evidence.insert(QStringLiteral("in_new_terminal"), true);
                f.detail = tr("In a new terminal: %1").arg(f.detail);
                out << f;
            }
        }
    }
    // Paths: non-ASCII characters and Windows' 260-character limit.
    if (probe && probe->interpreter.usable) {
        QStringList paths{probe->interpreter.executable};
        if (!probe->torch.packageDir.isEmpty())
            paths << probe->torch.packageDir;
        for (const QString &path : paths) {
            if (!isAscii(path))
                out << makeFinding(
                    QStringLiteral("path.non-ascii"),
                    platform == QLatin1String("win32") ? Severity::Warning : Severity::Info,
                    tr("A path has non-ASCII characters"),
                    tr("%1. PyTorch mostly copes, but torch.jit.load/save fail on such paths, and some "
                       "DLLs fail to initialise from them on Windows. If something fails only here, move "
                       "the environment to a plain ASCII path.")
                        .arg(path),
                    QJsonObject{{QStringLiteral("path"), path}});
            if (platform == QLatin1String("win32") && path.size() > 200)
                out << makeFinding(
                    QStringLiteral("path.too-long"), Severity::Warning, tr("A path is close to 260 characters"),
                    tr("%1 is %2 characters long; files inside torch push it past Windows' 260-character "
                       "limit unless long paths are enabled, and pip then fails half-way.")
                        .arg(path)
                        .arg(path.size()),
                    QJsonObject{{QStringLiteral("path"), path}, {QStringLiteral("length"), path.size()}});
        }
    }
    return out;
}

} // namespace td::checks
