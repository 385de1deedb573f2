#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The real torchdoctor.exe under Wine against Wine's own loader, on the live system.

DLL trees are built with mingw-w64 at test time. For each root, loadprobe.exe
(LoadLibraryExW the way torch calls it) says what Wine's loader does, and
`torchdoctor.exe deps --json ROOT` (no --os, no --system-dir: the running
system's System32, KnownDLLs and API set schema) must agree:
  0   <-> no error, and every DLL of the tree resolves to the same file;
  126 <-> an error on a dependency;
  193 <-> the root itself cannot be loaded.
The system DLLs must come from the live System32 (C:\\windows\\system32).

With --corpus (tools/fetch-wheels.sh), the same for every DLL of the real
torch 2.4.0 and 2.4.1 win_amd64 wheels' torch\\lib, loaded as torch loads them
(os.add_dll_directory(torch\\lib), then each DLL): 2.4.0's fbgemm.dll must fail
on libomp140.x86_64.dll (pytorch/pytorch#131662), the error our users paste,
and 2.4.1's must load. torch_python.dll needs the interpreter's python311.dll,
which no wheel ships: both loaders rightly find it missing.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys

import wine_run  # beside this script


def run(argv, **kw):
    try:
        return wine_run.run(argv, timeout=300, **kw)
    except subprocess.TimeoutExpired as e:
        # What was still running says where it hung (seen once, under load, in the first `deps`).
        ps = subprocess.run(["ps", "-eo", "pid,ppid,etimes,stat,wchan:20,args"], capture_output=True, text=True)
        wine = [line for line in ps.stdout.splitlines() if "wine" in line or ".exe" in line.lower()]
        said = b"".join(o if isinstance(o, bytes) else o.encode() for o in (e.stdout, e.stderr) if o)
        sys.exit(f"FAILED: no answer in 300 s from {' '.join(map(str, argv))}\nits output so far:\n"
                 f"{said.decode(errors='replace')}\nWine's processes then:\n" + "\n".join(wine))


def must(argv, **kw):
    r = run(argv, **kw)
    if r.returncode != 0:
        sys.exit(f"FAILED: {' '.join(map(str, argv))}\n{r.stdout}{r.stderr}")
    return r


def windows_path(p):
    return "Z:" + str(p).replace("/", "\\")


def unix_path(p):
    p = p.strip()
    if len(p) > 2 and p[0] in "Zz" and p[1] == ":":
        return p[2:].replace("\\", "/").lower()
    return None


def build_trees(cc, cc32, out):
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    def dll(name, body, *link, folder="ok", compiler=cc):
        d = out / folder
        d.mkdir(exist_ok=True)
        src = d / (name + ".c")
        src.write_text(body)
        must([compiler, "-shared", "-O1", "-o", str(d / (name + ".dll")), str(src), *link], cwd=d)
        src.unlink()
        return d / (name + ".dll")

    trees = {}
    # A healthy tree: a.dll -> b.dll, msvcrt (a KnownDLL), and an API set contract
    # (mingw's libsynchronization imports api-ms-win-core-synch-l1-2-0.dll).
    dll("b", "__declspec(dllexport) int b(void) { return 2; }\n")
    trees["healthy"] = (dll("a", "#include <windows.h>\n#include <stdio.h>\n"
                                 "__declspec(dllimport) int b(void);\n"
                                 "__declspec(dllexport) int a(volatile LONG *x)"
                                 " { LONG v = 0; if (x) WaitOnAddress(x, &v, sizeof v, 0);"
                                 " printf(\"%d\", b()); return 1; }\n",
                            "b.dll", "-lsynchronization"), 0)
    # A dependency that is gone.
    dll("gone", "__declspec(dllexport) int gone(void) { return 0; }\n", folder="missing")
    trees["missing"] = (dll("c", "__declspec(dllimport) int gone(void);\n"
                                 "__declspec(dllexport) int c(void) { return gone(); }\n",
                            "gone.dll", folder="missing"), 126)
    (out / "missing" / "gone.dll").unlink()
    # A dependency whose only copy is for another machine (32-bit).
    dll("w", "__declspec(dllexport) int w(void) { return 0; }\n", folder="machine")
    trees["wrong-machine"] = (dll("e", "__declspec(dllimport) int w(void);\n"
                                       "__declspec(dllexport) int e(void) { return w(); }\n",
                                  "w.dll", folder="machine"), 126)
    (out / "machine" / "w.dll").unlink()
    dll("w", "__declspec(dllexport) int w(void) { return 0; }\n", folder="machine", compiler=cc32)
    # A root that is not a PE file at all.
    (out / "notpe").mkdir()
    (out / "notpe" / "junk.dll").write_text("this is not a DLL\n")
    trees["not-pe"] = (out / "notpe" / "junk.dll", 193)
    return trees


def repeated(option, folders):
    return [a for folder in folders for a in (option, windows_path(folder))]


def resolved(graph):
    """The files deps resolves, as Unix paths."""
    return {unix_path(l["path"]) for l in graph.get("libraries", []) if l.get("found") and l.get("path")} - {None}


def probe(wine, loadprobe, root, add_dirs=()):
    r = run([wine, loadprobe, *repeated("--add-dir", add_dirs), windows_path(root)])
    lines = r.stdout.splitlines()
    if not lines or "\t" not in lines[0]:
        sys.exit(f"FAILED: loadprobe said nothing usable for {root}:\n{r.stdout}{r.stderr}")
    code = int(lines[0].split("\t")[-1])
    modules = {unix_path(l) for l in lines[1:] if l.startswith("\t")}
    return code, {m for m in modules if m}


def deps(wine, torchdoctor, root, add_dirs=()):
    r = run([wine, torchdoctor, "deps", "--json", *repeated("--search-dir", add_dirs), windows_path(root)])
    if r.returncode not in (0, 1):
        sys.exit(f"FAILED: torchdoctor deps exited {r.returncode} for {root}:\n{r.stdout}{r.stderr}")
    try:
        return r.returncode, json.loads(r.stdout)
    except json.JSONDecodeError:
        sys.exit(f"FAILED: torchdoctor deps --json printed no JSON for {root}:\n{r.stdout}{r.stderr}")


def missing_names(graph):
    return {p.get("name", "").lower() for p in graph.get("problems", [])
            if p.get("severity") == "error" and p.get("kind") == "missing"}


def needed_by(graph, name):
    return {pathlib.PureWindowsPath(n).name.lower() for p in graph.get("problems", [])
            if p.get("kind") == "missing" and p.get("name", "").lower() == name for n in p.get("needed_by", [])}


# The real wheels: the files their torch\\lib misses (over all its DLLs), and who needs the one users meet.
REAL_TORCH = {
    "torch-2.4.0-win_amd64": ({"libomp140.x86_64.dll", "python311.dll"}, ("fbgemm.dll", "libomp140.x86_64.dll")),
    "torch-2.4.1-win_amd64": ({"python311.dll"}, None),
}


def check_real_torch(args, failures):
    corpus = pathlib.Path(args.corpus)
    for wheel, (expected_missing, named) in REAL_TORCH.items():
        lib = corpus / wheel / "torch" / "lib"
        dlls = sorted(p for p in lib.glob("*") if p.suffix.lower() == ".dll") if lib.is_dir() else []
        if len(dlls) < 10:
            failures.append(f"{wheel}: no torch\\lib in the corpus at {lib} (run tools/fetch-wheels.sh)")
            continue
        all_missing = set()
        for dll in dlls:
            code, modules = probe(args.wine, args.loadprobe, dll, [lib])
            exit_code, graph = deps(args.wine, args.torchdoctor, dll, [lib])
            missing = missing_names(graph)
            all_missing |= missing
            print(f"{wheel} {dll.name}: Wine's loader {code}, deps exit {exit_code}, missing {sorted(missing)}")
            if code not in (0, 126) or (code == 0) != (exit_code == 0 and not missing):
                failures.append(f"{wheel} {dll.name}: Wine's loader says {code}, deps exit {exit_code} "
                                f"with {sorted(missing)} missing: they disagree")
            elif code == 0:
                ours = resolved(graph)
                if ours != modules:
                    failures.append(f"{wheel} {dll.name}: deps resolves {sorted(ours - modules)} that Wine did not "
                                    f"load, and Wine loaded {sorted(modules - ours)} that deps does not name")
            if named and dll.name.lower() == named[0] and dll.name.lower() not in needed_by(graph, named[1]):
                failures.append(f"{wheel}: {named[1]} is not named as {named[0]}'s: {needed_by(graph, named[1])}")
        if all_missing != expected_missing:
            failures.append(f"{wheel}: deps names {sorted(all_missing)} missing, expected {sorted(expected_missing)}")
    return len(REAL_TORCH)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wine", required=True)
    ap.add_argument("--torchdoctor", required=True)
    ap.add_argument("--loadprobe", required=True)
    ap.add_argument("--cc", required=True)
    ap.add_argument("--cc32", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--corpus", help="the unpacked wheels of tools/fetch-wheels.sh")
    args = ap.parse_args()

    trees = build_trees(args.cc, args.cc32, pathlib.Path(args.work))
    failures = []
    for name, (root, expected) in trees.items():
        code, modules = probe(args.wine, args.loadprobe, root)
        exit_code, graph = deps(args.wine, args.torchdoctor, root)
        errors = [p for p in graph.get("problems", []) if p.get("severity") == "error"]
        libraries = graph.get("libraries", [])
        verdict = f"{name}: Wine's loader {code}, deps exit {exit_code}, {len(errors)} errors"
        print(verdict)
        if code != expected:
            failures.append(f"{name}: the fixture should load with {expected}, Wine's loader says {code}")
            continue
        if (code == 0) != (exit_code == 0 and not errors):
            failures.append(f"{verdict}: they disagree\n{json.dumps(errors, indent=1)}")
        if code == 0:
            ours = resolved(graph)
            if ours - modules:
                failures.append(f"{name}: deps resolves {sorted(ours - modules)}, which Wine did not load")
            if modules - ours:
                failures.append(f"{name}: Wine loaded {sorted(modules - ours)}, which deps does not name")
            system = [l["path"] for l in libraries if l.get("via") in ("known_dll", "system_dir", "api_set")]
            if not system or not all(p.lower().startswith("c:\\windows\\system32\\") for p in system):
                failures.append(f"{name}: the system DLLs are not the live System32's: {system}")
            if not any(e.get("via") == "api_set" for e in graph.get("edges", [])):
                failures.append(f"{name}: the API set contract was not resolved through the schema")
    wheels = check_real_torch(args, failures) if args.corpus else 0
    if failures:
        print("\n".join(failures), file=sys.stderr)
        return 1
    print(f"deps agrees with Wine's loader on {len(trees)} trees" + (f" and {wheels} real torch wheels" if wheels else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
