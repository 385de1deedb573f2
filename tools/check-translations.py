#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs lupdate over the sources into a copy of a .ts file and fails when a
text has no translation: a new tr() string without one shows up here, in CI,
before anyone sees English in the Chinese wizard, its reports or its
flowchart."""
import argparse
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lupdate", required=True)
    parser.add_argument("--ts", required=True)
    parser.add_argument("--sources", required=True, help="a file naming the sources, one per line")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / Path(args.ts).name
        shutil.copyfile(args.ts, copy)
        run = subprocess.run(
            [args.lupdate, "-source-language", "en", "-target-language", "zh_CN", "-no-obsolete", "-locations",
             "none", "@" + args.sources, "-ts", str(copy)],
            capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stdout, run.stderr, sep="\n")
            return 2
        root = ET.parse(copy).getroot()

    missing, total = [], 0
    for context in root.findall("context"):
        name = context.findtext("name")
        for message in context.findall("message"):
            total += 1
            translation = message.find("translation")
            if translation is not None and translation.get("type") == "unfinished":
                missing.append(f"{name}: {message.findtext('source')!r}")
    print(f"{total} texts; untranslated: {len(missing)}")
    for line in missing:
        print("  untranslated:", line)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
