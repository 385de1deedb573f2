// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge/ReleaseIndexFetch.h"

#include <QNetworkRequest>

namespace td::knowledge {

ReleaseIndexFetch::ReleaseIndexFetch(QObject *parent) : QObject(parent)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        // First the verdict: abort() reports "Operation canceled" synchronously.
        finish(std::nullopt, QStringLiteral("timed out after %1 ms").arg(m_timeout.interval()));
        if (QNetworkReply *reply = m_reply) // one read of the guarded pointer, then used
            reply->abort();
    });
}

void ReleaseIndexFetch::start(const QUrl &url, int timeoutMs)
{
    m_done = false;
    QNetworkRequest request(url);
    request.setHeader(QNetworkRequest::UserAgentHeader, QStringLiteral("TorchDoctor"));
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute, QNetworkRequest::NoLessSafeRedirectPolicy);
    m_reply = m_network.get(request);
    m_timeout.start(timeoutMs);
    QNetworkReply *reply = m_reply;
    connect(reply, &QNetworkReply::finished, this, [this, reply, url] {
        reply->deleteLater();
        if (m_done)
            return;
        if (reply->error() != QNetworkReply::NoError) {
            finish(std::nullopt, reply->errorString());
            return;
        }
        auto index = ReleaseIndex::fromPypiJson(reply->readAll());
        if (!index) {
            finish(std::nullopt, index.error());
            return;
        }
        index->fetched = QDate::currentDate();
        index->source = url.toString();
        finish(std::move(index).value(), QString());
    });
}

void ReleaseIndexFetch::finish(const std::optional<ReleaseIndex> &index, const QString &error)
{
    if (m_done)
        return;
    m_done = true;
    m_timeout.stop();
    emit finished(index, error);
}

} // namespace td::knowledge
