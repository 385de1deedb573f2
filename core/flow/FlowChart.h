// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <optional>

namespace td::flow {

enum class NodeKind { Start, Question, Repair, Verification, Done };

// What makes the flow leave a node along an edge.
enum class EdgeCondition {
    Next,    // unconditional; from a repair step: the step ran (applied or failed)
    Yes,     // the question or verification said yes (from Docker: it works)
    No,      // ... said no (from Docker: it did not work)
    Skipped, // the repair step did not run (skipped or declined): its verification is passed by
};

struct FlowNode {
    QString id;
    NodeKind kind = NodeKind::Start;
    QString title; // translated
    std::optional<checks::FixFamily> family;
    // A repair step that is passed by when no finding lists its family.
    bool needsFindings = false;
};

struct FlowEdge {
    QString from;
    QString to;
    EdgeCondition condition = EdgeCondition::Next;
    QString label; // translated; empty for plain "next"
};

// The troubleshooting chart of the seed article, as a table: Start -> "Is it
// urgent?" -> yes: Docker -> Done; no: environment repair -> solved? -> no:
// reinstall -> solved? -> no: system repair -> verification -> Done. The
// Flow walks this table; the wizard draws it.
class FlowChart {
    Q_DECLARE_TR_FUNCTIONS(FlowChart)

public:
    static QList<FlowNode> nodes();
    static QList<FlowEdge> edges();
    static std::optional<FlowNode> node(const QString &id);
    static std::optional<FlowEdge> edgeFrom(const QString &from, EdgeCondition condition);
    // A repair as reports name it: its step's title, then the name `torchdoctor fix` takes
    // ("Repair the environment variables (`env`)"); an unknown name as it is.
    static QString repairName(const QString &family);

    static QString startId() { return QStringLiteral("start"); }
    static QString urgentId() { return QStringLiteral("urgent"); }
    static QString dockerId() { return QStringLiteral("docker"); }
    static QString envId() { return QStringLiteral("env"); }
    static QString envCheckId() { return QStringLiteral("env-check"); }
    static QString reinstallId() { return QStringLiteral("reinstall"); }
    static QString reinstallCheckId() { return QStringLiteral("reinstall-check"); }
    static QString systemId() { return QStringLiteral("system"); }
    static QString systemCheckId() { return QStringLiteral("system-check"); }
    static QString doneId() { return QStringLiteral("done"); }
};

QString toString(NodeKind kind);
QString toString(EdgeCondition condition);

} // namespace td::flow
