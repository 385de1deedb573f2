// SPDX-License-Identifier: GPL-3.0-or-later
// The transfer functions (Transfer.h): on Linux the module torchdoctor-transfer, elsewhere linked in.
#include "Transfer.h"

#include "knowledge/ReleaseIndexFetch.h"

#include <QEventLoop>

namespace {

td::app::ReleaseIndexAnswer fetchReleaseIndex(const QUrl &url, int timeoutMs)
{
    td::knowledge::ReleaseIndexFetch fetch;
    td::app::ReleaseIndexAnswer answer;
    QEventLoop loop;
    QObject::connect(&fetch, &td::knowledge::ReleaseIndexFetch::finished, &loop,
                     [&](const std::optional<td::knowledge::ReleaseIndex> &index, const QString &error) {
                         answer = {index, error};
                         loop.quit();
                     });
    fetch.start(url, timeoutMs);
    loop.exec();
    return answer;
}

constexpr td::app::Transfer functions{fetchReleaseIndex, td::report::writeZipBundle};

} // namespace

const td::app::Transfer *td_transfer()
{
    return &functions;
}
