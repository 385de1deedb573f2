// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loader/Graph.h"

#include <ostream>
#include <string>

namespace td::report {

// Writes the `deps --json` document (shape in the design's contracts) to
// `out` as it goes, in QJsonDocument's indented layout: however many roots,
// the document is never held in memory.
void writeDepsJson(const loader::Graph &graph, std::ostream &out);

struct DepsTextOptions {
    bool verbose = false;   // every tree in full, even for many roots
    int treeRootLimit = 20; // above this many roots, one line per root
};

// Writes a readable tree like libtree's, with every problem explained under it.
void writeDepsText(const loader::Graph &graph, std::ostream &out, const DepsTextOptions &options = {});

} // namespace td::report
