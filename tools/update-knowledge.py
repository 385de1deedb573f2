#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Regenerates the facts of resources/knowledge/releases.json that the package index knows.

From PyPI's JSON API (https://pypi.org/pypi/<name>/json) for torch, torchvision and torchaudio:
the publication date of every torch release (the upload day of X.Y.0), its newest patch release,
the Python versions and platforms its newest patch has wheels for, the torchvision / torchaudio
published the same day, and (from the METADATA of the Linux x86_64 wheel, read with HTTP range
requests, never the whole wheel) the CUDA version a plain `pip install torch` gets.

Curated facts (CUDA variants on download.pytorch.org, ROCm, notes, sources) stay as they are. A
release the file does not know yet gets an entry whose curated facts are copied from the newest
known release and marked "unconfirmed", so every verdict built on them says "likely".

With --companions, regenerates resources/knowledge/companions.json instead: for each companion package
(torchvision, torchaudio, xformers, vllm ... and any named with --package), the torch each of its releases
requires, read from the METADATA of one of its wheels (the simple index's JSON answer, PEP 691, lists them;
range requests read the METADATA), and the modules it installs at the top of site-packages (from the wheel's
file names), since torch 1.0. Releases the file already holds are not read again.

Prints a unified diff and a list of points to review; writes the file only with --write.
"""

import argparse
import copy
import datetime
import difflib
import io
import json
import re
import sys
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

PYPI_JSON = "https://pypi.org/pypi/{}/json"
SIMPLE_INDEX = "https://pypi.org/simple/"
PACKAGES = ("torch", "torchvision", "torchaudio")
ROOT = Path(__file__).resolve().parent.parent
RELEASES = ROOT / "resources" / "knowledge" / "releases.json"
COMPANIONS = ROOT / "resources" / "knowledge" / "companions.json"
# Packages whose wheels pin the torch they were built for (torchcodec, torchao and bitsandbytes pin none).
COMPANION_PACKAGES = ("torchvision", "torchaudio", "xformers", "torchtext", "torchdata", "torch-tensorrt", "vllm",
                      "torch-directml")
# Releases uploaded before torch 1.0 are left out (old pastes still name torchaudio 0.4's _torch_sox).
COMPANIONS_SINCE = "2018-12-07"  # torch 1.0.0
# Curated fields copied into a new release from the newest known one, and marked unconfirmed.
CURATED = ("cuda", "rocm")


def fetch(url, timeout, headers=None):
    request = urllib.request.Request(url, headers={"User-Agent": "torchdoctor-update-knowledge", **(headers or {})})
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return answer.read()


class RangeFile(io.RawIOBase):
    """A read-only, seekable view of a remote file through HTTP range requests (for zipfile)."""

    def __init__(self, url, size, timeout):
        self.url, self.size, self.timeout, self.pos = url, size, timeout, 0

    def seekable(self):
        return True

    def readable(self):
        return True

    def tell(self):
        return self.pos

    def seek(self, offset, whence=io.SEEK_SET):
        self.pos = {io.SEEK_SET: 0, io.SEEK_CUR: self.pos, io.SEEK_END: self.size}[whence] + offset
        return self.pos

    def read(self, n=-1):
        end = self.size if n is None or n < 0 else min(self.size, self.pos + n)
        if end <= self.pos:
            return b""
        data = fetch(self.url, self.timeout, {"Range": f"bytes={self.pos}-{end - 1}"})
        self.pos += len(data)
        return data

    def readinto(self, buffer):
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def wheel_contents(url, size, timeout):
    """(METADATA text, the names of its files) of a remote wheel, read from its zip directory: a few hundred kB
    at most."""
    with zipfile.ZipFile(io.BufferedReader(RangeFile(url, size, timeout), buffer_size=256 * 1024)) as wheel:
        name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        return wheel.read(name).decode("utf-8"), wheel.namelist()


def wheel_metadata(url, size, timeout):
    """The METADATA text of a remote wheel."""
    return wheel_contents(url, size, timeout)[0]


def top_level_modules(names):
    """The modules a wheel installs at the top of site-packages, from its file names: its package folders
    ("torchaudio/__init__.py" -> torchaudio) and its single-file modules ("_torch_sox.cpython-37m-x86_64-linux-gnu.so"
    -> _torch_sox); not its .dist-info, .data or vendored-library folders ("torchaudio.libs")."""
    out = set()
    for name in names:
        first, _, rest = name.partition("/")
        if rest:
            module = first
        elif re.search(r"\.(py|so|pyd)$", first):
            module = first.split(".")[0]
        else:
            continue
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", module):
            out.add(module)
    return sorted(out)


def version_key(version):
    return tuple(int(p) for p in version.split("."))


def final_versions(releases):
    """Versions with files, not yanked, and plain X.Y.Z (no rc, dev or post releases)."""
    out = {}
    for version, files in releases.items():
        files = [f for f in files if not f.get("yanked")]
        if files and re.fullmatch(r"[0-9]+(\.[0-9]+)+", version):
            out[version] = files
    return out


def wheel_tags(filename):
    """torch-2.9.0-cp313-cp313t-manylinux_2_28_x86_64.whl -> ("cp313", "cp313t", "manylinux_2_28_x86_64")."""
    parts = filename[: -len(".whl")].split("-")
    return parts[-3], parts[-2], parts[-1]


def python_of(python_tag, abi_tag):
    """cp312 -> "3.12"; cp313t (free-threaded ABI) -> "3.13t"; py3 / other interpreters -> None."""
    match = re.fullmatch(r"cp3([0-9]+)", python_tag)
    if not match:
        return None
    return f"3.{match.group(1)}" + ("t" if abi_tag.endswith("t") else "")


def platform_of(platform_tag):
    """manylinux_2_28_x86_64 -> "linux-x86_64", win_amd64 -> "windows-x86_64", macosx_14_0_arm64 -> "macos-arm64"."""
    for prefix, os_name in (("manylinux", "linux"), ("linux", "linux"), ("win", "windows"), ("macosx", "macos")):
        if platform_tag.startswith(prefix):
            arch = platform_tag.rsplit("_", 1)[-1] if os_name != "windows" else platform_tag.split("_", 1)[-1]
            arch = {"amd64": "x86_64", "64": "x86_64"}.get(arch, arch)
            return f"{os_name}-{arch}"
    return None


def python_sort_key(python):
    return (int(python[2:].rstrip("t")), python.endswith("t"))


def upload_day(files):
    return min(f["upload_time"] for f in files)[:10]


def same_day(companion_versions, day):
    """The companion version first uploaded on `day`, or None."""
    hits = [v for v, files in companion_versions.items() if upload_day(files) == day]
    return min(hits, key=version_key) if hits else None


def pypi_cuda(metadata):
    """The CUDA variant a METADATA's Linux dependencies pin: cuda-toolkit==13.2.2 or nvidia-cuda-runtime-cu12==12.8.90."""
    for line in metadata.splitlines():
        if not line.startswith("Requires-Dist:"):
            continue
        match = re.search(r"(?:cuda-toolkit\S*|nvidia-cuda-runtime(?:-cu1[0-9])?)\s*\(?\s*==\s*([0-9]+)\.([0-9]+)", line)
        if match:
            return f"cu{match.group(1)}{match.group(2)}"
    return None


def forward_compatible(info, companion_version):
    """True when the companion's own requirement on torch is a lower bound (torch>=X), as the stable-ABI builds have.

    PyPI's JSON answer carries the requirements of the newest version only; None for the others."""
    if info.get("version") != companion_version:
        return None
    for requirement in info.get("requires_dist") or []:
        match = re.fullmatch(r"torch\s*(\S+)", requirement.split(";")[0].strip())
        if match:
            return match.group(1).startswith(">=")
    return None


def derive(answers, metadata=None):
    """Facts per torch minor release ("2.14") from the three JSON answers.

    metadata(file) -> METADATA text or None: reads the requirements of one wheel file."""
    torch = final_versions(answers["torch"]["releases"])
    companions = {name: final_versions(answers[name]["releases"]) for name in PACKAGES[1:]}
    minors = {}
    for version in torch:
        major, minor = version.split(".")[:2]
        if int(major) >= 2:
            minors.setdefault(f"{major}.{minor}", []).append(version)
    out = {}
    for series, versions in sorted(minors.items(), key=lambda kv: version_key(kv[0])):
        versions.sort(key=version_key)
        latest = versions[-1]
        first = versions[0]
        files = [f for f in torch[latest] if f["filename"].endswith(".whl")]
        pythons, platforms = set(), set()
        for f in files:
            python_tag, abi_tag, platform_tag = wheel_tags(f["filename"])
            if python_of(python_tag, abi_tag):
                pythons.add(python_of(python_tag, abi_tag))
            for tag in platform_tag.split("."):
                if platform_of(tag):
                    platforms.add(platform_of(tag))
        facts = {
            "released": upload_day(torch[first]),
            "latest": latest,
            "wheels": {"python": sorted(pythons, key=python_sort_key), "platforms": sorted(platforms)},
        }
        day = upload_day(torch[first])
        for name in PACKAGES[1:]:
            match = same_day(companions[name], day)
            if match:
                facts[name] = match
                facts[name + "ForwardCompatible"] = forward_compatible(answers[name]["info"], match)
        if metadata:
            linux = [f for f in files if platform_of(wheel_tags(f["filename"])[2].split(".")[0]) == "linux-x86_64"]
            text = metadata(linux[0]) if linux else None
            if text:
                facts["pypiCuda"] = pypi_cuda(text)
        out[series] = facts
    return out


def series_of(version):
    return ".".join(version.split(".")[:2])


def merge(document, derived, source):
    """A copy of releases.json with the derived facts in it, and the points a reviewer has to look at."""
    doc = copy.deepcopy(document)
    review = []
    known = {r["torch"]: r for r in doc["releases"]}
    for series, facts in derived.items():
        entry = known.get(series)
        if entry is None:
            if version_key(series) < version_key(doc["releases"][0]["torch"]):
                continue  # older than the file covers
            newest = doc["releases"][-1]
            pythons = [p for p in facts["wheels"]["python"] if not p.endswith("t")]
            entry = {
                "torch": series,
                "released": facts["released"],
                "python": {
                    "min": min(pythons, key=python_sort_key),
                    "max": max(pythons, key=python_sort_key),
                    "experimental": [p for p in facts["wheels"]["python"] if p.endswith("t")],
                },
                **{k: copy.deepcopy(newest[k]) for k in CURATED},
                "torchvision": series_of(facts.get("torchvision") or newest["torchvision"]),
                "torchaudio": series_of(facts.get("torchaudio") or newest["torchaudio"]),
                "torchaudioForwardCompatible": newest["torchaudioForwardCompatible"],
                "unconfirmed": list(CURATED),
                "note": {
                    "en": f"Added from PyPI; the CUDA and ROCm variants are copied from {newest['torch']} until "
                    "a source confirms them.",
                    "zh_CN": f"根据 PyPI 添加；CUDA 和 ROCm 版本暂时沿用 {newest['torch']}，待有来源确认。",
                },
                "sources": [source],
            }
            doc["releases"].append(entry)
            known[series] = entry
            review.append(f"{series}: new release; check its CUDA/ROCm variants and companions against a source")
        entry["released"] = facts["released"]
        entry["latest"] = facts["latest"]
        entry["wheels"] = facts["wheels"]
        if facts.get("pypiCuda"):
            entry["pypiCuda"] = facts["pypiCuda"]
        plain = [p for p in facts["wheels"]["python"] if not p.endswith("t")]
        listed = [p for p in plain if p not in entry["python"]["experimental"]]
        if listed and (min(listed, key=python_sort_key) != entry["python"]["min"]
                       or max(listed, key=python_sort_key) != entry["python"]["max"]):
            review.append(f"{series}: PyPI has wheels for Python {', '.join(plain)}; the file says "
                          f"{entry['python']['min']} to {entry['python']['max']}")
        for name in PACKAGES[1:]:
            found = facts.get(name)
            if found and not (found == entry[name] or found.startswith(entry[name] + ".")):
                review.append(f"{series}: {name} {found} was published the same day; the file says {entry[name]}")
        if source not in entry["sources"]:
            entry["sources"].append(source)
    doc["releases"] = [ordered(r) for r in sorted(doc["releases"], key=lambda r: version_key(r["torch"]))]
    return doc, review


KEY_ORDER = ("torch", "released", "latest", "python", "wheels", "cuda", "pypiCuda", "rocm", "torchvision",
             "torchvisionForwardCompatible", "torchaudio", "torchaudioForwardCompatible", "torchaudioPatches",
             "unconfirmed", "note", "sources")


def ordered(entry):
    """A release entry with its keys in the file's order (unknown keys last, as they were)."""
    known = {k: entry[k] for k in KEY_ORDER if k in entry}
    return {**known, **{k: v for k, v in entry.items() if k not in known}}


def dump(value, indent=0, width=120):
    """JSON with containers on one line where they fit, as the knowledge files are written."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or len(flat) + indent <= width and not _holds_text(value):
        return flat
    pad, inner = " " * indent, " " * (indent + 2)
    if isinstance(value, list):
        items = [inner + dump(v, indent + 2, width) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + pad + "]" if items else "[]"
    items = [inner + json.dumps(k, ensure_ascii=False) + ": " + dump(v, indent + 2, width).lstrip()
             for k, v in value.items()]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}" if items else "{}"


def _holds_text(value):
    """Objects holding en/zh_CN texts are laid out one key per line once they are not tiny."""
    return isinstance(value, dict) and any(isinstance(v, dict) and "en" in v for v in value.values())


def load_answers(directory, timeout):
    answers = {}
    for name in PACKAGES:
        if directory:
            answers[name] = json.loads((Path(directory) / f"{name}.json").read_text())
        else:
            answers[name] = json.loads(fetch(PYPI_JSON.format(name), timeout))
    return answers


def remote_metadata(answers, timeout):
    """metadata(file) for derive(): the wheel's URL from PyPI's answer, made absolute against the API address."""
    def read(file):
        url = urllib.parse.urljoin(PYPI_JSON.format("torch"), file["url"])
        try:
            return wheel_metadata(url, file["size"], timeout)
        except (OSError, zipfile.BadZipFile, StopIteration) as error:
            print(f"note: METADATA of {file['filename']} not read: {error}", file=sys.stderr)
            return None
    return read


def simple_answer(index, name, timeout):
    """The simple index's JSON answer (PEP 691) for one project: its files with upload times."""
    url = urllib.parse.urljoin(index, normalized(name) + "/")
    answer = json.loads(fetch(url, timeout, {"Accept": "application/vnd.pypi.simple.v1+json"}))
    for f in answer.get("files", []) if isinstance(answer, dict) else []:
        f["url"] = urllib.parse.urljoin(url, f.get("url", ""))  # PEP 691 allows URLs relative to the page
    return answer


def normalized(name):
    return re.sub(r"[-_.]+", "-", name).lower()


def companion_version_key(version):
    """0.0.28.post3 -> ((0, 0, 28), 0, 3); a dev release sorts before its release, a post release after."""
    match = re.fullmatch(r"([0-9.]+?)(?:\.(dev|post)([0-9]+))?", version)
    kind = {"dev": -1, None: 0, "post": 1}[match.group(2)]
    return tuple(int(p) for p in match.group(1).split(".")), kind, int(match.group(3) or 0)


def companion_releases(answer, since=COMPANIONS_SINCE):
    """{version: [wheel files]}: the releases with wheels, not yanked, uploaded on or after `since`: final and post
    releases, and dev releases only for a package that publishes nothing else (torch-directml)."""
    out = {}
    for f in answer.get("files", []):
        name = f.get("filename", "")
        if not name.endswith(".whl") or f.get("yanked"):
            continue
        version = name.split("-")[1]
        if re.fullmatch(r"[0-9]+(\.[0-9]+)+(\.(post|dev)[0-9]+)?", version):
            out.setdefault(version, []).append(f)
    if any(".dev" not in v for v in out):
        out = {v: files for v, files in out.items() if ".dev" not in v}
    return {v: files for v, files in out.items() if min(f.get("upload-time", "") for f in files)[:10] >= since}


def preferred_wheel(files):
    """The wheel whose METADATA is read: Linux x86_64 first (its requirements are the fullest), then any."""
    def rank(f):
        platform = wheel_tags(f["filename"])[2]
        return (0 if "x86_64" in platform and "linux" in platform else 1 if "win" in platform else 2, f["filename"])
    return min(files, key=rank)


def torch_requirement(metadata):
    """The specifier of the METADATA's requirement on torch ("==2.5.1", "<2.10.0,>=2.9.0"); "" when torch is
    required at any version; None when torch is not required. A requirement without a marker wins."""
    found = []
    for line in metadata.splitlines():
        match = re.match(r"Requires-Dist:\s*torch(?![\w.-])\s*(?:\[[^]]*\])?\s*([^;]*)(;.*)?$", line)
        if match:
            spec = re.sub(r"[()\s]", "", match.group(1))
            found.append((match.group(2) is not None, ",".join(sorted(spec.split(","), reverse=True)) if spec else ""))
    return min(found)[1] if found else None


def companion_entries(name, answer, known, contents):
    """The releases of one package: those already known as they are, the others read from a wheel's METADATA
    and file names.

    Returns (releases, review points); contents(file) -> (METADATA text, file names) or None."""
    releases, review = [], []
    for version, files in sorted(companion_releases(answer).items(), key=lambda kv: companion_version_key(kv[0])):
        if version in known and "modules" in known[version]:
            releases.append(known[version])
            continue
        read = contents(preferred_wheel(files))
        if read is None:
            review.append(f"{name} {version}: METADATA not read; left out")
            continue
        text, names = read
        entry = {"version": version, "torch": torch_requirement(text),
                 "uploaded": min(f.get("upload-time", "") for f in files)[:10], "modules": top_level_modules(names)}
        if entry["torch"] is None:
            review.append(f"{name} {version}: its wheel does not require torch")
        releases.append(entry)
    return releases, review


def update_companions(document, answers, contents, index):
    """A copy of companions.json with every package of `answers` regenerated, and the points to review."""
    doc = copy.deepcopy(document)
    packages = {p["name"]: p for p in doc.get("packages", [])}
    review = []
    for name, answer in answers.items():
        known = {r["version"]: r for r in packages.get(name, {}).get("releases", [])}
        releases, points = companion_entries(name, answer, known, contents)
        review += points
        lost = sorted(set(known) - {r["version"] for r in releases}, key=companion_version_key)
        if lost:
            review.append(f"{name}: {', '.join(lost)} no longer on the index (yanked?); left out")
        packages[name] = {"name": name, "sources": [urllib.parse.urljoin(index, normalized(name) + "/")],
                          "releases": releases}
    doc["packages"] = [packages[n] for n in sorted(packages)]
    return doc, review


def file_contents(timeout):
    """contents(file) for companion_entries(): the METADATA and file names of a file of the simple index's answer."""
    def read(file):
        try:
            return wheel_contents(file["url"], file["size"], timeout)
        except (OSError, zipfile.BadZipFile, StopIteration, KeyError) as error:
            print(f"note: METADATA of {file.get('filename')} not read: {error}", file=sys.stderr)
            return None
    return read


def main_companions(args):
    path = Path(args.file or COMPANIONS)
    try:
        document = json.loads(path.read_text()) if path.exists() else {"schema": 1, "kind": "companions"}
        names = list(dict.fromkeys([p["name"] for p in document.get("packages", [])]
                                   + list(COMPANION_PACKAGES) + (args.package or [])))
        answers = {name: simple_answer(args.index, name, args.timeout) for name in names}
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not well_formed(answers, "files", list, "the index's answer for {} has no 'files' list"):
        return 2
    updated, review = update_companions(document, answers, file_contents(args.timeout), args.index)
    updated["date"] = args.date
    # Generated, as the rest: what the file holds is said again each time.
    updated["description"] = ("The torch each release of a companion package requires, read from the METADATA of "
                              "its wheels, and the modules each installs at the top of site-packages, from their file "
                              "names (tools/update-knowledge.py --companions). Releases since torch 1.0.")
    updated = {k: updated[k] for k in ("schema", "kind", "date", "description", "packages")}
    return show_and_write(path, document, updated, review, args.write)


def well_formed(answers, key, kind, message):
    """Whether every answer is an object whose `key` is a `kind`; says which is not."""
    for name, answer in answers.items():
        if not isinstance(answer, dict) or not isinstance(answer.get(key), kind):
            print("error: " + message.format(name), file=sys.stderr)
            return False
    return True


def show_and_write(path, document, updated, review, write):
    """Prints the diff and the review points; writes the file when asked and changed."""
    old, new = dump(document) + "\n", dump(updated) + "\n"
    sys.stdout.writelines(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(path), str(path)))
    for point in review:
        print(f"review: {point}", file=sys.stderr)
    if write and new != old:
        path.write_text(new)
        print(f"wrote {path}", file=sys.stderr)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write", action="store_true", help="write the result (default: only show the diff)")
    parser.add_argument("--from", dest="directory", help="read torch.json, torchvision.json, torchaudio.json "
                        "(recorded PyPI answers) from this folder instead of PyPI")
    parser.add_argument("--no-metadata", action="store_true", help="do not read wheel METADATA (PyPI default CUDA)")
    parser.add_argument("--file", help="the file to update (default: releases.json, or companions.json)")
    parser.add_argument("--companions", action="store_true", help="update companions.json instead of releases.json")
    parser.add_argument("--package", action="append", help="with --companions: also this package (repeatable)")
    parser.add_argument("--index", default=SIMPLE_INDEX, help="with --companions: the simple index to read")
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request")
    parser.add_argument("--date", default=datetime.date.today().isoformat(), help="the date the file gets")
    args = parser.parse_args(argv)
    if args.companions:
        return main_companions(args)

    path = Path(args.file or RELEASES)
    try:
        document = json.loads(path.read_text())
        answers = load_answers(args.directory, args.timeout)
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if not well_formed(answers, "releases", dict, "the answer for {} has no 'releases' object"):
        return 2
    metadata = None if args.no_metadata or args.directory else remote_metadata(answers, args.timeout)
    derived = derive(answers, metadata)
    updated, review = merge(document, derived, PYPI_JSON.format("torch"))
    newest = max((r for r in updated["releases"]), key=lambda r: version_key(r["torch"]))
    updated["date"] = args.date
    updated["description"] = re.sub(r"2\.0 to [0-9.]+", f"2.0 to {newest['torch']}", updated["description"])
    return show_and_write(path, document, updated, review, args.write)


if __name__ == "__main__":
    sys.exit(main())
