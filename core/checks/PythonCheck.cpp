// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SystemChecks.h"

#include "checks/CheckSupport.h"
#include "checks/InstallationChecks.h"
#include "checks/SystemCheckSupport.h"
#include "checks/VariableOrigin.h"

#include <QCoreApplication>

#include <optional>

namespace td::checks {

QString PythonCheck::id() const
{
    return QStringLiteral("python");
}
QString PythonCheck::title() const
{
    return tr("Is the Python interpreter one PyTorch supports?");
}
FactSet PythonCheck::needs() const
{
    return Fact::Interpreters | Fact::Import;
}

namespace {

struct PythonText {
    Q_DECLARE_TR_FUNCTIONS(PythonCheck)
};

// An interpreter that starts once one variable (or one entry of it) is taken out: that variable is the cause,
// where it is set, and the environment repair takes it out.
Finding startBlocked(const Facts &facts, const python::Interpreter &in)
{
    const python::StartBlocker &b = *in.stoppedBy;
    const QString python = facts.chosenExecutable;
    const QString setting = b.entry.isEmpty() ? QStringLiteral("%1=%2").arg(b.variable, b.value)
                                              : PythonText::tr("the entry %1 of %2").arg(b.entry, b.variable);
    const VariableOrigin origin = VariableOrigin::of(facts, b.variable, b.entry.isEmpty() ? b.value : b.entry);
    QJsonObject evidence{{QStringLiteral("python"), python},       {QStringLiteral("problem"), in.problem},
                         {QStringLiteral("variable"), b.variable}, {QStringLiteral("value"), b.value},
                         {QStringLiteral("set_in"), origin.setIn}};
    if (b.entry.isEmpty())
        evidence.insert(QStringLiteral("unset"), true); // the whole variable goes, not one entry of it
    else
        evidence.insert(QStringLiteral("entry"), b.entry);
    const QString detail = PythonText::tr("%1 does not start with %2 set (%3). Started without it, it works: the "
                                          "environment is at fault, not this Python. %4")
                               .arg(python, setting, in.problem, origin.text);
    return makeFinding(QStringLiteral("python.unusable"), Severity::Error,
                       PythonText::tr("%1 keeps %2 from starting").arg(b.variable, python), detail, evidence,
                       {FixFamily::Env});
}

// Why the chosen interpreter cannot be judged: none was found, or it does not run. nullopt when it runs.
std::optional<Finding> notRunning(const Facts &facts)
{
    const python::StaticProbe *probe = facts.chosenProbe();
    const bool wizard = facts.request.wizard;
    if (facts.chosenExecutable.isEmpty()) {
        const QString name = wizard ? PythonText::tr("or choose its program with Browse… on the first page.")
                                    : PythonText::tr("or name one with --python.");
#ifdef Q_OS_WIN
        const QString where =
            PythonText::tr("No python.exe is on PATH, the Python launcher (py -0p) lists none, none is registered "
                           "under HKEY_CURRENT_USER or HKEY_LOCAL_MACHINE\\Software\\Python (PEP 514), none is in a "
                           "conda, pyenv-win or uv folder, and no interpreter was named. Install Python from "
                           "python.org (64-bit, a version PyTorch supports) %1")
                .arg(name);
#else
        const QString where = PythonText::tr("Neither python3 nor python is on PATH, and no interpreter was named. "
                                             "Install Python (64-bit, a version PyTorch supports) %1")
                                  .arg(name);
#endif
        return makeFinding(QStringLiteral("python.not-found"), Severity::Error,
                           PythonText::tr("No Python interpreter was found"), where, {});
    }
    if (probe && probe->interpreter.timedOut) {
        // Slow to start is no broken system: something runs at its startup.
        const QString python = facts.chosenExecutable;
        return makeFinding(
            QStringLiteral("python.slow"), Severity::Error, PythonText::tr("%1 takes too long to start").arg(python),
            PythonText::tr("%1 did not answer within %2 s. A Python that starts this slowly runs something of its own "
                           "at startup: a .pth file in its site-packages, sitecustomize.py or usercustomize.py, or the "
                           "file PYTHONSTARTUP names. Run `%1 -X importtime -c pass` in a terminal to see what takes "
                           "the time, and remove or fix it; or choose another interpreter.")
                .arg(python)
                .arg(qRound(static_cast<double>(probe->elapsedMs) / 1000.0)),
            QJsonObject{{QStringLiteral("python"), python}, {QStringLiteral("problem"), probe->interpreter.problem},
                        {QStringLiteral("elapsed_ms"), probe->elapsedMs}},
            {});
    }
    if (std::optional<Finding> gone = venvBaseGone(facts))
        return gone;
    if (probe && !probe->interpreter.usable && probe->interpreter.stoppedBy)
        return startBlocked(facts, probe->interpreter);
    if (!probe || !probe->interpreter.usable) {
        const QString problem = probe ? probe->interpreter.problem : PythonText::tr("it could not be run");
        return makeFinding(
            QStringLiteral("python.unusable"), Severity::Error,
            PythonText::tr("%1 does not work as a Python interpreter").arg(facts.chosenExecutable),
            (wizard ? PythonText::tr("%1: %2. Choose a working interpreter on the first page.")
                    : PythonText::tr("%1: %2. Name a working interpreter with --python."))
                .arg(facts.chosenExecutable, problem),
            QJsonObject{{QStringLiteral("python"), facts.chosenExecutable}, {QStringLiteral("problem"), problem}});
    }
    return std::nullopt;
}

} // namespace

QList<Finding> PythonCheck::run(const Facts &facts, const knowledge::KnowledgeBase &kb) const
{
    QList<Finding> out;
    if (std::optional<Finding> broken = notRunning(facts)) {
        out << *broken;
        return out;
    }
    const python::StaticProbe *probe = facts.chosenProbe(); // there and usable: notRunning() said so
    const python::Interpreter &in = probe->interpreter;
    const QJsonObject evidence{{QStringLiteral("python"), in.executable},
                               {QStringLiteral("version"), in.version.toString()},
                               {QStringLiteral("bits"), in.bits},
                               {QStringLiteral("machine"), in.machine}};
    if (in.bits == 32) {
        out << makeFinding(QStringLiteral("python.32-bit"), Severity::Error, tr("This Python is 32-bit"),
                           tr("PyTorch publishes 64-bit builds only, and a 32-bit process cannot load 64-bit DLLs "
                              "(WinError 193). Install a 64-bit Python and PyTorch into it."),
                           evidence);
    }
    const knowledge::Os os = osOfPlatform(in.platform);
    const QString machine = machineOf(in);
    if (in.bits == 64 && !machine.isEmpty() && !kb.hasWheels(os, machine)) {
        out << makeFinding(QStringLiteral("python.unsupported-platform"), Severity::Error,
                           tr("PyTorch publishes no builds for %1 on this system").arg(machine),
                           os == knowledge::Os::MacOS
                               ? tr("Current PyTorch releases for macOS are for Apple silicon (arm64) only. An x86_64 "
                                    "Python (for example one running under Rosetta) cannot install them: use an "
                                    "arm64 Python.")
                               : tr("Wheels exist for Linux x86_64 and aarch64, Windows x86_64 and macOS arm64."),
                           evidence, {FixFamily::Docker});
    }
    if (facts.system.rosetta) {
        out << makeFinding(QStringLiteral("python.unsupported-platform"), Severity::Warning,
                           tr("TorchDoctor itself runs under Rosetta"),
                           tr("This is an Apple silicon Mac running x86_64 code. A Python running the same way loads "
                              "x86_64 libraries only, and PyTorch's macOS builds are arm64 only."),
                           {});
    }
    const QString python = QStringLiteral("%1.%2").arg(in.version.majorVersion()).arg(in.version.minorVersion());
    QString torch = probe->torch.installed ? probe->torch.version : QString();
    if (torch.isEmpty() && !kb.releases().isEmpty())
        torch = kb.releases().constLast().torch; // what an install would get
    // A torch that imports works with this Python, whatever the wheel matrix
    // says (distributions build their own); and a release we do not know
    // (1.x, a source build) is not judged.
    const bool imports = facts.import.outcome == python::ImportResult::Outcome::Ok;
    const auto release = torch.isEmpty() ? std::nullopt : kb.release(torch);
    if (release && !imports) {
        const knowledge::Support support = kb.pythonSupport(torch, python);
        const QString range = QStringLiteral("%1–%2").arg(release->pythonMin, release->pythonMax);
        const QString inferred = inferenceNote(*release, QStringLiteral("python"), kb);
        QJsonObject withRange = evidence;
        withRange.insert(QStringLiteral("supported_python"), range);
        if (!release->inferredFrom.isEmpty())
            withRange.insert(QStringLiteral("inferred_from"), release->inferredFrom);
        if (support == knowledge::Support::No)
            out << makeFinding(QStringLiteral("python.unsupported-version"), Severity::Error,
                               (inferred.isEmpty() ? tr("Python %1 is not supported by torch %2")
                                                   : tr("Python %1 is likely not supported by torch %2"))
                                   .arg(python, torch),
                               tr("torch %1 supports Python %2. Use a Python in that range (a venv with the right "
                                  "version is simplest), or a torch release that supports Python %3.")
                                       .arg(torch, range, python)
                                   + inferred,
                               withRange, {FixFamily::Reinstall, FixFamily::Docker});
        else if (support == knowledge::Support::Limited)
            out << makeFinding(QStringLiteral("python.unsupported-version"), Severity::Warning,
                               tr("Python %1 is only experimental for torch %2").arg(python, torch),
                               tr("torch %1 fully supports Python %2; builds for %3 are experimental and some "
                                  "features may be missing.")
                                       .arg(torch, range, python)
                                   + inferred,
                               withRange, {FixFamily::Reinstall});
    }
    return out;
}

} // namespace td::checks
