// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QListView;
class QString;
class QTreeView;

namespace td::ui {

// Long rows stay whole and in sight: they wrap within the view's width, which never scrolls
// sideways, and each row is as tall as its wrapped text at the width it has. (A path with no
// spaces breaks anywhere.)
void wrapRows(QTreeView *view);
void wrapRows(QListView *view);

// A row's text as a wrapped row shows it: a Windows path may break after each backslash, which
// Unicode's line breaking (and so Qt's word wrap) does not allow by itself.
QString breakableText(const QString &text);

} // namespace td::ui
