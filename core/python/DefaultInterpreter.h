// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/Interpreter.h"

#include <QProcessEnvironment>
#include <QString>

namespace td::python {

// How the project, or a new terminal, can be made to run an interpreter that has torch
// when the one it runs now (its venv, or `python3` on PATH) has none. One answer for the
// check that says so and the repair that does it.
struct SwitchRoute {
    enum class Kind {
        None,         // neither: the person runs the other interpreter by its path
        PyenvVersion, // `python3` is pyenv's shim: its global version file names the interpreter
        ProjectVenv,  // the project's venv is made again on the interpreter, seeing its packages
    };
    Kind kind = Kind::None;
    QString file;      // PyenvVersion: pyenv's global version file
    QString version;   // PyenvVersion: what the file names ("3.12.1", "system")
    QString venv;      // ProjectVenv: the venv folder made on the interpreter
    bool venvExists = false; // ProjectVenv: a venv is there now (it is moved aside, not removed)
    QString newPython; // what the project or a new terminal runs afterwards
    bool ofProject = false; // the Python run now lies in the project folder (its venv, a portable build)
    QString why;       // None: why neither works, in a sentence
};

// `target` has torch; `current` is what the project or a terminal runs now (an interpreter
// found by defaultPython). `projectDir` may be empty.
SwitchRoute switchRoute(const Interpreter &target, const Interpreter &current, const QString &projectDir,
                        const QProcessEnvironment &environment);

// Whether `path` is one of pyenv's shims (a script in its shims/ folder).
bool isPyenvShim(const QString &path);

// Whether two probed interpreters are one: one binary with one prefix (a venv shares its base's binary).
bool sameInterpreter(const Interpreter &a, const Interpreter &b);

} // namespace td::python
