// SPDX-License-Identifier: GPL-3.0-or-later
// The torch release list as the package index publishes it (PyPI's JSON API), fetched with a
// short timeout and cached with its date, so that a knowledge base older than the newest
// release still knows that release's Python range and platforms.
#pragma once

#include "platform/Result.h"

#include <QDate>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::knowledge {

struct IndexRelease {
    QString torch;           // "2.15"
    QString latest;          // "2.15.0": the newest patch with files that is not yanked
    QString released;        // "2026-10-28": the upload day of its first patch
    QStringList pythons;     // "3.11" ... "3.15t"
    QStringList platforms;   // "linux-x86_64", "windows-x86_64", "macos-arm64" ...
};

struct ReleaseIndex {
    QDate fetched;  // when it was read from the index
    QString source; // the URL it was read from
    QList<IndexRelease> releases;

    // Reads PyPI's answer for torch (https://pypi.org/pypi/torch/json): a clear error, never
    // a crash, for anything else.
    static platform::Result<ReleaseIndex> fromPypiJson(const QByteArray &answer);
    // The cache file's form, and back.
    [[nodiscard]] QByteArray toCache() const;
    static platform::Result<ReleaseIndex> fromCache(const QByteArray &cache);
};

} // namespace td::knowledge
