// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace td::platform {

// The distribution's package manager, from /etc/os-release.
struct PackageManager {
    QString family;  // "debian", "fedora", "arch", "suse"; empty: unknown
    QString install; // the program: apt-get, dnf, pacman, zypper
};
PackageManager packageManagerOf(const QString &osReleasePath = QStringLiteral("/etc/os-release"));

// The distribution package that owns the file `path` (asked of dpkg, rpm or pacman);
// empty when none does, or the package manager is not known.
QString owningPackage(const PackageManager &pm, const QString &path, const QProcessEnvironment &environment);
// The version of `package` the package manager has installed; empty when none.
QString installedVersion(const PackageManager &pm, const QString &package, const QProcessEnvironment &environment);

} // namespace td::platform
