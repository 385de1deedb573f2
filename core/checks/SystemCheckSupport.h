// SPDX-License-Identifier: GPL-3.0-or-later
// What the checks of SystemChecks.h share.
#pragma once

#include "knowledge/KnowledgeBase.h"
#include "python/Interpreter.h"

#include <QString>

namespace td::checks {

// "2.5.1+cu121" -> "cu121"; "" when there is no local label.
QString localLabel(const QString &version);

// "x86_64", "aarch64": the interpreter's CPU as the knowledge base names it.
QString machineOf(const python::Interpreter &in);

// Where a verdict rests on facts the knowledge base does not hold for this very release,
// the sentence that says so (empty when it does hold them).
QString inferenceNote(const knowledge::Release &release, const QString &field, const knowledge::KnowledgeBase &kb);

} // namespace td::checks
