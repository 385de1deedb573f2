// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/LogCategories.h"

Q_LOGGING_CATEGORY(lcApp, "td.app")
Q_LOGGING_CATEGORY(lcChecks, "td.checks")
Q_LOGGING_CATEGORY(lcFixes, "td.fixes")
Q_LOGGING_CATEGORY(lcKnowledge, "td.knowledge")
Q_LOGGING_CATEGORY(lcProcess, "td.process")
Q_LOGGING_CATEGORY(lcPython, "td.python")
Q_LOGGING_CATEGORY(lcReport, "td.report")
Q_LOGGING_CATEGORY(lcTerminal, "td.terminal")
