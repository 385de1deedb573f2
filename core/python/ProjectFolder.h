// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace td::python {

// Whether `dir` is a project that uses PyTorch, without a venv of its own: its
// requirements*.txt, pyproject.toml, setup.py, setup.cfg, Pipfile or
// environment.yml names torch, or a .py file at its top imports it. Only the
// start of each file is read, and only so many .py files.
bool isTorchProject(const QString &dir);

} // namespace td::python
