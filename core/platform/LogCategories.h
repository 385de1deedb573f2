// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLoggingCategory>

// One logging category per module. Each line of the log names its category ("[td.fixes] ..."), and
// QT_LOGGING_RULES picks what is written, e.g. "td.process.debug=false" or "td.*.info=false".
// Qt's message handler forwards them to the log (platform/Logging).
Q_DECLARE_LOGGING_CATEGORY(lcApp)      // td.app: the command line and the wizard's process
Q_DECLARE_LOGGING_CATEGORY(lcChecks)   // td.checks: the diagnosis
Q_DECLARE_LOGGING_CATEGORY(lcFixes)    // td.fixes: repairs, the journal, undo
Q_DECLARE_LOGGING_CATEGORY(lcKnowledge) // td.knowledge: the knowledge base and the release list
Q_DECLARE_LOGGING_CATEGORY(lcProcess)  // td.process: programs run and their exits
Q_DECLARE_LOGGING_CATEGORY(lcPython)   // td.python: interpreters and their probes
Q_DECLARE_LOGGING_CATEGORY(lcReport)   // td.report: reports and the session history
Q_DECLARE_LOGGING_CATEGORY(lcTerminal) // td.terminal: the environment a new terminal gets
