// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/Repairs.h"

#include "fixes/SystemPlanner.h"
#include "fixes/WindowsEnvPlanner.h"
#include "knowledge/KnowledgeBase.h"

#include <QUrl>

namespace td::fixes {

namespace {

// The same finding in two runs: its id and what it names (two unmet requirements are two things).
QString keyOf(const checks::Finding &f)
{
    return f.id + u'\n' + f.evidence.value(QStringLiteral("variable")).toString() + u'\n'
           + f.evidence.value(QStringLiteral("entry")).toString() + u'\n'
           + f.evidence.value(QStringLiteral("library")).toString() + u'\n'
           + f.evidence.value(QStringLiteral("distribution")).toString();
}

} // namespace

Repairs::Repairs(std::shared_ptr<const knowledge::KnowledgeBase> knowledge, checks::CheckRequest request,
                 RepairOptions options)
    : m_knowledge(std::move(knowledge)), m_request(std::move(request)), m_options(std::move(options))
{
}

QList<checks::FixFamily> Repairs::families()
{
    return {checks::FixFamily::Docker, checks::FixFamily::Env, checks::FixFamily::Reinstall, checks::FixFamily::System};
}

std::optional<checks::FixFamily> Repairs::familyFromString(const QString &name)
{
    return checks::fixFamilyFromString(name);
}

Repair Repairs::plan(checks::FixFamily family, const checks::Diagnosis &before) const
{
    Repair repair;
    repair.family = family;
    switch (family) {
    case checks::FixFamily::Env: {
        for (const checks::Finding &f : before.findings)
            if (EnvPlanner::handles(f))
                repair.targeted << f;
        if (repair.targeted.isEmpty()) {
            repair.summary = tr("No environment variable gets in PyTorch's way.");
            break;
        }
        EnvPlan env;
        if (before.facts.system.os == QLatin1String("windows")) {
            const platform::UserEnvironment registry(m_options.userEnvironment, m_request.environment);
            env = WindowsEnvPlanner(registry).plan(repair.targeted);
        } else {
            env = EnvPlanner(m_request.environment, before.facts.chosenExecutable).plan(repair.targeted);
        }
        EnvPlanner::planFiles(repair.targeted, before.facts.chosenExecutable, env.plan);
        repair.plan = env.plan;
        repair.envChanges = env.changes;
        repair.summary = tr("Removes exactly the entries that get in PyTorch's way where they are set (startup "
                            "files, or the user's registry on Windows), keeping everything else.");
        repair.afterwards = tr("Open a new terminal to use it.");
        if (env.changes.isEmpty() && !env.plan.steps.isEmpty()) { // only a .pth line or a file of one's own
            repair.summary = tr("Takes out exactly the .pth line or the file of your own that Python imports instead "
                                "of the installed copy, keeping everything else.");
            repair.afterwards = tr("Start your program again.");
        }
        break;
    }
    case checks::FixFamily::Reinstall: {
        for (const checks::Finding &f : before.findings)
            if (ReinstallPlanner::handles(f))
                repair.targeted << f;
        if (repair.targeted.isEmpty()) {
            repair.summary = tr("torch is installed and imports, and its build fits this machine.");
            break;
        }
        const QString waiting = ReinstallPlanner::takeWaiting(repair.targeted);
        const ReinstallPlanner planner(*m_knowledge, m_request.environment, m_options.wheels, m_options.osReleasePath);
        repair.reinstall = planner.plan(before.facts, repair.targeted);
        if (!waiting.isEmpty())
            repair.reinstall.plan.warnings.prepend(waiting);
        repair.plan = repair.reinstall.plan;
        repair.afterwards = repair.reinstall.afterwards;
        if (repair.afterwards.isEmpty() && !repair.reinstall.newPython.isEmpty())
            repair.afterwards = tr("Run your programs with %1 from now on.").arg(repair.reinstall.newPython);
        repair.summary =
            repair.reinstall.packages.isEmpty()
                ? QString()
                : tr("Installs %1 with %2.")
                      .arg(repair.reinstall.packages.join(QStringLiteral(", ")), repair.reinstall.installer);
        if (!repair.reinstall.preflightProgram.isEmpty()) {
            const WheelSource &source = m_options.wheels;
            const QString torch = repair.reinstall.torchWanted();
            repair.preflight = !source.findLinks.isEmpty() || source.noIndex
                                   ? tr("Looking for torch %1 in %2...")
                                         .arg(torch, source.findLinks.join(QStringLiteral(", ")))
                                   : tr("Asking %1 for torch %2...").arg(repair.reinstall.indexUrl, torch);
        }
        break;
    }
    case checks::FixFamily::Docker: {
        for (const checks::Finding &f : before.findings)
            if (DockerPlanner::handles(f))
                repair.targeted << f;
        const DockerPlanner planner(m_request.environment, m_request.projectDir, m_options.cloneUrl);
        repair.docker = planner.plan(before.facts, repair.targeted);
        repair.plan = repair.docker.plan;
        repair.afterwards = repair.docker.afterwards;
        repair.summary = !repair.docker.clonedInto.isEmpty()
                             ? tr("Clones %1 into %2.").arg(m_options.cloneUrl, repair.docker.clonedInto)
                             : tr("Builds and starts the project's containers with docker compose, instead of "
                                  "repairing this machine's Python.");
        if (!repair.docker.composeFile.isEmpty() && !repair.docker.startsDaemon && !repair.plan.steps.isEmpty())
            repair.preflight = tr("Asking the Docker daemon whether it runs...");
        break;
    }
    case checks::FixFamily::System: {
        for (const checks::Finding &f : before.findings)
            if (SystemPlanner::handles(f))
                repair.targeted << f;
        if (repair.targeted.isEmpty()) {
            repair.summary = tr("Nothing points at the system: no missing runtime, system library or driver.");
            break;
        }
        const QString os = before.facts.system.os.isEmpty() ? QStringLiteral("linux") : before.facts.system.os;
        const SystemPlanner planner(m_request.environment, os, m_options.osReleasePath);
        repair.plan = planner.plan(before.facts, repair.targeted);
        repair.summary = tr("Installs what the system lacks, each step that needs administrator rights elevated "
                            "on its own.");
        break;
    }
    }
    return repair;
}

platform::Result<void> Repairs::preflight(const Repair &repair, const platform::CancelToken &cancel) const
{
    if (repair.family == checks::FixFamily::Docker && !repair.preflight.isEmpty()) {
        platform::ProcessRequest request;
        request.program = m_request.docker;
        request.arguments = {QStringLiteral("info"), QStringLiteral("--format"), QStringLiteral("{{.ServerVersion}}")};
        request.environment = m_request.environment;
        request.timeout = std::chrono::seconds(20);
        const platform::ProcessResult r = platform::runProcess(request, cancel);
        if (r.succeeded())
            return {};
        const QStringList lines = QString::fromLocal8Bit(r.standardError).split(u'\n', Qt::SkipEmptyParts);
        return platform::Error{
            tr("the Docker daemon does not answer (%1); nothing was changed. Start Docker, then try again.")
                .arg(lines.isEmpty() ? r.describe() : lines.last().trimmed())};
    }
    if (repair.family != checks::FixFamily::Reinstall || repair.reinstall.preflightProgram.isEmpty())
        return {};
    const ReinstallPlan &plan = repair.reinstall;
    platform::ProcessRequest request;
    request.program = plan.preflightProgram;
    request.arguments = plan.preflightArguments;
    request.environment = m_request.environment;
    request.timeout = std::chrono::seconds(90);
    const platform::ProcessResult r = platform::runProcess(request, cancel);
    const bool local = !m_options.wheels.findLinks.isEmpty() || m_options.wheels.noIndex;
    QString what;
    if (r.succeeded()) {
        if (plan.installer != QLatin1String("pip"))
            return {};
        // "Available versions: 2.5.1, 2.5.0, 2.4.1+cpu"
        const QString wanted = plan.torchWanted();
        for (const QString &line : QString::fromLocal8Bit(r.standardOutput).split(u'\n'))
            if (line.trimmed().startsWith(QLatin1String("Available versions:")))
                for (const QString &v : line.section(u':', 1).split(u','))
                    if (const QString version = v.trimmed().section(u'+', 0, 0);
                        plan.torchVersion.isEmpty() ? version.startsWith(wanted + u'.') : version == wanted)
                        return {};
        what = tr("torch %1 is not there").arg(wanted);
    } else {
        const QStringList lines = QString::fromLocal8Bit(r.standardError).split(u'\n', Qt::SkipEmptyParts);
        what = r.outcome == platform::ProcessResult::Outcome::Finished && !lines.isEmpty() ? lines.last().trimmed()
                                                                                           : r.describe();
    }
    if (local)
        return platform::Error{tr("the wheelhouse has no usable torch %1: %2; nothing was changed.")
                                   .arg(plan.torchWanted(), what)};
    const QString hint = ReinstallPlanner::wheelFolderHint(m_request.wizard);
    return platform::Error{tr("%1 cannot be reached: %2; nothing was changed. Without network, download the wheels "
                              "into a folder elsewhere and %3.")
                               .arg(QUrl(plan.indexUrl).host(), what, hint)};
}

checks::CheckRequest Repairs::verifyRequest(const Repair &repair) const
{
    checks::CheckRequest again = m_request;
    if (repair.family == checks::FixFamily::Env)
        again.environment = EnvPlanner::after(m_request.environment, repair.envChanges);
    if (!repair.reinstall.newPython.isEmpty()) // the venv made beside a distribution's torch
        again.python = repair.reinstall.newPython;
    return again;
}

Verification Repairs::compare(const checks::Diagnosis &before, const checks::Diagnosis &after, const Repair &repair)
{
    QStringList targeted;
    for (const checks::Finding &f : repair.targeted)
        targeted << keyOf(f);
    QStringList afterKeys;   // every finding after
    QStringList problemKeys; // ... of those, what is still a problem (an error, or what was targeted)
    for (const checks::Finding &f : after.findings) {
        afterKeys << keyOf(f);
        if (f.severity == checks::Severity::Error || targeted.contains(afterKeys.constLast()))
            problemKeys << afterKeys.constLast();
    }
    Verification v;
    v.fixed = !repair.targeted.isEmpty();
    QStringList seen;
    for (const checks::Finding &f : before.findings) {
        const QString key = keyOf(f);
        if ((!targeted.contains(key) && f.severity != checks::Severity::Error) || seen.contains(key))
            continue;
        seen << key;
        if (problemKeys.contains(key)) {
            v.still << f;
            if (targeted.contains(key))
                v.fixed = false;
        } else if (!afterKeys.contains(key)) {
            v.gone << f;
        } // else an error before, now told only as a warning: neither gone nor a problem still there
    }
    return v;
}

void Repairs::prepare(ExecutorCallbacks &callbacks) const
{
    attachUserEnvironment(
        callbacks, std::make_shared<platform::UserEnvironment>(m_options.userEnvironment, m_request.environment));
}

bool Repairs::servicesRunning(const Repair &repair, QString &detail, const platform::CancelToken &cancel) const
{
    if (repair.family != checks::FixFamily::Docker || repair.docker.composeFile.isEmpty())
        return true;
    platform::ProcessRequest request;
    request.program = m_request.docker;
    request.arguments = {QStringLiteral("compose"),   QStringLiteral("-f"),       repair.docker.composeFile,
                         QStringLiteral("ps"),        QStringLiteral("--status"), QStringLiteral("running"),
                         QStringLiteral("--services")};
    request.environment = m_request.environment;
    request.timeout = std::chrono::seconds(60);
    const platform::ProcessResult r = platform::runProcess(request, cancel);
    if (!r.succeeded()) {
        detail = tr("`docker compose ps` failed: %1").arg(r.describe());
        return false;
    }
    const QStringList running = QString::fromLocal8Bit(r.standardOutput).split(u'\n', Qt::SkipEmptyParts);
    QStringList stopped;
    for (const QString &s : repair.docker.services)
        if (!running.contains(s))
            stopped << s;
    if (!stopped.isEmpty()) {
        detail = tr("not running: %1 (see `docker compose -f %2 logs`)")
                     .arg(stopped.join(QStringLiteral(", ")), repair.docker.composeFile);
        return false;
    }
    detail = tr("running: %1").arg(running.join(QStringLiteral(", ")));
    return true;
}

} // namespace td::fixes
