// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/ImportError.h"
#include "python/PastedPlace.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

using td::python::PastedPlace;
using td::python::pastedPlace;

namespace {

std::string s(const QString &text)
{
    return text.toStdString();
}

// A file under `root`, with its folders.
QString touch(const QTemporaryDir &root, const QString &relative)
{
    const QString path = root.filePath(relative);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::WriteOnly)) << s(path);
    return QDir::cleanPath(path);
}

// A path as the traceback of this system prints it.
QString native(const QString &path)
{
    return QDir::toNativeSeparators(path);
}

} // namespace

// The user's traceback from a project's venv: its script two folders down, torch in the venv. The venv's
// python and the project around it are what failed, whatever the folders are called.
TEST(PastedPlace, AVenvTracebackNamesItsPythonAndProject)
{
    QTemporaryDir root;
    touch(root, QStringLiteral("Zebra kiln/.venv/pyvenv.cfg"));
    const QString python = touch(root, QStringLiteral("Zebra kiln/.venv/bin/python"));
    const QString init =
        touch(root, QStringLiteral("Zebra kiln/.venv/lib/python3.13/site-packages/torch/__init__.py"));
    const QString script = touch(root, QStringLiteral("Zebra kiln/tools/warp/train.py"));
    const QString paste = QStringLiteral("Traceback (most recent call last):\n"
                                         "  File \"%1\", line 3, in <module>\n    import torch\n"
                                         "  File \"%2\", line 290, in <module>\n    from torch._C import *\n"
                                         "  File \"/usr/lib/python3.13/importlib/__init__.py\", line 88, in x\n"
                                         "ImportError: libcudnn_graph.so.9: cannot open shared object file: No such "
                                         "file or directory")
                              .arg(native(script), native(init));
    const PastedPlace place = pastedPlace(paste);
    ASSERT_EQ(place.sitePackages.size(), 1);
    EXPECT_TRUE(place.sitePackages[0].endsWith(QStringLiteral("site-packages"))) << s(place.sitePackages[0]);
    EXPECT_EQ(place.scripts, QStringList{native(script)}) << "the standard library is no script of the user's";
    EXPECT_EQ(QFileInfo(place.interpreter), QFileInfo(python)) << s(place.interpreter);
    EXPECT_EQ(QFileInfo(place.project), QFileInfo(root.filePath(QStringLiteral("Zebra kiln")))) << s(place.project);
}

// A project's venv made on a distribution's Python with --system-site-packages: the traceback names the
// base's dist-packages (where the torch is), yet the script ran in the venv, which is what failed. Without
// that option the venv cannot import the base's torch, so the base's Python is what ran.
TEST(PastedPlace, AVenvOnTheSystemsTorchIsTheScriptsProjectVenv)
{
    for (const bool systemSite : {true, false}) {
        QTemporaryDir root;
        const QString base = touch(root, QStringLiteral("base/bin/python3"));
        const QString init = touch(root, QStringLiteral("base/lib/python3/dist-packages/torch/__init__.py"));
        const QString venvPython = touch(root, QStringLiteral("Marten yard/.venv/bin/python3"));
        QFile config(root.filePath(QStringLiteral("Marten yard/.venv/pyvenv.cfg")));
        ASSERT_TRUE(config.open(QIODevice::WriteOnly));
        const QString include = systemSite ? QStringLiteral("true") : QStringLiteral("false");
        config.write(QStringLiteral("home = %1\ninclude-system-site-packages = %2\nversion = 3.11.2\n")
                         .arg(QFileInfo(base).absolutePath(), include)
                         .toUtf8());
        config.close();
        const QString script = touch(root, QStringLiteral("Marten yard/jobs/train.py"));
        const PastedPlace place = pastedPlace(
            QStringLiteral("Traceback (most recent call last):\n  File \"%1\", line 1, in <module>\n    import torch\n"
                           "  File \"%2\", line 218, in <module>\n    from torch._C import *  # noqa: F403\n"
                           "ImportError: /lib/x86_64-linux-gnu/libminizip.so.1: undefined symbol: get_crc_table")
                .arg(native(script), native(init)));
        EXPECT_EQ(QFileInfo(place.interpreter), QFileInfo(systemSite ? venvPython : base))
            << systemSite << " " << s(place.interpreter);
        // The project is the folder around the venv that ran it, else the script's own folder.
        const QString project = systemSite ? QStringLiteral("Marten yard") : QStringLiteral("Marten yard/jobs");
        EXPECT_EQ(QFileInfo(place.project), QFileInfo(root.filePath(project))) << systemSite << " " << s(place.project);

        // Among the interpreters found, the one it names, though the base's site folder is both's.
        td::python::StaticProbe system, venv;
        system.interpreter.usable = venv.interpreter.usable = true;
        system.interpreter.executable = base;
        system.sitePackages = {QFileInfo(init).absolutePath().section(u'/', 0, -2)};
        venv.interpreter.executable = venvPython;
        venv.sitePackages = system.sitePackages;
        const QList<td::python::StaticProbe> found{system, venv};
        const auto *named = td::python::interpreterOfPaste(place, QString(), found);
        ASSERT_TRUE(named);
        EXPECT_EQ(named->interpreter.executable, systemSite ? venvPython : base);
        // The venv not found by the search: not the base's Python in its place.
        const QList<td::python::StaticProbe> baseOnly{system};
        const auto *without = td::python::interpreterOfPaste(place, QString(), baseOnly);
        EXPECT_EQ(without, systemSite ? nullptr : &baseOnly.first());
    }
}

// A portable build's embeddable Python (Lib\site-packages beside python.exe): named by the DLL torch tried.
TEST(PastedPlace, APortableBuildIsNamedByTheDllItTried)
{
    QTemporaryDir root;
    const QString python = touch(root, QStringLiteral("Quokka_portable/python_embeded/python.exe"));
    const QString dll =
        touch(root, QStringLiteral("Quokka_portable/python_embeded/Lib/site-packages/torch/lib/shm.dll"));
    const PastedPlace place = pastedPlace(
        QStringLiteral("OSError: [WinError 1114] A dynamic link library (DLL) initialization routine failed. "
                       "Error loading \"%1\" or one of its dependencies.")
            .arg(native(dll)));
    EXPECT_EQ(QFileInfo(place.interpreter), QFileInfo(python)) << s(place.interpreter);
    EXPECT_EQ(QFileInfo(place.project), QFileInfo(root.filePath(QStringLiteral("Quokka_portable"))))
        << s(place.project);
}

// A python named on the command line the user pasted with the error; its venv is not a project's.
TEST(PastedPlace, APythonOnThePastedCommandLine)
{
    QTemporaryDir root;
    touch(root, QStringLiteral("envs/walrus/pyvenv.cfg"));
    const QString python = touch(root, QStringLiteral("envs/walrus/bin/python3.12"));
    const PastedPlace place =
        pastedPlace(QStringLiteral("$ %1 -c 'import torch'\nModuleNotFoundError: No module named 'torch'").arg(python));
    EXPECT_EQ(place.pythons, QStringList{python});
    EXPECT_EQ(place.interpreter, python);
    EXPECT_TRUE(place.project.isEmpty()) << s(place.project);
}

// Paths of another machine, or none at all: nothing here is chosen for them.
TEST(PastedPlace, PathsNotOnThisMachineChooseNothing)
{
    const PastedPlace elsewhere = pastedPlace(QStringLiteral(
        "Traceback (most recent call last):\n  File \"/home/nobody-here-xq/proj/run.py\", line 1, in <module>\n"
        "ImportError: /home/nobody-here-xq/proj/.venv/lib/python3.12/site-packages/torch/lib/libtorch_cuda.so: "
        "undefined symbol: ncclCommResume\n"
        "E:\\nowhere-xq\\venv\\Lib\\site-packages\\torchaudio\\lib\\libtorchaudio.pyd"));
    EXPECT_TRUE(elsewhere.namesAPlace());
    EXPECT_EQ(elsewhere.sitePackages.size(), 2) << s(elsewhere.sitePackages.join(u'|'));
    EXPECT_TRUE(elsewhere.interpreter.isEmpty()) << s(elsewhere.interpreter);
    EXPECT_TRUE(elsewhere.project.isEmpty()) << s(elsewhere.project);

    const PastedPlace nowhere = pastedPlace(QStringLiteral(
        "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
        "ImportError: libcublasLt.so.13: cannot open shared object file: No such file or directory"));
    EXPECT_FALSE(nowhere.namesAPlace());
}

// Of the interpreters found, the one whose site-packages the paste names (not the first one with a torch).
TEST(PastedPlace, TheFoundInterpreterWhoseSitePackagesItNames)
{
    td::python::StaticProbe system, venv;
    system.interpreter.usable = venv.interpreter.usable = true;
    system.interpreter.executable = QStringLiteral("/usr/bin/python3");
    system.sitePackages = {QStringLiteral("/usr/lib/python3/dist-packages")};
    system.torch.packageDir = QStringLiteral("/usr/lib/python3/dist-packages/torch");
    venv.interpreter.executable = QStringLiteral("/srv/heron/.venv/bin/python");
    venv.sitePackages = {QStringLiteral("/srv/heron/.venv/lib/python3.11/site-packages")};
    const QList<td::python::StaticProbe> found{system, venv};
    const PastedPlace place = pastedPlace(QStringLiteral(
        "  File \"/srv/heron/.venv/lib/python3.11/site-packages/torchvision/__init__.py\", line 6, in <module>\n"
        "RuntimeError: operator torchvision::nms does not exist"));
    const auto *named = td::python::interpreterOfPaste(place, QString(), found);
    ASSERT_TRUE(named);
    EXPECT_EQ(named->interpreter.executable, venv.interpreter.executable);
    EXPECT_FALSE(td::python::interpreterOfPaste(pastedPlace(QStringLiteral("no paths")), QString(), found));
}

// A path may hold spaces ("Program Files", a user or folder name), and a paste puts its own words before
// a path: the package folder starts where its path does.
TEST(PackageFolders, PathsMayHoldSpaces)
{
    using td::python::packageFoldersIn;
    EXPECT_EQ(packageFoldersIn(QStringLiteral("ImportError: /home/li lei/my env/lib/python3.11/site-packages/"
                                              "torch/lib/libtorch_cpu.so: undefined symbol: _ZN3c10x")),
              QStringList{QStringLiteral("/home/li lei/my env/lib/python3.11/site-packages/torch")});
    EXPECT_EQ(packageFoldersIn(QStringLiteral("OSError: [WinError 126] Error loading \"C:\\Program Files\\Python311\\"
                                              "Lib\\site-packages\\torch\\lib\\fbgemm.dll\" or one of its")),
              QStringList{QStringLiteral("C:\\Program Files\\Python311\\Lib\\site-packages\\torch")});
    // A command line: the path nearest the folder, not the words and paths before it.
    EXPECT_EQ(packageFoldersIn(QStringLiteral("$ cd /tmp && /venv/bin/python /x/site-packages/otterlib/run.py")),
              QStringList{QStringLiteral("/x/site-packages/otterlib")});
    // No root: from the last space, as before.
    EXPECT_EQ(packageFoldersIn(QStringLiteral("found in lib/site-packages/numpy here")),
              QStringList{QStringLiteral("lib/site-packages/numpy")});
    EXPECT_EQ(packageFoldersIn(QStringLiteral("  File \"~/my proj/.venv/lib/python3.12/site-packages/torchvision/"
                                              "__init__.py\", line 6")),
              QStringList{QStringLiteral("~/my proj/.venv/lib/python3.12/site-packages/torchvision")});
}
