// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QVersionNumber>

#include <optional>

namespace td::python {

// A venv as its pyvenv.cfg describes it, read as text: the venv's python cannot be asked when the
// Python it was made from is gone.
struct VenvConfig {
    QString folder;         // the venv
    QString configFile;     // its pyvenv.cfg
    QString home;           // "home =": the base Python's folder
    QString baseExecutable; // "executable =" (Python 3.11 and later write it); empty when not written
    QVersionNumber version; // "version =" or uv's "version_info ="
    bool systemSitePackages = false;
    // The base's program is not where pyvenv.cfg says: its "executable", or a python of the venv's
    // X.Y (any python3 when the version is not written) in "home".
    bool baseGone = false;
    QStringList sitePackages; // relative to `folder`: "lib/python3.11/site-packages"
};

// The venv `executable` belongs to (pyvenv.cfg in its folder or the one above, as Python looks for
// it); nullopt when it is no venv's.
std::optional<VenvConfig> venvOf(const QString &executable);

} // namespace td::python
