// SPDX-License-Identifier: GPL-3.0-or-later
// Fetching the release index in the background (Qt Network; td_core_transfer). Where from, and
// the cache: ReleaseIndexCache.
#pragma once

#include "knowledge/ReleaseIndex.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QObject>
#include <QPointer>
#include <QTimer>
#include <QUrl>

namespace td::knowledge {

// Fetches the release list once, in the background: finished() comes after the answer, an
// error, or the timeout, whichever is first; the caller's event loop keeps running meanwhile.
class ReleaseIndexFetch : public QObject {
    Q_OBJECT
public:
    explicit ReleaseIndexFetch(QObject *parent = nullptr);
    void start(const QUrl &url, int timeoutMs);

signals:
    // index is set on success; error says why not otherwise ("timed out after 3000 ms", ...).
    void finished(const std::optional<td::knowledge::ReleaseIndex> &index, const QString &error);

private:
    void finish(const std::optional<ReleaseIndex> &index, const QString &error);

    QNetworkAccessManager m_network;
    QPointer<QNetworkReply> m_reply;
    QTimer m_timeout;
    bool m_done = false;
};

} // namespace td::knowledge
