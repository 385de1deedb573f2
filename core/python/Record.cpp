// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/Record.h"

#include "platform/NativePath.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

namespace td::python {

namespace {

using platform::kPathCase;

// The CSV fields of one line (RFC 4180 quoting, as Python's csv module writes it).
QStringList csvFields(const QString &line)
{
    QStringList fields{QString()};
    bool quoted = false;
    for (qsizetype i = 0; i < line.size(); ++i) {
        const QChar c = line[i];
        if (quoted && c == u'"' && i + 1 < line.size() && line[i + 1] == u'"') {
            fields.last() += c;
            ++i;
        } else if (c == u'"') {
            quoted = !quoted;
        } else if (c == u',' && !quoted) {
            fields << QString();
        } else {
            fields.last() += c;
        }
    }
    return fields;
}

// The nearest folder above `file` that holds a .dist-info, and those .dist-info folders.
QString siteOf(const QString &file, QStringList &distInfos)
{
    QDir dir = QFileInfo(file).absoluteDir();
    for (int depth = 0; depth < 64; ++depth) {
        distInfos = dir.entryList({QStringLiteral("*.dist-info")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        if (!distInfos.isEmpty())
            return dir.absolutePath();
        if (!dir.cdUp())
            break;
    }
    return {};
}

// The RECORD line of `relative` in `record`, read line by line.
std::optional<RecordEntry> findInRecord(const QString &record, const QString &relative)
{
    QFile file(record);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QString wanted = QDir::cleanPath(relative);
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine());
        // Cheap first: the path opens the line (or its quoted form).
        if (!line.contains(QFileInfo(wanted).fileName(), kPathCase))
            continue;
        const auto entry = parseRecordLine(line);
        if (entry && QDir::cleanPath(entry->path).compare(wanted, kPathCase) == 0)
            return entry;
    }
    return std::nullopt;
}

QString firstLine(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readLine()).trimmed() : QString();
}

// Name and Version from the header of a METADATA file.
void readNameAndVersion(const QString &metadata, FileOwnership &out)
{
    QFile file(metadata);
    if (!file.open(QIODevice::ReadOnly))
        return;
    for (int count = 0; count < 200 && !file.atEnd(); ++count) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty())
            break;
        if (line.startsWith(QLatin1String("Name:"), Qt::CaseInsensitive) && out.distribution.isEmpty())
            out.distribution = line.mid(5).trimmed();
        else if (line.startsWith(QLatin1String("Version:"), Qt::CaseInsensitive) && out.version.isEmpty())
            out.version = line.mid(8).trimmed();
        if (!out.distribution.isEmpty() && !out.version.isEmpty())
            break;
    }
}

// How pip installs the distribution of `distInfo` again, as it was installed; empty when its METADATA
// cannot be read.
QString pinnedRequirement(const QString &distInfo)
{
    FileOwnership named;
    readNameAndVersion(distInfo + QStringLiteral("/METADATA"), named);
    if (named.distribution.isEmpty() || named.version.isEmpty())
        return {};
    QFile direct(distInfo + QStringLiteral("/direct_url.json"));
    if (direct.size() > 0 && direct.size() < (1 << 20) && direct.open(QIODevice::ReadOnly)) {
        const QJsonObject url = QJsonDocument::fromJson(direct.readAll()).object(); // PEP 610
        const QString where = url.value(QLatin1String("url")).toString();
        if (url.value(QLatin1String("dir_info")).toObject().value(QLatin1String("editable")).toBool())
            return QStringLiteral("--editable=") + where;
        if (!where.isEmpty())
            return QStringLiteral("%1 @ %2").arg(named.distribution, where);
    }
    return QStringLiteral("%1==%2").arg(named.distribution, named.version);
}

void compare(FileOwnership &owner, bool hash)
{
    owner.actualSize = QFileInfo(owner.file).size();
    if (owner.entry.size >= 0 && owner.actualSize != owner.entry.size)
        owner.state = FileOwnership::State::SizeDiffers;
    else if (hash && owner.entry.hash.startsWith(QLatin1String("sha256=")))
        owner.state = recordHashOf(owner.file) == owner.entry.hash ? FileOwnership::State::Intact
                                                                  : FileOwnership::State::HashDiffers;
    else if (owner.entry.size >= 0)
        owner.state = FileOwnership::State::Intact; // as far as its size tells
}

} // namespace

std::optional<RecordEntry> parseRecordLine(const QString &line)
{
    const QString trimmed = line.trimmed();
    if (trimmed.isEmpty())
        return std::nullopt;
    const QStringList fields = csvFields(trimmed);
    if (fields.size() != 3 || fields[0].isEmpty())
        return std::nullopt;
    RecordEntry entry{fields[0], fields[1], -1};
    bool ok = false;
    const qint64 size = fields[2].toLongLong(&ok);
    if (ok && size >= 0)
        entry.size = size;
    return entry;
}

QString recordHashOf(const QString &file)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash digest(QCryptographicHash::Sha256);
    if (!digest.addData(&in)) // reads in chunks
        return {};
    return QStringLiteral("sha256=")
           + QString::fromLatin1(
               digest.result().toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals));
}

std::optional<FileOwnership> ownerOf(const QString &file, bool hash)
{
    QStringList distInfos;
    const QString site = siteOf(file, distInfos);
    if (site.isEmpty())
        return std::nullopt;
    const QString relative = QDir(site).relativeFilePath(QFileInfo(file).absoluteFilePath());
    for (const QString &name : std::as_const(distInfos)) {
        const QString distInfo = QDir(site).filePath(name);
        const auto entry = findInRecord(QDir(distInfo).filePath(QStringLiteral("RECORD")), relative);
        if (!entry)
            continue;
        FileOwnership owner;
        owner.file = file;
        owner.distInfo = distInfo;
        owner.entry = *entry;
        owner.installer = firstLine(QDir(distInfo).filePath(QStringLiteral("INSTALLER")));
        readNameAndVersion(QDir(distInfo).filePath(QStringLiteral("METADATA")), owner);
        const QString stem = name.left(name.size() - qsizetype(sizeof(".dist-info") - 1));
        if (owner.distribution.isEmpty()) // the folder's name: "<name>-<version>.dist-info"
            owner.distribution = stem.section(u'-', 0, 0);
        if (owner.version.isEmpty())
            owner.version = stem.section(u'-', 1, 1);
        compare(owner, hash);
        return owner;
    }
    return std::nullopt;
}

QHash<QString, FileOwnership> ownersOf(const QStringList &files, const QStringList &hashed)
{
    QHash<QString, FileOwnership> out;
    for (const QString &file : files)
        if (!out.contains(file))
            if (auto owner = ownerOf(file, hashed.contains(file)))
                out.insert(file, *owner);
    return out;
}

QStringList pinnedRequirements(const QStringList &folders)
{
    QStringList out;
    for (const QString &folder : folders) {
        const QStringList distInfos =
            QDir(folder).entryList({QStringLiteral("*.dist-info")}, QDir::Dirs | QDir::NoDotAndDotDot);
        for (const QString &name : distInfos) {
            const QString requirement = pinnedRequirement(folder + u'/' + name);
            if (!requirement.isEmpty() && !requirement.startsWith(QLatin1String("pip=="), Qt::CaseInsensitive))
                out << requirement;
        }
    }
    out.removeDuplicates();
    out.sort(Qt::CaseInsensitive);
    return out;
}

QString normalizedDistributionName(const QString &name)
{
    static const QRegularExpression separators(QStringLiteral("[-_.]+"));
    return name.toLower().replace(separators, QStringLiteral("-"));
}

} // namespace td::python
