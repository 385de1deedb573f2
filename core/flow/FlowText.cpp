// SPDX-License-Identifier: GPL-3.0-or-later
#include "flow/FlowText.h"

#include "flow/Flow.h"

#include <QCoreApplication>

namespace td::flow {

namespace {

struct FlowText {
    Q_DECLARE_TR_FUNCTIONS(FlowText)
};

QString yesNo(bool yes)
{
    return yes ? FlowText::tr("yes") : FlowText::tr("no");
}

QString note(const FlowEvent &e)
{
    switch (e.kind) {
    case EventKind::Entered: return {};
    case EventKind::Answered: return FlowText::tr("answered: %1").arg(yesNo(e.yes));
    case EventKind::RunAnyway: return FlowText::tr("run at the user's request");
    case EventKind::Override:
        return e.yes ? FlowText::tr("the user says it is solved") : FlowText::tr("the user says it is not solved");
    case EventKind::Verified:
        if (e.yes)
            return FlowText::tr("checked again: no errors left");
        return FlowText::tr("checked again: %n error(s) left (%1)", nullptr, static_cast<int>(e.remaining.size()))
            .arg(e.remaining.join(QStringLiteral(", ")));
    case EventKind::Step:
        if (!e.outcome)
            return {};
        switch (*e.outcome) {
        case StepOutcome::Applied: return FlowText::tr("applied");
        case StepOutcome::Skipped: return FlowText::tr("skipped: %1").arg(e.reason);
        case StepOutcome::Declined: return FlowText::tr("declined: %1").arg(e.reason);
        case StepOutcome::Failed:
            return e.reason.isEmpty() ? FlowText::tr("failed") : FlowText::tr("failed: %1").arg(e.reason);
        }
    }
    return {};
}

} // namespace

QString describe(const Flow &flow)
{
    const QList<FlowNode> nodes = flow.nodes();
    const QList<FlowEdge> edges = flow.edges();
    const QList<FlowEvent> history = flow.history();
    const QStringList walked = flow.path();

    auto titleOf = [&nodes](const QString &id) {
        for (const FlowNode &n : nodes) {
            if (n.id == id)
                return n.title;
        }
        return id;
    };

    QString out = FlowText::tr("Repair flowchart (> where you are, * passed)") + QLatin1Char('\n');
    for (const FlowNode &node : nodes) {
        const bool here = node.id == flow.current().id;
        const QChar marker = here ? QLatin1Char('>') : walked.contains(node.id) ? QLatin1Char('*') : QLatin1Char(' ');
        QString line = QStringLiteral("  ") + marker + QLatin1Char(' ') + node.title;
        // What happened here last.
        for (auto it = history.crbegin(); it != history.crend(); ++it) {
            if (it->node != node.id)
                continue;
            const QString text = note(*it);
            if (!text.isEmpty()) {
                line += QStringLiteral("  [") + text + QLatin1Char(']');
                break;
            }
        }
        out += line + QLatin1Char('\n');
        for (const FlowEdge &edge : edges) {
            if (edge.from != node.id)
                continue;
            out += QStringLiteral("        ") + (edge.label.isEmpty() ? QString() : edge.label + QLatin1Char(' '))
                   + QStringLiteral("-> ") + titleOf(edge.to) + QLatin1Char('\n');
        }
    }

    if (!flow.isDone()) {
        out += FlowText::tr("Now: %1").arg(flow.current().title) + QLatin1Char('\n');
    } else if (flow.solved()) {
        out += FlowText::tr("Result: solved") + QLatin1Char('\n');
    } else {
        QStringList ids;
        for (const checks::Finding &f : flow.remaining())
            ids << f.id;
        out +=
            (ids.isEmpty() ? FlowText::tr("Result: not solved")
                           : FlowText::tr("Result: not solved; still failing: %1").arg(ids.join(QStringLiteral(", "))))
            + QLatin1Char('\n');
    }
    return out;
}

} // namespace td::flow
