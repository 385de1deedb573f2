// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "flow/FlowChart.h"

#include <QMap>
#include <QRectF>
#include <QStringList>
#include <QWidget>

namespace td::ui {

// Draws the troubleshooting chart that core's FlowChart describes: every node
// and branch, the node the user is at, and the path taken so far. Nodes are
// placed by their longest distance from the start; branches that jump ahead
// run in lanes beside the column.
class FlowChartWidget : public QWidget {
    Q_OBJECT

public:
    explicit FlowChartWidget(QWidget *parent = nullptr);

    // `path`: the ids of the nodes entered, in order (Flow::path()); the last is the current one.
    void setPath(const QStringList &path);
    [[nodiscard]] QStringList path() const { return m_path; }
    [[nodiscard]] QString currentNode() const { return m_path.isEmpty() ? QString() : m_path.last(); }
    // Where a node is drawn (tests, and the screenshots' reviewers).
    [[nodiscard]] QRectF nodeRect(const QString &id) const { return m_rects.value(id); }

    // How much the chart is drawn smaller to fit: never below kMinScale, so that its text stays
    // readable at any font size and scale (the scroll area around it shows the rest).
    static constexpr qreal kMinScale = 0.9;
    [[nodiscard]] qreal paintScale() const;
    // The height of the branch labels' text as drawn, in pixels.
    [[nodiscard]] qreal labelPixelHeight() const;

    [[nodiscard]] QSize sizeHint() const override;
    [[nodiscard]] QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void layoutChart();
    void updateAccessibleText();
    [[nodiscard]] QFont labelFont() const;
    [[nodiscard]] bool onPath(const QString &from, const QString &to) const;

    QList<flow::FlowNode> m_nodes;
    QList<flow::FlowEdge> m_edges;
    QStringList m_path;
    QMap<QString, QRectF> m_rects;
    QMap<int, int> m_laneOfEdge; // edge index -> lane (0-based), for edges that jump ahead
    int m_lanes = 0;
    QSize m_contentSize;
};

} // namespace td::ui
