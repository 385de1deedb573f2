// SPDX-License-Identifier: GPL-3.0-or-later
// Every branch of the repair flowchart walked, its history, and its state
// saved to JSON and back (and refused when damaged).
#include "flow/Flow.h"
#include "flow/FlowText.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

using namespace td;
using namespace td::flow;
using checks::Finding;
using checks::FixFamily;
using checks::Severity;

namespace {

Finding finding(const QString &id, QList<FixFamily> fixes, Severity severity = Severity::Error)
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.title = QStringLiteral("Title of ") + id;
    f.detail = QStringLiteral("Detail of ") + id;
    f.evidence = QJsonObject{{QStringLiteral("path"), QStringLiteral("C:/torch/lib/fbgemm.dll")}};
    f.fixes = std::move(fixes);
    f.check = QStringLiteral("test-check");
    return f;
}

// A broken install that every family can address.
QList<Finding> broken()
{
    return {finding(QStringLiteral("torch.import-failed"), {FixFamily::Env, FixFamily::Reinstall, FixFamily::System}),
            finding(QStringLiteral("lib.shadowed"), {FixFamily::Env}, Severity::Warning),
            finding(QStringLiteral("docker.unavailable"), {FixFamily::Docker})};
}

QStringList ids(std::initializer_list<const char *> list)
{
    QStringList out;
    for (const char *s : list)
        out << QLatin1String(s);
    return out;
}

// The Step events, as "node:outcome".
QStringList steps(const Flow &flow)
{
    QStringList out;
    for (const FlowEvent &e : flow.history()) {
        if (e.kind == EventKind::Step)
            out << e.node + QLatin1Char(':') + toString(*e.outcome);
    }
    return out;
}

const FlowEvent *lastOf(EventKind kind, const QList<FlowEvent> &history)
{
    for (auto it = history.crbegin(); it != history.crend(); ++it) {
        if (it->kind == kind)
            return &*it;
    }
    return nullptr;
}

Flow roundTrip(const Flow &flow)
{
    // Through text too, as a saved file would be.
    const QByteArray text = QJsonDocument(flow.toJson()).toJson();
    const QJsonDocument doc = QJsonDocument::fromJson(text);
    auto restored = Flow::fromJson(doc.object());
    EXPECT_TRUE(restored.has_value());
    return restored ? *restored : flow;
}

} // namespace

TEST(FlowChart, TableIsComplete)
{
    const QList<FlowNode> nodes = FlowChart::nodes();
    const QList<FlowEdge> edges = FlowChart::edges();
    ASSERT_EQ(nodes.size(), 10);
    ASSERT_EQ(edges.size(), 17);

    QSet<QString> seen;
    QSet<NodeKind> kinds;
    for (const FlowNode &n : nodes) {
        EXPECT_FALSE(n.title.isEmpty()) << n.id.toStdString();
        EXPECT_FALSE(seen.contains(n.id)) << n.id.toStdString();
        seen.insert(n.id);
        kinds.insert(n.kind);
        // Repair steps and only they apply a family.
        EXPECT_EQ(n.kind == NodeKind::Repair, n.family.has_value()) << n.id.toStdString();
        const bool leaves =
            std::any_of(edges.cbegin(), edges.cend(), [&](const FlowEdge &e) { return e.from == n.id; });
        EXPECT_EQ(leaves, n.kind != NodeKind::Done) << n.id.toStdString();
    }
    EXPECT_EQ(kinds.size(), 5);
    for (const FlowEdge &e : edges) {
        EXPECT_TRUE(seen.contains(e.from)) << e.from.toStdString();
        EXPECT_TRUE(seen.contains(e.to)) << e.to.toStdString();
    }
    EXPECT_EQ(FlowChart::node(QStringLiteral("docker"))->family, FixFamily::Docker);
    EXPECT_EQ(FlowChart::node(QStringLiteral("env"))->family, FixFamily::Env);
    EXPECT_EQ(FlowChart::node(QStringLiteral("reinstall"))->family, FixFamily::Reinstall);
    EXPECT_EQ(FlowChart::node(QStringLiteral("system"))->family, FixFamily::System);
    EXPECT_FALSE(FlowChart::node(QStringLiteral("nowhere")));
    EXPECT_EQ(FlowChart::edgeFrom(QStringLiteral("urgent"), EdgeCondition::Yes)->to, QStringLiteral("docker"));
    EXPECT_EQ(FlowChart::edgeFrom(QStringLiteral("urgent"), EdgeCondition::No)->to, QStringLiteral("env"));
    EXPECT_EQ(FlowChart::edgeFrom(QStringLiteral("reinstall-check"), EdgeCondition::No)->to, QStringLiteral("system"));
}

TEST(Flow, StartsAtTheUrgencyQuestion)
{
    Flow flow(broken());
    EXPECT_EQ(flow.current().id, QStringLiteral("urgent"));
    EXPECT_EQ(flow.current().kind, NodeKind::Question);
    EXPECT_EQ(flow.path(), ids({"start", "urgent"}));
    EXPECT_FALSE(flow.isDone());
    EXPECT_FALSE(flow.solved());
    EXPECT_EQ(flow.nodes().size(), FlowChart::nodes().size());
    EXPECT_EQ(flow.edges().size(), FlowChart::edges().size());
}

TEST(Flow, UrgentGoesThroughDockerToDone)
{
    Flow flow(broken());
    ASSERT_TRUE(flow.answerUrgent(true));
    EXPECT_EQ(flow.current().id, QStringLiteral("docker"));
    EXPECT_EQ(flow.current().family, FixFamily::Docker);
    EXPECT_EQ(flow.findingsFor(FixFamily::Docker).size(), 1);
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Applied));
    EXPECT_TRUE(flow.isDone());
    EXPECT_TRUE(flow.solved());
    EXPECT_EQ(flow.path(), ids({"start", "urgent", "docker", "done"}));
    EXPECT_EQ(steps(flow), ids({"docker:applied"}));
}

TEST(Flow, UrgentWithoutDockerFindingsStillOffersDocker)
{
    // Choosing "urgent" is choosing Docker: it is not passed by.
    Flow flow({finding(QStringLiteral("lib.missing"), {FixFamily::System})});
    ASSERT_TRUE(flow.answerUrgent(true));
    EXPECT_EQ(flow.current().id, QStringLiteral("docker"));
}

TEST(Flow, DockerThatFailsFallsBackToTheEnvironmentStep)
{
    Flow flow(broken());
    flow.answerUrgent(true);
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Failed, QStringLiteral("docker compose build: exit 1")));
    EXPECT_FALSE(flow.isDone());
    EXPECT_EQ(flow.current().id, QStringLiteral("env"));
    const QList<FlowEvent> h = flow.history();
    const FlowEvent *step = lastOf(EventKind::Step, h);
    ASSERT_TRUE(step);
    EXPECT_EQ(step->reason, QStringLiteral("docker compose build: exit 1"));
}

TEST(Flow, EnvironmentRepairSolvesIt)
{
    Flow flow(broken());
    ASSERT_TRUE(flow.answerUrgent(false));
    EXPECT_EQ(flow.current().id, QStringLiteral("env"));
    EXPECT_EQ(flow.findingsFor(FixFamily::Env).size(), 2);
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Applied));
    EXPECT_EQ(flow.current().id, QStringLiteral("env-check"));
    EXPECT_EQ(flow.current().kind, NodeKind::Verification);
    // Warnings may stay; only errors keep it unsolved.
    ASSERT_TRUE(flow.verified({finding(QStringLiteral("cuda.no-driver"), {FixFamily::System}, Severity::Warning)}));
    EXPECT_TRUE(flow.isDone());
    EXPECT_TRUE(flow.solved());
    EXPECT_TRUE(flow.remaining().isEmpty());
    EXPECT_EQ(flow.findings().size(), 1);
    EXPECT_EQ(flow.initialFindings().size(), 3);
    EXPECT_EQ(flow.path(), ids({"start", "urgent", "env", "env-check", "done"}));

    const QList<FlowEvent> h = flow.history();
    const FlowEvent *v = lastOf(EventKind::Verified, h);
    ASSERT_TRUE(v);
    EXPECT_TRUE(v->yes);
    EXPECT_TRUE(v->remaining.isEmpty());
    EXPECT_EQ(v->resolved, ids({"torch.import-failed", "lib.shadowed", "docker.unavailable"}));
}

TEST(Flow, EnvironmentFailsReinstallSolvesIt)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Applied);
    ASSERT_TRUE(flow.verified({finding(QStringLiteral("torch.import-failed"), {FixFamily::Reinstall})}));
    EXPECT_FALSE(flow.isDone());
    EXPECT_EQ(flow.current().id, QStringLiteral("reinstall"));
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Applied));
    EXPECT_EQ(flow.current().id, QStringLiteral("reinstall-check"));
    ASSERT_TRUE(flow.verified({}));
    EXPECT_TRUE(flow.solved());
    EXPECT_EQ(flow.path(), ids({"start", "urgent", "env", "env-check", "reinstall", "reinstall-check", "done"}));
    EXPECT_EQ(steps(flow), ids({"env:applied", "reinstall:applied"}));
}

TEST(Flow, EverythingFailsEndsUnsolvedWithWhatRemains)
{
    const Finding stuck =
        finding(QStringLiteral("vcruntime.missing"), {FixFamily::Env, FixFamily::Reinstall, FixFamily::System});
    Flow flow(broken());
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Applied);
    flow.verified({stuck});
    flow.stepFinished(StepOutcome::Applied);
    flow.verified({stuck});
    EXPECT_EQ(flow.current().id, QStringLiteral("system"));
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Applied));
    EXPECT_EQ(flow.current().id, QStringLiteral("system-check"));
    ASSERT_TRUE(flow.verified({stuck, finding(QStringLiteral("path.non-ascii"), {}, Severity::Info)}));
    EXPECT_TRUE(flow.isDone());
    EXPECT_FALSE(flow.solved());
    ASSERT_EQ(flow.remaining().size(), 1);
    EXPECT_EQ(flow.remaining().first().id, QStringLiteral("vcruntime.missing"));
    EXPECT_EQ(flow.path(), ids({"start", "urgent", "env", "env-check", "reinstall", "reinstall-check", "system",
                                "system-check", "done"}));
    const QList<FlowEvent> h = flow.history();
    const FlowEvent *v = lastOf(EventKind::Verified, h);
    ASSERT_TRUE(v);
    EXPECT_FALSE(v->yes);
    EXPECT_EQ(v->remaining, ids({"vcruntime.missing"}));
    EXPECT_TRUE(describe(flow).contains(QStringLiteral("still failing: vcruntime.missing")));
}

TEST(Flow, SystemStepThatSolvesIt)
{
    Flow flow({finding(QStringLiteral("vcruntime.too-old"), {FixFamily::System})});
    flow.answerUrgent(false);
    EXPECT_EQ(flow.current().id, QStringLiteral("system"));
    flow.stepFinished(StepOutcome::Applied);
    ASSERT_TRUE(flow.verified({}));
    EXPECT_TRUE(flow.solved());
}

TEST(Flow, StepsWithoutFindingsArePassedByWithAReason)
{
    Flow flow({finding(QStringLiteral("vcruntime.missing"), {FixFamily::System})});
    ASSERT_TRUE(flow.answerUrgent(false));
    EXPECT_EQ(flow.current().id, QStringLiteral("system"));
    EXPECT_EQ(steps(flow), ids({"env:skipped", "reinstall:skipped"}));
    EXPECT_EQ(flow.skippedSteps(), ids({"env", "reinstall"}));
    // Skipped steps are not verified.
    EXPECT_EQ(flow.path(), ids({"start", "urgent", "env", "reinstall", "system"}));

    QStringList reasons;
    for (const FlowEvent &e : flow.history()) {
        if (e.kind == EventKind::Step)
            reasons << e.reason;
    }
    EXPECT_EQ(reasons, QStringList({QStringLiteral("nothing for the environment step to repair"),
                                    QStringLiteral("nothing for the reinstall step to repair")}));
    const QString text = describe(flow);
    EXPECT_TRUE(text.contains(QStringLiteral("skipped: nothing for the environment step to repair")));
}

TEST(Flow, UserCanRunASkippedStepAnyway)
{
    Flow flow({finding(QStringLiteral("vcruntime.missing"), {FixFamily::System})});
    flow.answerUrgent(false);
    EXPECT_FALSE(flow.runAnyway(FixFamily::Docker));
    EXPECT_FALSE(flow.runAnyway(FixFamily::System)); // it was not skipped
    ASSERT_TRUE(flow.runAnyway(FixFamily::Env));
    EXPECT_EQ(flow.current().id, QStringLiteral("env"));
    EXPECT_TRUE(flow.skippedSteps().isEmpty());
    EXPECT_EQ(flow.history().last().kind, EventKind::Entered);
    EXPECT_EQ(flow.history().at(flow.history().size() - 2).kind, EventKind::RunAnyway);
    // No second skip on arrival: the user chose it.
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Applied));
    EXPECT_EQ(flow.current().id, QStringLiteral("env-check"));
    // Still failing: reinstall is passed by again, the system step comes.
    flow.verified({finding(QStringLiteral("vcruntime.missing"), {FixFamily::System})});
    EXPECT_EQ(flow.current().id, QStringLiteral("system"));
    EXPECT_EQ(steps(flow), ids({"env:skipped", "reinstall:skipped", "env:applied", "reinstall:skipped"}));
}

TEST(Flow, NothingApplicableEndsUnsolvedButCanBeReopened)
{
    Flow flow({finding(QStringLiteral("docker.unavailable"), {FixFamily::Docker})});
    flow.answerUrgent(false);
    EXPECT_TRUE(flow.isDone());
    EXPECT_FALSE(flow.solved());
    EXPECT_EQ(steps(flow), ids({"env:skipped", "reinstall:skipped", "system:skipped"}));
    ASSERT_TRUE(flow.runAnyway(FixFamily::System));
    EXPECT_FALSE(flow.isDone());
    EXPECT_EQ(flow.current().id, QStringLiteral("system"));
}

TEST(Flow, NoErrorsAndNoStepsIsSolved)
{
    Flow flow({finding(QStringLiteral("path.non-ascii"), {}, Severity::Info)});
    flow.answerUrgent(false);
    EXPECT_TRUE(flow.isDone());
    EXPECT_TRUE(flow.solved());
}

TEST(Flow, VerificationChoosesTheNextStepFromTheNewFindings)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Applied);
    // Nothing left for a reinstall: straight to the system step.
    flow.verified({finding(QStringLiteral("vcruntime.missing"), {FixFamily::System})});
    EXPECT_EQ(flow.current().id, QStringLiteral("system"));
    EXPECT_EQ(steps(flow), ids({"env:applied", "reinstall:skipped"}));
}

TEST(Flow, UserOverridesNotSolvedToSolved)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Applied);
    flow.verified({finding(QStringLiteral("torch.import-failed"), {FixFamily::Reinstall})});
    EXPECT_EQ(flow.current().id, QStringLiteral("reinstall"));
    EXPECT_TRUE(flow.canOverride());
    EXPECT_FALSE(flow.override(false)); // that is already the answer
    ASSERT_TRUE(flow.override(true));
    EXPECT_TRUE(flow.isDone());
    EXPECT_TRUE(flow.solved());
    const FlowEvent &o = flow.history().at(flow.history().size() - 2);
    EXPECT_EQ(o.kind, EventKind::Override);
    EXPECT_EQ(o.node, QStringLiteral("env-check"));
    EXPECT_TRUE(o.yes);
    EXPECT_EQ(flow.path(), ids({"start", "urgent", "env", "env-check", "reinstall", "done"}));
    // And back again.
    ASSERT_TRUE(flow.override(false));
    EXPECT_EQ(flow.current().id, QStringLiteral("reinstall"));
    EXPECT_FALSE(flow.isDone());
}

TEST(Flow, UserOverridesSolvedToNotSolved)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Applied);
    flow.verified({});
    ASSERT_TRUE(flow.solved());
    ASSERT_TRUE(flow.override(false));
    // With no findings left the later steps have nothing to go on: passed by,
    // and the user's "not solved" stands.
    EXPECT_TRUE(flow.isDone());
    EXPECT_FALSE(flow.solved());
    EXPECT_EQ(steps(flow), ids({"env:applied", "reinstall:skipped", "system:skipped"}));
    EXPECT_TRUE(flow.runAnyway(FixFamily::Reinstall));
    Flow second(broken());
    second.answerUrgent(false);
    second.stepFinished(StepOutcome::Applied);
    second.verified({finding(QStringLiteral("cuda.cpu-build-with-gpu"), {FixFamily::Reinstall}, Severity::Warning)});
    ASSERT_TRUE(second.solved());
    ASSERT_TRUE(second.override(false));
    EXPECT_EQ(second.current().id, QStringLiteral("reinstall"));
    second.stepFinished(StepOutcome::Applied);
    second.verified({});
    EXPECT_TRUE(second.solved());
}

TEST(Flow, OverrideAtTheLastVerificationAndAfterDocker)
{
    const Finding stuck = finding(QStringLiteral("lib.missing"), {FixFamily::System});
    Flow flow({stuck});
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Applied);
    flow.verified({stuck});
    ASSERT_TRUE(flow.isDone());
    ASSERT_FALSE(flow.solved());
    ASSERT_TRUE(flow.override(true));
    EXPECT_TRUE(flow.isDone());
    EXPECT_TRUE(flow.solved());

    Flow docker(broken());
    docker.answerUrgent(true);
    docker.stepFinished(StepOutcome::Applied);
    ASSERT_TRUE(docker.solved());
    ASSERT_TRUE(docker.override(false)); // the container did not help after all
    EXPECT_EQ(docker.current().id, QStringLiteral("env"));
}

TEST(Flow, OverrideOnlyRightAfterAnAnswer)
{
    Flow flow(broken());
    EXPECT_FALSE(flow.canOverride());
    EXPECT_FALSE(flow.override(true));
    flow.answerUrgent(false);
    EXPECT_FALSE(flow.override(true)); // the urgency answer is not a verification
    flow.stepFinished(StepOutcome::Applied);
    flow.verified({finding(QStringLiteral("torch.import-failed"), {FixFamily::Reinstall})});
    flow.stepFinished(StepOutcome::Applied);
    EXPECT_FALSE(flow.canOverride()); // a step has run since
    EXPECT_FALSE(flow.override(true));
    EXPECT_EQ(flow.current().id, QStringLiteral("reinstall-check"));
}

TEST(Flow, DeclinedStepPassesItsVerificationBy)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Declined));
    EXPECT_EQ(flow.current().id, QStringLiteral("reinstall"));
    EXPECT_FALSE(flow.visited(QStringLiteral("env-check")));
    const QList<FlowEvent> h = flow.history();
    const FlowEvent *step = lastOf(EventKind::Step, h);
    ASSERT_TRUE(step);
    EXPECT_EQ(*step->outcome, StepOutcome::Declined);
    EXPECT_EQ(step->reason, QStringLiteral("declined by the user"));
    flow.stepFinished(StepOutcome::Declined);
    flow.stepFinished(StepOutcome::Declined);
    // The findings still hold errors: unsolved.
    EXPECT_TRUE(flow.isDone());
    EXPECT_FALSE(flow.solved());
    EXPECT_EQ(steps(flow), ids({"env:declined", "reinstall:declined", "system:declined"}));
}

TEST(Flow, UserSkipsAnApplicableStep)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Skipped));
    EXPECT_EQ(flow.current().id, QStringLiteral("reinstall"));
    EXPECT_EQ(flow.history().at(flow.history().size() - 2).reason, QStringLiteral("skipped by the user"));
    EXPECT_TRUE(flow.skippedSteps().isEmpty()); // only steps the flow passed by can be reopened
}

TEST(Flow, FailedStepIsStillVerified)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    ASSERT_TRUE(flow.stepFinished(StepOutcome::Failed, QStringLiteral("setx: access denied")));
    EXPECT_EQ(flow.current().id, QStringLiteral("env-check"));
    const QList<FlowEvent> h = flow.history();
    const FlowEvent *step = lastOf(EventKind::Step, h);
    ASSERT_TRUE(step);
    EXPECT_EQ(*step->outcome, StepOutcome::Failed);
    EXPECT_EQ(step->reason, QStringLiteral("setx: access denied"));
    // It may have fixed things anyway.
    flow.verified({});
    EXPECT_TRUE(flow.solved());
}

// A step's own check after it answers its "solved?"; a step that stopped on the way leaves the flow
// waiting for a diagnosis of the machine as it left it. The CLI and the wizard both walk it so.
TEST(Flow, AStepsOwnCheckAnswersItsSolvedAndAStoppedStepAwaitsADiagnosis)
{
    Flow checked(broken());
    checked.answerUrgent(false);
    EXPECT_FALSE(checked.awaitsDiagnosis());
    const QList<Finding> stillBroken{finding(QStringLiteral("torch.import-failed"), {FixFamily::Reinstall})};
    ASSERT_TRUE(checked.stepFinished(StepOutcome::Applied, {}, stillBroken));
    EXPECT_FALSE(checked.awaitsDiagnosis());
    EXPECT_EQ(checked.current().id, QStringLiteral("reinstall"));
    ASSERT_TRUE(checked.stepFinished(StepOutcome::Applied, {}, QList<Finding>{}));
    EXPECT_TRUE(checked.solved());
    EXPECT_EQ(checked.path(), ids({"start", "urgent", "env", "env-check", "reinstall", "reinstall-check", "done"}));

    Flow stopped(broken());
    stopped.answerUrgent(false);
    ASSERT_TRUE(stopped.stepFinished(StepOutcome::Failed, QStringLiteral("cancelled by the user")));
    EXPECT_TRUE(stopped.awaitsDiagnosis());
    ASSERT_TRUE(stopped.verified({}));
    EXPECT_FALSE(stopped.awaitsDiagnosis());
    EXPECT_TRUE(stopped.solved());
}

TEST(Flow, CallsThatDoNotFitChangeNothing)
{
    Flow flow(broken());
    const auto before = flow.history().size();
    EXPECT_FALSE(flow.stepFinished(StepOutcome::Applied));
    EXPECT_FALSE(flow.verified({}));
    EXPECT_FALSE(flow.runAnyway(FixFamily::Env));
    EXPECT_EQ(flow.history().size(), before);
    flow.answerUrgent(false);
    EXPECT_FALSE(flow.answerUrgent(true));
    EXPECT_FALSE(flow.verified({}));
    EXPECT_EQ(flow.current().id, QStringLiteral("env"));
    flow.stepFinished(StepOutcome::Applied);
    EXPECT_FALSE(flow.stepFinished(StepOutcome::Applied));
    flow.verified({});
    ASSERT_TRUE(flow.isDone());
    const auto done = flow.history().size();
    EXPECT_FALSE(flow.answerUrgent(true));
    EXPECT_FALSE(flow.stepFinished(StepOutcome::Applied));
    EXPECT_FALSE(flow.verified({}));
    EXPECT_EQ(flow.history().size(), done);
}

TEST(Flow, HistoryIsOrderedAndComplete)
{
    const QDateTime start = QDateTime::currentDateTimeUtc();
    Flow flow(broken());
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Failed, QStringLiteral("boom"));
    flow.verified({finding(QStringLiteral("torch.import-failed"), {FixFamily::System})});
    flow.override(true);
    const QDateTime end = QDateTime::currentDateTimeUtc();

    const QList<FlowEvent> h = flow.history();
    QStringList kinds;
    for (const FlowEvent &e : h)
        kinds << toString(e.kind) + QLatin1Char(':') + e.node;
    EXPECT_EQ(kinds, ids({"entered:start", "entered:urgent", "answered:urgent", "entered:env", "step:env",
                          "entered:env-check", "verified:env-check", "entered:reinstall", "step:reinstall",
                          "entered:system", "override:env-check", "entered:done"}));
    EXPECT_FALSE(h.at(2).yes);
    EXPECT_EQ(h.at(8).reason, QStringLiteral("nothing for the reinstall step to repair"));
    for (qsizetype i = 0; i < h.size(); ++i) {
        EXPECT_TRUE(h.at(i).at.isValid());
        EXPECT_EQ(h.at(i).at.timeSpec(), Qt::UTC);
        EXPECT_GE(h.at(i).at, start);
        EXPECT_LE(h.at(i).at, end);
        if (i > 0) {
            EXPECT_LE(h.at(i - 1).at, h.at(i).at);
        }
    }
}

TEST(FlowJson, RoundTripsAtEveryStage)
{
    Flow flow(broken());
    auto check = [](const Flow &original) {
        const Flow restored = roundTrip(original);
        EXPECT_EQ(restored.toJson(), original.toJson());
        EXPECT_EQ(restored.current().id, original.current().id);
        EXPECT_EQ(restored.current().title, original.current().title);
        EXPECT_EQ(restored.isDone(), original.isDone());
        EXPECT_EQ(restored.solved(), original.solved());
        EXPECT_EQ(restored.canOverride(), original.canOverride());
        EXPECT_EQ(restored.skippedSteps(), original.skippedSteps());
        EXPECT_EQ(restored.path(), original.path());
        EXPECT_EQ(restored.history().size(), original.history().size());
        for (qsizetype i = 0; i < original.history().size(); ++i)
            EXPECT_EQ(restored.history().at(i).at, original.history().at(i).at);
        EXPECT_EQ(describe(restored), describe(original));
    };
    check(flow);
    flow.answerUrgent(false);
    check(flow);
    flow.stepFinished(StepOutcome::Applied);
    check(flow);
    flow.verified({finding(QStringLiteral("vcruntime.missing"), {FixFamily::System})});
    check(flow); // at system, reinstall passed by, override open
    flow.stepFinished(StepOutcome::Failed, QStringLiteral("sfc: exit 1"));
    flow.verified({finding(QStringLiteral("vcruntime.missing"), {FixFamily::System})});
    check(flow); // done, unsolved
    ASSERT_TRUE(flow.isDone());
    EXPECT_EQ(flow.findings().first().evidence.value(QStringLiteral("path")).toString(),
              QStringLiteral("C:/torch/lib/fbgemm.dll"));
}

TEST(FlowJson, RestoredFlowCarriesOn)
{
    Flow flow({finding(QStringLiteral("lib.missing"), {FixFamily::System})});
    flow.answerUrgent(false);
    Flow restored = roundTrip(flow);
    // The skipped steps and the findings came back: both can still be used.
    ASSERT_TRUE(restored.runAnyway(FixFamily::Reinstall));
    EXPECT_EQ(restored.current().id, QStringLiteral("reinstall"));
    ASSERT_EQ(restored.findingsFor(FixFamily::System).size(), 1);
    EXPECT_EQ(restored.findingsFor(FixFamily::System).first().fixes, QList<FixFamily>{FixFamily::System});

    Flow verifiedFlow(broken());
    verifiedFlow.answerUrgent(false);
    verifiedFlow.stepFinished(StepOutcome::Applied);
    verifiedFlow.verified({});
    Flow again = roundTrip(verifiedFlow);
    ASSERT_TRUE(again.override(false)); // the decision survived
    EXPECT_FALSE(again.solved());
}

TEST(FlowJson, RejectsDamage)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Applied);
    flow.verified({finding(QStringLiteral("torch.import-failed"), {FixFamily::Reinstall})});
    const QJsonObject good = flow.toJson();
    ASSERT_TRUE(Flow::fromJson(good));

    auto with = [&good](const QString &key, const QJsonValue &value) {
        QJsonObject o = good;
        o.insert(key, value);
        return o;
    };
    auto without = [&good](const QString &key) {
        QJsonObject o = good;
        o.remove(key);
        return o;
    };
    auto historyWith = [&good](qsizetype index, const QString &key, const QJsonValue &value) {
        QJsonObject o = good;
        QJsonArray h = o.value(QStringLiteral("history")).toArray();
        QJsonObject e = h.at(index).toObject();
        e.insert(key, value);
        h.replace(index, e);
        o.insert(QStringLiteral("history"), h);
        return o;
    };
    auto findingWith = [&good](const QString &key, const QJsonValue &value) {
        QJsonObject o = good;
        QJsonArray list = o.value(QStringLiteral("findings")).toArray();
        QJsonObject f = list.at(0).toObject();
        f.insert(key, value);
        list.replace(0, f);
        o.insert(QStringLiteral("findings"), list);
        return o;
    };

    EXPECT_FALSE(Flow::fromJson(QJsonObject()));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("format"), QStringLiteral("something-else"))));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("version"), 2)));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("current"), QStringLiteral("nowhere"))));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("current"), QStringLiteral("system")))); // not where the path ends
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("done"), true)));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("solved"), true)));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("solved"), QStringLiteral("yes"))));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("decision_node"), QStringLiteral("urgent"))));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("decision_node"), 3)));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("skipped_steps"), QJsonArray{QStringLiteral("done")})));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("history"), QJsonArray())));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("history"), QJsonArray{42})));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("findings"), QJsonObject())));
    EXPECT_FALSE(Flow::fromJson(with(QStringLiteral("findings"), QJsonArray{QStringLiteral("x")})));
    for (const QString &key : good.keys())
        EXPECT_FALSE(Flow::fromJson(without(key))) << key.toStdString();

    EXPECT_FALSE(Flow::fromJson(historyWith(0, QStringLiteral("at"), QStringLiteral("yesterday"))));
    EXPECT_FALSE(Flow::fromJson(historyWith(0, QStringLiteral("kind"), QStringLiteral("teleported"))));
    EXPECT_FALSE(Flow::fromJson(historyWith(0, QStringLiteral("node"), QStringLiteral("nowhere"))));
    EXPECT_FALSE(Flow::fromJson(historyWith(0, QStringLiteral("node"), QStringLiteral("urgent")))); // not from start
    EXPECT_FALSE(Flow::fromJson(historyWith(4, QStringLiteral("outcome"), QStringLiteral("maybe"))));
    EXPECT_FALSE(Flow::fromJson(historyWith(0, QStringLiteral("outcome"), QStringLiteral("applied"))));
    EXPECT_FALSE(Flow::fromJson(historyWith(2, QStringLiteral("yes"), 1)));
    EXPECT_FALSE(Flow::fromJson(historyWith(6, QStringLiteral("remaining"), QJsonArray{1, 2})));
    EXPECT_FALSE(Flow::fromJson(historyWith(6, QStringLiteral("reason"), QJsonArray())));

    EXPECT_FALSE(Flow::fromJson(findingWith(QStringLiteral("id"), QString())));
    EXPECT_FALSE(Flow::fromJson(findingWith(QStringLiteral("severity"), QStringLiteral("fatal"))));
    EXPECT_FALSE(Flow::fromJson(findingWith(QStringLiteral("fixes"), QJsonArray{QStringLiteral("magic")})));
    EXPECT_FALSE(Flow::fromJson(findingWith(QStringLiteral("fixes"), QStringLiteral("env"))));
    EXPECT_FALSE(Flow::fromJson(findingWith(QStringLiteral("evidence"), QJsonArray())));
    EXPECT_FALSE(Flow::fromJson(findingWith(QStringLiteral("title"), 7)));
}

TEST(FlowJson, SurvivesEveryValueReplaced)
{
    // Each value anywhere in a saved flow swapped for each other type: never a
    // crash, and restored only when the swap keeps the type (a different title)
    // or adds a field of the right type where it was optional.
    Flow flow(broken());
    flow.answerUrgent(false);
    flow.stepFinished(StepOutcome::Skipped);
    const QJsonObject good = flow.toJson();
    const QList<QJsonValue> junk{QJsonValue(),
                                 QJsonValue(true),
                                 QJsonValue(-1),
                                 QJsonValue(1e300),
                                 QJsonValue(QStringLiteral("\u00e9")),
                                 QJsonValue(QJsonArray{QJsonObject()}),
                                 QJsonValue(QJsonObject{{QStringLiteral("a"), 1}})};
    int tried = 0;
    for (const QString &key : good.keys()) {
        for (const QJsonValue &value : junk) {
            QJsonObject o = good;
            o.insert(key, value);
            ++tried;
            if (Flow::fromJson(o)) {
                EXPECT_EQ(good.value(key).type(), value.type()) << key.toStdString();
            }
        }
        const QJsonArray list = good.value(key).toArray();
        for (qsizetype i = 0; i < list.size(); ++i) {
            const QJsonObject item = list.at(i).toObject();
            for (const QString &inner : item.keys()) {
                for (const QJsonValue &value : junk) {
                    QJsonObject changed = item;
                    changed.insert(inner, value);
                    QJsonArray copy = list;
                    copy.replace(i, changed);
                    QJsonObject o = good;
                    o.insert(key, copy);
                    ++tried;
                    if (auto f = Flow::fromJson(o)) {
                        (void)describe(*f);
                        EXPECT_EQ(item.value(inner).type(), value.type())
                            << key.toStdString() << '/' << inner.toStdString();
                    }
                }
            }
        }
    }
    EXPECT_GT(tried, 300);
}

TEST(FlowText, MarksWhereTheUserIs)
{
    Flow flow(broken());
    flow.answerUrgent(false);
    const QString text = describe(flow);
    const QStringList lines = text.split(QLatin1Char('\n'));
    EXPECT_TRUE(lines.contains(QStringLiteral("  > Repair the environment variables")));
    EXPECT_TRUE(lines.contains(QStringLiteral("  * Is it urgent?  [answered: no]")));
    EXPECT_TRUE(lines.contains(QStringLiteral("    Run the project in Docker")));
    EXPECT_TRUE(lines.contains(QStringLiteral("        yes -> Run the project in Docker")));
    EXPECT_TRUE(lines.contains(QStringLiteral("        not run -> Reinstall PyTorch")));
    EXPECT_TRUE(text.contains(QStringLiteral("Now: Repair the environment variables")));
    EXPECT_EQ(text.count(QLatin1Char('>')) - text.count(QStringLiteral("->")), 2); // header and the node

    flow.stepFinished(StepOutcome::Applied);
    flow.verified({});
    const QString done = describe(flow);
    EXPECT_TRUE(done.contains(QStringLiteral("  > Done")));
    EXPECT_TRUE(done.contains(QStringLiteral("[checked again: no errors left]")));
    EXPECT_TRUE(done.contains(QStringLiteral("Result: solved")));
}
