// SPDX-License-Identifier: GPL-3.0-or-later
#include "PythonFixtures.h"

#include "python/InterpreterDiscovery.h"
#include "python/ProjectFolder.h"

#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QStandardPaths>

#include <iostream>
#include <thread>

using namespace td::python;
using namespace td::test;
using namespace td::test::python;
using namespace std::chrono_literals;

namespace {

std::string s(const QString &text)
{
    return text.toStdString();
}

const StaticProbe *findByRealPath(const QList<StaticProbe> &list, const QString &realPath)
{
    for (const StaticProbe &p : list)
        if (p.interpreter.realPath == realPath)
            return &p;
    return nullptr;
}

void print(const QList<StaticProbe> &list)
{
    for (const StaticProbe &p : list) {
        const Interpreter &in = p.interpreter;
        std::cout << "  " << s(in.executable) << " -> " << s(in.realPath) << " ["
                  << s(in.origins.join(QLatin1Char(','))) << "] " << s(in.version.toString())
                  << (in.usable ? "" : " UNUSABLE: ") << s(in.problem)
                  << (p.torch.installed ? " torch " + s(p.torch.version) : std::string(" no torch")) << "\n";
    }
}

// An environment with nothing in it but what the test puts there.
QProcessEnvironment bareEnvironment(const fs::path &home, const QString &path)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("HOME"), qs(home));
    env.insert(QStringLiteral("PATH"), path);
    return env;
}

} // namespace

TEST(Discovery, RealEnvironmentListsBothPythons)
{
    if (!fs::exists(kSystemPython))
        GTEST_SKIP() << "no /usr/bin/python3";
    DiscoveryOptions options;
    QStringList notes;
    QElapsedTimer clock;
    clock.start();
    const QList<StaticProbe> list = discoverInterpreters(options, {}, &notes);
    std::cout << "discovered " << list.size() << " interpreters in " << clock.elapsed() << " ms\n";
    print(list);
    for (const QString &n : notes)
        std::cout << "  note: " << s(n) << "\n";

    const StaticProbe *system = findByRealPath(list, QFileInfo(qs(kSystemPython)).canonicalFilePath());
    ASSERT_NE(system, nullptr);
    EXPECT_TRUE(system->interpreter.usable);
    EXPECT_TRUE(system->interpreter.origins.contains(QLatin1String("PATH")));
    EXPECT_TRUE(system->torch.installed);
    EXPECT_TRUE(system->torch.version.startsWith(QLatin1String("1.13")));

    // The first python3 on PATH (a pyenv shim here) is another interpreter, without torch.
    const RunResult first = run({"python3", "-c", "import os, sys; print(os.path.realpath(sys.executable))"});
    ASSERT_TRUE(first.ok());
    const QString firstReal = QString::fromStdString(lines(first.out).at(0));
    if (firstReal == system->interpreter.realPath)
        GTEST_SKIP() << "the first python3 on PATH is /usr/bin/python3";
    const StaticProbe *other = findByRealPath(list, firstReal);
    ASSERT_NE(other, nullptr) << s(firstReal);
    EXPECT_TRUE(other->interpreter.usable);
    EXPECT_TRUE(other->interpreter.origins.contains(QLatin1String("PATH")));
    EXPECT_FALSE(other->torch.installed);
    // It comes before /usr/bin/python3, as on PATH.
    EXPECT_LT(other - list.constData(), system - list.constData());
    // Each interpreter is listed once.
    QStringList seen;
    for (const StaticProbe &p : list) {
        if (!p.interpreter.usable)
            continue;
        const QString key = p.interpreter.realPath + QLatin1Char('|') + p.interpreter.prefix;
        EXPECT_FALSE(seen.contains(key)) << s(key);
        seen.append(key);
    }
}

TEST(Discovery, HugePathWithMissingEntriesIsFast)
{
    if (!fs::exists(kSystemPython))
        GTEST_SKIP() << "no /usr/bin/python3";
    TempDir tmp("td-discovery");
    fs::create_directories(tmp / "home");
    fs::create_directories(tmp / "bin1");
    fs::create_directories(tmp / "bin2");
    fs::create_symlink(kSystemPython, tmp / "bin1" / "python3");
    fs::create_symlink(kSystemPython, tmp / "bin2" / "python3.11"); // the same file again
    writeFile(tmp / "bin2" / "python3.99", "#!/bin/sh\necho not python\n");
    fs::permissions(tmp / "bin2" / "python3.99", fs::perms::owner_all);
    writeFile(tmp / "bin2" / "python-config", "not a candidate");

    QStringList entries;
    for (int i = 0; i < 5000; ++i) {
        if (i == 2500)
            entries << qs(tmp / "bin1");
        else if (i == 4000)
            entries << qs(tmp / "bin2");
        else if (i % 100 == 0)
            entries << qs(tmp / "bin1"); // repeated entries
        else
            entries << QStringLiteral("/td-nx/%1").arg(i); // short: the whole PATH must fit execve's 128 KiB
    }
    DiscoveryOptions options;
    options.environment = bareEnvironment(tmp / "home", entries.join(QLatin1Char(':')));

    QElapsedTimer clock;
    clock.start();
    const QList<InterpreterCandidate> candidates = findInterpreterCandidates(options);
    const qint64 findMs = clock.elapsed();
    std::cout << "5000 PATH entries: " << candidates.size() << " candidates in " << findMs << " ms\n";
    EXPECT_LT(findMs, 2000);
    ASSERT_EQ(candidates.size(), 2);
    EXPECT_EQ(candidates.at(0).path, qs(tmp / "bin1" / "python3"));
    EXPECT_EQ(candidates.at(1).path, qs(tmp / "bin2" / "python3.99"));

    clock.restart();
    const QList<StaticProbe> list = discoverInterpreters(options);
    std::cout << "discovery with 5000 PATH entries: " << clock.elapsed() << " ms\n";
    print(list);
    ASSERT_EQ(list.size(), 2);
    EXPECT_TRUE(list.at(0).interpreter.usable);
    EXPECT_EQ(list.at(0).interpreter.origins, QStringList{QStringLiteral("PATH")});
    EXPECT_FALSE(list.at(1).interpreter.usable);
    EXPECT_TRUE(list.at(1).interpreter.problem.contains(QStringLiteral("printed no JSON: “not python")))
        << s(list.at(1).interpreter.problem);
    EXPECT_LT(clock.elapsed(), 10000);
}

TEST(Discovery, EverySourceInAMadeUpHome)
{
    if (!fs::exists(kSystemPython))
        GTEST_SKIP() << "no /usr/bin/python3";
    TempDir tmp("td-discovery");
    const fs::path home = tmp / "home";
    // pyenv and uv installs that are the same file: one interpreter, two origins.
    fs::create_directories(home / ".pyenv" / "versions" / "3.11.2" / "bin");
    fs::create_symlink(kSystemPython, home / ".pyenv" / "versions" / "3.11.2" / "bin" / "python3");
    fs::create_directories(home / ".local" / "share" / "uv" / "python" / "cpython-3.11.2-linux-x86_64-gnu" / "bin");
    fs::create_symlink(kSystemPython, home / ".local" / "share" / "uv" / "python" / "cpython-3.11.2-linux-x86_64-gnu"
                                          / "bin" / "python3");
    // A conda environment (listed in environments.txt) and the project's .venv: venvs here.
    const fs::path condaEnv = tmp / "conda" / "envs" / "ml";
    makeVenv(condaEnv);
    fs::create_directories(home / ".conda");
    writeFile(home / ".conda" / "environments.txt", condaEnv.string() + "\n" + (tmp / "gone").string() + "\n");
    const fs::path project = tmp / "project";
    makeVenv(project / ".venv");
    writeFile(project / "environment.yml", "name: ml\ndependencies:\n  - python=3.11\n");
    // A Store alias stub.
    const fs::path apps = tmp / "AppData" / "Local" / "Microsoft" / "WindowsApps";
    fs::create_directories(apps);
    writeFile(apps / "python3.exe", "");
    // A requested one, given twice (by a link too).
    fs::create_directories(tmp / "req");
    fs::create_symlink(kSystemPython, tmp / "req" / "py");

    DiscoveryOptions options;
    options.environment = bareEnvironment(home, QString());
    options.environment.insert(QStringLiteral("LOCALAPPDATA"), qs(tmp / "AppData" / "Local"));
    options.projectDir = qs(project);
    options.extraExecutables = {qs(tmp / "req" / "py"), qs(kSystemPython)};

    QStringList notes;
    const QList<StaticProbe> list = discoverInterpreters(options, {}, &notes);
    print(list);
    ASSERT_EQ(list.size(), 4);
    // requested first, and it is the same file as the pyenv and uv ones
    EXPECT_EQ(list.at(0).interpreter.executable, qs(tmp / "req" / "py"));
    EXPECT_EQ(list.at(0).interpreter.origins,
              (QStringList{QStringLiteral("requested"), QStringLiteral("pyenv"), QStringLiteral("uv")}));
    EXPECT_TRUE(list.at(0).torch.installed);
    EXPECT_EQ(list.at(1).interpreter.executable, qs(project / ".venv" / "bin" / "python3"));
    EXPECT_EQ(list.at(1).interpreter.origins, QStringList{QStringLiteral("project")});
    EXPECT_TRUE(list.at(1).interpreter.isVenv);
    EXPECT_FALSE(list.at(1).torch.installed); // a venv does not see the system's torch
    EXPECT_EQ(list.at(2).interpreter.executable, qs(condaEnv / "bin" / "python3"));
    EXPECT_EQ(list.at(2).interpreter.origins, (QStringList{QStringLiteral("conda"), QStringLiteral("project")}));
    EXPECT_EQ(list.at(3).interpreter.origins, QStringList{QStringLiteral("store")});
    EXPECT_FALSE(list.at(3).interpreter.usable);
    EXPECT_TRUE(list.at(3).interpreter.problem.contains(QLatin1String("Microsoft Store")));
}

TEST(Discovery, TooManyCandidatesAreCappedWithANote)
{
    TempDir tmp("td-discovery");
    QStringList dirs;
    for (int i = 0; i < 5; ++i) {
        const fs::path dir = tmp / ("bin" + std::to_string(i));
        fs::create_directories(dir);
        writeFile(dir / "python3", "#!/bin/sh\nexit 1\n");
        fs::permissions(dir / "python3", fs::perms::owner_all);
        dirs << qs(dir);
    }
    DiscoveryOptions options;
    options.environment = bareEnvironment(tmp / "home", dirs.join(QLatin1Char(':')));
    options.maxCandidates = 3;
    QStringList notes;
    const QList<InterpreterCandidate> candidates = findInterpreterCandidates(options, &notes);
    EXPECT_EQ(candidates.size(), 3);
    ASSERT_EQ(notes.size(), 1);
    EXPECT_TRUE(notes.at(0).contains(QLatin1String("2 more"))) << s(notes.at(0));
}

TEST(Discovery, CancelEndsAProbeThatHangs)
{
    TempDir tmp("td-discovery");
    fs::create_directories(tmp / "bin");
    writeFile(tmp / "bin" / "python3", "#!/bin/sh\nexec /bin/sleep 30\n");
    fs::permissions(tmp / "bin" / "python3", fs::perms::owner_all);
    DiscoveryOptions options;
    options.environment = bareEnvironment(tmp / "home", qs(tmp / "bin"));
    td::platform::CancelToken cancel;
    std::thread canceller([cancel] {
        std::this_thread::sleep_for(300ms);
        cancel.cancel();
    });
    QElapsedTimer clock;
    clock.start();
    const QList<StaticProbe> list = discoverInterpreters(options, cancel);
    canceller.join();
    EXPECT_LT(clock.elapsed(), 3000);
    ASSERT_EQ(list.size(), 1);
    EXPECT_FALSE(list.at(0).interpreter.usable);
    EXPECT_EQ(s(list.at(0).interpreter.problem), "cancelled");
}

// A project without a venv is known by what names torch: a manifest's requirement or a script's import.
TEST(ProjectFolder, WhatNamesTorchMakesAProject)
{
    auto projectWith = [](const std::string &name, const std::string &text) {
        TempDir dir;
        writeFile(dir / name, text);
        return isTorchProject(qs(dir.path()));
    };
    EXPECT_TRUE(projectWith("requirements.txt", "numpy\ntorch==2.5.1+cu124\n"));
    EXPECT_TRUE(projectWith("requirements-gpu.txt", "Torch>=2\n"));
    EXPECT_TRUE(projectWith("pyproject.toml", "[project]\ndependencies = [\"torch>=2.3\", \"numpy\"]\n"));
    EXPECT_TRUE(projectWith("environment.yml", "dependencies:\n  - pytorch::pytorch=2.4\n"));
    EXPECT_TRUE(projectWith("train.py", "import os\nfrom torch import nn\n"));
    EXPECT_TRUE(projectWith("infer.py", "\n    import torch.nn.functional as F\n"));
    EXPECT_FALSE(projectWith("requirements.txt", "numpy\ntorchvision==0.20\ntorch-geometric-temporal\n"));
    EXPECT_FALSE(projectWith("notes.py", "# uses torchaudio\nimport torchaudio\nprint('torch')\n"));
    EXPECT_FALSE(projectWith("README.md", "pip install torch\n"));
    EXPECT_FALSE(isTorchProject(QString()));
    EXPECT_FALSE(isTorchProject(QStringLiteral("/nonexistent/folder")));
}

// A portable build (ComfyUI_windows_portable) holds its embeddable Python in python_embeded: that is
// the project's interpreter, after a venv of its own.
TEST(ProjectFolder, APortableBuildsPythonIsTheProjectsInterpreter)
{
    TempDir dir;
    writeFile(dir / "python_embeded/python.exe", "MZ");
    writeFile(dir / "python_embeded/python311._pth", "python311.zip\n.\nimport site\n");
    EXPECT_EQ(projectInterpreters(qs(dir.path())), QStringList{qs(dir / "python_embeded/python.exe")});
    writeFile(dir / ".venv/Scripts/python.exe", "MZ");
    EXPECT_EQ(projectInterpreters(qs(dir.path())),
              (QStringList{qs(dir / ".venv/Scripts/python.exe"), qs(dir / "python_embeded/python.exe")}));
    EXPECT_TRUE(projectInterpreters(QString()).isEmpty());
    // ... and the folder around it is the project, as around a .venv.
    EXPECT_EQ(projectAround(qs(dir / "python_embeded"), false), qs(dir.path()));
    EXPECT_EQ(projectAround(qs(dir / ".venv"), true), qs(dir.path()));
    EXPECT_TRUE(projectAround(qs(dir / ".venv"), false).isEmpty()); // not a venv: a folder named so
    EXPECT_TRUE(projectAround(QStringLiteral("/usr"), false).isEmpty());

    // Discovery lists it as the project's.
    DiscoveryOptions options;
    options.projectDir = qs(dir.path());
    options.environment = QProcessEnvironment();
    bool found = false;
    for (const auto &candidate : findInterpreterCandidates(options))
        found = found || candidate.path == qs(dir / "python_embeded/python.exe");
    EXPECT_TRUE(found);
}
