# SPDX-License-Identifier: GPL-3.0-or-later
# Keeps the installed files of some distributions before a repair replaces them, and puts exactly
# those files back on undo, without pip and without a network. Run by the interpreter concerned:
#   python -c SCRIPT keep SNAPSHOT NAME...   files of NAME (with torch, nvidia-* and triton too) linked (else copied)
#                                            into SNAPSHOT.files/; the manifest printed as JSON
#   python -c SCRIPT restore SNAPSHOT        the kept copies checked against the RECORD hashes, the
#                                            files of what is installed now under those names removed,
#                                            the kept ones put back
import base64, hashlib, json, os, shutil, sys
import importlib.metadata as metadata


def key(name):
    return name.lower().replace("_", "-")


def wanted(name, names):
    """The distributions named, and with torch the NVIDIA wheels and triton its repair may change too."""
    k = key(name)
    return k in names or ("torch" in names and (k.startswith("nvidia-") or k == "triton"))


def installed(names):
    """The first distribution of each wanted name on sys.path: the one that imports."""
    seen = set()
    for dist in metadata.distributions():
        name = dist.metadata["Name"] or ""
        if name and key(name) not in seen and wanted(name, names):
            seen.add(key(name))
            yield dist


def files_of(dist):
    """Every file RECORD lists, and those of the .dist-info folder it does not (an INSTALLER written by
    hand, a file a tool added): all go when the repair's installer replaces the distribution."""
    listed, info = set(), None
    for record in dist.files or []:
        path = os.path.normpath(str(dist.locate_file(record)))
        if record.name == "RECORD" and record.parent.name.endswith(".dist-info"):
            info = record.parent
        if os.path.isfile(path):
            listed.add(path)
            yield record, path
    folder = os.path.normpath(str(dist.locate_file(info))) if info else None
    for name in sorted(os.listdir(folder)) if folder and os.path.isdir(folder) else []:
        path = os.path.join(folder, name)
        if path not in listed and os.path.isfile(path):
            extra = metadata.PackagePath(f"{info}/{name}")
            extra.hash, extra.size, extra.dist = None, None, dist
            yield extra, path


def record_hash(path):
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return "sha256=" + base64.urlsafe_b64encode(digest.digest()).rstrip(b"=").decode()


def kept_hash(record, path):
    """What the kept copy is checked against on restore: its RECORD hash, or, for a file whose size is
    not the one RECORD lists (damaged: the repair replaces it), its own, so that undo can put it back."""
    if not record.hash:
        return ""
    if record.size is not None and os.path.getsize(path) != record.size:
        return record_hash(path)
    return f"{record.hash.mode}={record.hash.value}"


def link_or_copy(source, target):
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def keep(snapshot, names):
    store = snapshot + ".files"
    os.makedirs(store)
    try:
        kept = keep_into(store, names)
    except BaseException:
        shutil.rmtree(store, ignore_errors=True)  # no half-kept copies left behind
        raise
    json.dump({"names": sorted(names), "kept": kept}, sys.stdout)


def keep_into(store, names):
    plan = [(dist, list(files_of(dist))) for dist in installed(names)]
    # Copies (another file system) must fit; links take no room.
    probe = next((path for _, files in plan for _, path in files), None)
    if probe and os.stat(probe).st_dev != os.stat(store).st_dev:
        need = sum(os.path.getsize(path) for _, files in plan for _, path in files)
        free = shutil.disk_usage(store).free
        if need > free:
            sys.exit(f"not enough room in {store} to keep {need >> 20} MiB for undo ({free >> 20} MiB free)")
    kept = []
    for n, (dist, files) in enumerate(plan):
        entries = []
        for m, (record, path) in enumerate(files):
            link_or_copy(path, os.path.join(store, f"{n}-{m}"))
            entries.append([str(record), kept_hash(record, path)])
        kept.append({"name": dist.metadata["Name"], "version": dist.version,
                     "root": str(dist.locate_file("")), "files": entries})
    return kept


def inside(folder, root):
    try:
        return os.path.commonpath([folder, root]) == root and folder != root
    except ValueError:  # another drive
        return False


def remove_installed(names):
    folders = set()
    caches = {}  # each __pycache__ folder listed once: {folder: its .pyc names, or None}
    for dist in list(installed(names)):
        root = os.path.normpath(str(dist.locate_file("")))
        for record, path in files_of(dist):
            os.remove(path)
            folders.add((os.path.dirname(path), root))
            if path.endswith(".py"):  # what the interpreter compiled from it
                cache = os.path.join(os.path.dirname(path), "__pycache__")
                if cache not in caches:
                    listed = os.listdir(cache) if os.path.isdir(cache) else None
                    caches[cache] = None if listed is None else [n for n in listed if n.endswith(".pyc")]
                if caches[cache] is None:
                    continue
                stem = os.path.basename(path)[:-3] + "."
                for name in [n for n in caches[cache] if n.startswith(stem)]:
                    caches[cache].remove(name)
                    try:
                        os.remove(os.path.join(cache, name))
                    except FileNotFoundError:  # RECORD listed it too: gone already
                        pass
                folders.add((cache, root))
    # Folders the removal emptied (Scripts/ too), then their parents up to the distribution's
    # root (site-packages), which stays.
    for folder, root in sorted(folders, key=lambda f: len(f[0]), reverse=True):
        while folder != root and os.path.isdir(folder) and not os.listdir(folder):
            os.rmdir(folder)
            folder = os.path.dirname(folder)
            if not inside(folder, root):
                break


def restore(snapshot):
    with open(snapshot, encoding="utf-8") as f:
        manifest = json.load(f)
    store = snapshot + ".files"
    # Nothing changes unless every kept copy is what its RECORD says.
    for n, dist in enumerate(manifest["kept"]):
        for m, (record, expected) in enumerate(dist["files"]):
            copy = os.path.join(store, f"{n}-{m}")
            if not os.path.isfile(copy):
                sys.exit(f"the kept copy of {record} ({dist['name']} {dist['version']}) is gone: {copy}")
            if expected.startswith("sha256=") and record_hash(copy) != expected:
                sys.exit(f"the kept copy of {record} ({dist['name']} {dist['version']}) has changed: {copy}")
    remove_installed(set(manifest["names"]))
    for n, dist in enumerate(manifest["kept"]):
        for m, (record, _) in enumerate(dist["files"]):
            target = os.path.normpath(os.path.join(dist["root"], record))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if os.path.lexists(target):
                os.remove(target)
            link_or_copy(os.path.join(store, f"{n}-{m}"), target)
        print(f"restored {len(dist['files'])} files of {dist['name']} {dist['version']}")
    shutil.rmtree(store)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "keep":
        keep(sys.argv[2], {key(n) for n in sys.argv[3:]})
    elif len(sys.argv) == 3 and sys.argv[1] == "restore":
        restore(sys.argv[2])
    else:
        sys.exit("usage: keep SNAPSHOT NAME... | restore SNAPSHOT")
