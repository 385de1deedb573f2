// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/Result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace td::platform {

// A file replaced whole or not at all: the bytes go to a temporary file
// beside it, which replaces the old one only after every write, the flush to
// disk, the size and the close were checked. QSaveFile is not used: Qt 6.4's
// commit() renames a file whose buffered write failed with ENOSPC.
//
// A symlink is followed (a dotfile managed by a symlink stays one), the old
// file's mode is kept (and, as root, its owner), and a temporary file left by
// a run that was killed before its rename is removed by the next write of the
// same file. The error says what failed, in the system's words.
class AtomicFile {
public:
    explicit AtomicFile(const QString &path);
    ~AtomicFile(); // drops the temporary file unless committed
    AtomicFile(const AtomicFile &) = delete;
    AtomicFile &operator=(const AtomicFile &) = delete;

    Result<void> open();
    Result<void> write(const char *data, qint64 size);
    Result<void> write(const QByteArray &data) { return write(data.constData(), data.size()); }
    // Flush to disk, check the size, close, rename over the target.
    Result<void> commit();
    void cancel();

    // The file that is replaced: the path given, or where its symlink points.
    [[nodiscard]] const QString &target() const { return m_target; }
    [[nodiscard]] const QString &temporaryPath() const { return m_temporary; }

private:
    Result<void> fail(const QString &what);

    QString m_target;
    QString m_temporary;
    qint64 m_written = 0;
    bool m_failed = false;
#ifdef Q_OS_WIN
    void *m_handle = nullptr;
#else
    int m_fd = -1;
#endif
};

// Where a write of `path` really lands: a symlinked dotfile is written where
// it points (and stays a symlink), not replaced by a plain file.
QString writeTarget(const QString &path);

// A path nothing is at yet: `base`, else base-2, base-3 ...
QString freshPath(const QString &base);

// Writes `data` to `path` with an AtomicFile: the old file stays byte for byte
// as it was unless the new one was written and checked whole.
Result<void> saveFile(const QString &path, const QByteArray &data);

// Removes the temporary files AtomicFile left in `directory` for a run that is
// no longer alive (killed between its write and its rename): all of them, or
// only those of `fileName`. Returns how many.
int removeStaleTemporaryFiles(const QString &directory, const QString &fileName = {});

// The JSON object in the (small) file at `path`: a journal entry, a session
// history, a knowledge file. The error says what failed, without the path:
// "cannot be read: <QFile's words>", "invalid JSON at offset N: <the
// parser's words>" or "the top level must be an object".
Result<QJsonObject> readJsonObject(const QString &path);

} // namespace td::platform
