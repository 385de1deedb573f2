// SPDX-License-Identifier: GPL-3.0-or-later
// The five scenarios of people's real use, each walked from the first page to
// the last through the real wizard on this machine's real backend, in English
// and in Chinese: none of the defects they used to show (a reinstall offered
// where another interpreter has torch, "PyTorch works here" for a desktop
// start inside a broken environment or for a pasted Windows error, a verdict
// or a report that an undo or a language change left stale, a report saved in
// another format than its name says). With TORCHDOCTOR_SCREENSHOT_DIR set,
// each scenario's key pages are saved as walk/<language>-<scenario>-<page>.png.
#include "DiagnosePage.h"
#include "DonePage.h"
#include "ExportPage.h"
#include "FindingsPage.h"
#include "FixPage.h"
#include "FixRunnerWidget.h"
#include "Language.h"
#include "RealWizard.h"
#include "ReinstallPage.h"
#include "Session.h"
#include "UrgentPage.h"

#include "checks/Finding.h"
#include "checks/ErrorOnThisMachine.h"
#include "checks/Explanation.h"

#include "PythonFixtures.h"
#include "ScopedEnvironment.h"
#include "TestSupport.h"
#include "UntranslatedProse.h"

#include <QComboBox>
#include <QFile>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QScopeGuard>
#include <QTextBrowser>
#include <QTreeWidget>

#include <gtest/gtest.h>

#include <functional>
#include <map>

namespace td::ui::test {
namespace {

using td::test::TempDir;
namespace py = td::test::python;
namespace fs = td::test::fs;

// A home folder of its own, as the desktop starts programs: no LD_LIBRARY_PATH, the usual PATH, no
// variable of a shell's startup files (PYENV_ROOT: the interpreters found are the system's alone,
// whatever the machine the test runs on has installed).
struct DesktopStart {
    TempDir home{"td-walk-home"};
    td::test::ScopedEnvironment environment;

    DesktopStart()
    {
        environment.set("HOME", py::qs(home.path()));
        for (const char *name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
            environment.unset(name);
        for (const char *name : {"LD_LIBRARY_PATH", "LD_PRELOAD", "PYTHONPATH", "PYTHONHOME", "PYENV_ROOT"})
            environment.unset(name);
        environment.set("PATH", QStringLiteral("/usr/local/bin:/usr/bin:/bin"));
    }
};

// The same, and ~/.bashrc puts a libgomp from before OpenMP 4.0 first on LD_LIBRARY_PATH, on its third
// line: Debian's torch fails to import in every new terminal.
struct BrokenThroughBashrc : DesktopStart {
    static constexpr const char *kHead = "# ~/.bashrc\nalias ll='ls -l'\n";
    fs::path stale = td::test::python::buildStaleLibgomp(home / "stale-gomp");
    fs::path bashrc = home / ".bashrc";
    std::string broken = std::string(kHead) + "export LD_LIBRARY_PATH=" + stale.string() + "\n";

    BrokenThroughBashrc() { td::test::writeFile(bashrc, broken); }
};

bool debianTorchIsHere()
{
    return fs::exists("/usr/lib/python3/dist-packages/torch/lib/libtorch_cpu.so");
}

QString labelText(Wizard &wizard, const char *name)
{
    const auto *label = wizard.findChild<QLabel *>(QString::fromLatin1(name));
    return label ? label->text() : QStringLiteral("(no label %1)").arg(QString::fromLatin1(name));
}

// The explanation of `id` as the findings page shows it.
QString explanationOf(Wizard &wizard, const QString &id)
{
    auto *page = qobject_cast<FindingsPage *>(wizard.currentPage());
    if (!page || !page->selectFinding(id))
        return {};
    QTest::qWait(20);
    return wizard.findChild<QTextBrowser *>(QStringLiteral("detail"))->toPlainText();
}

// The English prose in what the window shows (in Chinese there is none).
QStringList englishShown(Wizard &wizard, const QString &except)
{
    QStringList out;
    for (const QString &text : visibleTexts(wizard, except.isEmpty() ? QStringList() : QStringList{except}))
        for (const QString &run : td::test::untranslatedProse(text))
            out << run + QStringLiteral("   ← in: ") + text.left(160);
    return out;
}

// The steps of the session's story in a JSON report: diagnosis, repair, recheck, undo, recheck, now.
QStringList storyOf(const QByteArray &json)
{
    QStringList out;
    const QJsonObject report = QJsonDocument::fromJson(json).object();
    for (const auto &stage :
         report.value(QStringLiteral("history")).toObject().value(QStringLiteral("stages")).toArray())
        out << stage.toObject().value(QStringLiteral("stage")).toString();
    return out;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

class Walk : public testing::TestWithParam<QString> {
protected:
    [[nodiscard]] QString language() const { return GetParam(); }
    [[nodiscard]] bool chinese() const { return GetParam() == QLatin1String("zh_CN"); }
    // What the page shown says: no advice to use the command line instead of the window, and in
    // Chinese no English prose. `except`: a widget left out of the second (by its object name).
    void checkShown(Wizard &wizard, const char *where, const QString &except = {})
    {
        const QStringList commandLine = commandLineAdvice(wizard);
        EXPECT_TRUE(commandLine.isEmpty()) << where << ":\n" << commandLine.join(u'\n').toStdString();
        if (chinese()) {
            const QStringList english = englishShown(wizard, except);
            EXPECT_TRUE(english.isEmpty()) << where << ":\n" << english.join(u'\n').toStdString();
        }
    }
    // The Done page after an undo: the check after it finds the problem again, and says so.
    void expectFoundAgain(RealWizard &w, const DonePage &done, const QString &scenario)
    {
        EXPECT_NE(done.resultText(), DonePage::tr("Solved: PyTorch works now.")) << done.resultText().toStdString();
        EXPECT_TRUE(w.wizard().session().report()->hasErrors()) << "after the undo, the check finds the problem again";
        checkShown(w.wizard(), "done after the undo");
        w.shot(scenario + QStringLiteral("-done-undone"));
    }
};

// From the first page, Debian's /usr/bin/python3 diagnosed, to its findings (the diagnosis shot as
// <scenario>-diagnose).
bool toFindings(RealWizard &w, const char *scenario)
{
    if (!w.diagnose(py::qs(py::kSystemPython)))
        return false;
    w.shot(QLatin1String(scenario) + QStringLiteral("-diagnose"));
    return w.next() && w.wizard().currentId() == FindingsPageId;
}

// What a walk's environment repair changes on the machine: what its plan names, and the checks of the
// files after the repair and after the undo.
struct EnvRepair {
    QString planNames;
    std::function<void()> repaired, undone;
};

// The ~/.bashrc line taken out, with a comment in the user's language; put back byte for byte.
EnvRepair bashrcRepair(const BrokenThroughBashrc &machine)
{
    return {QStringLiteral(".bashrc"),
            [&machine] {
                const std::string repaired = td::test::readFile(machine.bashrc);
                EXPECT_NE(repaired, machine.broken) << "the repair left ~/.bashrc as it was";
                const char *comment =
                    Language::current() == QLatin1String("zh_CN") ? "已由 TorchDoctor 移除" : "removed by TorchDoctor";
                EXPECT_NE(repaired.find(comment), std::string::npos) << repaired;
            },
            [&machine] {
                EXPECT_EQ(td::test::readFile(machine.bashrc), machine.broken)
                    << "the undo did not put ~/.bashrc back byte for byte";
            }};
}

// From the findings, the environment repair, applied and checked again; then, on the Done page, undone and
// checked again. Returns the Done page. `scenario` names the screenshots.
DonePage *repairThenUndo(RealWizard &w, const QString &scenario, const EnvRepair &repair)
{
    if (!w.next() || !w.page<UrgentPage>())
        return nullptr;
    w.page<UrgentPage>()->choose(false); // repair it here
    if (!w.next())
        return nullptr;
    auto *env = w.page<FixPage>();
    EXPECT_EQ(w.wizard().currentId(), EnvPageId);
    if (!env)
        return nullptr;
    const QString plan = env->findChild<QTextBrowser *>(QStringLiteral("planSteps"))->toPlainText();
    EXPECT_TRUE(plan.contains(repair.planNames)) << plan.toStdString();
    ConfirmDialog::setNextAnswer(true);
    env->runner()->applyButton()->click();
    EXPECT_TRUE(waitFor([env] { return env->isComplete(); }, 240000)) << env->runner()->status().toStdString();
    repair.repaired();
    w.shot(scenario + QStringLiteral("-env-repaired"));
    if (!w.next())
        return nullptr;
    auto *done = w.page<DonePage>();
    if (!done)
        return nullptr;
    EXPECT_EQ(done->resultText(), DonePage::tr("Solved: PyTorch works now."));
    const auto *afterwards = done->findChild<QLabel *>(QStringLiteral("afterwards"));
    EXPECT_TRUE(afterwards->isVisible()) << "the repair says nothing of what to do next";
    w.shot(scenario + QStringLiteral("-done-solved"));
    const int before = w.backend().diagnoses();
    ConfirmDialog::setNextAnswer(true);
    done->undo();
    EXPECT_TRUE(waitFor([&] { return !done->isBusy() && !w.wizard().session().isRechecking(); }, 240000));
    EXPECT_GT(w.backend().diagnoses(), before) << "no check after the undo";
    repair.undone();
    // What the repair asked to do next went with it.
    EXPECT_FALSE(afterwards->isVisible()) << afterwards->text().toStdString();
    return done;
}

// a. Healthy, but the project's venv (what it runs) has no torch, and Debian's /usr/bin/python3 has torch 1.13:
// "Use this interpreter" is offered for that one, before any reinstall. Used, the findings say that the project
// still runs its venv without torch (never "nothing needs repair"), and the reinstall step makes the project's
// venv again on /usr/bin/python3, installing nothing; the report keeps the first diagnosis. Undone, the old venv
// is back, and the check after it says so again.
TEST_P(Walk, HealthyWithTheWrongDefaultInterpreter)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is not installed (tools/packages.txt)";
    DesktopStart desktop;
    TempDir dir;
    const fs::path project = dir / "otter lab";
    const fs::path noTorch = py::makeVenv(project / ".venv");
    ASSERT_FALSE(noTorch.empty());
    td::test::writeFile(project / ".venv/kept.txt", "kept\n");
    RealWizard w(std::nullopt, language());
    ASSERT_TRUE(waitFor([&] { return !w.welcome()->isSearching(); }, 120000));
    w.welcome()->addProject(py::qs(project));
    ASSERT_TRUE(waitFor([&] { return !w.welcome()->isSearching(); }, 120000));
    w.shot(QStringLiteral("a-welcome"));
    ASSERT_TRUE(w.next()); // the project's venv
    ASSERT_TRUE(w.next()) << "the diagnosis did not end";
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    EXPECT_TRUE(listedFindings(w.wizard()).contains(QStringLiteral("torch.not-installed")))
        << listedFindings(w.wizard()).join(u' ').toStdString();
    checkShown(w.wizard(), "findings");
    w.shot(QStringLiteral("a-findings"));
    ASSERT_TRUE(w.next());
    w.page<UrgentPage>()->choose(false);
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), ReinstallPageId) << "no environment finding: the reinstall is next";
    auto *use = w.wizard().findChild<QPushButton *>(QStringLiteral("useOtherInterpreter"));
    ASSERT_TRUE(use && use->isVisible()) << "no \"Use this interpreter\" before the reinstall";
    const QString offered = labelText(w.wizard(), "otherInterpreter");
    EXPECT_TRUE(offered.contains(QStringLiteral("/usr/bin/python3")) && offered.contains(QStringLiteral("1.13")))
        << offered.toStdString();
    EXPECT_TRUE(fixes::Journal().entries().isEmpty()) << "something was changed before the choice";
    checkShown(w.wizard(), "reinstall");
    w.shot(QStringLiteral("a-reinstall"));

    use->click();
    ASSERT_TRUE(waitFor([&] { return w.wizard().currentId() == DiagnosePageId; }));
    EXPECT_TRUE(w.wizard().session().target.python.startsWith(QStringLiteral("/usr/bin/python3")))
        << w.wizard().session().target.python.toStdString();
    ASSERT_TRUE(w.next()) << "the diagnosis of /usr/bin/python3 did not end";
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    EXPECT_TRUE(listedFindings(w.wizard()).contains(QStringLiteral("python.usual-lacks-torch")))
        << listedFindings(w.wizard()).join(u' ').toStdString();
    EXPECT_FALSE(listedFindings(w.wizard()).contains(QStringLiteral("torch.not-installed")));
    const QString usual = explanationOf(w.wizard(), QStringLiteral("python.usual-lacks-torch"));
    EXPECT_TRUE(usual.contains(py::qs(project / ".venv"))) << "the project's venv is not named: "
                                                           << usual.toStdString();
    EXPECT_NE(labelText(w.wizard(), "summary"), FindingsPage::tr("No problem found: PyTorch works here."));
    // The first diagnosis stays in the session's story, the one of this interpreter after it.
    const QJsonArray stages = w.wizard().session().history().stages();
    ASSERT_EQ(stages.size(), 2) << QJsonDocument(stages).toJson().left(3000).toStdString();
    const QString first = stages[0].toObject().value(QStringLiteral("python")).toString();
    EXPECT_TRUE(first.startsWith(py::qs(project / ".venv/bin/python"))) << first.toStdString();
    EXPECT_TRUE(QJsonDocument(stages[0].toObject()).toJson().contains("torch.not-installed"));
    EXPECT_EQ(stages[1].toObject().value(QStringLiteral("of")).toString(), QStringLiteral("interpreter"));
    checkShown(w.wizard(), "findings of the interpreter with torch");
    w.shot(QStringLiteral("a-findings-with-torch"));

    // The reinstall step makes the project run this Python: nothing is installed.
    ASSERT_TRUE(w.next());
    ASSERT_NE(w.page<UrgentPage>(), nullptr);
    w.page<UrgentPage>()->choose(false);
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), ReinstallPageId);
    auto *step = w.page<FixPage>();
    EXPECT_EQ(step->title(), ReinstallPage::tr("Method 3: use the Python that has PyTorch"));
    EXPECT_FALSE(w.wizard().findChild<QWidget *>(QStringLiteral("wheelFolder"))->isVisible())
        << "a folder of wheels is asked for where nothing is installed";
    const QString plan = step->findChild<QTextBrowser *>(QStringLiteral("planSteps"))->toPlainText();
    EXPECT_TRUE(plan.contains(QStringLiteral("--system-site-packages")) && !plan.contains(QStringLiteral(" pip ")))
        << plan.toStdString();
    checkShown(w.wizard(), "the switch's plan");
    w.shot(QStringLiteral("a-switch"));
    ConfirmDialog::setNextAnswer(true);
    step->runner()->applyButton()->click();
    EXPECT_TRUE(waitFor([step] { return step->isComplete(); }, 240000)) << step->runner()->status().toStdString();
    EXPECT_TRUE(td::test::run({noTorch.string(), "-c", "import torch"}).ok()) << "the project's venv has no torch";
    EXPECT_EQ(td::test::readFile(project / ".venv.without-torch/kept.txt"), "kept\n");
    ASSERT_TRUE(w.next());
    auto *done = w.page<DonePage>();
    ASSERT_NE(done, nullptr);
    EXPECT_EQ(done->resultText(), DonePage::tr("Solved: PyTorch works now."));
    checkShown(w.wizard(), "done after the switch");
    w.shot(QStringLiteral("a-done-switched"));

    ConfirmDialog::setNextAnswer(true);
    done->undo();
    EXPECT_TRUE(waitFor([&] { return !done->isBusy() && !w.wizard().session().isRechecking(); }, 240000));
    EXPECT_EQ(td::test::readFile(project / ".venv/kept.txt"), "kept\n") << "the old venv is not back";
    EXPECT_FALSE(fs::exists(project / ".venv.without-torch"));
    EXPECT_NE(done->resultText(), DonePage::tr("Solved: PyTorch works now.")) << done->resultText().toStdString();
    const auto &after = *w.wizard().session().report();
    EXPECT_TRUE(std::any_of(after.findings.begin(), after.findings.end(), [](const checks::Finding &f) {
        return f.id == QLatin1String("python.usual-lacks-torch");
    })) << "the check after the undo does not see the venv without torch again";
}

// b. Broken through ~/.bashrc and started as from the desktop (no LD_LIBRARY_PATH here): the findings name the
// ~/.bashrc line and show that a new terminal gets what this window does not; repair, re-check, undo, re-check:
// the Done page says what is true after each.
TEST_P(Walk, BrokenThroughBashrcStartedFromTheDesktop)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is not installed (tools/packages.txt)";
    const BrokenThroughBashrc machine;
    RealWizard w(std::nullopt, language());
    ASSERT_TRUE(toFindings(w, "b"));
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    const QString summary = labelText(w.wizard(), "summary");
    EXPECT_FALSE(summary.contains(FindingsPage::tr("No problem found: PyTorch works here."))) << summary.toStdString();
    EXPECT_TRUE(w.wizard().session().report()->hasErrors());
    const QString terminal = explanationOf(w.wizard(), QStringLiteral("env.terminal-differs"));
    EXPECT_TRUE(terminal.contains(QStringLiteral(".bashrc")) && terminal.contains(QStringLiteral("LD_LIBRARY_PATH")))
        << "the findings do not show what a new terminal gets: " << terminal.toStdString() << "\n"
        << listedFindings(w.wizard()).join(u' ').toStdString();
    EXPECT_TRUE(terminal.contains(QString::fromStdString(machine.stale.string()))) << terminal.toStdString();
    // The entry to blame, where it is set: the environment repair's work.
    const QString entry = explanationOf(w.wizard(), QStringLiteral("env.suspicious"));
    EXPECT_TRUE(entry.contains(py::qs(machine.bashrc) + QStringLiteral(" line 3"))
                || entry.contains(QStringLiteral(".bashrc 第 3 行")))
        << entry.toStdString();
    // torch imports in TorchDoctor's own environment, but not in the terminal people use: its row says so.
    const auto *list = w.wizard().findChild<QTreeWidget *>(QStringLiteral("findings"));
    QString torchRow;
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->text(0).startsWith(td::checks::areaTitle(QStringLiteral("torch"))))
            torchRow = list->topLevelItem(i)->text(0);
    EXPECT_NE(torchRow, FindingsPage::tr("%1: no problem").arg(td::checks::areaTitle(QStringLiteral("torch"))));
    EXPECT_TRUE(torchRow.contains(chinese() ? QStringLiteral("新终端") : QStringLiteral("new terminal")))
        << torchRow.toStdString();
    // Long titles wrap within the list: nothing to scroll to sideways.
    EXPECT_EQ(list->horizontalScrollBar()->maximum(), 0) << "the findings list scrolls sideways";
    checkShown(w.wizard(), "findings");
    w.shot(QStringLiteral("b-findings"));

    DonePage *done = repairThenUndo(w, QStringLiteral("b"), bashrcRepair(machine));
    ASSERT_NE(done, nullptr);
    expectFoundAgain(w, *done, QStringLiteral("b"));
}

// The traceback of such a new terminal, pasted into the window started from the desktop, where torch imports:
// the card above the findings tells the cause the findings lead with (the ~/.bashrc entry), as `explain` does in
// that terminal; not what such a message usually means, nor that PyTorch loads the file here.
TEST(WalkPaste, ANewTerminalsTracebackIsTheCauseTheFindingsLeadWith)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is not installed (tools/packages.txt)";
    const BrokenThroughBashrc machine;
    const td::test::RunResult failed =
        td::test::run({"bash", "-ic", py::kSystemPython.string() + " -c 'import torch'"});
    ASSERT_NE(failed.exitCode, 0) << failed.out << failed.err;
    RealWizard w;
    w.welcome()->setPastedText(QString::fromStdString(failed.err));
    (void)w.pasteResult();
    ASSERT_TRUE(toFindings(w, "paste"));
    QList<checks::Finding> found = w.wizard().session().report()->findings;
    found.removeIf([](const checks::Finding &f) { return f.id == QLatin1String("pasted.error"); });
    const checks::Finding *lead = checks::leadFinding(found);
    ASSERT_NE(lead, nullptr);
    EXPECT_EQ(lead->id, QStringLiteral("env.suspicious")) << listedFindings(w.wizard()).join(u' ').toStdString();
    const auto *card = w.wizard().findChild<QLabel *>(QStringLiteral("pastedCulprit"));
    // Judged again where it happened, off the GUI thread.
    EXPECT_TRUE(waitFor([&] { return card->text().contains(lead->title); }, 60000))
        << card->text().toStdString() << "\n" << failed.err;
    EXPECT_FALSE(card->text().contains(QStringLiteral("loads it without a problem"))) << card->text().toStdString();
    // The card names its cause, which is selected below with the whole story (the ~/.bashrc line) beside it.
    const auto *list = w.wizard().findChild<QTreeWidget *>(QStringLiteral("findings"));
    ASSERT_NE(list->currentItem(), nullptr);
    EXPECT_EQ(list->currentItem()->data(0, Qt::UserRole + 1).toString(), lead->id);
    const QString detail = w.wizard().findChild<QTextBrowser *>(QStringLiteral("detail"))->toPlainText();
    EXPECT_TRUE(detail.contains(py::qs(machine.bashrc))) << detail.toStdString();
}

// c. A Chinese-language Windows error about fbgemm.dll (WinError 126, "找不到指定的模块。"), pasted on this
// Linux machine: explained as a Windows machine's error with its cause, file and repairs; never "PyTorch works
// here", neither on the findings nor on the Done page nor in the report.
TEST_P(Walk, APastedChineseWindowsError)
{
    DesktopStart desktop;
    RealWizard w(std::nullopt, language());
    WelcomePage *welcome = w.welcome();
    welcome->setPastedText(QStringLiteral(
        "Traceback (most recent call last):\n  File \"train.py\", line 1, in <module>\n    import torch\n"
        "OSError: [WinError 126] 找不到指定的模块。 Error loading "
        "\"C:\\Users\\李雷\\miniconda3\\envs\\torch\\lib\\site-packages\\torch\\lib\\fbgemm.dll\" or one of its "
        "dependencies."));
    const QString read = w.pasteResult();
    EXPECT_TRUE(read.contains(QStringLiteral("fbgemm.dll"))) << read.toStdString();
    EXPECT_TRUE(read.contains(WelcomePage::tr("This happened on a %1 machine, not this one: TorchDoctor explains it "
                                              "here; run TorchDoctor on that machine to repair it.")
                                  .arg(checks::systemName(QStringLiteral("windows")))))
        << read.toStdString();
    ASSERT_TRUE(waitFor([&] { return !welcome->isSearching(); }, 120000));
    welcome->addInterpreter(py::qs(py::kSystemPython));
    checkShown(w.wizard(), "welcome");
    w.shot(QStringLiteral("c-welcome"));
    ASSERT_TRUE(w.next());
    ASSERT_TRUE(w.next()) << "the diagnosis did not end";
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    const QString summary = labelText(w.wizard(), "summary");
    const QString pasted = labelText(w.wizard(), "pastedCulprit");
    EXPECT_NE(summary, FindingsPage::tr("No problem found: PyTorch works here.")) << summary.toStdString();
    EXPECT_TRUE(summary.contains(checks::systemName(QStringLiteral("windows")))) << summary.toStdString();
    EXPECT_TRUE(pasted.contains(QStringLiteral("fbgemm.dll"))) << pasted.toStdString();
    const checks::Finding *finding = nullptr;
    for (const checks::Finding &f : w.wizard().session().report()->findings)
        if (f.id == QLatin1String("pasted.error"))
            finding = &f;
    ASSERT_NE(finding, nullptr) << "the reports do not tell the pasted error";
    EXPECT_FALSE(finding->detail.isEmpty());
    EXPECT_TRUE(w.wizard().session().pasted && !w.wizard().session().pasted->repairs.isEmpty())
        << "no repairs for the fbgemm.dll error";
    for (const checks::ExplainedRepair &repair : w.wizard().session().pasted->repairs)
        EXPECT_TRUE(pasted.contains(repair.text.left(30)))
            << "a repair explain gives is not shown: " << repair.text.toStdString();
    checkShown(w.wizard(), "findings");
    w.shot(QStringLiteral("c-findings"));

    const QString report =
        w.wizard().session().backend().renderReport(*w.wizard().session().report(), ReportFormat::Markdown, true, {});
    EXPECT_TRUE(report.contains(QStringLiteral("fbgemm.dll")) && report.contains(QStringLiteral("pasted.error")));
    if (!w.wizard().session().report()->hasErrors()) {
        ASSERT_TRUE(w.next());
        ASSERT_EQ(w.wizard().currentId(), DonePageId);
        const QString done = labelText(w.wizard(), "doneResult");
        EXPECT_NE(done, DonePage::tr("No problem found: PyTorch works here.")) << done.toStdString();
        EXPECT_FALSE(done.isEmpty());
        checkShown(w.wizard(), "done");
        w.shot(QStringLiteral("c-done"));
    }
}

// d. The language switched once the findings are shown: everything on the window is in the new language,
// the findings included, and they come from a new check of the machine (changed meanwhile), not from memory.
TEST_P(Walk, TheLanguageSwitchedMidway)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is not installed (tools/packages.txt)";
    const BrokenThroughBashrc machine;
    const QString other = chinese() ? QStringLiteral("en") : QStringLiteral("zh_CN");
    RealWizard w(std::nullopt, other); // started in the other language, switched to this one midway
    ASSERT_TRUE(toFindings(w, "d"));
    ASSERT_TRUE(listedFindings(w.wizard()).contains(QStringLiteral("env.terminal-differs")))
        << listedFindings(w.wizard()).join(u' ').toStdString();
    w.shot(QStringLiteral("d-findings-before-the-switch"));

    // Meanwhile, the line is taken out of ~/.bashrc by hand: a new terminal imports torch again.
    td::test::writeFile(machine.bashrc, BrokenThroughBashrc::kHead);
    const int before = w.backend().diagnoses();
    w.wizard().setLanguage(language());
    ASSERT_TRUE(
        waitFor([&] { return w.backend().diagnoses() > before && !w.wizard().session().isRechecking(); }, 180000))
        << "the findings were not checked again after the language changed";
    QTest::qWait(50);
    EXPECT_FALSE(listedFindings(w.wizard()).contains(QStringLiteral("env.terminal-differs")))
        << "the findings shown are remembered, not checked again";
    EXPECT_FALSE(w.wizard().session().report()->hasErrors());
    checkShown(w.wizard(), "findings after the switch");
    if (!chinese()) { // in English, no Chinese text is left either
        static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
        for (const QString &text : visibleTexts(w.wizard())) {
            EXPECT_FALSE(text.contains(han)) << text.toStdString();
        }
    }
    w.shot(QStringLiteral("d-findings-after-the-switch"));
}

// e. Repair, undo, export: the report (Markdown, HTML, JSON, by the name chosen) tells the whole story:
// what was found, the repair, its re-check, the undo, its re-check and the state now; a JSON report asked
// into a .html name is written as the name says, and the page says so.
TEST_P(Walk, RepairUndoExport)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is not installed (tools/packages.txt)";
    const BrokenThroughBashrc machine;
    RealWizard w(std::nullopt, language());
    ASSERT_TRUE(toFindings(w, "e"));
    ASSERT_NE(repairThenUndo(w, QStringLiteral("e"), bashrcRepair(machine)), nullptr);
    ASSERT_TRUE(w.next());
    auto *exporter = w.page<ExportPage>();
    ASSERT_NE(exporter, nullptr);
    ASSERT_TRUE(waitFor([&] { return !w.wizard().session().isRechecking(); }, 180000));
    checkShown(w.wizard(), "export"); // the report's preview too, the GPU probe's notes included
    w.shot(QStringLiteral("e-export"));

    TempDir out;
    auto saveAs = [&](ReportFormat format, const char *name) {
        exporter->setFormat(format);
        const QString path = py::qs(out / name);
        exporter->setSaveLocationChooser([path](const QString &) { return path; });
        EXPECT_TRUE(exporter->save()) << name << ": " << exporter->statusText().toStdString();
        return readAll(path);
    };
    const QByteArray json = saveAs(ReportFormat::Json, "report.json");
    EXPECT_EQ(storyOf(json),
              (QStringList{QStringLiteral("diagnosis"), QStringLiteral("repair"), QStringLiteral("recheck"),
                           QStringLiteral("undo"), QStringLiteral("recheck"), QStringLiteral("now")}))
        << json.left(4000).toStdString();
    const QByteArray markdown = saveAs(ReportFormat::Markdown, "report.md");
    EXPECT_TRUE(
        QString::fromUtf8(markdown).contains(QCoreApplication::translate("SupportReport", "## What happened\n\n")))
        << markdown.left(3000).toStdString();
    EXPECT_TRUE(QString::fromUtf8(markdown).contains(QStringLiteral(".bashrc"))) << markdown.left(3000).toStdString();
    EXPECT_TRUE(markdown.contains("env.terminal-differs")) << markdown.left(3000).toStdString();
    // The summary's import row: it works here, and not in the terminal people use.
    const QString noThere = QCoreApplication::translate("SupportReport", "; in a new terminal, no: %1");
    EXPECT_TRUE(QString::fromUtf8(markdown).contains(noThere.left(noThere.indexOf(QStringLiteral("%1")))))
        << markdown.left(3000).toStdString();
    // A JSON report asked into a .html name: HTML, as the name says, and the page says so.
    const QByteArray html = saveAs(ReportFormat::Json, "report.html");
    EXPECT_TRUE(html.trimmed().startsWith("<!DOCTYPE html")) << html.left(200).toStdString();
    EXPECT_EQ(exporter->statusText(), ExportPage::tr("Saved to %1 as %2, the format its name asks for.")
                                          .arg(py::qs(out / "report.html"), ExportPage::tr("HTML (one file)")));
    EXPECT_TRUE(html.contains("env.terminal-differs"));
    w.shot(QStringLiteral("e-export-saved"));
}

// f. A module of one's own named like one torch imports (typing_extensions.py, in the folder TorchDoctor and the
// person's programs start in): the findings lead with it and name the module; the environment repair renames it
// aside, the check after it finds PyTorch working, and the undo gives the file its name and bytes back, after which
// the check finds it again.
TEST_P(Walk, AModuleOfOnesOwnHidingAnInstalledOne)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is not installed (tools/packages.txt)";
    const DesktopStart machine;
    const fs::path project = machine.home / "otter";
    const fs::path mine = project / "typing_extensions.py";
    td::test::writeFile(mine, "def helper():\n    return 1\n");
    const QString started = QDir::currentPath();
    ASSERT_TRUE(QDir::setCurrent(py::qs(project)));
    const auto back = qScopeGuard([&] { QDir::setCurrent(started); });
    RealWizard w(std::nullopt, language());
    ASSERT_TRUE(toFindings(w, "f"));
    const QStringList listed = listedFindings(w.wizard());
    ASSERT_FALSE(listed.isEmpty());
    EXPECT_EQ(listed.first(), QStringLiteral("python.local-copy")) << listed.join(u' ').toStdString();
    const QString why = explanationOf(w.wizard(), QStringLiteral("python.local-copy"));
    EXPECT_TRUE(why.contains(py::qs(mine))) << why.toStdString();
    checkShown(w.wizard(), "findings");
    w.shot(QStringLiteral("f-findings"));

    const fs::path aside = project / "typing_extensions.py.local-copy";
    DonePage *done = repairThenUndo(w, QStringLiteral("f"),
                                    {QStringLiteral("typing_extensions.py.local-copy"),
                                     [&] { EXPECT_TRUE(!fs::exists(mine) && fs::is_regular_file(aside)); },
                                     [&] {
                                         EXPECT_EQ(td::test::readFile(mine), "def helper():\n    return 1\n");
                                         EXPECT_FALSE(fs::exists(aside));
                                     }});
    ASSERT_NE(done, nullptr);
    expectFoundAgain(w, *done, QStringLiteral("f"));
}

// g. A venv whose Python was removed (a copy of Debian's python3.11, deleted): its python does not start. The
// findings lead with the venv and the Python of the same version to make it again on; the reinstall step does
// that (nothing downloaded), after which torch (the system site's) and the venv's own package import in it; the
// undo puts the old venv back and the check after it finds it broken again.
TEST_P(Walk, AVenvWhosePythonIsGone)
{
    ASSERT_TRUE(debianTorchIsHere()) << "Debian's python3-torch is not installed (tools/packages.txt)";
    const DesktopStart machine;
    const fs::path real = fs::canonical(py::kSystemPython);
    const fs::path base = machine.home / "base/bin" / real.filename();
    fs::create_directories(base.parent_path());
    fs::copy_file(real, base);
    const fs::path venv = machine.home / "venv";
    td::test::runOk({base.string(), "-m", "venv", "--without-pip", "--system-site-packages", venv.string()});
    td::test::writeFile(py::sitePackages(venv) / "otter_venv_tool/__init__.py", "VALUE = 42\n");
    fs::remove_all(machine.home / "base");
    const std::string python = (venv / "bin/python").string();
    const auto imports = [&] { return td::test::run({python, "-c", "import torch, otter_venv_tool"}).ok(); };
    ASSERT_FALSE(imports());

    RealWizard w(std::nullopt, language());
    ASSERT_TRUE(w.diagnose(QString::fromStdString(python)));
    ASSERT_TRUE(w.next()) << "the diagnosis did not end";
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    const QStringList listed = listedFindings(w.wizard());
    ASSERT_FALSE(listed.isEmpty());
    EXPECT_EQ(listed.first(), QStringLiteral("python.venv-base-gone")) << listed.join(u' ').toStdString();
    const QString why = explanationOf(w.wizard(), QStringLiteral("python.venv-base-gone"));
    EXPECT_TRUE(why.contains(py::qs(venv)) && why.contains(QStringLiteral("/usr/bin/python3"))) << why.toStdString();
    checkShown(w.wizard(), "findings");
    w.shot(QStringLiteral("g-findings"));

    ASSERT_TRUE(w.next());
    w.page<UrgentPage>()->choose(false);
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), ReinstallPageId) << "no environment finding: the reinstall is next";
    auto *step = w.page<FixPage>();
    EXPECT_EQ(step->title(), ReinstallPage::tr("Method 3: make the venv again"));
    EXPECT_FALSE(w.wizard().findChild<QWidget *>(QStringLiteral("wheelFolder"))->isVisible())
        << "a folder of wheels is asked for where nothing is downloaded";
    const QString plan = step->findChild<QTextBrowser *>(QStringLiteral("planSteps"))->toPlainText();
    EXPECT_TRUE(plan.contains(py::qs(venv) + QStringLiteral(".base-gone")) && !plan.contains(QStringLiteral(" pip ")))
        << plan.toStdString();
    checkShown(w.wizard(), "the plan that makes the venv again");
    w.shot(QStringLiteral("g-reinstall"));
    ConfirmDialog::setNextAnswer(true);
    step->runner()->applyButton()->click();
    EXPECT_TRUE(waitFor([step] { return step->isComplete(); }, 240000)) << step->runner()->status().toStdString();
    EXPECT_TRUE(imports()) << "the venv made again does not import torch and its own package";
    ASSERT_TRUE(w.next());
    auto *done = w.page<DonePage>();
    ASSERT_NE(done, nullptr);
    EXPECT_EQ(done->resultText(), DonePage::tr("Solved: PyTorch works now."));
    checkShown(w.wizard(), "done after the venv was made again");
    w.shot(QStringLiteral("g-done-solved"));

    ConfirmDialog::setNextAnswer(true);
    done->undo();
    EXPECT_TRUE(waitFor([&] { return !done->isBusy() && !w.wizard().session().isRechecking(); }, 240000));
    EXPECT_FALSE(fs::exists(py::qs(venv).toStdString() + ".base-gone"));
    EXPECT_FALSE(imports());
    EXPECT_NE(done->resultText(), DonePage::tr("Solved: PyTorch works now.")) << done->resultText().toStdString();
    const auto &after = *w.wizard().session().report();
    EXPECT_TRUE(std::any_of(after.findings.begin(), after.findings.end(), [](const checks::Finding &f) {
        return f.id == QLatin1String("python.venv-base-gone");
    })) << "the check after the undo does not see the venv without its Python again";
    checkShown(w.wizard(), "done after the undo");
    w.shot(QStringLiteral("g-done-undone"));
}

INSTANTIATE_TEST_SUITE_P(Languages, Walk, testing::Values(QStringLiteral("en"), QStringLiteral("zh_CN")),
                         [](const testing::TestParamInfo<QString> &param) {
                             return param.param == QLatin1String("en") ? std::string("English")
                                                                       : std::string("Chinese");
                         });

} // namespace
} // namespace td::ui::test
