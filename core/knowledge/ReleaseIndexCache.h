// SPDX-License-Identifier: GPL-3.0-or-later
// Where the live release list comes from, and its cache in the app-data folder. No network here:
// the fetch itself (ReleaseIndexFetch) is in td_core_transfer, which only what fetches links.
#pragma once

#include "knowledge/ReleaseIndex.h"

#include <QString>
#include <QUrl>

#include <optional>

namespace td::knowledge {

class ReleaseIndexCache {
public:
    static constexpr auto defaultUrl = "https://pypi.org/pypi/torch/json";

    // The index to fetch: TORCHDOCTOR_RELEASE_INDEX when set (a mirror, or a recorded index in
    // the tests), else PyPI's; and how long a fetch may take.
    static QUrl configuredUrl();
    static constexpr int defaultTimeoutMs = 5000;

    // The cached index in the app-data folder, and where it lives.
    static QString cachePath();
    static std::optional<ReleaseIndex> loadCache(const QString &path = cachePath());
    static bool saveCache(const ReleaseIndex &index, const QString &path = cachePath());
};

} // namespace td::knowledge
