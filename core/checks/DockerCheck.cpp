// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SystemChecks.h"

#include "checks/CheckSupport.h"

#include <QCoreApplication>
#include <QLocale>

#include <optional>

namespace td::checks {

QString DockerCheck::id() const
{
    return QStringLiteral("docker");
}
QString DockerCheck::title() const
{
    return tr("Can the project run in Docker?");
}
FactSet DockerCheck::needs() const
{
    return Fact::Docker | Fact::Gpu | Fact::System;
}

namespace {

// /dev/shm below 1 GiB (Docker's default is 64 MiB): DataLoader's workers hand batches over through it.
// PyTorch's README asks containers for --ipc=host or --shm-size. No repair changes a running container.
std::optional<Finding> sharedMemoryTooSmall(const platform::SystemInfo &system)
{
    constexpr qint64 kEnough = qint64(1) << 30;
    if (system.os != QLatin1String("linux") || system.sharedMemoryBytes < 0 || system.sharedMemoryBytes >= kEnough)
        return std::nullopt;
    const QString size =
        QLocale::c().formattedDataSize(system.sharedMemoryBytes, 0, QLocale::DataSizeIecFormat);
    QString detail = DockerCheck::tr("DataLoader's workers hand each batch to the main process through files in "
                                     "/dev/shm, which holds %1 here. A batch that does not fit fails with \"No space "
                                     "left on device\" or stops a worker with SIGBUS (\"Bus error\").")
                         .arg(size);
    detail += u' ' + (system.container
                          ? DockerCheck::tr("This is a container: start it with --shm-size=8g or --ipc=host (docker "
                                            "compose: shm_size: \"8gb\"; Kubernetes: an emptyDir with medium: Memory "
                                            "at /dev/shm), or use fewer DataLoader workers.")
                          : DockerCheck::tr("Make /dev/shm larger (its tmpfs mount's size=), or use fewer DataLoader "
                                            "workers."));
    return makeFinding(QStringLiteral("docker.shm-too-small"), Severity::Warning,
                       DockerCheck::tr("/dev/shm holds only %1: DataLoader's workers can run out of shared memory")
                           .arg(size),
                       detail,
                       QJsonObject{{QStringLiteral("path"), QStringLiteral("/dev/shm")},
                                   {QStringLiteral("size_bytes"), system.sharedMemoryBytes},
                                   {QStringLiteral("container"), system.container}},
                       {});
}

} // namespace

QList<Finding> DockerCheck::run(const Facts &facts, const knowledge::KnowledgeBase &) const
{
    QList<Finding> out;
    if (const std::optional<Finding> shm = sharedMemoryTooSmall(facts.system))
        out << *shm;
    if (!facts.docker || facts.composeFile.isEmpty())
        return out;
    const platform::DockerInfo &d = *facts.docker;
    const QJsonObject evidence{{QStringLiteral("compose_file"), facts.composeFile},
                               {QStringLiteral("cli"), d.cliVersion},
                               {QStringLiteral("daemon_error"), d.daemonError}};
    if (!d.cliFound)
        out << makeFinding(QStringLiteral("docker.unavailable"), Severity::Error, tr("Docker is not installed"),
                           tr("%1 describes a Docker setup, but there is no docker command. Install Docker Engine "
                              "(Linux) or Docker Desktop with the WSL2 back end (Windows).")
                               .arg(facts.composeFile),
                           evidence, {FixFamily::Docker});
    else if (!d.daemonRunning)
        out << makeFinding(QStringLiteral("docker.unavailable"), Severity::Error,
                           tr("The Docker daemon is not running"),
                           tr("docker %1 is installed but its daemon does not answer (%2). Start Docker Desktop, or "
                              "`sudo systemctl start docker` on Linux.")
                               .arg(d.cliVersion, d.daemonError),
                           evidence, {FixFamily::Docker});
    else if (!d.composeV2)
        out << makeFinding(QStringLiteral("docker.unavailable"), Severity::Error, tr("Docker Compose v2 is missing"),
                           tr("`docker compose` is not available. Install the compose plugin (docker-compose-plugin)."),
                           evidence, {FixFamily::Docker});
    else if (facts.gpu.nvidiaDriverFound && !d.nvidiaRuntime && d.operatingSystem != QLatin1String("Docker Desktop")
             && (!facts.compose || !facts.compose->ok() || facts.compose->wantsGpu()))
        out << makeFinding(QStringLiteral("docker.no-gpu-runtime"), Severity::Warning,
                           tr("Containers cannot use the NVIDIA GPU yet"),
                           tr("The daemon has no nvidia runtime. Install the NVIDIA Container Toolkit and run "
                              "`sudo nvidia-ctk runtime configure --runtime=docker`, then restart Docker."),
                           evidence, {FixFamily::Docker});
    if (!facts.compose)
        return out;
    if (!facts.compose->ok()) {
        out << makeFinding(QStringLiteral("docker.compose-unreadable"), Severity::Warning,
                           tr("The compose file cannot be read"), facts.compose->error,
                           QJsonObject{{QStringLiteral("compose_file"), facts.composeFile}}, {FixFamily::Docker});
        return out;
    }
    for (const platform::WeakSetting &w :
         platform::weakSettings(*facts.compose, facts.request.environment, facts.dotEnv)) {
        const QString where = w.defaulted ? tr("the default in %1 line %2").arg(facts.composeFile).arg(w.line)
                                          : tr("%1 line %2").arg(facts.composeFile).arg(w.line);
        out << makeFinding(
            QStringLiteral("docker.weak-default"), Severity::Warning,
            tr("%1 of service %2 is a value anyone can guess").arg(w.variable, w.service),
            tr("%1 guards access to the service, and its value comes from %2. Anyone who can reach the port can "
               "log in. Set a long random value (in the project's .env file) before starting it.")
                .arg(w.variable, where),
            QJsonObject{{QStringLiteral("compose_file"), facts.composeFile},
                        {QStringLiteral("service"), w.service},
                        {QStringLiteral("variable"), w.variable},
                        {QStringLiteral("reference"), w.reference},
                        {QStringLiteral("line"), w.line},
                        {QStringLiteral("defaulted"), w.defaulted}},
            {FixFamily::Docker});
    }
    return out;
}

} // namespace td::checks
