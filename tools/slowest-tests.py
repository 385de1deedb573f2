#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Prints the slowest tests of a CTest run, from its JUnit file (ctest --output-junit FILE).

    tools/slowest-tests.py build/dev/junit.xml [--count 20]
"""
import argparse
import sys
import xml.etree.ElementTree as ET


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("junit", help="the JUnit XML file ctest wrote")
    parser.add_argument("--count", type=int, default=20, help="how many to print (default 20)")
    args = parser.parse_args()
    try:
        suite = ET.parse(args.junit).getroot()
    except (OSError, ET.ParseError) as error:
        print(f"slowest-tests: cannot read {args.junit}: {error}", file=sys.stderr)
        return 2
    # A parameterised GoogleTest case is named with its parameter's bytes after "  # GetParam()".
    cases = [(float(case.get("time", "0")), case.get("name", "?").split("  # GetParam()")[0])
             for case in suite.iter("testcase")]
    cases.sort(reverse=True)
    total = sum(time for time, _ in cases)
    print(f"The {min(args.count, len(cases))} slowest of {len(cases)} tests "
          f"({total:.0f} s of test time in all, {suite.get('time', '?')} s of wall time):")
    for time, name in cases[: args.count]:
        print(f"  {time:8.1f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
