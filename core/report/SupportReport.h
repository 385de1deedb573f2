// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Diagnosis.h"
#include "report/SessionHistory.h"

#include <QJsonObject>
#include <QString>

namespace td::report {

struct ReportOptions {
    bool redact = true;     // false only for local use: the report says so in large letters
    int logLines = 80;      // the tail of the log file that goes in
    QString logFile;        // empty: no log
    SessionHistory history; // what happened before the state reported; empty: no "history"
};

// The support report: the `check` JSON (the design's contract) plus the
// schema version, when it was made, what was redacted, the environment
// variables that matter, the tail of the log, and the session's history
// (`history`: each stage in order, then "now", the state reported). Every string in it has
// been through the redactor (unless options.redact is false), so every
// format rendered from it is safe to share.
QJsonObject buildReport(const checks::Diagnosis &diagnosis, const ReportOptions &options = {});

// Renderings of a built report.
QString renderMarkdown(const QJsonObject &report); // pastes cleanly into a GitHub issue
QString renderHtml(const QJsonObject &report);     // one self-contained file, no scripts, prints well
QString renderText(const checks::Diagnosis &diagnosis, const ReportOptions &options, bool verbose);

// The variables a report shows (torch's loader, CUDA, Python, pip / uv
// indexes, proxies, Hugging Face), whatever their values hold.
bool isReportedVariable(const QString &name);

} // namespace td::report
