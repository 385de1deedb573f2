// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Diagnosis.h"

#include <QJsonObject>
#include <QString>

namespace td::report {

// The `check --format json` document (shape in the design's contracts).
QJsonObject checkToJson(const checks::Diagnosis &report);

struct CheckTextOptions {
    bool verbose = false; // every detail, the evidence, infos, and every interpreter found
};

// A summary like flutter doctor's: one line per area with ✓ / ! / ✗ and
// what is wrong beneath it.
QString checkToText(const checks::Diagnosis &report, const CheckTextOptions &options = {});

} // namespace td::report
