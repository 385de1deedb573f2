// SPDX-License-Identifier: GPL-3.0-or-later
// In Simplified Chinese, every finding the checks and the runner can make,
// each report it appears in (text, Markdown, HTML) and each check's outcome
// line read as Chinese. The machines are stood up as facts and judged by the
// real checks; the ids they must produce are read from the checks' sources at
// build time (FindingIds.h), so a new id without a case here fails.
#include "BuiltinKnowledge.h"
#include "CheckFacts.h"
#include "FindingIds.h"
#include "InChinese.h"
#include "Machines.h"
#include "UntranslatedProse.h"

#include "checks/Check.h"
#include "checks/CheckOutcome.h"
#include "checks/CheckRunner.h"
#include "checks/Explanation.h"
#include "loader/GraphBuilder.h"
#include "python/ImportError.h"
#include "report/CheckReport.h"
#include "report/SupportReport.h"

#include <gtest/gtest.h>

#include <algorithm>

#include <QCoreApplication>
#include <QFile>
#include <QRegularExpression>

#include <atomic>
#include <set>
#include <string>
#include <thread>

using namespace td;
using namespace td::checks;
using test::hasChinese;
using test::machine;
using test::withGpu;
using test::healthyMachine;
using test::judge;
using test::machines;
using test::plainEnvironment;
using test::Machine;
using test::systemsWordsForAMissingFile;

namespace {

const knowledge::KnowledgeBase &kb()
{
    return test::builtinKnowledge();
}

// The words of HTML (a page, or the <details> in Markdown) a reader sees: no
// style sheet, no tags; code stays code.
QString visibleText(QString html)
{
    html.remove(
        QRegularExpression(QStringLiteral("<style[^>]*>.*?</style>"), QRegularExpression::DotMatchesEverythingOption));
    html.replace(QRegularExpression(QStringLiteral("<(code|pre)[^>]*>(.*?)</\\1>"),
                                    QRegularExpression::DotMatchesEverythingOption),
                 QStringLiteral("`\\2`"));
    // A tag opens with a name, "/" or "!": "numpy<2" in a code block is text.
    html.replace(QRegularExpression(QStringLiteral("<[A-Za-z/!][^>]*>")), QStringLiteral(" "));
    for (const auto &[entity, character] : {std::pair{"&lt;", "<"}, std::pair{"&gt;", ">"}, std::pair{"&quot;", "\""},
                                            std::pair{"&#39;", "'"}, std::pair{"&amp;", "&"}})
        html.replace(QLatin1String(entity), QLatin1String(character));
    return html;
}


// A check that throws, or that takes longer than the runner allows.
class TroubledCheck final : public Check {
public:
    explicit TroubledCheck(bool hangs) : m_hangs(hangs) {}
    QString id() const override { return m_hangs ? QStringLiteral("test.hangs") : QStringLiteral("test.throws"); }
    QString title() const override { return QStringLiteral("test"); }
    FactSet needs() const override { return static_cast<FactSet>(Fact::System); }
    QList<Finding> run(const Facts &, const knowledge::KnowledgeBase &) const override
    {
        if (!m_hangs)
            throw std::runtime_error("std::bad_alloc");
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        m_finished = true;
        return {};
    }
    bool finished() const { return m_finished; }

private:
    bool m_hangs;
    mutable std::atomic<bool> m_finished{false};
};

// The findings the runner makes itself: a check that throws, one that runs out of time.
QList<Finding> runnerFindings()
{
    auto knowledge = std::make_shared<knowledge::KnowledgeBase>(kb());
    CheckRequest request = test::requestForNothing();
    request.checkLimit = std::chrono::milliseconds(300);
    auto hangs = std::make_shared<TroubledCheck>(true);
    CheckRunner runner(request, knowledge, {std::make_shared<TroubledCheck>(false), hangs});
    const QList<Finding> found = runner.run().findings;
    while (!hangs->finished()) // it outlives the run: let it end before the test does
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return found;
}

Finding pastedFinding()
{
    return pastedErrorFinding(explainPaste(
        QStringLiteral("OSError: [WinError 126] The specified module could not be found. Error loading "
                       "\"C:\\venv\\Lib\\site-packages\\torch\\lib\\fbgemm.dll\" or one of its dependencies."),
        CheckRequest(), kb(), QStringLiteral("zh_CN")));
}

class ChineseFindings : public test::InChinese {
protected:
    // Fails when `text` (what `where` shows) is not Chinese or has English prose in it. The
    // system's own words, quoted as it gives them, are in the system's language, not ours (Wine's
    // are English whatever the text around them is).
    static void expectChinese(const std::string &where, const QString &text)
    {
        QString ours = text;
        if (const QString system = systemsWordsForAMissingFile(); !system.isEmpty())
            ours.remove(system);
        const QStringList english = test::untranslatedProse(ours);
        EXPECT_TRUE(hasChinese(text)) << where << ": no Chinese in: " << text.toStdString();
        EXPECT_TRUE(english.isEmpty()) << where << ": English left in zh_CN: ["
                                       << english.join(QStringLiteral(" | ")).toStdString()
                                       << "] in: " << text.toStdString();
    }
};

} // namespace

TEST_F(ChineseFindings, EveryFindingIdReadsAsChineseInEveryReport)
{
    std::set<std::string> made;
    const auto expectFinding = [&](const std::string &where, const Finding &f) {
        made.insert(f.id.toStdString());
        expectChinese(where + " / " + f.id.toStdString() + " title", f.title);
        expectChinese(where + " / " + f.id.toStdString() + " detail", f.detail);
    };
    const auto expectReports = [&](const std::string &where, const Diagnosis &d) {
        expectChinese(where + ": check (text)", report::checkToText(d, {true}));
        const QJsonObject built = report::buildReport(d);
        expectChinese(where + ": report (Markdown)", visibleText(report::renderMarkdown(built)));
        expectChinese(where + ": report (HTML)", visibleText(report::renderHtml(built)));
        expectChinese(where + ": report (text)", report::renderText(d, {}, true));
    };
    for (const Machine &m : machines()) {
        Diagnosis d;
        d.facts = m.facts;
        d.findings = judge(m.facts);
        d.knowledgeDate = kb().date();
        EXPECT_FALSE(d.findings.isEmpty()) << m.name << ": no finding";
        for (const Finding &f : d.findings)
            expectFinding(m.name, f);
        expectReports(m.name, d);
    }
    Diagnosis runner;
    runner.facts = healthyMachine();
    runner.findings = runnerFindings();
    runner.findings << pastedFinding();
    for (const Finding &f : runner.findings)
        expectFinding("runner and paste", f);
    expectReports("runner and paste", runner);

    std::set<std::string> expected(std::begin(test::kFindingIds), std::end(test::kFindingIds));
    EXPECT_GT(expected.size(), 30U) << "the ids were not read from core/checks";
    for (const std::string &id : expected)
        EXPECT_TRUE(made.count(id)) << id << ": no machine here makes it (add one to machines())";
    for (const std::string &id : made)
        EXPECT_TRUE(expected.count(id)) << id << ": made, but not read from core/checks";
}

TEST_F(ChineseFindings, EveryCheckOutcomeReadsAsChinese)
{
    using State = CheckOutcome::State;
    std::set<std::pair<std::string, State>> seen;
    std::vector<std::pair<std::string, Diagnosis>> diagnoses;
    // Unjudged: the runner runs no check whose facts are missing, or after a cancel.
    const auto add = [&](std::string name, const Facts &facts, bool judged = true, bool cancelled = false) {
        Diagnosis d;
        d.facts = facts;
        if (judged)
            d.findings = judge(facts);
        d.cancelled = cancelled;
        diagnoses.emplace_back(std::move(name), std::move(d));
    };
    const Facts healthy = healthyMachine();
    add("healthy", healthy);
    Facts noGpu = healthy;
    noGpu.gpu = {};
    noGpu.docker.reset();
    noGpu.terminal = platform::TerminalEnvironment{QStringLiteral("/bin/bash"), {}, {}, plainEnvironment(), {}};
    add("no GPU, docker not probed, terminal read", noGpu);
    Facts noImport = healthy;
    noImport.request.runImport = false;
    noImport.ready &= ~FactSet(Fact::Gpu);
    noImport.composeFile.clear();
    add("no import asked, no compose file", noImport);
    Facts importNotRun = healthy;
    importNotRun.import.outcome = python::ImportResult::Outcome::NotRun;
    importNotRun.libraries.reset();
    importNotRun.composeFile.clear();
    importNotRun.request.projectDir.clear();
    add("the import did not run, no project", importNotRun);
    Facts gpuUnprobed = healthy;
    gpuUnprobed.ready = Fact::Import | Fact::Interpreters | Fact::Libraries;
    add("GPU not probed", gpuUnprobed);
    Facts unprobed;
    unprobed.request.environment = plainEnvironment();
    unprobed.chosenExecutable = QStringLiteral("/usr/bin/python3");
    add("nothing probed", unprobed, false);
    add("cancelled", unprobed, false, true);
    for (Machine &m : machines())
        add(m.name, m.facts);

    for (const auto &[name, d] : diagnoses)
        for (const CheckOutcome &o : checkOutcomes(d)) {
            seen.insert({o.checkId.toStdString(), o.state});
            expectChinese(name + " / " + o.checkId.toStdString(), o.title + u' ' + o.summary);
            // Fine here, failing where people run it: never a pass.
            if (d.facts.importFailsInNewTerminal() && o.checkId == QLatin1String("torch.import")) {
                EXPECT_EQ(o.state, State::Failed) << name << ": " << o.summary.toStdString();
            }
        }
    EXPECT_TRUE(std::any_of(diagnoses.cbegin(), diagnoses.cend(),
                            [](const auto &named) { return named.second.facts.importFailsInNewTerminal(); }))
        << "no machine here has an import that fails only in a new terminal";
    for (const auto &check : allChecks())
        for (const State state : {State::Passed, State::NotChecked})
            EXPECT_TRUE(seen.count({check->id().toStdString(), state}))
                << check->id().toStdString() << " is never " << (state == State::Passed ? "passed" : "not checked");
}
