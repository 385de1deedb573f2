// SPDX-License-Identifier: GPL-3.0-or-later
// Every branch of the flowchart, walked through the wizard against fake
// machine states, in English and in Chinese; confirmations answered by the test.
#include "ConfirmDialog.h"
#include "DiagnosePage.h"
#include "DonePage.h"
#include "ExportPage.h"
#include "FindingsPage.h"
#include "FixPage.h"
#include "FlowChartWidget.h"
#include "Language.h"
#include "Session.h"
#include "Theme.h"
#include "UrgentPage.h"
#include "WelcomePage.h"
#include "WizardHarness.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QRadioButton>
#include <QTemporaryDir>
#include <QThread>
#include <QTreeWidget>

#include <gtest/gtest.h>

#include <algorithm>

namespace td::ui::test {
namespace {

using checks::FixFamily;

const QString kLinuxError =
    QStringLiteral("Traceback (most recent call last):\n  File \"train.py\", line 1, in <module>\n    import torch\n"
                   "OSError: libcudnn_ops.so.9: cannot open shared object file: No such file or directory");

QStringList flowPath(WizardHarness &h)
{
    const flow::Flow *flow = h.wizard().session().flow();
    return flow ? flow->path() : QStringList{};
}

// At the urgent page: answers it and goes on.
bool answerUrgent(WizardHarness &h, bool urgent)
{
    auto *page = h.page<UrgentPage>();
    if (!page)
        return false;
    page->choose(urgent);
    return h.next();
}

// On a repair page: applies its plan (the confirmation answered `yes`) and waits for the end.
bool applyRepair(WizardHarness &h, bool yes = true)
{
    auto *page = h.page<FixPage>();
    if (!page)
        return false;
    ConfirmDialog::setNextAnswer(yes);
    page->runner()->applyButton()->click();
    return h.waitComplete();
}

// From the first page to the reinstall: not urgent, the environment repair skipped.
bool toReinstall(WizardHarness &h)
{
    if (!h.toFindings() || !h.next() || !answerUrgent(h, false))
        return false;
    h.page<FixPage>()->runner()->skipButton()->click();
    return h.next() && h.pageId() == ReinstallPageId;
}

// From the first page to Done: the environment repair applied (the first step of the env scenarios).
DonePage *toDoneAfterTheEnvRepair(WizardHarness &h)
{
    if (!h.toFindings() || !h.next() || !answerUrgent(h, false) || !applyRepair(h) || !h.next())
        return nullptr;
    return h.page<DonePage>();
}

// envSolves(), with a repair that runs until it is cancelled.
Scenario hangingRepair()
{
    Scenario s = envSolves();
    s.repairHangs = true;
    return s;
}

// From the first page to the environment repair, applied; the page once its step runs.
FixPage *startTheEnvironmentRepair(WizardHarness &h)
{
    if (!h.toFindings() || !h.next() || !answerUrgent(h, false))
        return nullptr;
    auto *env = h.page<FixPage>();
    if (!env)
        return nullptr;
    ConfirmDialog::setNextAnswer(true);
    env->runner()->applyButton()->click();
    return waitFor([env] { return env->runner()->output().contains(QStringLiteral("working")); }) ? env : nullptr;
}

class WizardWalk : public testing::TestWithParam<QString> {};

TEST_P(WizardWalk, EnvironmentRepairSolvesIt)
{
    WizardHarness h(envSolves(), GetParam());
    ASSERT_EQ(h.pageId(), WelcomePageId);
    auto *welcome = h.page<WelcomePage>();
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    welcome->setPastedText(kLinuxError);
    ASSERT_TRUE(welcome->isReadingPaste()); // not on the GUI thread, and not before typing pauses
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isReadingPaste(); }));
    auto *result = h.wizard().findChild<QLabel *>(QStringLiteral("pastedErrorResult"));
    ASSERT_TRUE(result);
    EXPECT_TRUE(result->text().contains(QStringLiteral("libcudnn_ops.so.9"))) << result->text().toStdString();
    h.shot(QStringLiteral("1-welcome"));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DiagnosePageId);
    ASSERT_TRUE(h.waitComplete());
    if (GetParam() == QLatin1String("en")) { // plural forms, not "problem(s)"
        EXPECT_TRUE(h.wizard()
                        .findChild<QLabel *>(QStringLiteral("status"))
                        ->text()
                        .endsWith(QStringLiteral("1 problem and 1 warning.")));
    }
    h.shot(QStringLiteral("2-diagnose"));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), FindingsPageId);

    // The pasted error leads: the chain down to the missing file, highlighted.
    auto *findings = h.page<FindingsPage>();
    EXPECT_EQ(findings->shownChain(), (QStringList{QStringLiteral("libtorch_cuda.so"), QStringLiteral("libcudnn.so.9"),
                                                   QStringLiteral("libcudnn_ops.so.9")}));
    auto *pasted = h.wizard().findChild<QLabel *>(QStringLiteral("pastedCulprit"));
    EXPECT_TRUE(pasted->isVisible());
    EXPECT_TRUE(pasted->text().contains(QStringLiteral("libcudnn_ops.so.9")));
    h.shot(QStringLiteral("3-findings"));

    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), UrgentPageId);
    h.shot(QStringLiteral("4-urgent"));
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_EQ(h.pageId(), EnvPageId);
    auto *env = h.page<FixPage>();
    EXPECT_TRUE(env->repair().canApply());
    ConfirmDialog::setObserver([&h](ConfirmDialog &dialog) { h.shot(QStringLiteral("confirm"), &dialog); });
    ASSERT_TRUE(applyRepair(h));
    ConfirmDialog::setObserver({});
    EXPECT_EQ(ConfirmDialog::lastSteps().size(), 1);
    EXPECT_TRUE(ConfirmDialog::lastSteps().first().contains(QStringLiteral(".bashrc")));
    EXPECT_TRUE(env->runner()->output().contains(QStringLiteral("step 1 working")));
    EXPECT_EQ(h.backend().applied(), QList<FixFamily>{FixFamily::Env});
    h.shot(QStringLiteral("5-env"));
    EXPECT_EQ(flowPath(h), (QStringList{QStringLiteral("start"), QStringLiteral("urgent"), QStringLiteral("env"),
                                        QStringLiteral("env-check"), QStringLiteral("done")}));
    // The chart follows the page: its check, until the walk goes on to Done.
    EXPECT_EQ(h.wizard().flowChart()->currentNode(), QStringLiteral("env-check"));
    EXPECT_TRUE(
        h.wizard().flowChart()->accessibleDescription().contains(flow::FlowChart::node(QStringLiteral("env"))->title));

    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_EQ(h.wizard().flowChart()->currentNode(), QStringLiteral("done"));
    auto *done = h.page<DonePage>();
    EXPECT_FALSE(done->resultText().isEmpty());
    EXPECT_TRUE(h.flow().solved());
    h.shot(QStringLiteral("6-done"));
    ConfirmDialog::setNextAnswer(true);
    done->undo();
    ASSERT_TRUE(waitFor([&] { return !h.backend().undone().isEmpty() && !done->isUndoing(); }));
    EXPECT_EQ(h.backend().undone(), QStringList{QStringLiteral("entry-env")});

    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), ExportPageId);
    auto *exporter = h.page<ExportPage>();
    EXPECT_TRUE(exporter->preview().contains(QStringLiteral("No NVIDIA driver found")))
        << exporter->preview().toStdString();
    h.shot(QStringLiteral("7-export"));
    exporter->setFormat(ReportFormat::Markdown);
    EXPECT_TRUE(exporter->preview().startsWith(QStringLiteral("# ")));
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("report.md"));
    exporter->setSaveLocationChooser([&](const QString &) { return path; });
    QUrl opened;
    exporter->setUrlOpener([&](const QUrl &url) {
        opened = url;
        return true;
    });
    ASSERT_TRUE(exporter->save());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(QString::fromUtf8(file.readAll()), exporter->preview());
    EXPECT_TRUE(exporter->openFolder());
    EXPECT_EQ(opened, QUrl::fromLocalFile(dir.path()));
    exporter->copyToClipboard();
    EXPECT_EQ(QApplication::clipboard()->text(), exporter->preview());
    EXPECT_TRUE(h.wizard().button(QWizard::FinishButton)->isVisible());
}

TEST_P(WizardWalk, EnvironmentIsNotEnoughReinstallSolvesIt)
{
    WizardHarness h(reinstallSolves(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_EQ(h.pageId(), EnvPageId);
    ASSERT_TRUE(applyRepair(h));
    EXPECT_FALSE(h.page<FixPage>()->runner()->result().isEmpty());
    EXPECT_TRUE(h.page<FixPage>()->runner()->solvedButton()->isVisible()); // the user may still say it is solved
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), ReinstallPageId);
    ASSERT_TRUE(applyRepair(h));
    h.shot(QStringLiteral("reinstall"));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_TRUE(h.flow().solved());
    EXPECT_EQ(flowPath(h), (QStringList{QStringLiteral("start"), QStringLiteral("urgent"), QStringLiteral("env"),
                                        QStringLiteral("env-check"), QStringLiteral("reinstall"),
                                        QStringLiteral("reinstall-check"), QStringLiteral("done")}));
    EXPECT_EQ(h.wizard().session().appliedEntries(),
              (QStringList{QStringLiteral("entry-env"), QStringLiteral("entry-reinstall")}));
}

TEST_P(WizardWalk, SystemRepairWithEarlierStepsPassedBy)
{
    WizardHarness h(systemNeeded(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    // No finding calls for the environment or a reinstall: the flow passes them by, and says so.
    ASSERT_EQ(h.pageId(), SystemPageId);
    auto *system = h.page<FixPage>();
    auto *note = system->findChild<QLabel *>(QStringLiteral("passedBy"));
    EXPECT_TRUE(note->isVisible());
    EXPECT_TRUE(note->text().contains(flow::FlowChart::node(QStringLiteral("env"))->title));
    EXPECT_TRUE(note->text().contains(flow::FlowChart::node(QStringLiteral("reinstall"))->title));
    ASSERT_TRUE(system->repair().plan.needsAdmin());
    ASSERT_TRUE(applyRepair(h));
    EXPECT_TRUE(ConfirmDialog::lastSteps().first().contains(ConfirmDialog::tr("(needs administrator rights)")));
    h.shot(QStringLiteral("system"));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_EQ(flowPath(h), (QStringList{QStringLiteral("start"), QStringLiteral("urgent"), QStringLiteral("env"),
                                        QStringLiteral("reinstall"), QStringLiteral("system"),
                                        QStringLiteral("system-check"), QStringLiteral("done")}));
    EXPECT_TRUE(h.flow().solved());
}

TEST_P(WizardWalk, UrgentMeansDocker)
{
    WizardHarness h(urgentDocker(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, true));
    ASSERT_EQ(h.pageId(), DockerPageId);
    ASSERT_TRUE(applyRepair(h));
    h.shot(QStringLiteral("docker"));
    EXPECT_EQ(h.backend().applied(), QList<FixFamily>{FixFamily::Docker});
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_EQ(flowPath(h), (QStringList{QStringLiteral("start"), QStringLiteral("urgent"), QStringLiteral("docker"),
                                        QStringLiteral("done")}));
}

// A project without a docker-compose.yml: the Docker page asks for the
// repository, clones it, diagnoses the clone and plans running it there.
TEST_P(WizardWalk, DockerClonesTheRepositoryFirst)
{
    WizardHarness h(dockerClonesFirst(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, true));
    ASSERT_EQ(h.pageId(), DockerPageId);
    auto *page = h.page<FixPage>();
    auto *repository = h.wizard().findChild<QLineEdit *>(QStringLiteral("repository"));
    auto *planButton = h.wizard().findChild<QPushButton *>(QStringLiteral("planWithRepository"));
    ASSERT_TRUE(repository && planButton);
    EXPECT_TRUE(repository->isVisible());
    EXPECT_FALSE(page->repair().canApply());
    EXPECT_FALSE(planButton->isEnabled());
    h.shot(QStringLiteral("docker-repository"));

    QTest::keyClicks(repository, QStringLiteral("https://github.com/ostris/ai-toolkit"));
    QTest::keyClick(repository, Qt::Key_Return);
    ASSERT_TRUE(waitFor([page] { return !page->isPlanning(); })); // the plan in the clone, made off the GUI thread
    ASSERT_TRUE(page->repair().canApply());
    EXPECT_EQ(page->repair().docker.clonedInto, QStringLiteral("/work/project/ai-toolkit"));

    // One run: the clone, then (asked again, with the plan in the clone) running the project there.
    QList<bool> appliedWhenAsked;
    ConfirmDialog::setObserver([&](ConfirmDialog &) { appliedWhenAsked << !h.backend().applied().isEmpty(); });
    ConfirmDialog::setNextAnswer(true);
    ConfirmDialog::setNextAnswer(true);
    page->runner()->applyButton()->click();
    ASSERT_TRUE(h.waitComplete());
    ConfirmDialog::setObserver({});
    EXPECT_EQ(appliedWhenAsked, (QList<bool>{false, false})); // only cloned when asked the second time
    EXPECT_TRUE(ConfirmDialog::lastSteps().join(u'\n').contains(QStringLiteral("compose"))) << ConfirmDialog::lastSteps().join(u'\n').toStdString();
    EXPECT_TRUE(page->repair().docker.clonedInto.isEmpty());
    EXPECT_TRUE(page->repair().canApply());
    EXPECT_EQ(h.backend().lastTarget().projectDir, QStringLiteral("/work/project/ai-toolkit"));
    EXPECT_EQ(h.wizard().session().target.projectDir, QStringLiteral("/work/project/ai-toolkit"));
    EXPECT_FALSE(repository->isVisible());
    EXPECT_EQ(h.backend().applied(), QList<FixFamily>{FixFamily::Docker});
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_EQ(flowPath(h), (QStringList{QStringLiteral("start"), QStringLiteral("urgent"), QStringLiteral("docker"),
                                        QStringLiteral("done")}));
}

TEST_P(WizardWalk, DockerDidNotWorkLeadsToTheRepairs)
{
    WizardHarness h(urgentDocker(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, true));
    ASSERT_TRUE(applyRepair(h));
    auto *docker = h.page<FixPage>();
    ASSERT_TRUE(docker->runner()->brokenButton()->isVisible());
    docker->runner()->brokenButton()->click();
    ASSERT_TRUE(h.next());
    EXPECT_EQ(h.pageId(), EnvPageId);
    EXPECT_EQ(flowPath(h).mid(2),
              (QStringList{QStringLiteral("docker"), QStringLiteral("done"), QStringLiteral("env")}));
}

// A broken file that LD_LIBRARY_PATH leads the loader to: the environment entry is the root cause,
// so its area leads the findings, ahead of the library error it causes.
TEST_P(WizardWalk, TheRootCauseLeadsItsSymptoms)
{
    Scenario s = envSolves();
    checks::Finding cause = envShadowing();
    cause.severity = checks::Severity::Error;
    cause.evidence.insert(QStringLiteral("root_cause"), true);
    checks::Finding symptom = libMissing();
    symptom.id = QStringLiteral("lib.unreadable");
    s.initial = {symptom, gpuInfo(), cause};
    WizardHarness h(s, GetParam());
    ASSERT_TRUE(h.toFindings());
    auto *list = h.wizard().findChild<QTreeWidget *>(QStringLiteral("findings"));
    ASSERT_TRUE(list);
    ASSERT_GT(list->topLevelItemCount(), 1);
    const QTreeWidgetItem *first = list->topLevelItem(0);
    ASSERT_GT(first->childCount(), 0);
    EXPECT_EQ(first->child(0)->text(0), cause.title);
    h.shot(QStringLiteral("root-cause-first"));
}

TEST_P(WizardWalk, HealthyEndsAtDone)
{
    WizardHarness h(healthy(), GetParam());
    ASSERT_TRUE(h.toFindings());
    h.shot(QStringLiteral("healthy-findings"));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_FALSE(h.page<DonePage>()->resultText().isEmpty());
    h.shot(QStringLiteral("healthy-done"));
    ASSERT_TRUE(h.next());
    EXPECT_EQ(h.pageId(), ExportPageId);
}

TEST_P(WizardWalk, NothingSolvesItAndTheSystemStepCannotApply)
{
    WizardHarness h(nothingSolves(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_TRUE(applyRepair(h));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), ReinstallPageId);
    ASSERT_TRUE(applyRepair(h));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), SystemPageId);
    auto *system = h.page<FixPage>();
    EXPECT_FALSE(system->repair().canApply());
    EXPECT_FALSE(system->runner()->applyButton()->isEnabled());
    h.shot(QStringLiteral("system-cannot"));
    system->runner()->skipButton()->click();
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_FALSE(h.flow().solved());
    h.shot(QStringLiteral("not-solved"));
}

TEST_P(WizardWalk, TheUserSaysItIsSolved)
{
    WizardHarness h(nothingSolves(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_TRUE(applyRepair(h));
    auto *env = h.page<FixPage>();
    ASSERT_TRUE(env->runner()->solvedButton()->isVisible());
    env->runner()->solvedButton()->click();
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_TRUE(h.flow().solved());
}

TEST_P(WizardWalk, DeclinedConfirmationChangesNothing)
{
    WizardHarness h(envSolves(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_TRUE(applyRepair(h, false));
    EXPECT_TRUE(h.backend().applied().isEmpty());
    EXPECT_TRUE(h.wizard().session().appliedEntries().isEmpty());
    ASSERT_TRUE(h.next());
    // Declined: its check is passed by, and the flow goes on to the reinstall.
    EXPECT_EQ(h.pageId(), ReinstallPageId);
    EXPECT_FALSE(flowPath(h).contains(QStringLiteral("env-check")));
}

TEST_P(WizardWalk, CancelTheChecksMidway)
{
    Scenario s = envSolves();
    s.diagnosisHangs = true;
    WizardHarness h(s, GetParam());
    auto *welcome = h.page<WelcomePage>();
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    ASSERT_TRUE(h.next());
    auto *diagnose = h.page<DiagnosePage>();
    ASSERT_TRUE(diagnose);
    ASSERT_TRUE(waitFor([diagnose] { return diagnose->isRunning(); }));
    QTest::qWait(50);
    auto *stop = h.wizard().findChild<QPushButton *>(QStringLiteral("stopChecks"));
    ASSERT_TRUE(stop->isEnabled());
    stop->click();
    auto *again = h.wizard().findChild<QPushButton *>(QStringLiteral("runAgain"));
    ASSERT_TRUE(waitFor([again] { return again->isVisible(); }));
    EXPECT_FALSE(diagnose->isRunning());
    EXPECT_TRUE(diagnose->wasCancelled());
    EXPECT_FALSE(diagnose->isComplete());
    EXPECT_FALSE(h.wizard().button(QWizard::NextButton)->isEnabled());
    EXPECT_TRUE(h.wizard().findChild<QPushButton *>(QStringLiteral("runAgain"))->isVisible());
    h.shot(QStringLiteral("diagnose-cancelled"));
}

// While the checks run, the status names what is still going (not the step that just ended) and counts
// the seconds.
TEST(WizardDiagnose, TheStatusNamesWhatIsStillGoingAndCountsTheSeconds)
{
    Scenario s = envSolves();
    s.diagnosisHangs = true; // after its first step
    WizardHarness h(s, QStringLiteral("en"));
    auto *welcome = h.page<WelcomePage>();
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    ASSERT_TRUE(h.next());
    const auto *status = h.wizard().findChild<QLabel *>(QStringLiteral("status"));
    // Once the first step's end is told (its count and its name come one after the other).
    const QString importing = QStringLiteral("still going: Importing PyTorch");
    ASSERT_TRUE(waitFor([&] { return status->text().contains(importing); })) << status->text().toStdString();
    EXPECT_TRUE(status->text().startsWith(QStringLiteral("1 of 4 steps done"))) << status->text().toStdString();
    EXPECT_FALSE(status->text().contains(QStringLiteral("Probing the Python interpreter")))
        << "the step that ended is not what is going on: " << status->text().toStdString();
    EXPECT_TRUE(waitFor([status] { return status->text().contains(QStringLiteral("(1 s so far)")); }, 5000))
        << status->text().toStdString();
    h.page<DiagnosePage>()->cancel();
}

// The chart marks where the walk is: at the start while the checks run and their findings are read, at
// the question once it is asked.
TEST(WizardChart, TheWalkLeavesTheStartWithItsFirstQuestion)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    const auto *chart = h.wizard().findChild<FlowChartWidget *>();
    ASSERT_TRUE(chart);
    ASSERT_TRUE(h.toFindings());
    EXPECT_EQ(chart->currentNode(), flow::FlowChart::startId());
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), UrgentPageId);
    EXPECT_EQ(chart->currentNode(), flow::FlowChart::urgentId());
    h.wizard().button(QWizard::BackButton)->click();
    ASSERT_EQ(h.pageId(), FindingsPageId);
    EXPECT_EQ(chart->currentNode(), flow::FlowChart::startId());
}

// Solved, then undone: the chart no longer ends at "Done".
TEST(WizardChart, AnUndoneRepairIsNoLongerDone)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    auto *done = toDoneAfterTheEnvRepair(h);
    ASSERT_TRUE(done);
    const auto *chart = h.wizard().findChild<FlowChartWidget *>();
    EXPECT_EQ(chart->currentNode(), flow::FlowChart::doneId());
    ConfirmDialog::setNextAnswer(true);
    done->undo();
    ASSERT_TRUE(waitFor([&] { return done->statusText().startsWith(QStringLiteral("Undone")) && !done->isBusy(); }));
    // Once the check after the undo is in (it finds the problem again).
    EXPECT_TRUE(waitFor([&] { return chart->currentNode() != flow::FlowChart::doneId(); }))
        << chart->currentNode().toStdString();
}

// Skip moves the walk on at once, but the chart stays on the skipped step until the person goes on.
TEST(WizardChart, ASkippedStepStaysMarkedUntilTheWalkGoesOn)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    const auto *chart = h.wizard().findChild<FlowChartWidget *>();
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    h.page<UrgentPage>()->choose(false);
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), EnvPageId);
    EXPECT_EQ(chart->currentNode(), flow::FlowChart::envId());
    h.page<FixPage>()->skip();
    const flow::Flow *walk = h.wizard().session().flow();
    ASSERT_NE(walk, nullptr);
    const QString next = walk->current().id;
    ASSERT_NE(next, flow::FlowChart::envId()) << "the walk did not go on";
    EXPECT_EQ(chart->currentNode(), flow::FlowChart::envId()) << "the chart jumped ahead of the page";
    h.shot(QStringLiteral("chart-after-skip"));
    ASSERT_TRUE(h.next());
    EXPECT_EQ(chart->currentNode(), next);
}

TEST_P(WizardWalk, CancelARepairMidway)
{
    WizardHarness h(hangingRepair(), GetParam());
    FixPage *env = startTheEnvironmentRepair(h);
    ASSERT_TRUE(env);
    ASSERT_TRUE(env->runner()->cancelButton()->isEnabled());
    EXPECT_FALSE(env->isComplete());
    env->runner()->cancelButton()->click();
    ASSERT_TRUE(h.waitComplete());
    EXPECT_TRUE(h.backend().applied().isEmpty());
    // What ran is journalled (undoable); the check after it says it is not solved.
    EXPECT_EQ(h.wizard().session().appliedEntries(), QStringList{QStringLiteral("entry-env")});
    ASSERT_TRUE(h.next());
    EXPECT_EQ(h.pageId(), ReinstallPageId);
    EXPECT_TRUE(flowPath(h).contains(QStringLiteral("env-check")));
}

// Closing the window while a repair runs: the repair is told to stop, and
// nothing it reports afterwards reaches the pages that are gone.
TEST_P(WizardWalk, ClosingDuringARepairStopsIt)
{
    WizardHarness h(hangingRepair(), GetParam());
    FixPage *env = startTheEnvironmentRepair(h);
    ASSERT_TRUE(env);
    h.wizard().close();
    // The harness destroys the wizard now; the fake repair must end on its own (the token was cancelled).
}

TEST_P(WizardWalk, QuittingDuringARepairAsksFirst)
{
    WizardHarness h(hangingRepair(), GetParam());
    FixPage *env = startTheEnvironmentRepair(h);
    ASSERT_TRUE(env);
    ASSERT_TRUE(env->isBusy());
    ConfirmDialog::setNextAnswer(false); // "no": the repair goes on
    h.wizard().button(QWizard::CancelButton)->click();
    QTest::qWait(50);
    EXPECT_TRUE(h.wizard().isVisible());
    EXPECT_TRUE(env->isBusy());
    ConfirmDialog::setNextAnswer(true); // "yes": the window closes
    h.wizard().button(QWizard::CancelButton)->click();
    ASSERT_TRUE(waitFor([&h] { return !h.wizard().isVisible(); }));
}

// One walk through every page: Docker, its override, then every repair in turn.
TEST_P(WizardWalk, EveryPageInOneWalk)
{
    WizardHarness h(everyStep(), GetParam());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, true));
    ASSERT_EQ(h.pageId(), DockerPageId);
    h.shot(QStringLiteral("docker-plan"));
    ASSERT_TRUE(applyRepair(h));
    h.page<FixPage>()->runner()->brokenButton()->click();
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), EnvPageId);
    h.shot(QStringLiteral("env-plan"));
    ASSERT_TRUE(applyRepair(h));
    h.shot(QStringLiteral("env-not-solved"));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), ReinstallPageId);
    ASSERT_TRUE(applyRepair(h));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), SystemPageId);
    h.shot(QStringLiteral("system-plan"));
    ASSERT_TRUE(applyRepair(h));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    h.shot(QStringLiteral("every-done"));
    EXPECT_TRUE(h.flow().solved());
    EXPECT_EQ(h.wizard().session().appliedEntries().size(), 4);
    ASSERT_TRUE(h.next());
    EXPECT_EQ(h.pageId(), ExportPageId);
}

INSTANTIATE_TEST_SUITE_P(Languages, WizardWalk, testing::Values(QStringLiteral("en"), QStringLiteral("zh_CN")),
                         [](const testing::TestParamInfo<QString> &param) {
                             return param.param == QLatin1String("en") ? std::string("English")
                                                                       : std::string("Chinese");
                         });

// After Undo the verdict and the report come from a new check of the
// machine, not from what was found before; after a language change too.
TEST(WizardHonestState, UndoAndALanguageChangeCheckAgain)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    auto *done = toDoneAfterTheEnvRepair(h);
    ASSERT_TRUE(done);
    EXPECT_EQ(done->resultText(), DonePage::tr("Solved: PyTorch works now."));
    const int beforeUndo = h.backend().diagnoses();
    ConfirmDialog::setNextAnswer(true);
    done->undo();
    ASSERT_TRUE(waitFor([&] { return done->statusText().startsWith(QStringLiteral("Undone")) && !done->isBusy(); }));
    EXPECT_EQ(h.backend().undone(), QStringList{QStringLiteral("entry-env")});
    EXPECT_GT(h.backend().diagnoses(), beforeUndo);
    EXPECT_NE(done->resultText(), DonePage::tr("Solved: PyTorch works now."));
    EXPECT_TRUE(done->resultText().contains(QStringLiteral("1 problem is there"))) << done->resultText().toStdString();
    ASSERT_TRUE(h.next());
    auto *exporter = h.page<ExportPage>();
    ASSERT_TRUE(exporter);
    EXPECT_TRUE(exporter->preview().contains(libMissing().title)) << exporter->preview().toStdString();

    const int beforeLanguage = h.backend().diagnoses();
    h.wizard().setLanguage(QStringLiteral("zh_CN"));
    ASSERT_TRUE(waitFor([&] {
        return h.backend().diagnoses() > beforeLanguage && !h.wizard().session().isRechecking();
    }));
    EXPECT_TRUE(exporter->preview().contains(libMissing().title));
    h.wizard().setLanguage(QStringLiteral("en"));
}

// An undo's future ends on its thread before its last event reaches the page: until that event is in,
// the page is still undoing (no second undo of the same entry, no leaving it half-told).
TEST(WizardHonestState, AnUndoRunsUntilItsLastEventIsIn)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_TRUE(applyRepair(h));
    ASSERT_TRUE(h.next());
    auto *done = h.page<DonePage>();
    ASSERT_TRUE(done);
    auto *undo = h.wizard().findChild<QPushButton *>(QStringLiteral("undo"));
    ConfirmDialog::setNextAnswer(true);
    undo->click();
    ASSERT_TRUE(waitFor([done] { return done->statusText() == DonePage::tr("Undoing…"); }));
    // This thread now delivers no event (as while the window is busy) until the undo is over on its own.
    QElapsedTimer clock;
    clock.start();
    while (h.backend().undone().isEmpty() && clock.elapsed() < 10000)
        QThread::msleep(5);
    ASSERT_EQ(h.backend().undone().size(), 1);
    QThread::msleep(100); // its future ends; its Finished event waits in the queue
    EXPECT_TRUE(done->isUndoing());
    EXPECT_TRUE(done->isBusy());
    EXPECT_FALSE(done->isComplete());
    h.wizard().session().flowChanged(); // the page is filled again, as a check or a language change does
    EXPECT_FALSE(undo->isEnabled()) << "the entry being undone could be undone again";
    ASSERT_TRUE(waitFor([done] { return !done->isBusy(); }));
    EXPECT_EQ(h.backend().undone(), QStringList{QStringLiteral("entry-env")});
    EXPECT_TRUE(done->statusText().startsWith(QStringLiteral("Undone"))) << done->statusText().toStdString();
}

// Saying no to the confirmation changes nothing and takes nothing away: Apply
// still works, and going on without it records the step as declined.
TEST(WizardFlow, DecliningLeavesApplyAvailable)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    auto *env = h.page<FixPage>();
    ASSERT_TRUE(applyRepair(h, false));
    EXPECT_TRUE(h.backend().applied().isEmpty());
    EXPECT_TRUE(env->runner()->applyButton()->isEnabled());
    EXPECT_TRUE(env->runner()->skipButton()->isEnabled());
    ASSERT_TRUE(applyRepair(h, true));
    EXPECT_EQ(h.backend().applied(), QList<FixFamily>{FixFamily::Env});
    EXPECT_EQ(flowPath(h), (QStringList{QStringLiteral("start"), QStringLiteral("urgent"), QStringLiteral("env"),
                                        QStringLiteral("env-check"), QStringLiteral("done")}));
}

// `fix reinstall --find-links DIR --no-index` as controls of the reinstall page.
TEST(WizardFlow, TheReinstallTakesWheelsFromAFolder)
{
    WizardHarness h(reinstallSolves(), QStringLiteral("en"));
    ASSERT_TRUE(toReinstall(h));
    auto *folder = h.wizard().findChild<QLineEdit *>(QStringLiteral("wheelFolder"));
    auto *noIndex = h.wizard().findChild<QCheckBox *>(QStringLiteral("noIndex"));
    ASSERT_TRUE(folder && noIndex);
    EXPECT_TRUE(folder->isVisible());
    auto *page = h.page<FixPage>();
    auto stepText = [page] { // the plan is made again off the GUI thread after each change
        waitFor([page] { return !page->isPlanning(); });
        return page->repair().plan.steps.value(0).description();
    };
    EXPECT_TRUE(stepText().contains(QStringLiteral("--index-url")));

    QTest::keyClicks(folder, QStringLiteral("/no/such/wheelhouse"));
    QTest::keyClick(folder, Qt::Key_Return);
    EXPECT_TRUE(h.wizard().findChild<QLabel *>(QStringLiteral("wheelFolderProblem"))->isVisible());
    EXPECT_FALSE(stepText().contains(QStringLiteral("--find-links")));

    QTemporaryDir wheels;
    folder->clear();
    QTest::keyClicks(folder, wheels.path());
    noIndex->setChecked(true);
    QTest::keyClick(folder, Qt::Key_Return);
    EXPECT_TRUE(stepText().contains(QStringLiteral("--find-links ") + wheels.path())) << stepText().toStdString();
    EXPECT_TRUE(stepText().contains(QStringLiteral("--no-index")));
    EXPECT_FALSE(stepText().contains(QStringLiteral("--index-url")));
    ASSERT_TRUE(applyRepair(h));
    EXPECT_TRUE(ConfirmDialog::lastSteps().first().contains(wheels.path()));
    EXPECT_EQ(h.backend().applied(), QList<FixFamily>{FixFamily::Reinstall});
}

// A reinstall that cannot go ahead (no network): the reason once, what to do with the page's own
// controls, and the plan still there to apply.
TEST(WizardFlow, AReinstallThatCannotGoAheadSaysWhyOnce)
{
    Scenario s = reinstallSolves();
    s.preflightProblem = QStringLiteral("download.pytorch.org cannot be reached: Network is unreachable; nothing was "
                                        "changed. Without network, download the wheels into a folder elsewhere and "
                                        "choose that folder under Wheels from a folder on the reinstall page.");
    WizardHarness h(s, QStringLiteral("en"));
    ASSERT_TRUE(toReinstall(h));
    auto *runner = h.page<FixPage>()->runner();
    ConfirmDialog::setNextAnswer(true);
    runner->applyButton()->click();
    ASSERT_TRUE(waitFor([runner] { return runner->applyButton()->isEnabled(); }));
    EXPECT_EQ(runner->status().toStdString(), "The repair cannot go ahead: " + s.preflightProblem.toStdString());
    EXPECT_TRUE(h.backend().applied().isEmpty());
    EXPECT_TRUE(commandLineAdvice(h.wizard()).isEmpty()) << commandLineAdvice(h.wizard()).join(u'\n').toStdString();
}

// Another interpreter already has torch: using it is offered before any reinstall.
TEST(WizardFlow, TheInterpreterThatHasTorchIsOfferedBeforeAReinstall)
{
    const QString venv = QStringLiteral("/work/project/.venv/bin/python");
    WizardHarness h(torchInAnotherPython(), QStringLiteral("en"));
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_EQ(h.pageId(), ReinstallPageId);
    auto *use = h.wizard().findChild<QPushButton *>(QStringLiteral("useOtherInterpreter"));
    ASSERT_TRUE(use);
    EXPECT_TRUE(use->isVisible());
    EXPECT_TRUE(h.wizard().findChild<QLabel *>(QStringLiteral("otherInterpreter"))->text().contains(venv));
    use->click();
    ASSERT_TRUE(waitFor([&h] { return h.pageId() == DiagnosePageId; }));
    EXPECT_EQ(h.wizard().session().target.python, venv);
    ASSERT_TRUE(h.waitComplete());
    EXPECT_EQ(h.backend().lastTarget().python, venv);
    EXPECT_TRUE(h.backend().applied().isEmpty()); // nothing was reinstalled
}

// "Start over" from any page after the first: back to the choice, and a new walk.
TEST(WizardFlow, StartOverFromARepairPage)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    QAbstractButton *startOver = h.wizard().button(QWizard::CustomButton1);
    EXPECT_FALSE(startOver->isVisible());
    ASSERT_TRUE(h.toFindings());
    EXPECT_TRUE(startOver->isVisible());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_TRUE(applyRepair(h));
    ASSERT_EQ(h.pageId(), EnvPageId);
    EXPECT_TRUE(startOver->isVisible());
    startOver->click();
    ASSERT_EQ(h.pageId(), WelcomePageId);
    EXPECT_FALSE(h.wizard().session().flow());
    EXPECT_FALSE(h.wizard().session().report().has_value());
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    EXPECT_EQ(h.pageId(), DonePageId); // the repair holds: nothing left to repair
}

// Back from the repair pages, from Done and from the export page: the page before, and the walk as it
// stood there; what the repairs changed stays in the journal (undoable on the Done page).
TEST(WizardFlow, BackFromTheRepairPagesAndDone)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    QAbstractButton *back = h.wizard().button(QWizard::BackButton);
    ASSERT_TRUE(h.toFindings());
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(answerUrgent(h, false));
    ASSERT_EQ(h.pageId(), EnvPageId);
    ASSERT_TRUE(applyRepair(h));
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), DonePageId);
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), ExportPageId);

    ASSERT_TRUE(back->isVisible() && back->isEnabled());
    back->click();
    ASSERT_EQ(h.pageId(), DonePageId);
    EXPECT_TRUE(h.flow().isDone());
    ASSERT_TRUE(back->isVisible() && back->isEnabled()) << "no way back from Done";
    back->click();
    ASSERT_EQ(h.pageId(), EnvPageId);
    const flow::Flow *flow = h.wizard().session().flow();
    ASSERT_TRUE(flow);
    EXPECT_FALSE(flow->isDone());
    EXPECT_EQ(flow->current().family, FixFamily::Env);
    EXPECT_EQ(h.page<FixPage>()->runner()->phase(), FixRunnerWidget::Phase::Planned);
    EXPECT_EQ(h.wizard().session().appliedEntries(), QStringList{QStringLiteral("entry-env")});

    ASSERT_TRUE(back->isEnabled());
    back->click();
    ASSERT_EQ(h.pageId(), UrgentPageId);
    back->click();
    ASSERT_EQ(h.pageId(), FindingsPageId);
    // Forward again, the other way this time: the question is asked again, and followed.
    ASSERT_TRUE(h.next());
    ASSERT_EQ(h.pageId(), UrgentPageId);
    ASSERT_TRUE(answerUrgent(h, true));
    EXPECT_EQ(h.pageId(), DockerPageId);
    EXPECT_EQ(h.flow().current().family, FixFamily::Docker);
    back->click();
    ASSERT_EQ(h.pageId(), UrgentPageId);
    ASSERT_TRUE(answerUrgent(h, false));
    EXPECT_EQ(h.pageId(), EnvPageId);
    EXPECT_EQ(h.flow().current().family, FixFamily::Env);
}

// While a repair runs, Back and Start over are refused with a note: the step that runs ends (journalled) first.
TEST(WizardFlow, BackAndStartOverWaitForARunningRepair)
{
    WizardHarness h(hangingRepair(), QStringLiteral("en"));
    FixPage *env = startTheEnvironmentRepair(h);
    ASSERT_TRUE(env);
    auto refusedWithANote = [&h] {
        QTest::qWait(20);
        const auto notes = h.wizard().findChildren<QMessageBox *>(QStringLiteral("busyNote"));
        const bool shown = !notes.isEmpty() && notes.last()->isVisible()
                           && notes.last()->text().contains(QStringLiteral("journal"));
        for (QMessageBox *note : notes)
            note->accept();
        QTest::qWait(20);
        return shown;
    };
    h.wizard().button(QWizard::BackButton)->click();
    EXPECT_EQ(h.pageId(), EnvPageId);
    EXPECT_TRUE(refusedWithANote());
    h.wizard().button(QWizard::CustomButton1)->click();
    EXPECT_EQ(h.pageId(), EnvPageId);
    EXPECT_TRUE(refusedWithANote());
    EXPECT_TRUE(env->isBusy());
    env->runner()->cancelButton()->click();
    ASSERT_TRUE(h.waitComplete());
    h.wizard().button(QWizard::BackButton)->click();
    EXPECT_EQ(h.pageId(), UrgentPageId);
}

// "Start over" from every page after the first.
TEST(WizardFlow, StartOverFromEveryPage)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    QAbstractButton *startOver = h.wizard().button(QWizard::CustomButton1);
    auto walkTo = [&h](int page) {
        if (!h.toFindings())
            return false;
        if (page == FindingsPageId)
            return true;
        if (!h.next() || page == UrgentPageId)
            return h.pageId() == page;
        if (!answerUrgent(h, false) || page == EnvPageId)
            return h.pageId() == page;
        return applyRepair(h) && h.next() && h.pageId() == page;
    };
    for (int page : {FindingsPageId, UrgentPageId, EnvPageId, DonePageId, ExportPageId}) {
        // Once repaired (the Done page's walk), the findings lead to Done, and on to the export.
        const bool there = page == ExportPageId ? h.toFindings() && h.next() && h.next() && h.pageId() == page
                                                : walkTo(page);
        ASSERT_TRUE(there) << Wizard::pageName(page).toStdString();
        ASSERT_TRUE(startOver->isVisible()) << Wizard::pageName(page).toStdString();
        startOver->click();
        EXPECT_EQ(h.pageId(), WelcomePageId) << Wizard::pageName(page).toStdString();
        EXPECT_FALSE(h.wizard().session().flow());
    }
}

// Closing the window while a repair runs: it is cancelled, and the window waits for its step to end.
TEST(WizardFlow, ClosingDuringARepairWaitsForIt)
{
    WizardHarness h(hangingRepair(), QStringLiteral("en"));
    FixPage *env = startTheEnvironmentRepair(h);
    ASSERT_TRUE(env);
    ASSERT_EQ(h.backend().executing(), 1);
    ConfirmDialog::setNextAnswer(true); // "Stop and quit"
    h.wizard().close();
    ASSERT_TRUE(waitFor([&h] { return !h.wizard().isVisible(); }));
    EXPECT_EQ(h.backend().executing(), 0) << "the window closed while the repair's step still ran";
}

TEST(WizardWelcome, APastedErrorSelectsTheInterpreterWhoseTorchItNames)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    auto *welcome = h.page<WelcomePage>();
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    welcome->setPastedText(QStringLiteral("OSError: /work/project/.venv/lib/python3.11/site-packages/torch/lib/"
                                          "libtorch_cuda.so: undefined symbol: cudnnGetVersion"));
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(h.waitComplete());
    EXPECT_EQ(h.backend().lastTarget().python, QStringLiteral("/work/project/.venv/bin/python"));
    ASSERT_TRUE(h.wizard().session().pasted.has_value());
    EXPECT_TRUE(h.wizard().session().pasted->recognized);
}

// "Browse…" for an interpreter, and `chosen` picked in the file dialog.
bool browseForInterpreter(WizardHarness &h, const QString &chosen)
{
    auto *welcome = h.page<WelcomePage>();
    if (!waitFor([welcome] { return !welcome->isSearching(); }))
        return false;
    welcome->setInterpreterChooser([chosen] { return chosen; });
    h.wizard().findChild<QPushButton *>(QStringLiteral("browsePython"))->click();
    const bool tried = waitFor([welcome] { return !welcome->isTryingInterpreter(); });
    QTest::qWait(20);
    return tried;
}

// "Browse…" for an interpreter: the file chosen is tried, listed, selected and diagnosed.
TEST(WizardWelcome, ABrowsedInterpreterIsWhatIsChecked)
{
    const QString chosen = QStringLiteral("/opt/python3.12/bin/python3");
    WizardHarness h(envSolves(), QStringLiteral("en"));
    ASSERT_TRUE(browseForInterpreter(h, chosen));
    const QString said = h.wizard().findChild<QLabel *>(QStringLiteral("browseResult"))->text();
    EXPECT_TRUE(said.contains(QStringLiteral("is selected"))) << said.toStdString();
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(h.waitComplete());
    EXPECT_EQ(h.backend().lastTarget().python, chosen);
}

// A deep path (a Windows user's AppData, a conda env in a long project path) wraps in the list, whole
// and in sight: the list never scrolls sideways, and its row is as tall as the lines it takes.
class WizardLongPath : public testing::TestWithParam<QString> {};

TEST_P(WizardLongPath, WrapsInTheInterpreterList)
{
    const QString chosen = GetParam();
    WizardHarness h(envSolves(), QStringLiteral("en"));
    ASSERT_TRUE(browseForInterpreter(h, chosen));
    auto *list = h.wizard().findChild<QListWidget *>(QStringLiteral("interpreters"));
    ASSERT_TRUE(list->currentItem());
    ASSERT_EQ(list->currentItem()->data(Qt::UserRole).toString(), chosen);
    ASSERT_GT(list->fontMetrics().horizontalAdvance(chosen), list->viewport()->width()) << "the path fits anyway";
    EXPECT_EQ(list->horizontalScrollBar()->maximum(), 0) << "the interpreter list scrolls sideways";
    const QRect row = list->visualItemRect(list->currentItem());
    EXPECT_LE(row.right(), list->viewport()->width());
    EXPECT_GE(row.height(), 2 * list->fontMetrics().height()) << "the long path is not wrapped";
    h.shot(QStringLiteral("welcome-long-path-") + (chosen.contains(u'\\') ? u'w' : u'l'));
}

// A venv deep in a project, and a Windows user's Python (whose backslashes Unicode does not break after).
INSTANTIATE_TEST_SUITE_P(
    Paths, WizardLongPath,
    testing::Values(QStringLiteral("/home/someone/projects/a-rather-long-project-name/experiments/"
                                   "environments/cuda-12.4-cudnn-9/.venv-with-a-long-name/bin/python3.11"),
                    QStringLiteral("C:\\Users\\someone\\AppData\\Local\\Programs\\Python\\Python311\\"
                                   "Lib\\site-packages\\..\\..\\python.exe")),
    [](const testing::TestParamInfo<QString> &path) {
        return std::string(path.param.contains(u'\\') ? "WindowsPath" : "VenvPath");
    });

TEST(WizardWelcome, AFolderAddedOrDroppedIsDiagnosedAsTheProject)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    auto *welcome = h.page<WelcomePage>();
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    QTemporaryDir dropped;
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(dropped.path())});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(welcome, &enter);
    EXPECT_TRUE(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(welcome, &drop);
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    auto *projects = h.wizard().findChild<QListWidget *>(QStringLiteral("projects"));
    ASSERT_TRUE(projects->currentItem());
    EXPECT_EQ(projects->currentItem()->data(Qt::UserRole).toString(), QDir::cleanPath(dropped.path()));
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(h.waitComplete());
    EXPECT_EQ(h.backend().lastTarget().projectDir, QDir::cleanPath(dropped.path()));
}

TEST(WizardTheme, ColoursFollowADarkPalette)
{
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x24));
    dark.setColor(QPalette::WindowText, QColor(0xee, 0xee, 0xee));
    QPalette light;
    light.setColor(QPalette::Window, QColor(0xf0, 0xf0, 0xf0));
    EXPECT_TRUE(Theme::isDark(dark));
    EXPECT_FALSE(Theme::isDark(light));
    // The error colour stays readable on either background.
    EXPECT_GT(Theme::errorColor(dark).lightness(), dark.color(QPalette::Window).lightness() + 80);
    EXPECT_LT(Theme::errorColor(light).lightness(), light.color(QPalette::Window).lightness() - 80);
    EXPECT_GT(Theme::okColor(dark).lightness(), dark.color(QPalette::Window).lightness() + 80);
}

TEST(WizardLanguage, SwitchesAtRunTime)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    QAbstractButton *next = h.wizard().button(QWizard::NextButton);
    EXPECT_EQ(next->text(), QStringLiteral("&Next >"));
    const QString englishTitle = flow::FlowChart::node(QStringLiteral("urgent"))->title;
    auto *box = h.wizard().findChild<QComboBox *>(QStringLiteral("languageBox"));
    ASSERT_TRUE(box);
    box->setCurrentIndex(1);
    emit box->activated(1);
    QTest::qWait(20);
    EXPECT_EQ(Language::current(), QStringLiteral("zh_CN"));
    EXPECT_NE(next->text(), QStringLiteral("&Next >"));
    EXPECT_NE(flow::FlowChart::node(QStringLiteral("urgent"))->title, englishTitle);
    EXPECT_NE(h.wizard().currentPage()->title(), QStringLiteral("What should TorchDoctor check?"));
    h.wizard().setLanguage(QStringLiteral("en"));
    QTest::qWait(20);
    EXPECT_EQ(next->text(), QStringLiteral("&Next >"));
    EXPECT_EQ(h.wizard().currentPage()->title(), QStringLiteral("What should TorchDoctor check?"));
}

// The keyboard alone: mnemonics and Space, no mouse.
TEST(WizardKeyboard, WalksABranchWithKeysOnly)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    QApplication::setActiveWindow(&h.wizard());
    if (!QTest::qWaitForWindowActive(&h.wizard())) {
        // Under tests/ui/under-window-manager.sh a window that is not activated is a failure.
        if (qEnvironmentVariableIsSet("TORCHDOCTOR_WINDOW_MANAGER"))
            FAIL() << "the window manager did not activate the wizard's window";
        GTEST_SKIP() << "windows are not activated here (an X server without a window manager)";
    }
    auto *welcome = h.page<WelcomePage>();
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    auto alt = [&](Qt::Key key) {
        QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : &h.wizard(), key, Qt::AltModifier);
        QTest::qWait(250); // a mnemonic presses the button for a moment, then clicks
    };
    alt(Qt::Key_N); // Next
    ASSERT_EQ(h.pageId(), DiagnosePageId)
        << (QApplication::focusWidget() ? QApplication::focusWidget()->metaObject()->className() : "none") << " active "
        << (QApplication::activeWindow() ? QApplication::activeWindow()->metaObject()->className() : "none");
    ASSERT_TRUE(h.waitComplete());
    alt(Qt::Key_N);
    ASSERT_EQ(h.pageId(), FindingsPageId);
    alt(Qt::Key_N);
    ASSERT_EQ(h.pageId(), UrgentPageId);
    alt(Qt::Key_N); // "No: repair in place"
    EXPECT_TRUE(h.wizard().findChild<QRadioButton *>(QStringLiteral("urgentNo"))->isChecked());
    alt(Qt::Key_C); // Continue
    ASSERT_EQ(h.pageId(), EnvPageId);
    ConfirmDialog::setNextAnswer(true);
    alt(Qt::Key_A); // Apply…
    ASSERT_TRUE(h.waitComplete());
    alt(Qt::Key_C);
    ASSERT_EQ(h.pageId(), DonePageId);
    alt(Qt::Key_N);
    ASSERT_EQ(h.pageId(), ExportPageId);
    // Every control on the way can take the focus from the keyboard.
    for (QWidget *w : h.wizard().currentPage()->findChildren<QWidget *>()) {
        if (qobject_cast<QAbstractButton *>(w) && w->isVisible()) {
            EXPECT_NE(w->focusPolicy() & Qt::TabFocus, 0) << w->objectName().toStdString();
        }
    }
}

TEST(WizardAccessibility, ControlsHaveNames)
{
    WizardHarness h(everyStep(), QStringLiteral("en"));
    for (int id : h.wizard().pageIds()) {
        for (QWidget *w : h.wizard().page(id)->findChildren<QWidget *>()) {
            if (w->inherits("QHeaderView"))
                continue; // part of its item view, which has the name
            const bool control = qobject_cast<QAbstractButton *>(w) || qobject_cast<QComboBox *>(w)
                                 || w->inherits("QAbstractItemView") || w->inherits("QPlainTextEdit")
                                 || w->inherits("QTextEdit");
            if (!control)
                continue;
            const bool named =
                !w->accessibleName().isEmpty()
                || (qobject_cast<QAbstractButton *>(w) && !qobject_cast<QAbstractButton *>(w)->text().isEmpty());
            EXPECT_TRUE(named) << Wizard::pageName(id).toStdString() << ": " << w->metaObject()->className() << " "
                               << w->objectName().toStdString();
        }
    }
}

} // namespace
} // namespace td::ui::test

namespace td::ui::test {
namespace {

QStringList idsOf(const QJsonArray &findings)
{
    QStringList ids;
    for (const auto &f : findings)
        ids << f.toObject().value(QStringLiteral("id")).toString();
    ids.sort();
    return ids;
}

QByteArray exported(ExportPage &exporter, ReportFormat format, const QString &path)
{
    exporter.setFormat(format);
    exporter.setSaveLocationChooser([path](const QString &) { return path; });
    if (!exporter.save())
        return {};
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

// The exported report tells the whole story, in order: what was found first,
// the repair, the check after it, the undo, the check after that, and the
// state now; and the story is on disk before any export.
TEST(WizardReport, TellsTheWholeStory)
{
    WizardHarness h(envSolves(), QStringLiteral("en"));
    auto *done = toDoneAfterTheEnvRepair(h);
    ASSERT_TRUE(done);
    ConfirmDialog::setNextAnswer(true);
    done->undo();
    ASSERT_TRUE(waitFor([&] { return done->statusText().startsWith(QStringLiteral("Undone")) && !done->isBusy(); }));
    ASSERT_TRUE(h.next());
    auto *exporter = h.page<ExportPage>();
    ASSERT_TRUE(exporter);

    const QStringList initial{QStringLiteral("cuda.no-driver"), QStringLiteral("env.suspicious"),
                              QStringLiteral("lib.missing")};
    const QStringList repaired{QStringLiteral("cuda.no-driver")};
    QTemporaryDir dir;
    const QJsonObject doc =
        QJsonDocument::fromJson(exported(*exporter, ReportFormat::Json, dir.filePath(QStringLiteral("r.json"))))
            .object();
    const QJsonArray stages = doc.value(QStringLiteral("history")).toObject().value(QStringLiteral("stages")).toArray();
    QStringList kinds;
    for (const auto &s : stages)
        kinds << s.toObject().value(QStringLiteral("stage")).toString();
    ASSERT_EQ(kinds, (QStringList{QStringLiteral("diagnosis"), QStringLiteral("repair"), QStringLiteral("recheck"),
                                  QStringLiteral("undo"), QStringLiteral("recheck"), QStringLiteral("now")}))
        << QJsonDocument(doc).toJson().toStdString();
    auto stage = [&](int i) { return stages[i].toObject(); };
    EXPECT_EQ(idsOf(stage(0).value(QStringLiteral("findings")).toArray()), initial);
    EXPECT_EQ(stage(1).value(QStringLiteral("family")).toString(), QStringLiteral("env"));
    EXPECT_EQ(stage(1).value(QStringLiteral("outcome")).toString(), QStringLiteral("fixed"));
    EXPECT_EQ(stage(1).value(QStringLiteral("journal")).toArray(), QJsonArray{QStringLiteral("entry-env")});
    const QJsonArray steps = stage(1).value(QStringLiteral("steps")).toArray();
    ASSERT_FALSE(steps.isEmpty());
    for (const auto &step : steps)
        EXPECT_EQ(step.toObject().value(QStringLiteral("state")).toString(), QStringLiteral("done"));
    EXPECT_EQ(stage(2).value(QStringLiteral("of")).toString(), QStringLiteral("repair"));
    EXPECT_EQ(idsOf(stage(2).value(QStringLiteral("findings")).toArray()), repaired);
    EXPECT_EQ(stage(3).value(QStringLiteral("undo_of")).toString(), QStringLiteral("entry-env"));
    EXPECT_EQ(stage(3).value(QStringLiteral("outcome")).toString(), QStringLiteral("done"));
    EXPECT_EQ(stage(3).value(QStringLiteral("journal")).toArray(), QJsonArray{QStringLiteral("undo-entry-env")});
    EXPECT_EQ(stage(4).value(QStringLiteral("of")).toString(), QStringLiteral("undo"));
    EXPECT_EQ(idsOf(stage(4).value(QStringLiteral("findings")).toArray()), initial);
    EXPECT_EQ(idsOf(stage(5).value(QStringLiteral("findings")).toArray()), initial);
    EXPECT_EQ(idsOf(doc.value(QStringLiteral("findings")).toArray()), initial); // the state now, as before

    // The HTML says the same, in the same order, each check with what it found.
    const QString html =
        QString::fromUtf8(exported(*exporter, ReportFormat::Html, dir.filePath(QStringLiteral("r.html"))));
    QList<qsizetype> at;
    for (const char *heading : {"1. First diagnosis", "2. Repair (env)", "3. Check after the repair",
                                "4. Undo of entry-env", "5. Check after the undo", "6. State now", "</ol>"}) {
        at << html.indexOf(QLatin1String(heading));
        ASSERT_GE(at.last(), 0) << heading << "\n" << html.toStdString();
    }
    EXPECT_TRUE(std::is_sorted(at.begin(), at.end())) << html.toStdString();
    const QString missing = libMissing().title.toHtmlEscaped();
    auto between = [&](int from, int to) { return html.mid(at[from], at[to] - at[from]).contains(missing); };
    EXPECT_TRUE(between(0, 1));
    EXPECT_FALSE(between(2, 3)); // the check after the repair no longer found it
    EXPECT_TRUE(between(4, 5));
    EXPECT_TRUE(between(5, 6));

    // Written as it happened: the file holds every stage up to the last check.
    const QString path = h.wizard().session().history().path();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    const QJsonArray onDisk =
        QJsonDocument::fromJson(file.readAll()).object().value(QStringLiteral("stages")).toArray();
    EXPECT_EQ(onDisk.size(), 5);
}

// The report's page as a desktop program's: HTML goes to the clipboard as HTML too, the save dialog opens
// where the last report went, and the HTML preview follows a dark palette.
TEST(WizardReport, CopiesHtmlAsHtmlRemembersTheFolderAndFollowsADarkPalette)
{
    WizardHarness h(healthy(), QStringLiteral("en"));
    ASSERT_TRUE(h.toFindings());
    while (h.pageId() != ExportPageId)
        ASSERT_TRUE(h.next());
    auto *exporter = h.page<ExportPage>();
    exporter->setFormat(ReportFormat::Html);
    h.wizard().findChild<QPushButton *>(QStringLiteral("copy"))->click();
    const QMimeData *copied = QApplication::clipboard()->mimeData();
    ASSERT_TRUE(copied);
    EXPECT_TRUE(copied->hasHtml());
    EXPECT_TRUE(copied->html().contains(QStringLiteral("<html"))) << copied->html().left(200).toStdString();
    EXPECT_TRUE(copied->hasText());
    EXPECT_FALSE(copied->text().contains(QStringLiteral("<html"))) << "the text is the page's text, not its markup";

    QTemporaryDir dir;
    QStringList suggested;
    const QString first = dir.filePath(QStringLiteral("first.html"));
    exporter->setSaveLocationChooser([&](const QString &name) {
        suggested << name;
        return suggested.size() == 1 ? first : QString();
    });
    ASSERT_TRUE(exporter->save());
    exporter->save(); // cancelled: only what it suggests matters
    ASSERT_EQ(suggested.size(), 2);
    EXPECT_EQ(QFileInfo(suggested[1]).absolutePath(), QFileInfo(first).absolutePath());

    // A dark palette: the preview is dark too, not a white page.
    QPalette dark = h.wizard().palette();
    for (QPalette::ColorRole role : {QPalette::Window, QPalette::Base})
        dark.setColor(role, QColor(0x20, 0x22, 0x25));
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text})
        dark.setColor(role, QColor(0xe6, 0xe6, 0xe6));
    h.wizard().setPalette(dark); // the desktop's theme changes while the page is shown
    QTest::qWait(50);
    const QImage page = h.wizard().findChild<QWidget *>(QStringLiteral("preview"))->grab().toImage();
    qsizetype light = 0;
    for (int y = 0; y < page.height(); y += 4)
        for (int x = 0; x < page.width(); x += 4)
            light += page.pixelColor(x, y).lightness() >= 128 ? 1 : 0;
    EXPECT_LT(light * 2, (page.width() / 4) * (page.height() / 4)) << "most of the preview is light";
}

} // namespace td::ui::test
