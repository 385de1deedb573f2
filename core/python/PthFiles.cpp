// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/PthFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace td::python {

namespace {

constexpr qint64 kMaxPthBytes = 64 * 1024;

// site.addpackage's reading of one file.
QList<PthPath> pathsOf(const QString &siteFolder, const QString &file)
{
    QList<PthPath> out;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QByteArray bytes = f.read(kMaxPthBytes);
    if (bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3); // utf-8-sig
    const QStringList lines = QString::fromUtf8(bytes).split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QString text = lines[i];
        if (text.endsWith(u'\r'))
            text.chop(1);
        QString trimmed = text;
        while (!trimmed.isEmpty() && trimmed.back().isSpace())
            trimmed.chop(1);
        const bool runsCode = text.startsWith(QLatin1String("import ")) || text.startsWith(QLatin1String("import\t"));
        if (runsCode)
            out << PthPath{file, static_cast<int>(i) + 1, text, QString(), true};
        if (trimmed.isEmpty() || text.startsWith(u'#') || runsCode)
            continue;
        const QString path = QDir::cleanPath(QDir(siteFolder).absoluteFilePath(trimmed));
        if (QFileInfo(path).exists())
            out << PthPath{file, static_cast<int>(i) + 1, text, path};
    }
    return out;
}

} // namespace

QList<PthPath> pthPaths(const QStringList &siteFolders)
{
    QList<PthPath> out;
    QStringList seen;
    for (const QString &folder : siteFolders) {
        const QString clean = QDir::cleanPath(folder);
        if (seen.contains(clean))
            continue;
        seen << clean;
        const QDir dir(clean);
        for (const QString &name : dir.entryList({QStringLiteral("*.pth")}, QDir::Files, QDir::Name))
            out << pathsOf(clean, dir.filePath(name));
    }
    return out;
}

} // namespace td::python
