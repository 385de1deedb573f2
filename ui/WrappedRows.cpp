// SPDX-License-Identifier: GPL-3.0-or-later
#include "WrappedRows.h"

#include <algorithm>
#include <functional>

#include <QHeaderView>
#include <QListView>
#include <QStyledItemDelegate>
#include <QTreeView>

namespace td::ui {

namespace {

// Item views ask a row's height without a width, so the delegate gives it the room the row
// really has (`width`).
class WrappingDelegate : public QStyledItemDelegate {
public:
    WrappingDelegate(QObject *view, std::function<int(const QModelIndex &)> width)
        : QStyledItemDelegate(view), m_width(std::move(width))
    {
    }
    [[nodiscard]] QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        QStyleOptionViewItem room = option;
        // Only the width counts, but the style wraps only within a valid rectangle.
        room.rect = QRect(0, 0, std::max(1, m_width(index)), 1);
        return QStyledItemDelegate::sizeHint(room, index);
    }

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->text = breakableText(option->text);
    }

private:
    std::function<int(const QModelIndex &)> m_width;
};

template <typename View> // QTreeView and QListView each have their own setWordWrap()
void wrapText(View *view)
{
    view->setTextElideMode(Qt::ElideNone);
    view->setWordWrap(true);
    view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

} // namespace

void wrapRows(QTreeView *view)
{
    wrapText(view);
    view->setUniformRowHeights(false);
    view->header()->setStretchLastSection(true);
    // A row's room: its column less the indentation of its depth.
    view->setItemDelegate(new WrappingDelegate(view, [view](const QModelIndex &index) {
        int depth = view->rootIsDecorated() ? 1 : 0;
        for (QModelIndex parent = index.parent(); parent.isValid(); parent = parent.parent())
            ++depth;
        return view->columnWidth(index.column()) - depth * view->indentation();
    }));
    // A new width wraps the rows anew: their heights are asked again.
    QObject::connect(view->header(), &QHeaderView::sectionResized, view, [view] { view->doItemsLayout(); });
}

void wrapRows(QListView *view)
{
    wrapText(view);
    view->setUniformItemSizes(false);
    view->setResizeMode(QListView::Adjust); // a new width lays the rows out anew
    view->setItemDelegate(new WrappingDelegate(
        view, [view](const QModelIndex &) { return view->viewport()->width() - 2 * view->spacing(); }));
}

QString breakableText(const QString &text)
{
    if (!text.contains(u'\\'))
        return text;
    QString out;
    out.reserve(text.size() + text.count(u'\\'));
    for (const QChar c : text) {
        out += c;
        if (c == u'\\')
            out += QChar(0x200B); // ZERO WIDTH SPACE: a place to break, drawn as nothing
    }
    return out;
}

} // namespace td::ui
