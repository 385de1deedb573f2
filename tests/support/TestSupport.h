// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace td::test {

namespace fs = std::filesystem;

// A fresh directory under the system temp folder, removed with everything in it.
class TempDir {
public:
    explicit TempDir(const std::string &prefix = "td-test");
    ~TempDir();
    TempDir(const TempDir &) = delete;
    TempDir &operator=(const TempDir &) = delete;

    [[nodiscard]] const fs::path &path() const { return m_path; }
    [[nodiscard]] fs::path operator/(const std::string &name) const { return m_path / name; }

private:
    fs::path m_path;
};

struct RunResult {
    int exitCode = -1; // -1 when killed by a signal or not started
    int signal = 0;
    bool timedOut = false;
    long maxRssKb = 0; // peak resident memory of the child
    std::string out;   // stdout
    std::string err;   // stderr
    [[nodiscard]] bool ok() const { return exitCode == 0; }
};

struct RunOptions {
    std::map<std::string, std::string> setEnv; // added to (or replacing in) the environment
    std::vector<std::string> unsetEnv;
    std::chrono::seconds timeout{120};
    std::string stdinData;
    fs::path workingDir; // empty: inherit
};

// Runs argv[0] (looked up on PATH when it has no '/') with an argument list,
// capturing both streams. Never goes through a shell.
RunResult run(const std::vector<std::string> &argv, const RunOptions &options = {});

// Runs and fails the current test (ADD_FAILURE) with the command and its
// stderr when the exit code is not 0. Returns stdout.
std::string runOk(const std::vector<std::string> &argv, const RunOptions &options = {});

void writeFile(const fs::path &path, const std::string &contents);
std::string readFile(const fs::path &path);

// Splits on '\n', dropping a trailing empty line.
std::vector<std::string> lines(const std::string &text);

// Every live (not zombie) process, as "pid command line", that descends from
// `ancestor` or whose command line contains `marker` (when not empty). Linux: read from /proc.
std::vector<std::string> livingProcesses(long ancestor, const std::string &marker);

} // namespace td::test
