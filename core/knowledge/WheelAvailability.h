// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "knowledge/KnowledgeBase.h"

#include <optional>

namespace td::knowledge {

// Why pip found no torch to install, from the release table: the wheels the release asked for has (its
// Pythons and platforms) and, from the versions pip did offer ("2.0.0, ..., 2.2.2", or "none"), what the
// release after the newest of them no longer has wheels for: the Python or the machine pip runs on is
// likely one of those. `wanted` is the requirement as pip printed it ("torch==2.3.0", "torch>=2.3").
// The sentences are errors.json's phrases wheelsOf, lostAfter and noVersionAtAll; without `offered` (uv lists
// no versions) only the first.
Text whyNoWheel(const QList<Release> &releases, const QMap<QString, Text> &phrases, const QString &wanted,
                const std::optional<QString> &offered);

} // namespace td::knowledge
