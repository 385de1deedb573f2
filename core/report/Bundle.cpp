// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/Bundle.h"

#include "platform/FileIo.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QSet>

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <memory>

namespace td::report {

namespace {

struct BundleText {
    Q_DECLARE_TR_FUNCTIONS(Bundle)
};

struct ArchiveDeleter {
    void operator()(archive *a) const { archive_write_free(a); }
};
struct EntryDeleter {
    void operator()(archive_entry *e) const { archive_entry_free(e); }
};

// Where the archive goes. A failed write is remembered, and everything after
// it dropped, rather than reported to libarchive: a fatal archive does not
// release its compressor, while a normal close does.
struct Sink {
    platform::AtomicFile *file = nullptr;
    QString error;
    bool discard = false;
};

la_ssize_t writeCallback(archive *, void *clientData, const void *buffer, size_t length)
{
    auto *sink = static_cast<Sink *>(clientData);
    if (sink->discard || !sink->error.isEmpty())
        return static_cast<la_ssize_t>(length);
    if (auto written = sink->file->write(static_cast<const char *>(buffer), static_cast<qint64>(length)); !written)
        sink->error = written.error();
    return static_cast<la_ssize_t>(length);
}

int closeCallback(archive *, void *)
{
    return ARCHIVE_OK;
}

QString validName(const QString &name)
{
    if (name.isEmpty())
        return BundleText::tr("an entry has no name");
    if (name.startsWith(QLatin1Char('/')) || name.contains(QLatin1Char('\\')) || name.contains(QLatin1Char(':')))
        return BundleText::tr("the entry name \"%1\" is not a relative '/' separated path").arg(name);
    const QStringList parts = name.split(QLatin1Char('/'));
    for (const QString &part : parts) {
        if (part.isEmpty() || part == QLatin1String(".") || part == QLatin1String(".."))
            return BundleText::tr("the entry name \"%1\" has an empty, \".\" or \"..\" component").arg(name);
    }
    return {};
}

} // namespace

QString writeZipBundle(const QString &path, const QList<BundleEntry> &entries, const BundleOptions &options)
{
    const QString where = QDir::toNativeSeparators(path);
    QSet<QString> seen;
    for (const BundleEntry &entry : entries) {
        const QString problem = validName(entry.name);
        if (!problem.isEmpty())
            return BundleText::tr("Cannot write %1: %2.").arg(where, problem);
        if (seen.contains(entry.name))
            return BundleText::tr("Cannot write %1: the entry \"%2\" is there twice.").arg(where, entry.name);
        seen.insert(entry.name);
    }

    platform::AtomicFile file(path);
    if (auto opened = file.open(); !opened)
        return BundleText::tr("Cannot create %1: %2.").arg(where, opened.error());

    Sink sink{&file, {}, false};
    std::unique_ptr<archive, ArchiveDeleter> a(archive_write_new());
    if (!a)
        return BundleText::tr("Cannot write %1: out of memory.").arg(where);
    const auto failure = [&](const QString &what) {
        const QString why = !sink.error.isEmpty() ? sink.error
                            : archive_error_string(a.get()) != nullptr
                                ? QString::fromLocal8Bit(archive_error_string(a.get()))
                                : BundleText::tr("unknown error");
        // Release the writer normally, into nothing, and drop the temporary file.
        sink.discard = true;
        archive_write_close(a.get());
        file.cancel();
        return BundleText::tr("Cannot write %1: %2: %3.").arg(where, what, why);
    };

    if (archive_write_set_format_zip(a.get()) != ARCHIVE_OK
        || archive_write_set_format_option(a.get(), "zip", "compression", "deflate") != ARCHIVE_OK
        // Names are UTF-8 whatever the locale, and flagged so (bit 11).
        || archive_write_set_format_option(a.get(), "zip", "hdrcharset", "UTF-8") != ARCHIVE_OK
        // No padding after the central directory.
        || archive_write_set_bytes_per_block(a.get(), 64 * 1024) != ARCHIVE_OK
        || archive_write_set_bytes_in_last_block(a.get(), 1) != ARCHIVE_OK)
        return failure(BundleText::tr("setting up the zip writer"));
    if (archive_write_open(a.get(), &sink, nullptr, writeCallback, closeCallback) != ARCHIVE_OK)
        return failure(BundleText::tr("opening the archive"));

    const time_t now = static_cast<time_t>(QDateTime::currentSecsSinceEpoch());
    qsizetype done = 0;
    for (const BundleEntry &entry : entries) {
        const QString what = BundleText::tr("writing \"%1\"").arg(entry.name);
        std::unique_ptr<archive_entry, EntryDeleter> e(archive_entry_new());
        archive_entry_set_pathname_utf8(e.get(), entry.name.toUtf8().constData());
        archive_entry_set_filetype(e.get(), AE_IFREG);
        archive_entry_set_perm(e.get(), 0644);
        archive_entry_set_size(e.get(), static_cast<la_int64_t>(entry.data.size()));
        archive_entry_set_mtime(e.get(), now, 0);
        if (archive_write_header(a.get(), e.get()) != ARCHIVE_OK)
            return failure(what);
        const char *data = entry.data.constData();
        qsizetype left = entry.data.size();
        while (left > 0 && sink.error.isEmpty()) {
            // In slices, so that a full disk is noticed before the whole entry is compressed.
            const qsizetype slice = std::min<qsizetype>(left, 1024 * 1024);
            const la_ssize_t n = archive_write_data(a.get(), data, static_cast<size_t>(slice));
            if (n <= 0)
                return failure(what);
            data += n;
            left -= static_cast<qsizetype>(n);
        }
        if (archive_write_finish_entry(a.get()) != ARCHIVE_OK || !sink.error.isEmpty())
            return failure(what);
        ++done;
        if (options.progress && !options.progress(done, entries.size())) {
            sink.discard = true;
            archive_write_close(a.get());
            file.cancel();
            return BundleText::tr("Cannot write %1: cancelled.").arg(where);
        }
    }
    if (archive_write_close(a.get()) != ARCHIVE_OK || !sink.error.isEmpty())
        return failure(BundleText::tr("finishing the archive"));
    if (auto committed = file.commit(); !committed)
        return BundleText::tr("Cannot write %1: putting the finished file in place: %2.")
            .arg(where, committed.error());
    return {};
}

} // namespace td::report
