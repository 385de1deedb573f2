// SPDX-License-Identifier: GPL-3.0-or-later
// A variable that keeps the Python from starting, set in ~/.bashrc: PYTHONHOME pointing where no standard
// library is, with an unrelated LD_PRELOAD warning printed before Python's own error. `check` names the
// variable and its line as the cause (found by starting the interpreter without it, not by reading its
// words), `fix env` takes the line out and the interpreter starts; `undo` puts the line back, and it fails
// again. The judge is the real interpreter started in a new terminal's environment.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

namespace td::test {
namespace {

TEST(StartupVariableCli, AVariableThatKeepsPythonFromStartingIsTheCauseAndComesOut)
{
    TempDir dir("td-startup-variable");
    const fs::path home = dir / "home";
    fs::create_directories(home);
    const std::string bashrc = "# ~/.bashrc\nexport PYTHONHOME=/opt/python-3.9-gone\n"
                               "export LD_PRELOAD=libgone_hook.so\nalias ll='ls -l'\n";
    writeFile(home / ".bashrc", bashrc);
    RunOptions options;
    options.setEnv = {{"HOME", home.string()},
                      {"XDG_DATA_HOME", (dir / "data").string()},
                      {"PIP_CONFIG_FILE", "/dev/null"},
                      {"PATH", "/usr/bin:/bin"}};
    options.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONHOME", "PYTHONPATH", "CONDA_PREFIX", "VIRTUAL_ENV"};
    options.timeout = std::chrono::seconds(300);
    const auto inNewBash = [&](std::vector<std::string> argv) {
        argv.insert(argv.begin(), {"bash", "-c", "source ~/.bashrc; exec \"$@\"", "bash"});
        return run(argv, options);
    };
    const std::string python = python::kSystemPython.string();
    const RunResult broken = inNewBash({python, "-c", "pass"});
    ASSERT_NE(broken.exitCode, 0);
    ASSERT_NE(broken.err.find("encodings"), std::string::npos) << broken.err;
    ASSERT_NE(broken.err.find("LD_PRELOAD"), std::string::npos) << broken.err; // the unrelated warning comes first

    const RunResult check =
        inNewBash({config::torchdoctor, "check", "--python", python, "--format", "json", "--no-import"});
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const QJsonArray findings = QJsonDocument::fromJson(QByteArray::fromStdString(check.out))
                                    .object()
                                    .value(QLatin1String("findings"))
                                    .toArray();
    ASSERT_FALSE(findings.isEmpty()) << check.out;
    const QJsonObject lead = findings.first().toObject();
    const QJsonObject evidence = lead.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(lead.value(QLatin1String("id")).toString(), QLatin1String("python.unusable")) << check.out;
    EXPECT_EQ(evidence.value(QLatin1String("variable")).toString(), QLatin1String("PYTHONHOME")) << check.out;
    EXPECT_EQ(evidence.value(QLatin1String("set_in")).toArray().at(0).toObject().value(QLatin1String("line")).toInt(),
              2)
        << check.out;
    EXPECT_EQ(lead.value(QLatin1String("fixes")).toArray(), QJsonArray{QStringLiteral("env")}) << check.out;
    const QString problem = evidence.value(QLatin1String("problem")).toString();
    EXPECT_FALSE(problem.contains(QLatin1String("LD_PRELOAD"))) << "the reason quoted is the warning: " << check.out;
    EXPECT_TRUE(problem.contains(QLatin1String("encodings"))) << check.out;
    const RunResult text = inNewBash({config::torchdoctor, "check", "--python", python, "--no-import"});
    EXPECT_NE(text.out.find("PYTHONHOME keeps " + python + " from starting"), std::string::npos) << text.out;

    const RunResult fix = inNewBash({config::torchdoctor, "fix", "env", "--python", python, "--yes"});
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_EQ(inNewBash({python, "-c", "pass"}).exitCode, 0);
    const std::string edited = readFile(home / ".bashrc");
    EXPECT_EQ(edited.find("\nexport PYTHONHOME"), std::string::npos) << edited; // commented out, with why
    EXPECT_NE(edited.find("export LD_PRELOAD=libgone_hook.so"), std::string::npos) << edited; // not its business

    const RunResult undo = inNewBash({config::torchdoctor, "undo", "--yes"});
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(readFile(home / ".bashrc"), bashrc);
    EXPECT_NE(inNewBash({python, "-c", "pass"}).exitCode, 0);
}

} // namespace
} // namespace td::test
