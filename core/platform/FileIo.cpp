// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/FileIo.h"

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

} // namespace td::platform
