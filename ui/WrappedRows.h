// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QTreeView;

namespace td::ui {

// Long rows stay whole and in sight: they wrap within the view's width, which never scrolls
// sideways, and each row is as tall as its wrapped text at the width it has.
void wrapRows(QTreeView *view);

} // namespace td::ui
