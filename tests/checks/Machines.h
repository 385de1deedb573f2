// SPDX-License-Identifier: GPL-3.0-or-later
// Machine states, stood up as facts, that the real checks judge into every finding id between them
// (tests/checks/FindingIds.h lists the ids the checks' sources can make).
#pragma once

#include "checks/Diagnosis.h"
#include "checks/Finding.h"

#include <QList>
#include <QProcessEnvironment>
#include <QString>

#include <string>
#include <vector>

namespace td::test {

struct Machine {
    std::string name;
    checks::Facts facts;
};

// Every finding id the checks can make is made by one of these.
std::vector<Machine> machines();
// A machine where every check has what it needs and finds nothing wrong.
checks::Facts healthyMachine();
// The findings of every check (allChecks()) on `facts`, each with its check's id.
QList<checks::Finding> judge(const checks::Facts &facts);
// A controlled environment: the test's own would put its values in the reports.
QProcessEnvironment plainEnvironment();
// What the system says when a file is not there: the message the compose reader quotes.
QString systemsWordsForAMissingFile();

} // namespace td::test
