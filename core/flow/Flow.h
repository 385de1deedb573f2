// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"
#include "flow/FlowChart.h"
#include "flow/FlowEvent.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QStringList>

#include <optional>

namespace td::flow {

// One walk through the troubleshooting chart (FlowChart). The caller tells it
// what happened (the urgency answer, how each step ended, the findings after
// re-running the checks) and reads where it is now; every call is recorded
// in the history. A repair step whose family no finding lists is passed by on
// arrival, with the reason recorded; the user can still run it (runAnyway).
// Calls that do not fit the current node change nothing and return false.
class Flow {
    Q_DECLARE_TR_FUNCTIONS(Flow)

public:
    explicit Flow(QList<checks::Finding> initial);

    [[nodiscard]] const FlowNode &current() const { return m_current; }
    [[nodiscard]] static QList<FlowNode> nodes() { return FlowChart::nodes(); }
    [[nodiscard]] static QList<FlowEdge> edges() { return FlowChart::edges(); }

    // At "Is it urgent?".
    bool answerUrgent(bool urgent);
    // At a repair step. `detail`: why it failed or was skipped, for the record. `after`: the findings of the
    // check the step ran after itself, which answer its "solved?"; without them (a step that stopped on the
    // way) the flow waits at the verification for a diagnosis of the machine as the step left it.
    bool stepFinished(StepOutcome outcome, const QString &detail = {},
                      const std::optional<QList<checks::Finding>> &after = std::nullopt);
    // At a verification still to be answered: the machine must be diagnosed first.
    [[nodiscard]] bool awaitsDiagnosis() const { return !m_done && m_current.kind == NodeKind::Verification; }
    // At a verification: the findings of the checks that ran again.
    bool verified(QList<checks::Finding> after);
    // The user overrides the last "solved?" answer (or Docker's "it works"),
    // as long as nothing else has happened since.
    bool override(bool solved);
    // Go back to a step of `family` that was just passed by for lack of findings.
    bool runAnyway(checks::FixFamily family);

    [[nodiscard]] bool isDone() const { return m_done; }
    [[nodiscard]] bool solved() const { return m_done && m_solved; }
    [[nodiscard]] bool canOverride() const { return !m_decisionNode.isEmpty(); }
    [[nodiscard]] QStringList skippedSteps() const { return m_autoSkipped; } // node ids runAnyway can reopen

    [[nodiscard]] QList<checks::Finding> initialFindings() const { return m_initial; }
    [[nodiscard]] QList<checks::Finding> findings() const { return m_findings; } // the latest
    [[nodiscard]] QList<checks::Finding> remaining() const;                      // latest errors
    [[nodiscard]] QList<checks::Finding> findingsFor(checks::FixFamily family) const;

    [[nodiscard]] QList<FlowEvent> history() const { return m_history; }
    [[nodiscard]] QStringList path() const; // ids of the nodes entered, in order
    [[nodiscard]] bool visited(const QString &nodeId) const;

    [[nodiscard]] QJsonObject toJson() const;
    static std::optional<Flow> fromJson(const QJsonObject &object);

private:
    Flow() = default;
    void record(FlowEvent event);
    void enter(const QString &nodeId, EdgeCondition via);
    void follow(EdgeCondition condition);
    void decide(bool yes);
    void resetChoices();
    [[nodiscard]] std::optional<bool> lastAnswer() const; // of the last verification or override

    QList<checks::Finding> m_initial;
    QList<checks::Finding> m_findings;
    FlowNode m_current;
    bool m_done = false;
    bool m_solved = false;
    QString m_decisionNode; // where override() re-decides; empty when it cannot
    bool m_decisionYes = false;
    QStringList m_autoSkipped;
    QList<FlowEvent> m_history;
};

} // namespace td::flow
