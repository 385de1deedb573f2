// SPDX-License-Identifier: GPL-3.0-or-later
// Finding where a variable is set in shell startup files, and the exact
// edit that removes one entry from it.
#include "platform/ShellEnv.h"
#include "fixes/EnvPlanner.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace td::fixes;
using namespace td::platform::shell;
using td::test::TempDir;

namespace {

const QString kStale = QStringLiteral("/opt/stale/lib");
const QString kWhy = QStringLiteral("stale");

QProcessEnvironment env()
{
    QProcessEnvironment e;
    e.insert(QStringLiteral("HOME"), QStringLiteral("/home/ann"));
    e.insert(QStringLiteral("CUDA_HOME"), QStringLiteral("/opt/stale"));
    return e;
}

// The line as edited, or "<unchanged>".
std::string edited(const QByteArray &line, Syntax syntax = Syntax::Posix, const QString &entry = kStale,
                   const QString &variable = QStringLiteral("LD_LIBRARY_PATH"))
{
    const ScanResult r = planEntryRemoval(line + "\n", syntax, variable, entry, kWhy, env());
    if (r.edits.isEmpty())
        return r.notUnderstood.isEmpty() ? "<unchanged>" : "<not understood>";
    EXPECT_EQ(r.edits.size(), 1);
    EXPECT_EQ(r.edits[0].oldText, line);
    return r.edits[0].newText.toStdString();
}

} // namespace

TEST(ShellEnv, ExportWithOtherEntriesLosesOnlyThatEntry)
{
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=/usr/local/cuda/lib64:/opt/stale/lib:${LD_LIBRARY_PATH}"),
              "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH}");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=/opt/stale/lib/:/keep"), "export LD_LIBRARY_PATH=/keep");
    EXPECT_EQ(edited("  export LD_LIBRARY_PATH=\"/keep:/opt/stale/lib:$LD_LIBRARY_PATH\" # cuda"),
              "  export LD_LIBRARY_PATH=\"/keep:$LD_LIBRARY_PATH\" # cuda");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=/keep:/opt/stale/lib"), "export LD_LIBRARY_PATH=/keep");
}

TEST(ShellEnv, OnlyThatEntryCommentsTheLineOut)
{
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=\"/opt/stale/lib:$LD_LIBRARY_PATH\""),
              "# export LD_LIBRARY_PATH=\"/opt/stale/lib:$LD_LIBRARY_PATH\"  # removed by TorchDoctor: stale");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=/opt/stale/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"),
              "# export LD_LIBRARY_PATH=/opt/stale/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}  # removed by "
              "TorchDoctor: stale");
    EXPECT_EQ(edited("\tLD_LIBRARY_PATH=/opt/stale/lib; export LD_LIBRARY_PATH"),
              "\t# LD_LIBRARY_PATH=/opt/stale/lib; export LD_LIBRARY_PATH  # removed by TorchDoctor: stale");
    EXPECT_EQ(edited("LD_LIBRARY_PATH+=:/opt/stale/lib"),
              "# LD_LIBRARY_PATH+=:/opt/stale/lib  # removed by TorchDoctor: stale");
}

TEST(ShellEnv, QuotesAndReferences)
{
    EXPECT_EQ(edited("LD_LIBRARY_PATH='/opt/stale/lib':\"$HOME/lib\"; export LD_LIBRARY_PATH"),
              "LD_LIBRARY_PATH=\"$HOME/lib\"; export LD_LIBRARY_PATH");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=$HOME/lib:${HOME}/stale:$LD_LIBRARY_PATH", Syntax::Posix,
                     QStringLiteral("/home/ann/stale")),
              "export LD_LIBRARY_PATH=$HOME/lib:$LD_LIBRARY_PATH");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=~/stale:/keep", Syntax::Posix, QStringLiteral("/home/ann/stale")),
              "export LD_LIBRARY_PATH=/keep");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=\"$CUDA_HOME/lib\":/keep"), "export LD_LIBRARY_PATH=/keep");
    EXPECT_EQ(edited("declare -x LD_LIBRARY_PATH=\"/keep:/opt/stale/lib\""), "declare -x LD_LIBRARY_PATH=\"/keep\"");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=/keep:/opt/stale/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"),
              "export LD_LIBRARY_PATH=/keep${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}");
}

TEST(ShellEnv, LeavesOtherThingsAlone)
{
    EXPECT_EQ(edited("export OTHER=/opt/stale/lib"), "<unchanged>");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=/opt/stale/lib64:$LD_LIBRARY_PATH"), "<unchanged>");
    EXPECT_EQ(edited("# export LD_LIBRARY_PATH=/opt/stale/lib"), "<unchanged>");
    // A prefix assignment applies to that command only.
    EXPECT_EQ(edited("LD_LIBRARY_PATH=/opt/stale/lib python3 train.py"), "<unchanged>");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=$(cat /opt/stale/path)"), "<unchanged>");
    EXPECT_EQ(edited("export LD_LIBRARY_PATH=\"/opt/stale/lib:"), "<not understood>");
}

TEST(ShellEnv, SharedLineKeepsItsOtherCommands)
{
    // It cannot be commented out without breaking the `if`.
    EXPECT_EQ(edited("if [ -d /opt ]; then export LD_LIBRARY_PATH=/opt/stale/lib:$LD_LIBRARY_PATH; fi"),
              "if [ -d /opt ]; then export LD_LIBRARY_PATH=$LD_LIBRARY_PATH; fi");
    EXPECT_EQ(edited("export EDITOR=vim LD_LIBRARY_PATH=/keep:/opt/stale/lib"),
              "export EDITOR=vim LD_LIBRARY_PATH=/keep");
}

TEST(ShellEnv, Fish)
{
    EXPECT_EQ(edited("set -gx LD_LIBRARY_PATH /opt/stale/lib $LD_LIBRARY_PATH", Syntax::Fish),
              "# set -gx LD_LIBRARY_PATH /opt/stale/lib $LD_LIBRARY_PATH  # removed by TorchDoctor: stale");
    EXPECT_EQ(edited("set -gx LD_LIBRARY_PATH /keep /opt/stale/lib $LD_LIBRARY_PATH", Syntax::Fish),
              "set -gx LD_LIBRARY_PATH /keep $LD_LIBRARY_PATH");
    EXPECT_EQ(edited("set -gx LD_LIBRARY_PATH '/opt/stale/lib' /keep", Syntax::Fish), "set -gx LD_LIBRARY_PATH /keep");
    EXPECT_EQ(edited("set -x LD_LIBRARY_PATH \"/opt/stale/lib:/keep\"", Syntax::Fish),
              "set -x LD_LIBRARY_PATH \"/keep\"");
    EXPECT_EQ(edited("set -e LD_LIBRARY_PATH /opt/stale/lib", Syntax::Fish), "<unchanged>");
}

TEST(ShellEnv, WholeVariable)
{
    const QByteArray file = "export A=1\nexport KMP_DUPLICATE_LIB_OK=TRUE\r\nexport B=2 KMP_DUPLICATE_LIB_OK=1\n";
    const ScanResult r =
        planVariableRemoval(file, Syntax::Posix, QStringLiteral("KMP_DUPLICATE_LIB_OK"), QStringLiteral("unsafe"));
    ASSERT_EQ(r.edits.size(), 1);
    EXPECT_EQ(r.edits[0].line, 2);
    EXPECT_EQ(r.edits[0].oldText, "export KMP_DUPLICATE_LIB_OK=TRUE");
    EXPECT_EQ(r.edits[0].newText, "# export KMP_DUPLICATE_LIB_OK=TRUE  # removed by TorchDoctor: unsafe");
    EXPECT_EQ(r.notUnderstood, QList<int>{3});
    const ScanResult fish = planVariableRemoval("set -gx PYTORCH_MPS_HIGH_WATERMARK_RATIO 0.0\n", Syntax::Fish,
                                                QStringLiteral("PYTORCH_MPS_HIGH_WATERMARK_RATIO"), kWhy);
    ASSERT_EQ(fish.edits.size(), 1);
}

namespace {

td::checks::Finding shadowFinding(const QString &entry)
{
    td::checks::Finding f;
    f.id = QStringLiteral("env.suspicious");
    f.title = QStringLiteral("LD_LIBRARY_PATH puts another libnvJitLink.so.12 in front of torch's");
    f.evidence = QJsonObject{{QStringLiteral("variable"), QStringLiteral("LD_LIBRARY_PATH")},
                             {QStringLiteral("entry"), entry},
                             {QStringLiteral("library"), QStringLiteral("libnvJitLink.so.12")}};
    f.fixes = {td::checks::FixFamily::Env};
    return f;
}

} // namespace

TEST(ShellEnvPlanner, FindsEveryStartupFile)
{
    TempDir dir;
    const auto home = dir / "home";
    const auto venv = dir / "venv";
    const auto conda = dir / "conda";
    td::test::writeFile(home / ".bashrc", "export LD_LIBRARY_PATH=/opt/stale/lib:$LD_LIBRARY_PATH\n");
    td::test::writeFile(home / ".profile", "export PATH=$HOME/bin:$PATH\n");
    td::test::writeFile(home / ".zshrc", "export LD_LIBRARY_PATH=/keep:/opt/stale/lib\n");
    td::test::writeFile(home / ".config/fish/config.fish", "set -gx LD_LIBRARY_PATH /opt/stale/lib /keep\n");
    td::test::writeFile(venv / "bin/activate", "VIRTUAL_ENV=x\nexport LD_LIBRARY_PATH=/opt/stale/lib\n");
    td::test::writeFile(venv / "bin/python", "");
    td::test::writeFile(conda / "etc/conda/activate.d/cuda.sh", "export LD_LIBRARY_PATH=/opt/stale/lib:/keep\n");
    QProcessEnvironment e;
    e.insert(QStringLiteral("HOME"), QString::fromStdString(home.string()));
    e.insert(QStringLiteral("CONDA_PREFIX"), QString::fromStdString(conda.string()));
    e.insert(QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("/opt/stale/lib:/keep"));
    e.insert(QStringLiteral("KMP_DUPLICATE_LIB_OK"), QStringLiteral("TRUE"));
    const EnvPlanner planner(e, QString::fromStdString((venv / "bin/python").string()));
    td::checks::Finding kmp;
    kmp.id = QStringLiteral("env.suspicious");
    kmp.evidence = QJsonObject{{QStringLiteral("variable"), QStringLiteral("KMP_DUPLICATE_LIB_OK")},
                               {QStringLiteral("value"), QStringLiteral("TRUE")}};
    kmp.fixes = {td::checks::FixFamily::Env};
    // The same entry reported for two libraries is planned once.
    const EnvPlan plan = planner.plan({shadowFinding(kStale), shadowFinding(kStale + u'/'), kmp});
    ASSERT_EQ(plan.plan.steps.size(), 5) << plan.plan.describe().toStdString();
    EXPECT_EQ(plan.changes.size(), 1);
    const QString text = plan.plan.describe();
    for (const char *file : {".bashrc", ".zshrc", "config.fish", "bin/activate", "cuda.sh"})
        EXPECT_TRUE(text.contains(QLatin1String(file))) << file << "\n" << text.toStdString();
    EXPECT_FALSE(text.contains(QLatin1String(".profile")));
    EXPECT_TRUE(text.contains(QLatin1String("KMP_DUPLICATE_LIB_OK is set in this terminal only")))
        << text.toStdString();
    EXPECT_EQ(EnvPlanner::after(e, plan.changes).value(QStringLiteral("LD_LIBRARY_PATH")), QStringLiteral("/keep"));
    std::printf("%s", text.toStdString().c_str());
}

TEST(ShellEnvPlanner, SetInThisTerminalOnly)
{
    TempDir dir;
    td::test::writeFile(dir / ".bashrc", "alias ll='ls -l'\n");
    QProcessEnvironment e;
    e.insert(QStringLiteral("HOME"), QString::fromStdString(dir.path().string()));
    const EnvPlan plan = EnvPlanner(e, {}).plan({shadowFinding(kStale)});
    EXPECT_TRUE(plan.plan.steps.isEmpty());
    ASSERT_EQ(plan.plan.warnings.size(), 1);
    EXPECT_TRUE(plan.plan.warnings[0].contains(QLatin1String("set in this terminal only")));
    EXPECT_TRUE(plan.plan.warnings[0].contains(QLatin1String("unset LD_LIBRARY_PATH")));
}
