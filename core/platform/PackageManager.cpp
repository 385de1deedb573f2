// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/PackageManager.h"

#include "platform/ProcessRunner.h"

#include <QFile>
#include <QFileInfo>

namespace td::platform {

PackageManager packageManagerOf(const QString &osReleasePath)
{
    QFile file(osReleasePath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QStringList ids;
    for (const QByteArray &raw : file.read(64 * 1024).split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.startsWith(QLatin1String("ID=")) || line.startsWith(QLatin1String("ID_LIKE=")))
            ids << line.section(u'=', 1).remove(u'"').remove(u'\'').split(u' ', Qt::SkipEmptyParts);
    }
    for (const QString &id : std::as_const(ids)) {
        if (id == QLatin1String("debian") || id == QLatin1String("ubuntu"))
            return {QStringLiteral("debian"), QStringLiteral("apt-get")};
        if (id == QLatin1String("fedora") || id == QLatin1String("rhel") || id == QLatin1String("centos"))
            return {QStringLiteral("fedora"), QStringLiteral("dnf")};
        if (id == QLatin1String("arch"))
            return {QStringLiteral("arch"), QStringLiteral("pacman")};
        if (id == QLatin1String("suse") || id.startsWith(QLatin1String("opensuse")))
            return {QStringLiteral("suse"), QStringLiteral("zypper")};
    }
    return {};
}

namespace {

// Asks the package manager's own query tool (dpkg-query, rpm, pacman) with the arguments for its
// family; the first line it printed, empty when it failed or the family is not known.
QString queryPackages(const PackageManager &pm, const QStringList &dpkg, const QStringList &rpm,
                      const QStringList &pacman, const QProcessEnvironment &environment)
{
    ProcessRequest request;
    request.environment = environment;
    request.timeout = std::chrono::seconds(30);
    if (pm.family == QLatin1String("debian")) {
        request.program = QStringLiteral("dpkg-query");
        request.arguments = dpkg;
    } else if (pm.family == QLatin1String("fedora") || pm.family == QLatin1String("suse")) {
        request.program = QStringLiteral("rpm");
        request.arguments = rpm;
    } else if (pm.family == QLatin1String("arch")) {
        request.program = QStringLiteral("pacman");
        request.arguments = pacman;
    } else {
        return {};
    }
    const ProcessResult r = runProcess(request);
    return r.succeeded() ? QString::fromLocal8Bit(r.standardOutput).section(u'\n', 0, 0).trimmed() : QString();
}

// The owner of `path` as the database lists it, by that exact path.
QString owningPackageOf(const PackageManager &pm, const QString &path, const QProcessEnvironment &environment)
{
    const QString first = queryPackages(
        pm, {QStringLiteral("-S"), path},
        {QStringLiteral("-qf"), QStringLiteral("--queryformat"), QStringLiteral("%{NAME}\n"), path},
        {QStringLiteral("-Qqo"), path}, environment);
    // dpkg: "python3-torch: /usr/lib/python3/dist-packages/torch/__init__.py"; the others: the name.
    return pm.family == QLatin1String("debian") ? first.section(QStringLiteral(": "), 0, 0).section(u':', 0, 0)
                                                : first;
}

} // namespace

QString owningPackage(const PackageManager &pm, const QString &path, const QProcessEnvironment &environment)
{
    if (pm.family.isEmpty())
        return {};
    // The package database lists a file where the package put it: with /usr merged, /lib/x/libz.so.1 may be
    // listed while the loader found /usr/lib/x/libz.so.1, and a link by the file it names.
    QStringList tries{path};
    if (path.startsWith(QLatin1String("/usr/lib/")))
        tries << path.mid(4);
    else if (path.startsWith(QLatin1String("/lib/")))
        tries << QStringLiteral("/usr") + path;
    if (const QString real = QFileInfo(path).canonicalFilePath(); !real.isEmpty() && real != path)
        tries << real;
    for (const QString &each : std::as_const(tries))
        if (const QString package = owningPackageOf(pm, each, environment); !package.isEmpty())
            return package;
    return {};
}

QString installedVersion(const PackageManager &pm, const QString &package, const QProcessEnvironment &environment)
{
    const QString out = queryPackages(
        pm, {QStringLiteral("-W"), QStringLiteral("-f=${Version}"), package},
        {QStringLiteral("-q"), QStringLiteral("--queryformat"), QStringLiteral("%{VERSION}-%{RELEASE}"), package},
        {QStringLiteral("-Q"), package}, environment);
    return pm.family == QLatin1String("arch") ? out.section(u' ', 1) : out; // pacman: "name version"
}

} // namespace td::platform
