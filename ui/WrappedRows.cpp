// SPDX-License-Identifier: GPL-3.0-or-later
#include "WrappedRows.h"

#include <algorithm>

#include <QHeaderView>
#include <QStyledItemDelegate>
#include <QTreeView>

namespace td::ui {

namespace {

// QTreeView asks a row's height without a width, so the delegate gives it the room the row
// really has: the column less the indentation of its depth.
class WrappingDelegate : public QStyledItemDelegate {
public:
    explicit WrappingDelegate(QTreeView *view) : QStyledItemDelegate(view), m_view(view) {}
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        int depth = m_view->rootIsDecorated() ? 1 : 0;
        for (QModelIndex parent = index.parent(); parent.isValid(); parent = parent.parent())
            ++depth;
        QStyleOptionViewItem room = option;
        // Only the width counts, but the style wraps only within a valid rectangle.
        room.rect = QRect(0, 0, std::max(1, m_view->columnWidth(index.column()) - depth * m_view->indentation()), 1);
        return QStyledItemDelegate::sizeHint(room, index);
    }

private:
    QTreeView *m_view;
};

} // namespace

void wrapRows(QTreeView *view)
{
    view->setTextElideMode(Qt::ElideNone);
    view->setWordWrap(true);
    view->setUniformRowHeights(false);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view->header()->setStretchLastSection(true);
    view->setItemDelegate(new WrappingDelegate(view));
    // A new width wraps the rows anew: their heights are asked again.
    QObject::connect(view->header(), &QHeaderView::sectionResized, view, [view] { view->doItemsLayout(); });
}

} // namespace td::ui
