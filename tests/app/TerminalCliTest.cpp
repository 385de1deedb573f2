// SPDX-License-Identifier: GPL-3.0-or-later
// Started as from the desktop (without what ~/.bashrc sets), `check` says
// what a new terminal gets and imports torch there too: a stale libgomp.so.1
// that ~/.bashrc puts on LD_LIBRARY_PATH breaks Debian's torch in every
// terminal while it imports fine here.
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace td::test;

namespace {

fs::path staleLibgomp(const TempDir &dir)
{
    return python::buildStaleLibgomp(dir / "stale-gomp");
}

RunResult checkFromTheDesktop(const TempDir &home, std::vector<std::string> args)
{
    // Unredacted: the paths under the home folder are compared.
    std::vector<std::string> argv{config::torchdoctor, "check", "--python", "/usr/bin/python3", "--format", "json",
                                  "--no-redact"};
    argv.insert(argv.end(), args.begin(), args.end());
    RunOptions o;
    o.setEnv = {{"HOME", home.path().string()},
                {"XDG_DATA_HOME", (home / "data").string()},
                {"LANG", "C.UTF-8"},
                {"PATH", "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"}};
    o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "PYTHONHOME", "DISPLAY", "WAYLAND_DISPLAY"};
    o.timeout = std::chrono::seconds(400);
    return run(argv, o);
}

std::vector<QJsonObject> terminalFindings(const RunResult &r)
{
    QJsonParseError error{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out), &error);
    EXPECT_EQ(error.error, QJsonParseError::NoError) << r.out << r.err;
    std::vector<QJsonObject> out;
    for (const auto &f : doc.object().value(QStringLiteral("findings")).toArray())
        if (f.toObject().value(QStringLiteral("id")).toString() == QLatin1String("env.terminal-differs"))
            out.push_back(f.toObject());
    return out;
}

} // namespace

TEST(TerminalCli, ABashrcThatBreaksTorchInEveryTerminalIsFoundFromTheDesktop)
{
    if (!fs::exists("/usr/lib/python3/dist-packages/torch/lib/libtorch_cpu.so"))
        GTEST_FAIL() << "Debian's python3-torch is not installed (tools/packages.txt)";
    TempDir home("td-home");
    const fs::path stale = staleLibgomp(home);
    writeFile(home / ".bashrc", "export LD_LIBRARY_PATH=" + stale.string() + "\n");

    const RunResult r = checkFromTheDesktop(home, {});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    const auto found = terminalFindings(r);
    ASSERT_EQ(found.size(), 1U) << r.out;
    const QJsonObject finding = found.front();
    EXPECT_EQ(finding.value(QStringLiteral("severity")).toString(), QStringLiteral("error"));
    const QJsonObject evidence = finding.value(QStringLiteral("evidence")).toObject();
    bool named = false;
    for (const auto &v : evidence.value(QStringLiteral("variables")).toArray()) {
        const QJsonObject variable = v.toObject();
        if (variable.value(QStringLiteral("name")).toString() != QLatin1String("LD_LIBRARY_PATH"))
            continue;
        named = true;
        EXPECT_TRUE(variable.value(QStringLiteral("here")).isNull()) << r.out;
        EXPECT_EQ(variable.value(QStringLiteral("terminal")).toString(), QString::fromStdString(stale.string()));
    }
    EXPECT_TRUE(named) << r.out;
    EXPECT_EQ(evidence.value(QStringLiteral("terminal_import_ok")), QJsonValue(false)) << r.out;
    EXPECT_TRUE(evidence.value(QStringLiteral("terminal_import_error")).toString().contains(QLatin1String("GOMP_4.0")))
        << r.out;
    EXPECT_TRUE(finding.value(QStringLiteral("detail")).toString().contains(QLatin1String("LD_LIBRARY_PATH"))) << r.out;
    // The entry to blame in a new terminal, with the ~/.bashrc line that sets it: what `fix env` takes out.
    bool blamed = false;
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out));
    for (const auto &v : doc.object().value(QStringLiteral("findings")).toArray()) {
        const QJsonObject f = v.toObject();
        const QJsonObject e = f.value(QStringLiteral("evidence")).toObject();
        if (f.value(QStringLiteral("id")).toString() != QLatin1String("env.suspicious")
            || e.value(QStringLiteral("entry")).toString() != QString::fromStdString(stale.string()))
            continue;
        blamed = true;
        EXPECT_EQ(e.value(QStringLiteral("in_new_terminal")), QJsonValue(true)) << r.out;
        EXPECT_EQ(e.value(QStringLiteral("set_in")),
                  QJsonValue(QJsonArray{
                      QJsonObject{{QStringLiteral("file"), QString::fromStdString((home / ".bashrc").string())},
                                  {QStringLiteral("line"), 1}}}))
            << r.out;
    }
    EXPECT_TRUE(blamed) << r.out;

    // Asked not to, it does not look.
    const RunResult own = checkFromTheDesktop(home, {"--no-terminal", "--no-import"});
    EXPECT_TRUE(terminalFindings(own).empty()) << own.out;
}

TEST(TerminalCli, NothingToSayWhenATerminalGetsWhatWeHave)
{
    TempDir home("td-home");
    writeFile(home / ".bashrc", "alias ll='ls -l'\n");
    const RunResult r = checkFromTheDesktop(home, {"--no-import"});
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.err;
    EXPECT_TRUE(terminalFindings(r).empty()) << r.out;
}
