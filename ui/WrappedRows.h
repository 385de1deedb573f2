// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QListView;
class QTreeView;

namespace td::ui {

// Long rows stay whole and in sight: they wrap within the view's width, which never scrolls
// sideways, and each row is as tall as its wrapped text at the width it has. (A path with no
// spaces breaks anywhere.)
void wrapRows(QTreeView *view);
void wrapRows(QListView *view);

} // namespace td::ui
