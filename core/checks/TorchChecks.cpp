// SPDX-License-Identifier: GPL-3.0-or-later
// Is torch there, for this interpreter, and does `import torch` work?
#include "checks/TorchChecks.h"

#include "checks/CheckSupport.h"
#include "checks/Culprit.h"
#include "knowledge/KnowledgeBase.h"
#include "python/DefaultInterpreter.h"
#include "python/ImportError.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>

#include <algorithm>

namespace td::checks {

QString TorchInstallCheck::id() const
{
    return QStringLiteral("torch.install");
}
QString TorchInstallCheck::title() const
{
    return tr("Is PyTorch installed for this Python?");
}
FactSet TorchInstallCheck::needs() const
{
    return Fact::Interpreters;
}

QList<Finding> TorchInstallCheck::run(const Facts &facts, const knowledge::KnowledgeBase &) const
{
    QList<Finding> out;
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!probe || !probe->interpreter.usable)
        return out; // the Python check reports that
    const python::TorchInstall &torch = probe->torch;
    if (!torch.installed) {
        QStringList others;
        QJsonArray withTorch;
        for (const auto &p : facts.interpreters) {
            if (&p == probe || !p.torch.installed)
                continue;
            others << QStringLiteral("%1 (torch %2)").arg(p.interpreter.executable, p.torch.version);
            withTorch.append(QJsonObject{{QStringLiteral("executable"), p.interpreter.executable},
                                         {QStringLiteral("version"), p.interpreter.version.toString()},
                                         {QStringLiteral("torch"), p.torch.version}});
        }
        QString detail = tr("%1 has no torch package: `import torch` cannot work in it.")
                             .arg(describeInterpreter(probe->interpreter));
        if (!others.isEmpty())
            detail += QLatin1Char(' ')
                      + tr("torch is installed for %1, not for this one. Run your program with that interpreter, or "
                           "install torch into this one with `%2 -m pip install torch` (the reinstall step picks the "
                           "right build for your GPU).")
                            .arg(others.join(QStringLiteral(", ")), probe->interpreter.executable);
        else
            detail += QLatin1Char(' ')
                      + tr("No other Python on this machine has it either. Install it with `%1 -m pip install torch` "
                           "(the reinstall step picks the right build for your GPU and driver).")
                            .arg(probe->interpreter.executable);
        out << makeFinding(QStringLiteral("torch.not-installed"), Severity::Error,
                           tr("PyTorch is not installed for %1").arg(probe->interpreter.executable), detail,
                           QJsonObject{{QStringLiteral("python"), probe->interpreter.executable},
                                       {QStringLiteral("other_interpreters_with_torch"), withTorch}},
                           {FixFamily::Reinstall});
        return out;
    }
    // Two torch dist-infos in one folder: pip or conda left one behind. (In two folders, one shadows the
    // other on sys.path: the installation check tells which and why.)
    QHash<QString, int> perFolder;
    for (const QString &distInfo : torch.torchDistributions)
        ++perFolder[QFileInfo(distInfo).absolutePath()];
    if (std::any_of(perFolder.cbegin(), perFolder.cend(), [](int count) { return count > 1; })) {
        out << makeFinding(QStringLiteral("packages.mismatch"), Severity::Error,
                           tr("Two installations of torch overlap"),
                           tr("This environment holds %1 torch distributions (%2). pip or conda left one behind, "
                              "and files of different versions are mixed in one folder. Uninstall torch until none "
                              "is left, then install it once.")
                               .arg(torch.torchDistributions.size())
                               .arg(torch.torchDistributions.join(QStringLiteral(", "))),
                           QJsonObject{{QStringLiteral("distributions"), toJsonArray(torch.torchDistributions)},
                                       {QStringLiteral("location"), torch.packageDir}},
                           {FixFamily::Reinstall});
    }
    return out;
}

QString ImportCheck::id() const
{
    return QStringLiteral("torch.import");
}
QString ImportCheck::title() const
{
    return tr("Does `import torch` work?");
}
FactSet ImportCheck::needs() const
{
    return Fact::Interpreters | Fact::Import | Fact::Libraries;
}

namespace {

// The file of a Python traceback's last frame: where the exception was raised.
QString lastFrameFile(const QString &traceback)
{
    static const QRegularExpression frame(QStringLiteral("File \"([^\"]+)\", line \\d+"));
    QString last;
    for (const QRegularExpressionMatch &m : frame.globalMatch(traceback))
        last = m.captured(1);
    return last;
}

} // namespace

QList<Finding> ImportCheck::run(const Facts &facts, const knowledge::KnowledgeBase &kb) const
{
    QList<Finding> out;
    const python::ImportResult &import = facts.import;
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!facts.has(Fact::Import) || (probe && !probe->torch.installed))
        return out; // not asked for, or nothing to import (reported elsewhere)
    using Outcome = python::ImportResult::Outcome;
    const QString python = facts.chosenExecutable;
    QJsonObject evidence{{QStringLiteral("python"), python},
                         {QStringLiteral("elapsed_ms"), static_cast<qint64>(import.elapsedMs)}};

    // The library behind the failure, from the walk of torch's native libraries.
    std::optional<Culprit> culprit;
    auto addCulprit = [&](const python::ClassifiedError &error, QString &detail) {
        if (!facts.libraries)
            return;
        culprit = findCulprit(error, *facts.libraries);
        if (!culprit)
            return;
        evidence.insert(QStringLiteral("culprit"), culprit->library);
        evidence.insert(QStringLiteral("culprit_problem"), culprit->kind);
        evidence.insert(QStringLiteral("chain"), toJsonArray(culprit->chain));
        if (!culprit->path.isEmpty())
            evidence.insert(QStringLiteral("culprit_path"), culprit->path);
        detail +=
            QStringLiteral("\n\n")
            + tr("The library that really fails is %1 (%2), reached through %3. %4")
                  .arg(culprit->library, problemWords(culprit->kind), culprit->chain.join(QStringLiteral(" → ")),
                       culprit->detail);
    };

    switch (import.outcome) {
    case Outcome::Ok:
    case Outcome::NotRun: break;
    case Outcome::Failed: {
        python::ClassifiedError error = python::classifyImportError(import.message);
        evidence.insert(QStringLiteral("exception"), import.exceptionType);
        evidence.insert(QStringLiteral("message"), import.message);
        if (error.winError)
            evidence.insert(QStringLiteral("win_error"), error.winError);
        if (!error.path.isEmpty())
            evidence.insert(QStringLiteral("named_file"), error.path);
        if (!error.library.isEmpty())
            evidence.insert(QStringLiteral("library"), error.library);
        if (!error.version.isEmpty())
            evidence.insert(QStringLiteral("missing_version"), error.version);
        if (!error.symbol.isEmpty())
            evidence.insert(QStringLiteral("symbol"), error.symbol);
        if (const QString raisedIn = lastFrameFile(import.traceback); !raisedIn.isEmpty())
            evidence.insert(QStringLiteral("raised_in"), raisedIn);
        QString detail = tr("`import torch` failed with %1: %2").arg(import.exceptionType, import.message.trimmed());
        // An environment variable behind it is a finding of its own, which names the environment repair.
        QList<FixFamily> fixes{FixFamily::Reinstall, FixFamily::System};
        addCulprit(error, detail);
        // The walk knows who needs the missing library when the message does not say.
        if (culprit && error.requiredBy.isEmpty() && culprit->chain.size() >= 2)
            error.requiredBy = culprit->chain[culprit->chain.size() - 2];
        knowledge::ErrorContext context;
        context.torchVersion = probe ? probe->torch.version : QString();
        context.python = probe ? probe->interpreter.executable : QString();
        if (culprit)
            context.missingLibraries << culprit->library;
        if (const auto signature = kb.matchError(error, context)) {
            detail += QStringLiteral("\n\n") + localized(signature->cause);
            for (const knowledge::Fix &fix : signature->fixes)
                detail += QStringLiteral("\n• ") + localized(fix.text) + commandsSuffix(fix.commands);
            if (!signature->fixFamilies.isEmpty())
                fixes = fixFamiliesOf(signature->fixFamilies);
            evidence.insert(QStringLiteral("signature"), signature->id);
            evidence.insert(QStringLiteral("signature_confidence"), signature->confidence);
            if (!signature->packageToFix.isEmpty())
                evidence.insert(QStringLiteral("package"), signature->packageToFix);
        }
        Finding failed = makeFinding(
            QStringLiteral("torch.import-failed"), Severity::Error,
            error.winError
                ? tr("`import torch` fails: WinError %1 loading %2").arg(error.winError).arg(fileNameOf(error.path))
                : tr("`import torch` fails"),
            detail, evidence, fixes);
        // The system repair installs what provides a missing library, or repairs a DLL that does not start.
        if (missingLibraryOf(failed).isEmpty() && error.winError != 1114)
            failed.fixes.removeAll(FixFamily::System);
        out << failed;
        break;
    }
    case Outcome::Crashed: {
        evidence.insert(QStringLiteral("exit_code"), import.exitCode);
        evidence.insert(QStringLiteral("signal"), import.signal);
        evidence.insert(QStringLiteral("crash"), import.crashName);
        QString detail = tr("The Python process died during `import torch` (%1). A crash inside a native library "
                            "usually means two incompatible copies of a runtime in one process (OpenMP, the C++ "
                            "runtime), a CPU without the instructions the build needs, or a damaged file.")
                             .arg(import.crashName.isEmpty() ? QString::number(import.exitCode) : import.crashName);
        if (!import.stderrTail.isEmpty())
            detail += QStringLiteral("\n\n") + tr("Its last words: %1").arg(import.stderrTail.trimmed());
        addCulprit(python::ClassifiedError{}, detail);
        out << makeFinding(QStringLiteral("torch.import-crashed"), Severity::Error, tr("`import torch` crashes Python"),
                           detail, evidence, {FixFamily::Reinstall, FixFamily::System});
        break;
    }
    case Outcome::TimedOut:
        out << makeFinding(QStringLiteral("torch.import-timeout"), Severity::Error,
                           tr("`import torch` did not finish in %1 s").arg(import.elapsedMs / 1000),
                           tr("The import was stopped after %1 seconds. A hang while loading usually means a "
                              "network file system or antivirus scanning every DLL, a dead GPU driver, or a "
                              "deadlock between two OpenMP runtimes. Try again with a longer --timeout to tell "
                              "slow from stuck.")
                               .arg(import.elapsedMs / 1000),
                           evidence, {FixFamily::Reinstall});
        break;
    case Outcome::ProbeFailed:
        out << makeFinding(QStringLiteral("check.failed"), Severity::Warning,
                           tr("The import test could not run in %1").arg(python),
                           tr("%1. The rest of the diagnosis does not depend on it.").arg(import.message), evidence);
        break;
    }
    return out;
}

QString UsualInterpreterCheck::id() const
{
    return QStringLiteral("python.usual");
}
QString UsualInterpreterCheck::title() const
{
    return tr("Does the project, or a new terminal, run this Python?");
}
FactSet UsualInterpreterCheck::needs() const
{
    return Fact::Interpreters | Fact::Import;
}

QList<Finding> UsualInterpreterCheck::run(const Facts &facts, const knowledge::KnowledgeBase &) const
{
    const python::StaticProbe *probe = facts.chosenProbe();
    const auto &usual = facts.usualInterpreter;
    using Outcome = python::ImportResult::Outcome;
    const bool imports = !facts.has(Fact::Import) || facts.import.outcome == Outcome::Ok
                         || facts.import.outcome == Outcome::NotRun;
    if (!probe || !probe->torch.installed || !imports || !usual || !usual->interpreter.usable
        || usual->torch.installed)
        return {};
    const python::Interpreter &named = probe->interpreter;
    const python::Interpreter &other = usual->interpreter;
    const CheckRequest &request = facts.request;
    const python::SwitchRoute route = python::switchRoute(named, other, request.projectDir, request.environment);
    const QString who =
        route.ofProject
            ? tr("The project %1 runs %2").arg(QDir::cleanPath(request.projectDir), describeInterpreter(other))
            : tr("`%1` on PATH runs %2").arg(QFileInfo(other.executable).fileName(), describeInterpreter(other));
    QString detail = tr("PyTorch works in %1 (torch %2). %3, which has no torch: `import torch` fails there.")
                         .arg(describeInterpreter(named), probe->torch.version, who);
    QJsonObject evidence{{QStringLiteral("python"), named.executable}, {QStringLiteral("usual"), other.executable}};
    QList<FixFamily> fixes{FixFamily::Reinstall};
    switch (route.kind) {
    case python::SwitchRoute::Kind::PyenvVersion:
        evidence.insert(QStringLiteral("route"), QStringLiteral("pyenv-version"));
        evidence.insert(QStringLiteral("file"), route.file);
        evidence.insert(QStringLiteral("version"), route.version);
        detail += u' ' + tr("It is pyenv's shim: the reinstall step writes \"%1\" into %2, so that it runs %3. "
                            "Undoing it puts the file back as it was.")
                             .arg(route.version, route.file, named.executable);
        break;
    case python::SwitchRoute::Kind::ProjectVenv:
        evidence.insert(QStringLiteral("route"), QStringLiteral("project-venv"));
        evidence.insert(QStringLiteral("venv"), route.venv);
        detail += u' '
                  + (route.venvExists
                         ? tr("The reinstall step moves the venv %1 aside and makes it again on %2, seeing that "
                              "Python's packages (torch among them). Undoing it puts the old venv back.")
                         : tr("The reinstall step makes the venv %1 on %2, seeing that Python's packages (torch "
                              "among them). Undoing it removes the venv."))
                        .arg(route.venv, named.executable);
        break;
    case python::SwitchRoute::Kind::None:
        fixes.clear();
        detail += u' '
                  + (request.wizard ? tr("Run your programs with %1, or choose your project's folder on the first "
                                         "page: the reinstall step then makes the project's venv on it.")
                                    : tr("Run your programs with %1, or name your project's folder with --project "
                                         "DIR: `fix reinstall` then makes the project's venv on it."))
                        .arg(named.executable);
        break;
    }
    // Named as what the person runs (the wizard's "Use this interpreter"), it fails what they came for.
    const Severity severity = request.usualPython.isEmpty() ? Severity::Warning : Severity::Error;
    return {makeFinding(QStringLiteral("python.usual-lacks-torch"), severity,
                        route.ofProject ? tr("The project runs %1, which has no torch").arg(other.executable)
                                        : tr("`%1` on PATH is Python %2, which has no torch")
                                              .arg(QFileInfo(other.executable).fileName(), other.version.toString()),
                        detail, evidence, fixes)};
}

} // namespace td::checks
