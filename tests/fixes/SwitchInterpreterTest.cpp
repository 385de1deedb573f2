// SPDX-License-Identifier: GPL-3.0-or-later
// torch works in Debian's /usr/bin/python3, but what the project or a terminal runs has none:
// `check` says so (python.usual-lacks-torch), `fix reinstall` makes them run the Python with torch
// (pyenv's real shim pointed at it, or the project's venv made again on it) and `undo` puts the
// files back. Judged by the real import through the real shim and the real venv.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdlib>

using namespace td::test;

namespace {

// The pyenv installed here (its own root, or ~/.pyenv); empty when there is none.
fs::path pyenvProgram()
{
    std::vector<fs::path> roots;
    if (const char *root = std::getenv("PYENV_ROOT"))
        roots.emplace_back(root);
    if (const char *home = std::getenv("HOME"))
        roots.push_back(fs::path(home) / ".pyenv");
    for (const fs::path &root : roots)
        if (fs::exists(root / "libexec/pyenv"))
            return root / "libexec/pyenv";
    return {};
}

class SwitchCli : public ::testing::Test {
protected:
    void SetUp() override { fs::create_directories(m_dir / "home"); }

    RunOptions options(const std::string &path) const
    {
        RunOptions o;
        o.setEnv = {{"HOME", (m_dir / "home").string()},
                    {"XDG_DATA_HOME", (m_dir / "data").string()},
                    {"PYENV_ROOT", m_root.string()},
                    {"PATH", path}};
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "CONDA_PREFIX", "VIRTUAL_ENV", "PYENV_VERSION",
                      "PYTHONPATH",      "PYTHONHOME"};
        o.timeout = std::chrono::seconds(240);
        o.workingDir = m_dir.path();
        return o;
    }

    RunResult torchdoctor(std::vector<std::string> args, const std::string &path) const
    {
        args.insert(args.begin(), config::torchdoctor);
        return run(args, options(path));
    }

    RunResult checkJson(const std::vector<std::string> &args, const std::string &path) const
    {
        std::vector<std::string> all{"check", "--format", "json", "--no-redact"};
        all.insert(all.end(), args.begin(), args.end());
        return torchdoctor(all, path);
    }

    bool importsTorch(const fs::path &python, const std::string &path) const
    {
        return run({python.string(), "-c", "import torch"}, options(path)).ok();
    }

    // The finding `id` of `check --json`; empty when it is not there.
    static QJsonObject finding(const RunResult &check, const char *id)
    {
        const QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(check.out)).object();
        for (const auto &f : report.value(QStringLiteral("findings")).toArray())
            if (f.toObject().value(QStringLiteral("id")).toString() == QLatin1String(id))
                return f.toObject();
        return {};
    }

    void makeVenv(const fs::path &dir) const
    {
        const RunResult made = run({python::kSystemPython.string(), "-m", "venv", "--without-pip", dir.string()});
        ASSERT_TRUE(made.ok()) << made.err;
    }

    TempDir m_dir{"td-switch"};
    fs::path m_root = m_dir / "pyenv";
};

bool debianTorchIsHere()
{
    return run({python::kSystemPython.string(), "-c", "import torch"}).ok();
}

} // namespace

// pyenv's global version names a Python without torch; its real shim is `python3` on PATH.
TEST_F(SwitchCli, PyenvsShimIsPointedAtThePythonWithTorchAndBack)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is needed: ./tools/setup.sh";
    const fs::path pyenv = pyenvProgram();
    ASSERT_FALSE(pyenv.empty()) << "this test needs pyenv (PYENV_ROOT or ~/.pyenv)";
    makeVenv(m_root / "versions/notorch");
    writeFile(m_root / "version", "notorch\n");
    const std::string path = (m_root / "shims").string() + ":/usr/bin:/bin";
    const RunResult rehash = run({pyenv.string(), "rehash"}, options(path));
    ASSERT_TRUE(rehash.ok()) << rehash.err;
    const fs::path shim = m_root / "shims/python3";
    ASSERT_TRUE(fs::exists(shim));
    ASSERT_FALSE(importsTorch(shim, path));

    const RunResult check = checkJson({"--python", "/usr/bin/python3"}, path);
    const QJsonObject found = finding(check, "python.usual-lacks-torch");
    ASSERT_FALSE(found.isEmpty()) << check.out << check.err;
    const QJsonObject evidence = found.value(QStringLiteral("evidence")).toObject();
    EXPECT_EQ(evidence.value(QStringLiteral("route")).toString(), QStringLiteral("pyenv-version"));
    EXPECT_EQ(evidence.value(QStringLiteral("version")).toString(), QStringLiteral("system"));
    EXPECT_EQ(found.value(QStringLiteral("fixes")).toArray(), QJsonArray{QStringLiteral("reinstall")});

    const RunResult fix = torchdoctor({"fix", "reinstall", "--python", "/usr/bin/python3", "--yes"}, path);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_EQ(readFile(m_root / "version"), "system\n");
    EXPECT_TRUE(importsTorch(shim, path)) << "pyenv's python3 still has no torch:\n" << fix.out;
    EXPECT_EQ(fix.out.find(" pip "), std::string::npos) << "something was installed:\n" << fix.out;

    const RunResult undo = torchdoctor({"undo", "--yes"}, path);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(readFile(m_root / "version"), "notorch\n");
    EXPECT_FALSE(importsTorch(shim, path));
}

// The project's venv has no torch: it is made again on /usr/bin/python3 (seeing its packages); undo
// puts the old venv back whole.
TEST_F(SwitchCli, TheProjectsVenvIsMadeAgainOnThePythonWithTorchAndPutBack)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is needed: ./tools/setup.sh";
    const fs::path project = m_dir / "otter lab";
    makeVenv(project / ".venv");
    writeFile(project / ".venv/kept.txt", "the packages the user installed\n");
    const std::string path = "/usr/bin:/bin";
    const fs::path venvPython = project / ".venv/bin/python";
    ASSERT_FALSE(importsTorch(venvPython, path));

    const RunResult check = checkJson({"--python", "/usr/bin/python3", "--project", project.string()}, path);
    const QJsonObject found = finding(check, "python.usual-lacks-torch");
    ASSERT_FALSE(found.isEmpty()) << check.out << check.err;
    const QJsonObject evidence = found.value(QStringLiteral("evidence")).toObject();
    EXPECT_EQ(evidence.value(QStringLiteral("route")).toString(), QStringLiteral("project-venv"));
    EXPECT_EQ(evidence.value(QStringLiteral("venv")).toString(), python::qs(project / ".venv"));

    const RunResult fix = torchdoctor(
        {"fix", "reinstall", "--python", "/usr/bin/python3", "--project", project.string(), "--yes"}, path);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_TRUE(importsTorch(venvPython, path)) << "the project's venv still has no torch:\n" << fix.out;
    EXPECT_EQ(readFile(project / ".venv.without-torch/kept.txt"), "the packages the user installed\n");

    const RunResult undo = torchdoctor({"undo", "--yes"}, path);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(readFile(project / ".venv/kept.txt"), "the packages the user installed\n");
    EXPECT_FALSE(fs::exists(project / ".venv.without-torch"));
    EXPECT_FALSE(importsTorch(venvPython, path));
}

// Neither pyenv nor a project: nothing to change, so no repair is named; the detail says what to do.
TEST_F(SwitchCli, WithoutAProjectOrPyenvNoRepairIsNamed)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is needed: ./tools/setup.sh";
    makeVenv(m_dir / "bare");
    const std::string path = (m_dir / "bare/bin").string() + ":/usr/bin:/bin";
    const RunResult check = checkJson({"--python", "/usr/bin/python3"}, path);
    const QJsonObject found = finding(check, "python.usual-lacks-torch");
    ASSERT_FALSE(found.isEmpty()) << check.out << check.err;
    EXPECT_TRUE(found.value(QStringLiteral("fixes")).toArray().isEmpty()) << check.out;
    EXPECT_NE(found.value(QStringLiteral("detail")).toString().indexOf(QStringLiteral("--project")), -1) << check.out;
    // The Python named runs torch: no error, and the same interpreter on PATH gives no finding.
    const RunResult plain = checkJson({}, "/usr/bin:/bin");
    const QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(plain.out)).object();
    EXPECT_TRUE(report.contains(QStringLiteral("findings"))) << plain.out << plain.err;
    EXPECT_TRUE(finding(plain, "python.usual-lacks-torch").isEmpty()) << plain.out;
}
