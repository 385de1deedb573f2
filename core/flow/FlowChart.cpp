// SPDX-License-Identifier: GPL-3.0-or-later
#include "flow/FlowChart.h"

namespace td::flow {

using checks::FixFamily;

namespace {

// Source texts stay untranslated in the table and are translated on each
// call, so that a language switch at run time is honoured.
struct NodeRow {
    const char *id;
    NodeKind kind;
    const char *title;
    std::optional<FixFamily> family;
    bool needsFindings;
};

struct EdgeRow {
    const char *from;
    const char *to;
    EdgeCondition condition;
    const char *label;
};

const NodeRow kNodes[] = {
    {"start", NodeKind::Start, QT_TRANSLATE_NOOP("FlowChart", "Start: PyTorch does not work"), std::nullopt, false},
    {"urgent", NodeKind::Question, QT_TRANSLATE_NOOP("FlowChart", "Is it urgent?"), std::nullopt, false},
    // Answering "urgent" is the user's choice of Docker, so it is never passed by.
    {"docker", NodeKind::Repair, QT_TRANSLATE_NOOP("FlowChart", "Run the project in Docker"), FixFamily::Docker, false},
    {"env", NodeKind::Repair, QT_TRANSLATE_NOOP("FlowChart", "Repair the environment variables"), FixFamily::Env, true},
    {"env-check", NodeKind::Verification, QT_TRANSLATE_NOOP("FlowChart", "Solved?"), std::nullopt, false},
    {"reinstall", NodeKind::Repair, QT_TRANSLATE_NOOP("FlowChart", "Reinstall PyTorch"), FixFamily::Reinstall, true},
    {"reinstall-check", NodeKind::Verification, QT_TRANSLATE_NOOP("FlowChart", "Solved?"), std::nullopt, false},
    {"system", NodeKind::Repair, QT_TRANSLATE_NOOP("FlowChart", "System-level repair"), FixFamily::System, true},
    // The seed goes from the system step straight to "done"; checking again
    // is what tells the user what remains.
    {"system-check", NodeKind::Verification, QT_TRANSLATE_NOOP("FlowChart", "Solved?"), std::nullopt, false},
    {"done", NodeKind::Done, QT_TRANSLATE_NOOP("FlowChart", "Done"), std::nullopt, false},
};

const EdgeRow kEdges[] = {
    {"start", "urgent", EdgeCondition::Next, ""},
    {"urgent", "docker", EdgeCondition::Yes, QT_TRANSLATE_NOOP("FlowChart", "yes")},
    {"urgent", "env", EdgeCondition::No, QT_TRANSLATE_NOOP("FlowChart", "no")},
    {"docker", "done", EdgeCondition::Yes, QT_TRANSLATE_NOOP("FlowChart", "it works")},
    // Not in the seed: a Docker set-up that fails should not be a dead end.
    {"docker", "env", EdgeCondition::No, QT_TRANSLATE_NOOP("FlowChart", "it did not work")},
    {"env", "env-check", EdgeCondition::Next, ""},
    {"env", "reinstall", EdgeCondition::Skipped, QT_TRANSLATE_NOOP("FlowChart", "not run")},
    {"env-check", "done", EdgeCondition::Yes, QT_TRANSLATE_NOOP("FlowChart", "yes")},
    {"env-check", "reinstall", EdgeCondition::No, QT_TRANSLATE_NOOP("FlowChart", "no")},
    {"reinstall", "reinstall-check", EdgeCondition::Next, ""},
    {"reinstall", "system", EdgeCondition::Skipped, QT_TRANSLATE_NOOP("FlowChart", "not run")},
    {"reinstall-check", "done", EdgeCondition::Yes, QT_TRANSLATE_NOOP("FlowChart", "yes")},
    {"reinstall-check", "system", EdgeCondition::No, QT_TRANSLATE_NOOP("FlowChart", "no")},
    {"system", "system-check", EdgeCondition::Next, ""},
    {"system", "done", EdgeCondition::Skipped, QT_TRANSLATE_NOOP("FlowChart", "not run")},
    {"system-check", "done", EdgeCondition::Yes, QT_TRANSLATE_NOOP("FlowChart", "yes")},
    {"system-check", "done", EdgeCondition::No, QT_TRANSLATE_NOOP("FlowChart", "no")},
};

FlowNode toNode(const NodeRow &row)
{
    return FlowNode{QLatin1String(row.id), row.kind, FlowChart::tr(row.title), row.family, row.needsFindings};
}

FlowEdge toEdge(const EdgeRow &row)
{
    const QLatin1String label(row.label);
    return FlowEdge{QLatin1String(row.from), QLatin1String(row.to), row.condition,
                    label.isEmpty() ? QString() : FlowChart::tr(row.label)};
}

} // namespace

QList<FlowNode> FlowChart::nodes()
{
    QList<FlowNode> out;
    for (const NodeRow &row : kNodes)
        out << toNode(row);
    return out;
}

QList<FlowEdge> FlowChart::edges()
{
    QList<FlowEdge> out;
    for (const EdgeRow &row : kEdges)
        out << toEdge(row);
    return out;
}

QString FlowChart::repairName(const QString &family)
{
    const auto step = node(family);
    return step && step->family ? tr("%1 (`%2`)", "a repair's title, then its name").arg(step->title, family)
                                : u'`' + family + u'`';
}

std::optional<FlowNode> FlowChart::node(const QString &id)
{
    for (const NodeRow &row : kNodes) {
        if (id == QLatin1String(row.id))
            return toNode(row);
    }
    return std::nullopt;
}

std::optional<FlowEdge> FlowChart::edgeFrom(const QString &from, EdgeCondition condition)
{
    for (const EdgeRow &row : kEdges) {
        if (row.condition == condition && from == QLatin1String(row.from))
            return toEdge(row);
    }
    return std::nullopt;
}

QString toString(NodeKind kind)
{
    switch (kind) {
    case NodeKind::Start: return QStringLiteral("start");
    case NodeKind::Question: return QStringLiteral("question");
    case NodeKind::Repair: return QStringLiteral("repair");
    case NodeKind::Verification: return QStringLiteral("verification");
    case NodeKind::Done: return QStringLiteral("done");
    }
    return {};
}

QString toString(EdgeCondition condition)
{
    switch (condition) {
    case EdgeCondition::Next: return QStringLiteral("next");
    case EdgeCondition::Yes: return QStringLiteral("yes");
    case EdgeCondition::No: return QStringLiteral("no");
    case EdgeCondition::Skipped: return QStringLiteral("skipped");
    }
    return {};
}

} // namespace td::flow
