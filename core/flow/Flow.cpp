// SPDX-License-Identifier: GPL-3.0-or-later
#include "flow/Flow.h"

#include <QJsonArray>

#include <algorithm>
#include <utility>

namespace td::flow {

using checks::Finding;
using checks::findingsFromJson;
using checks::findingsToJson;
using checks::FixFamily;
using checks::Severity;

namespace {

const int kFormatVersion = 1;

QString formatName()
{
    return QStringLiteral("torchdoctor-flow");
}

bool isError(const Finding &f)
{
    return f.severity == Severity::Error;
}

QStringList errorIds(const QList<Finding> &findings)
{
    QStringList out;
    for (const Finding &f : findings) {
        if (isError(f) && !out.contains(f.id))
            out << f.id;
    }
    return out;
}

QString skipReason(FixFamily family)
{
    switch (family) {
    case FixFamily::Docker: return Flow::tr("nothing for the Docker step to repair");
    case FixFamily::Env: return Flow::tr("nothing for the environment step to repair");
    case FixFamily::Reinstall: return Flow::tr("nothing for the reinstall step to repair");
    case FixFamily::System: return Flow::tr("nothing for the system step to repair");
    }
    return {};
}

} // namespace

Flow::Flow(QList<Finding> initial) : m_initial(initial), m_findings(std::move(initial))
{
    enter(FlowChart::startId(), EdgeCondition::Next);
}

bool Flow::answerUrgent(bool urgent)
{
    if (m_current.kind != NodeKind::Question)
        return false;
    resetChoices();
    FlowEvent e;
    e.kind = EventKind::Answered;
    e.node = m_current.id;
    e.yes = urgent;
    record(std::move(e));
    follow(urgent ? EdgeCondition::Yes : EdgeCondition::No);
    return true;
}

bool Flow::stepFinished(StepOutcome outcome, const QString &detail, const std::optional<QList<Finding>> &after)
{
    if (m_current.kind != NodeKind::Repair)
        return false;
    resetChoices();
    FlowEvent e;
    e.kind = EventKind::Step;
    e.node = m_current.id;
    e.outcome = outcome;
    e.reason = detail;
    if (e.reason.isEmpty()) {
        if (outcome == StepOutcome::Skipped)
            e.reason = m_current.family && findingsFor(*m_current.family).isEmpty() ? skipReason(*m_current.family)
                                                                                    : tr("skipped by the user");
        else if (outcome == StepOutcome::Declined)
            e.reason = tr("declined by the user");
    }
    record(std::move(e));

    const bool ran = outcome == StepOutcome::Applied || outcome == StepOutcome::Failed;
    // A step with a verification after it goes there if it ran (a failed step
    // may have changed things too) and past it if not; a step that leads
    // straight on (Docker) says yes only when it was applied.
    if (FlowChart::edgeFrom(m_current.id, EdgeCondition::Next))
        follow(ran ? EdgeCondition::Next : EdgeCondition::Skipped);
    else
        decide(outcome == StepOutcome::Applied);
    if (after && m_current.kind == NodeKind::Verification)
        verified(*after);
    return true;
}

bool Flow::verified(QList<Finding> after)
{
    if (m_current.kind != NodeKind::Verification)
        return false;
    resetChoices();
    FlowEvent e;
    e.kind = EventKind::Verified;
    e.node = m_current.id;
    e.remaining = errorIds(after);
    e.yes = e.remaining.isEmpty();
    for (const Finding &before : std::as_const(m_findings)) {
        const bool stillThere =
            std::any_of(after.cbegin(), after.cend(), [&](const Finding &f) { return f.id == before.id; });
        if (!stillThere && !e.resolved.contains(before.id))
            e.resolved << before.id;
    }
    const bool yes = e.yes;
    m_findings = std::move(after);
    record(std::move(e));
    decide(yes);
    return true;
}

bool Flow::override(bool solvedNow)
{
    if (m_decisionNode.isEmpty() || solvedNow == m_decisionYes)
        return false;
    const QString node = m_decisionNode;
    FlowEvent e;
    e.kind = EventKind::Override;
    e.node = node;
    e.yes = solvedNow;
    record(std::move(e));
    m_done = false;
    m_solved = false;
    m_autoSkipped.clear();
    // Take the other branch from where the answer was given.
    m_current = *FlowChart::node(node);
    decide(solvedNow);
    return true;
}

bool Flow::runAnyway(FixFamily family)
{
    QString target;
    for (const QString &id : std::as_const(m_autoSkipped)) {
        const auto node = FlowChart::node(id);
        if (node && node->family == family)
            target = id;
    }
    if (target.isEmpty())
        return false;
    resetChoices();
    m_done = false;
    m_solved = false;
    FlowEvent e;
    e.kind = EventKind::RunAnyway;
    e.node = target;
    record(std::move(e));
    // Entered by the user's choice: no second look at the findings.
    const auto node = FlowChart::node(target);
    m_current = *node;
    FlowEvent entered;
    entered.kind = EventKind::Entered;
    entered.node = target;
    record(std::move(entered));
    return true;
}

QList<Finding> Flow::remaining() const
{
    QList<Finding> out;
    std::copy_if(m_findings.cbegin(), m_findings.cend(), std::back_inserter(out), isError);
    return out;
}

QList<Finding> Flow::findingsFor(FixFamily family) const
{
    QList<Finding> out;
    std::copy_if(m_findings.cbegin(), m_findings.cend(), std::back_inserter(out),
                 [family](const Finding &f) { return f.fixes.contains(family); });
    return out;
}

QStringList Flow::path() const
{
    QStringList out;
    for (const FlowEvent &e : m_history) {
        if (e.kind == EventKind::Entered)
            out << e.node;
    }
    return out;
}

std::optional<bool> Flow::lastAnswer() const
{
    for (auto it = m_history.crbegin(); it != m_history.crend(); ++it) {
        if (it->kind == EventKind::Verified || it->kind == EventKind::Override)
            return it->yes;
    }
    return std::nullopt;
}

bool Flow::visited(const QString &nodeId) const
{
    return path().contains(nodeId);
}

void Flow::record(FlowEvent event)
{
    event.at = QDateTime::currentDateTimeUtc();
    m_history << std::move(event);
}

void Flow::resetChoices()
{
    m_decisionNode.clear();
    m_autoSkipped.clear();
}

// Arriving at a node: what happens next depends on its kind only.
void Flow::enter(const QString &nodeId, EdgeCondition via)
{
    const auto node = FlowChart::node(nodeId);
    Q_ASSERT(node);
    if (!node)
        return;
    m_current = *node;
    FlowEvent e;
    e.kind = EventKind::Entered;
    e.node = nodeId;
    record(std::move(e));

    switch (m_current.kind) {
    case NodeKind::Start: follow(EdgeCondition::Next); break;
    case NodeKind::Question:
    case NodeKind::Verification: break; // wait for the caller
    case NodeKind::Repair:
        if (m_current.needsFindings && m_current.family && findingsFor(*m_current.family).isEmpty()) {
            FlowEvent skip;
            skip.kind = EventKind::Step;
            skip.node = nodeId;
            skip.outcome = StepOutcome::Skipped;
            skip.reason = skipReason(*m_current.family);
            record(std::move(skip));
            m_autoSkipped << nodeId;
            follow(EdgeCondition::Skipped);
        }
        break;
    case NodeKind::Done:
        m_done = true;
        // Arriving past a step that did not run, the last word on "solved?"
        // (the checks' or the user's) stands; with none yet, the findings decide.
        m_solved = via == EdgeCondition::Yes
                   || (via == EdgeCondition::Skipped && lastAnswer().value_or(true) && remaining().isEmpty());
        break;
    }
}

void Flow::follow(EdgeCondition condition)
{
    const auto edge = FlowChart::edgeFrom(m_current.id, condition);
    Q_ASSERT(edge);
    if (edge)
        enter(edge->to, condition);
}

// A yes/no that the user may override later.
void Flow::decide(bool yes)
{
    const QString node = m_current.id;
    follow(yes ? EdgeCondition::Yes : EdgeCondition::No);
    m_decisionNode = node;
    m_decisionYes = yes;
}

QJsonObject Flow::toJson() const
{
    QJsonArray history;
    for (const FlowEvent &e : m_history)
        history.append(e.toJson());
    return QJsonObject{{QStringLiteral("format"), formatName()},
                       {QStringLiteral("version"), kFormatVersion},
                       {QStringLiteral("current"), m_current.id},
                       {QStringLiteral("done"), m_done},
                       {QStringLiteral("solved"), m_solved},
                       {QStringLiteral("decision_node"), m_decisionNode},
                       {QStringLiteral("decision_yes"), m_decisionYes},
                       {QStringLiteral("skipped_steps"), QJsonArray::fromStringList(m_autoSkipped)},
                       {QStringLiteral("initial_findings"), findingsToJson(m_initial)},
                       {QStringLiteral("findings"), findingsToJson(m_findings)},
                       {QStringLiteral("history"), history}};
}

std::optional<Flow> Flow::fromJson(const QJsonObject &object)
{
    if (object.value(QStringLiteral("format")).toString() != formatName()
        || object.value(QStringLiteral("version")).toInt(-1) != kFormatVersion)
        return std::nullopt;

    Flow flow;
    const auto current = FlowChart::node(object.value(QStringLiteral("current")).toString());
    if (!current || current->kind == NodeKind::Start)
        return std::nullopt;
    flow.m_current = *current;

    const QJsonValue done = object.value(QStringLiteral("done"));
    const QJsonValue solvedValue = object.value(QStringLiteral("solved"));
    const QJsonValue decisionYes = object.value(QStringLiteral("decision_yes"));
    if (!done.isBool() || !solvedValue.isBool() || !decisionYes.isBool())
        return std::nullopt;
    flow.m_done = done.toBool();
    flow.m_solved = solvedValue.toBool();
    flow.m_decisionYes = decisionYes.toBool();
    if (flow.m_done != (current->kind == NodeKind::Done) || (flow.m_solved && !flow.m_done))
        return std::nullopt;

    const QJsonValue decision = object.value(QStringLiteral("decision_node"));
    if (!decision.isString())
        return std::nullopt;
    flow.m_decisionNode = decision.toString();
    if (!flow.m_decisionNode.isEmpty()) {
        const auto node = FlowChart::node(flow.m_decisionNode);
        if (!node || !FlowChart::edgeFrom(node->id, EdgeCondition::Yes) || node->kind == NodeKind::Question)
            return std::nullopt;
    }

    const QJsonValue skipped = object.value(QStringLiteral("skipped_steps"));
    if (!skipped.isArray())
        return std::nullopt;
    for (const QJsonValue &item : skipped.toArray()) {
        const auto node = FlowChart::node(item.toString());
        if (!node || node->kind != NodeKind::Repair)
            return std::nullopt;
        flow.m_autoSkipped << node->id;
    }

    auto initial = findingsFromJson(object.value(QStringLiteral("initial_findings")));
    auto latest = findingsFromJson(object.value(QStringLiteral("findings")));
    if (!initial || !latest)
        return std::nullopt;
    flow.m_initial = std::move(*initial);
    flow.m_findings = std::move(*latest);

    const QJsonValue history = object.value(QStringLiteral("history"));
    if (!history.isArray() || history.toArray().isEmpty())
        return std::nullopt;
    for (const QJsonValue &item : history.toArray()) {
        if (!item.isObject())
            return std::nullopt;
        auto e = FlowEvent::fromJson(item.toObject());
        if (!e)
            return std::nullopt;
        flow.m_history << std::move(*e);
    }
    // The walk begins at the start and the last node entered is where it is.
    const QStringList walked = flow.path();
    if (walked.isEmpty() || walked.first() != FlowChart::startId() || walked.last() != current->id)
        return std::nullopt;
    return flow;
}

} // namespace td::flow
