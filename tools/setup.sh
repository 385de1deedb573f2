#!/usr/bin/env bash
# Installs every Debian package TorchDoctor needs (tools/packages.txt; the
# Windows job's: `tools/setup.sh packages-windows.txt`).
# Safe to run again: apt-get skips what is already there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lists=("${@:-packages.txt}")
mapfile -t packages < <(cd "$here" && cat "${lists[@]}" | grep -v '^\s*#' | grep -v '^\s*$')
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "Installing: ${missing[*]}"
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${missing[@]}"
else
    echo "All ${#packages[@]} packages are installed."
fi
