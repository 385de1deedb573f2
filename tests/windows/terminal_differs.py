#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The real torchdoctor.exe under Wine compares its own environment with the
registry's, which is what a new terminal gets:
  1. PYTHONPATH set only where TorchDoctor was started (a terminal's own
     variable): env.terminal-differs names it, set here and not in a new
     terminal, with the registry keys it read;
  2. the same PYTHONPATH also in HKCU\\Environment as REG_EXPAND_SZ: Wine starts
     the process with the registry's value, expanded, so the two agree and the
     finding is gone; a value read unexpanded or not read would differ."""
import argparse
import json
import os
import subprocess
import sys

import wine_run  # beside this script

p = argparse.ArgumentParser()
p.add_argument("--wine", required=True)
p.add_argument("--torchdoctor", required=True)
args = p.parse_args()
KEY = "HKCU\\Environment"
clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CONDA_PREFIX", "VIRTUAL_ENV")}


def wine(*argv, extra=None):
    return wine_run.run([args.wine, *argv], env={**clean, **(extra or {})}, timeout=300)


def terminal_finding(extra=None):
    r = wine(args.torchdoctor, "check", "--no-import", "--format", "json", extra=extra)
    try:
        report = json.loads(r.stdout)
    except json.JSONDecodeError:
        sys.exit(f"FAILED: check --format json printed no JSON (exit {r.returncode}):\n{r.stdout}{r.stderr}")
    found = [f for f in report.get("findings", []) if f.get("id") == "env.terminal-differs"]
    return found[0] if found else None


# Outside the home folder, which reports show as "~".
value = wine("cmd", "/c", "echo %SystemDrive%").stdout.strip() + "\\td-terminal"
found = terminal_finding({"PYTHONPATH": value})
if not found:
    sys.exit("FAILED: no env.terminal-differs finding with PYTHONPATH set only where TorchDoctor started")
print(json.dumps(found, indent=1, ensure_ascii=False))
ev = found["evidence"]
rows = [v for v in ev["variables"] if v["name"] == "PYTHONPATH"]
if rows != [{"name": "PYTHONPATH", "here": value, "terminal": None}]:
    sys.exit(f"FAILED: PYTHONPATH should be {value} here and unset in a new terminal: {rows}")
keys = ev.get("registry_keys", [])
if "HKCU\\Environment" not in keys or not any(k.endswith("Session Manager\\Environment") for k in keys):
    sys.exit(f"FAILED: the finding does not name the registry keys: {keys}")
if "HKCU\\Environment" not in found["detail"]:
    sys.exit(f"FAILED: the detail does not say where the environment comes from: {found['detail']}")

if wine("reg", "add", KEY, "/v", "PYTHONPATH", "/t", "REG_EXPAND_SZ", "/d", "%SystemDrive%\\td-terminal",
        "/f").returncode:
    sys.exit("FAILED: reg add")
try:
    same = terminal_finding({"PYTHONPATH": value})
finally:
    wine("reg", "delete", KEY, "/v", "PYTHONPATH", "/f")
if same and any(v["name"] == "PYTHONPATH" for v in same["evidence"]["variables"]):
    sys.exit(f"FAILED: PYTHONPATH from HKCU\\Environment (REG_EXPAND_SZ) differs from the process's: {same}")
print("PASSED: a terminal's own PYTHONPATH is named; the registry's, expanded, agrees with the process's")
