// SPDX-License-Identifier: GPL-3.0-or-later
// The wizard's real backend on this machine: a venv whose torch fails to
// import, diagnosed, classified, planned for and reported on through core.
#include "CoreBackend.h"

#include "PythonFixtures.h"
#include "TestSupport.h"

#include <QFile>

#include <gtest/gtest.h>

namespace td::ui::test {
namespace {

using td::test::TempDir;
namespace py = td::test::python;

constexpr const char *kError = "libcudnn_ops.so.9: cannot open shared object file: No such file or directory";

// The paste box reads messages by their own wording too, as `explain` does:
// a CUDA runtime error, and another package's error named as such.
TEST(CoreBackend, ThePasteBoxKnowsRuntimeErrorsAndOtherPackages)
{
    CoreBackend backend;
    ASSERT_TRUE(backend.knowledgeProblems().isEmpty());
    PastedError pasted = backend.classify(QStringLiteral(
        "UserWarning: NVIDIA Quux 9000 with CUDA capability sm_131 is not compatible with the current PyTorch "
        "installation."));
    EXPECT_TRUE(pasted.recognized);
    EXPECT_TRUE(pasted.title.contains(QStringLiteral("sm_131"))) << pasted.title.toStdString();

    pasted = backend.classify(QStringLiteral("OSError: /srv/env/lib/python3.12/site-packages/zorblax_ops/_C.so: "
                                             "undefined symbol: _ZN3c1010Zorblax4nameEv"));
    EXPECT_TRUE(pasted.recognized);
    EXPECT_EQ(pasted.packageToFix, QStringLiteral("zorblax_ops"));
    EXPECT_FALSE(pasted.likely);

    // A partial paste: the Windows code is missing, so the cause is only likely.
    pasted = backend.classify(QStringLiteral(
        R"(Error loading "D:\envs\x\Lib\site-packages\torch\lib\fbgemm.dll" or one of its dependencies.)"));
    EXPECT_TRUE(pasted.recognized);
    EXPECT_TRUE(pasted.likely);
}

TEST(CoreBackend, DiagnosesPlansAndReportsThroughCore)
{
    TempDir dir;
    const td::test::fs::path python = py::makeVenv(dir / "venv");
    ASSERT_FALSE(python.empty());
    py::writeFakeTorch(py::sitePackages(dir / "venv"), std::string("raise OSError(\"") + kError + "\")\n",
                       "2.5.1+cu124");

    CoreBackend backend;
    ASSERT_TRUE(backend.knowledgeProblems().isEmpty());
    EXPECT_FALSE(backend.diagnosisSteps().isEmpty());

    QFuture<checks::Diagnosis> future = backend.diagnose(Target{py::qs(python), {}, {}, {}, false, {}});
    future.waitForFinished();
    ASSERT_EQ(future.resultCount(), 1);
    const checks::Diagnosis report = future.result();
    EXPECT_FALSE(report.cancelled);
    const auto failed = std::find_if(report.findings.cbegin(), report.findings.cend(), [](const checks::Finding &f) {
        return f.id == QLatin1String("torch.import-failed");
    });
    ASSERT_NE(failed, report.findings.cend());

    // The pasted error, read by core.
    const PastedError pasted = backend.classify(QStringLiteral("OSError: ") + QString::fromLatin1(kError));
    EXPECT_TRUE(pasted.recognized);
    EXPECT_EQ(pasted.error.library, QStringLiteral("libcudnn_ops.so.9"));

    // Every family of the flowchart gets a proposal; none claims steps it cannot justify.
    EXPECT_EQ(backend.families().size(), 4);
    bool someTargeted = false;
    for (checks::FixFamily family : backend.families()) {
        const fixes::Repair proposal = backend.repairMachine()->plan(family, report, repairScope(report, Target{}));
        EXPECT_EQ(proposal.family, family);
        someTargeted = someTargeted || !proposal.targeted.isEmpty();
        if (!proposal.targeted.isEmpty() && !proposal.canApply()) {
            EXPECT_FALSE(proposal.plan.warnings.isEmpty()) << checks::toString(family).toStdString();
        }
    }
    EXPECT_TRUE(someTargeted);
    // Docker without a project folder: nothing to run, and it says why.
    const fixes::Repair docker = backend.repairMachine()->plan(checks::FixFamily::Docker, report, repairScope(report, Target{}));
    EXPECT_FALSE(docker.canApply());
    EXPECT_FALSE(docker.plan.warnings.isEmpty());

    // The report, redacted, in every format, saved atomically.
    for (ReportFormat format : {ReportFormat::Text, ReportFormat::Markdown, ReportFormat::Html, ReportFormat::Json})
        EXPECT_TRUE(backend.renderReport(report, format, true, {}).contains(QStringLiteral("torch.import-failed")));
    const QString path = py::qs(dir / "report.md");
    const auto saved = backend.saveReport(path, backend.renderReport(report, ReportFormat::Markdown, true, {}));
    ASSERT_TRUE(saved) << saved.error().toStdString();
    EXPECT_TRUE(QFile::exists(path));

    // A journal entry that does not exist has nothing to undo.
    EXPECT_FALSE(backend.journalEntry(QStringLiteral("no-such-entry")).has_value());
}

} // namespace
} // namespace td::ui::test
