// SPDX-License-Identifier: GPL-3.0-or-later
// `torchdoctor fix env` and `undo` end to end: a ~/.bashrc puts a stale
// folder first on LD_LIBRARY_PATH, where an old copy of a library torch needs
// lacks a symbol; the fix removes that entry, a new bash imports torch, undo
// puts the file back byte for byte and the import fails again.
#include "FixCliFixture.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>

using namespace td::test;

namespace {

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

namespace {

QStringList findingIds(const QJsonObject &stage)
{
    QStringList ids;
    for (const auto &f : stage.value(QStringLiteral("findings")).toArray())
        ids << f.toObject().value(QStringLiteral("id")).toString();
    return ids;
}

} // namespace

// `report` tells what happened on this machine, from the journal on disk and
// what `fix` recorded: what was found first, the repair and the check after
// it, the undo, and the state now; in every format of the bundle.
TEST_F(FixCli, TheReportTellsTheFixAndTheUndo)
{
    ASSERT_TRUE(fs::exists("/usr/bin/unzip")) << "/usr/bin/unzip is missing: run tools/setup.sh";
    const RunResult fix = torchdoctor({"fix", "env", "--python", m_python.string(), "--yes"});
    ASSERT_EQ(fix.exitCode, 0) << fix.out << fix.err;
    const RunResult undo = torchdoctor({"undo", "--yes"}, false);
    ASSERT_EQ(undo.exitCode, 0) << undo.out << undo.err;
    ASSERT_FALSE(journalEmpty()) << fix.out << fix.err;
    std::string repairId, undoId;
    for (const auto &file : fs::directory_iterator(m_data / "TorchDoctor/journal")) {
        const QJsonObject entry = QJsonDocument::fromJson(QByteArray::fromStdString(readFile(file.path()))).object();
        (entry.contains(QStringLiteral("undo_of")) ? undoId : repairId) =
            entry.value(QStringLiteral("id")).toString().toStdString();
    }
    ASSERT_FALSE(repairId.empty());
    ASSERT_FALSE(undoId.empty());

    const fs::path zip = m_dir / "bundle.zip";
    const RunResult report =
        torchdoctor({"report", "--python", m_python.string(), "--no-redact", "--bundle", zip.string()});
    ASSERT_TRUE(fs::exists(zip)) << report.out << report.err;
    auto member = [&](const char *name) { return run({"/usr/bin/unzip", "-p", zip.string(), name}, options()).out; };
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(member("report.json"))).object();
    const QJsonArray stages = doc.value(QStringLiteral("history")).toObject().value(QStringLiteral("stages")).toArray();
    QStringList kinds;
    for (const auto &v : stages)
        kinds << v.toObject().value(QStringLiteral("stage")).toString();
    ASSERT_EQ(kinds, (QStringList{QStringLiteral("diagnosis"), QStringLiteral("repair"), QStringLiteral("recheck"),
                                  QStringLiteral("undo"), QStringLiteral("now")}))
        << QJsonDocument(doc.value(QStringLiteral("history")).toObject()).toJson().toStdString();
    // The contract: the schema holds the history too, and the HTML stays well-formed around it.
    writeFile(m_dir / "report.json", member("report.json"));
    writeFile(m_dir / "report.html", member("report.html"));
    const RunResult valid = run({"/usr/bin/python3", "-c",
                                 "import json, sys, jsonschema\n"
                                 "jsonschema.validate(json.load(open(sys.argv[1])), json.load(open(sys.argv[2])))\n",
                                 (m_dir / "report.json").string(),
                                 std::string(config::sourceDir) + "/resources/report/report.schema.json"});
    EXPECT_EQ(valid.exitCode, 0) << valid.err;
    const RunResult wellFormed = run({"xmllint", "--noout", "--nonet", (m_dir / "report.html").string()});
    EXPECT_EQ(wellFormed.exitCode, 0) << wellFormed.err;

    const QString shadowing = QStringLiteral("env.suspicious");
    EXPECT_TRUE(findingIds(stages[0].toObject()).contains(shadowing));
    const QJsonObject repair = stages[1].toObject();
    EXPECT_EQ(repair.value(QStringLiteral("family")).toString(), QStringLiteral("env"));
    EXPECT_EQ(repair.value(QStringLiteral("outcome")).toString(), QStringLiteral("fixed"));
    EXPECT_EQ(repair.value(QStringLiteral("journal")).toArray(), QJsonArray{QString::fromStdString(repairId)});
    EXPECT_EQ(repair.value(QStringLiteral("undone_by")).toString().toStdString(), undoId);
    EXPECT_EQ(stages[2].toObject().value(QStringLiteral("of")).toString(), QStringLiteral("repair"));
    EXPECT_FALSE(findingIds(stages[2].toObject()).contains(shadowing));
    const QJsonObject undone = stages[3].toObject();
    EXPECT_EQ(undone.value(QStringLiteral("undo_of")).toString().toStdString(), repairId);
    EXPECT_EQ(undone.value(QStringLiteral("journal")).toArray(), QJsonArray{QString::fromStdString(undoId)});
    EXPECT_EQ(undone.value(QStringLiteral("outcome")).toString(), QStringLiteral("done"));
    EXPECT_TRUE(findingIds(stages[4].toObject()).contains(shadowing)); // the undo brought it back

    for (const char *name : {"report.md", "report.html", "report.txt"}) {
        const std::string text = member(name);
        if (std::string(name) == "report.md")
            std::printf("%s\n", text.substr(0, text.find("## Findings")).c_str());
        const auto first = text.find("1. First diagnosis"), undoAt = text.find("4. Undo of " + repairId),
                   now = text.find("5. State now");
        EXPECT_NE(first, std::string::npos) << name << "\n" << text;
        EXPECT_NE(undoAt, std::string::npos) << name << "\n" << text;
        EXPECT_NE(now, std::string::npos) << name << "\n" << text;
        EXPECT_TRUE(first < undoAt && undoAt < now) << name;
    }
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
