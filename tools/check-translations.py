#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs lupdate over the sources into a copy of a .ts file and fails when a
text the wizard shows has no translation: a new tr() string without one
shows up here, in CI, before anyone sees English in the Chinese wizard."""
import argparse
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

# The contexts of the texts the wizard shows: its own, and core's it displays
# (the flowchart, the checks' findings, the repairs' plans and their steps).
WIZARD_CONTEXTS = {"FlowChart", "Flow", "FixPlan", "FixStep", "Executor", "CheckRunner", "CoreBackend", "Repairs",
                   "ComposeFile", "UserEnvironment"}


def is_wizard_context(name):
    return (name.startswith("td::ui::") or name in WIZARD_CONTEXTS or name.endswith("Check")
            or name.endswith("Planner"))


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

    missing, others, total = [], 0, 0
    for context in root.findall("context"):
        name = context.findtext("name")
        for message in context.findall("message"):
            total += 1
            translation = message.find("translation")
            unfinished = translation is not None and translation.get("type") == "unfinished"
            if not unfinished:
                continue
            if is_wizard_context(name):
                missing.append(f"{name}: {message.findtext('source')!r}")
            else:
                others += 1
    print(f"{total} texts; untranslated: {len(missing)} shown by the wizard, {others} elsewhere (the CLI and the report renderer)")
    for line in missing:
        print("  untranslated:", line)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
