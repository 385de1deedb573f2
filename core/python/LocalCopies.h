// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QVersionNumber>

#include <optional>

namespace td::python {

// A package's compiled `_C` extension (torch's core): whether this Python can load one (nullopt: the
// package has nothing named _C at all), and the Python versions the `_C` files it has are built for.
struct CompiledCore {
    std::optional<bool> loadable;
    QStringList builtFor;
};

// A package or module in the folder a program starts in that is also installed: Python puts that folder
// first on sys.path (`python script.py`, `python -m` and `python -c` alike), so the local one is what
// `import NAME` loads, and the installed one is never seen. A folder without __init__ does not count:
// it is only a namespace portion, which any regular package later on sys.path wins over.
struct LocalCopy {
    enum class Kind { Package, Module };
    QString name;      // the import name: "torch", "typing_extensions"
    QString path;      // the package folder or the module file
    QString installed; // what it hides: the installed package folder or module file
    Kind kind = Kind::Package;
    bool sourceTree = false; // the start folder is a project's source checkout (setup.py or pyproject.toml)
    CompiledCore core; // for a package
};

// `folder` when Python puts the folder a program starts in first on sys.path, else empty: not with
// PYTHONSAFEPATH set, nor beside a ._pth file (an embeddable Python, which starts isolated).
QString startFolderOnPath(const QString &executable, const QProcessEnvironment &environment, const QString &folder);

// The extension-module suffixes a CPython `version` on `platform` (sys.platform) loads, as
// importlib.machinery.EXTENSION_SUFFIXES lists them.
QStringList extensionSuffixes(const QVersionNumber &version, const QString &platform, const QString &machine);

// What `packageDir` holds of a compiled `_C` for an interpreter with these extension suffixes.
CompiledCore compiledCore(const QString &packageDir, const QStringList &extensionSuffixes);

// The local copies in `startFolder` of what is installed in `siteFolders`, by Python's own rules (a package
// before a module; a compiled module, then .py, then .pyc). Reads one listing of each folder.
QList<LocalCopy> localCopies(const QString &startFolder, const QStringList &siteFolders, const QVersionNumber &version,
                             const QString &platform, const QString &machine);

} // namespace td::python
