// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ReportFile.h"

#include <QSaveFile>

namespace td::report {

QString writeReportFile(const QString &path, const QByteArray &data)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return file.errorString();
    if (file.write(data) != data.size()) {
        const QString error = file.errorString();
        file.cancelWriting();
        return error;
    }
    if (!file.commit())
        return file.errorString();
    return {};
}

} // namespace td::report
