// SPDX-License-Identifier: GPL-3.0-or-later
// The harmful shadow for a library no code or knowledge names: a folder
// set on LD_LIBRARY_PATH in a startup file (~/.profile for a login shell,
// conda's activate.d) holds an older copy of a library torch ships next to
// itself. The real loader is the judge: `import torch` fails with an
// undefined symbol, `check` names both copies and the entry, `fix env`
// removes exactly that entry, the import works, `undo` restores the file.
#include "checks/ErrorOnThisMachine.h"
#include "checks/Symptoms.h"

#include "ExplainAgreement.h"
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace td::test;

namespace {

enum class SetIn { Profile, CondaActivate };

class Shadowing : public ::testing::TestWithParam<SetIn> {
protected:
    void SetUp() override
    {
        m_home = m_dir / "home";
        m_data = m_dir / "data";
        m_conda = m_dir / "conda";
        fs::create_directories(m_home);
        m_python = python::makeVenv(m_dir / "venv");
        ASSERT_FALSE(m_python.empty());
        const fs::path site = python::sitePackages(m_dir / "venv");
        python::writeFakeTorch(
            site, "import ctypes, os\nctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cpu.so'))\n",
            "2.5.1");
        const fs::path lib = site / "torch/lib";
        m_own = lib / "libquasarfft.so.7";
        ASSERT_TRUE(python::buildSharedLibrary(m_own, "int quasar_plan_many_v2(void) { return 0; }\n",
                                               {"-Wl,-soname,libquasarfft.so.7"}));
        ASSERT_TRUE(python::buildSharedLibrary(
            lib / "libtorch_cpu.so", "int quasar_plan_many_v2(void);\nint cpu(void) { return quasar_plan_many_v2(); }\n",
            {m_own.string(), "-Wl,-soname,libtorch_cpu.so", "-Wl,--enable-new-dtags", "-Wl,-rpath,$ORIGIN"}));
        m_stale = m_dir / "opt/quasar/lib";
        fs::create_directories(m_stale);
        ASSERT_TRUE(python::buildSharedLibrary(m_stale / "libquasarfft.so.7",
                                               "int quasar_plan_many(void) { return 0; }\n"
                                               "int quasar_version(void) { return 610; }\n",
                                               {"-Wl,-soname,libquasarfft.so.7"}));
        m_file = GetParam() == SetIn::Profile ? m_home / ".profile" : m_conda / "etc/conda/activate.d/quasar.sh";
        fs::create_directories(m_file.parent_path());
        m_text = "# set by the quasar installer\nexport LD_LIBRARY_PATH=\"" + m_stale.string()
                 + ":$LD_LIBRARY_PATH\"\nexport QUASAR_HOME=/opt/quasar\n";
        writeFile(m_file, m_text);
    }

    RunOptions options() const
    {
        RunOptions o;
        o.setEnv = {{"HOME", m_home.string()}, {"XDG_DATA_HOME", m_data.string()}};
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "XDG_CONFIG_HOME", "CONDA_PREFIX", "BASH_ENV", "ENV"};
        if (GetParam() == SetIn::CondaActivate)
            o.setEnv["CONDA_PREFIX"] = m_conda.string();
        o.timeout = std::chrono::seconds(240);
        return o;
    }

    // As a new terminal gets it: a login shell reads ~/.profile; an
    // activated conda environment has run its activate.d scripts.
    RunResult inNewTerminal(const std::vector<std::string> &argv) const
    {
        std::vector<std::string> all =
            GetParam() == SetIn::Profile
                ? std::vector<std::string>{"bash", "-l", "-c", "exec \"$@\"", "bash"}
                : std::vector<std::string>{"bash", "-c", "source \"$CONDA_PREFIX/etc/conda/activate.d/quasar.sh\"; "
                                                         "exec \"$@\"",
                                           "bash"};
        all.insert(all.end(), argv.begin(), argv.end());
        return run(all, options());
    }

    RunResult torchdoctor(const std::vector<std::string> &args, bool inTerminal = true) const
    {
        std::vector<std::string> argv{config::torchdoctor};
        argv.insert(argv.end(), args.begin(), args.end());
        return inTerminal ? inNewTerminal(argv) : run(argv, options());
    }

    RunResult importTorch() const { return inNewTerminal({m_python.string(), "-c", "import torch"}); }

    TempDir m_dir{"td-shadowing"};
    fs::path m_home, m_data, m_conda, m_python, m_own, m_stale, m_file;
    std::string m_text;
};

QJsonObject findingWith(const QJsonObject &report, const QString &id)
{
    for (const auto &v : td::checks::everyFinding(report.value(QStringLiteral("findings")).toArray()))
        if (v.toObject().value(QStringLiteral("id")).toString() == id)
            return v.toObject();
    return {};
}

} // namespace

TEST_P(Shadowing, TheOutsideCopyIsFoundRemovedAndRestored)
{
    const RunResult broken = importTorch();
    ASSERT_NE(broken.exitCode, 0);
    EXPECT_NE(broken.err.find("undefined symbol: quasar_plan_many_v2"), std::string::npos) << broken.err;

    const RunResult check = torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-redact"});
    const QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(check.out)).object();
    const QJsonObject shadowed = findingWith(report, QStringLiteral("lib.shadowed"));
    ASSERT_FALSE(shadowed.isEmpty()) << check.out << check.err;
    const QString detail = shadowed.value(QStringLiteral("detail")).toString();
    EXPECT_TRUE(detail.contains(QString::fromStdString((m_stale / "libquasarfft.so.7").string()))) << check.out;
    EXPECT_TRUE(detail.contains(QString::fromStdString(m_own.string()))) << check.out;
    // Never the advice to take torch's own folder out of the search.
    EXPECT_FALSE(detail.contains(QStringLiteral("Take ") + QString::fromStdString(m_own.parent_path().string())))
        << check.out;
    // Where the variable got the entry: the startup file and its line.
    const QString setIn = QString::fromStdString(m_file.string()) + QStringLiteral(" line 2");
    EXPECT_TRUE(detail.contains(setIn)) << check.out;
    const QJsonArray shadowedSetIn = shadowed.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("set_in")).toArray();
    ASSERT_EQ(shadowedSetIn.size(), 1) << check.out;
    EXPECT_EQ(shadowedSetIn[0].toObject().value(QStringLiteral("line")).toInt(), 2);
    const QJsonObject suspicious = findingWith(report, QStringLiteral("env.suspicious"));
    ASSERT_FALSE(suspicious.isEmpty()) << check.out;
    EXPECT_TRUE(suspicious.value(QStringLiteral("detail")).toString().contains(setIn)) << check.out;
    EXPECT_EQ(suspicious.value(QStringLiteral("evidence")).toObject().value(QStringLiteral("entry")).toString(),
              QString::fromStdString(m_stale.string()));

    const RunResult fix = torchdoctor({"fix", "env", "--python", m_python.string(), "--yes"});
    EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    for (const auto &line : lines(readFile(m_file)))
        EXPECT_TRUE(line.rfind('#', 0) == 0 || line.find(m_stale.string()) == std::string::npos) << readFile(m_file);
    EXPECT_NE(readFile(m_file).find("QUASAR_HOME"), std::string::npos); // only the entry goes
    const RunResult fixed = importTorch();
    EXPECT_EQ(fixed.exitCode, 0) << fixed.err;

    const RunResult undo = torchdoctor({"undo", "--yes"}, false);
    EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    EXPECT_EQ(readFile(m_file), m_text);
    EXPECT_NE(importTorch().exitCode, 0);
}

// A file that is no library where LD_LIBRARY_PATH leads ld.so first (an empty file, one cut short,
// a text file with the library's name): the environment's fault, so the environment repair is
// offered, with the file and line that set the variable, and that root cause leads the findings.
TEST_P(Shadowing, ABrokenFileOnTheVariableIsTheEnvironmentsFault)
{
    const std::string elf = readFile(m_stale / "libquasarfft.so.7");
    const std::vector<std::pair<std::string, std::string>> broken{
        {"empty", ""}, {"truncated", elf.substr(0, 200)}, {"text", "version https://git-lfs.github.com/spec/v1\n"}};
    for (const auto &[what, bytes] : broken) {
        SCOPED_TRACE(what);
        writeFile(m_stale / "libquasarfft.so.7", bytes);
        const RunResult failed = importTorch();
        ASSERT_NE(failed.exitCode, 0);
        EXPECT_NE(failed.err.find((m_stale / "libquasarfft.so.7").string()), std::string::npos) << failed.err;

        const RunResult check = torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-redact"});
        const QJsonObject report = QJsonDocument::fromJson(QByteArray::fromStdString(check.out)).object();
        const QJsonArray findings = report.value(QStringLiteral("findings")).toArray();
        ASSERT_FALSE(findings.isEmpty()) << check.out;
        const QJsonObject first = findings.first().toObject();
        EXPECT_EQ(first.value(QStringLiteral("id")).toString(), QStringLiteral("env.suspicious")) << check.out;
        const QJsonObject evidence = first.value(QStringLiteral("evidence")).toObject();
        EXPECT_TRUE(evidence.value(QStringLiteral("root_cause")).toBool()) << check.out;
        EXPECT_EQ(evidence.value(QStringLiteral("entry")).toString(), QString::fromStdString(m_stale.string()));
        const QJsonArray setIn = evidence.value(QStringLiteral("set_in")).toArray();
        ASSERT_EQ(setIn.size(), 1) << check.out;
        EXPECT_EQ(setIn[0].toObject().value(QStringLiteral("file")).toString(), QString::fromStdString(m_file.string()));
        EXPECT_EQ(setIn[0].toObject().value(QStringLiteral("line")).toInt(), 2);
        const QJsonObject unreadable = findingWith(report, QStringLiteral("lib.unreadable"));
        ASSERT_FALSE(unreadable.isEmpty()) << check.out;
        EXPECT_TRUE(unreadable.value(QStringLiteral("fixes")).toArray().contains(QStringLiteral("env"))) << check.out;

        const RunResult fix = torchdoctor({"fix", "env", "--python", m_python.string(), "--yes"});
        EXPECT_EQ(fix.exitCode, 0) << fix.out << fix.err;
        EXPECT_EQ(importTorch().exitCode, 0);
        const RunResult undo = torchdoctor({"undo", "--yes"}, false);
        EXPECT_EQ(undo.exitCode, 0) << undo.out << undo.err;
        EXPECT_EQ(readFile(m_file), m_text);
    }
}

// `explain` on the message the real loader printed and `check` on the same environment say the
// same thing: the same finding leads, about the same file, with the same first repair. Three
// situations: the outside copy lacks a symbol version the package needs, a dependency is missing
// everywhere, the file the variable leads ld.so to is cut short.
TEST_P(Shadowing, ExplainAndCheckSayTheSameThing)
{
    const fs::path lib = m_own.parent_path();
    const fs::path scripts = m_dir / "scripts";
    fs::create_directories(scripts);
    writeFile(scripts / "own.map", "QUASAR_2 { global: quasar_plan_many_v2; local: *; };\n");
    writeFile(scripts / "old.map", "QUASAR_1 { global: quasar_plan_many; quasar_version; local: *; };\n");
    ASSERT_TRUE(python::buildSharedLibrary(
        m_own, "int quasar_plan_many_v2(void) { return 0; }\n",
        {"-Wl,-soname,libquasarfft.so.7", "-Wl,--version-script=" + (scripts / "own.map").string()}));
    const auto buildTorchCpu = [&](std::vector<std::string> extra) {
        std::vector<std::string> args{m_own.string(), "-Wl,-soname,libtorch_cpu.so", "-Wl,--enable-new-dtags",
                                      "-Wl,-rpath,$ORIGIN"};
        args.insert(args.end(), extra.begin(), extra.end());
        return python::buildSharedLibrary(
            lib / "libtorch_cpu.so",
            "int quasar_plan_many_v2(void);\nint cpu(void) { return quasar_plan_many_v2(); }\n", args);
    };
    ASSERT_TRUE(buildTorchCpu({}));
    const fs::path stale = m_stale / "libquasarfft.so.7";
    ASSERT_TRUE(python::buildSharedLibrary(
        stale,
        "int quasar_plan_many(void) { return 0; }\n"
        "int quasar_version(void) { return 610; }\n",
        {"-Wl,-soname,libquasarfft.so.7", "-Wl,--version-script=" + (scripts / "old.map").string()}));
    const auto expectAgreement = [&](const std::string &situation, const std::string &loaderSays,
                                     const QString &expectedRepair) {
        SCOPED_TRACE(situation);
        const RunResult failed = importTorch();
        ASSERT_NE(failed.exitCode, 0);
        ASSERT_NE(failed.err.find(loaderSays), std::string::npos) << failed.err;

        const RunResult explain = torchdoctor({"explain", "--json", failed.err});
        const RunResult told = torchdoctor({"explain", failed.err});
        const RunResult check =
            torchdoctor({"check", "--python", m_python.string(), "--format", "json", "--no-redact"});
        EXPECT_EQ(explainDisagrees(explain.out, told.out, check.out), "");
        const std::optional<td::checks::Finding> lead = leadOfCheck(check.out);
        ASSERT_TRUE(lead) << check.out;
        ASSERT_FALSE(lead->fixes.isEmpty()) << check.out;
        EXPECT_EQ(td::checks::toString(lead->fixes.first()), expectedRepair) << check.out;
    };

    expectAgreement("an outside copy without the symbol version", "version `QUASAR_2' not found",
                    QStringLiteral("env"));

    // Cut short where LD_LIBRARY_PATH leads ld.so first.
    writeFile(stale, readFile(stale).substr(0, 200));
    expectAgreement("a broken file", (m_stale / "libquasarfft.so.7").string(), QStringLiteral("env"));

    // A dependency that is nowhere (the variable's folder holds nothing any more).
    fs::remove(stale);
    const fs::path gone = m_dir / "gone/libnimbusrt.so.3";
    ASSERT_TRUE(
        python::buildSharedLibrary(gone, "int nimbus_rt(void) { return 3; }\n", {"-Wl,-soname,libnimbusrt.so.3"}));
    ASSERT_TRUE(buildTorchCpu({"-Wl,--no-as-needed", gone.string()}));
    fs::remove(gone);
    expectAgreement("a missing dependency", "libnimbusrt.so.3: cannot open shared object file",
                    QStringLiteral("reinstall"));
}

INSTANTIATE_TEST_SUITE_P(SetIn, Shadowing, ::testing::Values(SetIn::Profile, SetIn::CondaActivate),
                         [](const ::testing::TestParamInfo<SetIn> &p) {
                             return p.param == SetIn::Profile ? std::string("Profile")
                                                                 : std::string("CondaActivateD");
                         });
