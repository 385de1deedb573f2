/* SPDX-License-Identifier: GPL-3.0-or-later */
/* `torchdoctor` as users start it: a static program (no ld.so, so nothing in
 * the environment can change what it loads) that guards the environment
 * (core/platform/envguard.c) and runs the real program, TD_REAL_PROGRAM
 * relative to its own folder. The real program hands the original values
 * back to every process it starts. */
#include "platform/envguard.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef TD_REAL_PROGRAM
#error "TD_REAL_PROGRAM (the real program, relative to the launcher's folder) must be defined"
#endif

enum { InternalFailure = 3 }; /* app/ExitCode.h */

int main(int argc, char *argv[])
{
    (void)argc;
    if (td_guard_environment() < 0) {
        fputs("torchdoctor: cannot change its environment (out of memory)\n", stderr);
        return InternalFailure;
    }
    /* The real file, not a symlink to it: /usr/bin/torchdoctor may be one. */
    char self[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0) {
        fprintf(stderr, "torchdoctor: cannot find its own location (/proc/self/exe): %s\n", strerror(errno));
        return InternalFailure;
    }
    self[length] = '\0';
    char *slash = strrchr(self, '/');
    if (slash)
        *slash = '\0';
    char program[PATH_MAX];
    if (snprintf(program, sizeof program, "%s/%s", self, TD_REAL_PROGRAM) >= (int)sizeof program) {
        fputs("torchdoctor: the path of the real program is too long\n", stderr);
        return InternalFailure;
    }
    execv(program, argv);
    fprintf(stderr, "torchdoctor: cannot run %s: %s\n", program, strerror(errno));
    return InternalFailure;
}
