// SPDX-License-Identifier: GPL-3.0-or-later
// `torchdoctor check` on real interpreters: Debian's torch, a Python without
// torch, and venvs (made at test time) whose fake torch fails in every way
// torch fails: a missing native dependency, an abort, a hang.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <csignal>
#include <unistd.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QDate>
#include <QJsonObject>

using namespace td::test;

namespace {

const char *kSystemPython = "/usr/bin/python3";

bool systemTorch()
{
    return fs::exists("/usr/lib/python3/dist-packages/torch/__init__.py");
}

RunResult check(const std::vector<std::string> &args, const std::map<std::string, std::string> &env = {},
                std::chrono::seconds timeout = std::chrono::seconds(240))
{
    std::vector<std::string> argv{config::torchdoctor, "check"};
    argv.insert(argv.end(), args.begin(), args.end());
    RunOptions options;
    options.timeout = timeout;
    options.setEnv = env;
    options.setEnv["XDG_DATA_HOME"] = (fs::temp_directory_path() / "td-cli-test-data").string();
    options.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "KMP_DUPLICATE_LIB_OK"};
    return run(argv, options);
}

QJsonObject json(const RunResult &r)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << r.out << r.err;
    return doc.object();
}

std::vector<QJsonObject> findings(const QJsonObject &doc, const QString &id = {})
{
    std::vector<QJsonObject> out;
    for (const auto &v : doc.value(QStringLiteral("findings")).toArray())
        if (id.isEmpty() || v.toObject().value(QStringLiteral("id")).toString() == id)
            out.push_back(v.toObject());
    return out;
}

std::string dump(const QJsonObject &doc)
{
    return QJsonDocument(doc).toJson().toStdString();
}

// A venv of Debian's Python (no access to its torch) with a fake torch package.
class FakeTorch {
public:
    explicit FakeTorch(const fs::path &where, const std::string &initBody, const std::string &version = "2.5.1+cpu")
        : m_python(python::makeVenv(where)), m_site(python::sitePackages(where))
    {
        python::writeFakeTorch(m_site, initBody, version);
    }
    fs::path python() const { return m_python; }
    fs::path lib() const { return m_site / "torch/lib"; }

private:
    fs::path m_python, m_site;
};

} // namespace

TEST(Check, DebianTorchIsHealthy)
{
    if (!systemTorch())
        GTEST_SKIP() << "python3-torch is not installed";
    const RunResult r = check({"--python", kSystemPython, "--format", "json"});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    const QJsonObject doc = json(r);
    for (const auto &f : findings(doc))
        EXPECT_NE(f.value(QStringLiteral("severity")).toString(), QStringLiteral("error")) << dump(f);
    for (const char *key : {"tool", "system", "pythons", "gpu", "findings"})
        EXPECT_TRUE(doc.contains(QString::fromLatin1(key))) << key;
    const QJsonObject python = doc.value(QStringLiteral("pythons")).toArray().first().toObject();
    EXPECT_EQ(python.value(QStringLiteral("executable")).toString(), QString::fromLatin1(kSystemPython));
    const QJsonObject torch = python.value(QStringLiteral("torch")).toObject();
    EXPECT_TRUE(torch.value(QStringLiteral("version")).toString().startsWith(QStringLiteral("1.13")));
    EXPECT_TRUE(torch.value(QStringLiteral("import_ok")).toBool()) << dump(torch);
    std::printf("Debian's torch: %lld findings, import %d ms\n", static_cast<long long>(findings(doc).size()),
                torch.value(QStringLiteral("import_ms")).toInt());

    const RunResult text = check({"--python", kSystemPython});
    EXPECT_EQ(text.exitCode, 0);
    EXPECT_NE(text.out.find("[✓] PyTorch 1.13"), std::string::npos) << text.out;
}

TEST(Check, TorchIsInTheOtherPython)
{
    if (!systemTorch())
        GTEST_SKIP() << "python3-torch is not installed";
    // python3 first on PATH is a venv without torch; Debian's is further on.
    TempDir dir;
    runOk({kSystemPython, "-m", "venv", "--without-pip", (dir / "venv").string()});
    // A wrapper, not a link: a link to a venv's python outside the venv is
    // not that venv (Python finds pyvenv.cfg next to the path it was run as).
    writeFile(dir / "bin/python3", "#!/bin/sh\nexec '" + (dir / "venv/bin/python3").string() + "' \"$@\"\n");
    fs::permissions(dir / "bin/python3", fs::perms::owner_all);
    const RunResult r =
        check({"--format", "json", "--no-import"}, {{"PATH", (dir / "bin").string() + ":/usr/bin:/bin"}});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    const auto notInstalled = findings(json(r), QStringLiteral("torch.not-installed"));
    ASSERT_EQ(notInstalled.size(), 1u) << r.out;
    const QJsonArray others = notInstalled[0]
                                  .value(QStringLiteral("evidence"))
                                  .toObject()
                                  .value(QStringLiteral("other_interpreters_with_torch"))
                                  .toArray();
    bool names = false;
    for (const auto &o : others)
        names = names
                || o.toObject()
                       .value(QStringLiteral("executable"))
                       .toString()
                       .startsWith(QStringLiteral("/usr/bin/python3"));
    EXPECT_TRUE(names) << dump(notInstalled[0]);
    EXPECT_NE(notInstalled[0]
                  .value(QStringLiteral("detail"))
                  .toString()
                  .indexOf(QStringLiteral("torch is installed for /usr/bin/python3")),
              -1)
        << dump(notInstalled[0]);
}

TEST(Check, MissingNativeDependencyIsNamed)
{
    TempDir dir;
    FakeTorch torch(
        dir / "venv",
        "import ctypes, os\nctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cpu.so'))\n");
    // libtorch_cpu.so needs libgone.so, which is deleted after linking.
    writeFile(dir / "gone.c", "int gone(void) { return 1; }\n");
    writeFile(dir / "cpu.c", "int gone(void);\nint cpu(void) { return gone(); }\n");
    fs::create_directories(torch.lib());
    runOk({config::cc, "-shared", "-fPIC", "-o", (dir / "libgone.so").string(), (dir / "gone.c").string(),
           "-Wl,-soname,libgone.so"});
    runOk({config::cc, "-shared", "-fPIC", "-o", (torch.lib() / "libtorch_cpu.so").string(), (dir / "cpu.c").string(),
           (dir / "libgone.so").string(), "-Wl,-soname,libtorch_cpu.so", "-Wl,-rpath,$ORIGIN"});
    fs::remove(dir / "libgone.so");

    const RunResult r = check({"--python", torch.python().string(), "--format", "json"});
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    const QJsonObject doc = json(r);
    const auto failed = findings(doc, QStringLiteral("torch.import-failed"));
    ASSERT_EQ(failed.size(), 1u) << dump(doc);
    const QJsonObject evidence = failed[0].value(QStringLiteral("evidence")).toObject();
    EXPECT_EQ(evidence.value(QStringLiteral("culprit")).toString(), QStringLiteral("libgone.so")) << dump(evidence);
    EXPECT_EQ(evidence.value(QStringLiteral("chain")).toArray(),
              QJsonArray({QStringLiteral("libtorch_cpu.so"), QStringLiteral("libgone.so")}))
        << dump(evidence);
    const auto missing = findings(doc, QStringLiteral("lib.missing"));
    ASSERT_FALSE(missing.empty()) << dump(doc);
    EXPECT_EQ(missing[0].value(QStringLiteral("evidence")).toObject().value(QStringLiteral("library")).toString(),
              QStringLiteral("libgone.so"));
    std::printf("import phase: %s\n", evidence.value(QStringLiteral("message")).toString().toStdString().c_str());
}

TEST(Check, ImportThatAbortsIsACrash)
{
    TempDir dir;
    FakeTorch torch(dir / "venv", "import os\nos.abort()\n");
    const RunResult r = check({"--python", torch.python().string(), "--format", "json"});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    const auto crashed = findings(json(r), QStringLiteral("torch.import-crashed"));
    ASSERT_EQ(crashed.size(), 1u) << r.out;
    EXPECT_EQ(crashed[0].value(QStringLiteral("evidence")).toObject().value(QStringLiteral("crash")).toString(),
              QStringLiteral("SIGABRT"))
        << dump(crashed[0]);
}

TEST(Check, ImportThatHangsTimesOut)
{
    TempDir dir;
    FakeTorch torch(dir / "venv", "import time\ntime.sleep(600)\n");
    const auto start = std::chrono::steady_clock::now();
    const RunResult r = check({"--python", torch.python().string(), "--format", "json", "--timeout", "3"});
    const auto seconds =
        std::chrono::duration_cast<std::chrono::seconds>(std::chrono::steady_clock::now() - start).count();
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_LT(seconds, 60);
    EXPECT_EQ(findings(json(r), QStringLiteral("torch.import-timeout")).size(), 1u) << r.out;
}

// An interpreter that never answers, ignores SIGTERM and SIGHUP, and starts a
// daemon (setsid) and a child: a closed terminal (SIGHUP) mid-check, and a
// check that runs into its time limit, end all of them, and `check` with them.
TEST(Check, NothingItStartedOutlivesAClosedTerminalOrATimeLimit)
{
    TempDir dir;
    const std::string marker = "td-check-leftover-" + std::to_string(::getpid());
    writeFile(dir / "python",
              "#!/bin/bash\n"
              "setsid bash -c 'exec -a " + marker + "-daemon sleep 300' </dev/null >/dev/null 2>&1 &\n"
              "bash -c 'exec -a " + marker + "-child sleep 300' &\n"
              "trap '' TERM HUP\n"
              "while true; do sleep 1; done\n");
    fs::permissions(dir / "python", fs::perms::owner_all);
    const std::string python = (dir / "python").string();
    const std::string hangUp = "\"$0\" check --python \"$1\" --no-terminal & pid=$!; sleep 3; kill -HUP $pid; wait $pid";
    for (const std::vector<std::string> &argv :
         {std::vector<std::string>{"bash", "-c", hangUp, config::torchdoctor, python},
          std::vector<std::string>{config::torchdoctor, "check", "--python", python, "--no-terminal", "--timeout", "2"}}) {
        RunOptions options;
        options.timeout = std::chrono::seconds(90);
        options.setEnv["XDG_DATA_HOME"] = (dir / "data").string();
        const RunResult r = run(argv, options);
        EXPECT_FALSE(r.timedOut) << argv[0];
        const std::vector<std::string> left = livingProcesses(-1, marker);
        EXPECT_TRUE(left.empty()) << argv[0] << ": " << left.front();
        for (const std::string &process : left)
            ::kill(std::stoi(process), SIGKILL);
    }
}

TEST(Check, InterpretersThatAreNotPython)
{
    TempDir dir;
    writeFile(dir / "fake-python", "#!/bin/sh\necho 'I am not Python'\n");
    fs::permissions(dir / "fake-python", fs::perms::owner_all);
    for (const std::string &exe :
         {std::string("/bin/false"), (dir / "fake-python").string(), (dir / "missing").string(), dir.path().string()}) {
        const RunResult r = check({"--python", exe, "--format", "json", "--no-import"}, {}, std::chrono::seconds(60));
        EXPECT_EQ(r.exitCode, 1) << exe << r.err;
        const auto unusable = findings(json(r), QStringLiteral("python.unusable"));
        ASSERT_EQ(unusable.size(), 1u) << exe << r.out;
        EXPECT_FALSE(unusable[0].value(QStringLiteral("detail")).toString().isEmpty());
    }
}

// A real Python made slow by a .pth file in its site-packages: named as slow to start, with where to look
// (.pth, sitecustomize, -X importtime), and no repair of the system for it.
TEST(Check, APythonSlowToStartIsToldWhereToLook)
{
    TempDir dir;
    const fs::path python = python::makeVenv(dir / "venv");
    writeFile(python::sitePackages(dir / "venv") / "zz_slow_hook.pth", "import time; time.sleep(60)\n");
    const RunResult r = check({"--python", python.string(), "--format", "json", "--no-import", "--no-terminal",
                               "--timeout", "2"},
                              {}, std::chrono::seconds(60));
    EXPECT_EQ(r.exitCode, 1) << r.err;
    const auto slow = findings(json(r), QStringLiteral("python.slow"));
    ASSERT_EQ(slow.size(), 1u) << r.out;
    const QString detail = slow[0].value(QStringLiteral("detail")).toString();
    EXPECT_TRUE(detail.contains(QStringLiteral(".pth")) && detail.contains(QStringLiteral("-X importtime")))
        << detail.toStdString();
    EXPECT_TRUE(slow[0].value(QStringLiteral("fixes")).toArray().isEmpty()) << r.out;
    EXPECT_TRUE(findings(json(r), QStringLiteral("python.unusable")).empty()) << r.out;
}

TEST(Check, NonAsciiAndLongPaths)
{
    TempDir dir;
    const fs::path deep = dir / "用户 ü" / std::string(120, 'x') / std::string(100, 'y');
    FakeTorch torch(deep / "venv", "__version__ = '2.5.1+cpu'\n");
    const RunResult r = check({"--python", torch.python().string(), "--format", "json"});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    const QJsonObject doc = json(r);
    EXPECT_EQ(doc.value(QStringLiteral("python")).toString().toStdString(), torch.python().string());
    EXPECT_GE(findings(doc, QStringLiteral("path.non-ascii")).size(), 1u) << dump(doc);
}

TEST(Check, WritesTheReportAtomicallyAndRejectsBadUsage)
{
    if (!systemTorch())
        GTEST_SKIP() << "python3-torch is not installed";
    TempDir dir;
    const fs::path out = dir / "report.json";
    writeFile(out, "previous report\n");
    const RunResult r = check({"--python", kSystemPython, "--no-import", "--format", "json", "-o", out.string()});
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_TRUE(r.out.empty());
    EXPECT_TRUE(QJsonDocument::fromJson(QByteArray::fromStdString(readFile(out))).isObject());
    EXPECT_EQ(check({"--format", "xml"}).exitCode, 2);
    EXPECT_EQ(check({"--timeout", "0"}).exitCode, 2);
    EXPECT_EQ(check({"--project", (dir / "nope").string()}).exitCode, 2);
    EXPECT_EQ(check({"stray"}).exitCode, 2);
    // Unwritable destination: a clear error, and exit 3.
    const RunResult bad = check({"--python", kSystemPython, "--no-import", "-o", "/proc/no/such/dir/report.txt"});
    EXPECT_EQ(bad.exitCode, 3);
    EXPECT_NE(bad.err.find("cannot write"), std::string::npos);
}

namespace {

// A venv of `interpreter` whose torch `version` fails to import, as a broken install does.
fs::path brokenTorchVenv(const fs::path &interpreter, const fs::path &dir, const std::string &version)
{
    runOk({interpreter.string(), "-m", "venv", "--without-pip", dir.string()});
    python::writeFakeTorch(python::sitePackages(dir), "raise ImportError('libtorch_cuda.so: cannot open shared object file')\n",
                           version);
    return dir / "bin/python";
}

} // namespace

TEST(Check, Torch215IsJudgedWithItsOwnPythonRange)
{
    const fs::path interpreter = python::pythonOfSeries("3.10"); // torch 2.15 dropped it
    ASSERT_FALSE(interpreter.empty()) << "this test needs a Python 3.10 (/usr/bin/python3.10 or pyenv's 3.10.x)";
    TempDir dir;
    const fs::path python = brokenTorchVenv(interpreter, dir / "venv", "2.15.0+cu130");
    const QJsonObject doc = json(check({"--python", python.string(), "--format", "json"}));
    const auto unsupported = findings(doc, QStringLiteral("python.unsupported-version"));
    ASSERT_EQ(unsupported.size(), 1u) << dump(doc);
    EXPECT_EQ(unsupported[0].value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    const QJsonObject evidence = unsupported[0].value(QStringLiteral("evidence")).toObject();
    EXPECT_EQ(evidence.value(QStringLiteral("supported_python")).toString(), QStringLiteral("3.11–3.15")) << dump(evidence);
    EXPECT_FALSE(evidence.contains(QStringLiteral("inferred_from")));
    EXPECT_TRUE(findings(doc, QStringLiteral("knowledge.outdated")).empty()) << dump(doc);
}

TEST(Check, AFutureTorchGetsKnowledgeOutdated)
{
    const fs::path interpreter = python::pythonOfSeries("3.10"); // torch 2.15 dropped it
    ASSERT_FALSE(interpreter.empty()) << "this test needs a Python 3.10 (/usr/bin/python3.10 or pyenv's 3.10.x)";
    TempDir dir;
    const fs::path python = brokenTorchVenv(interpreter, dir / "venv", "2.99.0");
    const QJsonObject doc = json(check({"--python", python.string(), "--format", "json"}));
    const auto outdated = findings(doc, QStringLiteral("knowledge.outdated"));
    ASSERT_EQ(outdated.size(), 1u) << dump(doc);
    EXPECT_EQ(outdated[0].value(QStringLiteral("severity")).toString(), QStringLiteral("info"));
    const QJsonObject evidence = outdated[0].value(QStringLiteral("evidence")).toObject();
    EXPECT_EQ(evidence.value(QStringLiteral("newest_known")).toString(), QStringLiteral("2.15")) << dump(evidence);
    // The Python verdict rests on 2.15's range, and says so.
    const auto unsupported = findings(doc, QStringLiteral("python.unsupported-version"));
    ASSERT_EQ(unsupported.size(), 1u) << dump(doc);
    EXPECT_NE(unsupported[0].value(QStringLiteral("title")).toString().indexOf(QStringLiteral("likely")), -1)
        << dump(unsupported[0]);
    EXPECT_EQ(unsupported[0].value(QStringLiteral("evidence")).toObject().value(QStringLiteral("inferred_from")).toString(),
              QStringLiteral("2.15"));
}

TEST(Check, RefreshKnowledgeUsesAndCachesTheReleaseList)
{
    TempDir dir;
    FakeTorch torch(dir / "venv", "raise ImportError('libtorch_cpu.so: cannot open shared object file')\n");
    const std::string recorded =
        "file://" + (fs::path(config::sourceDir) / "tests/data/pypi/torch.json").string();
    const auto checkWith = [&](const std::string &data, const std::string &index, bool refresh) {
        std::vector<std::string> argv{config::torchdoctor, "check", "--python", torch.python().string(),
                                      "--format", "json", "--no-import"};
        if (refresh)
            argv.push_back("--refresh-knowledge");
        RunOptions options;
        options.timeout = std::chrono::seconds(240);
        options.setEnv = {{"XDG_DATA_HOME", data}, {"TORCHDOCTOR_RELEASE_INDEX", index}};
        options.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD"};
        return run(argv, options);
    };
    const QString today = QDate::currentDate().toString(Qt::ISODate);

    // Offline (nothing listens on port 1): the shipped list, with its date, and a clear note.
    const RunResult offline = checkWith((dir / "offline").string(), "http://127.0.0.1:1/pypi/torch/json", true);
    EXPECT_NE(offline.err.find("the release list could not be fetched"), std::string::npos) << offline.err;
    const QJsonObject shipped = json(offline).value(QStringLiteral("knowledge_releases")).toObject();
    EXPECT_EQ(shipped.value(QStringLiteral("source")).toString(), QStringLiteral("shipped")) << offline.out;
    EXPECT_EQ(shipped.value(QStringLiteral("date")).toString(),
              json(offline).value(QStringLiteral("knowledge_date")).toString());

    // A fetched list is used, and kept for the next run without --refresh-knowledge.
    const RunResult fetched = checkWith((dir / "online").string(), recorded, true);
    EXPECT_EQ(fetched.err.find("could not be fetched"), std::string::npos) << fetched.err;
    const QJsonObject used = json(fetched).value(QStringLiteral("knowledge_releases")).toObject();
    EXPECT_EQ(used.value(QStringLiteral("source")).toString(), QString::fromStdString(recorded)) << fetched.out;
    EXPECT_EQ(used.value(QStringLiteral("date")).toString(), today);
    const RunResult later = checkWith((dir / "online").string(), "http://127.0.0.1:1/", false);
    EXPECT_EQ(json(later).value(QStringLiteral("knowledge_releases")).toObject().value(QStringLiteral("source")).toString(),
              QString::fromStdString(recorded))
        << later.out;
}
