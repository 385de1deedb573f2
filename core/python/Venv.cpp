// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/Venv.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace td::python {

namespace {

constexpr qint64 kMaxConfigBytes = 64 * 1024; // pyvenv.cfg is a few lines

// "key = value" lines, keys lower-case (Python's own reader: site.venv()).
void readConfig(const QByteArray &text, VenvConfig &out)
{
    for (const QByteArray &raw : text.split('\n')) {
        const qsizetype eq = raw.indexOf('=');
        if (eq < 0)
            continue;
        const QString key = QString::fromUtf8(raw.left(eq)).trimmed().toLower();
        const QString value = QString::fromUtf8(raw.mid(eq + 1)).trimmed();
        if (key == QLatin1String("home"))
            out.home = QDir::fromNativeSeparators(value);
        else if (key == QLatin1String("executable"))
            out.baseExecutable = QDir::fromNativeSeparators(value);
        else if ((key == QLatin1String("version") || key == QLatin1String("version_info")) && out.version.isNull())
            out.version = QVersionNumber::fromString(value);
        else if (key == QLatin1String("include-system-site-packages"))
            out.systemSitePackages = value.compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
    }
}

bool baseGone(const VenvConfig &venv)
{
    if (!venv.baseExecutable.isEmpty())
        return !QFileInfo::exists(venv.baseExecutable);
    const QDir dir(venv.home);
    if (venv.home.isEmpty() || !dir.exists())
        return true;
    QStringList names{QStringLiteral("python.exe")};
    if (venv.version.segmentCount() >= 2)
        names << QStringLiteral("python%1.%2").arg(venv.version.majorVersion()).arg(venv.version.minorVersion());
    else
        names << QStringLiteral("python3");
    for (const QString &name : std::as_const(names))
        if (QFileInfo(dir.filePath(name)).exists())
            return false;
    return true;
}

QStringList sitePackagesOf(const QString &folder)
{
    QStringList out;
    const QDir root(folder);
    if (root.exists(QStringLiteral("Lib/site-packages")))
        out << QStringLiteral("Lib/site-packages");
    const QDir lib(root.filePath(QStringLiteral("lib")));
    for (const QString &python : lib.entryList({QStringLiteral("python*")}, QDir::Dirs | QDir::NoDotAndDotDot))
        if (lib.exists(python + QStringLiteral("/site-packages")))
            out << QStringLiteral("lib/%1/site-packages").arg(python);
    return out;
}

} // namespace

std::optional<VenvConfig> venvOf(const QString &executable)
{
    // Not canonical: the venv's bin/python is a link into the base, which may be gone.
    const QDir bin = QFileInfo(QDir::fromNativeSeparators(executable)).absoluteDir();
    for (const QString &folder : {bin.absolutePath(), QFileInfo(bin.absolutePath()).absolutePath()}) {
        QFile file(QDir(folder).filePath(QStringLiteral("pyvenv.cfg")));
        if (!file.open(QIODevice::ReadOnly))
            continue;
        VenvConfig out;
        out.folder = folder;
        out.configFile = file.fileName();
        readConfig(file.read(kMaxConfigBytes), out);
        out.baseGone = baseGone(out);
        out.sitePackages = sitePackagesOf(folder);
        return out;
    }
    return std::nullopt;
}

} // namespace td::python
