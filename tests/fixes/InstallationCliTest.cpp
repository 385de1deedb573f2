// SPDX-License-Identifier: GPL-3.0-or-later
// What pip knows of the installation, end to end with real pip in a real venv: a distribution torch
// pins installed at another version, and a file of it cut short. `check` names the distribution, its
// version and the one required; `fix reinstall` installs exactly that wheel; `undo` puts the files
// back byte for byte. The judge is the real import before, after the repair and after the undo.
// The distribution ("otterblas") is one no code mentions, built at test time.
#include "Corpus.h"
#include "ExplainAgreement.h"
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <functional>

namespace td::test {
namespace {

// The library at two versions: 2.0.1 adds otter_gemm_v2 under the version node OTTER_2.0.
constexpr const char *kOld = "int otter_gemm(void) { return 1; }\n";
constexpr const char *kNew = "int otter_gemm(void) { return 1; }\nint otter_gemm_v2(void) { return 2; }\n";
constexpr const char *kOldMap = "OTTER_1.9 { global: otter_gemm; local: *; };\n";
constexpr const char *kNewMap = "OTTER_1.9 { global: otter_gemm; local: *; };\nOTTER_2.0 { global: otter_gemm_v2; } "
                                "OTTER_1.9;\n";

class InstallationCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_python = python::makeVenv(m_dir / "venv"); // no pip: it runs from Debian's wheel
        ASSERT_FALSE(m_python.empty());
        m_site = python::sitePackages(m_dir / "venv");
        m_pip = python::copyDebianPipWheel(m_wheels);
        ASSERT_FALSE(m_pip.empty());
        const fs::path build = m_dir / "build";
        for (const auto &[version, source, map] : {std::tuple{"1.9.0", kOld, kOldMap}, {"2.0.1", kNew, kNewMap}}) {
            const fs::path dir = build / version;
            fs::create_directories(dir);
            writeFile(dir / "otter.map", map);
            ASSERT_TRUE(python::buildSharedLibrary(dir / "libotterblas.so.2", source,
                                                   {"-Wl,-soname,libotterblas.so.2",
                                                    "-Wl,--version-script=" + (dir / "otter.map").string()}));
            writeFile(dir / "__init__.py", "");
            python::buildWheel(m_wheels, "otterblas", version,
                               {{"otterblas/__init__.py", dir / "__init__.py"},
                                {"otterblas/lib/libotterblas.so.2", dir / "libotterblas.so.2"}});
        }
        runOk({m_python.string(), (m_pip / "pip").string(), "install", "-q", "--disable-pip-version-check",
               "--no-index", "--find-links", m_wheels.string(), "otterblas==1.9.0"},
              options());
        // torch 2.5.1 pins otterblas==2.0.1, and its library needs what only 2.0.1 has.
        python::writeFakeTorch(m_site,
                               "import ctypes, os\n"
                               "ctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cpu.so'))\n",
                               "2.5.1");
        writeFile(m_site / "torch-2.5.1.dist-info/METADATA",
                  "Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1\nRequires-Dist: otterblas==2.0.1\n"
                  "Requires-Dist: otterblas-win==3.0; platform_system == \"Windows\"\n\nA fake.\n");
        ASSERT_TRUE(python::buildSharedLibrary(
            m_site / "torch/lib/libtorch_cpu.so",
            "int otter_gemm_v2(void);\nint cpu(void) { return otter_gemm_v2(); }\n",
            {(build / "2.0.1/libotterblas.so.2").string(), "-Wl,-soname,libtorch_cpu.so", "-Wl,--enable-new-dtags",
             "-Wl,-rpath,$ORIGIN/../../otterblas/lib"}));
    }

    void pthPutsAnotherTorchFirst(const std::function<std::string(const fs::path &)> &line);

    RunOptions options() const
    {
        RunOptions o;
        o.setEnv = {{"HOME", (m_dir / "home").string()},
                    {"XDG_DATA_HOME", (m_dir / "data").string()},
                    {"PIP_CONFIG_FILE", "/dev/null"},
                    {"PATH", "/usr/bin:/bin"}}; // python3 is Debian's, which has its own torch
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "CONDA_PREFIX", "VIRTUAL_ENV",
                      "PIP_INDEX_URL",   "PIP_FIND_LINKS", "PYTHONPATH"};
        o.timeout = std::chrono::seconds(300);
        return o;
    }

    RunResult torchdoctor(std::vector<std::string> args) const
    {
        args.insert(args.begin(), config::torchdoctor);
        return run(args, options());
    }

    RunResult importTorch() const { return run({m_python.string(), "-c", "import torch"}, options()); }

    // What differs between `explain` on `pasted` and `check` (its JSON), run in `runner`'s environment.
    template <typename Runner>
    static std::string explainDisagrees(const std::string &pasted, const RunResult &check, Runner runner)
    {
        const RunResult json = runner({config::torchdoctor, "explain", "--json", pasted});
        const RunResult text = runner({config::torchdoctor, "explain", pasted});
        return test::explainDisagrees(json.out, text.out, check.out);
    }
    std::string explainDisagrees(const std::string &pasted, const RunResult &check) const
    {
        return explainDisagrees(pasted, check,
                                [this](const std::vector<std::string> &argv) { return run(argv, options()); });
    }

    // Each file of otterblas's RECORD with its sha256, and the version installed.
    std::string otterblas() const
    {
        return run({m_python.string(), "-c",
                    "import hashlib, importlib.metadata as m\n"
                    "d = m.distribution('otterblas')\n"
                    "print(d.version)\n"
                    "for f in sorted(d.files, key=str):\n"
                    "    p = d.locate_file(f)\n"
                    "    if p.is_file(): print(f, hashlib.sha256(p.read_bytes()).hexdigest())\n"},
                   options())
            .out;
    }

    // The finding `id` of `check --format json`, with those its leads hold; null when there is none.
    static QJsonObject document(const std::string &json)
    {
        return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
    }

    QJsonObject finding(const std::string &json, const char *id) const
    {
        const QJsonArray findings = document(json).value(QLatin1String("findings")).toArray();
        for (const QJsonValue &f : findings)
            if (f.toObject().value(QLatin1String("id")).toString() == QLatin1String(id))
                return f.toObject();
        return {};
    }

    // Another Python's torch in `site`: torch 2.9.0+cu130, whose library needs a libcudart.so.13 that is
    // nowhere the loader looks (it was built beside, in build/cuda).
    bool writeOtherPythonsTorch(const fs::path &site) const
    {
        python::writeFakeTorch(site,
                               "import ctypes, os\n"
                               "ctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cuda.so'))\n",
                               "2.9.0+cu130");
        const fs::path build = m_dir / "build/cuda";
        fs::create_directories(build);
        return python::buildSharedLibrary(build / "libcudart.so.13", "int cudaFree(void *p) { return p != 0; }\n",
                                          {"-Wl,-soname,libcudart.so.13"})
               && python::buildSharedLibrary(site / "torch/lib/libtorch_cuda.so",
                                             "int cudaFree(void *);\nint cuda(void) { return cudaFree(0); }\n",
                                             {(build / "libcudart.so.13").string(), "-Wl,-soname,libtorch_cuda.so"});
    }

    TempDir m_dir{"td-installation"};
    fs::path m_wheels = m_dir / "wheels";
    fs::path m_python, m_site, m_pip;
};

void show(const char *what, const RunResult &r)
{
    std::printf("$ %s   (exit %d)\n%s%s\n", what, r.exitCode, r.out.c_str(), r.err.c_str());
}

TEST_F(InstallationCli, AnOlderWheelThanTorchPinsIsNamedInstalledExactlyAndUndoneByItsFiles)
{
    const RunResult broken = importTorch();
    ASSERT_NE(broken.exitCode, 0);
    ASSERT_NE(broken.err.find("version `OTTER_2.0' not found"), std::string::npos) << broken.err;

    const RunResult check = torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-import"});
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const QJsonObject unmet = finding(check.out, "packages.requirement-unmet");
    ASSERT_FALSE(unmet.isEmpty()) << check.out;
    const QJsonObject evidence = unmet.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(unmet.value(QLatin1String("severity")).toString(), QLatin1String("error"));
    EXPECT_EQ(evidence.value(QLatin1String("distribution")).toString(), QLatin1String("otterblas"));
    EXPECT_EQ(evidence.value(QLatin1String("version")).toString(), QLatin1String("1.9.0"));
    EXPECT_EQ(evidence.value(QLatin1String("required")).toString(), QLatin1String("==2.0.1"));
    EXPECT_EQ(evidence.value(QLatin1String("record")).toString(), QLatin1String("otterblas/lib/libotterblas.so.2"));
    // The library's missing version is a symptom under it, not a row of its own.
    EXPECT_TRUE(finding(check.out, "lib.version-missing").isEmpty()) << check.out;
    EXPECT_NE(QJsonDocument(evidence.value(QLatin1String("symptoms")).toArray()).toJson().indexOf("OTTER_2.0"), -1);
    const RunResult text = torchdoctor({"check", "--python", m_python.string(), "--no-import"});
    EXPECT_NE(text.out.find("otterblas 1.9.0 is installed, but torch 2.5.1 requires otterblas==2.0.1"),
              std::string::npos)
        << text.out;

    // The same error pasted: `explain` leads with the same cause, read from the same installation.
    EXPECT_EQ(explainDisagrees(broken.err, check), "");

    const std::string before = otterblas();
    ASSERT_EQ(before.rfind("1.9.0\n", 0), 0u) << before;
    const RunResult fix = torchdoctor(
        {"fix", "reinstall", "--python", m_python.string(), "--yes", "--no-index", "--find-links", m_wheels.string()});
    show("torchdoctor fix reinstall --yes --no-index --find-links wheels", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_NE(fix.out.find("install --disable-pip-version-check --no-deps otterblas==2.0.1 --no-index"),
              std::string::npos)
        << fix.out;
    EXPECT_EQ(otterblas().rfind("2.0.1\n", 0), 0u);
    const RunResult repaired = importTorch();
    EXPECT_EQ(repaired.exitCode, 0) << repaired.err;

    const RunResult undo = torchdoctor({"undo", "--yes"});
    show("torchdoctor undo --yes", undo);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(otterblas(), before); // 1.9.0's own files, byte for byte
    EXPECT_EQ(importTorch().err, broken.err);
}

TEST_F(InstallationCli, AFileCutShortIsNamedWithItsWheelAndReinstalledAlone)
{
    runOk({m_python.string(), (m_pip / "pip").string(), "install", "-q", "--disable-pip-version-check", "--no-index",
           "--find-links", m_wheels.string(), "otterblas==2.0.1"},
          options());
    ASSERT_EQ(importTorch().exitCode, 0);
    const fs::path lib = m_site / "otterblas/lib/libotterblas.so.2";
    const std::string whole = readFile(lib);
    writeFile(lib, whole.substr(0, whole.size() / 3)); // a full disk during the install
    const RunResult broken = importTorch();
    ASSERT_NE(broken.exitCode, 0);

    const RunResult check = torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-import"});
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const QJsonObject damaged = finding(check.out, "packages.file-damaged");
    ASSERT_FALSE(damaged.isEmpty()) << check.out;
    const QJsonObject evidence = damaged.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(evidence.value(QLatin1String("distribution")).toString(), QLatin1String("otterblas"));
    EXPECT_EQ(evidence.value(QLatin1String("version")).toString(), QLatin1String("2.0.1"));
    EXPECT_EQ(evidence.value(QLatin1String("size_expected")).toInteger(), static_cast<qint64>(whole.size()));
    EXPECT_EQ(evidence.value(QLatin1String("size_actual")).toInteger(), static_cast<qint64>(whole.size() / 3));
    EXPECT_TRUE(finding(check.out, "lib.unreadable").isEmpty()) << check.out;

    const std::string before = otterblas();
    const RunResult fix = torchdoctor(
        {"fix", "reinstall", "--python", m_python.string(), "--yes", "--no-index", "--find-links", m_wheels.string()});
    show("torchdoctor fix reinstall --yes --no-index --find-links wheels", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_NE(fix.out.find("--force-reinstall --no-deps otterblas==2.0.1"), std::string::npos) << fix.out;
    EXPECT_EQ(readFile(lib), whole);
    EXPECT_EQ(importTorch().exitCode, 0);

    // Undo puts back what was there, the damaged file too: the state before the repair, byte for byte.
    const RunResult undo = torchdoctor({"undo", "--yes"});
    show("torchdoctor undo --yes", undo);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(otterblas(), before);
    EXPECT_EQ(importTorch().err, broken.err);
}

// A file at fault that no RECORD lists but the system's package manager does: the finding names that package
// (here zlib's, which lacks a version node torch's library was linked against, one no code mentions).
TEST_F(InstallationCli, ASystemLibraryAtFaultIsNamedWithItsSystemPackage)
{
    const fs::path stub = m_dir / "build/zlib-stub";
    fs::create_directories(stub);
    writeFile(stub / "z.map", "ZLIB_99.0 { global: deflate_nebula; local: *; };\n");
    ASSERT_TRUE(python::buildSharedLibrary(stub / "libz.so.1", "int deflate_nebula(void) { return 0; }\n",
                                           {"-Wl,-soname,libz.so.1", "-Wl,--version-script=" + (stub / "z.map").string()}));
    ASSERT_TRUE(python::buildSharedLibrary(m_site / "torch/lib/libtorch_cpu.so",
                                           "int deflate_nebula(void);\nint cpu(void) { return deflate_nebula(); }\n",
                                           {(stub / "libz.so.1").string(), "-Wl,-soname,libtorch_cpu.so"}));
    const RunResult broken = importTorch();
    ASSERT_NE(broken.exitCode, 0);
    ASSERT_NE(broken.err.find("version `ZLIB_99.0' not found"), std::string::npos) << broken.err;

    const RunResult check = torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-import"});
    const QJsonObject missing = finding(check.out, "lib.version-missing");
    ASSERT_FALSE(missing.isEmpty()) << check.out;
    const QJsonObject evidence = missing.value(QLatin1String("evidence")).toObject();
    const QString file = evidence.value(QLatin1String("paths")).toArray().first().toString();
    // What the package manager itself says owns that file (dpkg-query on Debian, as the machines running this are).
    std::string said; // with /usr merged, the database may list the file under /lib or under /usr/lib
    const QString other = file.startsWith(QLatin1String("/usr/")) ? file.mid(4) : QString(QStringLiteral("/usr") + file);
    for (const QString &path : {file, other})
        if (const RunResult dpkg = run({"dpkg-query", "-S", path.toStdString()}, options()); dpkg.exitCode == 0) {
            said = dpkg.out;
            break;
        }
    if (said.empty())
        GTEST_SKIP() << "no package manager here names the owner of " << file.toStdString();
    const QString package = QString::fromStdString(said.substr(0, said.find(':')));
    EXPECT_EQ(evidence.value(QLatin1String("owner")).toObject().value(QLatin1String("system_package")).toString(),
              package)
        << check.out;
    EXPECT_TRUE(missing.value(QLatin1String("detail")).toString().contains(QStringLiteral("system package ") + package))
        << check.out;
}

// A companion built for another torch (its METADATA pins it): the one built for the installed torch.
TEST_F(InstallationCli, ACompanionPinnedToAnotherTorchGetsTheOneBuiltForThisTorch)
{
    const auto pip = [&](const std::string &requirement) {
        runOk({m_python.string(), (m_pip / "pip").string(), "install", "-q", "--disable-pip-version-check",
               "--no-index", "--no-deps", "--find-links", m_wheels.string(), requirement},
              options());
    };
    pip("otterblas==2.0.1");
    writeFile(m_dir / "otter_vision.py", "VERSION = 1\n");
    python::buildWheel(m_wheels, "otter_vision", "0.3", {{"otter_vision.py", m_dir / "otter_vision.py"}},
                       {"torch==2.4.0"});
    python::buildWheel(m_wheels, "otter_vision", "0.4", {{"otter_vision.py", m_dir / "otter_vision.py"}},
                       {"torch==2.5.1", "numpy; python_version < \"3\""});
    pip("otter_vision==0.3");

    const RunResult check = torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-import"});
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const QJsonObject unmet = finding(check.out, "packages.requirement-unmet");
    ASSERT_FALSE(unmet.isEmpty()) << check.out;
    EXPECT_EQ(unmet.value(QLatin1String("title")).toString(),
              QLatin1String("otter_vision 0.3 requires torch==2.4.0, but torch 2.5.1 is installed"));

    const RunResult fix = torchdoctor(
        {"fix", "reinstall", "--python", m_python.string(), "--yes", "--no-index", "--find-links", m_wheels.string()});
    show("torchdoctor fix reinstall --yes --no-index --find-links wheels", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_NE(fix.out.find("--upgrade otter_vision torch==2.5.1 --no-index"), std::string::npos) << fix.out;
    const std::string version = "import importlib.metadata as m; print(m.version('otter_vision'), m.version('torch'))";
    EXPECT_EQ(run({m_python.string(), "-c", version}, options()).out, "0.4 2.5.1\n");

    const RunResult undo = torchdoctor({"undo", "--yes"});
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(run({m_python.string(), "-c", version}, options()).out, "0.3 2.5.1\n");
}

// A companion the companion table knows (read from its releases' METADATA on PyPI): the plan names the exact
// release built for the installed torch before anything changes, and installs that one.
TEST_F(InstallationCli, ACompanionTheTableKnowsGetsTheReleaseTheTableNames)
{
    writeFile(m_dir / "xformers.py", "VERSION = 1\n");
    const auto wheel = [&](const char *version, const char *torch) {
        python::buildWheel(m_wheels, "xformers", version, {{"xformers.py", m_dir / "xformers.py"}}, {torch});
    };
    wheel("0.0.28.post2", "torch==2.5.0");
    wheel("0.0.29.post1", "torch==2.5.1");
    wheel("0.0.30", "torch==2.7.0");
    runOk({m_python.string(), (m_pip / "pip").string(), "install", "-q", "--disable-pip-version-check", "--no-index",
           "--no-deps", "--find-links", m_wheels.string(), "otterblas==2.0.1", "xformers==0.0.28.post2"},
          options());

    const RunResult check = torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-import"});
    const QJsonObject unmet = finding(check.out, "packages.requirement-unmet");
    ASSERT_FALSE(unmet.isEmpty()) << check.out;
    EXPECT_TRUE(unmet.value(QLatin1String("detail")).toString().contains(QStringLiteral(
        "xformers 0.0.29.post1 is the newest release whose wheels require a torch that 2.5.1 satisfies")))
        << check.out;
    const QJsonArray install =
        unmet.value(QLatin1String("evidence")).toObject().value(QLatin1String("install")).toArray();
    EXPECT_EQ(install, (QJsonArray{QStringLiteral("xformers==0.0.29.post1"), QStringLiteral("torch==2.5.1")}));

    const RunResult fix = torchdoctor(
        {"fix", "reinstall", "--python", m_python.string(), "--yes", "--no-index", "--find-links", m_wheels.string()});
    show("torchdoctor fix reinstall --yes (a companion the table knows)", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    const std::string version = "import importlib.metadata as m; print(m.version('xformers'), m.version('torch'))";
    EXPECT_EQ(run({m_python.string(), "-c", version}, options()).out, "0.0.29.post1 2.5.1\n");
    const RunResult undo = torchdoctor({"undo", "--yes"});
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(run({m_python.string(), "-c", version}, options()).out, "0.0.28.post2 2.5.1\n");
}

// ~/.bashrc puts another Python's site-packages, which holds a torch, on PYTHONPATH: that torch is
// imported instead of the venv's own. One finding names the entry and its line, holds the library
// errors of that torch, and the environment repair takes the entry out.
TEST_F(InstallationCli, PythonPathPuttingAnotherPythonsTorchFirstIsTheCauseAndComesOut)
{
    runOk({m_python.string(), (m_pip / "pip").string(), "install", "-q", "--disable-pip-version-check", "--no-index",
           "--find-links", m_wheels.string(), "otterblas==2.0.1"},
          options());
    ASSERT_EQ(importTorch().exitCode, 0); // the venv's own torch works
    const fs::path home = m_dir / "home";
    const fs::path other = home / "py312/lib/python3.12/site-packages";
    ASSERT_TRUE(writeOtherPythonsTorch(other));
    ASSERT_TRUE(python::buildSharedLibrary(other / "torch/_C.cpython-312-x86_64-linux-gnu.so",
                                           "int cuda(void);\nint c(void) { return cuda(); }\n",
                                           {(other / "torch/lib/libtorch_cuda.so").string(), "-Wl,-rpath,$ORIGIN/lib"}));
    const std::string bashrc = "# ~/.bashrc\nexport PYTHONPATH=\"$HOME/py312/lib/python3.12/site-packages\"\nalias ll='ls -l'\n";
    writeFile(home / ".bashrc", bashrc);
    const auto inNewBash = [&](std::vector<std::string> argv) {
        argv.insert(argv.begin(), {"bash", "-c", "source ~/.bashrc; exec \"$@\"", "bash"});
        return run(argv, options());
    };
    const RunResult broken = inNewBash({m_python.string(), "-c", "import torch"});
    ASSERT_NE(broken.err.find("libcudart.so.13: cannot open shared object file"), std::string::npos) << broken.err;

    const RunResult check = inNewBash(
        {config::torchdoctor, "check", "--python", m_python.string(), "--format", "json", "--no-import", "--no-redact"});
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const QJsonArray findings = document(check.out).value(QLatin1String("findings")).toArray();
    ASSERT_FALSE(findings.isEmpty()) << check.out;
    const QJsonObject lead = findings.first().toObject();
    const QJsonObject evidence = lead.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(lead.value(QLatin1String("id")).toString(), QLatin1String("env.suspicious")) << check.out;
    EXPECT_EQ(evidence.value(QLatin1String("variable")).toString(), QLatin1String("PYTHONPATH"));
    EXPECT_EQ(evidence.value(QLatin1String("set_in")).toArray().at(0).toObject().value(QLatin1String("line")).toInt(),
              2);
    EXPECT_NE(QJsonDocument(evidence.value(QLatin1String("symptoms")).toArray()).toJson().indexOf("libcudart.so.13"),
              -1)
        << check.out;
    EXPECT_EQ(explainDisagrees(broken.err, check, inNewBash), "");
    for (const QJsonValue &f : findings) // neither "two torches overlap" nor a row per library of it
        EXPECT_FALSE(f.toObject().value(QLatin1String("id")).toString().startsWith(QLatin1String("lib."))
                     || f.toObject().value(QLatin1String("id")).toString() == QLatin1String("packages.mismatch"))
            << check.out;

    const RunResult fix = inNewBash({config::torchdoctor, "fix", "env", "--python", m_python.string(), "--yes"});
    show("torchdoctor fix env --yes", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_EQ(inNewBash({m_python.string(), "-c", "import torch"}).exitCode, 0);
    const RunResult undo = inNewBash({config::torchdoctor, "undo", "--yes"});
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(readFile(home / ".bashrc"), bashrc);
}

// A .pth file in a venv's site-packages puts another Python's site-packages on sys.path, which holds a
// torch that cannot load: that torch is imported before the one the venv sees from the system (Debian's
// 1.13). One finding names the file, its line and both folders; the environment repair takes the line
// out, and undo puts the file back byte for byte. Python's own `site` is the judge of what the line does.
// `line(other)`: the line that adds the folder `other`.
void InstallationCli::pthPutsAnotherTorchFirst(const std::function<std::string(const fs::path &)> &line)
{
    const fs::path venv = m_dir / "system-venv";
    runOk({python::kSystemPython.string(), "-m", "venv", "--without-pip", "--system-site-packages", venv.string()});
    const fs::path venvPython = venv / "bin/python";
    const std::string version = "import torch; print(torch.__version__)";
    const RunResult own = run({venvPython.string(), "-c", version}, options());
    ASSERT_EQ(own.exitCode, 0) << own.err; // Debian's torch, seen through the system site
    const fs::path other = m_dir / "home/py312/lib/python3.12/site-packages";
    ASSERT_TRUE(writeOtherPythonsTorch(other));
    const fs::path pth = python::sitePackages(venv) / "zz_py312.pth";
    const std::string lines = "# added by an old installer\n" + line(other) + "\n";
    writeFile(pth, lines);
    const RunResult broken = run({venvPython.string(), "-c", "import torch"}, options());
    ASSERT_NE(broken.err.find("libcudart.so.13: cannot open shared object file"), std::string::npos) << broken.err;

    const RunResult check = torchdoctor(
        {"check", "--python", venvPython.string(), "--format", "json", "--no-import", "--no-redact"});
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const QJsonArray findings = document(check.out).value(QLatin1String("findings")).toArray();
    ASSERT_FALSE(findings.isEmpty()) << check.out;
    const QJsonObject lead = findings.first().toObject();
    const QJsonObject evidence = lead.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(lead.value(QLatin1String("id")).toString(), QLatin1String("env.suspicious")) << check.out;
    EXPECT_EQ(evidence.value(QLatin1String("pth_file")).toString().toStdString(), pth.string());
    EXPECT_EQ(evidence.value(QLatin1String("line")).toInt(), 2);
    EXPECT_EQ(evidence.value(QLatin1String("entry")).toString().toStdString(), other.string());
    EXPECT_EQ(evidence.value(QLatin1String("own_copy")).toString(), QLatin1String("/usr/lib/python3/dist-packages"));
    EXPECT_TRUE(lead.value(QLatin1String("detail")).toString().contains(QLatin1String("Python 3.12")))
        << check.out;

    const RunResult fix = torchdoctor({"fix", "env", "--python", venvPython.string(), "--yes"});
    show("torchdoctor fix env --yes", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_EQ(readFile(pth), "# added by an old installer\n");
    EXPECT_EQ(run({venvPython.string(), "-c", version}, options()).out, own.out);
    const RunResult undo = torchdoctor({"undo", "--yes"});
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(readFile(pth), lines);
    EXPECT_NE(run({venvPython.string(), "-c", "import torch"}, options()).exitCode, 0);
}

// `--python` with a path as typed in a terminal, relative to the folder the command runs in (the
// probes start elsewhere): the same interpreter as its absolute path, not "could not be started".
TEST_F(InstallationCli, AnInterpreterNamedByARelativePathIsThatInterpreter)
{
    RunOptions there = options();
    there.workingDir = m_dir.path();
    const RunResult check =
        run({config::torchdoctor, "check", "--python", "venv/bin/python", "--format", "json", "--no-redact"}, there);
    const QJsonObject report = document(check.out);
    EXPECT_EQ(report.value(QLatin1String("python")).toString().toStdString(), (m_dir / "venv/bin/python").string())
        << check.out << check.err;
    EXPECT_EQ(check.out.find("python.unusable"), std::string::npos) << check.out;
    EXPECT_NE(check.out.find("packages.requirement-unmet"), std::string::npos) << check.out; // the venv's own
}

TEST_F(InstallationCli, APthLinePuttingAnotherPythonsTorchFirstIsTheCauseAndComesOut)
{
    pthPutsAnotherTorchFirst([](const fs::path &other) { return other.string(); });
}

// The same with a line of code, which `site` runs at every start (here it puts the folder first of all).
TEST_F(InstallationCli, APthLineOfCodePuttingAnotherPythonsTorchFirstIsTheCauseAndComesOut)
{
    pthPutsAnotherTorchFirst(
        [](const fs::path &other) { return "import sys; sys.path.insert(0, '" + other.string() + "')"; });
}

// Debian's torch 1.13 (built against NumPy 1.x) seen from a venv with NumPy 2 from PyPI: the import
// warns and "Numpy is not available"; `check` names both and installs numpy<2, undone by files.
TEST(NumpyAbi, ATorchBuiltAgainstNumpy1WithNumpy2GetsNumpy1AndBack)
{
    const char *const kNumpy2 = "numpy-2.2.6-manylinux2014_x86_64";
    const char *const kNumpy1 = "numpy-1.26.4-manylinux2014_x86_64";
    ASSERT_TRUE(corpus::has({kNumpy2, kNumpy1}));
    TempDir dir("td-numpy-abi");
    const fs::path wheels = dir / "wheels";
    const fs::path pip = python::copyDebianPipWheel(wheels);
    ASSERT_FALSE(pip.empty());
    for (const auto &entry : fs::directory_iterator(corpus::folder(kNumpy1)))
        fs::copy_file(entry.path(), wheels / entry.path().filename());
    ASSERT_TRUE(run({python::kSystemPython.string(), "-m", "venv", "--without-pip", "--system-site-packages",
                     (dir / "venv").string()})
                    .ok());
    const fs::path venvPython = dir / "venv/bin/python";
    RunOptions o;
    o.setEnv = {{"HOME", (dir / "home").string()}, {"XDG_DATA_HOME", (dir / "data").string()},
                {"PIP_CONFIG_FILE", "/dev/null"}, {"PATH", "/usr/bin:/bin"}};
    o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "VIRTUAL_ENV", "PIP_INDEX_URL", "PIP_FIND_LINKS"};
    o.timeout = std::chrono::seconds(300);
    runOk({venvPython.string(), (pip / "pip").string(), "install", "-q", "--disable-pip-version-check", "--no-deps",
           "--no-compile", "--no-index", "--find-links", corpus::folder(kNumpy2).string(), "numpy==2.2.6"},
          o);
    const std::string arrays = "import torch, numpy; print(numpy.__version__, torch.from_numpy(numpy.zeros(2)).sum())";
    const RunResult broken = run({venvPython.string(), "-c", arrays}, o);
    ASSERT_NE(broken.err.find("Numpy is not available"), std::string::npos) << broken.err;
    ASSERT_NE(broken.err.find("compiled using NumPy 1.x cannot be run in"), std::string::npos) << broken.err;

    const auto torchdoctor = [&](std::vector<std::string> args) {
        args.insert(args.begin(), config::torchdoctor);
        return run(args, o);
    };
    const RunResult check = torchdoctor({"check", "--python", venvPython.string(), "--format", "json", "--no-import"});
    EXPECT_EQ(check.exitCode, 1) << check.err;
    EXPECT_NE(check.out.find("\"packages.numpy-abi\""), std::string::npos) << check.out;
    EXPECT_NE(check.out.find("built against NumPy 1.x, and NumPy 2.2.6 is installed"), std::string::npos);

    const RunResult fix = torchdoctor(
        {"fix", "reinstall", "--python", venvPython.string(), "--yes", "--no-index", "--find-links", wheels.string()});
    show("torchdoctor fix reinstall --yes --no-index --find-links wheels", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_NE(fix.out.find("--no-deps 'numpy<2' --no-index"), std::string::npos) << fix.out;
    const RunResult repaired = run({venvPython.string(), "-c", arrays}, o);
    EXPECT_EQ(repaired.out, "1.26.4 tensor(0., dtype=torch.float64)\n") << repaired.err;

    const RunResult undo = torchdoctor({"undo", "--yes"});
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_NE(run({venvPython.string(), "-c", arrays}, o).err.find("Numpy is not available"), std::string::npos);
}

// A copy of Debian's torch 1.13 in `folder`, every file linked but the compiled core (_C*.so): the torch a
// source checkout is before its build, or an install that lost that one file.
void torchWithoutItsCore(const fs::path &folder)
{
    fs::create_directories(folder);
    for (const auto &entry : fs::directory_iterator(fs::path("/usr/lib/python3/dist-packages/torch")))
        if (entry.path().filename().string().rfind("_C.", 0) != 0)
            fs::create_symlink(entry.path(), folder / entry.path().filename());
}

RunOptions plainRun(const fs::path &dir, const fs::path &startIn)
{
    RunOptions o;
    o.setEnv = {{"HOME", (dir / "home").string()}, {"XDG_DATA_HOME", (dir / "data").string()},
                {"PATH", "/usr/bin:/bin"}};
    o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"};
    o.workingDir = startIn;
    return o;
}

// The lead finding of `check --format json`, and the ids of the symptoms it holds.
std::pair<QJsonObject, QStringList> leadWithSymptoms(const std::string &json)
{
    const QJsonArray findings =
        QJsonDocument::fromJson(QByteArray::fromStdString(json)).object().value(QLatin1String("findings")).toArray();
    const std::optional<checks::Finding> lead = leadOfCheck(json);
    for (const QJsonValue &f : findings)
        if (lead && f.toObject().value(QLatin1String("id")).toString() == lead->id
            && f.toObject().value(QLatin1String("title")).toString() == lead->title) {
            QStringList held;
            for (const QJsonValue &s : f.toObject().value(QLatin1String("evidence")).toObject().value(
                     QLatin1String("symptoms")).toArray())
                held << s.toObject().value(QLatin1String("id")).toString();
            return {f.toObject(), held};
        }
    return {};
}

// Python started in a PyTorch source checkout (setup.py and a torch folder with no build in it) imports that
// torch, not the installed one, and the real import fails with "Failed to load PyTorch C extensions". `check`
// run there leads with that folder, the failed import held under it; started elsewhere, the same Python is
// healthy. `explain` of the real message names both things it can be.
TEST(LocalCopy, ATorchSourceCheckoutWherePythonStartsIsTheCause)
{
    TempDir dir("td-local-copy");
    const fs::path checkout = dir / "pytorch";
    torchWithoutItsCore(checkout / "torch");
    writeFile(checkout / "setup.py", "# PyTorch's build script\n");
    const RunOptions there = plainRun(dir.path(), checkout);
    const RunResult broken = run({python::kSystemPython.string(), "-c", "import torch"}, there);
    ASSERT_NE(broken.err.find("Failed to load PyTorch C extensions"), std::string::npos) << broken.err;

    const RunResult check = run({config::torchdoctor, "check", "--python", python::kSystemPython.string(),
                                 "--format", "json", "--no-redact"}, there);
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const auto [lead, held] = leadWithSymptoms(check.out);
    EXPECT_EQ(lead.value(QLatin1String("id")).toString(), QStringLiteral("python.local-copy")) << check.out;
    const QJsonObject evidence = lead.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(evidence.value(QLatin1String("path")).toString().toStdString(), (checkout / "torch").string());
    EXPECT_EQ(evidence.value(QLatin1String("core_loadable")), QJsonValue(false));
    EXPECT_TRUE(held.contains(QStringLiteral("torch.import-failed"))) << held.join(u' ').toStdString();
    EXPECT_TRUE(lead.value(QLatin1String("detail")).toString().contains(QStringLiteral("source checkout")));
    EXPECT_TRUE(lead.value(QLatin1String("fixes")).toArray().isEmpty()) << "no repair reinstalls its way out";

    const RunResult elsewhere = run({config::torchdoctor, "check", "--python", python::kSystemPython.string(),
                                     "--format", "json"}, plainRun(dir.path(), dir.path()));
    EXPECT_EQ(elsewhere.out.find("python.local-copy"), std::string::npos) << elsewhere.out;
    EXPECT_EQ(elsewhere.out.find("torch.import-failed"), std::string::npos) << elsewhere.out;

    const RunResult explained = run({config::torchdoctor, "explain", broken.err}, there);
    EXPECT_NE(explained.out.find("no compiled core"), std::string::npos) << explained.out;
    EXPECT_NE(explained.out.find("started in a folder that holds a folder named torch"), std::string::npos);
}

// A venv whose torch lost its compiled core: `check` names the folder and what it lacks, with the failed
// import under it and the reinstall as its repair; `explain` of the real message, run where it was printed,
// leads with the same finding (the agreement the other cases are held to).
TEST(LocalCopy, AnInstalledTorchWithoutItsCoreIsNamedByCheckAndExplainAlike)
{
    TempDir dir("td-core-missing");
    const fs::path venvPython = python::makeVenv(dir / "venv");
    ASSERT_FALSE(venvPython.empty());
    torchWithoutItsCore(python::sitePackages(dir / "venv") / "torch");
    const RunOptions o = plainRun(dir.path(), dir.path());
    const RunResult broken = run({venvPython.string(), "-c", "import torch"}, o);
    ASSERT_NE(broken.err.find("Failed to load PyTorch C extensions"), std::string::npos) << broken.err;

    const RunResult check = run({config::torchdoctor, "check", "--python", venvPython.string(), "--format",
                                 "json", "--no-redact"}, o);
    const auto [lead, held] = leadWithSymptoms(check.out);
    EXPECT_EQ(lead.value(QLatin1String("id")).toString(), QStringLiteral("torch.core-missing")) << check.out;
    EXPECT_TRUE(held.contains(QStringLiteral("torch.import-failed"))) << held.join(u' ').toStdString();
    EXPECT_EQ(lead.value(QLatin1String("fixes")).toArray(), QJsonArray{QStringLiteral("reinstall")});

    const RunResult json = run({config::torchdoctor, "explain", "--json", broken.err}, o);
    const RunResult text = run({config::torchdoctor, "explain", broken.err}, o);
    EXPECT_EQ(explainDisagrees(json.out, text.out, check.out), "");
}

// A file of the person's own named like a package torch imports (here typing_extensions.py, a name no code
// of TorchDoctor knows) breaks `import torch` started beside it: `check` names the file and the package it
// hides, and holds the failed import under it. `fix env` renames the file, after which the real import
// works there; `undo` gives it its name and bytes back, and the import fails again.
TEST(LocalCopy, AModuleOfOnesOwnNamedLikeAnInstalledOneIsTheCauseAndIsRenamedAside)
{
    TempDir dir("td-local-module");
    const fs::path project = dir / "otter";
    fs::create_directories(project);
    writeFile(project / "typing_extensions.py", "def helper():\n    return 1\n");
    const RunOptions there = plainRun(dir.path(), project);
    const RunResult broken = run({python::kSystemPython.string(), "-c", "import torch"}, there);
    ASSERT_NE(broken.err.find((project / "typing_extensions.py").string()), std::string::npos) << broken.err;

    const RunResult check = run({config::torchdoctor, "check", "--python", python::kSystemPython.string(),
                                 "--format", "json", "--no-redact"}, there);
    const auto [lead, held] = leadWithSymptoms(check.out);
    EXPECT_EQ(lead.value(QLatin1String("id")).toString(), QStringLiteral("python.local-copy")) << check.out;
    EXPECT_EQ(lead.value(QLatin1String("evidence")).toObject().value(QLatin1String("module")).toString(),
              QStringLiteral("typing_extensions"));
    EXPECT_TRUE(held.contains(QStringLiteral("torch.import-failed"))) << held.join(u' ').toStdString();
    EXPECT_EQ(lead.value(QLatin1String("fixes")).toArray(), QJsonArray{QStringLiteral("env")});

    const std::string before = python::treeHashes(project);
    const RunResult fix =
        run({config::torchdoctor, "fix", "env", "--python", python::kSystemPython.string(), "--yes"}, there);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_NE(fix.out.find("Fixed."), std::string::npos) << fix.out;
    EXPECT_FALSE(fs::exists(project / "typing_extensions.py"));
    EXPECT_TRUE(fs::is_regular_file(project / "typing_extensions.py.local-copy"));
    EXPECT_TRUE(run({python::kSystemPython.string(), "-c", "import torch"}, there).ok());

    const RunResult undo = run({config::torchdoctor, "undo", "--yes"}, there);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(python::treeHashes(project), before);
    EXPECT_FALSE(run({python::kSystemPython.string(), "-c", "import torch"}, there).ok());
}

// A venv made from a Python that was removed since (a copy of Debian's python3.11, deleted): its python
// does not start. `check` names the venv and the Python of the same version to make it again on, and
// says "not checked" for what it could not look at; the repair makes it again on that Python with the
// packages it held (torch from the system site, a package of its own), and undo puts the old venv back
// byte for byte. The real import is the judge.
TEST(VenvBaseGone, IsNamedMadeAgainOnTheSamePythonWithItsPackagesAndPutBack)
{
    TempDir dir("td-venv-base-gone");
    const fs::path real = fs::canonical(python::kSystemPython);
    const fs::path base = dir / "base/bin" / real.filename();
    fs::create_directories(base.parent_path());
    fs::copy_file(real, base);
    fs::permissions(base, fs::perms::owner_all, fs::perm_options::add);
    RunOptions o;
    o.setEnv = {{"HOME", (dir / "home").string()}, {"XDG_DATA_HOME", (dir / "data").string()},
                {"PATH", "/usr/bin:/bin"}};
    o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"};
    o.timeout = std::chrono::seconds(300);
    const fs::path venv = dir / "venv";
    runOk({base.string(), "-m", "venv", "--without-pip", "--system-site-packages", venv.string()}, o);
    writeFile(python::sitePackages(venv) / "otter_venv_tool/__init__.py", "VALUE = 42\n");
    const std::string python = (venv / "bin/python").string();
    const auto judge = [&] {
        return run({python, "-c", "import torch, otter_venv_tool; print(torch.__version__, otter_venv_tool.VALUE)"},
                   o);
    };
    const RunResult working = judge();
    ASSERT_EQ(working.exitCode, 0) << working.err;
    fs::remove_all(dir / "base");
    ASSERT_NE(judge().exitCode, 0);
    const std::string before = python::treeHashes(venv);

    const auto torchdoctor = [&](std::vector<std::string> args) {
        args.insert(args.begin(), config::torchdoctor);
        return run(args, o);
    };
    const RunResult check = torchdoctor({"check", "--python", python, "--format", "json"});
    EXPECT_EQ(check.exitCode, 1) << check.err;
    const QJsonArray findings =
        QJsonDocument::fromJson(QByteArray::fromStdString(check.out)).object().value(QLatin1String("findings")).toArray();
    ASSERT_FALSE(findings.isEmpty()) << check.out;
    const QJsonObject gone = findings.first().toObject();
    EXPECT_EQ(gone.value(QLatin1String("id")).toString(), QLatin1String("python.venv-base-gone")) << check.out;
    const QJsonObject evidence = gone.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(evidence.value(QLatin1String("base")).toString().toStdString(), base.string());
    EXPECT_EQ(QFileInfo(evidence.value(QLatin1String("recreate_with")).toString()).canonicalFilePath().toStdString(),
              real.string());
    EXPECT_EQ(gone.value(QLatin1String("fixes")).toArray(), QJsonArray{QLatin1String("reinstall")});
    EXPECT_EQ(check.out.find("python.unusable"), std::string::npos) << check.out;
    const RunResult text = torchdoctor({"check", "--python", python});
    EXPECT_NE(text.out.find("[-] PyTorch: not checked (no Python interpreter that runs)"), std::string::npos)
        << text.out;
    EXPECT_EQ(text.out.find("[✓] Packages"), std::string::npos) << text.out;

    const RunResult fix = torchdoctor({"fix", "reinstall", "--python", python, "--yes"});
    show("torchdoctor fix reinstall --yes", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    // (Debian's torch is read without its Python binding in the venv: no empty file name is opened.)
    EXPECT_EQ(fix.err.find("warning:"), std::string::npos) << fix.err;
    EXPECT_EQ(judge().out, working.out);
    EXPECT_TRUE(fs::exists(dir / "venv.base-gone/pyvenv.cfg"));

    const RunResult undo = torchdoctor({"undo", "--yes"});
    show("torchdoctor undo --yes", undo);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_FALSE(fs::exists(dir / "venv.base-gone"));
    EXPECT_EQ(python::treeHashes(venv), before);
    EXPECT_NE(judge().exitCode, 0);
}

// A venv made from a Python 3.10 that was removed since (a copy of pyenv's, deleted), on a machine whose
// only other Python is Debian's 3.11: its packages (two made up here, one pinning the other) were
// installed for 3.10. `check` names the venv, Debian's Python to make it again on, and the exact
// distributions to install again; the repair does that from a wheelhouse that also holds a newer
// version (the pin is kept), the real import works on 3.11, and undo puts the old venv back byte for
// byte (the import fails again).
TEST(VenvBaseGone, OnAnotherPythonItsDistributionsAreInstalledAgainAtTheirVersions)
{
    const fs::path python310 = python::pythonOfSeries("3.10");
    ASSERT_FALSE(python310.empty()) << "this test needs a Python 3.10 (/usr/bin/python3.10 or pyenv's 3.10.x)";
    TempDir dir("td-venv-other-series");
    const fs::path prefix = python310.parent_path().parent_path();
    const fs::path base = dir / "base";
    fs::create_directories(base / "bin");
    fs::copy_file(python310, base / "bin/python3.10");
    if (!run({"cp", "-al", (prefix / "lib").string(), (base / "lib").string()}).ok()) // links where it may
        runOk({"cp", "-a", (prefix / "lib").string(), (base / "lib").string()});
    RunOptions o;
    o.setEnv = {{"HOME", (dir / "home").string()}, {"XDG_DATA_HOME", (dir / "data").string()},
                {"PATH", "/usr/bin:/bin"}, {"PYENV_ROOT", (dir / "no-pyenv").string()}};
    o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"};
    o.timeout = std::chrono::seconds(300);
    const fs::path venv = dir / "venv";
    const std::string python = (venv / "bin/python").string();
    runOk({(base / "bin/python3.10").string(), "-m", "venv", "--without-pip", venv.string()}, o);
    const fs::path wheels = dir / "wheels";
    writeFile(dir / "src/burrow_kit.py", "LEVEL = 3\n");
    writeFile(dir / "src/burrow_app.py", "import burrow_kit\nVALUE = burrow_kit.LEVEL * 7\n");
    for (const char *version : {"1.4.0", "1.5.0"})
        python::buildWheel(wheels, "burrow-kit", version, {{"burrow_kit.py", dir / "src/burrow_kit.py"}});
    python::buildWheel(wheels, "burrow-app", "2.0.1", {{"burrow_app.py", dir / "src/burrow_app.py"}},
                       {"burrow-kit==1.4.0"});
    runOk({(base / "bin/python3.10").string(), "-m", "pip", "--python", python, "install", "--no-index",
           "--find-links", wheels.string(), "burrow-app"}, o);
    const std::string judge = "import burrow_app, sys, importlib.metadata as m; "
                              "print(burrow_app.VALUE, m.version('burrow-kit'), sys.version_info[:2])";
    EXPECT_EQ(run({python, "-c", judge}, o).out, "21 1.4.0 (3, 10)\n");
    fs::remove_all(base);
    ASSERT_FALSE(run({python, "-c", judge}, o).ok());
    const std::string before = python::treeHashes(venv);

    const RunResult check = run({config::torchdoctor, "check", "--python", python, "--format", "json"}, o);
    const QJsonObject gone = QJsonDocument::fromJson(QByteArray::fromStdString(check.out))
                                 .object().value(QLatin1String("findings")).toArray().first().toObject();
    EXPECT_EQ(gone.value(QLatin1String("id")).toString(), QLatin1String("python.venv-base-gone")) << check.out;
    const QJsonObject evidence = gone.value(QLatin1String("evidence")).toObject();
    EXPECT_EQ(QFileInfo(evidence.value(QLatin1String("recreate_with")).toString()).canonicalFilePath().toStdString(),
              fs::canonical(python::kSystemPython).string());
    EXPECT_EQ(evidence.value(QLatin1String("reinstall")).toArray(),
              (QJsonArray{QStringLiteral("burrow-app==2.0.1"), QStringLiteral("burrow-kit==1.4.0")}));
    EXPECT_EQ(gone.value(QLatin1String("fixes")).toArray(), QJsonArray{QLatin1String("reinstall")});

    const RunResult fix = run({config::torchdoctor, "fix", "reinstall", "--python", python, "--yes", "--no-index",
                               "--find-links", wheels.string()}, o);
    show("torchdoctor fix reinstall --yes (another Python)", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    EXPECT_NE(fix.out.find("burrow-app==2.0.1 burrow-kit==1.4.0"), std::string::npos) << fix.out;
    EXPECT_EQ(run({python, "-c", judge}, o).out, "21 1.4.0 (3, 11)\n");
    EXPECT_TRUE(fs::exists(dir / "venv.base-gone/pyvenv.cfg"));

    const RunResult undo = run({config::torchdoctor, "undo", "--yes"}, o);
    show("torchdoctor undo --yes", undo);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_FALSE(fs::exists(dir / "venv.base-gone"));
    EXPECT_EQ(python::treeHashes(venv), before);
    EXPECT_FALSE(run({python, "-c", judge}, o).ok());
}


} // namespace
} // namespace td::test
