#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The environment repair of the real torchdoctor.exe under Wine, on a project whose .venv holds
PyPI's torch 2.4.0 (the venv-project tree of portable_python.py: python.org's embeddable CPython
3.11, site on), with the real `import torch` as the judge before, after the repair and after undo.
The real torch 2.4.0 fails there on fbgemm.dll (WinError 126); each case below breaks the import
earlier, so "the repair worked" is the import failing on fbgemm.dll again, from the venv's torch.

pth: a .pth file in the venv's site-packages runs `import sys; sys.path.insert(0, ...)` with a
  Python 3.12 folder that holds another torch. `check` leads with env.suspicious naming the file and
  line, `fix env --yes` takes the line out, `undo --yes` puts the file back byte for byte.
local-copy: a typing_extensions.py of the project's own (torch imports typing_extensions first), in
  the folder main.py starts in. `check` (started there) leads with python.local-copy, `fix env`
  renames it aside, `undo` gives it its name and bytes back.
Each `check` is also run with --format json; its lead finding names the env repair."""
import argparse
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import time

import wine_run  # beside this script

p = argparse.ArgumentParser()
p.add_argument("--wine", required=True)
p.add_argument("--torchdoctor", required=True)
p.add_argument("--trees", required=True, help="portable_python.py's --out, with the venv-project tree")
args = p.parse_args()
root = pathlib.Path(args.trees) / "venv-project"
project = root / "project"
python = project / ".venv" / "Scripts" / "python.exe"
site = project / ".venv" / "Lib" / "site-packages"
drop = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "CONDA_PREFIX", "VIRTUAL_ENV")
env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("PIP_")}
env["PYTHONDONTWRITEBYTECODE"] = "1"
failures = []


def windows_path(path):
    return "Z:" + str(path).replace("/", "\\")


def wine(title, *argv, cwd=project):
    started = time.monotonic()
    r = wine_run.run([args.wine, *argv], cwd=cwd, env=env, stdin=subprocess.DEVNULL, timeout=600)
    print(f"--- {title} (exit {r.returncode}, {time.monotonic() - started:.1f} s)\n{r.stdout}{r.stderr}".rstrip())
    return r


def expect(ok, message):
    if not ok:
        print(f"FAILED: {message}")
        failures.append(message)
    return ok


def judge(title):
    """The real import, as the project starts it: the error's last line."""
    r = wine(f"python main.py ({title})", windows_path(python), "main.py")
    lines = [line for line in (r.stdout + r.stderr).splitlines() if line.strip()]
    return r.returncode, lines[-1] if lines else ""


def fbgemm(outcome):
    return outcome[0] != 0 and "WinError 126" in outcome[1] and "fbgemm.dll" in outcome[1]


def lead(expected_id):
    """What `check` leads with, the real import included (what it raises decides which cause leads)."""
    r = wine("check --format json", windows_path(args.torchdoctor), "check", "--python", windows_path(python),
             "--format", "json", "--no-redact")
    try:
        findings = json.loads(r.stdout).get("findings", [])
    except json.JSONDecodeError:
        findings = []
    first = findings[0] if findings else {}
    expect(first.get("id") == expected_id and first.get("fixes") == ["env"],
           f"check should lead with {expected_id}, repaired by env: {first}")
    return first.get("evidence", {})


def digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pth_case():
    other = root / "Python312" / "Lib" / "site-packages"
    (other / "torch").mkdir(parents=True, exist_ok=True)
    (other / "torch" / "__init__.py").write_text("raise ImportError('the torch of Python 3.12')\n")
    (other / "torch" / "version.py").write_text("__version__ = '2.9.0+cu130'\n")
    info = other / "torch-2.9.0+cu130.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: torch\nVersion: 2.9.0+cu130\n")
    (info / "RECORD").write_text("torch/__init__.py,,\n")
    pth = site / "zz_py312.pth"
    text = f"# added by an old installer\r\nimport sys; sys.path.insert(0, r'{windows_path(other)}')\r\n"
    pth.write_bytes(text.encode())
    try:
        broken = judge("the .pth line")
        expect("the torch of Python 3.12" in broken[1], f"the .pth line should import the other torch: {broken}")
        evidence = lead("env.suspicious")
        expect(evidence.get("pth_file", "").lower().endswith("zz_py312.pth") and evidence.get("line") == 2,
               f"the finding should name zz_py312.pth, line 2: {evidence}")
        fix = wine("fix env --yes", windows_path(args.torchdoctor), "fix", "env", "--python", windows_path(python),
                   "--yes")
        expect(fix.returncode == 0 and "Fixed." in fix.stdout, "fix env should say Fixed. and exit 0")
        expect(pth.read_bytes() == b"# added by an old installer\r\n", f"the line should be out: {pth.read_bytes()}")
        expect(fbgemm(judge("after fix env")), "after the repair the venv's own torch should be imported")
        undo = wine("undo --yes", windows_path(args.torchdoctor), "undo", "--yes")
        expect(undo.returncode == 0 and pth.read_bytes() == text.encode(), "undo should put the .pth back")
        expect("the torch of Python 3.12" in judge("after undo")[1], "after undo the other torch again")
    finally:
        pth.unlink(missing_ok=True)


def local_copy_case():
    mine = project / "typing_extensions.py"
    mine.write_text("def helper():\n    return 1\n")
    before = digest(mine)
    aside = project / "typing_extensions.py.local-copy"
    try:
        broken = judge("the local typing_extensions.py")
        expect(not fbgemm(broken) and broken[0] != 0, f"the local module should break the import first: {broken}")
        evidence = lead("python.local-copy")
        expect(evidence.get("module") == "typing_extensions", f"the finding should name the module: {evidence}")
        fix = wine("fix env --yes", windows_path(args.torchdoctor), "fix", "env", "--python", windows_path(python),
                   "--yes")
        expect(fix.returncode == 0 and "Fixed." in fix.stdout, "fix env should say Fixed. and exit 0")
        expect(not mine.exists() and aside.is_file(), "the local module should be renamed aside")
        expect(fbgemm(judge("after fix env")), "after the repair the installed typing_extensions should load")
        undo = wine("undo --yes", windows_path(args.torchdoctor), "undo", "--yes")
        expect(undo.returncode == 0 and mine.is_file() and digest(mine) == before and not aside.exists(),
               "undo should give the module its name and bytes back")
        expect(judge("after undo") == broken, "after undo the import should fail as before")
    finally:
        mine.unlink(missing_ok=True)
        aside.unlink(missing_ok=True)


expect(fbgemm(judge("as laid out")), "the venv's own torch 2.4.0 should fail on fbgemm.dll")
pth_case()
local_copy_case()
if failures:
    sys.exit(f"FAILED: {len(failures)} check(s)")
print("PASSED: a .pth line of code and a local module, each named, taken out by fix env and put back by undo")
