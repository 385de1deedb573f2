// SPDX-License-Identifier: GPL-3.0-or-later
// TorchDoctor starts in the environments it diagnoses, and its probes still
// see them exactly. The proof that an environment is broken is the real
// loader: an ordinary Qt program, built here, dies in it first.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <csignal>
#include <optional>
#include <sstream>
#include <thread>

#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

using namespace td::test;

namespace {

// The variables TorchDoctor keeps out of its own process, each set to
// something harmful or meaningless.
std::map<std::string, std::string> garbage(const TempDir &dir)
{
    writeFile(dir / "garbage.so", "not a library\n");
    fs::create_directories(dir / "plugins" / "platforms");
    writeFile(dir / "plugins" / "platforms" / "libqxcb.so", "");
    return {
        {"LD_PRELOAD", (dir / "garbage.so").string()},
        {"PYTHONHOME", (dir / "no-such-python-home").string()},
        {"PYTHONPATH", (dir / "no-such-python-path").string()},
        {"QT_PLUGIN_PATH", (dir / "plugins").string()},
        {"QT_QPA_PLATFORM_PLUGIN_PATH", (dir / "plugins" / "platforms").string()},
    };
}

fs::path staleLibgomp(const TempDir &dir)
{
    return python::buildStaleLibgomp(dir / "stale-gomp");
}

// An ordinary Qt program: it needs nothing but libQt6Core.so.6 to start.
fs::path qtProgram(const TempDir &dir)
{
    writeFile(dir / "qt.c", "int main(void) { return 0; }\n");
    const fs::path program = dir / "qt-program";
    runOk({config::cc, (dir / "qt.c").string(), "-o", program.string(), "-Wl,--no-as-needed", "-lQt6Core"});
    return program;
}

RunOptions withEnv(std::map<std::string, std::string> env)
{
    RunOptions o;
    o.setEnv = std::move(env);
    o.setEnv["LANG"] = "C.UTF-8";
    o.setEnv["XDG_DATA_HOME"] = (fs::temp_directory_path() / "td-guard-test-data").string();
    o.unsetEnv = {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"};
    o.timeout = std::chrono::seconds(240);
    return o;
}

// The environment a process got, from a NUL-separated `env -0` dump.
std::map<std::string, std::string> readEnvDump(const fs::path &file)
{
    std::map<std::string, std::string> env;
    std::stringstream in(readFile(file));
    std::string entry;
    while (std::getline(in, entry, '\0')) {
        const auto eq = entry.find('=');
        if (eq != std::string::npos)
            env[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    return env;
}

// A Python that writes down the environment it was started with, then is
// /usr/bin/python3.
fs::path envDumpingPython(const TempDir &dir, const fs::path &dump)
{
    const fs::path python = dir / "bin" / "python3";
    fs::create_directories(python.parent_path());
    writeFile(python, "#!/bin/sh\n/usr/bin/env -0 > '" + dump.string() + "'\nexec /usr/bin/python3 \"$@\"\n");
    fs::permissions(python, fs::perms::owner_all);
    return python;
}

std::optional<std::string> value(const std::map<std::string, std::string> &env, const std::string &name)
{
    const auto it = env.find(name);
    return it == env.end() ? std::nullopt : std::optional<std::string>(it->second);
}

} // namespace

TEST(GuardedStart, AStaleLibgompOnLdLibraryPathStopsAQtProgramButNotTorchDoctor)
{
    TempDir dir("td-guard");
    const fs::path stale = staleLibgomp(dir);
    auto env = garbage(dir);
    env["LD_LIBRARY_PATH"] = stale.string();

    // The real loader says the environment is broken: Qt Core -> libb2 -> libgomp.
    const RunResult plain = run({qtProgram(dir).string()}, withEnv(env));
    ASSERT_NE(plain.exitCode, 0) << "the stale libgomp.so.1 does not stop a Qt program: the fixture proves nothing";
    EXPECT_NE(plain.err.find("version `GOMP_4.0' not found"), std::string::npos) << plain.err;
    // So does our real program, started directly: it is a Qt program too.
    const RunResult direct = run({config::realProgram, "--version"}, withEnv(env));
    EXPECT_NE(direct.exitCode, 0) << direct.out;
    EXPECT_NE(direct.err.find("version `GOMP_4.0' not found"), std::string::npos) << direct.err;

    const RunResult version = run({config::torchdoctor, "--version"}, withEnv(env));
    EXPECT_EQ(version.exitCode, 0) << version.err;
    EXPECT_EQ(version.out.rfind("TorchDoctor ", 0), 0U) << version.out;
    EXPECT_EQ(version.err.find("GOMP"), std::string::npos) << version.err;

    const RunResult check = run(
        {config::torchdoctor, "check", "--no-import", "--python", "/usr/bin/python3", "--format", "json"},
        withEnv(env));
    EXPECT_TRUE(check.exitCode == 0 || check.exitCode == 1) << check.exitCode << check.err;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(check.out), &error);
    ASSERT_EQ(error.error, QJsonParseError::NoError) << check.out << check.err;
    EXPECT_FALSE(doc.object().value(QStringLiteral("pythons")).toArray().isEmpty()) << check.out;
}

TEST(GuardedStart, EmptyAndTextFilesWithLibraryNamesStopAQtProgramButNotTorchDoctor)
{
    TempDir dir("td-guard");
    const fs::path program = qtProgram(dir);
    for (const auto &[name, contents] : std::vector<std::pair<std::string, std::string>>{
             {"libgomp.so.1", ""}, {"libstdc++.so.6", "version https://git-lfs.github.com/spec/v1\n"}}) {
        const fs::path folder = dir / ("broken-" + name);
        fs::create_directories(folder);
        writeFile(folder / name, contents);
        auto env = garbage(dir);
        env["LD_LIBRARY_PATH"] = folder.string();

        const RunResult plain = run({program.string()}, withEnv(env));
        ASSERT_NE(plain.exitCode, 0) << name << " does not stop a Qt program: the fixture proves nothing";
        EXPECT_NE(plain.err.find("file too short"), std::string::npos) << plain.err;

        const RunResult version = run({config::torchdoctor, "--version"}, withEnv(env));
        EXPECT_EQ(version.exitCode, 0) << name << ": " << version.err;
        EXPECT_EQ(version.out.rfind("TorchDoctor ", 0), 0U) << version.out;
    }
}

#ifdef TD_TEST_HAS_WIZARD
TEST(GuardedStart, TheWizardOpensInABrokenEnvironment)
{
    TempDir dir("td-guard");
    auto env = garbage(dir);
    env["LD_LIBRARY_PATH"] = staleLibgomp(dir).string();
    RunOptions o = withEnv(env);
    o.setEnv["QT_QPA_PLATFORM"] = "offscreen";
    o.unsetEnv = {"DISPLAY", "WAYLAND_DISPLAY"};
    o.timeout = std::chrono::seconds(5); // the window stays open until it is closed
    const RunResult r = run({config::torchdoctor}, o);
    EXPECT_TRUE(r.timedOut) << r.exitCode << r.err;
    EXPECT_EQ(r.err.find("GOMP"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("platform plugin"), std::string::npos) << r.err;
}
#endif

// The probes get the user's environment back exactly: a variable set, set but
// empty, or unset, as it was, and none of TorchDoctor's own bookkeeping.
TEST(GuardedStart, ProbesSeeTheUsersEnvironmentExactly)
{
    TempDir dir("td-guard");
    const fs::path dump = dir / "probe-env";
    const fs::path python = envDumpingPython(dir, dump);
    const std::string ldLibraryPath = staleLibgomp(dir).string() + "::/opt/x y/lib";

    for (const std::string &entry : {std::string(config::torchdoctor), std::string(config::realProgram)}) {
        SCOPED_TRACE(entry);
        fs::remove(dump);
        RunOptions o = withEnv({{"PYTHONHOME", ""}, {"QT_PLUGIN_PATH", (dir / "plugins").string()},
                                {"GLIBC_TUNABLES", "glibc.malloc.check=0"}});
        if (entry == config::torchdoctor)
            o.setEnv["LD_LIBRARY_PATH"] = ldLibraryPath; // the real program alone would die of it
        o.unsetEnv.insert(o.unsetEnv.end(), {"LD_PRELOAD", "PYTHONPATH", "LD_AUDIT", "TD_ORIGINAL_ENV"});
        const RunResult r = run({entry, "check", "--no-import", "--python", python.string(), "--format", "json"}, o);
        EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.exitCode << r.err;
        ASSERT_TRUE(fs::exists(dump)) << "the probe never ran: " << r.err;
        const auto seen = readEnvDump(dump);
        if (entry == config::torchdoctor)
            EXPECT_EQ(value(seen, "LD_LIBRARY_PATH"), ldLibraryPath);
        else
            EXPECT_EQ(value(seen, "LD_LIBRARY_PATH"), std::nullopt);
        EXPECT_EQ(value(seen, "PYTHONHOME"), std::optional<std::string>(""));
        EXPECT_EQ(value(seen, "QT_PLUGIN_PATH"), (dir / "plugins").string());
        EXPECT_EQ(value(seen, "GLIBC_TUNABLES"), std::optional<std::string>("glibc.malloc.check=0"));
        EXPECT_EQ(value(seen, "LD_PRELOAD"), std::nullopt);
        EXPECT_EQ(value(seen, "PYTHONPATH"), std::nullopt);
        EXPECT_EQ(value(seen, "LANG"), std::optional<std::string>("C.UTF-8"));
        for (const auto &[name, v] : seen)
            EXPECT_NE(name.rfind("TD_ORIGINAL_", 0), 0U) << name << "=" << v;
    }
}

// What the diagnosis reads is the user's LD_LIBRARY_PATH too: the stale
// libgomp.so.1 is found the way torch's libraries would find it.
TEST(GuardedStart, TheDiagnosisSeesTheStaleLibraryOnLdLibraryPath)
{
    if (!fs::exists("/usr/lib/python3/dist-packages/torch/lib/libtorch_cpu.so"))
        GTEST_FAIL() << "Debian's python3-torch is not installed (tools/packages.txt)";
    TempDir dir("td-guard");
    const fs::path stale = staleLibgomp(dir);
    const RunResult r = run({config::torchdoctor, "check", "--no-import", "--python", "/usr/bin/python3", "--format",
                             "json"},
                            withEnv({{"LD_LIBRARY_PATH", stale.string()}}));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out), &error);
    ASSERT_EQ(error.error, QJsonParseError::NoError) << r.out << r.err;
    bool named = false;
    // Every finding, and the symptoms a cause holds ("evidence"/"symptoms").
    QJsonArray every;
    for (const auto &finding : doc.object().value(QStringLiteral("findings")).toArray()) {
        every.append(finding);
        for (const auto &symptom : finding.toObject()[QStringLiteral("evidence")][QStringLiteral("symptoms")].toArray())
            every.append(symptom);
    }
    for (const auto &finding : std::as_const(every)) {
        const QString text = QString::fromUtf8(QJsonDocument(finding.toObject()).toJson());
        named = named
            || (finding.toObject().value(QStringLiteral("id")).toString() == QLatin1String("lib.version-missing")
                && text.contains(QLatin1String("GOMP_4.0"))
                && text.contains(QString::fromStdString((stale / "libgomp.so.1").string())));
    }
    EXPECT_TRUE(named) << "no lib.version-missing finding names GOMP_4.0 and the stale libgomp: " << r.out;
}

// Started directly, the real program starts itself again without the guarded
// variables: what the kernel gave the running program (/proc/PID/environ) has
// none of them, and keeps their values for the children.
#ifdef TD_TEST_HAS_WIZARD // the wizard keeps the program running while it is looked at
TEST(GuardedStart, StartedDirectlyTheRealProgramStartsAgainGuarded)
{
    TempDir dir("td-guard");
    std::map<std::string, std::string> env;
    for (char **e = environ; *e; ++e) {
        const std::string entry = *e;
        const auto eq = entry.find('=');
        if (eq != std::string::npos && entry.rfind("TD_ORIGINAL_", 0) != 0 && entry.rfind("PYTHONHOME=", 0) != 0)
            env[entry.substr(0, eq)] = entry.substr(eq + 1);
    }
    env["LD_LIBRARY_PATH"] = (dir / "lib").string();
    env["QT_PLUGIN_PATH"] = (dir / "plugins").string();
    env["QT_QPA_PLATFORM"] = "offscreen";
    env["XDG_DATA_HOME"] = (dir / "data").string();
    std::vector<std::string> entries;
    for (const auto &[k, v] : env)
        entries.push_back(k + "=" + v);
    std::vector<char *> envp;
    for (std::string &entry : entries)
        envp.push_back(entry.data());
    envp.push_back(nullptr);
    std::string program = config::realProgram;
    char *argv[] = {program.data(), nullptr};
    pid_t pid = 0;
    ASSERT_EQ(::posix_spawn(&pid, program.c_str(), nullptr, nullptr, argv, envp.data()), 0);

    // The wizard stays open: look at it while it runs.
    const fs::path environFile = "/proc/" + std::to_string(pid) + "/environ";
    std::map<std::string, std::string> seen;
    for (int i = 0; i < 100 && !value(seen, "TD_ORIGINAL_ENV"); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        seen = readEnvDump(environFile);
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    ASSERT_TRUE(value(seen, "TD_ORIGINAL_ENV")) << "the program never started again guarded";
    EXPECT_EQ(value(seen, "LD_LIBRARY_PATH"), std::nullopt);
    EXPECT_EQ(value(seen, "QT_PLUGIN_PATH"), std::nullopt);
    EXPECT_EQ(value(seen, "TD_ORIGINAL_LD_LIBRARY_PATH"), (dir / "lib").string());
    EXPECT_EQ(value(seen, "TD_ORIGINAL_QT_PLUGIN_PATH"), (dir / "plugins").string());
    EXPECT_EQ(value(seen, "TD_ORIGINAL_PYTHONHOME"), std::nullopt);
}
#endif
