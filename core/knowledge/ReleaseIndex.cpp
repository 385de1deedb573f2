// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge/ReleaseIndex.h"

#include "knowledge/KnowledgeBase.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QRegularExpression>

#include <algorithm>

namespace td::knowledge {

namespace {

// cp313 + cp313t -> "3.13t"; py3 and other interpreters -> empty.
QString pythonOf(const QString &pythonTag, const QString &abiTag)
{
    static const QRegularExpression cp(QStringLiteral("^cp3([0-9]+)$"));
    const auto m = cp.match(pythonTag);
    if (!m.hasMatch())
        return {};
    return QStringLiteral("3.") + m.captured(1) + (abiTag.endsWith(u't') ? QStringLiteral("t") : QString());
}

// manylinux_2_28_x86_64 -> "linux-x86_64", win_amd64 -> "windows-x86_64", macosx_14_0_arm64 -> "macos-arm64".
QString platformOf(const QString &tag)
{
    const auto arch = [&tag] {
        const QString a = tag.section(u'_', -1);
        return a == QLatin1String("amd64") ? QStringLiteral("x86_64") : a;
    };
    if (tag.startsWith(QLatin1String("manylinux")) || tag.startsWith(QLatin1String("linux")))
        return QStringLiteral("linux-") + arch();
    if (tag.startsWith(QLatin1String("win")))
        return QStringLiteral("windows-")
               + (tag == QLatin1String("win_amd64") ? QStringLiteral("x86_64") : tag.section(u'_', 1));
    if (tag.startsWith(QLatin1String("macosx")))
        return QStringLiteral("macos-") + arch();
    return {};
}

bool pythonBefore(const QString &a, const QString &b)
{
    const int c = KnowledgeBase::compareVersions(a, b);
    return c != 0 ? c < 0 : (!a.endsWith(u't') && b.endsWith(u't'));
}

QJsonArray toArray(const QStringList &list)
{
    QJsonArray out;
    for (const QString &s : list)
        out.append(s);
    return out;
}

QStringList toStrings(const QJsonValue &value)
{
    QStringList out;
    for (const QJsonValue &v : value.toArray())
        if (v.isString())
            out << v.toString();
    return out;
}

} // namespace

platform::Result<ReleaseIndex> ReleaseIndex::fromPypiJson(const QByteArray &answer)
{
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(answer, &parse);
    if (parse.error != QJsonParseError::NoError)
        return platform::Error{
            QStringLiteral("not JSON: %1 at offset %2").arg(parse.errorString()).arg(parse.offset)};
    const QJsonValue releases = doc.object().value(QLatin1String("releases"));
    if (!releases.isObject())
        return platform::Error{QStringLiteral("the answer has no 'releases' object")};
    static const QRegularExpression finalVersion(QStringLiteral("^2\\.[0-9]+\\.[0-9]+$"));
    QMap<QString, QStringList> bySeries; // "2.15" -> its patch releases with files
    const QJsonObject all = releases.toObject();
    for (auto it = all.begin(); it != all.end(); ++it) {
        if (!finalVersion.match(it.key()).hasMatch())
            continue;
        const QJsonArray files = it.value().toArray();
        const bool available = std::any_of(files.begin(), files.end(), [](const QJsonValue &f) {
            return !f.toObject().value(QLatin1String("yanked")).toBool();
        });
        if (available)
            bySeries[it.key().section(u'.', 0, 1)] << it.key();
    }
    ReleaseIndex index;
    for (auto it = bySeries.begin(); it != bySeries.end(); ++it) {
        QStringList patches = it.value();
        std::sort(patches.begin(), patches.end(),
                  [](const QString &a, const QString &b) { return KnowledgeBase::compareVersions(a, b) < 0; });
        IndexRelease r;
        r.torch = it.key();
        r.latest = patches.last();
        QString firstUpload;
        for (const QJsonValue &f : all.value(patches.first()).toArray()) {
            const QString t = f.toObject().value(QLatin1String("upload_time")).toString();
            if (!t.isEmpty() && (firstUpload.isEmpty() || t < firstUpload))
                firstUpload = t;
        }
        r.released = firstUpload.left(10);
        for (const QJsonValue &f : all.value(r.latest).toArray()) {
            const QJsonObject file = f.toObject();
            const QString name = file.value(QLatin1String("filename")).toString();
            if (file.value(QLatin1String("yanked")).toBool() || !name.endsWith(QLatin1String(".whl")))
                continue;
            const QStringList tags = name.chopped(4).split(u'-');
            if (tags.size() < 5)
                continue;
            const QString python = pythonOf(tags.at(tags.size() - 3), tags.at(tags.size() - 2));
            if (!python.isEmpty() && !r.pythons.contains(python))
                r.pythons << python;
            for (const QString &tag : tags.last().split(u'.')) {
                const QString platform = platformOf(tag);
                if (!platform.isEmpty() && !r.platforms.contains(platform))
                    r.platforms << platform;
            }
        }
        std::sort(r.pythons.begin(), r.pythons.end(), pythonBefore);
        r.platforms.sort();
        if (!r.pythons.isEmpty())
            index.releases << r;
    }
    std::sort(index.releases.begin(), index.releases.end(), [](const IndexRelease &a, const IndexRelease &b) {
        return KnowledgeBase::compareVersions(a.torch, b.torch) < 0;
    });
    if (index.releases.isEmpty())
        return platform::Error{QStringLiteral("the answer lists no torch 2.x release with wheels")};
    return index;
}

QByteArray ReleaseIndex::toCache() const
{
    QJsonArray list;
    for (const IndexRelease &r : releases)
        list.append(QJsonObject{{QStringLiteral("torch"), r.torch},
                                {QStringLiteral("latest"), r.latest},
                                {QStringLiteral("released"), r.released},
                                {QStringLiteral("python"), toArray(r.pythons)},
                                {QStringLiteral("platforms"), toArray(r.platforms)}});
    return QJsonDocument(QJsonObject{{QStringLiteral("fetched"), fetched.toString(Qt::ISODate)},
                                     {QStringLiteral("source"), source},
                                     {QStringLiteral("releases"), list}})
        .toJson();
}

platform::Result<ReleaseIndex> ReleaseIndex::fromCache(const QByteArray &cache)
{
    const QJsonObject root = QJsonDocument::fromJson(cache).object();
    ReleaseIndex index;
    index.fetched = QDate::fromString(root.value(QLatin1String("fetched")).toString(), Qt::ISODate);
    index.source = root.value(QLatin1String("source")).toString();
    for (const QJsonValue &v : root.value(QLatin1String("releases")).toArray()) {
        const QJsonObject o = v.toObject();
        IndexRelease r{o.value(QLatin1String("torch")).toString(), o.value(QLatin1String("latest")).toString(),
                       o.value(QLatin1String("released")).toString(), toStrings(o.value(QLatin1String("python"))),
                       toStrings(o.value(QLatin1String("platforms")))};
        if (r.torch.isEmpty() || r.pythons.isEmpty())
            return platform::Error{QStringLiteral("a cached release without a version or Pythons")};
        index.releases << r;
    }
    if (!index.fetched.isValid() || index.releases.isEmpty())
        return platform::Error{QStringLiteral("not a release index cache")};
    return index;
}

} // namespace td::knowledge
