// SPDX-License-Identifier: GPL-3.0-or-later
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#ifdef _WIN32
#include <QProcess>
#include <QProcessEnvironment>
#include <random>
#else
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

extern char **environ;

namespace td::test {

#ifdef _WIN32
TempDir::TempDir(const std::string &prefix)
{
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
        const fs::path candidate = fs::temp_directory_path() / (prefix + "-" + std::to_string(random()));
        std::error_code ec;
        if (fs::create_directory(candidate, ec)) {
            m_path = candidate;
            return;
        }
    }
    throw std::runtime_error("cannot make a temporary folder under " + fs::temp_directory_path().string());
}
#else
TempDir::TempDir(const std::string &prefix)
{
    std::string pattern = (fs::temp_directory_path() / (prefix + "-XXXXXX")).string();
    if (!::mkdtemp(pattern.data()))
        throw std::runtime_error("mkdtemp failed: " + std::string(std::strerror(errno)));
    m_path = pattern;
}
#endif

TempDir::~TempDir()
{
    std::error_code ec;
    // Make everything writable/readable again so that permission tests clean up.
    for (auto it = fs::recursive_directory_iterator(m_path, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_symlink(ec))
            fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
    }
    fs::remove_all(m_path, ec);
}

#ifdef _WIN32
// Windows: QProcess (CreateProcessW), the same contract. No peak memory figure.
RunResult run(const std::vector<std::string> &argv, const RunOptions &options)
{
    RunResult result;
    if (argv.empty())
        return result;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const auto &name : options.unsetEnv)
        env.remove(QString::fromStdString(name));
    for (const auto &[k, v] : options.setEnv)
        env.insert(QString::fromStdString(k), QString::fromStdString(v));
    QProcess process;
    process.setProcessEnvironment(env);
    if (!options.workingDir.empty())
        process.setWorkingDirectory(QString::fromStdWString(options.workingDir.wstring()));
    QStringList arguments;
    for (std::size_t i = 1; i < argv.size(); ++i)
        arguments << QString::fromStdString(argv[i]);
    process.start(QString::fromStdString(argv[0]), arguments);
    if (!process.waitForStarted(30000)) {
        result.err = "cannot start " + argv[0] + ": " + process.errorString().toStdString();
        return result;
    }
    process.write(options.stdinData.data(), static_cast<qint64>(options.stdinData.size()));
    process.closeWriteChannel();
    if (!process.waitForFinished(static_cast<int>(std::chrono::milliseconds(options.timeout).count()))) {
        result.timedOut = true;
        process.kill();
        process.waitForFinished(5000);
    }
    result.out = process.readAllStandardOutput().toStdString();
    result.err = process.readAllStandardError().toStdString();
    if (!result.timedOut && process.exitStatus() == QProcess::NormalExit)
        result.exitCode = process.exitCode();
    return result;
}
#else
RunResult run(const std::vector<std::string> &argv, const RunOptions &options)
{
    RunResult result;
    if (argv.empty())
        return result;

    std::map<std::string, std::string> env;
    for (char **e = environ; *e; ++e) {
        std::string kv = *e;
        const auto eq = kv.find('=');
        if (eq != std::string::npos)
            env[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    for (const auto &name : options.unsetEnv)
        env.erase(name);
    for (const auto &[k, v] : options.setEnv)
        env[k] = v;
    std::vector<std::string> envStrings;
    for (const auto &[k, v] : env)
        envStrings.push_back(k + "=" + v);
    std::vector<char *> envp;
    for (auto &s : envStrings)
        envp.push_back(s.data());
    envp.push_back(nullptr);

    std::vector<std::string> args = argv;
    std::vector<char *> cargv;
    for (auto &a : args)
        cargv.push_back(a.data());
    cargv.push_back(nullptr);

    int outPipe[2], errPipe[2], inPipe[2];
    if (::pipe2(outPipe, O_CLOEXEC) || ::pipe2(errPipe, O_CLOEXEC) || ::pipe2(inPipe, O_CLOEXEC))
        return result;

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
    if (!options.workingDir.empty())
        posix_spawn_file_actions_addchdir_np(&actions, options.workingDir.c_str());
    posix_spawnattr_t attr;
    posix_spawnattr_init(&attr);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);

    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, cargv[0], &actions, &attr, cargv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    ::close(inPipe[0]);
    if (rc != 0) {
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        ::close(inPipe[1]);
        result.err = "cannot start " + argv[0] + ": " + std::strerror(rc);
        return result;
    }

    if (!options.stdinData.empty()) {
        // Small inputs only (tests); write before reading to keep it simple.
        std::size_t off = 0;
        ::signal(SIGPIPE, SIG_IGN);
        while (off < options.stdinData.size()) {
            const ssize_t w = ::write(inPipe[1], options.stdinData.data() + off, options.stdinData.size() - off);
            if (w <= 0)
                break;
            off += static_cast<std::size_t>(w);
        }
    }
    ::close(inPipe[1]);

    const auto deadline = std::chrono::steady_clock::now() + options.timeout;
    std::array<pollfd, 2> fds{{{outPipe[0], POLLIN, 0}, {errPipe[0], POLLIN, 0}}};
    int open = 2;
    char buf[65536];
    while (open > 0) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timedOut = true;
            ::kill(-pid, SIGKILL);
            break;
        }
        if (::poll(fds.data(), fds.size(), static_cast<int>(std::min<long long>(left.count(), 1000))) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (std::size_t i = 0; i < fds.size(); ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
                continue;
            const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                (i == 0 ? result.out : result.err).append(buf, static_cast<std::size_t>(n));
            } else {
                ::close(fds[i].fd);
                fds[i].fd = -1;
                --open;
            }
        }
    }
    for (auto &f : fds)
        if (f.fd >= 0)
            ::close(f.fd);

    int status = 0;
    struct rusage usage {};
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    result.maxRssKb = usage.ru_maxrss;
    if (WIFEXITED(status))
        result.exitCode = WEXITSTATUS(status);
    else if (WIFSIGNALED(status))
        result.signal = WTERMSIG(status);
    return result;
}
#endif

std::string runOk(const std::vector<std::string> &argv, const RunOptions &options)
{
    RunResult r = run(argv, options);
    if (!r.ok()) {
        std::string cmd;
        for (const auto &a : argv)
            cmd += a + ' ';
        ADD_FAILURE() << "command failed (exit " << r.exitCode << ", signal " << r.signal
                      << (r.timedOut ? ", timed out" : "") << "): " << cmd << "\n"
                      << r.err;
    }
    return r.out;
}

void writeFile(const fs::path &path, const std::string &contents)
{
    fs::create_directories(path.parent_path());
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f << contents;
    if (!f)
        throw std::runtime_error("cannot write " + path.string());
}

std::string readFile(const fs::path &path)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

std::vector<std::string> lines(const std::string &text)
{
    std::vector<std::string> out;
    std::istringstream ss(text);
    for (std::string line; std::getline(ss, line);)
        out.push_back(line);
    return out;
}

std::vector<std::string> livingProcesses(long ancestor, const std::string &marker)
{
    std::map<long, long> parentOf;
    std::map<long, std::string> commandOf;
    std::error_code ec;
    for (const fs::directory_entry &entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos)
            continue;
        const long pid = std::stol(name);
        // pid (comm) state ppid ...: comm may hold spaces; the fields after its ')' do not.
        const std::string stat = readFile(entry.path() / "stat");
        const size_t close = stat.rfind(')');
        if (close == std::string::npos)
            continue;
        std::istringstream fields(stat.substr(close + 1));
        std::string state;
        long parent = 0;
        if (!(fields >> state >> parent) || state == "Z")
            continue;
        parentOf[pid] = parent;
        std::string command = readFile(entry.path() / "cmdline");
        std::replace(command.begin(), command.end(), '\0', ' ');
        commandOf[pid] = command;
    }
    std::vector<std::string> out;
    for (const auto &[pid, parent] : parentOf) {
        bool descends = false;
        for (long p = parent, hops = 0; p > 1 && hops < 64 && !descends; ++hops) {
            descends = p == ancestor;
            const auto up = parentOf.find(p);
            p = up == parentOf.end() ? 0 : up->second;
        }
        if (descends || (!marker.empty() && commandOf[pid].find(marker) != std::string::npos))
            out.push_back(std::to_string(pid) + " " + commandOf[pid]);
    }
    return out;
}

} // namespace td::test
