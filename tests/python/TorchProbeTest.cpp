// SPDX-License-Identifier: GPL-3.0-or-later
#include "PythonFixtures.h"
#include "TestConfig.h"

#include "python/ImportError.h"
#include "platform/Language.h"
#include "python/TorchProbe.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>

#include <fstream>
#include <iostream>
#include <thread>

using namespace td::python;
using namespace td::test;
using namespace td::test::python;
using Outcome = ImportResult::Outcome;
using namespace std::chrono_literals;

namespace {

std::string s(const QString &text)
{
    return text.toStdString();
}

bool systemPythonHasTorch()
{
    return fs::exists(kSystemPython)
           && run({kSystemPython.string(), "-c",
                   "import importlib.util as u, sys; "
                   "sys.exit(u.find_spec('torch') is None)"})
                  .ok();
}

// A venv whose torch/__init__.py is `init`.
struct FakeTorchVenv {
    explicit FakeTorchVenv(const std::string &init, const fs::path &where = {})
    {
        const fs::path dir = where.empty() ? tmp / "venv" : where;
        python = makeVenv(dir);
        site = sitePackages(dir);
        writeFakeTorch(site, init);
    }
    TempDir tmp{"td-python"};
    fs::path python;
    fs::path site;
};

void printImport(const char *name, const ImportResult &r)
{
    std::cout << "[" << name << "] outcome=" << static_cast<int>(r.outcome) << " type=" << s(r.exceptionType)
              << " message=" << s(r.message) << " crash=" << s(r.crashName) << " signal=" << r.signal
              << " exit=" << r.exitCode << " elapsed=" << r.elapsedMs << " ms\n";
}

} // namespace

TEST(ProbeScript, IsCompiledInAsciiAndSmallEnoughForACommandLine)
{
    const QString script = probeScript();
    ASSERT_FALSE(script.isEmpty());
    EXPECT_TRUE(script.startsWith(QLatin1String("# SPDX-License-Identifier: GPL-3.0-or-later")));
    for (const QChar c : script)
        ASSERT_LT(c.unicode(), 128U) << "the script must stay ASCII (it is passed with -c)";
    // With the longest program path Windows allows (260) and the arguments, it stays under its 32767.
    EXPECT_LT(script.size(), 30000) << "Windows limits a command line to 32767 characters";
}

TEST(ProbeScript, JsonIsFoundAfterTheMarkerWhateverComesAround)
{
    EXPECT_EQ(extractProbeJson("garbage {\"not\": 1}\n@@TORCHDOCTOR-PROBE-JSON@@\n{\"ok\": true}\nmore garbage"),
              QByteArray("{\"ok\": true}"));
    EXPECT_EQ(extractProbeJson("@@TORCHDOCTOR-PROBE-JSON@@\r\n{\"a\": 1}"), QByteArray("{\"a\": 1}"));
    EXPECT_TRUE(extractProbeJson("{\"ok\": true}").isEmpty());
    EXPECT_TRUE(extractProbeJson("").isEmpty());
}

TEST(ProbeScript, CrashNames)
{
    EXPECT_EQ(s(crashName(11, 0)), "SIGSEGV");
    EXPECT_EQ(s(crashName(6, 0)), "SIGABRT");
    EXPECT_EQ(s(crashName(0, static_cast<int>(0xC0000005U))), "STATUS_ACCESS_VIOLATION");
    EXPECT_EQ(s(crashName(0, static_cast<int>(0xC0000409U))), "STATUS_STACK_BUFFER_OVERRUN");
    EXPECT_TRUE(crashName(0, 1).isEmpty());
}

TEST(SystemPython, StaticProbeFindsDebianTorch)
{
    if (!systemPythonHasTorch())
        GTEST_SKIP() << "no python3-torch for /usr/bin/python3";
    const StaticProbe p = probeStatic(qs(kSystemPython));
    std::cout << "static probe of /usr/bin/python3: " << p.elapsedMs << " ms\n";
    const Interpreter &in = p.interpreter;
    ASSERT_TRUE(in.usable) << s(in.problem);
    EXPECT_EQ(in.version.majorVersion(), 3);
    EXPECT_EQ(in.bits, 64);
    EXPECT_EQ(s(in.implementation), "cpython");
    EXPECT_EQ(s(in.platform), "linux");
    EXPECT_EQ(s(in.prefix), "/usr");
    EXPECT_FALSE(in.isVenv);
    EXPECT_EQ(in.realPath, QFileInfo(qs(kSystemPython)).canonicalFilePath());

    const TorchInstall &t = p.torch;
    ASSERT_TRUE(t.installed);
    EXPECT_TRUE(t.version.startsWith(QLatin1String("1.13"))) << s(t.version);
    EXPECT_EQ(s(t.packageDir), "/usr/lib/python3/dist-packages/torch");
    EXPECT_EQ(s(t.versionPyVersion), "1.13.0a0");
    EXPECT_TRUE(t.versionPyCuda.isEmpty()); // Debian's is a CPU build
    EXPECT_FALSE(t.debugBuild);
    EXPECT_EQ(t.torchDistributions.size(), 1);
    EXPECT_TRUE(t.nativeLibraries.contains(QLatin1String("/usr/lib/python3/dist-packages/torch/lib/libtorch_cpu.so")));
    EXPECT_TRUE(std::any_of(t.nativeLibraries.begin(), t.nativeLibraries.end(),
                            [](const QString &f) { return f.contains(QLatin1String("/torch/_C.cpython-")); }));
    EXPECT_TRUE(t.foreignExtensions.isEmpty());
    // Debian's torch/lib holds links into /usr/lib/<triplet>; some point at
    // packages that are not installed. Whatever is said must be true.
    for (const QString &lib : t.nativeLibraries)
        EXPECT_EQ(QFileInfo::exists(lib), !t.danglingLibraries.contains(lib)) << s(lib);
    std::cout << t.nativeLibraries.size() << " native libraries, " << t.danglingLibraries.size() << " dangling\n";
    EXPECT_TRUE(std::any_of(t.companions.begin(), t.companions.end(),
                            [](const PackageInfo &c) { return c.name == QLatin1String("numpy"); }));
    EXPECT_TRUE(std::any_of(p.environment.begin(), p.environment.end(),
                            [](const auto &kv) { return kv.first == QLatin1String("PATH"); }));
    EXPECT_LT(p.elapsedMs, 2000);
}

TEST(SystemPython, ImportSucceedsWithoutCuda)
{
    if (!systemPythonHasTorch())
        GTEST_SKIP() << "no python3-torch for /usr/bin/python3";
    const ImportResult r = probeImport(qs(kSystemPython));
    printImport("system import", r);
    ASSERT_EQ(r.outcome, Outcome::Ok) << s(r.message) << "\n" << s(r.stderrTail);
    EXPECT_TRUE(r.version.startsWith(QLatin1String("1.13"))) << s(r.version);
    EXPECT_EQ(s(r.location), "/usr/lib/python3/dist-packages/torch/__init__.py");
    EXPECT_FALSE(r.cudaAvailable);
    EXPECT_EQ(r.deviceCount, 0);
    EXPECT_TRUE(r.deviceNames.isEmpty());
    EXPECT_TRUE(r.cudaVersion.isEmpty());
    EXPECT_FALSE(r.mpsAvailable);
}

TEST(PathPython, TheFirstPython3OnPathHasNoTorch)
{
    const QString onPath = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (onPath.isEmpty() || QFileInfo(onPath).canonicalFilePath() == QFileInfo(qs(kSystemPython)).canonicalFilePath())
        GTEST_SKIP() << "the first python3 on PATH is /usr/bin/python3";
    const StaticProbe p = probeStatic(onPath);
    ASSERT_TRUE(p.interpreter.usable) << s(p.interpreter.problem);
    if (p.torch.installed)
        GTEST_SKIP() << "this python3 has torch";
    EXPECT_NE(p.interpreter.realPath, QFileInfo(qs(kSystemPython)).canonicalFilePath());

    const ImportResult r = probeImport(onPath);
    printImport("PATH python3", r);
    ASSERT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(s(r.exceptionType), "ModuleNotFoundError");
    const ClassifiedError e = classifyImportError(r.message);
    EXPECT_EQ(e.kind, ClassifiedError::Kind::ModuleNotFound);
    EXPECT_EQ(s(e.module), "torch");
}

TEST(BrokenVenv, MissingSharedLibraryIsNamed)
{
    FakeTorchVenv venv("import ctypes, os\n"
                       "ctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cpu.so'))\n");
    const fs::path lib = venv.site / "torch" / "lib";
    // A name of our own: a real libcudnn.so.9 may be on the loader's path.
    ASSERT_TRUE(buildSharedLibrary(lib / "libtdfixture_cudnn.so.9", "int cudnnGetVersion(void) { return 90100; }\n",
                                   {"-Wl,-soname,libtdfixture_cudnn.so.9"}));
    ASSERT_TRUE(buildSharedLibrary(lib / "libtorch_cpu.so",
                                   "int cudnnGetVersion(void);\nint torch_init(void) { return cudnnGetVersion(); }\n",
                                   {"-L" + lib.string(), "-l:libtdfixture_cudnn.so.9", "-Wl,-rpath,$ORIGIN"}));
    fs::remove(lib / "libtdfixture_cudnn.so.9");

    const StaticProbe p = probeStatic(qs(venv.python));
    ASSERT_TRUE(p.interpreter.usable) << s(p.interpreter.problem);
    EXPECT_TRUE(p.interpreter.isVenv);
    EXPECT_EQ(s(p.torch.version), "9.9.9");
    EXPECT_EQ(s(p.torch.installer), "pip");
    EXPECT_TRUE(p.torch.nativeLibraries.contains(qs(lib / "libtorch_cpu.so")));

    const ImportResult r = probeImport(qs(venv.python), 30s);
    printImport("missing library", r);
    ASSERT_EQ(r.outcome, Outcome::Failed) << s(r.message);
    EXPECT_EQ(s(r.exceptionType), "OSError");
    EXPECT_TRUE(r.message.contains(QLatin1String("cannot open shared object file"))) << s(r.message);
    EXPECT_TRUE(r.traceback.contains(QLatin1String("torch/__init__.py"))) << s(r.traceback);
    const ClassifiedError e = classifyImportError(r.traceback);
    EXPECT_EQ(e.kind, ClassifiedError::Kind::MissingSharedObject);
    EXPECT_EQ(s(e.library), "libtdfixture_cudnn.so.9");
}

TEST(BrokenVenv, AbortIsACrashWithSigabrt)
{
    FakeTorchVenv venv("import os\nos.abort()\n");
    const ImportResult r = probeImport(qs(venv.python), 30s);
    printImport("abort", r);
    ASSERT_EQ(r.outcome, Outcome::Crashed) << s(r.message) << s(r.stderrTail);
    EXPECT_EQ(r.signal, SIGABRT);
    EXPECT_EQ(s(r.crashName), "SIGABRT");
    // faulthandler named the place.
    EXPECT_TRUE(r.stderrTail.contains(QLatin1String("torch/__init__.py"))) << s(r.stderrTail);
}

TEST(BrokenVenv, SegfaultIsACrashWithSigsegv)
{
    FakeTorchVenv venv("import ctypes\nctypes.string_at(0)\n");
    const ImportResult r = probeImport(qs(venv.python), 30s);
    printImport("segfault", r);
    ASSERT_EQ(r.outcome, Outcome::Crashed) << s(r.message) << s(r.stderrTail);
    EXPECT_EQ(r.signal, SIGSEGV);
    EXPECT_EQ(s(r.crashName), "SIGSEGV");
    EXPECT_TRUE(r.stderrTail.contains(QLatin1String("Segmentation fault"))) << s(r.stderrTail);
}

TEST(BrokenVenv, HangTimesOutAndLeavesNoProcessBehind)
{
    TempDir pids("td-pids");
    const std::string init = "import os, subprocess, time\n"
                             "child = subprocess.Popen(['sleep', '300'])\n"
                             "with open("
                             + std::string("'") + (pids / "pids").string()
                             + "', 'w') as f:\n"
                               "    f.write('%d %d' % (os.getpid(), child.pid))\n"
                               "time.sleep(600)\n";
    FakeTorchVenv venv(init);
    const auto started = std::chrono::steady_clock::now();
    const ImportResult r = probeImport(qs(venv.python), 3s);
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    printImport("hang", r);
    ASSERT_EQ(r.outcome, Outcome::TimedOut) << s(r.message);
    EXPECT_GE(r.elapsedMs, 3000);
    EXPECT_LT(took.count(), 8000);
    // faulthandler showed where it waited before the end.
    EXPECT_TRUE(r.stderrTail.contains(QLatin1String("torch/__init__.py"))) << s(r.stderrTail);

    long python = 0, sleeper = 0;
    std::ifstream(pids / "pids") >> python >> sleeper;
    ASSERT_GT(python, 0);
    ASSERT_GT(sleeper, 0);
    for (int i = 0; i < 40 && (processRunning(python) || processRunning(sleeper)); ++i)
        std::this_thread::sleep_for(50ms);
    EXPECT_FALSE(processRunning(python));
    EXPECT_FALSE(processRunning(sleeper)) << "the grandchild outlived the timeout";
}

TEST(BrokenVenv, GarbageOnStdoutDoesNotHideTheAnswer)
{
    FakeTorchVenv venv("import os, sys\n"
                       "print('garbage {\"ok\": true} not json')\n"
                       "sys.stdout.write('no newline at the end')\n"
                       "os.write(1, b'\\n@@ raw bytes \\xff\\xfe on fd 1 {')\n"
                       "raise ImportError('broken on purpose')\n");
    const ImportResult r = probeImport(qs(venv.python), 30s);
    printImport("garbage", r);
    ASSERT_EQ(r.outcome, Outcome::Failed) << s(r.message) << s(r.stderrTail);
    EXPECT_EQ(s(r.exceptionType), "ImportError");
    EXPECT_EQ(s(r.message), "broken on purpose");
    EXPECT_TRUE(r.stderrTail.contains(QLatin1String("garbage"))); // it went to stderr, not lost
}

TEST(BrokenVenv, FakeTorchThatImportsIsOk)
{
    FakeTorchVenv venv("__version__ = '9.9.9'\n");
    const ImportResult r = probeImport(qs(venv.python), 30s);
    ASSERT_EQ(r.outcome, Outcome::Ok) << s(r.message) << s(r.stderrTail);
    EXPECT_EQ(s(r.version), "9.9.9");
    EXPECT_FALSE(r.cudaAvailable);
    EXPECT_FALSE(r.warnings.isEmpty()); // it has no torch.cuda: each question failed on its own
}

TEST(BrokenVenv, TwoTorchDistributionsAreBothReported)
{
    FakeTorchVenv venv("");
    fs::create_directories(venv.site / "torch-2.0.0.dist-info");
    writeFile(venv.site / "torch-2.0.0.dist-info" / "METADATA", "Name: torch\nVersion: 2.0.0\n");
    writeFile(venv.site / "torch" / "_C.cpython-38-x86_64-linux-gnu.so", "not really");
    fs::create_symlink("/nonexistent/libc10.so.2", venv.site / "torch" / "lib" / "libc10.so");
    const StaticProbe p = probeStatic(qs(venv.python));
    ASSERT_TRUE(p.interpreter.usable) << s(p.interpreter.problem);
    EXPECT_EQ(p.torch.torchDistributions.size(), 2);
    EXPECT_TRUE(p.torch.foreignExtensions.contains(qs(venv.site / "torch" / "_C.cpython-38-x86_64-linux-gnu.so")));
    EXPECT_TRUE(p.torch.danglingLibraries.contains(qs(venv.site / "torch" / "lib" / "libc10.so")));
}

TEST(NotPython, EveryKindIsUnusableWithAReason)
{
    TempDir tmp("td-notpy");
    writeFile(tmp / "garbage.sh", "#!/bin/sh\necho 'this is not python'\n");
    fs::permissions(tmp / "garbage.sh", fs::perms::owner_all);
    writeFile(tmp / "noexec", "#!/bin/sh\necho hi\n");
    fs::permissions(tmp / "noexec", fs::perms::owner_read | fs::perms::owner_write);
    fs::create_directories(tmp / "adir");
    fs::create_symlink(tmp / "gone", tmp / "dangling");

    const struct {
        fs::path path;
        const char *expected;
    } cases[] = {
        {"/bin/false", "printed nothing"},         {tmp / "garbage.sh", "printed no JSON: “this is not python"},
        {tmp / "noexec", "not executable"},        {tmp / "missing" / "python3", "not found"},
        {tmp / "adir", "a folder, not a program"}, {tmp / "dangling", "a link to a missing file"},
    };
    for (const auto &c : cases) {
        const StaticProbe p = probeStatic(qs(c.path), 10s);
        EXPECT_FALSE(p.interpreter.usable) << c.path;
        EXPECT_TRUE(p.interpreter.problem.contains(QString::fromUtf8(c.expected)))
            << c.path << ": " << s(p.interpreter.problem);
        const ImportResult r = probeImport(qs(c.path), 10s);
        EXPECT_EQ(r.outcome, Outcome::ProbeFailed) << c.path;
        EXPECT_FALSE(r.message.isEmpty());
    }
}

TEST(NotPython, AnEnvironmentTooBigToPassOnIsNamed)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("PATH"), QString(200 * 1024, QLatin1Char('x')));
    const StaticProbe p = probeStatic(qs(kSystemPython), 10s, {}, env);
    EXPECT_FALSE(p.interpreter.usable);
    EXPECT_TRUE(p.interpreter.problem.contains(QLatin1String("PATH is 204800 bytes long"))) << s(p.interpreter.problem);
}

TEST(NotPython, MicrosoftStoreStubIsReportedNotRun)
{
    TempDir tmp("td-store");
    const fs::path apps = tmp / "AppData" / "Local" / "Microsoft" / "WindowsApps";
    fs::create_directories(apps);
    writeFile(apps / "python.exe", "");
    fs::permissions(apps / "python.exe", fs::perms::owner_all);
    EXPECT_TRUE(isStoreAliasStub(qs(apps / "python.exe")));
    const StaticProbe p = probeStatic(qs(apps / "python.exe"));
    EXPECT_FALSE(p.interpreter.usable);
    EXPECT_TRUE(p.interpreter.problem.contains(QLatin1String("Microsoft Store alias"))) << s(p.interpreter.problem);
    EXPECT_EQ(probeImport(qs(apps / "python.exe")).outcome, Outcome::ProbeFailed);

    // With the Store's Python installed, the same alias starts it.
    fs::create_directories(apps / "PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0");
    EXPECT_FALSE(isStoreAliasStub(qs(apps / "python.exe")));
}

TEST(OldPython, Python2SaysWhatItIs)
{
    const char *python2 = "/root/.pyenv/versions/2.7.18/bin/python";
    if (!fs::exists(python2))
        GTEST_SKIP() << "no Python 2.7 here";
    const StaticProbe p = probeStatic(QString::fromLatin1(python2));
    EXPECT_FALSE(p.interpreter.usable);
    EXPECT_EQ(p.interpreter.version, QVersionNumber(2, 7, 18));
    EXPECT_TRUE(p.interpreter.problem.contains(QLatin1String("older than 3.6"))) << s(p.interpreter.problem);
}

// The real probe script in a Python 3 that says it is 2.7: the reason names both versions, in the
// user's language (the probe writes English).
TEST(OldPython, TheReasonIsInTheUsersLanguage)
{
    TempDir tmp("td-python");
    const fs::path fake = tmp / "python2.7";
    writeFile(fake, "#!/bin/sh\nshift\n" // -c: the probe script is $1, its arguments follow
                    "exec " + kSystemPython.string()
                        + " -c \"import sys; sys.version_info = (2, 7, 18, 'final', 0); "
                          "exec(compile(sys.argv.pop(1), '<probe>', 'exec'))\" \"$@\"\n");
    fs::permissions(fake, fs::perms::owner_all);
    const StaticProbe english = probeStatic(qs(fake));
    EXPECT_FALSE(english.interpreter.usable);
    EXPECT_EQ(s(english.interpreter.problem), "Python 2.7 is older than 3.6: not supported");

    static int argc = 1;
    static char name[] = "test_python_probe";
    static char *argv[] = {name, nullptr};
    const QCoreApplication app(argc, argv);
    ASSERT_TRUE(td::platform::Language::apply(QStringLiteral("zh_CN")));
    const StaticProbe chinese = probeStatic(qs(fake));
    const ImportResult imported = probeImport(qs(fake), 30s);
    td::platform::Language::apply(QStringLiteral("en"));
    EXPECT_EQ(chinese.interpreter.problem.toStdString(), "Python 2.7 早于 3.6：不受支持");
    EXPECT_EQ(imported.outcome, Outcome::ProbeFailed);
    EXPECT_EQ(imported.problem.toStdString(), "Python 2.7 早于 3.6：不受支持");
}

TEST(OldPython, Python36IsProbed)
{
    const char *python36 = "/root/.pyenv/versions/3.6.15/bin/python3";
    if (!fs::exists(python36))
        GTEST_SKIP() << "no Python 3.6 here";
    const StaticProbe p = probeStatic(QString::fromLatin1(python36));
    ASSERT_TRUE(p.interpreter.usable) << s(p.interpreter.problem);
    EXPECT_EQ(p.interpreter.version, QVersionNumber(3, 6, 15));
    EXPECT_TRUE(p.notes.isEmpty()) << s(p.notes.join(QLatin1Char('\n')));
    const ImportResult r = probeImport(QString::fromLatin1(python36), 30s);
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(s(r.exceptionType), "ModuleNotFoundError");
}

TEST(Paths, NonAsciiVenv)
{
    TempDir tmp("td-python");
    FakeTorchVenv venv("__version__ = '9.9.9'\n", tmp / "用户 ü" / "my env");
    const StaticProbe p = probeStatic(qs(venv.python));
    ASSERT_TRUE(p.interpreter.usable) << s(p.interpreter.problem);
    EXPECT_TRUE(p.interpreter.prefix.contains(QString::fromUtf8("用户 ü"))) << s(p.interpreter.prefix);
    EXPECT_EQ(p.torch.packageDir, qs(venv.site / "torch"));
    EXPECT_EQ(s(p.torch.version), "9.9.9");
    const ImportResult r = probeImport(qs(venv.python), 30s);
    ASSERT_EQ(r.outcome, Outcome::Ok) << s(r.message) << s(r.stderrTail);
    EXPECT_TRUE(r.location.contains(QString::fromUtf8("用户 ü"))) << s(r.location);
}

TEST(Paths, VeryLongVenvPath)
{
    TempDir tmp("td-python");
    fs::path dir = tmp.path();
    while (dir.string().size() < 220)
        dir /= "a-rather-long-folder-name";
    FakeTorchVenv venv("raise ImportError('from a long path')\n", dir / "venv");
    ASSERT_GT(venv.python.string().size(), 200U);
    const StaticProbe p = probeStatic(qs(venv.python));
    ASSERT_TRUE(p.interpreter.usable) << s(p.interpreter.problem);
    EXPECT_EQ(p.torch.packageDir, qs(venv.site / "torch"));
    const ImportResult r = probeImport(qs(venv.python), 30s);
    EXPECT_EQ(r.outcome, Outcome::Failed);
    EXPECT_EQ(s(r.message), "from a long path");
}
