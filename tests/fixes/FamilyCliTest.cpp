// SPDX-License-Identifier: GPL-3.0-or-later
// `torchdoctor fix docker` and `fix system` end to end, with fake programs on
// PATH (docker, git's remote is a local repository, apt-get, ldconfig) that
// record their arguments and play success, failure and a hang.
#include "FakeDocker.h"
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>

#include <csignal>
#include <cstdio>
#include <thread>

using namespace td::test;

namespace {

void makeScript(const fs::path &path, const std::string &text)
{
    writeFile(path, text);
    fs::permissions(path, fs::perms::owner_all);
}

class FamilyCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        fs::create_directories(m_dir / "bin");
        fs::create_directories(m_dir / "home");
        fs::create_directories(m_project);
        makeScript(m_dir / "bin/docker", kFakeDocker);
        writeFile(m_project / "docker-compose.yml", kCompose);
    }

    RunOptions options(const std::string &mode = "ok") const
    {
        RunOptions o;
        o.setEnv = {{"HOME", (m_dir / "home").string()},
                    {"XDG_DATA_HOME", (m_dir / "data").string()},
                    {"PATH", (m_dir / "bin").string() + ":" + std::getenv("PATH")},
                    {"FAKE_LOG", m_log.string()},
                    {"FAKE_STATE", (m_dir / "state").string()},
                    {"FAKE_DOCKER", mode}};
        o.unsetEnv = {"AI_TOOLKIT_AUTH", "LD_LIBRARY_PATH"};
        o.timeout = std::chrono::seconds(240);
        return o;
    }

    RunResult torchdoctor(const std::vector<std::string> &args, const std::string &mode = "ok") const
    {
        std::vector<std::string> argv{config::torchdoctor};
        argv.insert(argv.end(), args.begin(), args.end());
        return run(argv, options(mode));
    }

    // The compose commands the fake docker saw (not the probes).
    std::vector<std::string> composeCalls() const
    {
        std::vector<std::string> out;
        if (!fs::exists(m_log))
            return out;
        for (const std::string &line : lines(readFile(m_log)))
            if (line.rfind("docker compose -f", 0) == 0)
                out.push_back(line.substr(line.find(".yml ") + 5));
        return out;
    }

    // A venv whose torch's libtorch_cpu.so needs libopenblas.so.0, which is
    // not installed (it is built into pkg/, where only a fake apt-get finds
    // it). Returns the venv's python; m_torchLib is torch's lib folder.
    fs::path venvMissingOpenBlas()
    {
        const fs::path python = python::makeVenv(m_dir / "venv");
        if (python.empty())
            return python;
        const fs::path site = python::sitePackages(m_dir / "venv");
        python::writeFakeTorch(
            site, "import ctypes, os\nctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cpu.so'))\n",
            "2.5.1+cpu");
        m_torchLib = site / "torch/lib";
        const bool built =
            python::buildSharedLibrary(m_blas, "int openblas_get_num_threads(void) { return 1; }\n",
                                       {"-Wl,-soname,libopenblas.so.0"})
            && python::buildSharedLibrary(
                m_torchLib / "libtorch_cpu.so",
                "int openblas_get_num_threads(void);\nint cpu(void) { return openblas_get_num_threads(); }\n",
                {m_blas.string(), "-Wl,-soname,libtorch_cpu.so", "-Wl,--enable-new-dtags", "-Wl,-rpath,$ORIGIN"});
        makeScript(m_dir / "bin/ldconfig", "#!/bin/sh\necho \"ldconfig $*\" >> \"$FAKE_LOG\"\n");
        return built ? python : fs::path();
    }

    static bool debian()
    {
        return fs::exists("/etc/os-release") && readFile("/etc/os-release").find("ID=debian") != std::string::npos;
    }

    bool journalEmpty() const
    {
        const fs::path j = m_dir / "data/TorchDoctor/journal";
        return !fs::exists(j) || fs::is_empty(j);
    }

    TempDir m_dir{"td-family-cli"};
    fs::path m_project = m_dir / "project";
    fs::path m_log = m_dir / "log";
    fs::path m_blas = m_dir / "pkg/libopenblas.so.0";
    fs::path m_torchLib;
};

void show(const char *what, const RunResult &r)
{
    std::printf("$ %s   (exit %d)\n%s%s\n", what, r.exitCode, r.out.c_str(), r.err.c_str());
}

} // namespace

TEST_F(FamilyCli, CheckFlagsTheGuessablePassword)
{
    RunResult r = torchdoctor({"check", "--project", m_project.string(), "--no-import", "--format", "json"});
    bool weak = false;
    for (const auto &v :
         QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object().value(QStringLiteral("findings")).toArray())
        weak = weak || v.toObject().value(QStringLiteral("id")).toString() == QLatin1String("docker.weak-default");
    EXPECT_TRUE(weak) << r.out << r.err;
    writeFile(m_project / ".env", "AI_TOOLKIT_AUTH=u8VfQ2nLx7cRk4Pz\n");
    r = torchdoctor({"check", "--project", m_project.string(), "--no-import", "--format", "json"});
    EXPECT_EQ(r.out.find("docker.weak-default"), std::string::npos) << r.out;
}

TEST_F(FamilyCli, DockerDryRunChangesNothing)
{
    const RunResult r = torchdoctor({"fix", "docker", "--project", m_project.string(), "--dry-run"});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("docker-compose.yml pull"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("docker-compose.yml up -d"), std::string::npos) << r.out;
    EXPECT_TRUE(composeCalls().empty());
    EXPECT_FALSE(fs::exists(m_project / ".env"));
    EXPECT_TRUE(journalEmpty());
}

TEST_F(FamilyCli, DockerRunsTheProjectThenUndoStopsIt)
{
    const RunResult r = torchdoctor({"fix", "docker", "--project", m_project.string(), "--yes"});
    show("torchdoctor fix docker --project project --yes", r);
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(composeCalls(), (std::vector<std::string>{"pull", "up -d", "ps --status running --services"}));
    EXPECT_NE(r.out.find(" ai-toolkit Pulled"), std::string::npos) << r.out; // live output
    EXPECT_NE(r.out.find("running: ai-toolkit"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Open http://localhost:8675."), std::string::npos) << r.out;
    // A random password replaced the default, readable by the owner only.
    const std::string env = readFile(m_project / ".env");
    ASSERT_EQ(env.size(), std::string("AI_TOOLKIT_AUTH=").size() + 32 + 1) << env;
    EXPECT_EQ(env.rfind("AI_TOOLKIT_AUTH=", 0), 0U);
    EXPECT_EQ(fs::status(m_project / ".env").permissions() & fs::perms::all,
              fs::perms::owner_read | fs::perms::owner_write);
    EXPECT_EQ(r.out.find(env.substr(16, 32)), std::string::npos) << "the password is not printed";

    const RunResult undo = torchdoctor({"undo", "--yes"});
    show("torchdoctor undo --yes", undo);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(composeCalls().back(), "down");
    EXPECT_FALSE(fs::exists(m_project / ".env"));
    EXPECT_FALSE(fs::exists(m_dir / "state.running"));
}

// The daemon is down: systemctl starts it (elevated alone; root needs no
// pkexec), then the project runs; undo stops both.
TEST_F(FamilyCli, DockerStartsItsDaemonFirst)
{
    makeScript(m_dir / "bin/systemctl", "#!/bin/sh\necho \"systemctl $*\" >> \"$FAKE_LOG\"\n"
                                        "[ \"$1\" = start ] && touch \"$FAKE_STATE.daemon\"\n"
                                        "[ \"$1\" = stop ] && rm -f \"$FAKE_STATE.daemon\"\nexit 0\n");
    const RunResult r = torchdoctor({"fix", "docker", "--project", m_project.string(), "--yes"}, "nodaemon");
    show("torchdoctor fix docker --project project --yes   (daemon down)", r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("[administrator] Run: " + (m_dir / "bin/systemctl").string() + " start docker"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(composeCalls(), (std::vector<std::string>{"pull", "up -d", "ps --status running --services"}));
    EXPECT_EQ(torchdoctor({"undo", "--yes"}, "nodaemon").exitCode, 0);
    EXPECT_FALSE(fs::exists(m_dir / "state.daemon"));
    EXPECT_EQ(lines(readFile(m_log)).back(), "systemctl stop docker");
}

TEST_F(FamilyCli, DockerPullFailsAndNothingStarts)
{
    const RunResult r = torchdoctor({"fix", "docker", "--project", m_project.string(), "--yes"}, "pullfail");
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("failed"), std::string::npos) << r.err;
    EXPECT_NE(r.out.find("pull access denied"), std::string::npos) << r.out;
    EXPECT_EQ(composeCalls(), std::vector<std::string>{"pull"});
    // What ran (the new .env) can still be undone.
    EXPECT_TRUE(fs::exists(m_project / ".env"));
    EXPECT_EQ(torchdoctor({"undo", "--yes"}).exitCode, 0);
    EXPECT_FALSE(fs::exists(m_project / ".env"));
}

TEST_F(FamilyCli, DockerCancelledWhilePulling)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const auto &[k, v] : options("hang").setEnv)
        env.insert(QString::fromStdString(k), QString::fromStdString(v));
    env.remove(QStringLiteral("AI_TOOLKIT_AUTH"));
    p.setProcessEnvironment(env);
    p.start(QString::fromStdString(config::torchdoctor),
            {QStringLiteral("fix"), QStringLiteral("docker"), QStringLiteral("--project"),
             QString::fromStdString(m_project.string()), QStringLiteral("--yes")});
    ASSERT_TRUE(p.waitForStarted());
    const fs::path pidFile = m_dir / "state.pid";
    for (int i = 0; i < 600 && !fs::exists(pidFile); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    ASSERT_TRUE(fs::exists(pidFile)) << p.readAll().toStdString();
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    const long pullPid = std::stol(readFile(pidFile));
    EXPECT_TRUE(python::processRunning(pullPid));
    ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    ASSERT_TRUE(p.waitForFinished(30000));
    const std::string err = p.readAllStandardError().toStdString();
    EXPECT_EQ(p.exitCode(), 1) << err;
    EXPECT_NE(err.find("Cancelled"), std::string::npos) << err;
    EXPECT_FALSE(python::processRunning(pullPid)) << "the pull is stopped with its process group";
    EXPECT_EQ(composeCalls(), std::vector<std::string>{"pull"});
}

TEST_F(FamilyCli, DockerClonesTheRepositoryFirst)
{
    // A repository with the compose file, served from a local path.
    const fs::path repo = m_dir / "ai-toolkit";
    fs::create_directories(repo);
    writeFile(repo / "docker-compose.yml", kCompose);
    RunOptions git;
    git.workingDir = repo;
    git.setEnv = {{"GIT_AUTHOR_NAME", "t"},
                  {"GIT_AUTHOR_EMAIL", "t@t"},
                  {"GIT_COMMITTER_NAME", "t"},
                  {"GIT_COMMITTER_EMAIL", "t@t"},
                  {"HOME", (m_dir / "home").string()}};
    runOk({"git", "init", "-q"}, git);
    runOk({"git", "add", "docker-compose.yml"}, git);
    runOk({"git", "commit", "-q", "-m", "compose"}, git);
    const fs::path empty = m_dir / "empty";
    fs::create_directories(empty);

    const RunResult r =
        torchdoctor({"fix", "docker", "--project", empty.string(), "--clone", "file://" + repo.string(), "--yes"});
    show("torchdoctor fix docker --project empty --clone file://.../ai-toolkit --yes", r);
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_TRUE(fs::exists(empty / "ai-toolkit/docker-compose.yml"));
    EXPECT_TRUE(fs::exists(empty / "ai-toolkit/.env"));
    EXPECT_EQ(composeCalls(), (std::vector<std::string>{"pull", "up -d", "ps --status running --services"}));
}

// A torch whose libtorch_cpu.so needs libopenblas.so.0, which is not
// installed: `fix system` installs Debian's libopenblas0 (the fake apt-get
// puts the library where the loader finds it), runs ldconfig, verifies;
// undo removes the package again.
TEST_F(FamilyCli, SystemInstallsThePackageOfTheMissingLibrary)
{
    if (!debian())
        GTEST_SKIP() << "the package names checked here are Debian's";
    const fs::path python = venvMissingOpenBlas();
    ASSERT_FALSE(python.empty());
    const fs::path lib = m_torchLib;
    makeScript(m_dir / "bin/apt-get", "#!/bin/sh\necho \"apt-get $*\" >> \"$FAKE_LOG\"\ncase \"$1\" in\ninstall) cp '"
                                          + m_blas.string() + "' '" + lib.string() + "/' ;;\nremove) rm -f '"
                                          + (lib / "libopenblas.so.0").string() + "' ;;\nesac\n");

    const RunResult r = torchdoctor({"fix", "system", "--python", python.string(), "--yes"});
    show("torchdoctor fix system --python venv/bin/python --yes", r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(lines(readFile(m_log)), (std::vector<std::string>{"apt-get install -y libopenblas0", "ldconfig "}));
    EXPECT_NE(r.out.find("gone: libopenblas.so.0 is missing"), std::string::npos) << r.out;

    const RunResult undo = torchdoctor({"undo", "--yes"});
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(lines(readFile(m_log)).back(), "apt-get remove -y libopenblas0");
    EXPECT_FALSE(fs::exists(lib / "libopenblas.so.0"));
}

TEST_F(FamilyCli, SystemPackageManagerFailureStopsThePlan)
{
    if (!debian())
        GTEST_SKIP() << "the package names checked here are Debian's";
    const fs::path python = venvMissingOpenBlas();
    ASSERT_FALSE(python.empty());
    makeScript(m_dir / "bin/apt-get", "#!/bin/sh\necho \"apt-get $*\" >> \"$FAKE_LOG\"\n"
                                      "echo 'E: Unable to locate package libopenblas0' >&2\nexit 100\n");
    const RunResult r = torchdoctor({"fix", "system", "--python", python.string(), "--yes"});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("Unable to locate package"), std::string::npos) << r.out << r.err;
    EXPECT_EQ(lines(readFile(m_log)), std::vector<std::string>{"apt-get install -y libopenblas0"});
}
