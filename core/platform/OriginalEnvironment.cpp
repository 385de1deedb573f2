// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/OriginalEnvironment.h"

#include "platform/envguard.h"

#include <QStringList>

namespace td::platform {

QProcessEnvironment originalEnvironment()
{
    return originalEnvironment(QProcessEnvironment::systemEnvironment());
}

QProcessEnvironment originalEnvironment(QProcessEnvironment guarded)
{
    const QString listName = QStringLiteral(TD_ORIGINAL_LIST);
    const QString prefix = QStringLiteral(TD_ORIGINAL_PREFIX);
    if (!guarded.contains(listName))
        return guarded;
    const QStringList names = guarded.value(listName).split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const QString &name : names) {
        if (guarded.contains(prefix + name))
            guarded.insert(name, guarded.value(prefix + name));
        else
            guarded.remove(name);
    }
    for (const QString &key : guarded.keys())
        if (key.startsWith(prefix))
            guarded.remove(key);
    return guarded;
}

} // namespace td::platform
