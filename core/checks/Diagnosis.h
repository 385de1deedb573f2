// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "checks/Finding.h"

#include <QDate>
#include <QList>
#include <QString>

namespace td::checks {

// What one run of the checks found: the facts it gathered and the findings.
// report/ renders it (report/CheckReport.h), fixes/ and the wizard act on it.
struct Diagnosis {
    Facts facts;
    QList<Finding> findings;
    QDate knowledgeDate;
    QString releasesSource; // "shipped", or the index the release list came from
    QDate releasesDate;     // the date of that release list
    qint64 elapsedMs = 0;
    bool cancelled = false;

    [[nodiscard]] bool hasErrors() const;
};

} // namespace td::checks
