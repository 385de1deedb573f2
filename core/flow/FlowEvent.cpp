// SPDX-License-Identifier: GPL-3.0-or-later
#include "flow/FlowEvent.h"

#include "flow/FlowChart.h"

#include <QJsonArray>

namespace td::flow {

namespace {

QJsonArray toArray(const QStringList &list)
{
    QJsonArray out;
    for (const QString &s : list)
        out.append(s);
    return out;
}

// Absent is an empty list; anything but an array of strings is damage.
std::optional<QStringList> stringList(const QJsonObject &object, const QString &key)
{
    const QJsonValue value = object.value(key);
    if (value.isUndefined())
        return QStringList();
    if (!value.isArray())
        return std::nullopt;
    QStringList out;
    for (const QJsonValue &item : value.toArray()) {
        if (!item.isString())
            return std::nullopt;
        out << item.toString();
    }
    return out;
}

} // namespace

QJsonObject FlowEvent::toJson() const
{
    QJsonObject o{{QStringLiteral("at"), at.toUTC().toString(Qt::ISODateWithMs)},
                  {QStringLiteral("kind"), toString(kind)},
                  {QStringLiteral("node"), node}};
    if (outcome)
        o.insert(QStringLiteral("outcome"), toString(*outcome));
    if (kind == EventKind::Answered || kind == EventKind::Verified || kind == EventKind::Override)
        o.insert(QStringLiteral("yes"), yes);
    if (!reason.isEmpty())
        o.insert(QStringLiteral("reason"), reason);
    if (!remaining.isEmpty())
        o.insert(QStringLiteral("remaining"), toArray(remaining));
    if (!resolved.isEmpty())
        o.insert(QStringLiteral("resolved"), toArray(resolved));
    return o;
}

std::optional<FlowEvent> FlowEvent::fromJson(const QJsonObject &object)
{
    FlowEvent e;
    e.at = QDateTime::fromString(object.value(QStringLiteral("at")).toString(), Qt::ISODateWithMs);
    if (!e.at.isValid())
        return std::nullopt;
    e.at = e.at.toUTC();

    const auto kind = eventKindFromString(object.value(QStringLiteral("kind")).toString());
    if (!kind)
        return std::nullopt;
    e.kind = *kind;

    e.node = object.value(QStringLiteral("node")).toString();
    if (!FlowChart::node(e.node))
        return std::nullopt;

    const QJsonValue outcome = object.value(QStringLiteral("outcome"));
    if (e.kind == EventKind::Step) {
        e.outcome = stepOutcomeFromString(outcome.toString());
        if (!e.outcome)
            return std::nullopt;
    } else if (!outcome.isUndefined()) {
        return std::nullopt;
    }

    const QJsonValue yes = object.value(QStringLiteral("yes"));
    if (!yes.isUndefined() && !yes.isBool())
        return std::nullopt;
    e.yes = yes.toBool();

    const QJsonValue reason = object.value(QStringLiteral("reason"));
    if (!reason.isUndefined() && !reason.isString())
        return std::nullopt;
    e.reason = reason.toString();

    const auto remaining = stringList(object, QStringLiteral("remaining"));
    const auto resolved = stringList(object, QStringLiteral("resolved"));
    if (!remaining || !resolved)
        return std::nullopt;
    e.remaining = *remaining;
    e.resolved = *resolved;
    return e;
}

QString toString(StepOutcome outcome)
{
    switch (outcome) {
    case StepOutcome::Applied: return QStringLiteral("applied");
    case StepOutcome::Skipped: return QStringLiteral("skipped");
    case StepOutcome::Declined: return QStringLiteral("declined");
    case StepOutcome::Failed: return QStringLiteral("failed");
    }
    return {};
}

QString toString(EventKind kind)
{
    switch (kind) {
    case EventKind::Entered: return QStringLiteral("entered");
    case EventKind::Answered: return QStringLiteral("answered");
    case EventKind::Step: return QStringLiteral("step");
    case EventKind::Verified: return QStringLiteral("verified");
    case EventKind::Override: return QStringLiteral("override");
    case EventKind::RunAnyway: return QStringLiteral("run-anyway");
    }
    return {};
}

std::optional<StepOutcome> stepOutcomeFromString(const QString &text)
{
    for (auto o : {StepOutcome::Applied, StepOutcome::Skipped, StepOutcome::Declined, StepOutcome::Failed}) {
        if (toString(o) == text)
            return o;
    }
    return std::nullopt;
}

std::optional<EventKind> eventKindFromString(const QString &text)
{
    for (auto k : {EventKind::Entered, EventKind::Answered, EventKind::Step, EventKind::Verified, EventKind::Override,
                   EventKind::RunAnyway}) {
        if (toString(k) == text)
            return k;
    }
    return std::nullopt;
}

} // namespace td::flow
