// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/FileIo.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QSaveFile>

namespace td::platform {

Result<void> saveFile(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{file.errorString()};
    if (file.write(data) != data.size()) {
        const QString error = file.errorString();
        file.cancelWriting();
        return Error{error};
    }
    if (!file.commit())
        return Error{file.errorString()};
    return {};
}

Result<QJsonObject> readJsonObject(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot be read: ") + file.errorString()};
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error{QStringLiteral("invalid JSON at offset %1: ").arg(parseError.offset) + parseError.errorString()};
    if (!doc.isObject())
        return Error{QStringLiteral("the top level must be an object")};
    return doc.object();
}

} // namespace td::platform
