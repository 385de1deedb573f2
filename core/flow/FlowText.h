// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace td::flow {

class Flow;

// The chart as text for the terminal: every node with its branches, ">" at
// the current node, "*" at the nodes already passed, what happened at each,
// and the result once the flow is done.
QString describe(const Flow &flow);

} // namespace td::flow
