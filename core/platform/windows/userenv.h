// SPDX-License-Identifier: GPL-3.0-or-later
//
// The per-user environment of Windows (HKCU\Environment): read a variable
// with its registry type and raw bytes, change it keeping that type, delete
// it, tell running programs about the change; edit ';'-separated path lists
// one entry at a time; find stale CUDA_PATH_V* variables; run one program
// elevated.
//
// Plain C against Win32 (advapi32, user32, shell32), no Qt: builds with
//   x86_64-w64-mingw32-gcc -municode ... userenv.c -ladvapi32 -luser32 -lshell32
// or MSVC. Strings are UTF-16 throughout. Every change is written exactly as
// given: a REG_EXPAND_SZ value stays REG_EXPAND_SZ and its %VAR% references
// are never expanded, so restoring the saved raw bytes gives back the value
// byte for byte.
#ifndef TD_USERENV_H
#define TD_USERENV_H

#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

// A value as the registry holds it. data is owned (userenv_value_free).
typedef struct UserEnvValue {
    DWORD type; // REG_SZ or REG_EXPAND_SZ (other types are reported as read)
    BYTE *data; // raw bytes, normally UTF-16 with its terminating NUL
    DWORD size; // in bytes
} UserEnvValue;

// Reads HKCU\Environment\name. ERROR_SUCCESS, ERROR_FILE_NOT_FOUND when the
// variable is not set, or another registry error.
LONG userenv_get(const wchar_t *name, UserEnvValue *value);
void userenv_value_free(UserEnvValue *value);

// The value as a NUL-terminated string (a copy, free with userenv_free), or
// NULL when it is not a string type.
wchar_t *userenv_value_text(const UserEnvValue *value);

// Writes raw bytes with the given type (what restoring a saved value uses),
// then broadcasts the change.
LONG userenv_set_raw(const wchar_t *name, DWORD type, const BYTE *data, DWORD size);

// Writes text (with its terminating NUL). type 0 keeps the type the variable
// has now, or REG_SZ for a new one. Broadcasts the change.
LONG userenv_set(const wchar_t *name, const wchar_t *text, DWORD type);

// Deletes the variable (ERROR_FILE_NOT_FOUND when it was not set) and
// broadcasts the change.
LONG userenv_delete(const wchar_t *name);

// WM_SETTINGCHANGE "Environment" to every top-level window, so that Explorer
// and new shells pick up the change; a hung window is skipped after 5 s.
// Nonzero on success.
int userenv_broadcast(void);

// --- Path lists ('a;b;c'); pure string work, no registry ---

// Number of entries (the pieces between ';', empty ones included; an empty
// string has none).
size_t userenv_path_count(const wchar_t *list);

// Entry index of the list: start and length within list. 0 when out of range.
int userenv_path_entry(const wchar_t *list, size_t index, const wchar_t **start, size_t *length);

// Whether two entries name the same folder: case-insensitive, surrounding
// quotes and spaces and trailing backslashes ignored.
int userenv_path_same(const wchar_t *a, size_t aLength, const wchar_t *b, size_t bLength);

// A copy of list without the first entry equal (userenv_path_same) to
// entry, and without one ';' next to it; every other character kept as it
// was. *removed tells whether one was found (otherwise an unchanged copy).
// NULL when out of memory. Free with userenv_free.
wchar_t *userenv_path_remove(const wchar_t *list, const wchar_t *entry, int *removed);

void userenv_free(void *p);

// --- Stale CUDA toolkits ---

// Calls found(name, value) for each CUDA_PATH_V* user variable whose folder
// (after expanding %VAR% references) no longer exists. Returns how many were
// found, or -1 when the key cannot be read.
typedef void (*UserEnvStaleFn)(const wchar_t *name, const wchar_t *value, void *context);
int userenv_list_stale_cuda(UserEnvStaleFn found, void *context);

// --- Elevation of one step ---

// Runs program with parameters (one command line, quoted as the program
// expects) elevated, with ShellExecuteExW("runas"), waits for it and stores
// its exit code. This shows the UAC prompt (on the secure desktop) unless the
// caller is already elevated; only this program runs elevated. Under Wine
// there is no UAC and the program just runs. Returns ERROR_SUCCESS,
// ERROR_CANCELLED when the person declined the prompt, or another error.
DWORD userenv_run_elevated(const wchar_t *program, const wchar_t *parameters, const wchar_t *directory,
                           DWORD *exitCode);

#ifdef __cplusplus
}
#endif

#endif // TD_USERENV_H
