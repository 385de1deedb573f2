#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The real torchdoctor.exe under Wine repairs a real ComfyUI portable Python and undoes it, with
the real `import torch` as the judge before, after the repair and after the undo. The trees are
laid out by portable_python.py (python.org's embeddable CPython 3.11 with PyPI's torch 2.4.0,
whose fbgemm.dll needs libomp140.x86_64.dll, pytorch/pytorch#131662).

portable-pip (ComfyUI_windows_portable, with pip):
  1. the real import (python_embeded\\python.exe -s ComfyUI\\main.py) fails with WinError 126
     naming fbgemm.dll;
  2. `check --python` names fbgemm.dll and libomp140.x86_64.dll and says to upgrade to 2.4.1,
     without warning about the embeddable's own vcruntime140.dll; `check` started in the portable
     folder without --python diagnoses python_embeded\\python.exe; `check --format json` agrees;
  3. the sha256 of every file in torch-2.4.0.dist-info/RECORD, and of the whole tree, recorded;
  4. `fix reinstall --yes --no-index --find-links WHEELHOUSE` (torch 2.4.1 and pip only): the
     import prints 2.4.1, and of the installed distributions only torch changed;
  5. `undo --yes ENTRY`: every file of 2.4.0's RECORD has its hash again, no file of 2.4.1 is
     left, the tree is as it was, and the import fails again with the same error.
bare (python_embeded without pip): the same, where `fix reinstall` bootstraps pip from the
wheelhouse's pip wheel.
--wizard test_ui_portable_wizard.exe: steps 2, 4 and the undo of 5 through the wizard instead
(tests/ui/PortableWizardTest.cpp, which judges the import after the repair itself), in English on
portable-pip and in Chinese on bare; 1, 3 and the judgement of 5 stay here.

The two trees run side by side; each prints its steps' real output and times when it ends. The
first failed assertion ends a tree's run (exit 1 at the end) unless --keep-going. All programs run
in the WINEPREFIX that wine.sh gives (the CTest fixture's); torchdoctor keeps its journal there,
in %APPDATA%\\TorchDoctor\\journal.
"""
import argparse
import base64
import concurrent.futures
import csv
import hashlib
import io
import json
import os
import pathlib
import re
import subprocess
import sys
import time
import zipfile

import wine_run  # beside this script

WHEELS = ("torch-2.4.1-cp311-cp311-win_amd64.whl", "pip-26.3-py3-none-any.whl")
IMPORT_ERROR = re.compile(r"OSError: \[WinError 126\][^\n]*fbgemm\.dll[^\n]*")


class Failed(Exception):
    pass


class Scenario:
    def __init__(self, args):
        self.args = args
        self.failures = []
        self.log = []  # what it printed: the trees run side by side, each log is printed whole
        # What a user's terminal would not have, and no bytecode written by the judge's imports:
        # the trees then hold only what the layout, pip and torchdoctor wrote.
        # pip's own settings (PIP_FIND_LINKS, PIP_INDEX_URL...) are this machine's, not the user's.
        drop = ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "CONDA_PREFIX", "VIRTUAL_ENV")
        self.env = {k: v for k, v in os.environ.items() if k not in drop and not k.startswith("PIP_")}
        self.env["PYTHONDONTWRITEBYTECODE"] = "1"

    def say(self, text):
        self.log.append(text)

    def run(self, title, argv, cwd=None, timeout=300, env=None):
        """Runs a program under Wine, prints its output and time. stdout and stderr are pipes:
        CPython under Wine 8 cannot start with a regular file as stdout ([WinError 6])."""
        self.say(f"\n--- {title}\n$ {' '.join(argv)}")
        started = time.monotonic()
        try:
            r = wine_run.run([self.args.wine, *argv], cwd=cwd, env={**self.env, **(env or {})},
                             stdin=subprocess.DEVNULL, timeout=timeout)
        except subprocess.TimeoutExpired as e:
            raise Failed(f"{title}: no answer in {timeout} s\n{e.stdout or ''}{e.stderr or ''}")
        took = time.monotonic() - started
        out = r.stdout + r.stderr
        self.say(out.rstrip())
        self.say(f"--- exit {r.returncode}, {took:.1f} s")
        return r.returncode, out

    def expect(self, ok, message):
        if ok:
            return
        if not self.args.keep_going:
            raise Failed(message)
        self.say(f"FAILED: {message}")
        self.failures.append(message)


def windows_path(p):
    return "Z:" + str(p).replace("/", "\\")


def file_hash(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h


def record_hash(path):
    return "sha256=" + base64.urlsafe_b64encode(file_hash(path).digest()).rstrip(b"=").decode()


def site_packages(prefix):
    return prefix / "Lib" / "site-packages"


def distributions(prefix):
    """What `pip list` says, read from the dist-info folders: {name: version}."""
    out = {}
    for info in site_packages(prefix).glob("*.dist-info"):
        name, version = info.name[: -len(".dist-info")].rsplit("-", 1)
        out[name.lower().replace("_", "-")] = version
    return out


def record_files(prefix, dist_info):
    """The files a dist-info's RECORD lists: {absolute path: the hash it records, or ""}."""
    site = site_packages(prefix)
    with open(site / dist_info / "RECORD", newline="", encoding="utf-8") as f:
        return {pathlib.Path(os.path.normpath(site / row[0])): (row[1] if len(row) > 1 else "")
                for row in csv.reader(f) if row}


def tree_hashes(root):
    return {p: file_hash(p).hexdigest() for p in sorted(root.rglob("*")) if p.is_file()}


def compare_trees(before, after):
    missing = sorted(set(before) - set(after))
    extra = sorted(set(after) - set(before))
    changed = sorted(p for p in set(before) & set(after) if before[p] != after[p])
    lines = []
    for label, paths in (("missing", missing), ("left over", extra), ("changed", changed)):
        if paths:
            lines.append(f"{len(paths)} {label}: " + ", ".join(map(str, paths[:8])) + (" ..." if len(paths) > 8 else ""))
    return lines


def judge(s, title, prefix, main_py=None):
    """The real import: (exit code, output)."""
    python = windows_path(prefix / "python.exe")
    if main_py:  # as ComfyUI's run_cpu.bat starts it
        return s.run(title, [python, "-s", windows_path(main_py)], cwd=main_py.parent.parent, timeout=600)
    return s.run(title, [python, "-c", "import torch; print(torch.__version__)"], timeout=600)


def wheel_record(prefix, wheel):
    """The files a wheel installs, as its RECORD lists them: {absolute path under site-packages}."""
    with zipfile.ZipFile(wheel) as z:
        name = next(n for n in z.namelist() if n.endswith(".dist-info/RECORD"))
        rows = csv.reader(io.TextIOWrapper(z.open(name), encoding="utf-8", newline=""))
        return {pathlib.Path(os.path.normpath(site_packages(prefix) / row[0])) for row in rows if row}


def broken_import(s, name, prefix, main_py):
    """1. The error users paste: the WinError 126 line."""
    code, out = judge(s, f"{name} 1. the real import of torch 2.4.0", prefix, main_py)
    error = IMPORT_ERROR.search(out)
    s.expect(code != 0 and error is not None, f"{name}: the import of torch 2.4.0 should fail with WinError 126 "
                                              f"on fbgemm.dll (exit {code})")
    return error.group(0) if error else None


def diagnosis(s, name, python, main_py):
    """2. check names fbgemm.dll, libomp140.x86_64.dll and 2.4.1, in text and JSON, and no false alarm."""
    args = s.args
    code, out = s.run(f"{name} 2. check", [args.torchdoctor, "check", "--python", python])
    s.expect(code == 1, f"{name}: check should exit 1 (an error finding), not {code}")
    for needle in ("fbgemm.dll", "libomp140.x86_64.dll", "2.4.1"):
        s.expect(needle in out, f"{name}: check does not name {needle}")
    # The embeddable's own vcruntime140.dll (14.38, python.org's) is the application folder's copy,
    # as on every such install: no warning about it.
    s.expect("Another copy of VCRUNTIME140.dll is in the way" not in out,
             f"{name}: check warns about the embeddable's own VCRUNTIME140.dll")
    if main_py:  # started in the portable folder, without --python: its own Python is the one diagnosed
        code, out = s.run(f"{name} 2. check in {main_py.parent.parent.name}", [args.torchdoctor, "check"],
                          cwd=main_py.parent.parent)
        s.expect(f"diagnosis of {python}" in out and "libomp140.x86_64.dll" in out,
                 f"{name}: check started in the portable folder does not diagnose {python}")
    code, out = s.run(f"{name} 2. check --format json", [args.torchdoctor, "check", "--python", python,
                                                          "--format", "json"])
    try:  # stdout's JSON, then whatever stderr said
        report = json.JSONDecoder().raw_decode(out[out.index("{"):])[0]
    except ValueError:
        report = {}
        s.expect(False, f"{name}: check --format json printed no JSON")
    chosen = [p for p in report.get("pythons", []) if p.get("chosen")]
    torch = chosen[0].get("torch", {}) if chosen else {}
    s.expect(torch.get("version") == "2.4.0" and torch.get("import_ok") is False,
             f"{name}: the JSON should say torch 2.4.0 does not import: {torch}")
    findings = report.get("findings", [])
    failed = [f for f in findings if f.get("id") == "torch.import-failed"]
    evidence = failed[0].get("evidence", {}) if failed else {}
    s.expect(evidence.get("win_error") == 126 and evidence.get("library") == "fbgemm.dll"
             and evidence.get("culprit") == "libomp140.x86_64.dll",
             f"{name}: torch.import-failed should name fbgemm.dll and libomp140.x86_64.dll: {evidence}")
    s.expect(any(f.get("id") == "lib.missing" and "libomp140.x86_64.dll" in f.get("title", "") for f in findings),
             f"{name}: no lib.missing finding for libomp140.x86_64.dll")
    shadowed = [f.get("title") for f in findings if f.get("id") == "lib.shadowed"
                and "vcruntime140" in f.get("title", "").lower()]
    s.expect(not shadowed, f"{name}: the JSON warns about the embeddable's own runtime: {shadowed}")


class Before:
    """3. What undo must bring back: the hashes of torch 2.4.0's RECORD and of the whole tree."""

    def __init__(self, s, name, prefix):
        started = time.monotonic()
        self.record = record_files(prefix, "torch-2.4.0.dist-info")
        self.hashes = {p: (record_hash(p) if p.is_file() else None) for p in self.record}
        wrong = [str(p) for p, h in self.record.items() if h and self.hashes[p] != h]
        s.expect(not wrong, f"{name}: the layout does not match torch 2.4.0's RECORD: {wrong[:5]}")
        self.tree = tree_hashes(prefix)
        self.distributions = distributions(prefix)
        s.say(f"\n--- {name} 3. {len(self.record)} files of torch 2.4.0's RECORD and {len(self.tree)} files of the "
              f"tree hashed in {time.monotonic() - started:.1f} s; distributions: {self.distributions}")


def repaired(s, name, prefix, main_py, before):
    """4. After the repair: the import prints 2.4.1, and of the distributions only torch changed."""
    code, out = judge(s, f"{name} 4. the real import after the repair", prefix, main_py)
    s.expect(code == 0 and re.search(r"^2\.4\.1\b", out, re.M) is not None,
             f"{name}: after the repair the import should print 2.4.1 (exit {code})")
    after = distributions(prefix)
    changed = {k: (before.distributions.get(k), after.get(k)) for k in set(before.distributions) | set(after)
               if before.distributions.get(k) != after.get(k)}
    s.say(f"--- distributions changed: {changed}")
    s.expect(changed == {"torch": ("2.4.0", "2.4.1")}, f"{name}: only torch should change: {changed}")


def repair_then_undo(s, name, prefix, wheelhouse, has_pip, main_py, before):
    """4. `fix reinstall` from the wheelhouse alone, judged; 5. `undo` of its journal entry."""
    args = s.args
    python = windows_path(prefix / "python.exe")
    code, out = s.run(f"{name} 4. fix reinstall", [args.torchdoctor, "fix", "reinstall", "--python", python, "--yes",
                                                   "--no-index", "--find-links", windows_path(wheelhouse)],
                      timeout=1200)
    s.expect(code == 0 and "Fixed." in out, f"{name}: fix reinstall should say Fixed. and exit 0 (exit {code})")
    if not has_pip:
        s.expect(WHEELS[1] in out, f"{name}: fix reinstall does not say it bootstraps pip from {WHEELS[1]}")
    entry = re.search(r"undo with: torchdoctor undo (\S+)\)", out)
    journal = re.search(r"Journal: (.+?) \(undo with", out)
    s.say(f"--- journal entry: {entry.group(1) if entry else None} in {journal.group(1) if journal else None}")
    s.expect(entry is not None, f"{name}: fix reinstall named no journal entry to undo")
    repaired(s, name, prefix, main_py, before)
    if entry is None:
        raise Failed(f"{name}: nothing to undo")
    code, out = s.run(f"{name} 5. undo", [args.torchdoctor, "undo", "--yes", entry.group(1)], timeout=1200)
    s.expect(code == 0, f"{name}: undo should exit 0 (exit {code})")


def through_the_wizard(s, name, prefix, wheelhouse, language):
    """4 and 5 through the wizard (tests/ui/PortableWizardTest.cpp): diagnosed, repaired from the
    wheelhouse alone (the import judged there), undone and checked again."""
    env = {"TD_PORTABLE_PYTHON": windows_path(prefix / "python.exe"),
           "TD_PORTABLE_WHEELHOUSE": windows_path(wheelhouse), "TD_PORTABLE_LANGUAGE": language}
    if language == "zh_CN":  # a Chinese Windows (Wine takes its locale from LANG)
        env.update(LANG="zh_CN.UTF-8", LC_ALL="zh_CN.UTF-8")
    code, out = s.run(f"{name} 4-5. the wizard in {language}: repair, then undo", [s.args.wizard], timeout=2400,
                      env=env)
    s.expect(code == 0 and "[  PASSED  ] 1 test" in out, f"{name}: the wizard's repair and undo failed (exit {code})")


def undone(s, name, prefix, wheelhouse, main_py, before, error):
    """5. After the undo: 2.4.0's files hash for hash, none of 2.4.1's left, the tree as it was, and the
    import fails again with the same error."""
    started = time.monotonic()
    back = [str(p) for p in before.record if (record_hash(p) if p.is_file() else None) != before.hashes[p]]
    s.expect(not back, f"{name}: {len(back)} files of torch 2.4.0's RECORD lack their hash after undo: {back[:5]}")
    left = [str(p) for p in wheel_record(prefix, wheelhouse / WHEELS[0]) if p not in before.record and p.exists()]
    s.expect(not left, f"{name}: {len(left)} files of torch 2.4.1 are left after undo: {left[:5]}")
    differences = compare_trees(before.tree, tree_hashes(prefix))
    s.expect(not differences, f"{name}: the tree differs from before the repair: " + "; ".join(differences))
    s.expect(distributions(prefix) == before.distributions, f"{name}: the distributions differ after undo: "
                                                            f"{distributions(prefix)}")
    s.say(f"--- {name} 5. the tree compared in {time.monotonic() - started:.1f} s")
    code, out = judge(s, f"{name} 5. the real import after undo", prefix, main_py)
    again = IMPORT_ERROR.search(out)
    s.expect(code != 0 and again is not None and again.group(0) == error,
             f"{name}: after undo the import should fail as before:\n  {error}\n  {again.group(0) if again else None}")


def scenario(s, name, prefix, wheelhouse, main_py=None, has_pip=True, language=None):
    """The steps above on one tree: through the CLI, or (with a language) through the wizard."""
    python = windows_path(prefix / "python.exe")
    s.say(f"\n===== {name}: {prefix}")
    s.expect((prefix / "python.exe").is_file(), f"{name}: no {prefix}/python.exe (run portable_python.py)")
    s.expect(((site_packages(prefix) / "pip").is_dir()) == has_pip,
             f"{name}: the tree should {'' if has_pip else 'not '}have pip")
    error = broken_import(s, name, prefix, main_py)
    if language is None:
        diagnosis(s, name, python, main_py)
    before = Before(s, name, prefix)
    if language is None:
        repair_then_undo(s, name, prefix, wheelhouse, has_pip, main_py, before)
    else:
        through_the_wizard(s, name, prefix, wheelhouse, language)
    undone(s, name, prefix, wheelhouse, main_py, before, error)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wine", required=True, help="the build's wine.sh")
    ap.add_argument("--torchdoctor", required=True)
    ap.add_argument("--trees", required=True, help="portable_python.py's --out")
    ap.add_argument("--only", choices=("portable-pip", "bare"), help="run one tree's scenario")
    ap.add_argument("--keep-going", action="store_true", help="run every step, failing at the end")
    ap.add_argument("--wizard", help="test_ui_portable_wizard.exe: repair and undo through the wizard instead, "
                                     "in English (portable-pip) and in Chinese (bare)")
    args = ap.parse_args()
    # Absolute: the ComfyUI judge runs in the portable folder.
    args.wine, args.torchdoctor = os.path.abspath(args.wine), os.path.abspath(args.torchdoctor)
    args.wizard = os.path.abspath(args.wizard) if args.wizard else None
    trees = pathlib.Path(args.trees).resolve()
    wheelhouse = trees / "wheelhouse"
    started = time.monotonic()
    portable = trees / "portable-pip" / "ComfyUI_windows_portable"
    runs = {"portable-pip": lambda s: scenario(s, "portable-pip", portable / "python_embeded", wheelhouse,
                                               main_py=portable / "ComfyUI" / "main.py",
                                               language="en" if args.wizard else None),
            "bare": lambda s: scenario(s, "bare", trees / "bare" / "python_embeded", wheelhouse, has_pip=False,
                                       language="zh_CN" if args.wizard else None)}
    missing = [w for w in WHEELS if not (wheelhouse / w).is_file()]
    if missing:
        print(f"FAILED: the wheelhouse {wheelhouse} lacks {missing} (run portable_python.py)", file=sys.stderr)
        return 1

    def one(name):
        """A tree's scenario in a Scenario of its own: the trees only share the Wine prefix, and each
        undo names its own journal entry, so they run side by side (mostly waiting on Wine)."""
        s = Scenario(args)
        try:
            runs[name](s)
        except Failed as e:
            s.say(f"FAILED: {e}")
            s.failures.append(str(e))
        return s

    names = [n for n in runs if args.only in (None, n)]
    with concurrent.futures.ThreadPoolExecutor(len(names)) as pool:
        done = list(pool.map(one, names))
    failures = []
    for s in done:
        print("\n".join(s.log), flush=True)
        failures += s.failures
    if failures:
        print(f"\nFAILED ({len(failures)}) after {time.monotonic() - started:.0f} s:\n  " + "\n  ".join(failures),
              file=sys.stderr)
        return 1
    print(f"\nThe repair and its undo hold on the real import ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
