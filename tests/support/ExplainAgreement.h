// SPDX-License-Identifier: GPL-3.0-or-later
// `explain` and `check` on the same machine say the same thing: what the tests hold them to.
#pragma once

#include "checks/Finding.h"

#include <optional>
#include <string>

namespace td::test {

// The finding `check --format json` leads with (checks::leadFinding over its findings); none without errors.
std::optional<checks::Finding> leadOfCheck(const std::string &checkJson);

// Compares `explain --json` on the message the real import printed with `check --format json` on the
// environment that printed it: the same finding leads, with the same title, about the same file, with the
// same first repair; and `explain`'s text (`explainText`) tells that cause, not what such a message usually
// means. Empty when they agree; else what differs, with the documents.
std::string explainDisagrees(const std::string &explainJson, const std::string &explainText,
                             const std::string &checkJson);

} // namespace td::test
