// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge/ReleaseIndexCache.h"

#include "platform/FileIo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace td::knowledge {

QUrl ReleaseIndexCache::configuredUrl()
{
    return QUrl(qEnvironmentVariable("TORCHDOCTOR_RELEASE_INDEX", QString::fromLatin1(defaultUrl)));
}

QString ReleaseIndexCache::cachePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
           + QStringLiteral("/knowledge/torch-releases.json");
}

std::optional<ReleaseIndex> ReleaseIndexCache::loadCache(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    auto index = ReleaseIndex::fromCache(file.readAll());
    return index ? std::optional(std::move(index).value()) : std::nullopt;
}

bool ReleaseIndexCache::saveCache(const ReleaseIndex &index, const QString &path)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return false;
    return bool(platform::saveFile(path, index.toCache()));
}

} // namespace td::knowledge
