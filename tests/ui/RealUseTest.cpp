// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard on this machine's real backend, as people use it: what the
// Diagnose page says of each check, and what is left running once the window
// is gone, however it closes.
#include "ConfirmDialog.h"
#include "CoreBackend.h"
#include "DiagnosePage.h"
#include "DonePage.h"
#include "ExportPage.h"
#include "FindingsPage.h"
#include "FixPage.h"
#include "FixRunnerWidget.h"
#include "FlowChartWidget.h"
#include "Language.h"
#include "RealWizard.h"
#include "SystemPage.h"
#include "UrgentPage.h"
#include "WelcomePage.h"
#include "Wizard.h"
#include "WizardHarness.h"

#include "Session.h"
#include "checks/ErrorOnThisMachine.h"

#include "PythonFixtures.h"
#include "TestConfig.h"
#include "ScopedEnvironment.h"
#include "TestSupport.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QSemaphore>
#include <QTextBrowser>
#include <QThreadPool>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>
#include <QtConcurrent/QtConcurrentRun>

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <set>

namespace td::ui::test {
namespace {

using td::test::TempDir;
namespace py = td::test::python;
using State = checks::CheckOutcome::State;

// Every live (not zombie) process that descends from this one, or whose command line names `marker`.
QStringList processesOfOurs(const QString &marker)
{
    QStringList out;
    for (const std::string &process : td::test::livingProcesses(::getpid(), marker.toStdString()))
        out << QString::fromStdString(process);
    return out;
}

// A "python" that never answers: each time it is run, it waits ten minutes, and so does its child.
QString writeSlowPython(const TempDir &dir)
{
    const td::test::fs::path path = dir / "python3";
    td::test::writeFile(path, "#!/bin/bash\n(exec -a \"$0-child\" sleep 600) &\nexec -a \"$0\" sleep 600\n");
    ::chmod(path.c_str(), 0755);
    return py::qs(path);
}

const checks::CheckOutcome *outcomeOf(const DiagnosePage &page, const QString &checkId)
{
    for (const checks::CheckOutcome &o : page.outcomes())
        if (o.checkId == checkId)
            return &o;
    return nullptr;
}

QString rowOf(const DiagnosePage &page, const QString &checkId)
{
    const auto *list = page.findChild<QListWidget *>(QStringLiteral("steps"));
    for (int row = 0; list && row < list->count(); ++row)
        if (list->item(row)->data(Qt::UserRole + 1).toString() == checkId)
            return list->item(row)->text();
    return {};
}

// A Python without torch: the checks that need torch say they did not run, never "no problem";
// those that ran say what they found.
TEST(RealUse, EachCheckShowsItsRealOutcome)
{
    TempDir dir;
    const td::test::fs::path python = py::makeVenv(dir / "venv");
    ASSERT_FALSE(python.empty());
    RealWizard w;
    DiagnosePage *page = w.diagnose(py::qs(python));
    ASSERT_NE(page, nullptr);
    ASSERT_TRUE(waitFor([page] { return page->isComplete(); }, 120000));

    const auto *pythonCheck = outcomeOf(*page, QStringLiteral("python"));
    ASSERT_NE(pythonCheck, nullptr);
    EXPECT_EQ(pythonCheck->state, State::Passed);
    EXPECT_TRUE(rowOf(*page, QStringLiteral("python")).contains(QStringLiteral("passed: Python 3.")))
        << rowOf(*page, QStringLiteral("python")).toStdString();
    EXPECT_EQ(outcomeOf(*page, QStringLiteral("torch.install"))->state, State::Failed);
    for (const char *id : {"torch.import", "lib.walk", "packages", "cuda"}) {
        const QString row = rowOf(*page, QString::fromLatin1(id));
        EXPECT_EQ(outcomeOf(*page, QString::fromLatin1(id))->state, State::NotChecked) << id;
        EXPECT_TRUE(row.contains(QStringLiteral("not checked: PyTorch is not installed"))) << row.toStdString();
    }
    EXPECT_TRUE(rowOf(*page, QStringLiteral("docker")).contains(QStringLiteral("not checked: no project folder")))
        << rowOf(*page, QStringLiteral("docker")).toStdString();
}

// A torch that fails to import: the import's row fails; the install's row names the version it found.
TEST(RealUse, AFailingImportIsAFailedRow)
{
    TempDir dir;
    const td::test::fs::path python = py::makeVenv(dir / "venv");
    ASSERT_FALSE(python.empty());
    py::writeFakeTorch(py::sitePackages(dir / "venv"),
                       "raise OSError(\"libcudnn_ops.so.9: cannot open shared object file: No such file or directory\")\n",
                       "2.5.1+cu124");
    RealWizard w;
    DiagnosePage *page = w.diagnose(py::qs(python));
    ASSERT_NE(page, nullptr);
    ASSERT_TRUE(waitFor([page] { return page->isComplete(); }, 120000));
    EXPECT_EQ(outcomeOf(*page, QStringLiteral("torch.import"))->state, State::Failed);
    EXPECT_TRUE(rowOf(*page, QStringLiteral("torch.import")).contains(QStringLiteral("failed")));
    EXPECT_TRUE(rowOf(*page, QStringLiteral("torch.install")).contains(QStringLiteral("torch 2.5.1+cu124")))
        << rowOf(*page, QStringLiteral("torch.install")).toStdString();
}

enum class Closing { StopAndQuit, CloseButton, Destroyed };

class ClosingMidDiagnosis : public testing::TestWithParam<Closing> {};

// No process of ours survives the window, however it closes while the checks wait on a python that never answers.
TEST_P(ClosingMidDiagnosis, LeavesNoProcessRunning)
{
    TempDir dir;
    const QString python = writeSlowPython(dir);
    const QString marker = py::qs(dir.path());
    {
        RealWizard w;
        DiagnosePage *page = w.diagnose(python);
        ASSERT_NE(page, nullptr);
        // The probes of the slow python are running.
        ASSERT_TRUE(waitFor([&] { return processesOfOurs(marker).filter(marker).size() >= 2; }, 20000))
            << processesOfOurs(marker).join(u'\n').toStdString();
        ASSERT_TRUE(page->isBusy());
        switch (GetParam()) {
        case Closing::StopAndQuit:
            ConfirmDialog::setNextAnswer(true);
            w.wizard().button(QWizard::CancelButton)->click();
            ASSERT_TRUE(waitFor([&] { return !w.wizard().isVisible(); }, 30000));
            break;
        case Closing::CloseButton:
            ConfirmDialog::setNextAnswer(true);
            w.wizard().close();
            ASSERT_TRUE(waitFor([&] { return !w.wizard().isVisible(); }, 30000));
            break;
        case Closing::Destroyed: w.destroy(); break;
        }
        EXPECT_EQ(processesOfOurs(marker), QStringList()) << "right after the window closed";
    }
    EXPECT_EQ(processesOfOurs(marker), QStringList()) << "after the wizard is gone";
}

INSTANTIATE_TEST_SUITE_P(Ways, ClosingMidDiagnosis,
                         testing::Values(Closing::StopAndQuit, Closing::CloseButton, Closing::Destroyed),
                         [](const testing::TestParamInfo<Closing> &way) {
                             switch (way.param) {
                             case Closing::StopAndQuit: return std::string("StopAndQuit");
                             case Closing::CloseButton: return std::string("CloseButton");
                             case Closing::Destroyed: return std::string("Destroyed");
                             }
                             return std::string();
                         });

// A traceback pasted before the search for interpreters ends: once the interpreter whose torch it names
// is found, it is selected.
TEST(RealUse, APastedTracebackSelectsTheInterpreterItNames)
{
    RealWizard w;
    WelcomePage *welcome = w.welcome();
    ASSERT_TRUE(welcome->isSearching());
    welcome->setPastedText(QStringLiteral("Traceback (most recent call last):\n  File \"<string>\", line 1\nImportError: "
                                          "/usr/lib/python3/dist-packages/torch/lib/libtorch_cpu.so: undefined symbol: "
                                          "_ZN3c104impl8GPUTrace9haveStateE"));
    const auto *pythons = w.wizard().findChild<QListWidget *>(QStringLiteral("interpreters"));
    // Once the search is over and its result is shown.
    EXPECT_TRUE(waitFor([&] { return !welcome->isSearching() && pythons->count() > 1; }, 120000));
    QTest::qWait(50);
    ASSERT_TRUE(pythons->currentItem());
    EXPECT_TRUE(pythons->currentItem()->text().contains(QStringLiteral("with torch 1.13")))
        << pythons->currentItem()->text().toStdString();
    EXPECT_TRUE(w.pasteResult().contains(QStringLiteral("which is now selected"))) << w.pasteResult().toStdString();

    // A torch none of them has: the page says so, and selects nothing for it.
    welcome->setPastedText(QStringLiteral("ImportError: /opt/elsewhere/env/lib/python3.12/site-packages/torch/lib/"
                                          "libtorch_cuda.so: undefined symbol: cudnnGetVersion"));
    EXPECT_TRUE(w.pasteResult().contains(QStringLiteral("which is not on this machine")))
        << w.pasteResult().toStdString();
}

// The user's own traceback from a project's venv that no search finds: the venv's python and the project are
// selected. Checking another python anyway, the card above the findings says where the error happened.
TEST(RealUse, APastedTracebackLeadsToItsVenvAndProject)
{
    TempDir home;
    const std::filesystem::path project = home.path() / "otter lab";
    ASSERT_FALSE(py::makeVenv(project / ".venv").empty());
    td::test::writeFile(project / "scripts" / "fit.py", "import torch\n");
    const QString traceback =
        QStringLiteral("Traceback (most recent call last):\n  File \"%1\", line 1, in <module>\n    import torch\n"
                       "  File \"%2/torch/__init__.py\", line 290, in <module>\n    from torch._C import *\n"
                       "ImportError: libcudnn_adv.so.9: cannot open shared object file: No such file or directory")
            .arg(py::qs(project / "scripts" / "fit.py"), py::qs(py::sitePackages(project / ".venv")));
    RealWizard w;
    WelcomePage *welcome = w.welcome();
    welcome->setPastedText(traceback);
    EXPECT_TRUE(waitFor([&] { return !welcome->isSearching(); }, 120000));
    const QString said = w.pasteResult();
    const auto chosen = [&w](const char *list) {
        const auto *rows = w.wizard().findChild<QListWidget *>(QLatin1String(list));
        return rows->currentItem() ? rows->currentItem()->data(Qt::UserRole).toString() : QString();
    };
    const QString venvBin = QDir::cleanPath(py::qs(project / ".venv" / "bin")) + u'/';
    EXPECT_TRUE(chosen("interpreters").startsWith(venvBin)) << chosen("interpreters").toStdString();
    EXPECT_EQ(chosen("projects"), QDir::cleanPath(py::qs(project)));
    EXPECT_TRUE(said.contains(QStringLiteral("which is now selected"))) << said.toStdString();
    EXPECT_TRUE(said.contains(QStringLiteral("project folder"))) << said.toStdString();
    // Its row says what it is, as the rows of the interpreters found do, once it has been run.
    const auto *rows = w.wizard().findChild<QListWidget *>(QStringLiteral("interpreters"));
    EXPECT_TRUE(waitFor([&] { return !welcome->isTryingInterpreter(); }, 120000));
    ASSERT_NE(rows->currentItem(), nullptr);
    EXPECT_TRUE(rows->currentItem()->text().startsWith(QStringLiteral("Python 3.")))
        << rows->currentItem()->text().toStdString();

    welcome->addInterpreter(py::qs(py::kSystemPython));
    ASSERT_TRUE(w.next());
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    const QString card = w.wizard().findChild<QLabel *>(QStringLiteral("pastedCulprit"))->text();
    EXPECT_TRUE(card.contains(QStringLiteral("happened in the Python at ") + venvBin)) << card.toStdString();
    EXPECT_FALSE(card.contains(QStringLiteral("loads it without a problem"))) << card.toStdString();
}

// A stale copy of a C++ library first on LD_LIBRARY_PATH, which defines none of what torch's libraries need
// from it: one row, its cause (the variable's entry), with what it breaks inside it, the symbols demangled
// and the copy named by its path; the libraries' area says where its problems are told.
// A libsnappy.so.1 that defines nothing torch needs, put first on LD_LIBRARY_PATH while `environment` lives.
bool putStaleSnappyFirst(const TempDir &dir, td::test::ScopedEnvironment &environment)
{
    if (!py::buildSharedLibrary(dir / "libsnappy.so.1", "int stale_snappy(void) { return 0; }\n",
                                {"-Wl,-soname,libsnappy.so.1"}))
        return false;
    environment.set("LD_LIBRARY_PATH", py::qs(dir.path()));
    return true;
}

TEST(RealUse, AStaleLibraryOnTheVariableIsOneRowWithItsSymptomsInside)
{
    TempDir dir("td-stale-snappy");
    td::test::ScopedEnvironment environment;
    ASSERT_TRUE(putStaleSnappyFirst(dir, environment));
    RealWizard w;
    ASSERT_TRUE(w.diagnose(py::qs(py::kSystemPython)));
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    const QStringList listed = listedFindings(w.wizard());
    EXPECT_EQ(listed.count(QStringLiteral("env.suspicious")), 1) << listed.join(u' ').toStdString();
    EXPECT_FALSE(listed.contains(QStringLiteral("lib.symbol-missing"))) << listed.join(u' ').toStdString();
    EXPECT_FALSE(listed.contains(QStringLiteral("lib.shadowed"))) << listed.join(u' ').toStdString();
    auto *page = w.page<FindingsPage>();
    ASSERT_TRUE(page->selectFinding(QStringLiteral("env.suspicious")));
    const QString detail = w.wizard().findChild<QTextBrowser *>(QStringLiteral("detail"))->toPlainText();
    EXPECT_TRUE(detail.contains(QStringLiteral("cannot load"))) << detail.toStdString();
    EXPECT_TRUE(detail.contains(QStringLiteral("snappy::"))) << "demangled: " << detail.toStdString();
    EXPECT_TRUE(detail.contains(py::qs(dir / "libsnappy.so.1"))) << detail.toStdString();
    // The libraries' area: its problems are there, told under their cause.
    const auto *list = w.wizard().findChild<QTreeWidget *>(QStringLiteral("findings"));
    QString librariesRow;
    for (int i = 0; i < list->topLevelItemCount(); ++i)
        if (list->topLevelItem(i)->text(0).startsWith(td::checks::areaTitle(QStringLiteral("libraries"))))
            librariesRow = list->topLevelItem(i)->text(0);
    EXPECT_TRUE(librariesRow.contains(QStringLiteral("caused by"))) << librariesRow.toStdString();
    for (QTreeWidgetItemIterator it(const_cast<QTreeWidget *>(list)); *it; ++it)
        EXPECT_FALSE((*it)->text(0).contains(QStringLiteral("_Z"))) << (*it)->text(0).toStdString();
}

// The real import error of that environment, pasted: `explain`, the paste box and the card above the
// findings tell the cause the diagnosis leads with, and not what such a message usually means.
TEST(RealUse, APastedErrorIsTheCauseTheDiagnosisAndExplainGive)
{
    TempDir dir("td-stale-paste");
    td::test::ScopedEnvironment environment;
    ASSERT_TRUE(putStaleSnappyFirst(dir, environment));
    const td::test::RunResult failed = td::test::run({py::kSystemPython.string(), "-c", "import torch"});
    ASSERT_NE(failed.exitCode, 0);
    const td::test::RunResult explained =
        td::test::run({td::test::config::torchdoctor, "explain", "--json", failed.err});
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(explained.out)).object();
    const QString cause = doc.value(QStringLiteral("title")).toString();
    ASSERT_TRUE(doc.value(QStringLiteral("found_here")).toBool()) << explained.out << failed.err;
    const QString usually = doc.value(QStringLiteral("cause")).toObject().value(QStringLiteral("text")).toString();

    RealWizard w;
    w.welcome()->setPastedText(QString::fromStdString(failed.err));
    const QString said = w.pasteResult();
    EXPECT_TRUE(said.contains(cause)) << said.toStdString() << "\n" << explained.out;
    ASSERT_TRUE(w.diagnose(py::qs(py::kSystemPython)));
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    QList<checks::Finding> found = w.wizard().session().report()->findings;
    found.removeIf([](const checks::Finding &f) { return f.id == QLatin1String("pasted.error"); });
    const checks::Finding *lead = checks::leadFinding(found);
    ASSERT_NE(lead, nullptr);
    EXPECT_EQ(lead->title, cause) << explained.out;
    const QString card = w.wizard().findChild<QLabel *>(QStringLiteral("pastedCulprit"))->text();
    EXPECT_TRUE(card.contains(cause)) << card.toStdString();
    EXPECT_TRUE(usually.isEmpty() || !card.contains(usually)) << card.toStdString();
    EXPECT_FALSE(card.contains(QStringLiteral("loads it without a problem"))) << card.toStdString();
}

// The Chinese Windows fbgemm.dll error, pasted on this Linux machine whose PyTorch works: explained as a Windows
// error with its cause and repairs, in the wizard and in the report; never "PyTorch works here".
TEST(RealUse, AWindowsErrorPastedOnLinuxIsExplainedAsSuch)
{
    RealWizard w;
    WelcomePage *welcome = w.welcome();
    welcome->setPastedText(QStringLiteral(
        "OSError: [WinError 126] 找不到指定的模块。 Error loading "
        "\"D:\\environment\\pythton310\\lib\\site-packages\\torch\\lib\\fbgemm.dll\" or one of its dependencies."));
    EXPECT_TRUE(w.pasteResult().contains(QStringLiteral("This happened on a Windows machine"))) << w.pasteResult().toStdString();
    welcome->addInterpreter(py::qs(py::kSystemPython));
    ASSERT_TRUE(w.next());
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    const QString summary = w.wizard().findChild<QLabel *>(QStringLiteral("summary"))->text();
    const QString pasted = w.wizard().findChild<QLabel *>(QStringLiteral("pastedCulprit"))->text();
    EXPECT_FALSE(summary.contains(QStringLiteral("works here"))) << summary.toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("Windows machine"))) << summary.toStdString();
    EXPECT_TRUE(pasted.contains(QStringLiteral("fbgemm.dll"))) << pasted.toStdString();
    EXPECT_TRUE(pasted.contains(QStringLiteral("What fixes it"))) << pasted.toStdString();
    EXPECT_FALSE(pasted.contains(QStringLiteral("loads it without a problem"))) << pasted.toStdString();
    // The report tells it too, in every format.
    const checks::Diagnosis &report = *w.wizard().session().report();
    for (ReportFormat format : {ReportFormat::Text, ReportFormat::Markdown, ReportFormat::Html, ReportFormat::Json}) {
        const QString text = w.wizard().session().backend().renderReport(report, format, true, {});
        EXPECT_TRUE(text.contains(QStringLiteral("pasted.error")) && text.contains(QStringLiteral("fbgemm.dll")))
            << static_cast<int>(format);
    }
    if (!report.hasErrors()) {
        ASSERT_TRUE(w.next());
        ASSERT_EQ(w.wizard().currentId(), DonePageId);
        const QString done = w.wizard().findChild<QLabel *>(QStringLiteral("doneResult"))->text();
        EXPECT_FALSE(done.contains(QStringLiteral("works here"))) << done.toStdString();
    }
}

// Debian's python3-torch, with a damaged library of its own: the reinstall page plans the distribution's
// package again (never pip at …/whl/gitunknown), and says what undo does.
TEST(RealUse, TheReinstallPageFitsADistributionsTorch)
{
    checks::Finding damaged;
    damaged.id = QStringLiteral("lib.unreadable");
    damaged.severity = checks::Severity::Error;
    damaged.title = QStringLiteral("libtorch_cpu.so cannot be read");
    damaged.fixes = {checks::FixFamily::Reinstall};
    damaged.check = QStringLiteral("lib.walk");
    damaged.evidence = QJsonObject{
        {QStringLiteral("paths"), QJsonArray{QStringLiteral("/usr/lib/python3/dist-packages/torch/lib/libtorch_cpu.so")}}};
    RealWizard w(damaged);
    w.welcome()->addInterpreter(py::qs(py::kSystemPython));
    ASSERT_TRUE(w.next());
    ASSERT_TRUE(w.next());
    ASSERT_TRUE(w.next());
    auto *urgent = w.page<UrgentPage>();
    ASSERT_NE(urgent, nullptr);
    urgent->choose(false);
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), ReinstallPageId);
    auto *page = w.page<FixPage>();
    const QString steps = page->findChild<QTextBrowser *>(QStringLiteral("planSteps"))->toPlainText();
    const QString notes = page->findChild<QLabel *>(QStringLiteral("planWarnings"))->text();
    EXPECT_TRUE(steps.contains(QStringLiteral("apt-get")) && steps.contains(QStringLiteral("python3-torch=")))
        << steps.toStdString();
    const QString shown = steps + u'\n' + notes;
    EXPECT_FALSE(shown.contains(QStringLiteral("whl/gitunknown"))) << shown.toStdString();
    EXPECT_FALSE(shown.contains(QStringLiteral("installs torch 2."))) << shown.toStdString(); // no pip choice here
    EXPECT_FALSE(steps.contains(QStringLiteral("pip"))) << steps.toStdString();
    EXPECT_TRUE(notes.contains(QStringLiteral("Nothing to undo"))) << notes.toStdString();
}

// A repair that takes long: its planning holds until the test lets it go, then finds nothing to do.
class HeldRepairMachine final : public fixes::RepairMachine {
public:
    explicit HeldRepairMachine(std::shared_ptr<const fixes::RepairMachine> real) : m_real(std::move(real)) {}
    fixes::Repair plan(checks::FixFamily, const checks::Diagnosis &, const fixes::RepairScope &) const override
    {
        entered.release();
        letGo.acquire();
        return {};
    }
    platform::Result<void> preflight(const fixes::Repair &r, const fixes::RepairScope &s,
                                     const platform::CancelToken &c) const override
    {
        return m_real->preflight(r, s, c);
    }
    fixes::ExecutionResult execute(const fixes::Repair &r, const fixes::RepairScope &s, fixes::ExecutorCallbacks cb,
                                   const platform::CancelToken &c) const override
    {
        return m_real->execute(r, s, std::move(cb), c);
    }
    checks::CheckRequest verifyRequest(const fixes::Repair &r, const fixes::RepairScope &s) const override
    {
        return m_real->verifyRequest(r, s);
    }
    std::optional<checks::Diagnosis> diagnose(const checks::CheckRequest &r,
                                              const platform::CancelToken &c) const override
    {
        return m_real->diagnose(r, c);
    }
    bool servicesRunning(const fixes::Repair &r, const fixes::RepairScope &s, QString &detail,
                         const platform::CancelToken &c) const override
    {
        return m_real->servicesRunning(r, s, detail, c);
    }
    mutable QSemaphore entered;
    mutable QSemaphore letGo;

private:
    std::shared_ptr<const fixes::RepairMachine> m_real;
};

// Repairs run on a runner of their own: with Qt's shared pool full of other waiting work, a repair still
// starts; while it holds its runner, that pool stays free and a real diagnosis of this machine runs to its end.
TEST(RealUse, ARepairAndADiagnosisDoNotHoldEachOtherUp)
{
    CoreBackend backend;
    auto held = std::make_shared<HeldRepairMachine>(backend.repairMachine());
    QThreadPool &shared = *QThreadPool::globalInstance();
    QSemaphore otherWorkEnds;
    const int sharedThreads = shared.maxThreadCount();
    for (int i = 0; i < sharedThreads; ++i)
        shared.start([&otherWorkEnds] { otherWorkEnds.acquire(); });
    ASSERT_TRUE(waitFor([&] { return shared.activeThreadCount() == sharedThreads; }));

    QFuture<fixes::RepairRunEvent> repair = fixes::startRepair(backend.repairRunner(), held, fixes::RepairParams{},
                                                               std::make_shared<fixes::RepairAnswers>(), {});
    const bool started = held->entered.tryAcquire(1, 20000);
    otherWorkEnds.release(sharedThreads);
    shared.waitForDone();
    ASSERT_TRUE(started) << "the repair waited for Qt's shared pool";
    EXPECT_EQ(shared.activeThreadCount(), 0) << "the repair runs on Qt's shared pool";

    Target target;
    target.python = py::qs(py::kSystemPython);
    QFuture<checks::Diagnosis> diagnosis = backend.diagnose(target);
    EXPECT_TRUE(waitFor([&] { return diagnosis.isFinished(); }, 120000)) << "no diagnosis while a repair runs";
    EXPECT_FALSE(repair.isFinished());
    ASSERT_EQ(diagnosis.resultCount(), 1);
    EXPECT_EQ(diagnosis.result().facts.request.python, target.python);

    held->letGo.release();
    ASSERT_TRUE(waitFor([&] { return repair.isFinished(); }, 20000));
    EXPECT_EQ(repair.results().last().result.outcome, fixes::RepairOutcome::NothingToDo);
}

// Polish people notice.

TEST(RealUse, TheWindowTitleNamesTorchDoctorOnce)
{
    // The platform shows the title followed by the application's display name ("TorchDoctor").
    WizardHarness h(healthy(), QStringLiteral("en"));
    const QString shown = h.wizard().windowTitle() + QStringLiteral(" — TorchDoctor");
    EXPECT_EQ(shown.count(QStringLiteral("TorchDoctor")), 1) << shown.toStdString();
}

// At 1.5 times the font, the chart's branch labels are drawn larger, not shrunk to fit.
TEST(RealUse, TheFlowchartScalesWithTheFont)
{
    const QFont normal = QApplication::font();
    qreal labelAtOne = 0;
    {
        WizardHarness h(healthy(), QStringLiteral("en"));
        labelAtOne = h.wizard().flowChart()->labelPixelHeight();
    }
    QFont large = normal;
    large.setPointSizeF(normal.pointSizeF() * 1.5);
    QApplication::setFont(large);
    qreal labelAtOneAndAHalf = 0;
    {
        WizardHarness h(healthy(), QStringLiteral("zh_CN"));
        labelAtOneAndAHalf = h.wizard().flowChart()->labelPixelHeight();
    }
    QApplication::setFont(normal);
    EXPECT_GE(labelAtOneAndAHalf, labelAtOne * 1.3) << labelAtOne << " px at 1x, " << labelAtOneAndAHalf << " px at 1.5x";
}

// A report saved under a name of another format is written in that format, and the page says so.
TEST(RealUse, ASavedReportIsInTheFormatItsNameSays)
{
    WizardHarness h(healthy(), QStringLiteral("en"));
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(h.next());
    auto *exporter = h.page<ExportPage>();
    ASSERT_NE(exporter, nullptr);
    exporter->setFormat(ReportFormat::Json);
    TempDir dir;
    const QString path = py::qs(dir / "report.html");
    exporter->setSaveLocationChooser([path](const QString &) { return path; });
    ASSERT_TRUE(exporter->save());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().trimmed().startsWith("<!DOCTYPE html"));
    EXPECT_EQ(h.wizard().findChild<QComboBox *>(QStringLiteral("format"))->currentIndex(), static_cast<int>(ReportFormat::Html));
    EXPECT_TRUE(exporter->statusText().contains(QStringLiteral("the format its name asks for")))
        << exporter->statusText().toStdString();
    // The HTML preview is the page, not its source.
    EXPECT_FALSE(exporter->preview().contains(QStringLiteral("<html"))) << exporter->preview().left(200).toStdString();
}

// Undo says, before the yes, that the setting that broke PyTorch comes back.
TEST(RealUse, TheUndoQuestionSaysTheBrokenSettingComesBack)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    h.page<UrgentPage>()->choose(false);
    ASSERT_TRUE(h.next());
    ConfirmDialog::setNextAnswer(true);
    h.page<FixPage>()->runner()->applyButton()->click();
    ASSERT_TRUE(h.waitComplete());
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    ConfirmDialog::setNextAnswer(false);
    const QString before = ConfirmDialog::lastQuestion();
    h.wizard().findChild<QPushButton *>(QStringLiteral("undo"))->click();
    // The undo run asks through its ask hook, once it has read the journal.
    ASSERT_TRUE(waitFor([&] { return ConfirmDialog::lastQuestion() != before; }));
    const QString asked = ConfirmDialog::lastQuestion();
    EXPECT_TRUE(asked.contains(QStringLiteral("broke PyTorch")) && asked.contains(QStringLiteral(".bashrc")))
        << asked.toStdString();
}

// On Linux the system page speaks of the distribution's packages, not of Windows.
TEST(RealUse, TheSystemPageSpeaksOfThisSystem)
{
    WizardHarness h(healthy(), QStringLiteral("en"));
    auto *page = qobject_cast<SystemPage *>(h.wizard().page(SystemPageId));
    ASSERT_NE(page, nullptr);
    QString texts = page->subTitle();
    for (const QLabel *l : page->findChildren<QLabel *>())
        texts += l->text();
    EXPECT_FALSE(texts.contains(QStringLiteral("regsvr32")) || texts.contains(QStringLiteral("Visual C++")))
        << texts.toStdString();
    EXPECT_TRUE(texts.contains(QStringLiteral("package manager"))) << texts.toStdString();
}

// The progress line counts what the bar counts, and says the time limit.
TEST(RealUse, ProgressSaysWhatTheBarShowsAndTheTimeLimit)
{
    Scenario s = healthy();
    s.diagnosisHangs = true;
    WizardHarness h(s, QStringLiteral("en"));
    ASSERT_TRUE(h.next());
    auto *status = h.wizard().findChild<QLabel *>(QStringLiteral("status"));
    ASSERT_TRUE(waitFor([status] { return status->text().contains(QStringLiteral("1 of 4 steps")); }))
        << status->text().toStdString();
    EXPECT_TRUE(status->text().contains(QStringLiteral("90 s"))) << status->text().toStdString();
    h.page<DiagnosePage>()->cancel();
}

// A folder added on the first page: the venv found in it is what gets diagnosed.
TEST(RealUse, AVenvInAnAddedFolderIsSelected)
{
    TempDir project;
    const td::test::fs::path python = py::makeVenv(project / ".venv");
    ASSERT_FALSE(python.empty());
    RealWizard w;
    WelcomePage *welcome = w.welcome();
    welcome->addProject(py::qs(project.path()));
    const auto *pythons = w.wizard().findChild<QListWidget *>(QStringLiteral("interpreters"));
    EXPECT_TRUE(waitFor([&] { return !welcome->isSearching() && pythons->count() > 1; }, 120000));
    QTest::qWait(50);
    ASSERT_TRUE(pythons->currentItem());
    EXPECT_TRUE(pythons->currentItem()->data(Qt::UserRole).toString().startsWith(py::qs(project / ".venv/bin/python")))
        << pythons->currentItem()->text().toStdString();
}

// "Browse…" for an interpreter, on this machine: a file that is not executable and a program that is not
// Python are refused, each with why; a real venv's python is listed, selected and diagnosed.
TEST(RealUse, ABrowsedInterpreterIsTriedFirst)
{
    TempDir dir;
    const td::test::fs::path python = py::makeVenv(dir / "venv");
    ASSERT_FALSE(python.empty());
    td::test::writeFile(dir / "notes.txt", "not a program\n");
    td::test::writeFile(dir / "tool", "#!/bin/sh\necho 'this is not Python'\n");
    ::chmod((dir / "tool").c_str(), 0755);
    RealWizard w;
    WelcomePage *welcome = w.welcome();
    const auto *said = w.wizard().findChild<QLabel *>(QStringLiteral("browseResult"));
    auto *browse = w.wizard().findChild<QPushButton *>(QStringLiteral("browsePython"));
    auto tryFile = [&](const td::test::fs::path &file) {
        welcome->setInterpreterChooser([file] { return py::qs(file); });
        browse->click();
        EXPECT_TRUE(waitFor([&] { return !welcome->isTryingInterpreter(); }, 60000));
        QTest::qWait(20);
        return said->text();
    };
    const QString notExecutable = tryFile(dir / "notes.txt");
    EXPECT_TRUE(notExecutable.contains(QStringLiteral("cannot be checked as a Python"))
                && notExecutable.contains(QStringLiteral("not executable")))
        << notExecutable.toStdString();
    const QString notPython = tryFile(dir / "tool");
    EXPECT_TRUE(notPython.contains(QStringLiteral("cannot be checked as a Python"))
                && notPython.contains(QStringLiteral("not Python")))
        << notPython.toStdString();
    const auto *pythons = w.wizard().findChild<QListWidget *>(QStringLiteral("interpreters"));
    for (int row = 0; row < pythons->count(); ++row)
        EXPECT_FALSE(pythons->item(row)->data(Qt::UserRole).toString().startsWith(py::qs(dir.path()))) << row;

    const QString selected = tryFile(python);
    EXPECT_TRUE(selected.contains(QStringLiteral("is selected"))) << selected.toStdString();
    ASSERT_TRUE(pythons->currentItem());
    EXPECT_EQ(pythons->currentItem()->data(Qt::UserRole).toString(), py::qs(python));
    ASSERT_TRUE(w.next());
    EXPECT_EQ(w.wizard().session().target.python, py::qs(python));
}

// What "Browse…" said is said again in the language chosen after it, for a refused file and for a Python.
TEST(RealUse, WhatBrowseSaidFollowsTheLanguage)
{
    TempDir dir;
    const td::test::fs::path python = py::makeVenv(dir / "venv");
    ASSERT_FALSE(python.empty());
    td::test::writeFile(dir / "notes.txt", "not a program\n");
    RealWizard w;
    WelcomePage *welcome = w.welcome();
    const auto *said = w.wizard().findChild<QLabel *>(QStringLiteral("browseResult"));
    auto tryFile = [&](const td::test::fs::path &file) {
        welcome->setInterpreterChooser([file] { return py::qs(file); });
        w.wizard().findChild<QPushButton *>(QStringLiteral("browsePython"))->click();
        ASSERT_TRUE(waitFor([&] { return !welcome->isTryingInterpreter(); }, 60000));
        QTest::qWait(20);
    };
    auto inEach = [&](const char *english, const char *chinese) {
        EXPECT_TRUE(said->text().contains(QString::fromUtf8(english))) << said->text().toStdString();
        w.wizard().setLanguage(QStringLiteral("zh_CN"));
        QTest::qWait(20);
        EXPECT_TRUE(said->text().contains(QString::fromUtf8(chinese))) << said->text().toStdString();
        EXPECT_FALSE(said->text().contains(QString::fromUtf8(english))) << said->text().toStdString();
        w.wizard().setLanguage(QStringLiteral("en"));
        QTest::qWait(20);
        EXPECT_TRUE(said->text().contains(QString::fromUtf8(english))) << said->text().toStdString();
    };
    tryFile(dir / "notes.txt");
    inEach("cannot be checked as a Python", "不能作为 Python 检查");
    tryFile(python);
    inEach("is selected: it is what will be checked", "将检查它");
    EXPECT_TRUE(said->text().contains(py::qs(python))) << said->text().toStdString();
}

// Why a found interpreter cannot run is said again in the language chosen after the search.
TEST(RealUse, WhyAnInterpreterCannotRunFollowsTheLanguage)
{
    TempDir dir;
    td::test::writeFile(dir / "bin/python3", "#!/bin/sh\nexit 0\n"); // answers nothing
    td::test::fs::permissions(dir / "bin/python3", td::test::fs::perms::owner_all);
    td::test::ScopedEnvironment environment;
    environment.set("PATH", py::qs(dir / "bin") + QStringLiteral(":/usr/bin:/bin"));
    RealWizard w;
    ASSERT_TRUE(waitFor([&] { return !w.welcome()->isSearching(); }, 120000));
    const auto *pythons = w.wizard().findChild<QListWidget *>(QStringLiteral("interpreters"));
    ASSERT_NE(pythons, nullptr);
    auto rowOf = [&] {
        for (int i = 0; i < pythons->count(); ++i)
            if (pythons->item(i)->data(Qt::UserRole).toString() == py::qs(dir / "bin/python3"))
                return pythons->item(i)->text();
        return QString();
    };
    EXPECT_TRUE(rowOf().contains(QStringLiteral("cannot run: not Python"))) << rowOf().toStdString();
    w.wizard().setLanguage(QStringLiteral("zh_CN"));
    QTest::qWait(20);
    ASSERT_TRUE(waitFor([&] { return !w.welcome()->isSearching(); }, 120000));
    const QString chinese = rowOf();
    w.shot(QStringLiteral("welcome-after-a-language-switch"));
    EXPECT_FALSE(chinese.isEmpty());
    EXPECT_FALSE(chinese.contains(QStringLiteral("not Python")) || chinese.contains(QStringLiteral("cannot run"))
                 || chinese.contains(QStringLiteral("exited with")))
        << chinese.toStdString();
    w.wizard().setLanguage(QStringLiteral("en"));
    ASSERT_TRUE(waitFor([&] { return !w.welcome()->isSearching(); }, 120000));
}

// The language changed on the findings page: the machine is checked again, and the session's story (what the
// report tells) has its diagnosis in the new language too.
TEST(RealUse, TheStoryFollowsTheLanguageOfTheMachineAsItIs)
{
    TempDir dir;
    ASSERT_FALSE(py::makeVenv(dir / "venv").empty()); // `python3` on PATH, without torch
    td::test::ScopedEnvironment environment;
    environment.set("PATH", py::qs(dir / "venv/bin") + QStringLiteral(":/usr/bin:/bin"));
    RealWizard w;
    ASSERT_TRUE(w.diagnose(py::qs(py::kSystemPython)));
    ASSERT_TRUE(w.next());
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    auto titles = [&] {
        QStringList out;
        const QJsonArray stages = w.wizard().session().history().stages();
        for (const auto &f : stages.last().toObject().value(QStringLiteral("findings")).toArray())
            out << f.toObject().value(QStringLiteral("title")).toString();
        return out;
    };
    ASSERT_FALSE(titles().isEmpty()) << "no finding for the python3 on PATH without torch";
    w.wizard().setLanguage(QStringLiteral("zh_CN"));
    ASSERT_TRUE(waitFor([&] { return w.wizard().session().isRechecking(); }, 5000));
    ASSERT_TRUE(waitFor([&] { return !w.wizard().session().isRechecking(); }, 120000));
    static const QRegularExpression han(QStringLiteral("[\\x{4e00}-\\x{9fff}]"));
    EXPECT_EQ(w.wizard().session().history().stages().size(), 1) << "a language is no new stage of the story";
    for (const QString &title : titles())
        EXPECT_TRUE(title.contains(han)) << "still in English: " << title.toStdString();
    w.wizard().setLanguage(QStringLiteral("en"));
    ASSERT_TRUE(waitFor([&] { return !w.wizard().session().isRechecking(); }, 120000));
}

// Started in a project folder without a venv whose requirements name torch: it is the project checked.
TEST(RealUse, TheFolderStartedInIsTheProject)
{
    TempDir project;
    td::test::writeFile(project / "requirements.txt", "numpy>=1.26\ntorch==2.5.1\n");
    TempDir notAProject;
    td::test::writeFile(notAProject / "hello.py", "print('hello')\n");
    const QString before = QDir::currentPath();
    auto projectChosen = [](const QString &dir) {
        EXPECT_TRUE(QDir::setCurrent(dir));
        RealWizard w;
        WelcomePage *welcome = w.welcome();
        EXPECT_TRUE(waitFor([&] { return !welcome->isSearching(); }, 120000));
        QTest::qWait(20);
        const auto *projects = w.wizard().findChild<QListWidget *>(QStringLiteral("projects"));
        return projects->currentItem() ? projects->currentItem()->data(Qt::UserRole).toString() : QString();
    };
    const QString here = QDir::cleanPath(py::qs(project.path()));
    EXPECT_EQ(projectChosen(here), here);
    EXPECT_EQ(projectChosen(py::qs(notAProject.path())), QString()) << "a folder whose scripts do not use torch";
    QDir::setCurrent(before);
}

} // namespace
} // namespace td::ui::test
