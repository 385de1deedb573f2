// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/FileIo.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>

#include <atomic>

#ifdef Q_OS_WIN
#include <windows.h>
#else
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace td::platform {

namespace {

// "<name>.td-<pid>-<n>.tmp": the pid says whether the run that left it lives.
const QString kTemporaryInfix = QStringLiteral(".td-");
const QString kTemporarySuffix = QStringLiteral(".tmp");

QString temporaryPathFor(const QString &target)
{
    static std::atomic<int> counter{0};
    return target + kTemporaryInfix
        + QStringLiteral("%1-%2").arg(QCoreApplication::applicationPid()).arg(++counter) + kTemporarySuffix;
}

bool processIsAlive(qint64 pid)
{
#ifdef Q_OS_WIN
    HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
    if (!process)
        return GetLastError() == ERROR_ACCESS_DENIED;
    DWORD code = 0;
    const bool alive = GetExitCodeProcess(process, &code) && code == STILL_ACTIVE;
    CloseHandle(process);
    return alive;
#else
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
#endif
}

#ifdef Q_OS_WIN
QString systemWords()
{
    return qt_error_string(static_cast<int>(GetLastError()));
}
#else
QString systemWords()
{
    return qt_error_string(errno);
}
#endif

} // namespace

QString writeTarget(const QString &path)
{
    const QFileInfo info(path);
    if (info.isSymLink()) {
        const QString target = info.canonicalFilePath();
        if (!target.isEmpty())
            return target;
    }
    return path;
}

AtomicFile::AtomicFile(const QString &path) : m_target(writeTarget(path)) {}

AtomicFile::~AtomicFile()
{
    cancel();
}

Result<void> AtomicFile::fail(const QString &what)
{
    const QString words = QStringLiteral("%1 (%2)").arg(systemWords(), what);
    cancel();
    m_failed = true;
    return Error{words};
}

#ifdef Q_OS_WIN

Result<void> AtomicFile::open()
{
    removeStaleTemporaryFiles(QFileInfo(m_target).absolutePath(), QFileInfo(m_target).fileName());
    const DWORD attributes = GetFileAttributesW(reinterpret_cast<LPCWSTR>(m_target.utf16()));
    if (attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_READONLY)) {
        SetLastError(ERROR_ACCESS_DENIED);
        return fail(QStringLiteral("the file is read-only"));
    }
    m_temporary = temporaryPathFor(m_target);
    m_handle = CreateFileW(reinterpret_cast<LPCWSTR>(m_temporary.utf16()), GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                           FILE_ATTRIBUTE_NORMAL, nullptr);
    if (m_handle == INVALID_HANDLE_VALUE) {
        m_handle = nullptr;
        m_temporary.clear();
        return fail(QStringLiteral("creating a temporary file beside it"));
    }
    return {};
}

Result<void> AtomicFile::write(const char *data, qint64 size)
{
    if (!m_handle)
        return Error{QStringLiteral("the file is not open")};
    while (size > 0) {
        const DWORD chunk = static_cast<DWORD>(std::min<qint64>(size, 1 << 24));
        DWORD done = 0;
        if (!WriteFile(m_handle, data, chunk, &done, nullptr) || done == 0)
            return fail(QStringLiteral("writing"));
        data += done;
        size -= done;
        m_written += done;
    }
    return {};
}

Result<void> AtomicFile::commit()
{
    if (!m_handle)
        return Error{QStringLiteral("the file is not open")};
    if (!FlushFileBuffers(m_handle))
        return fail(QStringLiteral("flushing to disk"));
    LARGE_INTEGER size{};
    if (!GetFileSizeEx(m_handle, &size) || size.QuadPart != m_written)
        return fail(QStringLiteral("%1 of %2 bytes reached the disk").arg(size.QuadPart).arg(m_written));
    const BOOL closed = CloseHandle(m_handle);
    m_handle = nullptr;
    if (!closed)
        return fail(QStringLiteral("closing"));
    if (!MoveFileExW(reinterpret_cast<LPCWSTR>(m_temporary.utf16()), reinterpret_cast<LPCWSTR>(m_target.utf16()),
                     MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH))
        return fail(QStringLiteral("replacing the old file"));
    m_temporary.clear();
    return {};
}

void AtomicFile::cancel()
{
    if (m_handle) {
        CloseHandle(m_handle);
        m_handle = nullptr;
    }
    if (!m_temporary.isEmpty()) {
        DeleteFileW(reinterpret_cast<LPCWSTR>(m_temporary.utf16()));
        m_temporary.clear();
    }
}

#else

Result<void> AtomicFile::open()
{
    removeStaleTemporaryFiles(QFileInfo(m_target).absolutePath(), QFileInfo(m_target).fileName());
    const QByteArray target = QFile::encodeName(m_target);
    struct stat old {};
    const bool exists = ::stat(target.constData(), &old) == 0;
    if (exists && ::access(target.constData(), W_OK) != 0)
        return fail(QStringLiteral("the file is not writable"));
    m_temporary = temporaryPathFor(m_target);
    m_fd = ::open(QFile::encodeName(m_temporary).constData(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (m_fd < 0) {
        m_temporary.clear();
        return fail(QStringLiteral("creating a temporary file beside it"));
    }
    if (exists && ::fchmod(m_fd, old.st_mode & 07777) != 0)
        return fail(QStringLiteral("keeping the file's permissions"));
    // As root (sudo), a user's file must stay the user's; best effort where
    // the file system has no owners.
    if (exists && ::geteuid() == 0 && (old.st_uid != 0 || old.st_gid != 0))
        (void)::fchown(m_fd, old.st_uid, old.st_gid);
    return {};
}

Result<void> AtomicFile::write(const char *data, qint64 size)
{
    if (m_fd < 0)
        return Error{m_failed ? QStringLiteral("an earlier write failed") : QStringLiteral("the file is not open")};
    while (size > 0) {
        const ssize_t done = ::write(m_fd, data, static_cast<size_t>(std::min<qint64>(size, 1 << 24)));
        if (done < 0 && errno == EINTR)
            continue;
        if (done <= 0) {
            if (done == 0)
                errno = ENOSPC;
            return fail(QStringLiteral("writing"));
        }
        data += done;
        size -= done;
        m_written += done;
    }
    return {};
}

Result<void> AtomicFile::commit()
{
    if (m_fd < 0)
        return Error{m_failed ? QStringLiteral("an earlier write failed") : QStringLiteral("the file is not open")};
    if (::fsync(m_fd) != 0)
        return fail(QStringLiteral("flushing to disk"));
    struct stat written {};
    if (::fstat(m_fd, &written) != 0)
        return fail(QStringLiteral("checking the size written"));
    if (written.st_size != m_written) {
        errno = EIO;
        return fail(QStringLiteral("%1 of %2 bytes reached the disk").arg(written.st_size).arg(m_written));
    }
    const int closed = ::close(m_fd);
    m_fd = -1;
    if (closed != 0)
        return fail(QStringLiteral("closing"));
    if (::rename(QFile::encodeName(m_temporary).constData(), QFile::encodeName(m_target).constData()) != 0)
        return fail(QStringLiteral("replacing the old file"));
    m_temporary.clear();
    // The rename itself reaches the disk with the folder; best effort.
    const int folder = ::open(QFile::encodeName(QFileInfo(m_target).absolutePath()).constData(),
                              O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder >= 0) {
        (void)::fsync(folder);
        ::close(folder);
    }
    return {};
}

void AtomicFile::cancel()
{
    const int saved = errno;
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
    if (!m_temporary.isEmpty()) {
        ::unlink(QFile::encodeName(m_temporary).constData());
        m_temporary.clear();
    }
    errno = saved;
}

#endif

QString freshPath(const QString &base)
{
    QString path = base;
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = base + QStringLiteral("-%1").arg(n);
    return path;
}

Result<void> saveFile(const QString &path, const QByteArray &data)
{
    AtomicFile file(path);
    if (auto opened = file.open(); !opened)
        return opened;
    if (auto written = file.write(data); !written)
        return written;
    return file.commit();
}

int removeStaleTemporaryFiles(const QString &directory, const QString &fileName)
{
    static const QRegularExpression name(QStringLiteral(R"(\.td-(\d+)-\d+\.tmp$)"));
    int removed = 0;
    const QStringList candidates =
        QDir(directory).entryList({QStringLiteral("*") + kTemporaryInfix + QStringLiteral("*") + kTemporarySuffix},
                                  QDir::Files | QDir::Hidden | QDir::System);
    for (const QString &candidate : candidates) {
        const QRegularExpressionMatch match = name.match(candidate);
        if (!match.hasMatch() || (!fileName.isEmpty() && candidate.left(match.capturedStart()) != fileName))
            continue;
        const qint64 pid = match.captured(1).toLongLong();
        if (pid == QCoreApplication::applicationPid() || processIsAlive(pid))
            continue;
        if (QFile::remove(QDir(directory).filePath(candidate)))
            ++removed;
    }
    return removed;
}

Result<QJsonObject> readJsonObject(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{QStringLiteral("cannot be read: ") + file.errorString()};
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error{QStringLiteral("invalid JSON at offset %1: ").arg(parseError.offset) + parseError.errorString()};
    if (!doc.isObject())
        return Error{QStringLiteral("the top level must be an object")};
    return doc.object();
}

} // namespace td::platform
