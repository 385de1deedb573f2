// SPDX-License-Identifier: GPL-3.0-or-later
// Fetching the release index in the background, and its cache in the app-data folder.
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
    static constexpr auto defaultUrl = "https://pypi.org/pypi/torch/json";

    // The index to fetch: TORCHDOCTOR_RELEASE_INDEX when set (a mirror, or a recorded index in
    // the tests), else PyPI's; and how long a fetch may take.
    static QUrl configuredUrl();
    static constexpr int defaultTimeoutMs = 5000;

    explicit ReleaseIndexFetch(QObject *parent = nullptr);
    void start(const QUrl &url, int timeoutMs);

    // The cached index in the app-data folder, and where it lives.
    static QString cachePath();
    static std::optional<ReleaseIndex> loadCache(const QString &path = cachePath());
    static bool saveCache(const ReleaseIndex &index, const QString &path = cachePath());

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
