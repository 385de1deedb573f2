#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The Windows job of .ci/run: the mingw-w64 toolchain and its Qt (built once,
# cached under ${XDG_CACHE_HOME:-~/.cache}/torchdoctor, so a warm run only
# checks it), the windows-x64 build, and `ctest --preset windows-x64`: every
# Windows test under Wine, the installer test (label windows-installer) included.
# Any failure stops it with a non-zero exit and the step that failed named;
# nothing is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
step=setup
trap 'echo "Windows job FAILED in step: $step (exit $?)" >&2' ERR
timed() { # NAME COMMAND...: runs it, prints how long it took, and returns its status
    step=$1
    shift
    local started=$SECONDS status=0
    echo "== Windows job: $step" >&2
    # Its own status, whatever the caller's context: `timed ... || x` turns set -e off in here.
    "$@" || status=$?
    echo "== Windows job: $step took $((SECONDS - started)) s" >&2
    return "$status"
}
low() { nice -n "${NICE:-15}" "$@"; } # the builds share the machine

timed packages ./tools/setup.sh packages-windows.txt
timed corpus ./tools/fetch-wheels.sh # the real torch wheels deps-live checks against Wine
timed toolchain ./tools/build-qt-mingw.sh
timed configure cmake --preset windows-x64
timed build low cmake --build --preset windows-x64 -j "${JOBS:-2}"
test_status=0
timed test ctest --preset windows-x64 --output-junit junit.xml || test_status=$?
./tools/slowest-tests.py build/windows-x64/junit.xml || true
[ "$test_status" -eq 0 ] || { echo "Windows job FAILED in step: test (exit $test_status)" >&2; exit "$test_status"; }
echo "== Windows job passed in $SECONDS s" >&2
