#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Screenshots of the real Windows application: the cross-built torchdoctor.exe
# (build/windows-x64) under Wine with the `windows` platform plugin, drawing on
# an Xvfb screen, captured from that screen (xwd). The welcome page, then the
# findings page (Return presses the default button, Next), in English and in
# Simplified Chinese (Wine takes the Windows locale from LANG; the CJK glyphs
# come from fonts-noto-cjk through fontconfig). Then the seed's repair through the
# wizard on real portable Pythons (tests/windows/portable_scenario.py --wizard: the
# findings, the reinstall, repaired, done and undone, English with pip and Chinese
# without), saved by the test itself as OUT_DIR/walk/<language>-portable-<page>.png.
#   tools/windows-screenshots.sh [BUILD_DIR] [OUT_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$here/build/windows-x64}" && pwd) # absolute: WINEPREFIX must be
out=${2:-$here/docs/screenshots/windows}
for tool in Xvfb xwd xwdtopnm pnmtopng xdotool; do
    command -v "$tool" >/dev/null || { echo "windows-screenshots: $tool is missing (tools/packages.txt)" >&2; exit 1; }
done
[ -x "$build/wine.sh" ] || { echo "windows-screenshots: no $build/wine.sh (build the windows-x64 preset)" >&2; exit 1; }
mkdir -p "$out"

display=:$((90 + RANDOM % 9))
Xvfb "$display" -screen 0 1100x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
export WINEPREFIX="$build/wine/screenshot-prefix"
cleanup() { "$build/wine.sh" stop >/dev/null 2>&1 || true; kill "$xvfb" 2>/dev/null || true; }
trap cleanup EXIT
export DISPLAY=$display

capture() { xwd -root -silent -display "$display" | xwdtopnm 2>/dev/null | pnmtopng > "$1"; echo "wrote $1"; }
window() { # the wizard's X window, once it is mapped
    for _ in $(seq 1 120); do
        id=$(xdotool search --onlyvisible --name 'TorchDoctor' 2>/dev/null | head -n 1) && [ -n "$id" ] && { echo "$id"; return; }
        sleep 1
    done
    echo "windows-screenshots: the window did not appear" >&2
    return 1
}

for lang in en zh_CN; do
    locale=en_US.UTF-8
    [ "$lang" = zh_CN ] && locale=zh_CN.UTF-8
    "$build/wine.sh" fresh >/dev/null
    LANG=$locale LC_ALL=$locale "$build/wine.sh" "$build/torchdoctor.exe" >/dev/null 2>&1 &
    app=$!
    id=$(window)
    xdotool windowmove "$id" 0 0 windowactivate --sync "$id" >/dev/null 2>&1 || true
    sleep 8 # the interpreter search of the welcome page
    capture "$out/$lang-welcome.png"
    xdotool key --window "$id" Return
    sleep 25 # the checks run
    xdotool key --window "$id" Return
    sleep 5
    capture "$out/$lang-findings.png"
    kill "$app" 2>/dev/null || true
    "$build/wine.sh" stop
done

# A prefix made while the screen is there (one made without it has no window driver).
corpus=$(sed -n 's/^TD_CORPUS_DIR:PATH=//p' "$build/CMakeCache.txt")
trees=$build/tests/windows/portable-python-screenshots
python3 "$here/tests/windows/portable_python.py" --corpus "$corpus" --out "$trees"
"$build/wine.sh" fresh >/dev/null
TD_QPA_PLATFORM=windows TORCHDOCTOR_SCREENSHOT_DIR=$out python3 "$here/tests/windows/portable_scenario.py" \
    --wine "$build/wine.sh" --torchdoctor "$build/torchdoctor.exe" --trees "$trees" \
    --wizard "$build/test_ui_portable_wizard.exe"
echo "wrote $out/walk"
