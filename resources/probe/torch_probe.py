# SPDX-License-Identifier: GPL-3.0-or-later
# TorchDoctor's probe: describes one Python interpreter and its torch install.
#
#   python torch_probe.py            static: never imports torch
#   python torch_probe.py --import   imports torch and asks it about CUDA / MPS
#
# It prints exactly one JSON object, on the line after MARKER, so that a
# package that writes to stdout while it loads cannot hide it. Nothing may
# escape: every failure is reported inside the JSON.
#
# Runs on CPython 3.6 and later. It must still parse on Python 2 (no f-strings,
# no keyword-only arguments, no nonlocal), so that an old interpreter can say
# what it is instead of failing with a SyntaxError.
from __future__ import print_function

import os
import sys

MARKER = "@@TORCHDOCTOR-PROBE-JSON@@"
PROBE_VERSION = 1
MIN_VERSION = (3, 6)

# Packages whose presence and version matter next to torch.
COMPANIONS = ("torch", "torchvision", "torchaudio", "xformers", "numpy", "triton", "pytorch-triton", "torch-directml")

ENV_NAMES = (
    "PATH", "LD_LIBRARY_PATH", "LD_PRELOAD", "DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH",
    "CUDA_PATH", "CUDA_HOME", "CUDA_VISIBLE_DEVICES", "CUDA_MODULE_LOADING", "KMP_DUPLICATE_LIB_OK",
    "CONDA_PREFIX", "CONDA_DEFAULT_ENV", "VIRTUAL_ENV", "TORCH_USE_RTLD_GLOBAL", "PYTHONPATH",
    "PYTHONHOME", "PYTHONNOUSERSITE", "NVTOOLSEXT_PATH", "OMP_NUM_THREADS", "MKL_THREADING_LAYER",
)
ENV_PREFIXES = ("CUDA_PATH_V", "PYTORCH_", "TORCH_")


def emit(result, fd):
    """Writes the marker and the JSON (ASCII only, one line) to fd."""
    try:
        import json
        text = json.dumps(result, ensure_ascii=True, sort_keys=True, default=repr)
    except BaseException as e:  # an odd value in result: say so instead
        text = '{"probe_error": "could not encode the result: %s"}' % type(e).__name__
    data = ("\n" + MARKER + "\n" + text + "\n").encode("ascii")
    while data:
        try:
            written = os.write(fd, data)
        except OSError:
            return
        data = data[written:]


def fs_text(value):
    """A path or text as a JSON-safe string (undecodable bytes stay escaped)."""
    if value is None:
        return None
    if isinstance(value, bytes):
        return value.decode("utf-8", "backslashreplace")
    return value


def guard(result, key, fn, *args):
    """result[key] = fn(*args); a failure is recorded in result["errors"]."""
    try:
        result[key] = fn(*args)
    except BaseException as e:
        result.setdefault("errors", []).append("%s: %s: %s" % (key, type(e).__name__, safe_str(e)))
        result[key] = None


def safe_str(e):
    try:
        return str(e)
    except BaseException:
        try:
            return repr(e)
        except BaseException:
            return "<unprintable %s>" % type(e).__name__


def clean_sys_path():
    """Removes the probe's own entry (the script's folder, or '' for -c) from sys.path."""
    if not sys.path:
        return
    first = sys.path[0]
    here = ""
    try:
        if sys.argv and sys.argv[0] not in ("", "-c"):
            here = os.path.dirname(os.path.abspath(sys.argv[0]))
    except BaseException:
        pass
    if first == "" or (here and os.path.abspath(first) == here):
        del sys.path[0]


def describe_python():
    import platform
    info = {
        "version": list(sys.version_info[:3]) + [sys.version_info[3], sys.version_info[4]],
        "version_string": sys.version,
        "executable": fs_text(sys.executable),
        "prefix": fs_text(sys.prefix),
        "base_prefix": fs_text(getattr(sys, "base_prefix", sys.prefix)),
        "exec_prefix": fs_text(sys.exec_prefix),
        "base_exec_prefix": fs_text(getattr(sys, "base_exec_prefix", sys.exec_prefix)),
        "real_prefix": fs_text(getattr(sys, "real_prefix", None)),  # the old virtualenv
        "platform": sys.platform,
        "machine": platform.machine(),
        "bits": 64 if sys.maxsize > 2 ** 32 else 32,
        "implementation": sys.implementation.name,
        "path": [fs_text(p) for p in sys.path],
        "no_user_site": bool(sys.flags.no_user_site),
    }
    info["is_venv"] = info["prefix"] != info["base_prefix"] or info["real_prefix"] is not None
    info["conda"] = os.path.isdir(os.path.join(sys.prefix, "conda-meta"))
    try:
        import site
        info["user_base"] = fs_text(site.getuserbase())
        info["user_site"] = fs_text(site.getusersitepackages())
        info["user_site_enabled"] = bool(site.ENABLE_USER_SITE)
    except BaseException:
        info["user_base"] = None
        info["user_site"] = None
        info["user_site_enabled"] = False
    return info


def site_packages():
    """The site-packages folders this interpreter knows of, in sys.path order."""
    found = []
    candidates = []
    try:
        import site
        candidates.extend(site.getsitepackages())
    except BaseException:  # the old virtualenv's site.py has no getsitepackages
        pass
    try:
        import site
        if site.ENABLE_USER_SITE:
            candidates.append(site.getusersitepackages())
    except BaseException:
        pass
    for entry in sys.path:
        base = os.path.basename(os.path.normpath(entry)).lower() if entry else ""
        if base in ("site-packages", "dist-packages"):
            candidates.append(entry)
    for c in candidates:
        c = fs_text(c)
        if c and c not in found and os.path.isdir(c):
            found.append(c)
    return found


def search_dirs():
    """Folders whose packages an import could find: sys.path, then the site folders."""
    seen = set()
    dirs = []
    for entry in list(sys.path) + site_packages():
        if not entry or not os.path.isdir(entry):
            continue
        try:
            key = os.path.normcase(os.path.realpath(entry))
        except BaseException:
            key = entry
        if key in seen:
            continue
        seen.add(key)
        dirs.append(fs_text(entry))
    return dirs


def normalize(name):
    import re
    return re.sub(r"[-_.]+", "-", name).lower()


def interesting(name):
    return name in COMPANIONS or name.startswith("nvidia-")


def read_header(path):
    """Name and Version from a METADATA / PKG-INFO file (the header part only)."""
    fields = {}
    with open(path, "rb") as f:
        for count, raw in enumerate(f):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if not line.strip() or count > 200:
                break
            if ":" in line and not line[0].isspace():
                key, value = line.split(":", 1)
                key = key.strip().lower()
                if key in ("name", "version") and key not in fields:
                    fields[key] = value.strip()
            if "name" in fields and "version" in fields:
                break
    return fields


def read_first_line(path):
    try:
        with open(path, "rb") as f:
            return f.readline().decode("utf-8", "replace").strip()
    except BaseException:
        return ""


def describe_distribution(folder, entry):
    path = os.path.join(folder, entry)
    lower = entry.lower()
    kind = "dist-info" if lower.endswith(".dist-info") else "egg-info"
    stem = entry[: -len(".dist-info")] if kind == "dist-info" else entry[: -len(".egg-info")]
    parts = stem.split("-")
    dist = {"name": parts[0], "version": parts[1] if len(parts) > 1 else "", "location": folder,
            "path": path, "kind": kind, "installer": ""}
    metadata = None
    if os.path.isdir(path):
        for candidate in ("METADATA", "PKG-INFO"):
            if os.path.isfile(os.path.join(path, candidate)):
                metadata = os.path.join(path, candidate)
                break
        dist["installer"] = read_first_line(os.path.join(path, "INSTALLER"))
    elif os.path.isfile(path):
        metadata = path  # a single-file .egg-info is PKG-INFO itself
    if metadata:
        try:
            fields = read_header(metadata)
            dist["name"] = fields.get("name", dist["name"])
            dist["version"] = fields.get("version", dist["version"])
        except BaseException as e:
            dist["metadata_error"] = "%s: %s" % (type(e).__name__, safe_str(e))
    else:
        dist["metadata_error"] = "no METADATA or PKG-INFO"
    return dist


def requires_dist(path):
    """The Requires-Dist lines of a METADATA file's header."""
    lines = []
    with open(path, "rb") as f:
        for raw in f:
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            if not line.strip():
                break  # the header ends at the first empty line
            if line.lower().startswith("requires-dist:"):
                lines.append(line.split(":", 1)[1].strip())
    return lines


_REQUIREMENT = []


def requirement_class():
    """packaging's Requirement: the installed packaging, pip's copy of it, else the copy inside the
    pip wheel this Python ships for ensurepip (read from the wheel, nothing is installed); None."""
    if _REQUIREMENT:
        return _REQUIREMENT[0]
    found = None
    for module in ("packaging.requirements", "pip._vendor.packaging.requirements"):
        try:
            found = __import__(module, fromlist=["Requirement"]).Requirement
            break
        except BaseException:
            pass
    if found is None:
        import glob
        stdlib = os.path.dirname(os.__file__)
        wheels = glob.glob(os.path.join(stdlib, "ensurepip", "_bundled", "pip-*.whl"))
        wheels += glob.glob("/usr/share/python-wheels/pip-*.whl")  # Debian keeps them here
        for wheel in sorted(wheels, reverse=True):
            sys.path.append(wheel)
            try:
                from pip._vendor.packaging.requirements import Requirement as found
                break
            except BaseException:
                sys.path.remove(wheel)
    _REQUIREMENT.append(found)
    return found


def read_requirements(path):
    """The Requires-Dist lines of a METADATA file whose markers hold for this interpreter
    (evaluated by packaging; kept unevaluated when no copy of it can be read)."""
    Requirement = requirement_class()
    out = []
    for line in requires_dist(path):
        entry = {"line": line}
        if Requirement is not None:
            try:
                req = Requirement(line)
                if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                    continue
                entry.update(name=req.name, extras=sorted(req.extras), specifier=str(req.specifier))
            except BaseException as e:
                entry["error"] = "%s: %s" % (type(e).__name__, safe_str(e))
        out.append(entry)
    return out


def metadata_folders(dirs):
    """(folder, entry, normalized project name) of each .dist-info / .egg-info in the folders, in order."""
    for folder in dirs:
        try:
            entries = sorted(os.listdir(folder))
        except BaseException:
            continue
        for entry in entries:
            lower = entry.lower()
            if lower.endswith(".dist-info") or lower.endswith(".egg-info"):
                project = entry.split("-")[0] if "-" in entry else entry[: -len(".egg-info")]
                yield folder, entry, normalize(project)


def installed_index(dirs):
    """Every distribution in the search folders, by normalized name: the first one, which imports."""
    index = {}
    for folder, entry, key in metadata_folders(dirs):
        index.setdefault(key, (folder, entry))
    return index


def judge(entry, requirement, dist):
    """Adds to a requirement's entry what is installed under its name and whether it satisfies it."""
    entry["installed"] = dist["version"]
    entry["installed_path"] = dist["path"]
    if requirement is not None and dist["version"]:
        try:
            entry["satisfied"] = requirement.specifier.contains(dist["version"], prereleases=True)
        except BaseException as e:
            entry["error"] = "%s: %s" % (type(e).__name__, safe_str(e))


def judge_requirements(requirements, index):
    """torch's requirements, each with the version installed and whether it satisfies it."""
    Requirement = requirement_class()
    for entry in requirements:
        found = index.get(normalize(entry.get("name") or ""))
        if found is None or Requirement is None:
            continue
        judge(entry, Requirement(entry["line"]), describe_distribution(*found))


def dependents(index, torch_version):
    """The distributions that require torch (their markers evaluated), each with whether the installed
    torch satisfies them: torchvision's pin, or any package's."""
    import re
    Requirement = requirement_class()
    out = []
    if Requirement is None:
        return out
    for key in sorted(index):
        if key == "torch":
            continue
        dist = describe_distribution(*index[key])
        metadata = os.path.join(dist["path"], "METADATA")
        if not os.path.isfile(metadata):
            continue
        for line in requires_dist(metadata):
            if normalize(re.match(r"[A-Za-z0-9._-]*", line).group()) != "torch":
                continue  # parsing every line of every package would take long
            try:
                requirement = Requirement(line)
                if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
                    continue
            except BaseException:
                continue
            entry = {"line": line, "name": requirement.name, "specifier": str(requirement.specifier)}
            entry.update(required_by=dist["name"], required_by_version=dist["version"],
                         required_by_path=dist["path"])
            judge(entry, requirement, {"version": torch_version, "path": ""})
            out.append(entry)
    return out


def wheel_fit(dist_info):
    """The tags of the wheel a distribution came from (its WHEEL file), and whether this interpreter
    accepts one of them, judged by packaging's tags as pip judges them (unknown without packaging)."""
    tags = []
    try:
        with open(os.path.join(dist_info, "WHEEL"), "rb") as f:
            for raw in f:
                line = raw.decode("utf-8", "replace").strip()
                if line.lower().startswith("tag:"):
                    tags.append(line.split(":", 1)[1].strip())
    except BaseException:
        return None
    out = {"tags": tags}
    if requirement_class() is None or not tags:
        return out
    try:
        try:
            from packaging import tags as tagging
        except BaseException:
            from pip._vendor.packaging import tags as tagging
        accepted = list(tagging.sys_tags())
        names = set(str(t) for t in accepted)
        out["fits"] = any(names.intersection(str(t) for t in tagging.parse_tag(tag)) for tag in tags)
        out["interpreter_tag"] = str(accepted[0]) if accepted else ""
    except BaseException as e:
        out["error"] = "%s: %s" % (type(e).__name__, safe_str(e))
    return out


def preload_table(torch_dir):
    """torch's own table of the libraries it preloads from the nvidia wheels (torch/__init__.py,
    _preload_cuda_deps): [folder, pattern] pairs, read as text (never executed)."""
    import re
    try:
        with open(os.path.join(torch_dir, "__init__.py"), "rb") as f:
            text = f.read().decode("utf-8", "replace")
    except BaseException:
        return []
    return [list(m) for m in re.findall(r'\(\s*"([A-Za-z0-9_]+)"\s*,\s*"(lib[^"]+)"', text)]


def scan_distributions(dirs):
    """The distributions of interest in each folder, in search order.

    importlib.metadata would read every distribution's metadata; listing the
    folders and reading only the few that matter is faster, and it works the
    same way on every Python from 3.6 on. Duplicates are kept on purpose: two
    torch dist-infos are a broken install."""
    return [describe_distribution(folder, entry) for folder, entry, key in metadata_folders(dirs) if interesting(key)]


def read_version_py(path):
    """The simple assignments of torch/version.py, read as text, never executed."""
    import ast
    with open(path, "rb") as f:
        source = f.read()
    fields = {}
    tree = ast.parse(source, path)
    for node in tree.body:
        target = None
        value = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif type(node).__name__ == "AnnAssign" and node.value is not None:
            target, value = node.target, node.value  # cuda: Optional[str] = '12.1'
        if not isinstance(target, ast.Name) or value is None:
            continue
        try:
            literal = ast.literal_eval(value)
        except BaseException:
            continue
        if literal is None or isinstance(literal, (str, bool, int, float)):
            fields[target.id] = literal
    return fields


def list_native(folder, extension_only, suffixes):
    items = []
    try:
        entries = sorted(os.listdir(folder))
    except BaseException:
        return items
    for entry in entries:
        path = os.path.join(folder, entry)
        lower = entry.lower()
        # torch/_C.cpython-311-x86_64-linux-gnu.so, torch/_C.cp312-win_amd64.pyd, ...
        if extension_only and not (lower.endswith(".pyd") or lower.endswith(".so")):
            continue
        if os.path.isdir(path) and not os.path.islink(path):
            continue
        item = {"name": fs_text(entry), "path": fs_text(path)}
        try:
            if os.path.islink(path):
                item["link_target"] = fs_text(os.readlink(path))
            item["exists"] = os.path.exists(path)  # False: a dangling link
            item["size"] = os.path.getsize(path) if item["exists"] else None
        except BaseException as e:
            item["error"] = safe_str(e)
        if extension_only:
            # "_C.cpython-38-x86_64-linux-gnu.so" has a tag; ".so" alone matches anything.
            dot = entry.find(".")
            item["matches_interpreter"] = dot >= 0 and entry[dot:] in suffixes
        items.append(item)
    return items


def windows_dll_dirs(torch_dir, version_fields):
    """The folders torch/__init__.py's _load_dll_libraries adds, in its order."""
    import sysconfig
    out = []

    def add(path, why):
        if path:
            out.append({"path": fs_text(path), "why": why, "exists": os.path.isdir(path)})

    exec_prefix = sys.exec_prefix
    base_exec_prefix = getattr(sys, "base_exec_prefix", exec_prefix)
    add(os.path.join(torch_dir, "lib"), "torch\\lib")
    add(os.path.join(exec_prefix, "Library", "bin"), "<exec_prefix>\\Library\\bin")
    if exec_prefix != base_exec_prefix:
        add(os.path.join(base_exec_prefix, "Library", "bin"), "<base_exec_prefix>\\Library\\bin (venv)")
    userbase = sysconfig.get_config_var("userbase")
    if userbase:
        add(os.path.join(userbase, "Library", "bin"), "<userbase>\\Library\\bin")
    add(os.path.join(exec_prefix, "bin"), "<exec_prefix>\\bin")
    existing = [d["path"] for d in out if d["exists"]]

    def any_file(prefix):
        for d in existing:
            try:
                for entry in os.listdir(d):
                    if entry.lower().startswith(prefix) and entry.lower().endswith(".dll"):
                        return True
            except BaseException:
                pass
        return False

    program_files = os.environ.get("ProgramFiles", "C:\\Program Files")
    if not any_file("nvtoolsext64_1"):
        base = os.environ.get("NVTOOLSEXT_PATH", os.path.join(program_files, "NVIDIA Corporation", "NvToolsExt"))
        add(os.path.join(base, "bin", "x64"), "NvToolsExt")
    cuda = version_fields.get("cuda")
    if cuda and not any_file("cudart64"):
        env_name = "CUDA_PATH_V" + str(cuda).replace(".", "_")
        default = os.path.join(program_files, "NVIDIA GPU Computing Toolkit", "CUDA", "v" + str(cuda))
        add(os.path.join(os.environ.get(env_name, default), "bin"), "CUDA toolkit (" + env_name + ")")
    return out


def nvidia_lib_dirs(dirs):
    """The lib folders of the nvidia-* wheels, which torch preloads from on Linux."""
    out = []
    for folder in dirs:
        base = os.path.join(folder, "nvidia")
        try:
            subs = sorted(os.listdir(base))
        except BaseException:
            continue
        for sub in subs:
            lib = os.path.join(base, sub, "lib")
            if os.path.isdir(lib):
                out.append({"path": fs_text(lib), "why": "nvidia-* wheel", "exists": True})
    return out


def describe_torch(dirs, dists):
    info = {"found": False}
    try:
        import importlib.util
        spec = importlib.util.find_spec("torch")  # locates the package; does not run it
    except BaseException as e:
        info["find_spec_error"] = "%s: %s" % (type(e).__name__, safe_str(e))
        spec = None
    torch_dir = None
    if spec is not None:
        info["found"] = True
        info["origin"] = fs_text(spec.origin)
        locations = list(spec.submodule_search_locations or [])
        if locations:
            torch_dir = fs_text(locations[0])
        if spec.origin in (None, "namespace"):
            info["namespace_package"] = True  # a torch folder without __init__.py
    if torch_dir is None:
        for folder in dirs:  # not importable, but maybe left behind
            if os.path.isdir(os.path.join(folder, "torch")):
                torch_dir = os.path.join(folder, "torch")
                info["not_importable_dir"] = True
                break
    info["package_dir"] = torch_dir
    info["distributions"] = [d["path"] for d in dists if normalize(d["name"]) == "torch"]
    index = installed_index(dirs)
    for path in info["distributions"][:1]:
        metadata = os.path.join(path, "METADATA")
        if os.path.isfile(metadata):
            try:
                info["requirements"] = read_requirements(metadata)
                judge_requirements(info["requirements"], index)
            except BaseException as e:
                info["requirements_error"] = "%s: %s" % (type(e).__name__, safe_str(e))
    torch_dists = [d for d in dists if normalize(d["name"]) == "torch"]
    if torch_dists:
        try:
            info["dependents"] = dependents(index, torch_dists[0]["version"])
        except BaseException as e:
            info["dependents_error"] = "%s: %s" % (type(e).__name__, safe_str(e))
        guard(info, "wheel", wheel_fit, torch_dists[0]["path"])
    if not torch_dir:
        return info
    info["preload"] = preload_table(torch_dir)
    version_fields = {}
    version_py = os.path.join(torch_dir, "version.py")
    if os.path.isfile(version_py):
        try:
            version_fields = read_version_py(version_py)
        except BaseException as e:
            info["version_py_error"] = "%s: %s" % (type(e).__name__, safe_str(e))
    info["version_py"] = version_fields
    try:
        import importlib.machinery
        suffixes = list(importlib.machinery.EXTENSION_SUFFIXES)
    except BaseException:
        suffixes = []
    info["extension_suffixes"] = suffixes
    info["lib_dir"] = fs_text(os.path.join(torch_dir, "lib"))
    info["libraries"] = list_native(os.path.join(torch_dir, "lib"), False, suffixes)
    info["extensions"] = list_native(torch_dir, True, suffixes)
    if sys.platform == "win32":
        info["dll_dirs"] = windows_dll_dirs(torch_dir, version_fields)
    else:
        info["dll_dirs"] = nvidia_lib_dirs(dirs)
    return info


def selected_environment():
    env = {}
    for key, value in os.environ.items():
        upper = key.upper()
        if upper in ENV_NAMES or any(upper.startswith(p) for p in ENV_PREFIXES):
            env[key] = value
    return env


def static_probe(result):
    guard(result, "python", describe_python)
    guard(result, "site_packages", site_packages)
    guard(result, "search_dirs", search_dirs)
    dirs = result.get("search_dirs") or []
    guard(result, "distributions", scan_distributions, dirs)
    guard(result, "torch", describe_torch, dirs, result.get("distributions") or [])
    guard(result, "environment", selected_environment)


def cuda_queries(torch, result):
    """Each question in its own try: one failing says nothing about the others."""
    import warnings

    def ask(key, fn):
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                result[key] = fn()
            for w in caught:
                result.setdefault("warnings", []).append(safe_str(w.message))
        except BaseException as e:
            result.setdefault("query_errors", {})[key] = "%s: %s" % (type(e).__name__, safe_str(e))

    ask("version", lambda: str(torch.__version__))
    ask("file", lambda: fs_text(torch.__file__))
    ask("cuda_version", lambda: torch.version.cuda)
    ask("hip_version", lambda: getattr(torch.version, "hip", None))
    ask("debug", lambda: bool(getattr(torch.version, "debug", False)))
    ask("cuda_available", lambda: bool(torch.cuda.is_available()))
    ask("device_count", lambda: int(torch.cuda.device_count()) if result.get("cuda_available") else 0)
    count = result.get("device_count") or 0
    ask("device_names", lambda: [str(torch.cuda.get_device_name(i)) for i in range(count)])
    ask("capabilities", lambda: [list(torch.cuda.get_device_capability(i)) for i in range(count)])
    ask("arch_list", lambda: [str(a) for a in torch.cuda.get_arch_list()])
    ask("cudnn_version", lambda: torch.backends.cudnn.version())
    ask("mps_available", lambda: bool(torch.backends.mps.is_available()) if hasattr(torch.backends, "mps") else False)


def import_probe(result, dump_after):
    import time
    import traceback
    guard(result, "python", describe_python)
    try:
        import faulthandler
        faulthandler.enable()  # a crash prints the Python stack to stderr
        if dump_after > 0:  # a hang prints it just before the runner gives up
            faulthandler.dump_traceback_later(dump_after, repeat=False)
    except BaseException:
        pass
    started = time.time()
    try:
        import torch
        result["ok"] = True
    except BaseException as e:
        result["ok"] = False
        result["exception_type"] = type(e).__name__
        result["exception_module"] = type(e).__module__
        result["message"] = safe_str(e)
        for attr in ("errno", "winerror", "filename", "name", "path"):
            value = getattr(e, attr, None)
            if isinstance(value, (int, str)):
                result["exception_" + attr] = value
        try:
            result["traceback"] = "".join(traceback.format_exception(type(e), e, e.__traceback__))
        except BaseException:
            result["traceback"] = ""
        torch = None
    result["import_seconds"] = time.time() - started
    if torch is not None:
        cuda_queries(torch, result)
    try:
        import faulthandler
        faulthandler.cancel_dump_traceback_later()
    except BaseException:
        pass


def main():
    result = {"probe": PROBE_VERSION, "mode": "static"}
    out_fd = 1
    exit_code = 0
    args = sys.argv[1:]
    try:
        if sys.version_info[:2] < MIN_VERSION:
            result["unsupported"] = list(MIN_VERSION)  # the oldest it reads; the app words it
            result["python"] = {"version": list(sys.version_info[:3]), "executable": sys.executable,
                                "prefix": sys.prefix, "platform": sys.platform, "version_string": sys.version}
        elif "--import" in args:
            result["mode"] = "import"
            dump_after = 0.0
            if "--dump-after" in args:
                try:
                    dump_after = float(args[args.index("--dump-after") + 1])
                except BaseException:
                    dump_after = 0.0
            clean_sys_path()
            if "--start-folder" in args:  # first, as for the person's `python script.py` there
                start = args[args.index("--start-folder") + 1]
                if os.path.isdir(start):
                    sys.path.insert(0, start)
            # While torch loads, whatever it (or a library) writes to stdout goes
            # to stderr, so that the JSON is the only thing on stdout.
            saved_stdout = sys.stdout
            try:
                sys.stdout.flush()
                out_fd = os.dup(1)
                os.dup2(2, 1)
            except BaseException:
                out_fd = 1
            sys.stdout = sys.stderr
            try:
                import_probe(result, dump_after)
            finally:
                try:
                    sys.stdout.flush()
                    sys.stderr.flush()
                except BaseException:
                    pass
                sys.stdout = saved_stdout
        else:
            clean_sys_path()
            static_probe(result)
    except BaseException as e:
        result["probe_error"] = "%s: %s" % (type(e).__name__, safe_str(e))
        exit_code = 0
    emit(result, out_fd)
    if result.get("mode") == "import":
        # The report is out. What torch does at interpreter shutdown is not the
        # question, and a hang there would read as an import timeout.
        try:
            sys.stderr.flush()
        except BaseException:
            pass
        os._exit(exit_code)
    return exit_code


if __name__ == "__main__":
    sys.exit(main())
