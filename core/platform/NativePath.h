// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFile>
#include <QString>

#include <string>

namespace td::platform {

// How this system's file names compare: Windows' ignore case.
#ifdef Q_OS_WIN
inline constexpr Qt::CaseSensitivity kPathCase = Qt::CaseInsensitive;
#else
inline constexpr Qt::CaseSensitivity kPathCase = Qt::CaseSensitive;
#endif

// The bytes core/binary and core/loader open a path by: the file-system encoding on
// Linux and macOS (so that undecodable names round-trip), UTF-8 on Windows, where
// they are opened through the wide-character API (the ANSI code page cannot hold
// every name, C:\Users\张伟 on an English system, say).
inline std::string nativePath(const QString &path)
{
#ifdef Q_OS_WIN
    return path.toStdString();
#else
    return QFile::encodeName(path).toStdString();
#endif
}

} // namespace td::platform
