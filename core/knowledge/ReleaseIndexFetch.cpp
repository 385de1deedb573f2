// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge/ReleaseIndexFetch.h"

#include "platform/FileIo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QNetworkRequest>
#include <QStandardPaths>

namespace td::knowledge {

ReleaseIndexFetch::ReleaseIndexFetch(QObject *parent) : QObject(parent)
{
    m_timeout.setSingleShot(true);
    connect(&m_timeout, &QTimer::timeout, this, [this] {
        // First the verdict: abort() reports "Operation canceled" synchronously.
        finish(std::nullopt, QStringLiteral("timed out after %1 ms").arg(m_timeout.interval()));
        if (m_reply)
            m_reply->abort();
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
        QString error;
        std::optional<ReleaseIndex> index = ReleaseIndex::fromPypiJson(reply->readAll(), &error);
        if (index) {
            index->fetched = QDate::currentDate();
            index->source = url.toString();
        }
        finish(index, error);
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

QUrl ReleaseIndexFetch::configuredUrl()
{
    return QUrl(qEnvironmentVariable("TORCHDOCTOR_RELEASE_INDEX", QString::fromLatin1(defaultUrl)));
}

QString ReleaseIndexFetch::cachePath()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)
           + QStringLiteral("/knowledge/torch-releases.json");
}

std::optional<ReleaseIndex> ReleaseIndexFetch::loadCache(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return std::nullopt;
    QString error;
    return ReleaseIndex::fromCache(file.readAll(), &error);
}

bool ReleaseIndexFetch::saveCache(const ReleaseIndex &index, const QString &path)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return false;
    return bool(platform::saveFile(path, index.toCache()));
}

} // namespace td::knowledge
