// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace td::python {

// Whether `dir` is a project that uses PyTorch, without a venv of its own: its
// requirements*.txt, pyproject.toml, setup.py, setup.cfg, Pipfile or
// environment.yml names torch, or a .py file at its top imports it. Only the
// start of each file is read, and only so many .py files.
bool isTorchProject(const QString &dir);

// The interpreters a project folder holds, in the order a project's own is chosen: its venv
// (.venv, venv), then a portable build's embeddable Python (ComfyUI's python_embeded, and
// python_embedded). Only what exists.
QStringList projectInterpreters(const QString &dir);

// The project folder an interpreter's prefix stands for: the folder around a venv named .venv or
// venv, or around a portable build's python_embeded; empty for any other prefix.
QString projectAround(const QString &prefix, bool isVenv);

} // namespace td::python
