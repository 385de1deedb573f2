// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's live refresh of the release list: started without holding up the event loop (the
// first page keeps painting), swapped in when it arrives, kept for the next start, and named
// with its date in the reports; a slow index and no index leave the shipped list in use.
#include "CoreBackend.h"

#include "TestConfig.h"

#include "knowledge/KnowledgeBase.h"
#include "knowledge/ReleaseIndexCache.h"

#include <QCoreApplication>
#include <QDate>
#include <QElapsedTimer>
#include <QFile>
#include <QTcpServer>
#include <QTimer>

#include <gtest/gtest.h>

#include <functional>

namespace td::ui::test {
namespace {

// Runs the event loop until `done` or `ms` have passed; counts the timer ticks meanwhile.
int spinUntil(const std::function<bool()> &done, int ms)
{
    int ticks = 0;
    QTimer tick;
    QObject::connect(&tick, &QTimer::timeout, [&] { ++ticks; });
    tick.start(10);
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return ticks;
}

class KnowledgeRefresh : public ::testing::Test {
protected:
    void SetUp() override { QFile::remove(knowledge::ReleaseIndexCache::cachePath()); }
    void TearDown() override { QFile::remove(knowledge::ReleaseIndexCache::cachePath()); }
};

TEST_F(KnowledgeRefresh, ARecordedIndexIsUsedKeptAndNamedInTheReport)
{
    const QUrl recorded = QUrl::fromLocalFile(QString::fromLatin1(td::test::config::sourceDir) + u"/tests/data/pypi/torch.json");
    CoreBackend backend;
    ASSERT_TRUE(backend.knowledgeProblems().isEmpty());
    const auto shipped = backend.currentKnowledge();
    EXPECT_EQ(shipped->releaseSource(), QStringLiteral("shipped"));

    QElapsedTimer call;
    call.start();
    backend.refreshKnowledge(recorded, 5000);
    EXPECT_LT(call.elapsed(), 200) << "the refresh must not block the caller";
    spinUntil([&] { return backend.currentKnowledge() != shipped; }, 10000);
    const auto fresh = backend.currentKnowledge();
    ASSERT_NE(fresh, shipped) << "the recorded index was not applied";
    EXPECT_EQ(fresh->releaseSource(), recorded.toString());
    EXPECT_EQ(fresh->releaseDate(), QDate::currentDate());
    // The knowledge a diagnosis started with is left as it was.
    EXPECT_EQ(shipped->releaseSource(), QStringLiteral("shipped"));

    // The next start uses the kept list before any refresh.
    CoreBackend later;
    EXPECT_EQ(later.currentKnowledge()->releaseSource(), recorded.toString());

    // Reports name the release list and its date.
    checks::Diagnosis report;
    report.knowledgeDate = fresh->date();
    report.releasesSource = fresh->releaseSource();
    report.releasesDate = fresh->releaseDate();
    for (const ReportFormat format : {ReportFormat::Text, ReportFormat::Markdown, ReportFormat::Html}) {
        const QString text = backend.renderReport(report, format, false, {});
        EXPECT_TRUE(text.contains(QStringLiteral("torch.json"))) << text.toStdString();
        EXPECT_TRUE(text.contains(QDate::currentDate().toString(Qt::ISODate))) << text.toStdString();
    }
}

TEST_F(KnowledgeRefresh, ASlowIndexOrNoneLeavesTheShippedListAndTheLoopRunning)
{
    // Accepts connections and never answers.
    QTcpServer silent;
    ASSERT_TRUE(silent.listen(QHostAddress::LocalHost));
    const QUrl slow(QStringLiteral("http://127.0.0.1:%1/pypi/torch/json").arg(silent.serverPort()));
    CoreBackend backend;
    const auto shipped = backend.currentKnowledge();
    backend.refreshKnowledge(slow, 1500);
    // Meanwhile the event loop runs: a 10 ms timer ticks on and on.
    const int ticks = spinUntil([] { return false; }, 2500);
    EXPECT_GT(ticks, 50);
    EXPECT_EQ(backend.currentKnowledge(), shipped);
    EXPECT_FALSE(QFile::exists(knowledge::ReleaseIndexCache::cachePath()));

    // Nothing listens on port 1: offline.
    backend.refreshKnowledge(QUrl(QStringLiteral("http://127.0.0.1:1/pypi/torch/json")), 1500);
    spinUntil([] { return false; }, 2000);
    EXPECT_EQ(backend.currentKnowledge()->releaseSource(), QStringLiteral("shipped"));
}

} // namespace
} // namespace td::ui::test
