// SPDX-License-Identifier: GPL-3.0-or-later
// Real error messages people pasted into public reports, each run through
// `torchdoctor explain` as a user pastes it: no message may lose the cause,
// the file or the first repair that it gets right today ("reached" in
// tests/data/pasted-errors.json). bench_explain_score prints the totals.
#include "PastedErrors.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonDocument>
#include <QRegularExpression>
#include <QSet>

using namespace td::test;

namespace {

QString corpusPath()
{
    return QString::fromUtf8(config::sourceDir) + QStringLiteral("/tests/data/pasted-errors.json");
}

const QList<pasted::Message> &corpus()
{
    static const QList<pasted::Message> messages = [] {
        QString error;
        return pasted::load(corpusPath(), &error).value_or(QList<pasted::Message>{});
    }();
    return messages;
}

QJsonObject explained(const pasted::Message &m)
{
    RunOptions o;
    o.stdinData = m.text.toStdString();
    o.setEnv = {{"LANG", "C.UTF-8"}};
    const RunResult r = run({config::torchdoctor, "explain", "-", "--json", "--lang", "en"}, o);
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.err;
    return QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
}

class PastedError : public ::testing::TestWithParam<int> {};

} // namespace

TEST(PastedErrorCorpus, IsRealQuotedAndSpreadOverThePlatforms)
{
    QString error;
    const auto messages = pasted::load(corpusPath(), &error);
    ASSERT_TRUE(messages) << error.toStdString();
    EXPECT_GE(messages->size(), 40);
    QSet<QString> ids;
    QMap<QString, int> platforms;
    static const QRegularExpression url(QStringLiteral("^https://\\S+$"));
    for (const pasted::Message &m : *messages) {
        EXPECT_FALSE(ids.contains(m.id)) << "duplicate id " << m.id.toStdString();
        ids << m.id;
        EXPECT_TRUE(url.match(m.source).hasMatch()) << m.id.toStdString() << ": no source URL";
        ++platforms[m.platform];
        for (const QString &aspect : m.reached)
            EXPECT_TRUE(aspect == QLatin1String("cause") || aspect == QLatin1String("file")
                        || aspect == QLatin1String("repair"))
                << m.id.toStdString() << ": reached " << aspect.toStdString();
    }
    for (const char *platform : {"windows", "linux", "macos"})
        EXPECT_GE(platforms.value(QString::fromLatin1(platform)), 10) << platform;
}

TEST_P(PastedError, KeepsWhatItGetsRight)
{
    const pasted::Message &m = corpus().at(GetParam());
    const pasted::Verdict v = pasted::judge(m, explained(m));
    for (const QString &aspect : m.reached)
        EXPECT_TRUE(v.right(aspect)) << m.source.toStdString() << ": " << aspect.toStdString()
                                     << " regressed; cause " << v.gotCause.toStdString() << ", file "
                                     << v.gotFile.toStdString() << ", first repair " << v.gotRepair.toStdString();
    for (const char *aspect : {"cause", "file", "repair"})
        if (v.right(QString::fromLatin1(aspect)) && !m.reached.contains(QString::fromLatin1(aspect)))
            std::printf("%s: %s is right now; add it to \"reached\"\n", qPrintable(m.id), aspect);
}

INSTANTIATE_TEST_SUITE_P(Corpus, PastedError, ::testing::Range(0, static_cast<int>(corpus().size())),
                         [](const ::testing::TestParamInfo<int> &param) {
                             QString name = corpus().at(param.param).id;
                             name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9]")), QStringLiteral("_"));
                             return name.toStdString();
                         });
