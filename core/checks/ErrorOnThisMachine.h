// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "checks/Finding.h"
#include "knowledge/KnowledgeBase.h"
#include "python/ImportError.h"

#include <QList>

namespace td::checks {

// A pasted error judged by what is on this machine: the native libraries of the package whose
// code raised it (its folder, from the traceback's paths) and the library that required the
// one that failed are walked with the loader's rules and `request.environment`, the way `check`
// walks torch's, and judged by the same library and environment checks, root causes first.
// Empty when the paste names no file that is here, or comes from another system.
QList<Finding> findingsOnThisMachine(const python::ClassifiedError &error, const CheckRequest &request,
                                     const knowledge::KnowledgeBase &kb);

// The finding to act on first: the first root cause, else the first error about the libraries or
// the environment, else the first error; nullptr when there is no error. `explain` and the test
// that holds it to `check` read a diagnosis the same way.
const Finding *leadFinding(const QList<Finding> &findings);

// The file a finding is about: the copy that loads, else the first path, else the library's name.
QString fileOfFinding(const QJsonObject &evidence);

} // namespace td::checks
