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

fs::path pythonOfSeries(const std::string &series)
{
    const std::string name = "python" + series;
    std::vector<fs::path> places{"/usr/bin/" + name, "/usr/local/bin/" + name};
    std::vector<fs::path> pyenvVersions;
    if (const char *root = std::getenv("PYENV_ROOT"))
        pyenvVersions.push_back(fs::path(root) / "versions");
    if (const char *home = std::getenv("HOME"))
        pyenvVersions.push_back(fs::path(home) / ".pyenv/versions");
    for (const fs::path &versions : pyenvVersions)
        if (fs::is_directory(versions))
            for (const auto &entry : fs::directory_iterator(versions))
                if (entry.path().filename().string().rfind(series + '.', 0) == 0)
                    places.push_back(entry.path() / "bin" / name);
    for (const fs::path &p : places)
        if (fs::exists(p))
            return p;
    return {};
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

fs::path buildWheel(const fs::path &wheelhouse, const std::string &name, const std::string &version,
                    const std::map<std::string, fs::path> &files, const std::vector<std::string> &requirements)
{
    static const char *kScript = R"(import base64, hashlib, os, re, sys, zipfile
out, name, version, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
safe = re.sub(r"[-_.]+", "_", name)  # the wheel's file and .dist-info spell the name so
files = list(zip(sys.argv[5:5 + 2 * count:2], sys.argv[6:6 + 2 * count:2]))
requires = sys.argv[5 + 2 * count:]
info = safe + "-" + version + ".dist-info"
metadata = "Metadata-Version: 2.1\nName: %s\nVersion: %s\n" % (name, version)
metadata += "".join("Requires-Dist: %s\n" % r for r in requires) + "\nMade by a test.\n"
entries = [(arc, open(path, "rb").read()) for arc, path in files]
entries += [(info + "/METADATA", metadata.encode()),
            (info + "/WHEEL", b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")]
record = ""
for arc, data in entries:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    record += "%s,sha256=%s,%d\n" % (arc, digest, len(data))
record += info + "/RECORD,,\n"
wheel = os.path.join(out, "%s-%s-py3-none-any.whl" % (safe, version))
with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
    for arc, data in entries:
        z.writestr(zipfile.ZipInfo(arc, (2020, 1, 1, 0, 0, 0)), data)
    z.writestr(info + "/RECORD", record)
print(wheel)
)";
    fs::create_directories(wheelhouse);
    std::vector<std::string> argv{kSystemPython.string(), "-c", kScript, wheelhouse.string(), name, version,
                                  std::to_string(files.size())};
    for (const auto &[arc, path] : files) {
        argv.push_back(arc);
        argv.push_back(path.string());
    }
    argv.insert(argv.end(), requirements.begin(), requirements.end());
    const RunResult r = run(argv);
    if (!r.ok())
        ADD_FAILURE() << "building the wheel " << name << " " << version << " failed: " << r.err;
    return wheelhouse / (name + "-" + version + "-py3-none-any.whl");
}

std::string treeHashes(const fs::path &dir, std::chrono::seconds timeout)
{
    RunOptions o;
    o.timeout = timeout;
    return runOk({kSystemPython.string(), "-c",
                  "import hashlib, os, sys\n"
                  "for root, dirs, files in os.walk(sys.argv[1]):\n"
                  "    dirs[:] = sorted(d for d in dirs if d != '__pycache__')\n"
                  "    for name in sorted(dirs + files):\n"
                  "        p = os.path.join(root, name)\n"
                  "        if os.path.islink(p): print(p, '->', os.readlink(p))\n"
                  "        elif os.path.isfile(p):\n"
                  "            h = hashlib.sha256()\n"
                  "            with open(p, 'rb') as f:\n"
                  "                for block in iter(lambda: f.read(1 << 20), b''): h.update(block)\n"
                  "            print(p, h.hexdigest())\n",
                  dir.string()},
                 o);
}

fs::path copyDebianPipWheel(const fs::path &folder)
{
    const fs::path wheels = "/usr/share/python-wheels";
    if (fs::is_directory(wheels))
        for (const auto &entry : fs::directory_iterator(wheels))
            if (entry.path().filename().string().rfind("pip-", 0) == 0) {
                fs::create_directories(folder);
                fs::copy_file(entry.path(), folder / entry.path().filename(), fs::copy_options::overwrite_existing);
                return folder / entry.path().filename();
            }
    ADD_FAILURE() << "no pip wheel in " << wheels << " (python3-pip-whl)";
    return {};
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
