#!/usr/bin/env bash
# Writes Mach-O seed files for fuzz_macho into OUT_DIR and prints their paths.
# No Mach-O files ship with Linux, so they are made here: a few hand-written
# headers always, and real dylibs, an executable and a universal file when
# clang and ld64.lld are installed.
# usage: make-macho-seeds.sh OUT_DIR
set -uo pipefail
out=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
rm -rf "$out" && mkdir -p "$out" || exit 1

le32() { # a 32-bit little-endian integer
    local v=$1
    printf "\\x$(printf %02x $((v & 255)))\\x$(printf %02x $(((v >> 8) & 255)))"
    printf "\\x$(printf %02x $(((v >> 16) & 255)))\\x$(printf %02x $(((v >> 24) & 255)))"
}
be32() {
    local v=$1
    printf "\\x$(printf %02x $(((v >> 24) & 255)))\\x$(printf %02x $(((v >> 16) & 255)))"
    printf "\\x$(printf %02x $(((v >> 8) & 255)))\\x$(printf %02x $((v & 255)))"
}
str() { # a NUL-terminated string padded to `$2` bytes
    printf '%s' "$1"
    head -c $(($2 - ${#1})) /dev/zero
}
# dylib_command: cmd, cmdsize 56, name at 24, timestamp, versions, 32-byte name
dylib_cmd() { le32 "$1"; le32 56; le32 24; le32 0; le32 65536; le32 65536; str "$2" 32; }
rpath_cmd() { le32 $((0x8000001c)); le32 40; le32 12; str "$1" 28; }
thin() { # arm64 MH_DYLIB with an id, three dependencies and two rpaths
    le32 $((0xfeedfacf)); le32 $((0x0100000c)); le32 0; le32 6
    le32 6; le32 $((4 * 56 + 2 * 40)); le32 0; le32 0
    dylib_cmd $((0xd)) "@rpath/libseed.dylib"
    dylib_cmd $((0xc)) "@rpath/libc10.dylib"
    dylib_cmd $((0x80000018)) "@loader_path/libw.dylib"
    dylib_cmd $((0x8000001f)) "/usr/lib/libSystem.B.dylib"
    rpath_cmd "@loader_path/../lib"
    rpath_cmd "@executable_path"
}
thin > "$out/handmade-thin.dylib"
{
    be32 $((0xcafebabe)); be32 1
    be32 $((0x0100000c)); be32 0; be32 4096; be32 "$(stat -c %s "$out/handmade-thin.dylib")"; be32 12
    head -c $((4096 - 28)) /dev/zero
    cat "$out/handmade-thin.dylib"
} > "$out/handmade-fat.dylib"
echo "$out/handmade-thin.dylib"
echo "$out/handmade-fat.dylib"

# Real files, when the tools are there.
clang=${CLANG:-}
[[ -z $clang && -n ${CLANGXX:-} && -x ${CLANGXX%++} ]] && clang=${CLANGXX%++}
[[ -z $clang ]] && clang=$(command -v clang || true)
lld=${LD64_LLD:-$(command -v ld64.lld || command -v ld64.lld-14 || ls /usr/lib/llvm-*/bin/ld64.lld 2>/dev/null | tail -1 || true)}
[[ -n $clang && -n $lld ]] || exit 0
lipo=$(dirname "$lld")/llvm-lipo
[[ -x $lipo ]] || lipo=$(command -v llvm-lipo || command -v llvm-lipo-14 || ls /usr/lib/llvm-*/bin/llvm-lipo 2>/dev/null | tail -1 || true)

stub() { # a .tbd for install name $1
    local f="$out/tmp/stub$((++stubs)).tbd"
    printf -- "--- !tapi-tbd\ntbd-version: 4\ntargets: [ x86_64-macos, arm64-macos ]\ninstall-name: '%s'\n...\n" "$1" > "$f"
    echo "$f"
}
stubs=0
mkdir -p "$out/tmp"
src=$here/../binary/fixtures/macho/fixture.c
"$clang" -target arm64-apple-macos11 -c "$src" -o "$out/tmp/a.o" 2>/dev/null || exit 0
"$clang" -target x86_64-apple-macos10.15 -c "$src" -o "$out/tmp/x.o" 2>/dev/null || exit 0
sys=$(stub /usr/lib/libSystem.B.dylib)
link() { # arch object output args...
    local arch=$1 obj=$2 o=$3 v=11.0
    shift 3
    [[ $arch == x86_64 ]] && v=10.15
    "$lld" -arch "$arch" -platform_version macos $v $v -undefined dynamic_lookup "$obj" "$@" "$sys" -o "$o" 2>/dev/null \
        && echo "$o"
}
link arm64 "$out/tmp/a.o" "$out/libtorch_cpu.dylib" -dylib -install_name @rpath/libtorch_cpu.dylib \
    -rpath @loader_path -rpath /opt/homebrew/opt/libomp/lib "$(stub @rpath/libc10.dylib)" "$(stub @rpath/libomp.dylib)" \
    -weak_library "$(stub @loader_path/libweak.dylib)" -reexport_library "$(stub /usr/lib/libc++.1.dylib)"
link x86_64 "$out/tmp/x.o" "$out/libc10-x86_64.dylib" -dylib -install_name @rpath/libc10.dylib -rpath @loader_path/../lib
link arm64 "$out/tmp/a.o" "$out/libc10-arm64.dylib" -dylib -install_name @rpath/libc10.dylib
link arm64 "$out/tmp/a.o" "$out/python3" -execute -rpath @executable_path/../lib "$(stub @rpath/libtorch_cpu.dylib)"
if [[ -x $lipo && -f $out/libc10-x86_64.dylib && -f $out/libc10-arm64.dylib ]]; then
    "$lipo" -create "$out/libc10-x86_64.dylib" "$out/libc10-arm64.dylib" -output "$out/libc10.dylib" 2>/dev/null \
        && echo "$out/libc10.dylib"
fi
rm -rf "$out/tmp"
exit 0
