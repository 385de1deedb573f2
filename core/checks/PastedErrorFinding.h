// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"
#include "knowledge/KnowledgeBase.h"
#include "python/ImportError.h"

#include <optional>

namespace td::checks {

// "Windows", "Linux", "macOS" for python::systemOfError's words, in the current language.
QString systemName(const QString &system);

// An error message the person pasted, as a finding of its own ("pasted.error", info): what `explain`
// says of it (the cause, the file it names, the repairs), and, when it happened on another system
// than this one, that it must be repaired there. It goes into the diagnosis, so every report has it.
Finding pastedErrorFinding(const python::ClassifiedError &error,
                           const std::optional<knowledge::ErrorSignature> &signature, const knowledge::KnowledgeBase &kb,
                           const QString &language);

} // namespace td::checks
