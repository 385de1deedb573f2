// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/TorchProbe.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace td::python {

// Where a pasted error happened, as its own paths tell: the environment whose
// files its traceback names, and the user's script that imported torch.
struct PastedPlace {
    QStringList sitePackages; // the site-packages folders its paths name, in order, as pasted
    QStringList pythons;      // the python programs it names ("/home/u/p/.venv/bin/python")
    QStringList scripts;      // the traceback's own files outside any environment ("/home/u/p/train.py")
    QString interpreter;      // the python of that environment, when it is on this machine
    QString project;          // the folder the failing script belongs to, when it is on this machine

    // The paste names an environment or a script at all (a bare "libX.so: cannot open" names none).
    bool namesAPlace() const { return !named().isEmpty(); }
    // The first of them, to name it to the user.
    QString named() const
    {
        return sitePackages.value(0, pythons.value(0, scripts.value(0)));
    }
};

// The paths of the paste, and what of them is on this machine. Reads the
// disk (a few file tests per path): not on the GUI thread.
PastedPlace pastedPlace(const QString &text);

// Of the interpreters found, the one whose environment the paste names (its
// site-packages, its torch or its program), else nullptr. When the paste's
// own interpreter is on this machine, only that one.
const StaticProbe *interpreterOfPaste(const PastedPlace &place, const QString &errorPath,
                                      const QList<StaticProbe> &found);

// Two python programs of one environment (one prefix: a venv's bin/python and bin/python3).
bool sameEnvironment(const QString &python, const QString &other);

} // namespace td::python
