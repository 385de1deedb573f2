// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What moves data in or out: the live release list (Qt Network) and the zip support bundle
// (libarchive). Qt Network, libarchive and what they load are 18 of the 38 libraries the
// program loaded at start, and only `check --refresh` and `report --bundle` use them: on
// Linux they live in a module of their own (torchdoctor-transfer), loaded by those alone;
// elsewhere (windeployqt and macdeployqt deploy what the executable links) they are linked in.

#include "Module.h"
#include "knowledge/ReleaseIndex.h"
#include "report/Bundle.h"

#include <QString>
#include <QUrl>

#include <optional>

namespace td::app {

struct Transfer {
    // Fetches the release list, waiting for it in an event loop of its own.
    platform::Result<knowledge::ReleaseIndex> (*fetchReleaseIndex)(const QUrl &url, int timeoutMs);
    QString (*writeZipBundle)(const QString &path, const QList<report::BundleEntry> &entries,
                              const report::BundleOptions &options);
};

// The transfer functions, the module loaded on first use; an Error when it cannot be loaded.
platform::Result<const Transfer *> transfer();

} // namespace td::app

#define TD_TRANSFER_ENTRY "td_transfer"

TD_MODULE_ENTRY const td::app::Transfer *td_transfer();
