// SPDX-License-Identifier: GPL-3.0-or-later
// The transfer functions (Transfer.h): on Linux the module torchdoctor-transfer, elsewhere linked in.
#include "Transfer.h"

#include "knowledge/ReleaseIndexFetch.h"

#include <QEventLoop>

namespace {

td::platform::Result<td::knowledge::ReleaseIndex> fetchReleaseIndex(const QUrl &url, int timeoutMs)
{
    td::knowledge::ReleaseIndexFetch fetch;
    td::platform::Result<td::knowledge::ReleaseIndex> answer = td::platform::Error{};
    QEventLoop loop;
    QObject::connect(&fetch, &td::knowledge::ReleaseIndexFetch::finished, &loop,
                     [&](const std::optional<td::knowledge::ReleaseIndex> &index, const QString &error) {
                         if (index)
                             answer = *index;
                         else
                             answer = td::platform::Error{error};
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
