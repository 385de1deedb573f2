// SPDX-License-Identifier: GPL-3.0-or-later
// One explanation of a pasted error message. `explain`, the wizard's paste box and its card above the
// findings, and the reports present this answer and decide nothing of their own.
#pragma once

#include "checks/Diagnosis.h"
#include "checks/Facts.h"
#include "checks/Finding.h"
#include "knowledge/KnowledgeBase.h"
#include "python/ImportError.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::checks {

// A repair that fits the pasted error: its family ("env"), what it does, the commands that do it by hand.
struct ExplainedRepair {
    QString family;
    QString text;
    QStringList commands;
};

struct Explanation {
    python::ClassifiedError error;
    // The knowledge base's entry for the message's wording: what such a message usually means.
    std::optional<knowledge::ErrorSignature> signature;
    // The files the message names that are here, judged as `check` judges them, root causes first.
    QList<Finding> here;
    std::optional<Finding> lead; // the finding to act on first among them; then it is the cause

    bool recognized = false;   // the message has a shape, a wording or a cause core knows
    QString system;            // where it happened ("windows", "linux", "macos"); empty: not told
    bool otherSystem = false;  // ... not on this system: explained here, repaired there
    QString title;             // the cause found here, else the knowledge base's title for the message
    QStringList cause;         // why: the finding's detail, else the knowledge base's cause, as a possibility
    bool likely = false;       // the cause is the knowledge base's, not confirmed for this paste
    QString packageToFix;      // the package the error comes from, when the message says ("torchvision")
    QList<ExplainedRepair> repairs; // the lead finding's repairs, else the knowledge base's
    QList<knowledge::WrongAdvice> wrongAdvice; // advice people meet next to this message, and why to skip it
    QStringList lookAt;        // what to run next to see the whole picture
    QString language;          // of the texts above ("en", "zh_CN")

    [[nodiscard]] bool foundHere() const { return lead.has_value(); }
};

// Reads `text` (a message copied from a console, in any language) and judges the files it names on this
// machine with `request`'s environment. Texts are in `language`.
Explanation explainPaste(const QString &text, const CheckRequest &request, const knowledge::KnowledgeBase &kb,
                         const QString &language);

// Where else to judge a paste that this environment does not explain: the environment a new terminal gets, as
// `diagnosis` read it, when it differs from `own` in what decides which Python runs and what it loads. A program
// started from the desktop lacks what ~/.bashrc adds; the traceback came from a terminal.
std::optional<QProcessEnvironment> pasteEnvironment(const Explanation &explanation, const Diagnosis &diagnosis,
                                                    const QProcessEnvironment &own);

// The explanation as a finding of its own ("pasted.error", info), so that every report carries it.
Finding pastedErrorFinding(const Explanation &explanation);

// `explain --json`'s document, and its text.
QJsonObject explanationJson(const Explanation &explanation);
QString explanationText(const Explanation &explanation);

// "Windows", "Linux", "macOS" for python::systemOfError's words, in the current language.
QString systemName(const QString &system);

// "missing-shared-object", "win-error" ... for a classified error's kind.
QString kindName(python::ClassifiedError::Kind kind);

} // namespace td::checks
