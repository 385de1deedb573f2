/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "envguard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What decides which libraries and plugins a process loads, or whether it
 * starts at all: the variables a broken Python, conda or CUDA setup leaves
 * behind. The loader reads its variables before main(), so only a process
 * started without them is free of them (the launcher, or main()'s re-exec). */
const char *const td_guarded_variables[] = {
    /* glibc's ld.so: the libraries searched first or forced in (a stale
     * libgomp.so.1 or libstdc++.so.6 there stops Qt from loading), audit
     * modules, the glibc-hwcaps level chosen, and the loader's own tracing,
     * which would mix with our output. glibc itself ignores these in
     * setuid programs (its unsecvars.h). */
    "LD_LIBRARY_PATH", "LD_PRELOAD", "LD_AUDIT", "GLIBC_TUNABLES", "LD_HWCAP_MASK",
    "LD_DEBUG", "LD_DEBUG_OUTPUT", "LD_PROFILE", "LD_PROFILE_OUTPUT",
    /* glibc's iconv loads its converters from here. */
    "GCONV_PATH",
    /* Qt's plugins, the platform plugin first: another Qt's plugins here (an
     * OpenCV or conda Qt) end in "could not load the Qt platform plugin". */
    "QT_PLUGIN_PATH", "QT_QPA_PLATFORM_PLUGIN_PATH",
    /* Modules the GTK platform theme and GLib load. */
    "GTK_PATH", "GTK_MODULES", "GTK3_MODULES", "GIO_MODULE_DIR",
    /* No Python runs inside TorchDoctor; these go back to every interpreter
     * it starts, and never to one it would start for itself. */
    "PYTHONHOME", "PYTHONPATH",
    NULL,
};

int td_guard_environment(void)
{
    if (getenv(TD_ORIGINAL_LIST))
        return 0;
    char list[512] = "";
    size_t used = 0;
    int cleared = 0;
    for (const char *const *name = td_guarded_variables; *name; ++name) {
        const size_t length = strlen(*name);
        if (used + length + 2 > sizeof list)
            return -1; /* cannot happen with the list above */
        if (used)
            list[used++] = ':';
        memcpy(list + used, *name, length + 1);
        used += length;

        const char *value = getenv(*name);
        if (!value)
            continue;
        char saved[64];
        if (snprintf(saved, sizeof saved, "%s%s", TD_ORIGINAL_PREFIX, *name) >= (int)sizeof saved)
            return -1;
        /* setenv copies the value before the original entry goes. */
        if (setenv(saved, value, 1) != 0 || unsetenv(*name) != 0)
            return -1;
        ++cleared;
    }
    return setenv(TD_ORIGINAL_LIST, list, 1) == 0 ? cleared : -1;
}
