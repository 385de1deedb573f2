// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckOutcome.h"

#include "checks/Check.h"
#include "checks/Symptoms.h"

namespace td::checks {

namespace {

struct OutcomeText {
    Q_DECLARE_TR_FUNCTIONS(CheckOutcome)
};

using State = CheckOutcome::State;

// Why a check had nothing to judge; empty when it had.
QString whyNotChecked(const QString &id, const Facts &facts)
{
    const python::StaticProbe *probe = facts.chosenProbe();
    const bool python = probe && probe->interpreter.usable;
    const bool torch = python && probe->torch.installed;
    const QString noPython = OutcomeText::tr("no Python interpreter that runs");
    const QString noTorch = OutcomeText::tr("PyTorch is not installed for this Python");
    if (id == QLatin1String("python"))
        return facts.has(Fact::Interpreters) ? QString() : OutcomeText::tr("the interpreter was not probed");
    if (id == QLatin1String("torch.install"))
        return python ? QString() : noPython;
    if (id == QLatin1String("knowledge") || id == QLatin1String("packages")
        || id == QLatin1String("packages.installation"))
        return !python ? noPython : !torch ? noTorch : QString();
    if (id == QLatin1String("torch.import") || id == QLatin1String("cuda")) {
        if (!python)
            return noPython;
        if (!torch)
            return noTorch;
        if (!facts.request.runImport)
            return OutcomeText::tr("the import was not asked for");
        if (!facts.has(Fact::Import) || facts.import.outcome == python::ImportResult::Outcome::NotRun)
            return OutcomeText::tr("the import did not run");
        if (id == QLatin1String("cuda") && !facts.has(Fact::Gpu))
            return OutcomeText::tr("the GPU probe did not finish");
        return {};
    }
    if (id == QLatin1String("lib.walk")) {
        if (!python)
            return noPython;
        if (!torch)
            return noTorch;
        return facts.libraries ? QString() : OutcomeText::tr("PyTorch has no native libraries to walk");
    }
    if (id == QLatin1String("docker")) {
        if (facts.composeFile.isEmpty())
            return facts.request.projectDir.isEmpty() ? OutcomeText::tr("no project folder was chosen")
                                                      : OutcomeText::tr("the project has no docker-compose.yml");
        return facts.docker ? QString() : OutcomeText::tr("Docker was not probed");
    }
    return {};
}

// What a check that passed looked at, in a few words.
QString whatWasFound(const QString &id, const Facts &facts)
{
    const python::StaticProbe *probe = facts.chosenProbe();
    if (id == QLatin1String("python") && probe)
        return OutcomeText::tr("Python %1 (%2-bit)").arg(probe->interpreter.version.toString()).arg(probe->interpreter.bits);
    if ((id == QLatin1String("torch.install") || id == QLatin1String("knowledge")) && probe) {
        const QString cuda = probe->torch.versionPyCuda;
        return OutcomeText::tr("torch %1 (%2)")
            .arg(probe->torch.version, cuda.isEmpty() || cuda == QLatin1String("None")
                                           ? OutcomeText::tr("CPU build")
                                           : OutcomeText::tr("CUDA %1 build").arg(cuda));
    }
    if (id == QLatin1String("torch.import"))
        return OutcomeText::tr("torch %1 imports in %2 s")
            .arg(facts.import.version)
            .arg(static_cast<double>(facts.import.elapsedMs) / 1000.0, 0, 'f', 1);
    if (id == QLatin1String("lib.walk") && facts.libraries)
        return OutcomeText::tr("%n native libraries load", nullptr, static_cast<int>(facts.libraries->libraries.size()));
    if (id == QLatin1String("cuda")) {
        if (!facts.gpu.nvidiaDriverFound)
            return OutcomeText::tr("no NVIDIA driver: torch runs on the CPU");
        return facts.import.cudaAvailable
                   ? OutcomeText::tr("driver %1; torch uses %n GPU(s)", nullptr, facts.import.deviceCount)
                         .arg(facts.gpu.driverVersion)
                   : OutcomeText::tr("driver %1").arg(facts.gpu.driverVersion);
    }
    if (id == QLatin1String("packages") && probe) {
        QStringList packages;
        for (const auto &c : probe->torch.companions)
            if (c.name == QLatin1String("torchvision") || c.name == QLatin1String("torchaudio"))
                packages << c.name + u' ' + c.version;
        return packages.isEmpty() ? OutcomeText::tr("neither torchvision nor torchaudio is installed")
                                  : packages.join(QStringLiteral(", "));
    }
    if (id == QLatin1String("environment"))
        return facts.terminal && facts.terminal->ok() ? OutcomeText::tr("nothing in the way, here or in a new terminal")
                                                      : OutcomeText::tr("nothing in the way");
    if (id == QLatin1String("docker") && facts.docker)
        return OutcomeText::tr("Docker %1, compose %2").arg(facts.docker->cliVersion, facts.docker->composeVersion);
    return {};
}

} // namespace

QList<CheckOutcome> checkOutcomes(const Diagnosis &report)
{
    QList<CheckOutcome> out;
    for (const auto &check : allChecks()) {
        CheckOutcome o;
        o.checkId = check->id();
        o.title = check->title();
        for (const Finding &f : report.findings)
            if (f.check == o.checkId && f.severity != Severity::Info)
                o.findings << f;
        const auto worst = std::min_element(o.findings.cbegin(), o.findings.cend(), [](const auto &a, const auto &b) {
            return static_cast<int>(a.severity) < static_cast<int>(b.severity);
        });
        const HeldSymptoms held =
            heldSymptoms(report.findings, [&o](const Finding &s) { return s.check == o.checkId; });
        if (worst != o.findings.cend()) {
            o.state = worst->severity == Severity::Error ? State::Failed : State::Warning;
            o.summary = worst->title;
        } else if (held.cause) {
            // Its findings are told under their cause, in another area: not "no problem".
            o.state = held.worst == Severity::Error ? State::Failed : State::Warning;
            o.summary = OutcomeText::tr("%n problem(s), caused by: %1", nullptr, held.count).arg(held.cause->title);
        } else if (const QString why = whyNotChecked(o.checkId, report.facts); !why.isEmpty() || report.cancelled) {
            o.state = State::NotChecked;
            o.summary = why.isEmpty() ? OutcomeText::tr("the diagnosis was stopped") : why;
        } else if (o.checkId == QLatin1String("torch.import") && report.facts.importFailsInNewTerminal()) {
            // Its finding is the environment check's, which knows what differs there.
            o.state = State::Failed;
            o.summary = OutcomeText::tr("torch %1 imports here in %2 s, but fails in a new terminal (see the environment)")
                            .arg(report.facts.import.version)
                            .arg(static_cast<double>(report.facts.import.elapsedMs) / 1000.0, 0, 'f', 1);
        } else {
            o.state = State::Passed;
            o.summary = whatWasFound(o.checkId, report.facts);
        }
        out << o;
    }
    return out;
}

QString areaNotChecked(const QList<CheckOutcome> &outcomes, const QString &area)
{
    QString why;
    for (const CheckOutcome &o : outcomes) {
        if (areaOf(o.checkId) != area)
            continue;
        if (o.state != CheckOutcome::State::NotChecked)
            return {};
        if (why.isEmpty())
            why = o.summary;
    }
    return why;
}

} // namespace td::checks
