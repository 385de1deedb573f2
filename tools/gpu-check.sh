#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Compares what TorchDoctor's GPU probe finds with what nvidia-smi (and torch,
# when a CUDA torch is importable) say, on a machine with a real NVIDIA GPU.
#
#   tools/gpu-check.sh [BUILD_DIR]
#
# Uses BUILD_DIR/tests/platform/gpu_probe_dump (default build dir:
# build/gpu-check); when it is missing, configures BUILD_DIR and builds that
# one target. Prints every source side by side, then a verdict per fact.
# Exit status: 0 all facts agree, 1 a mismatch, 2 could not run the probe.
set -u

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/gpu-check}
dump=$build/tests/platform/gpu_probe_dump
limit=60 # seconds for each external command

section() { printf '\n===== %s =====\n' "$1"; }

if [ ! -x "$dump" ]; then
    section "building gpu_probe_dump in $build"
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTD_BUILD_BENCHMARKS=OFF >/dev/null \
        && cmake --build "$build" --target gpu_probe_dump \
        || { echo "could not build gpu_probe_dump" >&2; exit 2; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

section "gpu_probe_dump"
timeout "$limit" "$dump" >"$tmp/probe.json" 2>"$tmp/probe.err"
status=$?
cat "$tmp/probe.json"
cat "$tmp/probe.err" >&2
if [ "$status" -ne 0 ]; then
    echo "gpu_probe_dump exited with $status" >&2
    exit 2
fi

query=name,driver_version,compute_cap,memory.total,uuid,pci.bus_id
section "nvidia-smi --query-gpu=$query --format=csv,noheader,nounits"
timeout "$limit" nvidia-smi --query-gpu=$query --format=csv,noheader,nounits >"$tmp/smi.csv" 2>&1
echo "(exit $?)"
cat "$tmp/smi.csv"

section "nvidia-smi"
timeout "$limit" nvidia-smi >"$tmp/smi.txt" 2>&1
echo "(exit $?)"
cat "$tmp/smi.txt"

section "/proc/driver/nvidia/version"
cat /proc/driver/nvidia/version 2>&1

section "ldconfig -p | grep libnvidia-ml"
ldconfig -p 2>/dev/null | grep libnvidia-ml || echo "(none in the loader cache)"

python=$(command -v python3 || command -v python || true)
if [ -n "$python" ]; then
    section "torch ($python)"
    timeout "$limit" "$python" - >"$tmp/torch.txt" 2>&1 <<'PY'
import torch
print("torch", torch.__version__, "built for CUDA", torch.version.cuda)
print("cuda available", torch.cuda.is_available())
if torch.cuda.is_available():
    print("driver-side CUDA", torch._C._cuda_getDriverVersion() if hasattr(torch._C, "_cuda_getDriverVersion") else "?")
    for i in range(torch.cuda.device_count()):
        p = torch.cuda.get_device_properties(i)
        print(f"gpu {i}: {p.name} cc {p.major}.{p.minor} {p.total_memory // (1024 * 1024)} MiB")
    print("arch list", torch.cuda.get_arch_list())
PY
    cat "$tmp/torch.txt"
fi

section "verdict"
if [ -z "$python" ]; then
    echo "no python to compare with; read the sections above"
    exit 0
fi
"$python" - "$tmp/probe.json" "$tmp/smi.csv" "$tmp/smi.txt" <<'PY'
import json, re, sys

probe = json.load(open(sys.argv[1]))["gpu"]
rows = [[f.strip() for f in line.split(",")] for line in open(sys.argv[2]) if line.count(",") >= 5]
banner = open(sys.argv[3]).read()
bad = 0

def check(what, ours, theirs):
    global bad
    ok = ours == theirs
    bad += not ok
    print(f"{'MATCH   ' if ok else 'MISMATCH'} {what}: probe={ours!r} nvidia-smi={theirs!r}")

check("driver found", probe["nvidia_driver_found"], bool(rows))
if rows:
    check("driver version", probe["driver_version"], rows[0][1])
    cuda = re.search(r"CUDA Version:\s*(\d+\.\d+)", banner)
    check("CUDA version", probe["cuda_driver_version"], cuda.group(1) if cuda else "")
    check("GPU count", len(probe["gpus"]), len(rows))
    for ours, row in zip(probe["gpus"], rows):
        check("name", ours["name"], row[0])
        check("compute capability", ours["compute_capability"], "" if row[2].startswith("[") else row[2])
        check("memory MiB", ours["memory_mib"], int(row[3]) if row[3].isdigit() else 0)
        check("uuid", ours["uuid"], row[4])
        # NVML gives the 8-digit domain, nvidia-smi too; compare case-insensitively.
        check("bus id", ours["bus_id"].upper(), row[5].upper())
print("source:", probe["source"], probe["nvml_path"])
sys.exit(1 if bad else 0)
PY
