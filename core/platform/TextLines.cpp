// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/TextLines.h"

namespace td::platform {

QList<TextLine> textLines(const QByteArray &file)
{
    QList<TextLine> lines;
    qsizetype start = 0;
    for (;;) {
        const qsizetype nl = file.indexOf('\n', start);
        if (nl < 0) {
            lines.append({start, file.size(), file.size()});
            return lines;
        }
        const qsizetype end = nl > start && file[nl - 1] == '\r' ? nl - 1 : nl;
        lines.append({start, end, nl + 1});
        start = nl + 1;
    }
}

} // namespace td::platform
