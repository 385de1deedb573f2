// SPDX-License-Identifier: GPL-3.0-or-later
// The seed's user through the wizard, on Windows (under Wine): a real ComfyUI portable Python whose
// torch 2.4.0 fails on fbgemm.dll is diagnosed, repaired from a folder of wheels and undone through
// the real wizard on the real backend, with the real `import torch` as the judge after the repair.
// tests/windows/portable_scenario.py --wizard runs it on a tree it laid out and hashed, and judges
// the tree and the import again after it; it names the tree through the environment:
//   TD_PORTABLE_PYTHON     the tree's python.exe
//   TD_PORTABLE_WHEELHOUSE the folder with torch 2.4.1's wheel (and pip's)
//   TD_PORTABLE_LANGUAGE   en or zh_CN
// With TORCHDOCTOR_SCREENSHOT_DIR set, the pages are saved as walk/<language>-portable-<page>.png.
#include "DonePage.h"
#include "FixRunnerWidget.h"
#include "RealWizard.h"
#include "ReinstallPage.h"
#include "Session.h"
#include "UrgentPage.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTextBrowser>

#include <gtest/gtest.h>

namespace td::ui::test {
namespace {

QString required(const char *name)
{
    const QString value = qEnvironmentVariable(name);
    if (value.isEmpty())
        ADD_FAILURE() << name << " is not set: tests/windows/portable_scenario.py --wizard runs this test";
    return value;
}

// The version the real import prints, or what it printed instead (torch 2.4.1 warns on stderr that
// NumPy is not installed).
QString realImport(const QString &python)
{
    QProcess process;
    process.start(python, {QStringLiteral("-c"), QStringLiteral("import torch; print(torch.__version__)")});
    if (!process.waitForFinished(600000))
        return QStringLiteral("(no answer in 600 s)");
    const QString out = QString::fromLocal8Bit(process.readAllStandardOutput()).trimmed();
    return process.exitCode() == 0 ? out : out + QString::fromLocal8Bit(process.readAllStandardError());
}

QString planOf(Wizard &wizard)
{
    return wizard.currentPage()->findChild<QTextBrowser *>(QStringLiteral("planSteps"))->toPlainText();
}

// From the findings to the reinstall, through the urgent page's "repair it here" and nothing else.
ReinstallPage *toReinstall(RealWizard &w)
{
    if (!w.next())
        return nullptr;
    if (auto *urgent = w.page<UrgentPage>()) {
        urgent->choose(false);
        if (!w.next())
            return nullptr;
    }
    EXPECT_EQ(w.wizard().currentId(), ReinstallPageId) << "a page before the reinstall: the embeddable's own "
                                                          "runtime should need no other repair";
    return w.page<ReinstallPage>();
}

TEST(PortableWizard, RepairsFromAFolderOfWheelsThenUndoes)
{
    const QString python = required("TD_PORTABLE_PYTHON");
    const QString wheelhouse = required("TD_PORTABLE_WHEELHOUSE");
    const QString language = required("TD_PORTABLE_LANGUAGE");
    ASSERT_FALSE(python.isEmpty() || wheelhouse.isEmpty() || language.isEmpty());
    RealWizard w(std::nullopt, language);

    // The findings: fbgemm.dll, and behind it libomp140.x86_64.dll, which torch 2.4.1 ships.
    ASSERT_NE(w.diagnose(python), nullptr);
    ASSERT_TRUE(w.next()) << "the diagnosis did not end";
    ASSERT_EQ(w.wizard().currentId(), FindingsPageId);
    const QStringList findings = listedFindings(w.wizard());
    EXPECT_TRUE(findings.contains(QStringLiteral("torch.import-failed"))) << findings.join(u' ').toStdString();
    EXPECT_TRUE(findings.contains(QStringLiteral("lib.missing"))) << findings.join(u' ').toStdString();
    EXPECT_FALSE(findings.contains(QStringLiteral("lib.shadowed"))) << "a warning about the embeddable's own runtime";
    w.shot(QStringLiteral("portable-findings"));

    // The reinstall, from the folder only: exactly torch 2.4.1.
    ReinstallPage *reinstall = toReinstall(w);
    ASSERT_NE(reinstall, nullptr);
    // As typed into the page: the folder, then "Only from this folder".
    auto *folder = reinstall->findChild<QLineEdit *>(QStringLiteral("wheelFolder"));
    auto *only = reinstall->findChild<QCheckBox *>(QStringLiteral("noIndex"));
    ASSERT_TRUE(folder && only);
    folder->clear();
    QTest::keyClicks(folder, wheelhouse);
    only->click();
    ASSERT_TRUE(only->isChecked());
    ASSERT_TRUE(waitFor([reinstall] { return !reinstall->isPlanning(); }, 120000)); // made off the GUI thread
    const QString plan = planOf(w.wizard());
    EXPECT_TRUE(plan.contains(QStringLiteral("torch==2.4.1"))) << plan.toStdString();
    EXPECT_TRUE(plan.contains(QStringLiteral("--no-index"))) << plan.toStdString();
    const QDir site(QFileInfo(python).dir().filePath(QStringLiteral("Lib/site-packages")));
    if (!site.exists(QStringLiteral("pip"))) { // pip run from its wheel in the folder
        EXPECT_TRUE(plan.contains(QRegularExpression(QStringLiteral(R"(pip-[^/\\ ]+\.whl[/\\]pip install)"))))
            << plan.toStdString();
    }
    const QStringList commandLine = commandLineAdvice(w.wizard());
    EXPECT_TRUE(commandLine.isEmpty()) << commandLine.join(u'\n').toStdString();
    w.shot(QStringLiteral("portable-reinstall"));
    ConfirmDialog::setNextAnswer(true);
    reinstall->runner()->applyButton()->click();
    ASSERT_TRUE(waitFor([reinstall] { return reinstall->isComplete(); }, 1200000))
        << reinstall->runner()->status().toStdString() << "\n"
        << reinstall->runner()->output().toStdString();
    w.shot(QStringLiteral("portable-repaired"));
    const QString imported = realImport(python);
    EXPECT_EQ(imported, QStringLiteral("2.4.1+cpu")) << imported.toStdString();

    // Done: solved, as the check after the repair found; then undone and checked again.
    ASSERT_TRUE(w.next());
    auto *done = w.page<DonePage>();
    ASSERT_NE(done, nullptr) << "page " << w.wizard().currentId() << " after the reinstall";
    EXPECT_EQ(done->resultText(), DonePage::tr("Solved: PyTorch works now."));
    w.shot(QStringLiteral("portable-done-solved"));
    const int before = w.backend().diagnoses();
    ConfirmDialog::setNextAnswer(true);
    done->undo();
    ASSERT_TRUE(waitFor([&] { return !done->isBusy() && !w.wizard().session().isRechecking(); }, 1200000))
        << done->statusText().toStdString();
    EXPECT_GT(w.backend().diagnoses(), before) << "no check after the undo";
    ASSERT_TRUE(w.wizard().session().report().has_value());
    EXPECT_TRUE(w.wizard().session().report()->hasErrors()) << "after the undo, the check finds the problem again";
    EXPECT_NE(done->resultText(), DonePage::tr("Solved: PyTorch works now."));
    EXPECT_TRUE(commandLineAdvice(w.wizard()).isEmpty()) << commandLineAdvice(w.wizard()).join(u'\n').toStdString();
    w.shot(QStringLiteral("portable-done-undone"));
}

} // namespace
} // namespace td::ui::test
