#!/usr/bin/env bash
# Builds one libFuzzer target for a core/binary reader with clang (ASan + UBSan)
# and runs it for a bounded time over seeds taken from real files.
# usage: run-fuzzer.sh SOURCE_DIR WORK_DIR NAME SECONDS SEED...
#   FUZZ_SOURCES: other sources the target needs instead of the readers (paths under
#         SOURCE_DIR), built with the flags of FUZZ_PACKAGES (pkg-config names)
#   FUZZ_TIMEOUT: seconds one input may take (default 10): a slower one is a failure
#   SEED: a file, a folder (its first 40 regular files under 64 KiB are used), or
#         a script NAME.sh that writes seeds into the folder it is given and
#         prints their paths
set -euo pipefail
src=$1 work=$2 name=$3 seconds=$4
shift 4
clangxx=${CLANGXX:-clang++}
command -v "$clangxx" >/dev/null || { echo "SKIP: $clangxx not found"; exit 77; }

# The readers are compiled once for all the fuzzers of a run (the first to take the lock
# compiles them, the others wait and link them), with libFuzzer's coverage but not its main.
readers=$work/readers
mkdir -p "$work/$name" "$readers"
flags=(-std=c++20 -O1 -g -fno-sanitize-recover=all -I"$src/core")
readers_stamp=$(cat "$src"/core/binary/*.cpp "$src"/core/binary/*.h | md5sum | cut -d' ' -f1)
(
    flock 9
    if [[ $(cat "$readers/stamp" 2>/dev/null) != "$readers_stamp" ]]; then
        rm -f "$readers"/*.o "$readers/stamp"
        # Each reader on a core of its own: the other fuzzers wait for them.
        pids=()
        for source in "$src"/core/binary/*.cpp; do
            "$clangxx" "${flags[@]}" -fsanitize=fuzzer-no-link,address,undefined -c "$source" \
                -o "$readers/$(basename "$source" .cpp).o" &
            pids+=($!)
        done
        for pid in "${pids[@]}"; do wait "$pid" || exit 1; done
        echo "$readers_stamp" > "$readers/stamp"
    fi
) 9>"$readers/lock"

bin="$work/$name/$name"
objects=("$readers"/*.o)
sources=()
packages=()
if [[ -n ${FUZZ_SOURCES:-} ]]; then
    read -ra sources <<<"$FUZZ_SOURCES"
    objects=()
    # shellcheck disable=SC2046 # pkg-config's flags are words
    packages=($(pkg-config --cflags --libs ${FUZZ_PACKAGES:-}) -fPIC)
fi
stamp_src=$( (echo "$readers_stamp"; cat "$src/tests/fuzz/$name.cpp"; for f in "${sources[@]}"; do cat "$src/$f"; done) |
    md5sum | cut -d' ' -f1)
if [[ ! -x $bin || $(cat "$bin.stamp" 2>/dev/null) != "$stamp_src" ]]; then
    "$clangxx" "${flags[@]}" -fsanitize=fuzzer,address,undefined "$src/tests/fuzz/$name.cpp" \
        "${sources[@]/#/$src/}" "${objects[@]}" "${packages[@]}" -o "$bin"
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
"$bin" -max_total_time="$seconds" -max_len=65536 -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=1024 \
    -print_final_stats=1 "$corpus" >"$log" 2>&1 || { tail -60 "$log"; echo "$name: FAILED"; exit 1; }
grep -E 'stat::number_of_executed_units|Done [0-9]+ runs' "$log" | tail -2
echo "$name: clean"
