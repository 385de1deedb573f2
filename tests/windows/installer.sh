#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# The NSIS installer, as a user gets it, under Wine in a prefix of its own:
# built by CPack from this build folder, run silently (/S), then the Start-menu
# shortcut and the Uninstall key ("Apps & features") must be there, the installed
# torchdoctor.exe must run (--version, and deps on its own folder finds every DLL
# it needs), and the silent uninstaller must leave no file, shortcut or key.
#   installer.sh BUILD_DIR VERSION CPACK
set -euo pipefail
build=$1 version=$2 cpack=$3
wine_sh="$build/wine.sh"
export WINEPREFIX="$build/wine/installer-prefix"
trap '"$wine_sh" stop >/dev/null 2>&1 || true' EXIT
fail() { echo "FAILED: $*" >&2; exit 1; }
trap 'echo "FAILED at line $LINENO: $BASH_COMMAND" >&2' ERR

(cd "$build" && "$cpack" -G NSIS >cpack.log 2>&1) || { tail -n 30 "$build/cpack.log" >&2; fail "cpack -G NSIS"; }
installer="$build/TorchDoctor-$version-win64.exe"
[ -f "$installer" ] || fail "no $installer after cpack"
echo "installer: $installer ($(stat -c %s "$installer") bytes)"

wineserver=${WINESERVER:-/usr/lib/wine/wineserver64}
"$wine_sh" fresh >/dev/null
"$wineserver" -k # not kept up: `wineserver -w` below waits for the prefix's last process
# Only the installer's own DLLs may be used: no WINEPATH into the build machine's folders.
run_clean() { WINEPATH= TD_WINE_OWN_DLLS=1 "$wine_sh" "$@"; }
run_clean "$installer" /S
"$wineserver" -w

program_files="$WINEPREFIX/drive_c/Program Files/TorchDoctor"
[ -f "$program_files/bin/torchdoctor.exe" ] || fail "torchdoctor.exe is not in $program_files/bin"
[ -f "$program_files/translations/qtbase_zh_CN.qm" ] || fail "Qt's Chinese texts are not in $program_files/translations"
echo "installed files:"
(cd "$program_files" && find . -type f | sort | sed 's/^/  /')

shortcut=$(find "$WINEPREFIX/drive_c" -path '*Start Menu*' -iname 'TorchDoctor*.lnk' | head -n 1)
[ -n "$shortcut" ] || fail "no Start-menu shortcut"
echo "shortcut: ${shortcut#"$WINEPREFIX/"}"

uninstall_key='HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\TorchDoctor'
run_clean reg query "$uninstall_key" /v DisplayName 2>/dev/null | tr -d '\r' | grep -q "TorchDoctor" ||
    fail "no Uninstall key $uninstall_key with a DisplayName"
echo "Uninstall key: $uninstall_key"

exe='C:\Program Files\TorchDoctor\bin\torchdoctor.exe'
out=$(run_clean "$exe" --version | tr -d '\r')
echo "$out" | grep -q "$version" || fail "the installed torchdoctor.exe --version says: $out"
echo "installed --version: $out"
# Our own deps on what was installed: the programs, and each plugin as the app loads it
# (its folder is the application's), on the live system of the prefix.
bin='C:\Program Files\TorchDoctor\bin'
check_deps() {
    local out code
    set +e
    out=$(run_clean "$exe" deps "$@" 2>&1 | tr -d '\r')
    code=$?
    set -e
    [ "$code" -eq 0 ] || fail "deps $* exits $code:
$out"
}
check_deps "$bin\torchdoctor.exe" "$bin\torchdoctor-userenv.exe"
plugins=0
while IFS= read -r plugin; do
    check_deps --app-dir "$bin" "$bin\\$(echo "$plugin" | tr / '\\')"
    plugins=$((plugins + 1))
done < <(cd "$program_files/bin" && find . -mindepth 2 -name '*.dll' | sed 's|^\./||')
[ "$plugins" -gt 0 ] || fail "no Qt plugins were installed"
echo "deps on the installed programs and $plugins plugins: nothing missing"

# Its exit code is that of starting the copy; what it leaves behind is what counts.
set +e
run_clean 'C:\Program Files\TorchDoctor\Uninstall.exe' /S
echo "uninstaller started (exit $?)"
set -e
# The uninstaller re-runs itself from a temporary copy: wait for every process of the prefix.
"${WINESERVER:-/usr/lib/wine/wineserver64}" -w
left=$( (find "$program_files" -mindepth 0 2>/dev/null || true) | head -n 5)
[ -z "$left" ] || fail "the uninstaller left: $left"
[ -z "$(find "$WINEPREFIX/drive_c" -path '*Start Menu*' -iname 'TorchDoctor*' | head -n 1)" ] ||
    fail "the uninstaller left the Start-menu entry"
if run_clean reg query "$uninstall_key" >/dev/null 2>&1; then fail "the uninstaller left $uninstall_key"; fi
echo "uninstalled: no files, shortcut or key left"
