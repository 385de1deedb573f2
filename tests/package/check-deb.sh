#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Builds the .deb with CPack from a configured build folder, then checks it as
# Debian and a user would meet it: its Depends are the ones dpkg-shlibdeps
# computed and cover every library the binary needs, its files are all there,
# the desktop entry and the AppStream metainfo pass their validators, and the
# binary, unpacked into a temporary root, runs from there.
# Exit status: 0 passed, 1 failed, 77 skipped (a tool is not installed).
set -uo pipefail

build_dir="" cpack="" version="" app_id="" icon_sizes=""
while (($#)); do
    case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --cpack) cpack=$2; shift 2 ;;
    --version) version=$2; shift 2 ;;
    --app-id) app_id=$2; shift 2 ;;
    --icon-sizes) icon_sizes=$2; shift 2 ;;
    *) echo "check-deb.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[[ -n $build_dir && -n $cpack && -n $version && -n $app_id && -n $icon_sizes ]] || {
    echo "usage: check-deb.sh --build-dir DIR --cpack CPACK --version V --app-id ID --icon-sizes 'N...'" >&2
    exit 2
}

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# Each tool, with the Debian package that has it.
for tool_package in dpkg-deb:dpkg dpkg-query:dpkg dpkg-shlibdeps:dpkg-dev readelf:binutils ldconfig:libc-bin \
    desktop-file-validate:desktop-file-utils appstreamcli:appstream python3:python3; do
    tool=${tool_package%%:*}
    if ! command -v "$tool" >/dev/null && [[ ! -x /sbin/$tool ]]; then
        echo "SKIP: $tool is not installed (Debian package ${tool_package#*:}, in tools/packages.txt)"
        exit 77
    fi
done
[[ -x $cpack ]] || { echo "SKIP: cpack is not at $cpack"; exit 77; }
ldconfig=$(command -v ldconfig || echo /sbin/ldconfig)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. Build the package, as a user would: cpack in the build folder.
echo "== cpack -G DEB in $build_dir"
if ! (cd "$build_dir" && "$cpack" -G DEB -B "$tmp/out" --config CPackConfig.cmake) >"$tmp/cpack.log" 2>&1; then
    cat "$tmp/cpack.log"
    echo "FAIL: cpack could not build the package"
    exit 1
fi
mapfile -t debs < <(find "$tmp/out" -maxdepth 1 -name '*.deb')
if ((${#debs[@]} != 1)); then
    cat "$tmp/cpack.log"
    echo "FAIL: expected one .deb, found ${#debs[@]}"
    exit 1
fi
deb=${debs[0]}
arch=$(dpkg --print-architecture)
[[ $(basename "$deb") == "torchdoctor_${version}_${arch}.deb" ]] \
    && pass "file name $(basename "$deb")" || fail "file name $(basename "$deb"), expected torchdoctor_${version}_${arch}.deb"

echo "== dpkg-deb -I"
dpkg-deb -I "$deb"
[[ $(dpkg-deb -f "$deb" Package) == torchdoctor ]] && pass "Package: torchdoctor" || fail "Package is not torchdoctor"
[[ $(dpkg-deb -f "$deb" Version) == "$version" ]] && pass "Version: $version" || fail "Version is not $version"
[[ $(dpkg-deb -f "$deb" Architecture) == "$arch" ]] && pass "Architecture: $arch" || fail "Architecture is not $arch"

# 2. Depends: computed by dpkg-shlibdeps, never empty, and covering every
#    library the binary needs (the packages that own them, found here with
#    readelf, ldconfig and dpkg-query: an oracle independent of CPack).
depends=$(dpkg-deb -f "$deb" Depends)
if [[ -z $depends ]]; then
    fail "Depends is empty: dpkg-shlibdeps did not run or found nothing"
else
    pass "Depends: $depends"
fi
mapfile -t depends_names < <(tr ',|' '\n\n' <<<"$depends" | sed -E 's/\(.*\)//; s/^ +//; s/ +$//; s/:.*$//' | grep -v '^$')
has_dependency() {
    local name
    for name in "${depends_names[@]}"; do [[ $name == "$1" ]] && return 0; done
    return 1
}

root="$tmp/root"
mkdir -p "$root"
dpkg-deb -x "$deb" "$root" || { echo "FAIL: dpkg-deb -x"; exit 1; }
binary="$root/usr/bin/torchdoctor"
[[ -x $binary ]] || { echo "FAIL: the package has no executable usr/bin/torchdoctor"; exit 1; }
# usr/bin/torchdoctor is the static launcher (app/launcher.c); the Qt program it runs is here.
program="$root/usr/libexec/torchdoctor/torchdoctor-bin"
[[ -x $program ]] || { echo "FAIL: the package has no executable usr/libexec/torchdoctor/torchdoctor-bin"; exit 1; }
if readelf -lW "$binary" | grep -q INTERP || readelf -dW "$binary" | grep -q '(NEEDED)'; then
    fail "usr/bin/torchdoctor is not static: the loader (and LD_LIBRARY_PATH) would decide what it loads"
else
    pass "usr/bin/torchdoctor is static"
fi
# No empty or relative RPATH/RUNPATH entry: glibc reads them against the current folder.
for elf in "$binary" "$program"; do
    paths=$(readelf -dW "$elf" | sed -nE 's/.*\((RPATH|RUNPATH)\).*\[(.*)\]/\2/p')
    if [[ -z $paths ]]; then
        pass "${elf#"$root"} has no RPATH or RUNPATH"
    else
        fail "${elf#"$root"} has RPATH/RUNPATH [$paths]: it searches there for libraries"
    fi
done

owner_of() { # the package that owns a library file, through /usr-merge links
    local path=$1 candidate
    for candidate in "$path" "$(readlink -f "$path")" "${path#/usr}" "/usr$path"; do
        dpkg-query -S "$candidate" 2>/dev/null | head -n1 | cut -d: -f1 && return 0
    done
    return 1
}
# The wizard is a module of its own, loaded by the bare command alone.
mapfile -t modules < <(find "$root/usr/lib" -path '*/torchdoctor/libtorchdoctor-wizard.so' 2>/dev/null)
if ((${#modules[@]} == 1)); then
    pass "ships the wizard module ${modules[0]#"$root"}"
else
    fail "expected the wizard module under usr/lib/.../torchdoctor/, found ${#modules[@]}"
fi
mapfile -t needed < <(readelf -d "$program" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')
((${#needed[@]})) || fail "readelf found no NEEDED entries in the binary"
mapfile -t module_needed < <( ((${#modules[@]})) && readelf -d "${modules[0]}" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')
printf '%s\n' "${module_needed[@]}" | grep -qx 'libQt6Widgets\.so\.6' && pass "the wizard module links Qt Widgets" \
    || fail "the wizard module does not link Qt Widgets (readelf: ${module_needed[*]})"
printf '%s\n' "${needed[@]}" | grep -qx 'libQt6Widgets\.so\.6' && fail "the binary links Qt Widgets itself" \
    || pass "the binary does not link Qt Widgets"
# The release-list fetch and the zip bundle: a module loaded by the commands that use them alone.
mapfile -t transfer < <(find "$root/usr/lib" -path '*/torchdoctor/libtorchdoctor-transfer.so' 2>/dev/null)
if ((${#transfer[@]} == 1)); then
    pass "ships the transfer module ${transfer[0]#"$root"}"
else
    fail "expected the transfer module under usr/lib/.../torchdoctor/, found ${#transfer[@]}"
fi
mapfile -t transfer_needed < <( ((${#transfer[@]})) && readelf -d "${transfer[0]}" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p')
for soname_pattern in 'libQt6Network\.so\.6' 'libarchive\.so\..*'; do
    printf '%s\n' "${transfer_needed[@]}" | grep -qxE "$soname_pattern" && pass "the transfer module links $soname_pattern" \
        || fail "the transfer module does not link $soname_pattern (readelf: ${transfer_needed[*]})"
    printf '%s\n' "${needed[@]}" | grep -qxE "$soname_pattern" && fail "the binary links $soname_pattern itself" \
        || pass "the binary does not link $soname_pattern"
done
mapfile -t needed < <(printf '%s\n' "${needed[@]}" "${module_needed[@]}" "${transfer_needed[@]}" | sort -u)
for soname in "${needed[@]}"; do
    path=$("$ldconfig" -p | awk -v so="$soname" '$1 == so && /x86-64|x32|AArch64|64bit/ { print $NF; exit }')
    [[ -n $path ]] || path=$("$ldconfig" -p | awk -v so="$soname" '$1 == so { print $NF; exit }')
    if [[ -z $path ]]; then
        fail "$soname (needed by the binary) is not in the loader cache"
        continue
    fi
    owner=$(owner_of "$path")
    if [[ -z $owner ]]; then
        fail "$soname ($path) belongs to no Debian package"
        continue
    fi
    # The owner itself, or a name it provides (libspdlog1.10 provides libspdlog1.10-fmt9).
    satisfied=""
    mapfile -t provided < <(dpkg-query -W -f='${Provides}' "$owner" 2>/dev/null | tr ',' '\n' | sed -E 's/\(.*\)//; s/^ +//; s/ +$//')
    for name in "$owner" "${provided[@]}"; do
        [[ -n $name ]] && has_dependency "$name" && satisfied=$name && break
    done
    [[ -n $satisfied ]] && pass "$soname ($path) is in $owner: Depends names $satisfied" \
        || fail "$soname ($path) is in $owner, which Depends does not name (nor anything it provides)"
done
# What the binary and the module must link, whatever else they link.
for soname_pattern in 'libQt6Core\.so\.6' 'libspdlog\.so\..*'; do
    printf '%s\n' "${needed[@]}" | grep -qxE "$soname_pattern" && pass "the binary links $soname_pattern" \
        || fail "the binary does not link $soname_pattern (readelf: ${needed[*]})"
done

# A windowed build: Qt loads the platform plugins and the SVG icon engine at
# run time, so Depends must name them though no NEEDED entry does.
if printf '%s\n' "${needed[@]}" | grep -qx 'libQt6Gui\.so\.6'; then
    for plugin_package in qt6-qpa-plugins libqt6svg6; do
        has_dependency "$plugin_package" && pass "windowed build: Depends names $plugin_package" \
            || fail "windowed build: Depends does not name $plugin_package"
    done
fi

# 3. The files.
echo "== dpkg-deb -c"
dpkg-deb -c "$deb" | tee "$tmp/contents"
expect_file() {
    if grep -qE " \./$1\$" "$tmp/contents"; then pass "ships /$1"; else fail "does not ship /$1"; fi
}
expect_file usr/bin/torchdoctor
expect_file usr/libexec/torchdoctor/torchdoctor-bin
expect_file "usr/share/applications/$app_id.desktop"
expect_file "usr/share/metainfo/$app_id.metainfo.xml"
expect_file "usr/share/icons/hicolor/scalable/apps/$app_id.svg"
expect_file usr/share/doc/torchdoctor/copyright
expect_file usr/share/man/man1/torchdoctor.1.gz
for size in $icon_sizes; do
    expect_file "usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
    png="$root/usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
    [[ -f $png ]] || continue
    dims=$(python3 -c 'import struct,sys; d=open(sys.argv[1],"rb").read(24); assert d[:8]==b"\x89PNG\r\n\x1a\n"; print("%dx%d" % struct.unpack(">II", d[16:24]))' "$png" 2>/dev/null)
    [[ $dims == "${size}x${size}" ]] && pass "the ${size}x${size} icon is a ${dims} PNG" || fail "the ${size}x${size} icon is '${dims}'"
done
bad_owner=$(dpkg-deb -c "$deb" | awk '$2 != "root/root" { print $NF }')
[[ -z $bad_owner ]] && pass "every file is owned by root" || fail "files not owned by root: $bad_owner"

# 4. The validators, on the files as packaged.
echo "== desktop-file-validate"
if out=$(desktop-file-validate "$root/usr/share/applications/$app_id.desktop" 2>&1); then
    [[ -n $out ]] && echo "$out"
    pass "desktop-file-validate"
else
    echo "$out"
    fail "desktop-file-validate"
fi
grep -qx "Exec=torchdoctor" "$root/usr/share/applications/$app_id.desktop" && pass "Exec=torchdoctor" || fail "the desktop entry does not run torchdoctor"
grep -qx "Icon=$app_id" "$root/usr/share/applications/$app_id.desktop" && pass "Icon=$app_id" || fail "the desktop entry's icon is not $app_id"
# The window's class is the application's name (Qt's xcb WM_CLASS): the dock ties the window to the entry.
grep -qx "StartupWMClass=TorchDoctor" "$root/usr/share/applications/$app_id.desktop" \
    && pass "StartupWMClass=TorchDoctor" || fail "the desktop entry has no StartupWMClass=TorchDoctor"
dpkg-deb -f "$deb" Recommends | grep -q "fonts-noto-cjk" && pass "recommends a CJK font" \
    || fail "the package recommends no CJK font"
if command -v man >/dev/null; then
    MANWIDTH=300 man -l "$root/usr/share/man/man1/torchdoctor.1.gz" 2>&1 | grep -q "find out why PyTorch" \
        && pass "man torchdoctor reads" || fail "the manual page does not read"
fi

echo "== appstreamcli validate --pedantic --no-net"
if appstreamcli validate --pedantic --no-net "$root/usr/share/metainfo/$app_id.metainfo.xml"; then
    pass "appstreamcli validate --pedantic"
else
    fail "appstreamcli validate --pedantic"
fi
echo "== appstreamcli validate-tree --pedantic --no-net"
if appstreamcli validate-tree --pedantic --no-net "$root"; then
    pass "appstreamcli validate-tree (metainfo, desktop entry and icons together)"
else
    fail "appstreamcli validate-tree"
fi
grep -q "<release version=\"$version\"" "$root/usr/share/metainfo/$app_id.metainfo.xml" \
    && pass "the metainfo's release is $version" || fail "the metainfo has no release $version"

# 5. The packaged binary, run from / with a throw-away home: it needs nothing
#    from the source or build folders.
echo "== running $binary"
export HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config" \
    XDG_CACHE_HOME="$tmp/home/.cache" XDG_STATE_HOME="$tmp/home/.local/state"
mkdir -p "$HOME"
cd / || exit 1
out=$("$binary" --version)
[[ $out =~ ^"TorchDoctor $version"( \(.+\))?$ ]] && pass "--version: $out" || fail "--version printed '$out', expected 'TorchDoctor $version'"

if [[ -x /usr/bin/python3 ]]; then
    "$binary" check --no-import --python /usr/bin/python3 --format json >"$tmp/check.json" 2>"$tmp/check.err"
    code=$?
    if ((code == 0 || code == 1)) \
        && python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["tool"]["version"]==sys.argv[2], r["tool"]; assert r["pythons"][0]["executable"], r["pythons"]' \
            "$tmp/check.json" "$version"; then
        pass "check --no-import --python /usr/bin/python3 --format json (exit $code, valid JSON)"
    else
        cat "$tmp/check.err"
        head -c 2000 "$tmp/check.json"
        fail "check --no-import --python /usr/bin/python3 --format json (exit $code)"
    fi
fi

# In a broken environment, and from inside a folder of broken libraries: a
# file with a library's name that is not one stops a plain Qt program.
broken="$tmp/broken-lib"
mkdir -p "$broken"
: >"$broken/libgomp.so.1"
: >"$broken/libstdc++.so.6"
: >"$broken/libQt6Core.so.6"
out=$(cd "$broken" && LD_LIBRARY_PATH="$broken" LD_PRELOAD="$broken/libgomp.so.1" QT_PLUGIN_PATH="$broken" \
    "$binary" --version 2>&1)
[[ $out =~ ^"TorchDoctor $version"( \(.+\))?$ ]] && pass "--version with broken libraries on LD_LIBRARY_PATH and in the current folder" \
    || fail "--version with broken libraries on LD_LIBRARY_PATH and in the current folder printed '$out'"

# The support bundle: the transfer module found where it is installed, a zip written.
if [[ -x /usr/bin/python3 ]]; then
    "$binary" report --no-import --python /usr/bin/python3 --bundle "$tmp/support.zip" >"$tmp/report.out" 2>"$tmp/report.err"
    code=$?
    if ((code == 0 || code == 1)) && python3 -c 'import sys,zipfile; n=zipfile.ZipFile(sys.argv[1]).namelist(); assert "report.json" in n, n' "$tmp/support.zip"; then
        pass "report --bundle (exit $code, a zip with report.json)"
    else
        cat "$tmp/report.err"
        fail "report --bundle (exit $code)"
    fi
fi

libz=$("$ldconfig" -p | awk '$1 == "libz.so.1" { print $NF; exit }')
if [[ -n $libz ]]; then
    "$binary" deps "$libz" --json >"$tmp/deps.json" 2>"$tmp/deps.err"
    code=$?
    if ((code == 0)) && python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["os"]=="linux"; assert any(l["name"]=="libc.so.6" and l["found"] for l in r["libraries"]), r["libraries"]' "$tmp/deps.json"; then
        pass "deps $libz --json (exit 0, finds libc.so.6)"
    else
        cat "$tmp/deps.err"
        head -c 2000 "$tmp/deps.json"
        fail "deps $libz --json (exit $code)"
    fi
fi

if ((failures)); then
    echo "$failures check(s) failed"
    exit 1
fi
echo "The package passed every check."
