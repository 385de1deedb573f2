#!/usr/bin/env bash
# Seeds for fuzz_explain: each real pasted message of tests/data/pasted-errors.json
# in a file of its own, in the folder given; prints their paths.
set -euo pipefail
out=$1
mkdir -p "$out"
python3 - "$(dirname "$0")/../data/pasted-errors.json" "$out" <<'PY'
import json, os, sys
messages = json.load(open(sys.argv[1], encoding="utf-8"))["messages"]
for n, m in enumerate(messages):
    path = os.path.join(sys.argv[2], "message-%03d.txt" % n)
    with open(path, "w", encoding="utf-8") as f:
        f.write(m["message"])
    print(path)
PY
