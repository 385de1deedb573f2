#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Compiles the Windows resource script of torchdoctor.exe with mingw-w64's
# windres and reads it back: the icon group with every size of the .ico, and
# the version from CMake.
# usage: check-windows-resources.sh WINDRES RC-FILE VERSION ICON-COUNT
set -uo pipefail
windres=$1 rc=$2 version=$3 icon_count=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$windres" --input "$rc" --output "$tmp/torchdoctor-rc.o" || { echo "FAIL: windres could not compile $rc"; exit 1; }
"$windres" --input "$tmp/torchdoctor-rc.o" --output-format rc >"$tmp/decompiled.rc" || { echo "FAIL: windres could not read it back"; exit 1; }
failures=0
check() { # description, then a command that must succeed
    local what=$1
    shift
    if "$@"; then echo "ok: $what"; else echo "FAIL: $what"; failures=$((failures + 1)); fi
}
check "the icon group IDI_ICON1" grep -q '"IDI_ICON1" 14 /\* RT_GROUP_ICON \*/' "$tmp/decompiled.rc"
icons=$(grep -c '^[0-9]* 3 /\* RT_ICON \*/' "$tmp/decompiled.rc")
check "$icons icon images, expected $icon_count" test "$icons" -eq "$icon_count"
IFS=. read -r major minor patch <<<"$version"
check "FILEVERSION $major, $minor, $patch, 0" grep -q "FILEVERSION $major, $minor, $patch, 0" "$tmp/decompiled.rc"
check "ProductVersion \"$version\"" grep -q "VALUE \"ProductVersion\", \"$version\"" "$tmp/decompiled.rc"
((failures == 0)) || { grep -v '0x' "$tmp/decompiled.rc"; exit 1; }
