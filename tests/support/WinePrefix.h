// SPDX-License-Identifier: GPL-3.0-or-later
// Running Windows programs under Wine in the tests: where wine64 is, how a
// Unix path looks from Windows, and one WINEPREFIX per test suite.
#pragma once

#include "TestConfig.h"
#include "TestSupport.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

namespace td::test::wine {

inline std::string wine64()
{
    if (fs::exists("/usr/lib/wine/wine64"))
        return "/usr/lib/wine/wine64";
    return config::have(config::wine) ? config::wine : "";
}

inline std::string wineserver()
{
    for (const char *p : {"/usr/lib/wine/wineserver64", "/usr/lib/wine/wineserver"})
        if (fs::exists(p))
            return p;
    return "wineserver";
}

// /tmp/x/a.dll -> Z:\tmp\x\a.dll
inline std::string winePath(const fs::path &p)
{
    std::string s = "Z:" + p.string();
    std::replace(s.begin(), s.end(), '/', '\\');
    return s;
}

// Builds core/platform/windows/userenvtool.exe with mingw-w64 at `output`.
// Returns why it could not, or "" when it is there.
inline std::string buildUserEnvTool(const fs::path &output)
{
    if (!config::have(config::mingw64Cc) || wine64().empty())
        return "wine64 or x86_64-w64-mingw32-gcc not found";
    const std::string src = std::string(config::sourceDir) + "/core/platform/windows/";
    runOk({config::mingw64Cc, "-O2", "-Wall", "-Wextra", "-Werror", "-municode", "-o", output.string(),
           src + "userenvtool.c", src + "userenv.c", "-luser32", "-ladvapi32", "-lshell32"});
    return fs::exists(output) ? "" : "userenvtool.exe did not build";
}

// A fresh WINEPREFIX in `dir`, booted once with one wineserver that stays
// up for the suite (each program then starts fast) and is stopped at the end.
class Prefix {
public:
    explicit Prefix(fs::path dir, std::map<std::string, std::string> extraEnv = {})
        : m_dir(std::move(dir)), m_extraEnv(std::move(extraEnv))
    {
        // Under load the boot of a new prefix failed here once inside Wine (wineboot exited 53):
        // Wine's own start, not ours; a second, fresh prefix is tried, and what it printed is kept.
        for (int attempt = 1; attempt <= 2; ++attempt) {
            m_error = boot();
            if (m_error.empty())
                return;
            m_error += " (attempt " + std::to_string(attempt) + " of 2)";
            stopServer();
            std::error_code ec;
            fs::remove_all(m_dir, ec);
        }
    }
    ~Prefix() { stopServer(); }
    Prefix(const Prefix &) = delete;
    Prefix &operator=(const Prefix &) = delete;

    // Why it could not be booted; empty when it is ready.
    const std::string &error() const { return m_error; }

    RunOptions options() const
    {
        RunOptions o;
        o.setEnv = m_extraEnv;
        o.setEnv["WINEPREFIX"] = m_dir.string();
        o.setEnv["WINEDEBUG"] = "-all";
        o.setEnv["WINEDLLOVERRIDES"] = "mscoree,mshtml="; // no Mono or Gecko installer
        o.unsetEnv = {"DISPLAY", "WAYLAND_DISPLAY", "WINEPATH"};
        o.timeout = std::chrono::seconds(60);
        return o;
    }

private:
    // Boots the prefix; why it failed, or empty. wineserver and wineboot leave processes behind
    // (the server, Wine's services): they get /dev/null or a file rather than our pipes.
    std::string boot() const
    {
        RunOptions o = options();
        o.timeout = std::chrono::seconds(240);
        // The server will not start for a folder that is not there ("chdir ... No such file"): a
        // server that Wine then starts by itself stops 3 s after its last program, and each later
        // program boots the prefix's services again (3 s a run on a busy machine).
        std::error_code ec;
        fs::create_directories(m_dir, ec);
        run({"/bin/sh", "-c", "\"$0\" -p </dev/null >/dev/null 2>&1", wineserver()}, o);
        // Not `wineboot -i`: wine inits a new prefix itself, and a second init leaves two
        // services.exe, after which a service start (RpcSs, for each new desktop) takes 10 s.
        const fs::path log = m_dir.string() + ".boot.log";
        const RunResult r =
            run({"/bin/sh", "-c", "\"$0\" wineboot </dev/null >\"$1\" 2>&1", wine64(), log.string()}, o);
        if (r.ok())
            return {};
        std::ifstream in(log);
        const std::string said((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return "wineboot failed (exit " + std::to_string(r.exitCode) + "): " + said.substr(0, 400);
    }
    void stopServer() const { run({"/bin/sh", "-c", "\"$0\" -k </dev/null >/dev/null 2>&1", wineserver()}, options()); }

    fs::path m_dir;
    std::map<std::string, std::string> m_extraEnv;
    std::string m_error;
};

} // namespace td::test::wine
