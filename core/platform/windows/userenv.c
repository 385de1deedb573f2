// SPDX-License-Identifier: GPL-3.0-or-later
// The per-user environment of Windows; see userenv.h.
#include "userenv.h"

#include <shellapi.h>

#include <stdlib.h>
#include <string.h>

static const wchar_t kKey[] = L"Environment";

void userenv_free(void *p)
{
    free(p);
}

void userenv_value_free(UserEnvValue *value)
{
    if (!value)
        return;
    free(value->data);
    value->data = NULL;
    value->size = 0;
}

LONG userenv_get(const wchar_t *name, UserEnvValue *value)
{
    value->type = REG_NONE;
    value->data = NULL;
    value->size = 0;
    HKEY key = NULL;
    LONG rc = RegOpenKeyExW(HKEY_CURRENT_USER, kKey, 0, KEY_QUERY_VALUE, &key);
    if (rc != ERROR_SUCCESS)
        return rc;
    // The value may grow between the two calls: ask again until it fits.
    for (int attempt = 0; attempt < 8; ++attempt) {
        DWORD type = REG_NONE, size = 0;
        rc = RegQueryValueExW(key, name, NULL, &type, NULL, &size);
        if (rc != ERROR_SUCCESS)
            break;
        BYTE *data = (BYTE *)malloc(size ? size : 1);
        if (!data) {
            rc = ERROR_NOT_ENOUGH_MEMORY;
            break;
        }
        DWORD got = size;
        rc = RegQueryValueExW(key, name, NULL, &type, data, &got);
        if (rc == ERROR_SUCCESS) {
            value->type = type;
            value->data = data;
            value->size = got;
            break;
        }
        free(data);
        if (rc != ERROR_MORE_DATA)
            break;
    }
    RegCloseKey(key);
    return rc;
}

wchar_t *userenv_value_text(const UserEnvValue *value)
{
    if (value->type != REG_SZ && value->type != REG_EXPAND_SZ)
        return NULL;
    size_t chars = value->size / sizeof(wchar_t);
    wchar_t *text = (wchar_t *)malloc((chars + 1) * sizeof(wchar_t));
    if (!text)
        return NULL;
    if (chars)
        memcpy(text, value->data, chars * sizeof(wchar_t));
    // Stored values are not always NUL-terminated.
    text[chars] = L'\0';
    return text;
}

static LONG openForWriting(HKEY *key)
{
    return RegCreateKeyExW(HKEY_CURRENT_USER, kKey, 0, NULL, REG_OPTION_NON_VOLATILE, KEY_QUERY_VALUE | KEY_SET_VALUE,
                           NULL, key, NULL);
}

LONG userenv_set_raw(const wchar_t *name, DWORD type, const BYTE *data, DWORD size)
{
    HKEY key = NULL;
    LONG rc = openForWriting(&key);
    if (rc != ERROR_SUCCESS)
        return rc;
    // RegSetValueExW (on Windows and Wine) stores one more character for a
    // string type whose data does not end in NUL when the character after
    // the data is NUL. A copy followed by non-NUL bytes keeps what is stored
    // exactly what was given.
    BYTE *copy = (BYTE *)malloc((size_t)size + 2);
    if (!copy) {
        RegCloseKey(key);
        return ERROR_NOT_ENOUGH_MEMORY;
    }
    if (size)
        memcpy(copy, data, size);
    copy[size] = copy[size + 1] = 0xFF;
    rc = RegSetValueExW(key, name, 0, type, copy, size);
    free(copy);
    RegCloseKey(key);
    if (rc == ERROR_SUCCESS)
        userenv_broadcast();
    return rc;
}

LONG userenv_set(const wchar_t *name, const wchar_t *text, DWORD type)
{
    HKEY key = NULL;
    LONG rc = openForWriting(&key);
    if (rc != ERROR_SUCCESS)
        return rc;
    if (type == 0) {
        DWORD current = REG_NONE;
        if (RegQueryValueExW(key, name, NULL, &current, NULL, NULL) == ERROR_SUCCESS
            && (current == REG_SZ || current == REG_EXPAND_SZ))
            type = current;
        else
            type = REG_SZ;
    }
    const DWORD size = (DWORD)((wcslen(text) + 1) * sizeof(wchar_t));
    rc = RegSetValueExW(key, name, 0, type, (const BYTE *)text, size);
    RegCloseKey(key);
    if (rc == ERROR_SUCCESS)
        userenv_broadcast();
    return rc;
}

LONG userenv_delete(const wchar_t *name)
{
    HKEY key = NULL;
    LONG rc = RegOpenKeyExW(HKEY_CURRENT_USER, kKey, 0, KEY_SET_VALUE, &key);
    if (rc != ERROR_SUCCESS)
        return rc;
    rc = RegDeleteValueW(key, name);
    RegCloseKey(key);
    if (rc == ERROR_SUCCESS)
        userenv_broadcast();
    return rc;
}

int userenv_broadcast(void)
{
    DWORD_PTR result = 0;
    return SendMessageTimeoutW(HWND_BROADCAST, WM_SETTINGCHANGE, 0, (LPARAM)L"Environment", SMTO_ABORTIFHUNG, 5000,
                               &result)
           != 0;
}

// --- Path lists ---

size_t userenv_path_count(const wchar_t *list)
{
    if (!list || !*list)
        return 0;
    size_t n = 1;
    for (; *list; ++list)
        if (*list == L';')
            ++n;
    return n;
}

int userenv_path_entry(const wchar_t *list, size_t index, const wchar_t **start, size_t *length)
{
    if (!list || !*list)
        return 0;
    const wchar_t *p = list;
    for (size_t i = 0; i < index; ++i) {
        p = wcschr(p, L';');
        if (!p)
            return 0;
        ++p;
    }
    const wchar_t *end = wcschr(p, L';');
    *start = p;
    *length = end ? (size_t)(end - p) : wcslen(p);
    return 1;
}

// Narrows an entry to the folder it names: no surrounding spaces or quotes,
// no trailing (back)slashes.
static void normalise(const wchar_t **s, size_t *n)
{
    const wchar_t *p = *s;
    size_t len = *n;
    while (len && (*p == L' ' || *p == L'\t'))
        ++p, --len;
    while (len && (p[len - 1] == L' ' || p[len - 1] == L'\t'))
        --len;
    if (len && *p == L'"')
        ++p, --len;
    if (len && p[len - 1] == L'"')
        --len;
    while (len && (p[len - 1] == L'\\' || p[len - 1] == L'/'))
        --len;
    *s = p;
    *n = len;
}

int userenv_path_same(const wchar_t *a, size_t aLength, const wchar_t *b, size_t bLength)
{
    normalise(&a, &aLength);
    normalise(&b, &bLength);
    if (aLength == 0 || bLength == 0)
        return aLength == bLength;
    // Ordinal, ignoring case the way the file system does (not the locale).
    return CompareStringOrdinal(a, (int)aLength, b, (int)bLength, TRUE) == CSTR_EQUAL;
}

wchar_t *userenv_path_remove(const wchar_t *list, const wchar_t *entry, int *removed)
{
    const size_t total = wcslen(list);
    wchar_t *out = (wchar_t *)malloc((total + 1) * sizeof(wchar_t));
    if (!out)
        return NULL;
    memcpy(out, list, (total + 1) * sizeof(wchar_t));
    *removed = 0;
    const size_t entryLength = wcslen(entry);
    const size_t count = userenv_path_count(list);
    for (size_t i = 0; i < count; ++i) {
        const wchar_t *start = NULL;
        size_t length = 0;
        if (!userenv_path_entry(list, i, &start, &length) || !userenv_path_same(start, length, entry, entryLength))
            continue;
        size_t from = (size_t)(start - list);
        size_t to = from + length;
        if (to < total)
            ++to; // and the ';' after it
        else if (from > 0)
            --from; // the last entry: the ';' before it
        memcpy(out, list, from * sizeof(wchar_t));
        memcpy(out + from, list + to, (total - to + 1) * sizeof(wchar_t));
        *removed = 1;
        break;
    }
    return out;
}

// --- Stale CUDA toolkits ---

static int isFolder(const wchar_t *path)
{
    if (!*path)
        return 0;
    const DWORD attributes = GetFileAttributesW(path);
    return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY);
}

int userenv_list_stale_cuda(UserEnvStaleFn found, void *context)
{
    static const wchar_t prefix[] = L"CUDA_PATH_V";
    const int prefixLength = (int)(sizeof prefix / sizeof prefix[0]) - 1;
    HKEY key = NULL;
    if (RegOpenKeyExW(HKEY_CURRENT_USER, kKey, 0, KEY_QUERY_VALUE, &key) != ERROR_SUCCESS)
        return -1;
    int stale = 0;
    wchar_t name[16384]; // the longest value name the registry allows
    for (DWORD index = 0;; ++index) {
        DWORD nameLength = sizeof name / sizeof name[0];
        const LONG rc = RegEnumValueW(key, index, name, &nameLength, NULL, NULL, NULL, NULL);
        if (rc == ERROR_NO_MORE_ITEMS)
            break;
        if (rc != ERROR_SUCCESS)
            continue;
        if ((int)nameLength <= prefixLength
            || CompareStringOrdinal(name, prefixLength, prefix, prefixLength, TRUE) != CSTR_EQUAL)
            continue;
        UserEnvValue value;
        if (userenv_get(name, &value) != ERROR_SUCCESS)
            continue;
        wchar_t *text = userenv_value_text(&value);
        if (text) {
            wchar_t expanded[32768];
            const wchar_t *folder = text;
            if (value.type == REG_EXPAND_SZ) {
                const DWORD n = ExpandEnvironmentStringsW(text, expanded, sizeof expanded / sizeof expanded[0]);
                if (n > 0 && n <= sizeof expanded / sizeof expanded[0])
                    folder = expanded;
            }
            if (!isFolder(folder)) {
                ++stale;
                if (found)
                    found(name, text, context);
            }
            free(text);
        }
        userenv_value_free(&value);
    }
    RegCloseKey(key);
    return stale;
}

// --- Elevation of one step ---

DWORD userenv_run_elevated(const wchar_t *program, const wchar_t *parameters, const wchar_t *directory, DWORD *exitCode)
{
    SHELLEXECUTEINFOW info;
    memset(&info, 0, sizeof info);
    info.cbSize = sizeof info;
    // NOCLOSEPROCESS: we wait for it; NOASYNC: the call may return before the
    // launch otherwise; FLAG_NO_UI: errors come back, not as dialogs.
    info.fMask = SEE_MASK_NOCLOSEPROCESS | SEE_MASK_NOASYNC | SEE_MASK_FLAG_NO_UI;
    info.lpVerb = L"runas";
    info.lpFile = program;
    info.lpParameters = parameters;
    info.lpDirectory = directory;
    info.nShow = SW_HIDE;
    if (!ShellExecuteExW(&info))
        return GetLastError(); // ERROR_CANCELLED: the UAC prompt was declined
    if (!info.hProcess)
        return ERROR_INVALID_HANDLE;
    WaitForSingleObject(info.hProcess, INFINITE);
    DWORD code = 0;
    const BOOL ok = GetExitCodeProcess(info.hProcess, &code);
    const DWORD error = ok ? ERROR_SUCCESS : GetLastError();
    CloseHandle(info.hProcess);
    if (ok && exitCode)
        *exitCode = code;
    return error;
}
