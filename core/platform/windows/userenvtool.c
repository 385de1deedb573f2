// SPDX-License-Identifier: GPL-3.0-or-later
//
// userenvtool: the per-user environment (HKCU\Environment) from the command
// line, over userenv.c. TorchDoctor's Windows build runs it for the
// set-user-variable steps of a fix.
//
//   userenvtool get NAME                  TYPE<TAB>HEX of the raw bytes
//   userenvtool text NAME                 the value as text
//   userenvtool set NAME TYPE VALUE       TYPE: REG_SZ, REG_EXPAND_SZ or keep
//   userenvtool set-raw NAME TYPE HEX     restores saved raw bytes exactly
//   userenvtool remove-entry NAME ENTRY   drops one entry of a path list
//   userenvtool entries NAME              one path-list entry a line
//   userenvtool delete NAME
//   userenvtool list-stale-cuda           NAME<TAB>VALUE of each stale CUDA_PATH_V*
//   userenvtool remove-from LIST ENTRY    prints LIST without ENTRY (no registry)
//   userenvtool run-elevated PROGRAM [PARAMETERS]   prints the exit code
//   userenvtool run-elevated-args PROGRAM [ARG...]  the same with an argument
//                                         list (quoted as CommandLineToArgvW
//                                         reads it); exits with its exit code
//
// Output is UTF-8. Exit status: 0 done, 1 failed (the Win32 error on
// stderr), 2 bad usage, 3 the variable is not set, 4 no such entry.
//
// Builds with
//   x86_64-w64-mingw32-gcc -O2 -municode -o userenvtool.exe userenvtool.c userenv.c -luser32 -ladvapi32 -lshell32
#include "userenv.h"

#include <stdlib.h>
#include <string.h>

static void writeTo(DWORD which, const wchar_t *text)
{
    const HANDLE out = GetStdHandle(which);
    const int length = lstrlenW(text);
    if (length == 0)
        return;
    const int bytes = WideCharToMultiByte(CP_UTF8, 0, text, length, NULL, 0, NULL, NULL);
    char *buffer = (char *)malloc(bytes > 0 ? (size_t)bytes : 1);
    if (!buffer)
        return;
    if (WideCharToMultiByte(CP_UTF8, 0, text, length, buffer, bytes, NULL, NULL) == bytes) {
        DWORD written = 0;
        WriteFile(out, buffer, (DWORD)bytes, &written, NULL);
    }
    free(buffer);
}

static void out(const wchar_t *text)
{
    writeTo(STD_OUTPUT_HANDLE, text);
}
static void err(const wchar_t *text)
{
    writeTo(STD_ERROR_HANDLE, text);
}

static int fail(const wchar_t *what, LONG code)
{
    wchar_t number[16];
    wsprintfW(number, L"%lu", (unsigned long)code);
    err(what);
    err(L": error ");
    err(number);
    err(L"\n");
    return code == ERROR_FILE_NOT_FOUND ? 3 : 1;
}

static const wchar_t *typeName(DWORD type)
{
    switch (type) {
    case REG_SZ: return L"REG_SZ";
    case REG_EXPAND_SZ: return L"REG_EXPAND_SZ";
    case REG_MULTI_SZ: return L"REG_MULTI_SZ";
    case REG_DWORD: return L"REG_DWORD";
    case REG_BINARY: return L"REG_BINARY";
    default: return L"REG_OTHER";
    }
}

// REG_SZ, REG_EXPAND_SZ, or "keep" (0); -1 for anything else.
static long parseType(const wchar_t *s)
{
    if (!lstrcmpiW(s, L"REG_SZ"))
        return REG_SZ;
    if (!lstrcmpiW(s, L"REG_EXPAND_SZ"))
        return REG_EXPAND_SZ;
    if (!lstrcmpiW(s, L"keep"))
        return 0;
    return -1;
}

static int hexDigit(wchar_t c)
{
    if (c >= L'0' && c <= L'9')
        return c - L'0';
    if (c >= L'a' && c <= L'f')
        return c - L'a' + 10;
    if (c >= L'A' && c <= L'F')
        return c - L'A' + 10;
    return -1;
}

static int cmdGet(const wchar_t *name)
{
    UserEnvValue value;
    const LONG rc = userenv_get(name, &value);
    if (rc != ERROR_SUCCESS)
        return fail(name, rc);
    static const wchar_t digits[] = L"0123456789abcdef";
    wchar_t *hex = (wchar_t *)malloc(((size_t)value.size * 2 + 1) * sizeof(wchar_t));
    if (!hex) {
        userenv_value_free(&value);
        return fail(L"get", ERROR_NOT_ENOUGH_MEMORY);
    }
    for (DWORD i = 0; i < value.size; ++i) {
        hex[2 * i] = digits[value.data[i] >> 4];
        hex[2 * i + 1] = digits[value.data[i] & 15];
    }
    hex[2 * (size_t)value.size] = L'\0';
    out(typeName(value.type));
    out(L"\t");
    out(hex);
    out(L"\n");
    free(hex);
    userenv_value_free(&value);
    return 0;
}

static int cmdText(const wchar_t *name, int asEntries)
{
    UserEnvValue value;
    const LONG rc = userenv_get(name, &value);
    if (rc != ERROR_SUCCESS)
        return fail(name, rc);
    wchar_t *text = userenv_value_text(&value);
    userenv_value_free(&value);
    if (!text)
        return fail(L"not a string", ERROR_INVALID_DATA);
    if (!asEntries) {
        out(text);
        out(L"\n");
    } else {
        const size_t count = userenv_path_count(text);
        for (size_t i = 0; i < count; ++i) {
            const wchar_t *start = NULL;
            size_t length = 0;
            if (!userenv_path_entry(text, i, &start, &length))
                break;
            wchar_t *entry = (wchar_t *)malloc((length + 1) * sizeof(wchar_t));
            if (!entry)
                break;
            memcpy(entry, start, length * sizeof(wchar_t));
            entry[length] = L'\0';
            out(entry);
            out(L"\n");
            free(entry);
        }
    }
    userenv_free(text);
    return 0;
}

static int cmdSetRaw(const wchar_t *name, DWORD type, const wchar_t *hex)
{
    const size_t digits = wcslen(hex);
    if (digits % 2)
        return 2;
    BYTE *data = (BYTE *)malloc(digits / 2 + 1);
    if (!data)
        return fail(L"set-raw", ERROR_NOT_ENOUGH_MEMORY);
    for (size_t i = 0; i < digits / 2; ++i) {
        const int hi = hexDigit(hex[2 * i]), lo = hexDigit(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(data);
            return 2;
        }
        data[i] = (BYTE)(hi * 16 + lo);
    }
    const LONG rc = userenv_set_raw(name, type, data, (DWORD)(digits / 2));
    free(data);
    return rc == ERROR_SUCCESS ? 0 : fail(name, rc);
}

static int cmdRemoveEntry(const wchar_t *name, const wchar_t *entry)
{
    UserEnvValue value;
    LONG rc = userenv_get(name, &value);
    if (rc != ERROR_SUCCESS)
        return fail(name, rc);
    const DWORD type = value.type;
    wchar_t *text = userenv_value_text(&value);
    userenv_value_free(&value);
    if (!text)
        return fail(L"not a string", ERROR_INVALID_DATA);
    int removed = 0;
    wchar_t *rest = userenv_path_remove(text, entry, &removed);
    userenv_free(text);
    if (!rest)
        return fail(L"remove-entry", ERROR_NOT_ENOUGH_MEMORY);
    if (!removed) {
        userenv_free(rest);
        err(L"no such entry\n");
        return 4;
    }
    rc = userenv_set(name, rest, type);
    userenv_free(rest);
    return rc == ERROR_SUCCESS ? 0 : fail(name, rc);
}

static void printStale(const wchar_t *name, const wchar_t *value, void *context)
{
    (void)context;
    out(name);
    out(L"\t");
    out(value);
    out(L"\n");
}

// Appends `arg` to `out` so that CommandLineToArgvW reads it back unchanged
// (backslashes double only before a quote); returns the new end.
static wchar_t *appendQuoted(wchar_t *out, const wchar_t *arg)
{
    if (*arg && !wcspbrk(arg, L" \t\n\v\"")) {
        const size_t n = wcslen(arg);
        memcpy(out, arg, n * sizeof(wchar_t));
        return out + n;
    }
    *out++ = L'"';
    for (const wchar_t *p = arg;; ++p) {
        size_t backslashes = 0;
        while (*p == L'\\') {
            ++backslashes;
            ++p;
        }
        if (!*p) {
            for (size_t i = 0; i < 2 * backslashes; ++i)
                *out++ = L'\\';
            break;
        }
        const size_t count = *p == L'"' ? 2 * backslashes + 1 : backslashes;
        for (size_t i = 0; i < count; ++i)
            *out++ = L'\\';
        *out++ = *p;
    }
    *out++ = L'"';
    return out;
}

static int cmdRunElevatedArgs(int argc, wchar_t **argv)
{
    size_t size = 1;
    for (int i = 3; i < argc; ++i)
        size += 2 * wcslen(argv[i]) + 3;
    wchar_t *parameters = (wchar_t *)malloc(size * sizeof(wchar_t));
    if (!parameters)
        return fail(L"run-elevated-args", ERROR_NOT_ENOUGH_MEMORY);
    wchar_t *end = parameters;
    for (int i = 3; i < argc; ++i) {
        if (i > 3)
            *end++ = L' ';
        end = appendQuoted(end, argv[i]);
    }
    *end = L'\0';
    DWORD code = 0;
    const DWORD rc = userenv_run_elevated(argv[2], parameters, NULL, &code);
    free(parameters);
    if (rc != ERROR_SUCCESS)
        return fail(L"run-elevated-args", (LONG)rc);
    wchar_t number[16];
    wsprintfW(number, L"%lu\n", (unsigned long)code);
    out(number);
    return (int)code;
}

int wmain(int argc, wchar_t **argv)
{
    if (argc < 2)
        return 2;
    const wchar_t *cmd = argv[1];
    if (!lstrcmpW(cmd, L"get") && argc == 3)
        return cmdGet(argv[2]);
    if (!lstrcmpW(cmd, L"text") && argc == 3)
        return cmdText(argv[2], 0);
    if (!lstrcmpW(cmd, L"entries") && argc == 3)
        return cmdText(argv[2], 1);
    if ((!lstrcmpW(cmd, L"set") || !lstrcmpW(cmd, L"set-raw")) && argc == 5) {
        const long type = parseType(argv[3]);
        if (type < 0)
            return 2;
        if (!lstrcmpW(cmd, L"set-raw"))
            return type == 0 ? 2 : cmdSetRaw(argv[2], (DWORD)type, argv[4]);
        const LONG rc = userenv_set(argv[2], argv[4], (DWORD)type);
        return rc == ERROR_SUCCESS ? 0 : fail(argv[2], rc);
    }
    if (!lstrcmpW(cmd, L"remove-entry") && argc == 4)
        return cmdRemoveEntry(argv[2], argv[3]);
    if (!lstrcmpW(cmd, L"delete") && argc == 3) {
        const LONG rc = userenv_delete(argv[2]);
        return rc == ERROR_SUCCESS ? 0 : fail(argv[2], rc);
    }
    if (!lstrcmpW(cmd, L"list-stale-cuda") && argc == 2)
        return userenv_list_stale_cuda(printStale, NULL) < 0 ? 1 : 0;
    if (!lstrcmpW(cmd, L"remove-from") && argc == 4) {
        int removed = 0;
        wchar_t *rest = userenv_path_remove(argv[2], argv[3], &removed);
        if (!rest)
            return 1;
        out(rest);
        out(L"\n");
        userenv_free(rest);
        return removed ? 0 : 4;
    }
    if (!lstrcmpW(cmd, L"run-elevated-args") && argc >= 3)
        return cmdRunElevatedArgs(argc, argv);
    if (!lstrcmpW(cmd, L"run-elevated") && (argc == 3 || argc == 4)) {
        DWORD code = 0;
        const DWORD rc = userenv_run_elevated(argv[2], argc == 4 ? argv[3] : NULL, NULL, &code);
        if (rc != ERROR_SUCCESS)
            return fail(L"run-elevated", (LONG)rc);
        wchar_t number[16];
        wsprintfW(number, L"%lu\n", (unsigned long)code);
        out(number);
        return 0;
    }
    return 2;
}
