#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds, once, everything the Windows application links, for x86_64 mingw-w64
# (posix threads), from Debian's own source packages: Qt's qtbase (the same
# version as the host Qt whose moc/rcc/uic the cross build uses), fmt,
# spdlog, libarchive (zip + deflate with mingw zlib) and GoogleTest.
# Idempotent: each part is built into a cache keyed by the Qt version and skipped
# when its stamp holds the same options; with other options (an older script, a
# module added) it is reconfigured in its kept build tree, so that only what the
# change touches is built again. Prints the prefix on the last line of stdout.
#
#   tools/build-qt-mingw.sh            # JOBS=2 NICE=15 by default
#   cmake --preset windows-x64         # finds the same prefix by itself
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
jobs=${JOBS:-2}
nice_level=${NICE:-15}

qt_version=$(sed -n 's/^set(PACKAGE_VERSION "\([0-9.]*\)")$/\1/p' \
    /usr/lib/x86_64-linux-gnu/cmake/Qt6/Qt6ConfigVersionImpl.cmake)
[ -n "$qt_version" ] || { echo "build-qt-mingw: no host Qt 6 (Debian: qt6-base-dev-tools)" >&2; exit 1; }
for tool in x86_64-w64-mingw32-g++-posix cmake ninja apt-get; do
    command -v "$tool" >/dev/null || { echo "build-qt-mingw: $tool is missing (tools/packages.txt)" >&2; exit 1; }
done
[ -f /usr/x86_64-w64-mingw32/include/zlib.h ] ||
    { echo "build-qt-mingw: mingw zlib is missing (Debian: libz-mingw-w64-dev)" >&2; exit 1; }

root=${XDG_CACHE_HOME:-$HOME/.cache}/torchdoctor/qt-$qt_version-mingw-w64
prefix=$root/prefix
mkdir -p "$root/src" "$prefix"
log() { echo "build-qt-mingw: $*" >&2; }

# The build trees name their toolchain file: a copy in the cache, so that they do not
# depend on where this checkout is (or whether it still exists).
toolchain=$root/mingw-w64-x86_64.cmake
cmp -s "$here/cmake/mingw-w64-x86_64.cmake" "$toolchain" 2>/dev/null ||
    cp "$here/cmake/mingw-w64-x86_64.cmake" "$toolchain"
run() { nice -n "$nice_level" "$@" >&2; }

# Debian's source packages, through a deb-src list of our own (the machine's lists stay as they are).
fetch_sources() {
    [ -f "$root/src/.fetched" ] && return
    apt_dir=$root/apt
    mkdir -p "$apt_dir/sources.list.d" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
    uri=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
    cat > "$apt_dir/sources.list.d/deb-src.sources" <<EOF
Types: deb-src
URIs: ${uri:-http://deb.debian.org/debian}
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    set -- -o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$apt_dir/sources.list.d" \
        -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache" \
        -o Debug::NoLocking=1
    log "fetching the source packages"
    apt-get "$@" update >&2
    (cd "$root/src" && apt-get "$@" source --download-only qt6-base fmtlib spdlog libarchive >&2)
    for tarball in "$root"/src/*.orig.tar.*; do
        case $tarball in *.asc) continue ;; esac
        tar -C "$root/src" -xf "$tarball"
    done
    touch "$root/src/.fetched"
}

source_dir() { # the unpacked upstream folder whose name starts with $1
    for dir in "$root"/src/"$1"*; do
        [ -d "$dir" ] && { echo "$dir"; return; }
    done
    echo "build-qt-mingw: no source folder $1* in $root/src" >&2
    exit 1
}

# Qt writes every feature, the modules' own included (QT_FEATURE_network), into
# config headers that every source includes: turning a module on would rebuild
# all of qtbase. Where the headers changed only in features that no source outside
# that module's folder and the plugins reads, their old times are kept, so that
# only the module (and what reads the feature) is built.
snapshot_config_headers() { # $1 build tree
    rm -rf "$root/config-snapshot"
    [ -d "$1" ] || return 0
    mkdir -p "$root/config-snapshot"
    (cd "$1" && find . -name '*config_p.h' -o -name '*-config.h' -o -name qconfig.h) |
        while IFS= read -r header; do
            mkdir -p "$root/config-snapshot/$(dirname "$header")"
            cp -p "$1/$header" "$root/config-snapshot/$header"
        done
}
keep_config_header_times() { # $1 source folder, $2 build tree
    [ -d "$root/config-snapshot" ] || return 0
    (cd "$root/config-snapshot" && find . -type f) | while IFS= read -r header; do
        old=$root/config-snapshot/$header new=$2/$header
        cmp -s "$old" "$new" && continue
        [ -f "$new" ] || continue
        changed=$(diff "$old" "$new" | sed -n 's/^[<>] *#define QT_FEATURE_\([a-z0-9_]*\) .*/\1/p' | sort -u)
        others=$(diff "$old" "$new" | grep '^[<>]' | grep -v '^[<>] *#define QT_FEATURE_' | grep -cv '^[<>] *$' || true)
        [ -n "$changed" ] && [ "$others" -eq 0 ] || continue
        readers=
        for feature in $changed; do
            readers=$readers$(grep -rlE "QT_CONFIG\($feature\)|QT_FEATURE_$feature\b" "$1/src" \
                --include='*.cpp' --include='*.h' --include='*.c' --include='*.mm' |
                grep -vE "^$1/src/($feature|plugins)/" || true)
        done
        if [ -z "$readers" ]; then
            log "$header: only the module features $(echo $changed) changed, read by nothing already built: its time is kept"
            touch -r "$old" "$new"
        fi
    done
    rm -rf "$root/config-snapshot"
}

# $1 name, $2 source folder, the rest: cmake options
cmake_part() {
    name=$1 src=$2
    shift 2
    stamp=$prefix/.$name-done
    options="$src $*"
    [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$options" ] && return
    if [ -d "$root/build-$name" ]; then
        log "updating $name in its build tree, for changed options (log: $root/build-$name.log)"
    else
        log "building $name (log: $root/build-$name.log)"
    fi
    started=$(date +%s)
    # A tree configured with another toolchain path: CMake reads the system anew from ours
    # (the same compilers, so nothing is rebuilt for it).
    for system in "$root/build-$name"/CMakeFiles/*/CMakeSystem.cmake; do
        if [ -f "$system" ] && ! grep -qF "include(\"$toolchain\")" "$system"; then rm -f "$system"; fi
    done
    snapshot_config_headers "$root/build-$name"
    {
        cmake -G Ninja -S "$src" -B "$root/build-$name" -DCMAKE_TOOLCHAIN_FILE="$toolchain" \
            -DTD_MINGW_PREFIX="$prefix" -DCMAKE_INSTALL_PREFIX="$prefix" -DCMAKE_PREFIX_PATH="$prefix" \
            -DCMAKE_BUILD_TYPE=Release "$@" &&
        keep_config_header_times "$src" "$root/build-$name" &&
        nice -n "$nice_level" cmake --build "$root/build-$name" -j "$jobs" &&
        cmake --install "$root/build-$name"
    } > "$root/build-$name.log" 2>&1 || { tail -n 40 "$root/build-$name.log" >&2; exit 1; }
    printf '%s\n' "$options" > "$stamp"
    log "$name done in $(($(date +%s) - started)) s"
}

fetch_sources

# No wintab in Debian's +dfsg source: the Windows platform plugin needs tablet events off.
# OpenGL stays on (dynamic): without it qwindowswindow.cpp does not compile in 6.4.2.
# Network (the live release list) with TLS from Windows itself (Schannel), no OpenSSL.
cmake_part qtbase "$(source_dir qtbase-everywhere-src-)" \
    -DQT_HOST_PATH=/usr -DQt6HostInfo_DIR=/usr/lib/x86_64-linux-gnu/cmake/Qt6HostInfo \
    -DBUILD_SHARED_LIBS=ON -DQT_BUILD_EXAMPLES=OFF -DQT_BUILD_TESTS=OFF \
    -DFEATURE_network=ON -DFEATURE_schannel=ON -DFEATURE_openssl=OFF -DINPUT_openssl=no \
    -DFEATURE_sql=OFF -DFEATURE_dbus=OFF -DFEATURE_printsupport=OFF \
    -DFEATURE_xml=OFF -DFEATURE_vulkan=OFF -DFEATURE_tabletevent=OFF \
    -DFEATURE_system_zlib=OFF -DFEATURE_system_pcre2=OFF -DFEATURE_system_freetype=OFF \
    -DFEATURE_system_harfbuzz=OFF -DFEATURE_system_png=OFF -DFEATURE_system_jpeg=OFF

cmake_part fmt "$(source_dir fmtlib-)" -DBUILD_SHARED_LIBS=ON -DFMT_DOC=OFF -DFMT_TEST=OFF
cmake_part spdlog "$(source_dir spdlog-)" -DSPDLOG_BUILD_SHARED=ON -DSPDLOG_FMT_EXTERNAL=ON \
    -DSPDLOG_BUILD_EXAMPLE=OFF -DSPDLOG_BUILD_TESTS=OFF -DSPDLOG_BUILD_BENCH=OFF

# The support bundle: zip with deflate, nothing else. Its run test goes through Wine.
export WINEPREFIX="$root/wineprefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
cmake_part libarchive "$(source_dir libarchive-)" -DBUILD_SHARED_LIBS=ON -DENABLE_TEST=OFF \
    -DENABLE_TAR=OFF -DENABLE_CPIO=OFF -DENABLE_CAT=OFF -DENABLE_UNZIP=OFF -DENABLE_ZLIB=ON \
    -DENABLE_OPENSSL=OFF -DENABLE_CNG=OFF -DENABLE_MBEDTLS=OFF -DENABLE_NETTLE=OFF \
    -DENABLE_LIBXML2=OFF -DENABLE_EXPAT=OFF -DENABLE_LZMA=OFF -DENABLE_ZSTD=OFF \
    -DENABLE_BZip2=OFF -DENABLE_LZ4=OFF -DENABLE_LZO=OFF -DENABLE_LIBB2=OFF -DENABLE_ICONV=OFF \
    -DENABLE_ACL=OFF -DENABLE_XATTR=OFF -DENABLE_WERROR=OFF \
    -DCMAKE_CROSSCOMPILING_EMULATOR=/usr/lib/wine/wine64 # its configure runs a test program (ZLIB_WINAPI)

# The test framework, from the source Debian's googletest package ships.
cmake_part googletest /usr/src/googletest -DBUILD_SHARED_LIBS=OFF -DINSTALL_GTEST=ON -DBUILD_GMOCK=ON

echo "$prefix"
