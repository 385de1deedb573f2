// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loader/Graph.h"

#include <QJsonObject>
#include <QString>

#include <string>

namespace td::report {

// Bytes from the file system as text: valid UTF-8 is kept, every byte that is
// not becomes "\xNN", so that odd file names survive into JSON unambiguously.
QString fromNativeBytes(const std::string &bytes);

// The `deps --json` document (shape in the design's contracts).
QJsonObject depsToJson(const loader::Graph &graph);

struct DepsTextOptions {
    bool verbose = false;   // every tree in full, even for many roots
    int treeRootLimit = 20; // above this many roots, one line per root
};

// A readable tree like libtree's, with every problem explained under it.
QString depsToText(const loader::Graph &graph, const DepsTextOptions &options = {});

} // namespace td::report
