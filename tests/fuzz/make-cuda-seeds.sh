#!/usr/bin/env bash
# Seeds for fuzz_cuda: small shared libraries built with the corpus's nvcc for a few -gencode
# sets (plain, arch- and family-specific, PTX, compressed, two source files), and the same
# fatbinaries in the `.nv_fatb` section of a PE DLL assembled by mingw-w64.
# usage: make-cuda-seeds.sh OUT_DIR   (prints the files it made; needs TD_CORPUS_DIR)
set -euo pipefail
out=$1
corpus=${TD_CORPUS_DIR:?TD_CORPUS_DIR names the corpus of tools/fetch-wheels.sh}
rm -rf "$out"; mkdir -p "$out/toolkit"
for w in nvidia-cuda-nvcc-13.5.37-manylinux2014_x86_64 nvidia-nvvm-13.5.37-manylinux2010_x86_64 \
         nvidia-cuda-crt-13.5.37-manylinux2014_x86_64 nvidia-cuda-runtime-13.5.37-manylinux2014_x86_64; do
    [[ -d $corpus/$w/nvidia/cu13 ]] || { echo "make-cuda-seeds: $corpus/$w is missing: run tools/fetch-wheels.sh" >&2; exit 1; }
    cp -al "$corpus/$w/nvidia/cu13/." "$out/toolkit/" 2>/dev/null || cp -a "$corpus/$w/nvidia/cu13/." "$out/toolkit/"
done
cat >"$out/a.cu" <<'CU'
__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
extern "C" void launch_a(float *x) { scale<<<1, 32>>>(x, 2.0f); }
CU
cat >"$out/b.cu" <<'CU'
__global__ void add(float *x, float a) { x[threadIdx.x] += a; }
extern "C" void launch_b(float *x) { add<<<1, 32>>>(x, 1.0f); }
CU
n=0
build() { # extra nvcc arguments...
    n=$((n + 1))
    "$out/toolkit/bin/nvcc" -ccbin "${CXX:-g++}" -cudart none -shared -Xcompiler -fPIC "$@" -o "$out/seed$n.so" >&2
    echo "$out/seed$n.so"
    local cc=x86_64-w64-mingw32-gcc
    if command -v $cc >/dev/null; then
        objcopy -O binary --only-section=.nv_fatbin "$out/seed$n.so" "$out/seed$n.fatbin"
        printf '.section .nv_fatb,"dr"\n.incbin "%s"\n' "$out/seed$n.fatbin" >"$out/seed$n.s"
        $cc -shared -nostdlib -Wl,--entry=0 -o "$out/seed$n.dll" "$out/seed$n.s" >&2
        echo "$out/seed$n.dll"
    fi
}
build "$out/a.cu" -gencode arch=compute_75,code=sm_75 -gencode arch=compute_80,code='[sm_80,compute_80]'
build "$out/a.cu" -gencode arch=compute_90a,code='[sm_90a,compute_90a]' -gencode arch=compute_100f,code=sm_100f
build "$out/a.cu" "$out/b.cu" -gencode arch=compute_86,code=sm_86 -gencode arch=compute_120,code=compute_120 -Xfatbin=-compress-all
