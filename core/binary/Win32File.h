// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Windows only: the file paths of core/binary and core/loader are UTF-8 there, and
// are opened through the wide-character Win32 API, so that C:\Users\张伟 works
// whatever the ANSI code page.
#ifdef _WIN32

#include <cstddef>
#include <string>

namespace td::bin::win32 {

std::wstring widePath(const std::string &utf8);

// UTF-16 text (`length` characters) as UTF-8.
std::string utf8(const wchar_t *text, std::size_t length);

// GetLastError() as text, the way the system says it (FormatMessage), in UTF-8.
std::string errorText(unsigned long code);

// GetLastError() as the errno value that means the same (ENOENT, EACCES, ELOOP, ...).
int errnoOf(unsigned long code);

} // namespace td::bin::win32

#endif
