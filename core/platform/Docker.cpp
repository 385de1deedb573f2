// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/Docker.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace td::platform {

DockerInfo probeDocker(const QString &docker, std::chrono::milliseconds timeout, const CancelToken &cancel)
{
    DockerInfo info;
    auto run = [&](const QStringList &args) {
        ProcessRequest r;
        r.program = docker;
        r.arguments = args;
        r.timeout = timeout;
        return runProcess(r, cancel);
    };

    const ProcessResult client =
        run({QStringLiteral("version"), QStringLiteral("--format"), QStringLiteral("{{.Client.Version}}")});
    if (client.outcome == ProcessResult::Outcome::FailedToStart)
        return info; // no docker CLI
    info.cliFound = true;
    info.cliVersion = QString::fromUtf8(client.standardOutput).trimmed().section(QLatin1Char('\n'), 0, 0);

    const ProcessResult server =
        run({QStringLiteral("info"), QStringLiteral("--format"), QStringLiteral("{{json .}}")});
    const QJsonObject daemon = QJsonDocument::fromJson(server.standardOutput).object();
    const QString serverErrors = daemon.value(QStringLiteral("ServerErrors")).toVariant().toStringList().join(u' ');
    info.daemonRunning = server.succeeded() && !daemon.isEmpty() && serverErrors.isEmpty()
                         && !daemon.value(QStringLiteral("ServerVersion")).toString().isEmpty();
    if (!info.daemonRunning) {
        info.daemonError = !serverErrors.isEmpty() ? serverErrors
                           : server.outcome == ProcessResult::Outcome::Finished
                               ? QString::fromUtf8(server.standardError).trimmed().section(QLatin1Char('\n'), 0, 1)
                               : server.describe();
    } else {
        info.operatingSystem = daemon.value(QStringLiteral("OperatingSystem")).toString();
        const QJsonObject runtimes = daemon.value(QStringLiteral("Runtimes")).toObject();
        info.nvidiaRuntime = runtimes.contains(QStringLiteral("nvidia"));
    }

    const ProcessResult compose =
        run({QStringLiteral("compose"), QStringLiteral("version"), QStringLiteral("--short")});
    info.composeV2 = compose.succeeded();
    if (info.composeV2)
        info.composeVersion = QString::fromUtf8(compose.standardOutput).trimmed();
    return info;
}

} // namespace td::platform
