// SPDX-License-Identifier: GPL-3.0-or-later
#include "PythonFixtures.h"

#include "TestConfig.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <fstream>

#ifdef _WIN32
#include <windows.h>
#endif

namespace td::test::python {

fs::path makeVenv(const fs::path &dir)
{
    const RunResult r = run({kSystemPython.string(), "-m", "venv", "--without-pip", dir.string()});
    if (!r.ok()) {
        ADD_FAILURE() << "python3 -m venv " << dir << " failed: " << r.err;
        return {};
    }
    return dir / "bin" / "python";
}

fs::path sitePackages(const fs::path &venvDir)
{
    for (const auto &entry : fs::directory_iterator(venvDir / "lib")) {
        const fs::path candidate = entry.path() / "site-packages";
        if (fs::is_directory(candidate))
            return candidate;
    }
    ADD_FAILURE() << "no site-packages in " << venvDir;
    return venvDir;
}

void writeFakeTorch(const fs::path &sitePackagesDir, const std::string &initSource, const std::string &version)
{
    const fs::path torch = sitePackagesDir / "torch";
    fs::create_directories(torch / "lib");
    writeFile(torch / "__init__.py", initSource);
    writeFile(torch / "version.py", "__version__ = '" + version
                                        + "'\ndebug = False\ncuda: Optional[str] = None\n"
                                          "git_version = 'abc'\nhip = None\n");
    const fs::path dist = sitePackagesDir / ("torch-" + version + ".dist-info");
    fs::create_directories(dist);
    writeFile(dist / "METADATA", "Metadata-Version: 2.1\nName: torch\nVersion: " + version + "\n\nA fake.\n");
    writeFile(dist / "INSTALLER", "pip\n");
}

bool buildSharedLibrary(const fs::path &output, const std::string &source, const std::vector<std::string> &extraArgs)
{
    const fs::path c = output.parent_path() / (output.filename().string() + ".c");
    writeFile(c, source);
    std::vector<std::string> argv{config::cc, "-shared", "-fPIC", "-o", output.string(), c.string()};
    argv.insert(argv.end(), extraArgs.begin(), extraArgs.end());
    const RunResult r = run(argv);
    fs::remove(c);
    if (!r.ok())
        ADD_FAILURE() << "cc failed: " << r.err;
    return r.ok();
}

fs::path buildStaleLibgomp(const fs::path &folder)
{
    fs::create_directories(folder);
    writeFile(folder / "gomp.map", "OMP_1.0 { global: omp_get_num_threads; local: *; };\n"
                                   "GOMP_1.0 { global: GOMP_barrier; } OMP_1.0;\n");
    buildSharedLibrary(folder / "libgomp.so.1", "int omp_get_num_threads(void) { return 1; }\nvoid GOMP_barrier(void) {}\n",
                       {"-Wl,-soname,libgomp.so.1", "-Wl,--version-script=" + (folder / "gomp.map").string()});
    fs::remove(folder / "gomp.map");
    return folder;
}

#ifdef _WIN32
bool processRunning(long pid)
{
    HANDLE process = OpenProcess(SYNCHRONIZE, FALSE, static_cast<DWORD>(pid));
    if (!process)
        return GetLastError() == ERROR_ACCESS_DENIED;
    const bool running = WaitForSingleObject(process, 0) == WAIT_TIMEOUT;
    CloseHandle(process);
    return running;
}
#else
bool processRunning(long pid)
{
    if (::kill(static_cast<pid_t>(pid), 0) != 0)
        return errno != ESRCH;
    // A zombie is gone for every purpose but its parent's bookkeeping.
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string line;
    std::getline(stat, line);
    const auto close = line.rfind(')');
    return !(close != std::string::npos && close + 2 < line.size() && line[close + 2] == 'Z');
}
#endif

} // namespace td::test::python
