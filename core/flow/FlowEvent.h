// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::flow {

// How a repair step ended, as the caller (or the flow itself) reports it.
enum class StepOutcome {
    Applied,  // the fix ran to the end
    Skipped,  // not run: nothing for it to repair, or passed over
    Declined, // the user said no to the plan
    Failed,   // the fix ran and failed (it may have changed things: verify)
};

enum class EventKind {
    Entered,   // the flow arrived at `node`
    Answered,  // the urgency question: `yes`
    Step,      // a repair step ended: `outcome`, `reason`
    Verified,  // the checks ran again: `yes` = solved, `remaining`, `resolved`
    Override,  // the user overrode the answer at `node`: `yes` = solved
    RunAnyway, // the user chose to run a step that had been skipped
};

// One line of the flow's history, in order.
struct FlowEvent {
    QDateTime at; // UTC
    EventKind kind = EventKind::Entered;
    QString node;
    std::optional<StepOutcome> outcome;
    bool yes = false;
    QString reason;        // translated; why a step was skipped or failed
    QStringList remaining; // Verified: ids of the error findings left
    QStringList resolved;  // Verified: ids that were there before and are gone

    [[nodiscard]] QJsonObject toJson() const;
    static std::optional<FlowEvent> fromJson(const QJsonObject &object);
};

QString toString(StepOutcome outcome);
QString toString(EventKind kind);
std::optional<StepOutcome> stepOutcomeFromString(const QString &text);
std::optional<EventKind> eventKindFromString(const QString &text);

} // namespace td::flow
