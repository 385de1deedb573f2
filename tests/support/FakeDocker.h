// SPDX-License-Identifier: GPL-3.0-or-later
// A project with a docker-compose.yml, and docker as far as TorchDoctor asks
// it: a script that records its arguments in $FAKE_LOG, keeps its state in
// files named $FAKE_STATE.*, and plays the mode $FAKE_DOCKER (ok, nodaemon,
// pullfail, hang). Shared by the tests that repair with Docker.
#pragma once

namespace td::test {

constexpr const char *kCompose = R"(services:
  ai-toolkit:
    image: ostris/aitoolkit:latest
    ports:
      - "8675:8675"
    environment:
      - AI_TOOLKIT_AUTH=${AI_TOOLKIT_AUTH:-password}
      - NODE_ENV=production
)";

constexpr const char *kFakeDocker = R"SH(#!/bin/bash
echo "docker $*" >> "$FAKE_LOG"
case "$1" in
version) echo 28.2.2; exit 0 ;;
info)
    if [ "$FAKE_DOCKER" = nodaemon ] && [ ! -e "$FAKE_STATE.daemon" ]; then
        echo "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?" >&2
        exit 1
    fi
    if [ "$3" = "{{json .}}" ]; then
        echo '{"ServerVersion":"28.2.2","OperatingSystem":"Debian GNU/Linux 12 (bookworm)","Runtimes":{"runc":{}}}'
    else
        echo 28.2.2
    fi
    exit 0 ;;
compose)
    shift
    [ "$1" = version ] && { echo 2.37.1; exit 0; }
    [ "$1" = -f ] && shift 2
    case "$1" in
    pull|build)
        echo $$ > "$FAKE_STATE.pid"
        [ "$FAKE_DOCKER" = hang ] && exec sleep 300
        if [ "$FAKE_DOCKER" = pullfail ]; then
            echo "Error response from daemon: pull access denied for ostris/aitoolkit" >&2
            exit 18
        fi
        echo " ai-toolkit Pulled"; exit 0 ;;
    up) touch "$FAKE_STATE.running"; echo " Container ai-toolkit  Started"; exit 0 ;;
    ps) [ -e "$FAKE_STATE.running" ] && echo ai-toolkit; exit 0 ;;
    down) rm -f "$FAKE_STATE.running"; echo " Container ai-toolkit  Removed"; exit 0 ;;
    esac ;;
esac
exit 1
)SH";

} // namespace td::test
