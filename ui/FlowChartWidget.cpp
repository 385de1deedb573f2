// SPDX-License-Identifier: GPL-3.0-or-later
#include "FlowChartWidget.h"

#include "Theme.h"

#include <QEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace td::ui {

using flow::FlowEdge;
using flow::FlowNode;
using flow::NodeKind;

namespace {

// Longest distance from the start: each node gets a row of its own below all its predecessors.
QMap<QString, int> ranksOf(const QList<FlowNode> &nodes, const QList<FlowEdge> &edges)
{
    QMap<QString, int> rank;
    for (const FlowNode &n : nodes)
        rank.insert(n.id, 0);
    // The chart has no cycles: relaxing as many times as it has nodes settles it.
    for (qsizetype round = 0; round < nodes.size(); ++round) {
        bool changed = false;
        for (const FlowEdge &e : edges) {
            if (rank.value(e.to) < rank.value(e.from) + 1 && rank.contains(e.to)) {
                rank[e.to] = rank.value(e.from) + 1;
                changed = true;
            }
        }
        if (!changed)
            break;
    }
    return rank;
}

} // namespace

FlowChartWidget::FlowChartWidget(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("flowChart"));
    setFocusPolicy(Qt::TabFocus);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Expanding);
    layoutChart();
    updateAccessibleText();
}

void FlowChartWidget::setPath(const QStringList &path)
{
    m_path = path;
    updateAccessibleText();
    update();
}

bool FlowChartWidget::onPath(const QString &from, const QString &to) const
{
    for (qsizetype i = 0; i + 1 < m_path.size(); ++i)
        if (m_path[i] == from && m_path[i + 1] == to)
            return true;
    return false;
}

void FlowChartWidget::layoutChart()
{
    m_nodes = flow::FlowChart::nodes();
    m_edges = flow::FlowChart::edges();
    const QMap<QString, int> rank = ranksOf(m_nodes, m_edges);

    std::stable_sort(m_nodes.begin(), m_nodes.end(),
                     [&](const FlowNode &a, const FlowNode &b) { return rank.value(a.id) < rank.value(b.id); });

    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const QFontMetrics bfm(bold);          // the current node's title is bold: size every box for that
    const int boxWidth = fm.height() * 10; // not the average character width: a CJK font's is twice as large
    const int pad = fm.height() / 3 + 2;
    const int gap = fm.height() + 6;
    const int margin = fm.height() / 2 + 2;

    // Lanes for the edges that jump over rows: an interval per edge, packed greedily.
    m_laneOfEdge.clear();
    QList<int> laneEnds;
    for (qsizetype i = 0; i < m_edges.size(); ++i) {
        const int from = rank.value(m_edges[i].from);
        const int to = rank.value(m_edges[i].to);
        if (to - from <= 1)
            continue;
        int lane = 0;
        while (lane < laneEnds.size() && laneEnds[lane] > from)
            ++lane;
        if (lane == laneEnds.size())
            laneEnds << to;
        else
            laneEnds[lane] = to;
        m_laneOfEdge.insert(static_cast<int>(i), lane);
    }
    m_lanes = static_cast<int>(laneEnds.size());

    m_rects.clear();
    int y = margin;
    for (const FlowNode &n : std::as_const(m_nodes)) {
        const QRect text = bfm.boundingRect(QRect(0, 0, boxWidth - 2 * pad, 10000), Qt::TextWordWrap, n.title);
        const qreal h = text.height() + 2 * pad;
        m_rects.insert(n.id, QRectF(margin, y, boxWidth, h));
        y += static_cast<int>(h) + gap;
    }
    int labelWidth = 0;
    for (const FlowEdge &e : std::as_const(m_edges))
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(e.label));
    const int laneGap = fm.height() / 2 + 6;
    m_contentSize = QSize(margin * 2 + boxWidth + (m_lanes + 1) * laneGap + labelWidth / 2, y - gap + margin);
    updateGeometry();
}

QSize FlowChartWidget::sizeHint() const
{
    return m_contentSize;
}

QSize FlowChartWidget::minimumSizeHint() const
{
    return (QSizeF(m_contentSize) * kMinScale).toSize();
}

qreal FlowChartWidget::paintScale() const
{
    const qreal fit = std::min(1.0, std::min(static_cast<qreal>(height()) / std::max(1, m_contentSize.height()),
                                             static_cast<qreal>(width()) / std::max(1, m_contentSize.width())));
    return std::max(kMinScale, fit);
}

QFont FlowChartWidget::labelFont() const
{
    QFont f = font();
    f.setPointSizeF(font().pointSizeF() * 0.9);
    return f;
}

qreal FlowChartWidget::labelPixelHeight() const
{
    return QFontMetricsF(labelFont()).height() * paintScale();
}

void FlowChartWidget::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        layoutChart();
        updateAccessibleText();
        update();
    }
    QWidget::changeEvent(event);
}

void FlowChartWidget::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    update();
}

void FlowChartWidget::updateAccessibleText()
{
    setAccessibleName(tr("Repair flowchart"));
    QStringList titles;
    for (const QString &id : std::as_const(m_path))
        if (const auto node = flow::FlowChart::node(id))
            titles << node->title;
    const QString current = titles.isEmpty() ? tr("the start") : titles.last();
    const QString text = tr("You are at: %1. The path so far: %2.")
                             .arg(current, titles.isEmpty() ? tr("none yet") : titles.join(QStringLiteral(" → ")));
    setAccessibleDescription(text);
    setToolTip(text);
}

void FlowChartWidget::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const QFontMetrics fm(font());
    // Scale down a little (never up) when the window gives less room than the chart wants.
    const qreal scale = paintScale();
    p.scale(scale, scale);

    const QColor accent = pal.color(QPalette::Highlight);
    const QColor line = pal.color(QPalette::WindowText);
    const QColor faint = pal.color(QPalette::Disabled, QPalette::WindowText);
    const int laneGap = fm.height() / 2 + 6;
    const QFont labelFont = this->labelFont();
    const QFontMetrics lfm(labelFont);

    auto arrowHead = [&](QPointF tip, QPointF direction, const QColor &color) {
        const QPointF d = direction / std::max(0.001, std::hypot(direction.x(), direction.y()));
        const QPointF n(-d.y(), d.x());
        const qreal size = fm.height() / 3.0;
        QPolygonF head;
        head << tip << tip - d * size + n * size / 2 << tip - d * size - n * size / 2;
        p.setBrush(color);
        p.setPen(Qt::NoPen);
        p.drawPolygon(head);
    };
    auto drawLabel = [&](QPointF at, const QString &text, const QColor &color) {
        if (text.isEmpty())
            return;
        p.setFont(labelFont);
        const QRectF r(at, QSizeF(lfm.horizontalAdvance(text) + 4, lfm.height()));
        p.fillRect(r, pal.color(QPalette::Window));
        p.setPen(color);
        p.drawText(r, Qt::AlignCenter, text);
        p.setFont(font());
    };

    // Edges first, so that the boxes sit on top. Parallel edges share one line and one label.
    QMap<QString, QStringList> labels;
    for (const FlowEdge &e : std::as_const(m_edges))
        labels[e.from + u'>' + e.to] << e.label;
    QStringList drawn;
    for (qsizetype i = 0; i < m_edges.size(); ++i) {
        const FlowEdge &e = m_edges[i];
        const QString key = e.from + u'>' + e.to;
        if (drawn.contains(key))
            continue;
        drawn << key;
        QStringList texts = labels.value(key);
        texts.removeAll(QString());
        const QString label = texts.join(QStringLiteral(" / "));
        const QRectF a = m_rects.value(e.from);
        const QRectF b = m_rects.value(e.to);
        const bool taken = onPath(e.from, e.to);
        const QColor color = taken ? accent : (m_path.isEmpty() ? line : faint);
        QPen pen(color, taken ? 3.0 : 1.2);
        p.setPen(pen);
        p.setBrush(Qt::NoBrush);
        if (!m_laneOfEdge.contains(static_cast<int>(i))) {
            const QPointF from(a.center().x(), a.bottom());
            const QPointF to(b.center().x(), b.top());
            p.drawLine(from, to - QPointF(0, fm.height() / 3.0));
            arrowHead(to, to - from, color);
            drawLabel(QPointF(from.x() + 4, (from.y() + to.y()) / 2 - lfm.height() / 2.0), label, color);
        } else {
            const int lane = m_laneOfEdge.value(static_cast<int>(i));
            const qreal x = a.right() + laneGap * (lane + 1);
            const qreal y1 = a.center().y() + fm.height() / 4.0;
            const qreal y2 = b.center().y() - fm.height() / 4.0 + lane * 2.0;
            QPainterPath path(QPointF(a.right(), y1));
            path.lineTo(x, y1);
            path.lineTo(x, y2);
            path.lineTo(b.right() + fm.height() / 3.0, y2);
            p.drawPath(path);
            arrowHead(QPointF(b.right(), y2), QPointF(-1, 0), color);
            drawLabel(QPointF(x + 2, y1 + 2), label, color);
        }
    }

    const QString current = currentNode();
    for (const FlowNode &n : std::as_const(m_nodes)) {
        const QRectF r = m_rects.value(n.id);
        const bool isCurrent = n.id == current;
        const bool visited = m_path.contains(n.id);
        QColor fill = pal.color(QPalette::Base);
        QColor text = pal.color(QPalette::Text);
        if (isCurrent) {
            fill = accent;
            text = pal.color(QPalette::HighlightedText);
        }
        QPen pen(visited ? accent : line, visited ? 2.5 : 1.0);
        if (!visited && !m_path.isEmpty())
            pen.setStyle(Qt::DashLine);
        p.setPen(pen);
        p.setBrush(fill);
        switch (n.kind) {
        case NodeKind::Start:
        case NodeKind::Done: p.drawRoundedRect(r, r.height() / 2, r.height() / 2); break;
        case NodeKind::Question:
        case NodeKind::Verification: {
            const qreal k = r.height() / 2;
            QPolygonF hex;
            hex << QPointF(r.left(), r.center().y()) << QPointF(r.left() + k / 2, r.top())
                << QPointF(r.right() - k / 2, r.top()) << QPointF(r.right(), r.center().y())
                << QPointF(r.right() - k / 2, r.bottom()) << QPointF(r.left() + k / 2, r.bottom());
            p.drawPolygon(hex);
            break;
        }
        case NodeKind::Repair: p.drawRoundedRect(r, 4, 4); break;
        }
        QFont f = font();
        f.setBold(isCurrent);
        p.setFont(f);
        p.setPen(text);
        const int pad = fm.height() / 3 + 2;
        p.drawText(r.adjusted(pad, pad, -pad, -pad), Qt::AlignCenter | Qt::TextWordWrap, n.title);
    }
}

} // namespace td::ui
