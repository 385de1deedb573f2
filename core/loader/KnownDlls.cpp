// SPDX-License-Identifier: GPL-3.0-or-later
#include "KnownDlls.h"

#include <algorithm>
#include <cctype>
#include <iterator>

#ifdef _WIN32
#include "binary/Win32File.h"

#include <windows.h>
#endif

namespace td::loader::knowndlls {

const std::vector<std::string> &all()
{
#define TD_KNOWN_DLL(name) name,
    static const std::vector<std::string> list{
#include "../../resources/windows/knowndlls.inc"
    };
#undef TD_KNOWN_DLL
    return list;
}

namespace {
std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}
} // namespace

bool contains(const std::vector<std::string> &list, const std::string &name)
{
    return std::find(list.begin(), list.end(), lower(name)) != list.end();
}

bool isKnownDll(const std::string &name)
{
    return contains(all(), name);
}

std::vector<std::string> running()
{
    std::vector<std::string> list;
#ifdef _WIN32
    HKEY key = nullptr;
    if (RegOpenKeyExW(HKEY_LOCAL_MACHINE, L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\KnownDLLs", 0,
                      KEY_QUERY_VALUE | KEY_WOW64_64KEY, &key)
        != ERROR_SUCCESS)
        return list;
    for (DWORD i = 0;; ++i) {
        wchar_t name[256];
        wchar_t data[MAX_PATH];
        DWORD nameLength = std::size(name), dataBytes = sizeof data, type = 0;
        const LSTATUS status = RegEnumValueW(key, i, name, &nameLength, nullptr, &type,
                                             reinterpret_cast<BYTE *>(data), &dataBytes);
        if (status == ERROR_NO_MORE_ITEMS)
            break;
        // DllDirectory names the folder, not a DLL.
        if (status != ERROR_SUCCESS || type != REG_SZ || _wcsicmp(name, L"DllDirectory") == 0
            || _wcsicmp(name, L"DllDirectory32") == 0)
            continue;
        std::size_t length = dataBytes / sizeof(wchar_t);
        while (length > 0 && data[length - 1] == L'\0')
            --length;
        list.push_back(lower(bin::win32::utf8(data, length)));
    }
    RegCloseKey(key);
#endif
    return list;
}

} // namespace td::loader::knowndlls
