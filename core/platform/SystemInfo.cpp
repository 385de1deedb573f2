// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/SystemInfo.h"

#include <QFile>
#include <QFileInfo>
#include <QStorageInfo>
#include <QSysInfo>
#include <QThread>

#if defined(Q_OS_LINUX)
#include <sys/sysinfo.h>
#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif
#elif defined(Q_OS_MACOS)
#include <sys/sysctl.h>
#include <sys/types.h>
#elif defined(Q_OS_WIN)
#include <QSettings>
#include <qt_windows.h>
#endif

namespace td::platform {

namespace {

QString osName()
{
#if defined(Q_OS_WIN)
    // prettyProductName() says "Windows 11 Version 23H2"; the registry's
    // DisplayVersion (ReleaseId before 20H2) gives the shorter common form.
    const QSettings key(QStringLiteral("HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion"),
                        QSettings::Registry64Format);
    QString release = key.value(QStringLiteral("DisplayVersion")).toString();
    if (release.isEmpty())
        release = key.value(QStringLiteral("ReleaseId")).toString();
    const QString product = QSysInfo::productVersion(); // "10", "11", "server2022"
    if (product.isEmpty() || product == QLatin1String("unknown"))
        return QSysInfo::prettyProductName();
    QString name = product.startsWith(QLatin1String("server")) ? QStringLiteral("Windows Server ") + product.mid(6)
                                                               : QStringLiteral("Windows ") + product;
    if (!release.isEmpty())
        name += QLatin1Char(' ') + release;
    return name;
#else
    return QSysInfo::prettyProductName();
#endif
}

bool runningUnderRosetta()
{
#if defined(Q_OS_MACOS)
    int translated = 0;
    size_t size = sizeof(translated);
    // ENOENT on Intel Macs, where there is nothing to translate.
    if (sysctlbyname("sysctl.proc_translated", &translated, &size, nullptr, 0) == 0)
        return translated == 1;
#endif
    return false;
}

qint64 physicalMemoryMiB()
{
    [[maybe_unused]] constexpr quint64 mib = 1024 * 1024;
#if defined(Q_OS_LINUX)
    struct sysinfo si = {};
    if (sysinfo(&si) == 0)
        return static_cast<qint64>(static_cast<quint64>(si.totalram) * si.mem_unit / mib);
#elif defined(Q_OS_MACOS)
    quint64 bytes = 0;
    size_t size = sizeof(bytes);
    if (sysctlbyname("hw.memsize", &bytes, &size, nullptr, 0) == 0)
        return static_cast<qint64>(bytes / mib);
#elif defined(Q_OS_WIN)
    MEMORYSTATUSEX status = {};
    status.dwLength = static_cast<DWORD>(sizeof(status));
    if (GlobalMemoryStatusEx(&status))
        return static_cast<qint64>(status.ullTotalPhys / mib);
#endif
    return 0;
}

} // namespace

bool detectWsl(const QString &procVersionFile, const QString &dxgDevice)
{
    // WSL2 kernels are "...-microsoft-standard-WSL2", WSL1 reports "Microsoft".
    QFile file(procVersionFile);
    if (file.open(QIODevice::ReadOnly)) {
        const QByteArray text = file.read(4096);
        if (text.toLower().contains("microsoft"))
            return true;
    }
    return !dxgDevice.isEmpty() && QFileInfo::exists(dxgDevice);
}

bool detectContainer(const QString &dockerEnv, const QString &containerEnv)
{
    return QFileInfo::exists(dockerEnv) || QFileInfo::exists(containerEnv);
}

qint64 fileSystemSize(const QString &path)
{
    const QStorageInfo storage(path);
    return storage.isValid() && storage.isReady() ? storage.bytesTotal() : -1;
}

SystemInfo probeSystem()
{
    SystemInfo info;
#if defined(Q_OS_LINUX)
    info.os = QStringLiteral("linux");
#elif defined(Q_OS_WIN)
    info.os = QStringLiteral("windows");
#elif defined(Q_OS_MACOS)
    info.os = QStringLiteral("macos");
#else
    info.os = QSysInfo::productType();
#endif
    info.osName = osName();
    info.kernel = QSysInfo::kernelVersion();
    info.processArch = QSysInfo::buildCpuArchitecture();
    info.rosetta = runningUnderRosetta();
    // uname() inside a translated process says x86_64; the machine is arm64.
    info.cpuArch = info.rosetta ? QStringLiteral("arm64") : QSysInfo::currentCpuArchitecture();
#if defined(Q_OS_LINUX) && defined(__GLIBC__)
    info.libcVersion = QString::fromLatin1(gnu_get_libc_version());
#endif
#if defined(Q_OS_LINUX)
    info.wsl = detectWsl();
    info.container = detectContainer();
    info.sharedMemoryBytes = fileSystemSize(QStringLiteral("/dev/shm"));
#endif
    info.hostName = QSysInfo::machineHostName();
    info.logicalCores = QThread::idealThreadCount();
    info.memoryMiB = physicalMemoryMiB();
    return info;
}

} // namespace td::platform
