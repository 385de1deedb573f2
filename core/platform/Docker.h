// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/ProcessRunner.h"

#include <QString>

namespace td::platform {

// What a project that runs in Docker needs on this machine.
struct DockerInfo {
    bool cliFound = false;
    QString cliVersion; // "28.2.2"
    bool daemonRunning = false;
    QString daemonError;    // what `docker info` said when it failed
    bool composeV2 = false; // `docker compose` (the plugin), not the old docker-compose
    QString composeVersion;
    bool nvidiaRuntime = false; // the NVIDIA container toolkit is registered with the daemon
    QString operatingSystem;    // the daemon's: "Docker Desktop", "Debian GNU/Linux 12 (bookworm)"
};

// Runs `docker version`, `docker info` and `docker compose version`, each
// with a time limit (a stopped Docker Desktop can make them hang).
DockerInfo probeDocker(const QString &docker = QStringLiteral("docker"),
                       std::chrono::milliseconds timeout = std::chrono::seconds(10),
                       const CancelToken &cancel = CancelToken());

} // namespace td::platform
