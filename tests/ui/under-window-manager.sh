#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs a GUI test program as people see the wizard: on an X screen (Xvfb) with a window
# manager (openbox), through Qt's xcb plugin, so that windows are activated, focused and
# decorated as on a desktop. Usage: under-window-manager.sh PROGRAM [ARGS...]
set -eu
for tool in Xvfb openbox xprop; do
    command -v "$tool" >/dev/null || { echo "$tool is needed (tools/packages.txt installs it)" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/td-wm-XXXXXX")
xvfb=; wm=
cleanup() {
    [ -n "$wm" ] && kill "$wm" 2>/dev/null || true
    [ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# The server picks a free display and writes its number when it is ready.
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp 3>"$work/display" >"$work/xvfb.log" 2>&1 &
xvfb=$!
tries=0
until [ -s "$work/display" ]; do
    tries=$((tries + 1))
    [ "$tries" -le 100 ] && kill -0 "$xvfb" 2>/dev/null || { echo "Xvfb did not start:" >&2; cat "$work/xvfb.log" >&2; exit 2; }
    sleep 0.1
done
DISPLAY=:$(cat "$work/display")
export DISPLAY
HOME="$work" openbox --sm-disable >"$work/openbox.log" 2>&1 &
wm=$!
# The window manager is up once it names itself on the root window (EWMH).
tries=0
until xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'; do
    tries=$((tries + 1))
    [ "$tries" -le 100 ] && kill -0 "$wm" 2>/dev/null || { echo "openbox did not start:" >&2; cat "$work/openbox.log" >&2; exit 2; }
    sleep 0.1
done
QT_QPA_PLATFORM=xcb TORCHDOCTOR_WINDOW_MANAGER=openbox "$@"
