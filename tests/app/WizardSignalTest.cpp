// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard asked to end by the system (SIGTERM from `kill` or a logout, SIGINT from Ctrl+C in the
// terminal that started it, SIGHUP when that terminal closes): it stops its work, waits for the
// programs it started, and quits; no process of ours is left behind.
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace td::test;

namespace {

std::string joined(const std::vector<std::string> &lines)
{
    std::string out;
    for (const std::string &line : lines)
        out += line + "\n";
    return out;
}

std::vector<std::string> naming(const std::vector<std::string> &processes, const std::string &marker)
{
    std::vector<std::string> out;
    for (const std::string &p : processes)
        if (p.find(marker) != std::string::npos)
            out.push_back(p);
    return out;
}

// Starts the bare `torchdoctor` (the wizard, offscreen) in `dir`, with `environment` added.
pid_t startWizard(const fs::path &dir, const std::vector<std::pair<std::string, std::string>> &environment)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (::chdir(dir.c_str()) != 0)
            ::_exit(127);
        for (const auto &[name, value] : environment)
            ::setenv(name.c_str(), value.c_str(), 1);
        ::unsetenv("DISPLAY");
        ::unsetenv("WAYLAND_DISPLAY");
        ::execl(config::torchdoctor, config::torchdoctor, static_cast<char *>(nullptr));
        ::_exit(127);
    }
    return pid;
}

// Waits for `pid` to end; its wait status, or nothing after `limit` (then it is killed).
std::optional<int> waitForExit(pid_t pid, std::chrono::seconds limit)
{
    const auto until = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < until) {
        int status = 0;
        if (::waitpid(pid, &status, WNOHANG) == pid)
            return status;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
    return std::nullopt;
}

class WizardSignals : public testing::TestWithParam<int> {};

TEST_P(WizardSignals, StopTheWorkAndQuitLeavingNoProcess)
{
    TempDir dir("td-signal");
    // Started in a project whose venv's python never answers, nor does the child it starts.
    const fs::path bin = dir / "project/.venv/bin";
    fs::create_directories(bin);
    fs::create_directories(dir / "home");
    writeFile(dir / "project/.venv/pyvenv.cfg", "home = /usr/bin\n");
    writeFile(bin / "python", "#!/bin/bash\n(exec -a \"$0-child\" sleep 600) &\nexec -a \"$0\" sleep 600\n");
    ::chmod((bin / "python").c_str(), 0755);
    const std::string marker = dir.path().string();
    const char *path = std::getenv("PATH");
    const pid_t app = startWizard(dir / "project", {{"QT_QPA_PLATFORM", "offscreen"},
                                                     {"HOME", (dir / "home").string()},
                                                     {"XDG_CONFIG_HOME", (dir / "home/.config").string()},
                                                     {"XDG_DATA_HOME", (dir / "home/.local/share").string()},
                                                     {"XDG_CACHE_HOME", (dir / "home/.cache").string()},
                                                     {"TORCHDOCTOR_RELEASE_INDEX", "file:///nonexistent"},
                                                     {"PATH", bin.string() + ":" + (path ? path : "/usr/bin:/bin")}});
    ASSERT_GT(app, 0);
    // The search for interpreters runs the python that never answers (and its child).
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (naming(livingProcesses(app, ""), marker).size() < 2 && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    const std::vector<std::string> probes = naming(livingProcesses(app, ""), marker);
    if (probes.size() < 2) {
        ::kill(app, SIGKILL);
        ::waitpid(app, nullptr, 0);
        FAIL() << "the wizard never ran the python of the project it was started in:\n" << joined(probes);
    }

    ASSERT_EQ(::kill(app, GetParam()), 0);
    const std::optional<int> status = waitForExit(app, std::chrono::seconds(30));
    ASSERT_TRUE(status.has_value()) << "still running 30 s after " << ::strsignal(GetParam());
    EXPECT_TRUE(WIFEXITED(*status)) << "ended by signal " << (WIFSIGNALED(*status) ? WTERMSIG(*status) : 0)
                                    << " instead of quitting";
    EXPECT_EQ(WIFEXITED(*status) ? WEXITSTATUS(*status) : -1, 0);
    const std::vector<std::string> left = livingProcesses(::getpid(), marker);
    EXPECT_TRUE(left.empty()) << "left running:\n" << joined(left);
    for (const std::string &process : left) // none may outlive the test
        ::kill(static_cast<pid_t>(std::stol(process)), SIGKILL);
}

INSTANTIATE_TEST_SUITE_P(Signals, WizardSignals, testing::Values(SIGTERM, SIGINT, SIGHUP),
                         [](const testing::TestParamInfo<int> &signal) {
                             switch (signal.param) {
                             case SIGTERM: return std::string("SIGTERM");
                             case SIGINT: return std::string("SIGINT");
                             case SIGHUP: return std::string("SIGHUP");
                             }
                             return std::string("other");
                         });

} // namespace
