// SPDX-License-Identifier: GPL-3.0-or-later
// The live release list: PyPI's answer as recorded under tests/data/pypi, served by an HTTP
// server on 127.0.0.1 in this process, and the three ways a fetch goes wrong (a malformed
// answer, one that comes too late, none at all).
#include "knowledge/KnowledgeBase.h"
#include "knowledge/ReleaseIndex.h"
#include "knowledge/ReleaseIndexCache.h"
#include "knowledge/ReleaseIndexFetch.h"

#include "TestConfig.h"
#include "TestSupport.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <gtest/gtest.h>

using namespace td::knowledge;
namespace fs = std::filesystem;

namespace {

const fs::path kSource = td::test::config::sourceDir;

QByteArray readFile(const fs::path &path)
{
    QFile f(QString::fromStdString(path.string()));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path;
    return f.readAll();
}

// Answers every request with `body` after `delayMs` (-1: never).
class Server {
public:
    Server(QByteArray body, int delayMs) : m_body(std::move(body)), m_delayMs(delayMs)
    {
        EXPECT_TRUE(m_server.listen(QHostAddress::LocalHost, 0));
        QObject::connect(&m_server, &QTcpServer::newConnection, [this] {
            QTcpSocket *socket = m_server.nextPendingConnection();
            QObject::connect(socket, &QTcpSocket::readyRead, socket, [this, socket] {
                if (!socket->readAll().contains("\r\n\r\n") || m_delayMs < 0)
                    return;
                QTimer::singleShot(m_delayMs, socket, [this, socket] {
                    socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                                  + QByteArray::number(m_body.size()) + "\r\nConnection: close\r\n\r\n" + m_body);
                    socket->disconnectFromHost();
                });
            });
        });
    }
    QUrl url() const { return QUrl(QStringLiteral("http://127.0.0.1:%1/pypi/torch/json").arg(m_server.serverPort())); }

private:
    QTcpServer m_server;
    QByteArray m_body;
    int m_delayMs;
};

struct Outcome {
    std::optional<ReleaseIndex> index;
    QString error;
    qint64 ms = 0;
};

Outcome fetch(const QUrl &url, int timeoutMs)
{
    ReleaseIndexFetch fetcher;
    Outcome out;
    QEventLoop loop;
    QObject::connect(&fetcher, &ReleaseIndexFetch::finished, &loop,
                     [&](const std::optional<ReleaseIndex> &index, const QString &error) {
                         out.index = index;
                         out.error = error;
                         loop.quit();
                     });
    QElapsedTimer timer;
    timer.start();
    fetcher.start(url, timeoutMs);
    QTimer::singleShot(20000, &loop, &QEventLoop::quit); // a hung fetch fails the test, not the run
    loop.exec();
    out.ms = timer.elapsed();
    return out;
}

// The shipped knowledge base without its newest release: the recorded index then holds a
// release it does not know.
KnowledgeBase withoutNewestRelease(const fs::path &dir)
{
    for (const QString &name : knowledgeFiles())
        fs::copy_file(kSource / "resources/knowledge" / name.toStdString(), dir / name.toStdString());
    QJsonObject releases = QJsonDocument::fromJson(readFile(dir / "releases.json")).object();
    QJsonArray list = releases.value(QStringLiteral("releases")).toArray();
    EXPECT_EQ(list.last().toObject().value(QStringLiteral("torch")).toString(), QStringLiteral("2.15"));
    list.removeLast();
    releases.insert(QStringLiteral("releases"), list);
    QFile out(QString::fromStdString((dir / "releases.json").string()));
    EXPECT_TRUE(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
    out.write(QJsonDocument(releases).toJson());
    out.close();
    KnowledgeBase kb;
    const QStringList errors = kb.loadFromDirectory(QString::fromStdString(dir.string()));
    EXPECT_TRUE(errors.isEmpty()) << errors.join(u'\n').toStdString();
    return kb;
}

} // namespace

TEST(ReleaseIndex, TheRecordedIndexTeachesAReleaseTheFilesDoNotKnow)
{
    const Server server(readFile(kSource / "tests/data/pypi/torch.json"), 0);
    const Outcome got = fetch(server.url(), 5000);
    ASSERT_TRUE(got.index) << got.error.toStdString();
    EXPECT_EQ(got.index->fetched, QDate::currentDate());
    EXPECT_EQ(got.index->source, server.url().toString());
    const IndexRelease &newest = got.index->releases.last();
    EXPECT_EQ(newest.torch, QStringLiteral("2.15"));
    EXPECT_EQ(newest.latest, QStringLiteral("2.15.0"));
    EXPECT_EQ(newest.released, QStringLiteral("2026-10-28"));
    EXPECT_EQ(newest.pythons.first(), QStringLiteral("3.11"));
    EXPECT_EQ(newest.pythons.last(), QStringLiteral("3.15t"));
    // 2.14.2 is yanked in the recording.
    EXPECT_EQ(got.index->releases.at(got.index->releases.size() - 2).latest, QStringLiteral("2.14.1"));

    td::test::TempDir dir;
    KnowledgeBase kb = withoutNewestRelease(dir.path());
    ASSERT_TRUE(kb.release(QStringLiteral("2.15.0"))); // inferred from 2.14 before the index
    EXPECT_EQ(kb.release(QStringLiteral("2.15.0"))->inferredFrom, QStringLiteral("2.14"));
    EXPECT_EQ(kb.releaseSource(), QStringLiteral("shipped"));
    ASSERT_TRUE(kb.applyIndex(*got.index));
    const std::optional<Release> r = kb.release(QStringLiteral("2.15.0"));
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->inferredFrom.isEmpty());
    EXPECT_EQ(r->pythonMin, QStringLiteral("3.11"));
    EXPECT_EQ(r->pythonMax, QStringLiteral("3.15"));
    EXPECT_TRUE(r->certain(QStringLiteral("python")));
    EXPECT_FALSE(r->certain(QStringLiteral("cuda")));
    EXPECT_EQ(kb.pythonSupport(QStringLiteral("2.15.0"), QStringLiteral("3.10")), Support::No);
    EXPECT_EQ(kb.releaseSource(), server.url().toString());
    EXPECT_EQ(kb.releaseDate(), QDate::currentDate());

    // The cache keeps it, with its date; an index older than the files is not used.
    const QString cache = QString::fromStdString((dir.path() / "cache/torch-releases.json").string());
    ASSERT_TRUE(ReleaseIndexCache::saveCache(*got.index, cache));
    std::optional<ReleaseIndex> cached = ReleaseIndexCache::loadCache(cache);
    ASSERT_TRUE(cached);
    EXPECT_EQ(cached->fetched, got.index->fetched);
    EXPECT_EQ(cached->releases.size(), got.index->releases.size());
    cached->fetched = kb.date().addDays(-1);
    KnowledgeBase shipped;
    ASSERT_TRUE(shipped.load().isEmpty());
    EXPECT_FALSE(shipped.applyIndex(*cached));
    EXPECT_EQ(shipped.releaseSource(), QStringLiteral("shipped"));
}

TEST(ReleaseIndex, AMalformedAnswerIsAnError)
{
    for (const QByteArray &body : {QByteArray("<html>Service Unavailable</html>"), QByteArray("{\"releases\": []}"),
                                   QByteArray("{\"releases\": {\"2.99.0\": []}}")}) {
        const Server server(body, 0);
        const Outcome got = fetch(server.url(), 5000);
        EXPECT_FALSE(got.index) << body.toStdString();
        EXPECT_FALSE(got.error.isEmpty()) << body.toStdString();
    }
    const auto cache = ReleaseIndex::fromCache("not a cache");
    EXPECT_FALSE(cache);
    EXPECT_FALSE(cache.error().isEmpty());
}

TEST(ReleaseIndex, ASlowAnswerTimesOut)
{
    const Server server(readFile(kSource / "tests/data/pypi/torch.json"), 3000);
    const Outcome got = fetch(server.url(), 300);
    EXPECT_FALSE(got.index);
    EXPECT_TRUE(got.error.contains(QStringLiteral("timed out"))) << got.error.toStdString();
    EXPECT_LT(got.ms, 2000);
}

TEST(ReleaseIndex, NoAnswerAtAll)
{
    quint16 port = 0;
    {
        QTcpServer probe;
        ASSERT_TRUE(probe.listen(QHostAddress::LocalHost, 0));
        port = probe.serverPort();
    } // closed again: nothing listens there now
    const Outcome got = fetch(QUrl(QStringLiteral("http://127.0.0.1:%1/pypi/torch/json").arg(port)), 3000);
    EXPECT_FALSE(got.index);
    EXPECT_FALSE(got.error.isEmpty());
    EXPECT_FALSE(ReleaseIndexCache::loadCache(QStringLiteral("/nonexistent/torch-releases.json")));
}

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
