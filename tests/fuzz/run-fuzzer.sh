#!/usr/bin/env bash
# Builds one libFuzzer target for a core/binary reader with clang (ASan + UBSan)
# and runs it for a bounded time over seeds taken from real files.
# usage: run-fuzzer.sh SOURCE_DIR WORK_DIR NAME SECONDS SEED...
#   SEED: a file, a folder (its first 40 regular files under 64 KiB are used), or
#         a script NAME.sh that writes seeds into the folder it is given and
#         prints their paths
set -euo pipefail
src=$1 work=$2 name=$3 seconds=$4
shift 4
clangxx=${CLANGXX:-clang++}
command -v "$clangxx" >/dev/null || { echo "SKIP: $clangxx not found"; exit 77; }

mkdir -p "$work/$name"
bin="$work/$name/$name"
stamp_src=$(cat "$src"/core/binary/*.cpp "$src"/core/binary/*.h "$src/tests/fuzz/$name.cpp" | md5sum | cut -d' ' -f1)
if [[ ! -x $bin || $(cat "$bin.stamp" 2>/dev/null) != "$stamp_src" ]]; then
    "$clangxx" -std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        -I"$src/core" "$src"/core/binary/*.cpp "$src/tests/fuzz/$name.cpp" -o "$bin"
    echo "$stamp_src" > "$bin.stamp"
fi

# Seeds: the first 64 KiB of each real file is enough to reach every table a
# reader looks at in the corpus; the fuzzer mutates from there.
corpus="$work/$name/corpus"
rm -rf "$corpus"; mkdir -p "$corpus"
n=0
add_seed() { head -c 65536 "$1" > "$corpus/seed-$n" 2>/dev/null && n=$((n + 1)) || true; }
for s in "$@"; do
    if [[ -d $s ]]; then
        while IFS= read -r -d '' f; do add_seed "$f"; done < <(find "$s" -maxdepth 1 -type f -size -65k -print0 | sort -z | head -z -n 40)
    elif [[ $s == *.sh && -f $s ]]; then
        # A seed generator: run with a scratch folder, it prints the files it made.
        while IFS= read -r f; do if [[ -f $f ]]; then add_seed "$f"; fi; done < <(bash "$s" "$work/$name/generated-seeds")
    elif [[ -f $s ]]; then
        add_seed "$s"
    fi
done
echo "$name: $n seed files"
(( n > 0 )) || { echo "no seeds found"; exit 1; }

log="$work/$name/fuzz.log"
"$bin" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=1024 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || { tail -60 "$log"; echo "$name: FAILED"; exit 1; }
grep -E 'stat::number_of_executed_units|Done [0-9]+ runs' "$log" | tail -2
echo "$name: clean"
