#!/usr/bin/env bash
# Seeds for fuzz_hip: small shared libraries whose .hip_fatbin holds clang offload bundles made by
# clang-offload-bundler (plain, and zstd-compressed in CCOB versions 2 and 3), and the same bundles
# in the `.hip_fat` section of a PE DLL assembled by mingw-w64. Each stays under the fuzzer's 64 KiB.
# usage: make-hip-seeds.sh OUT_DIR   (prints the files it made)
set -euo pipefail
out=$1
bundler=/usr/lib/llvm-14/bin/clang-offload-bundler
[[ -x $bundler ]] || bundler=$(command -v clang-offload-bundler) ||
    { echo "make-hip-seeds: clang-offload-bundler not found (Debian: clang-tools-14)" >&2; exit 1; }
command -v zstd >/dev/null || { echo "make-hip-seeds: zstd not found" >&2; exit 1; }
rm -rf "$out"; mkdir -p "$out"
printf 'device code a' >"$out/a.o"
printf 'device code b' >"$out/b.o"
echo 'int plain(void) { return 1; }' >"$out/plain.c"
bundle() { # name targets...
    local name=$1 targets=host-x86_64-unknown-linux inputs=/dev/null t
    shift
    for t in "$@"; do targets+=",$t"; inputs+=",$out/a.o"; done
    "$bundler" -type=o -bundle-align=4096 -targets="$targets" -inputs="$inputs" -outputs="$out/$name.hipfb"
}
le() { # value bytes: the value as little-endian bytes
    local v=$1 i
    for ((i = 0; i < $2; i++)); do printf "\\x$(printf %02x $(((v >> (8 * i)) & 255)))"; done
}
ccob() { # version bundle output
    local raw z size header
    raw=$(stat -c %s "$2")
    zstd -q -c "$2" >"$2.zst"
    z=$(stat -c %s "$2.zst")
    header=$(( $1 == 2 ? 24 : 32 ))
    size=$((header + z))
    { printf 'CCOB'; le "$1" 2; le 1 2
      if (( $1 == 2 )); then le $size 4; le "$raw" 4; else le $size 8; le "$raw" 8; fi
      printf 'hashhash'; cat "$2.zst"; } >"$3"
}
bundle a hipv4-amdgcn-amd-amdhsa--gfx90a:xnack- hipv4-amdgcn-amd-amdhsa--gfx1100
bundle b hip-amdgcn-amd-amdhsa-gfx906 hipv4-amdgcn-amd-amdhsa--gfx942:sramecc+:xnack- \
    hipv4-amdgcn-amd-amdhsa--gfx11-generic
ccob 2 "$out/a.hipfb" "$out/a.ccob2"
ccob 3 "$out/b.hipfb" "$out/b.ccob3"
n=0
library() { # pieces...: an ELF library and a PE DLL with these bundles
    n=$((n + 1))
    local p elf='.section .hip_fatbin,"a"' pe='.section .hip_fat,"dr"'
    for p in "$@"; do
        elf+=$'\n'".p2align 12"$'\n'".incbin \"$p\""
        pe+=$'\n'".p2align 12"$'\n'".incbin \"$p\""
    done
    printf '%s\n.section .note.GNU-stack,"",@progbits\n' "$elf" >"$out/seed$n.s"
    "${CC:-cc}" -shared -fPIC -o "$out/seed$n.so" "$out/plain.c" "$out/seed$n.s" >&2
    echo "$out/seed$n.so"
    if command -v x86_64-w64-mingw32-gcc >/dev/null; then
        echo "$pe" >"$out/seed$n-pe.s"
        x86_64-w64-mingw32-gcc -shared -nostdlib -Wl,--entry=0 -o "$out/seed$n.dll" "$out/seed$n-pe.s" >&2
        echo "$out/seed$n.dll"
    fi
}
library "$out/a.hipfb" "$out/b.hipfb"
library "$out/a.ccob2" "$out/b.ccob3"
library "$out/b.ccob3" "$out/a.hipfb"
