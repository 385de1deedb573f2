// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "checks/Finding.h"
#include "fixes/FixPlan.h"
#include "platform/PackageManager.h"

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace td::fixes {

using platform::PackageManager;
using platform::packageManagerOf;

// The arguments of the package manager's command that installs, installs again or removes packages.
enum class PackageAction { Install, Reinstall, Remove };
QStringList packageArguments(const PackageManager &pm, PackageAction action);

using platform::installedVersion;
using platform::owningPackage;

// The package of `family` that ships the library `soname`; empty when the
// table does not know it (torch's own and NVIDIA's libraries are not
// system packages: the reinstall repair brings those).
QString packageFor(const QString &soname, const QString &family);

// The system-level repair, the last step of the flowchart. Linux: the
// distribution package that provides a missing library, installed through
// the package manager (elevated alone with pkexec), then ldconfig. Windows:
// the VC++ 2015-2022 runtime through winget, DISM and sfc elevated, a Windows
// Update scan through UsoClient, NVIDIA driver guidance; never regsvr32 on
// torch's DLLs. macOS: the command line tools; libomp from Homebrew.
class SystemPlanner {
    Q_DECLARE_TR_FUNCTIONS(SystemPlanner)

public:
    // `environment`: PATH is searched for the tools. `os`: "linux", "windows"
    // or "macos" (the diagnosed system's).
    SystemPlanner(QProcessEnvironment environment, QString os,
                  QString osReleasePath = QStringLiteral("/etc/os-release"));

    [[nodiscard]] FixPlan plan(const checks::Facts &facts, const QList<checks::Finding> &findings) const;
    static bool handles(const checks::Finding &finding);

private:
    void planLinux(const QList<checks::Finding> &findings, FixPlan &plan) const;
    void planWindows(const checks::Facts &facts, const QList<checks::Finding> &findings, FixPlan &plan) const;
    void planMac(const QList<checks::Finding> &findings, FixPlan &plan) const;
    // KMP_DUPLICATE_LIB_OK=TRUE, only here (the flowchart's last step) and with Intel's warning.
    void planOpenMpLastResort(const QList<checks::Finding> &findings, FixPlan &plan) const;
    // Whether the package manager says `package` is installed.
    [[nodiscard]] bool installed(const PackageManager &pm, const QString &package) const;

    QProcessEnvironment m_environment;
    QString m_os;
    QString m_osRelease;
};

} // namespace td::fixes
