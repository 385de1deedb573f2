// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "loader/Graph.h"
#include "python/ImportError.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace td::checks {

// The library that really fails, behind the one an error message names:
// "fbgemm.dll" is only the first DLL of torch\lib that would not load; the
// walk of its imports finds libomp140.x86_64.dll missing.
struct Culprit {
    QString library;   // file name of the failing library
    QString path;      // its path, when it exists somewhere
    QString kind;      // the loader problem: "missing", "wrong-arch", "version-missing", ...
    QStringList chain; // from the library torch loads to the culprit: "fbgemm.dll", "libomp140.x86_64.dll"
    QString detail;    // the loader emulation's explanation (everywhere it looked)
};

// Looks for the loader problem that explains `error` in the walk of torch's
// libraries: the one reachable from the file the message names, else the
// one the message names itself, else the first error problem.
std::optional<Culprit> findCulprit(const python::ClassifiedError &error, const loader::Graph &graph);

// A loader problem ("not-a-library", "shadowed") in the user's words: "cannot be loaded".
QString problemWords(const QString &kind);

// The chain of library names from a root to library `target` (empty if none).
QStringList chainTo(const loader::Graph &graph, std::size_t target);

} // namespace td::checks
