// SPDX-License-Identifier: GPL-3.0-or-later
//
// loadprobe: loads DLLs the way torch does, in a process of its own, and
// reports what happened.
//
//   loadprobe [--classic] [--add-dir DIR]... DLLPATH...
//
// Each --add-dir is passed to AddDllDirectory (what os.add_dll_directory
// does). Each DLL is then loaded with
//   LoadLibraryExW(path, NULL, LOAD_LIBRARY_SEARCH_DEFAULT_DIRS | LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR)
// as torch/__init__.py does, or with --classic with plain LoadLibraryW (the
// classic search order that includes PATH; torch's fallback after error 126).
//
// Output, UTF-8, one record per DLL, in argument order:
//   <path>\t<0 or GetLastError()>
// followed, after a successful load, by one line per module that this load
// brought into the process (the DLL itself and its dependencies):
//   \t<full path of the module>
// Exit status: 0 when every DLL loaded, 1 when one failed, 2 on bad usage.
//
// SetErrorMode(SEM_FAILCRITICALERRORS) keeps Windows from showing a dialog
// for a missing DLL. Modules are never unloaded, so later DLLs see the ones
// loaded before them, as in one Python process.
//
// Plain Win32 (kernel32, psapi, shell32): builds with
//   x86_64-w64-mingw32-gcc -O2 -municode -o loadprobe.exe loadprobe.c -lpsapi
// or i686-w64-mingw32-gcc, or MSVC (cl loadprobe.c psapi.lib shell32.lib).
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

// After windows.h, which they build on.
#include <psapi.h>
#include <shellapi.h>

#ifndef LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR
#define LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR 0x00000100
#endif
#ifndef LOAD_LIBRARY_SEARCH_DEFAULT_DIRS
#define LOAD_LIBRARY_SEARCH_DEFAULT_DIRS 0x00001000
#endif

#define MAX_MODULES 4096

static HANDLE g_out;

// Writes a UTF-16 string to stdout as UTF-8.
static void writeWide(const wchar_t *text)
{
    char buffer[4 * MAX_PATH + 16];
    int length = lstrlenW(text);
    while (length > 0) {
        // Convert in slices so that long paths never overflow the buffer;
        // a slice never ends inside a surrogate pair.
        int slice = length > MAX_PATH ? MAX_PATH : length;
        if (slice < length && text[slice - 1] >= 0xD800 && text[slice - 1] <= 0xDBFF)
            --slice;
        const int bytes = WideCharToMultiByte(CP_UTF8, 0, text, slice, buffer, (int)sizeof buffer, NULL, NULL);
        DWORD written = 0;
        if (bytes > 0)
            WriteFile(g_out, buffer, (DWORD)bytes, &written, NULL);
        text += slice;
        length -= slice;
    }
}

static void writeAscii(const char *text)
{
    DWORD written = 0;
    WriteFile(g_out, text, (DWORD)lstrlenA(text), &written, NULL);
}

static void writeNumber(DWORD value)
{
    char digits[16];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value && n < 15);
    char text[16];
    for (int i = 0; i < n; ++i)
        text[i] = digits[n - 1 - i];
    text[n] = '\0';
    writeAscii(text);
}

// The modules now in the process; returns their count.
static DWORD listModules(HMODULE *modules)
{
    DWORD needed = 0;
    if (!EnumProcessModules(GetCurrentProcess(), modules, MAX_MODULES * sizeof(HMODULE), &needed))
        return 0;
    DWORD count = needed / sizeof(HMODULE);
    return count > MAX_MODULES ? MAX_MODULES : count;
}

static int contains(const HMODULE *modules, DWORD count, HMODULE module)
{
    for (DWORD i = 0; i < count; ++i)
        if (modules[i] == module)
            return 1;
    return 0;
}

static void usage(void)
{
    writeAscii("usage: loadprobe [--classic] [--add-dir DIR]... DLLPATH...\r\n"
               "Loads each DLL as torch does (LoadLibraryExW with LOAD_LIBRARY_SEARCH_DEFAULT_DIRS |\r\n"
               "LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR, or LoadLibraryW with --classic) and prints\r\n"
               "<path><TAB><0 or error code>, then <TAB><module> for each module the load brought in.\r\n");
}

int wmain(int argc, wchar_t **argv)
{
    g_out = GetStdHandle(STD_OUTPUT_HANDLE);
    SetErrorMode(SEM_FAILCRITICALERRORS);

    static HMODULE before[MAX_MODULES], after[MAX_MODULES];
    int classic = 0, dlls = 0, failed = 0;

    // Options first, so that every directory is added before anything loads.
    int first = 1;
    for (; first < argc; ++first) {
        if (lstrcmpW(argv[first], L"--classic") == 0) {
            classic = 1;
        } else if (lstrcmpW(argv[first], L"--add-dir") == 0 && first + 1 < argc) {
            ++first;
            if (!AddDllDirectory(argv[first])) {
                writeAscii("loadprobe: AddDllDirectory failed (");
                writeNumber(GetLastError());
                writeAscii("): ");
                writeWide(argv[first]);
                writeAscii("\r\n");
                return 2;
            }
        } else if (lstrcmpW(argv[first], L"--help") == 0 || lstrcmpW(argv[first], L"-h") == 0) {
            usage();
            return 0;
        } else if (lstrcmpW(argv[first], L"--") == 0) {
            ++first;
            break;
        } else {
            break;
        }
    }

    for (int i = first; i < argc; ++i, ++dlls) {
        const DWORD countBefore = listModules(before);
        SetLastError(0);
        HMODULE module = classic ? LoadLibraryW(argv[i])
                                 : LoadLibraryExW(argv[i], NULL,
                                                  LOAD_LIBRARY_SEARCH_DEFAULT_DIRS | LOAD_LIBRARY_SEARCH_DLL_LOAD_DIR);
        const DWORD error = module ? 0 : GetLastError();
        writeWide(argv[i]);
        writeAscii("\t");
        writeNumber(module || error ? error : ERROR_MOD_NOT_FOUND);
        writeAscii("\r\n");
        if (!module) {
            ++failed;
            continue;
        }
        const DWORD countAfter = listModules(after);
        for (DWORD m = 0; m < countAfter; ++m) {
            if (contains(before, countBefore, after[m]))
                continue;
            wchar_t path[32768];
            const DWORD length = GetModuleFileNameW(after[m], path, (DWORD)(sizeof path / sizeof path[0]));
            if (length == 0 || length >= sizeof path / sizeof path[0])
                continue;
            writeAscii("\t");
            writeWide(path);
            writeAscii("\r\n");
        }
    }
    if (dlls == 0) {
        usage();
        return 2;
    }
    return failed ? 1 : 0;
}
