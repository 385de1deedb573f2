#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Puts a prebuilt prefix of tools/build-qt-mingw.sh in its cache folder, from a shared build
# cache (CI's ../shared/cache), so that the script finds every part done and builds nothing.
# Only when it is safe: the archive was made by this very script (its sha256 is in the name),
# with this very toolchain file (the cache's README gives its sha256), for this cache folder
# (its stamps name their absolute source path). Otherwise it says why and changes nothing:
# tools/build-qt-mingw.sh then builds from source, as on any machine without the cache.
#
#   tools/use-shared-mingw-prefix.sh [CACHE_DIR]   # default: ../shared/cache beside the checkout
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
cache=${1:-${TD_SHARED_CACHE:-$here/../shared/cache}}
say() { echo "use-shared-mingw-prefix: $*" >&2; }

[ -d "$cache" ] || { say "no shared cache at $cache: the prefix is built from source"; exit 0; }
command -v zstd >/dev/null || { say "zstd is missing: the prefix is built from source"; exit 0; }
qt_version=$(sed -n 's/^set(PACKAGE_VERSION "\([0-9.]*\)")$/\1/p' \
    /usr/lib/x86_64-linux-gnu/cmake/Qt6/Qt6ConfigVersionImpl.cmake 2>/dev/null || true)
[ -n "$qt_version" ] || { say "no host Qt 6: the prefix is built from source"; exit 0; }

root=${XDG_CACHE_HOME:-$HOME/.cache}/torchdoctor/qt-$qt_version-mingw-w64
if [ -f "$root/prefix/.googletest-done" ]; then
    say "$root/prefix is already there"
    exit 0
fi

script_hash=$(sha256sum "$here/tools/build-qt-mingw.sh" | cut -c1-16)
toolchain_hash=$(sha256sum "$here/cmake/mingw-w64-x86_64.cmake" | cut -c1-16)
archive=$cache/qt-$qt_version-mingw-w64-prefix-$script_hash.tar.zst
[ -f "$archive" ] || { say "no prefix for this tools/build-qt-mingw.sh ($script_hash) in $cache"; exit 0; }
if ! tr -s ' \n' '  ' <"$cache/README.md" 2>/dev/null |
    grep -q "mingw-w64-x86_64.cmake\`\{0,1\}, \`$toolchain_hash\`"; then
    say "$archive was not built with this cmake/mingw-w64-x86_64.cmake ($toolchain_hash): built from source"
    exit 0
fi
stamp=$(zstd -dc "$archive" | tar -xOf - prefix/.qtbase-done 2>/dev/null || true)
case $stamp in
"$root"/src/*) ;;
*)
    say "$archive was built for another cache folder than $root: built from source"
    exit 0
    ;;
esac

say "unpacking $archive into $root"
mkdir -p "$root"
rm -rf "$root/prefix.partial"
mkdir "$root/prefix.partial"
zstd -dc "$archive" | tar -x -C "$root/prefix.partial"
rm -rf "$root/prefix"
mv "$root/prefix.partial/prefix" "$root/prefix"
rmdir "$root/prefix.partial"
