#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Renders the Windows .ico and the macOS .icns from the one icon source,
# resources/icons/torchdoctor.svg. Their builds have no SVG renderer, so both
# files are kept in the repository; run this again after changing the SVG.
# Needs (Debian): librsvg2-bin (rsvg-convert), icoutils (icotool), icnsutils (png2icns).
# The Linux PNG sizes are rendered at build time (installer/CMakeLists.txt).
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
svg="$root/resources/icons/torchdoctor.svg"
for tool in rsvg-convert icotool png2icns; do
    command -v "$tool" >/dev/null || { echo "render-icons.sh: $tool is not installed" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for size in 16 24 32 48 64 128 256 512; do
    rsvg-convert --width "$size" --height "$size" "$svg" -o "$work/$size.png"
done
# Windows: BMP entries up to 64 px (what old shells read), the 128 and 256 px ones as PNG.
icotool --create --output "$root/installer/windows/torchdoctor.ico" \
    "$work/16.png" "$work/24.png" "$work/32.png" "$work/48.png" "$work/64.png" \
    --raw="$work/128.png" --raw="$work/256.png"
# macOS: the sizes png2icns knows (16, 32, 48, 128, 256, 512).
png2icns "$root/installer/macos/torchdoctor.icns" \
    "$work/16.png" "$work/32.png" "$work/48.png" "$work/128.png" "$work/256.png" "$work/512.png" >/dev/null
echo "Wrote installer/windows/torchdoctor.ico and installer/macos/torchdoctor.icns"
