// SPDX-License-Identifier: GPL-3.0-or-later
// `torchdoctor fix env` and `undo` end to end: a ~/.bashrc puts a stale
// folder first on LD_LIBRARY_PATH, where an old copy of a library torch needs
// lacks a symbol; the fix removes that entry, a new bash imports torch, undo
// puts the file back byte for byte and the import fails again.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace td::test;

namespace {

class FixCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_home = m_dir / "home";
        m_data = m_dir / "data";
        fs::create_directories(m_home);
        m_python = python::makeVenv(m_dir / "venv");
        ASSERT_FALSE(m_python.empty());
        const fs::path site = python::sitePackages(m_dir / "venv");
        python::writeFakeTorch(
            site, "import ctypes, os\nctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cpu.so'))\n",
            "2.5.1+cu124");
        const fs::path lib = site / "torch/lib";
        // torch's own libnvJitLink has the symbol; the stale copy does not.
        ASSERT_TRUE(python::buildSharedLibrary(lib / "libnvJitLink.so.12",
                                               "int __nvJitLinkComplete_12_4(void) { return 0; }\n",
                                               {"-Wl,-soname,libnvJitLink.so.12"}));
        ASSERT_TRUE(python::buildSharedLibrary(
            lib / "libtorch_cpu.so",
            "int __nvJitLinkComplete_12_4(void);\nint cpu(void) { return __nvJitLinkComplete_12_4(); }\n",
            {(lib / "libnvJitLink.so.12").string(), "-Wl,-soname,libtorch_cpu.so", "-Wl,--enable-new-dtags",
             "-Wl,-rpath,$ORIGIN"}));
        fs::create_directories(m_home / "stale/lib");
        ASSERT_TRUE(python::buildSharedLibrary(m_home / "stale/lib/libnvJitLink.so.12",
                                               "int __nvJitLinkComplete_12_1(void) { return 0; }\n"
                                               "int nvJitLinkVersion(unsigned *v) { *v = 12010; return 0; }\n",
                                               {"-Wl,-soname,libnvJitLink.so.12"}));
        writeFile(m_home / ".bashrc", kBashrc);
    }

    RunOptions options() const
    {
        RunOptions o;
        o.setEnv = {{"HOME", m_home.string()}, {"XDG_DATA_HOME", m_data.string()}};
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "KMP_DUPLICATE_LIB_OK", "XDG_CONFIG_HOME", "CONDA_PREFIX"};
        o.timeout = std::chrono::seconds(240);
        return o;
    }

    // As from a new terminal: bash that has read ~/.bashrc.
    RunResult inNewBash(const std::vector<std::string> &argv) const
    {
        std::vector<std::string> all{"bash", "-c", "source ~/.bashrc; exec \"$@\"", "bash"};
        all.insert(all.end(), argv.begin(), argv.end());
        return run(all, options());
    }

    RunResult torchdoctor(const std::vector<std::string> &args, bool sourced = true) const
    {
        std::vector<std::string> argv{config::torchdoctor};
        argv.insert(argv.end(), args.begin(), args.end());
        return sourced ? inNewBash(argv) : run(argv, options());
    }

    RunResult importTorch() const { return inNewBash({m_python.string(), "-c", "import torch"}); }

    bool journalEmpty() const
    {
        const fs::path j = m_data / "torchdoctor/journal";
        return !fs::exists(j) || fs::is_empty(j);
    }

    static constexpr const char *kBashrc =
        "# ~/.bashrc\n"
        "alias ll='ls -l'\n"
        "export PATH=\"$HOME/bin:$PATH\"\n"
        "export LD_LIBRARY_PATH=\"$HOME/stale/lib:$HOME/.local/lib:$LD_LIBRARY_PATH\"\n"
        "export EDITOR=vim";
    TempDir m_dir{"td-fix-cli"};
    fs::path m_home, m_data, m_python;
};

void show(const char *what, const RunResult &r)
{
    std::printf("$ %s   (exit %d)\n%s%s\n", what, r.exitCode, r.out.c_str(), r.err.c_str());
}

} // namespace

TEST_F(FixCli, EnvFixThenUndo)
{
    // The broken state: the stale copy loads first.
    const RunResult broken = importTorch();
    ASSERT_NE(broken.exitCode, 0);
    EXPECT_NE(broken.err.find("undefined symbol"), std::string::npos) << broken.err;

    const RunResult check = torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-redact"});
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(check.out)).object();
    bool found = false;
    for (const auto &v : doc.value(QStringLiteral("findings")).toArray()) {
        const QJsonObject f = v.toObject();
        if (f.value(QStringLiteral("id")).toString() != QLatin1String("env.suspicious"))
            continue;
        const QJsonObject e = f.value(QStringLiteral("evidence")).toObject();
        found = e.value(QStringLiteral("entry")).toString().toStdString() == (m_home / "stale/lib").string()
                && e.value(QStringLiteral("library")).toString() == QLatin1String("libnvJitLink.so.12");
        if (found)
            break;
    }
    ASSERT_TRUE(found) << check.out << check.err;

    const RunResult fix = torchdoctor({"fix", "env", "--python", m_python.string(), "--yes"});
    show("torchdoctor fix env --python venv/bin/python --yes", fix);
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    std::string expected = kBashrc;
    const std::string old = "export LD_LIBRARY_PATH=\"$HOME/stale/lib:$HOME/.local/lib:$LD_LIBRARY_PATH\"";
    expected.replace(expected.find(old), old.size(), "export LD_LIBRARY_PATH=\"$HOME/.local/lib:$LD_LIBRARY_PATH\"");
    EXPECT_EQ(readFile(m_home / ".bashrc"), expected);
    const RunResult fixed = importTorch();
    EXPECT_EQ(fixed.exitCode, 0) << fixed.err;
    std::printf("$ bash -c 'source ~/.bashrc; venv/bin/python -c \"import torch\"'   (exit %d)\n", fixed.exitCode);

    const RunResult undo = torchdoctor({"undo", "--yes"}, false);
    show("torchdoctor undo --yes", undo);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(readFile(m_home / ".bashrc"), kBashrc);
    const RunResult again = importTorch();
    EXPECT_NE(again.exitCode, 0);
    EXPECT_NE(again.err.find("undefined symbol"), std::string::npos) << again.err;
    std::printf("$ bash -c 'source ~/.bashrc; venv/bin/python -c \"import torch\"'   (exit %d: undefined symbol)\n",
                again.exitCode);

    // Nothing left to undo.
    const RunResult nothing = torchdoctor({"undo", "--yes"}, false);
    EXPECT_EQ(nothing.exitCode, 0);
    EXPECT_NE(nothing.out.find("Nothing to undo."), std::string::npos) << nothing.out;
}

TEST_F(FixCli, NothingWithoutConfirmation)
{
    const RunResult r = torchdoctor({"fix", "env", "--python", m_python.string()});
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("--yes"), std::string::npos) << r.err;
    EXPECT_EQ(readFile(m_home / ".bashrc"), kBashrc);
    EXPECT_TRUE(journalEmpty());
}

TEST_F(FixCli, DryRunChangesNothing)
{
    const RunResult r = torchdoctor({"fix", "env", "--python", m_python.string(), "--dry-run"});
    show("torchdoctor fix env --dry-run", r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("~/.bashrc line 4"), std::string::npos) << r.out;
    EXPECT_EQ(readFile(m_home / ".bashrc"), kBashrc);
    EXPECT_TRUE(journalEmpty());
}

TEST_F(FixCli, SetInThisTerminalOnly)
{
    writeFile(m_home / ".bashrc", "alias ll='ls -l'\n");
    RunOptions o = options();
    o.setEnv["LD_LIBRARY_PATH"] = (m_home / "stale/lib").string();
    const RunResult r = run({config::torchdoctor, "fix", "env", "--python", m_python.string(), "--yes"}, o);
    EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("set in this terminal only"), std::string::npos) << r.out;
    EXPECT_TRUE(journalEmpty());
}

TEST_F(FixCli, UnknownRepairsAndMisplacedOptionsAreUsageErrors)
{
    RunResult r = torchdoctor({"fix", "regsvr32"}, false);
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("Repairs this build supports: docker, env, reinstall, system"), std::string::npos) << r.err;
    EXPECT_EQ(torchdoctor({"fix", "env", "--clone", "https://example.invalid/x.git"}, false).exitCode, 2);
    EXPECT_EQ(torchdoctor({"fix", "env", "--urgent"}, false).exitCode, 2);
    EXPECT_EQ(torchdoctor({"fix", "--urgent", "--not-urgent"}, false).exitCode, 2);
    // The whole chart, with no terminal to ask "Is it urgent?" and no answer given.
    r = torchdoctor({"fix", "--python", m_python.string()}, false);
    EXPECT_EQ(r.exitCode, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("--not-urgent"), std::string::npos) << r.err;
    EXPECT_TRUE(journalEmpty());
}

// `fix` without a repair named walks the seed's chart: not urgent -> the
// environment repair -> verified solved -> done; the later steps never run.
TEST_F(FixCli, WalksTheFlowchart)
{
    const RunResult r = torchdoctor({"fix", "--python", m_python.string(), "--not-urgent", "--yes"});
    show("torchdoctor fix --python venv/bin/python --not-urgent --yes", r);
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    const std::size_t env = r.out.find("Repair the environment variables");
    const std::size_t solved = r.out.find("gone: LD_LIBRARY_PATH");
    EXPECT_NE(env, std::string::npos) << r.out;
    EXPECT_NE(solved, std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("== Reinstall"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Result: solved"), std::string::npos) << r.out;
    EXPECT_EQ(importTorch().exitCode, 0);
}
