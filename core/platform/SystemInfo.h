// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace td::platform {

// Facts about the machine and the OS, for the report and for the checks
// that depend on them (glibc for manylinux wheels, Rosetta, WSL).
struct SystemInfo {
    QString os;           // "linux", "windows", "macos"
    QString osName;       // "Debian GNU/Linux 12 (bookworm)", "Windows 11 23H2", "macOS Sonoma (14.5)"
    QString kernel;       // "6.1.0-18-amd64", "10.0.22631", "23.5.0"
    QString cpuArch;      // the machine's: "x86_64", "arm64", "i386" (arm64 under Rosetta too)
    QString processArch;  // what this program was built for; differs under Rosetta or x64 emulation
    QString libcVersion;  // glibc's version on Linux ("2.36"); empty elsewhere or with another libc
    bool rosetta = false; // macOS: this process is x86_64 code translated on an arm64 Mac
    bool wsl = false;     // Linux running inside Windows Subsystem for Linux
    QString hostName;     // reports redact it
    int logicalCores = 0; // the logical CPUs this process may use
    qint64 memoryMiB = 0; // physical memory, 0 when unknown
    bool container = false;          // Linux: this runs inside a container (Docker, Podman)
    qint64 sharedMemoryBytes = -1;   // Linux: the size of /dev/shm; -1 when unknown
};

SystemInfo probeSystem();

// WSL: the kernel's version string names Microsoft, or the GPU paravirtualisation
// device /dev/dxg exists. The paths are parameters so that tests can fake them.
bool detectWsl(const QString &procVersionFile = QStringLiteral("/proc/version"),
               const QString &dxgDevice = QStringLiteral("/dev/dxg"));

// A container: Docker's /.dockerenv or Podman's /run/.containerenv exists. Parameters for tests.
bool detectContainer(const QString &dockerEnv = QStringLiteral("/.dockerenv"),
                     const QString &containerEnv = QStringLiteral("/run/.containerenv"));

// The size of the file system at `path` (/dev/shm, a tmpfs); -1 when it cannot be read.
qint64 fileSystemSize(const QString &path);

} // namespace td::platform
