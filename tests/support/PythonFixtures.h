// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "TestSupport.h"

#include <QString>

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace td::test::python {

// Debian's interpreter, which has python3-torch.
inline const fs::path kSystemPython = "/usr/bin/python3";

inline QString qs(const fs::path &path)
{
    return QString::fromStdString(path.string());
}

// A venv (no pip, no system site-packages) at `dir`, made by kSystemPython.
// Returns its bin/python; empty (with a test failure) when it could not be made.
fs::path makeVenv(const fs::path &dir);

// A Python of `series` ("3.10") other than Debian's: /usr/bin, /usr/local/bin, or pyenv's versions
// (PYENV_ROOT, ~/.pyenv). Empty when there is none.
fs::path pythonOfSeries(const std::string &series);

// The venv's site-packages folder.
fs::path sitePackages(const fs::path &venvDir);

// A `torch` package in site-packages whose __init__.py is `initSource`, with a
// version.py and a dist-info for `version`.
void writeFakeTorch(const fs::path &sitePackagesDir, const std::string &initSource,
                    const std::string &version = "9.9.9");

// Builds a shared library from C source with the configured compiler.
bool buildSharedLibrary(const fs::path &output, const std::string &source,
                        const std::vector<std::string> &extraArgs = {});

// A libgomp.so.1 from before OpenMP 4.0, made in `folder`: it has OMP_1.0 and
// GOMP_1.0, not the GOMP_4.0 that libb2 (and so Qt Core) and torch need.
// Returns `folder`.
fs::path buildStaleLibgomp(const fs::path &folder);

// A wheel of distribution `name` `version` (tag py3-none-any) made in `wheelhouse`, as a build backend
// writes one: the files (path in the wheel -> file on disk), a METADATA with `requirements` as its
// Requires-Dist lines, a WHEEL and a RECORD with each file's sha256 and size. Returns its path.
fs::path buildWheel(const fs::path &wheelhouse, const std::string &name, const std::string &version,
                    const std::map<std::string, fs::path> &files, const std::vector<std::string> &requirements = {});

// The pip wheel Debian ships for ensurepip (python3-pip-whl), copied into `folder`: pip runs from it
// in a venv without pip. Returns the copy; empty (with a test failure) when there is none.
fs::path copyDebianPipWheel(const fs::path &folder);

// Every entry under `dir`, sorted: a link with its target, a file with its sha256 (read in blocks);
// the __pycache__ folders an import writes are left out.
std::string treeHashes(const fs::path &dir, std::chrono::seconds timeout = std::chrono::seconds(120));

// True while the process exists and is not a zombie.
bool processRunning(long pid);

} // namespace td::test::python
