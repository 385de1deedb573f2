#!/bin/sh
# make-parser-venv.sh PYTHON VENV REQUIREMENTS: a venv with the independent parsers from PyPI;
# done again only when the requirements change.
set -eu
python="$1" venv="$2" requirements="$3"
if [ -x "$venv/bin/python" ] && cmp -s "$requirements" "$venv/requirements.txt"; then
    exit 0
fi
rm -rf "$venv"
"$python" -m venv "$venv" || { echo "make-parser-venv: '$python -m venv' failed (Debian: apt-get install python3-venv)" >&2; exit 1; }
"$venv/bin/python" -m pip install --quiet --no-deps -r "$requirements"
"$venv/bin/python" -c "import pefile, elftools, macholib"
cp "$requirements" "$venv/requirements.txt"
