/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Keeps TorchDoctor's own process out of the environment it diagnoses.
 * Plain C with libc alone: the launcher (app/launcher.c, linked statically)
 * and the app's main() share it; platform::originalEnvironment() undoes it
 * for every child process. */
#ifndef TD_PLATFORM_ENVGUARD_H
#define TD_PLATFORM_ENVGUARD_H

#ifdef __cplusplus
extern "C" {
#endif

/* Set once the environment is guarded: the names of every guarded variable,
 * separated by ':'. */
#define TD_ORIGINAL_LIST "TD_ORIGINAL_ENV"
/* TD_ORIGINAL_<NAME> holds a guarded variable's original value; it is absent
 * when the variable was not set (and empty when it was set but empty). */
#define TD_ORIGINAL_PREFIX "TD_ORIGINAL_"

/* The guarded variables, ending with NULL. */
extern const char *const td_guarded_variables[];

/* Moves each guarded variable that is set into TD_ORIGINAL_<NAME>, unsets it,
 * and sets TD_ORIGINAL_LIST. Does nothing when TD_ORIGINAL_LIST is already
 * set. Returns how many variables were cleared, or -1 when the environment
 * could not be changed (out of memory). */
int td_guard_environment(void);

#ifdef __cplusplus
}
#endif

#endif
