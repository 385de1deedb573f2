// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <functional>

namespace td::report {

struct BundleEntry {
    QString name; // relative path inside the zip, '/' separated, UTF-8 in the archive
    QByteArray data;
};

struct BundleOptions {
    // Called after each entry with how many are done; returning false cancels
    // the export (nothing is written).
    std::function<bool(qsizetype done, qsizetype total)> progress;
};

// Writes a zip (deflated, UTF-8 names, 0644, the current time) atomically: the
// file at `path` is replaced only once the whole archive has been written, so
// a failed or interrupted export never leaves half a file over a good one.
// Returns "" on success, else what went wrong and why.
QString writeZipBundle(const QString &path, const QList<BundleEntry> &entries, const BundleOptions &options = {});

} // namespace td::report
