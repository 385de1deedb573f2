// SPDX-License-Identifier: GPL-3.0-or-later
// What the folder a program starts in hides of the installed packages, by Python's own import rules.
#include "python/LocalCopies.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QDir>

namespace td::test {
namespace {

// With '/' on every system, as QDir gives the paths it finds.
QString qs(const fs::path &p)
{
    return QDir::fromNativeSeparators(QString::fromStdString(p.string()));
}

// A package before a module, a folder without __init__ not at all, a name nothing installs not at all.
TEST(LocalCopies, FollowPythonsImportRules)
{
    TempDir dir("td-local-copies");
    const fs::path start = dir / "project", site = dir / "site-packages";
    writeFile(site / "otter/__init__.py", "");
    writeFile(site / "beaver.py", "");
    writeFile(site / "heron/__init__.py", "");
    writeFile(start / "otter/__init__.py", "");
    writeFile(start / "otter.py", ""); // the package wins over the module
    writeFile(start / "beaver.cpython-311-x86_64-linux-gnu.so", "");
    fs::create_directories(start / "heron"); // a namespace portion: the installed package wins
    writeFile(start / "mine.py", "");        // nothing installed has this name
    const QList<python::LocalCopy> copies =
        python::localCopies(qs(start), {qs(site)}, QVersionNumber(3, 11), QStringLiteral("linux"),
                            QStringLiteral("x86_64"));
    ASSERT_EQ(copies.size(), 2);
    EXPECT_EQ(copies[0].name, QStringLiteral("beaver"));
    EXPECT_EQ(copies[0].kind, python::LocalCopy::Kind::Module);
    EXPECT_EQ(copies[0].installed, qs(site / "beaver.py"));
    EXPECT_EQ(copies[1].name, QStringLiteral("otter"));
    EXPECT_EQ(copies[1].kind, python::LocalCopy::Kind::Package);
    EXPECT_EQ(copies[1].path, qs(start / "otter"));
    // A Python 3.12 extension is not one 3.11 imports.
    writeFile(start / "heron.cpython-312-x86_64-linux-gnu.so", "");
    EXPECT_EQ(python::localCopies(qs(start), {qs(site)}, QVersionNumber(3, 11), QStringLiteral("linux"),
                                  QStringLiteral("x86_64"))
                  .size(),
              2);
}

TEST(LocalCopies, ACompiledCoreForAnotherPythonIsNotLoadable)
{
    TempDir dir("td-compiled-core");
    writeFile(dir / "torch/_C.cpython-310-x86_64-linux-gnu.so", "");
    fs::create_directories(dir / "torch/_C");
    const QStringList for311 =
        python::extensionSuffixes(QVersionNumber(3, 11), QStringLiteral("linux"), QStringLiteral("x86_64"));
    const python::CompiledCore core = python::compiledCore(qs(dir / "torch"), for311);
    EXPECT_EQ(core.loadable, false);
    EXPECT_EQ(core.builtFor, QStringList{QStringLiteral("3.10")});
    writeFile(dir / "torch/_C.cpython-311-x86_64-linux-gnu.so", "");
    EXPECT_EQ(python::compiledCore(qs(dir / "torch"), for311).loadable, true);
    EXPECT_FALSE(python::compiledCore(qs(dir / "numpy"), for311).loadable.has_value()) << "no _C: nothing said";
    EXPECT_EQ(python::extensionSuffixes(QVersionNumber(3, 11), QStringLiteral("win32"), QStringLiteral("AMD64")),
              (QStringList{QStringLiteral(".cp311-win_amd64.pyd"), QStringLiteral(".pyd")}));
}

// An embeddable Python (a ._pth file beside it) and PYTHONSAFEPATH keep the start folder off sys.path.
TEST(LocalCopies, TheStartFolderIsOnlyFirstWherePythonPutsItThere)
{
    TempDir dir("td-start-folder");
    writeFile(dir / "plain/bin/python3", "");
    writeFile(dir / "embedded/python.exe", "");
    writeFile(dir / "embedded/python311._pth", "python311.zip\n.\n");
    QProcessEnvironment env;
    const QString folder = QStringLiteral("/p");
    EXPECT_EQ(python::startFolderOnPath(qs(dir / "plain/bin/python3"), env, folder), folder);
    EXPECT_EQ(python::startFolderOnPath(qs(dir / "embedded/python.exe"), env, folder), QString());
    env.insert(QStringLiteral("PYTHONSAFEPATH"), QStringLiteral("1"));
    EXPECT_EQ(python::startFolderOnPath(qs(dir / "plain/bin/python3"), env, folder), QString());
}

} // namespace
} // namespace td::test
