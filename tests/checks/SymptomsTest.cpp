// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/Symptoms.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QJsonArray>

using namespace td::checks;

namespace {

Finding symbolMissing(const QString &neededBy, const QString &symbol, const QString &loaded)
{
    Finding f;
    f.id = QStringLiteral("lib.symbol-missing");
    f.severity = Severity::Error;
    f.title = QStringLiteral("%1 needs %2").arg(neededBy, demangled(symbol));
    f.detail = QStringLiteral("undefined symbol: %1").arg(symbol);
    f.check = QStringLiteral("libraries");
    f.fixes = {FixFamily::Env, FixFamily::Reinstall};
    f.evidence = {{QStringLiteral("loaded"), loaded},
                  {QStringLiteral("needed_by"), QJsonArray{QString(QStringLiteral("/opt/x/lib/") + neededBy)}},
                  {QStringLiteral("symbols"), QJsonArray{symbol}}};
    return f;
}

Finding entryPutting(const QString &loaded)
{
    Finding f;
    f.id = QStringLiteral("env.suspicious");
    f.severity = Severity::Error;
    f.title = QStringLiteral("LD_LIBRARY_PATH puts another copy first");
    f.detail = QStringLiteral("Remove the entry.");
    f.check = QStringLiteral("environment");
    f.fixes = {FixFamily::Env};
    f.evidence = {{QStringLiteral("loaded"), loaded}, {QStringLiteral("root_cause"), true}};
    return f;
}

Finding other(const QString &id)
{
    Finding f;
    f.id = id;
    f.severity = Severity::Warning;
    f.title = id;
    return f;
}

} // namespace

// The entry that put a stale copy first leads; what the copy breaks is inside it, demangled, each
// library once; the repairs stay the cause's.
TEST(Symptoms, AStaleCopyIsOneRowUnderItsCause)
{
    const QString stale = QStringLiteral("/home/u/old/libquokka.so.3");
    QList<Finding> findings{other(QStringLiteral("gpu.none")),
                            symbolMissing(QStringLiteral("libtorch_cpu.so"), QStringLiteral("_ZN6quokka4packEv"),
                                          stale),
                            symbolMissing(QStringLiteral("libtorch_cpu.so"), QStringLiteral("quokka_init"), stale),
                            symbolMissing(QStringLiteral("libleveldb.so.1d"), QStringLiteral("quokka_free"), stale),
                            entryPutting(stale)};
    foldSymptoms(findings);
    ASSERT_EQ(findings.size(), 2);
    EXPECT_EQ(findings[0].id, QStringLiteral("gpu.none"));
    const Finding &lead = findings[1];
    EXPECT_EQ(lead.id, QStringLiteral("env.suspicious"));
    EXPECT_EQ(lead.fixes, QList<FixFamily>{FixFamily::Env});
    EXPECT_EQ(symptomsOf(lead).size(), 3);
    EXPECT_TRUE(lead.detail.contains(QStringLiteral("libtorch_cpu.so (quokka::pack(), quokka_init)")))
        << lead.detail.toStdString();
    EXPECT_TRUE(lead.detail.contains(QStringLiteral("libleveldb.so.1d (quokka_free)"))) << lead.detail.toStdString();
    const HeldSymptoms held =
        heldSymptoms(findings, [](const Finding &s) { return s.check == QLatin1String("libraries"); });
    EXPECT_EQ(held.count, 3);
    EXPECT_EQ(held.worst, Severity::Error);
    EXPECT_EQ(held.cause, &findings[1]);
    EXPECT_EQ(everyFinding(findingsToJson(findings)).size(), 5);
}

// Without a cause among the findings, the first symptom leads, titled by the file's path; a file with one
// symptom keeps it as its own row.
TEST(Symptoms, WithoutACauseTheFileLeadsByItsPath)
{
    const QString stale = QStringLiteral("/opt/conda/envs/ibis/lib/libstdc++.so.6");
    QList<Finding> findings{symbolMissing(QStringLiteral("libtorch_cpu.so"), QStringLiteral("ibis_a"), stale),
                            symbolMissing(QStringLiteral("libc10.so"), QStringLiteral("ibis_b"), stale),
                            symbolMissing(QStringLiteral("libtorch_cpu.so"), QStringLiteral("heron_c"),
                                          QStringLiteral("/opt/heron/libheron.so.2"))};
    foldSymptoms(findings);
    ASSERT_EQ(findings.size(), 2);
    EXPECT_TRUE(findings[0].title.contains(QDir::toNativeSeparators(stale))) << findings[0].title.toStdString();
    EXPECT_EQ(symptomsOf(findings[0]).size(), 2);
    EXPECT_EQ(findings[1].title, QStringLiteral("libtorch_cpu.so needs heron_c"));
    EXPECT_TRUE(symptomsOf(findings[1]).isEmpty());
}

TEST(Symptoms, CxxSymbolsAreDemangledAndOthersKept)
{
    EXPECT_EQ(demangled(QStringLiteral("_ZN3c104impl8GPUTrace9haveStateE")),
              QStringLiteral("c10::impl::GPUTrace::haveState"));
    EXPECT_EQ(demangled(QStringLiteral("cudnnGetVersion")), QStringLiteral("cudnnGetVersion"));
    EXPECT_EQ(demangled(QStringLiteral("_Znot-a-symbol")), QStringLiteral("_Znot-a-symbol"));
}

// A wheel built for another machine: every library problem inside its folder (missing libraries,
// wrong architectures, the failed import) is a symptom of it, and a problem elsewhere is not.
TEST(Symptoms, AWheelForAnotherMachineHoldsEveryProblemInsideItsFolder)
{
    Finding cause = other(QStringLiteral("packages.wheel-mismatch"));
    cause.severity = Severity::Error;
    cause.evidence = {{QStringLiteral("package_dirs"), QJsonArray{QStringLiteral("/v/site-packages/torch"),
                                                                  QStringLiteral("/v/site-packages/torch.libs")}},
                      {QStringLiteral("root_cause"), true}};
    Finding missing = other(QStringLiteral("lib.missing"));
    missing.severity = Severity::Error;
    missing.evidence = {
        {QStringLiteral("needed_by"), QJsonArray{QStringLiteral("/v/site-packages/torch/lib/../../torch.libs/a.so")}},
        {QStringLiteral("paths"), QJsonArray{}}};
    Finding wrongArch = other(QStringLiteral("lib.wrong-arch"));
    wrongArch.evidence = {
        {QStringLiteral("paths"), QJsonArray{QStringLiteral("/v/site-packages/torch/lib/libgomp.so")}}};
    Finding besideIt = other(QStringLiteral("lib.missing")); // torchvision's: not torch's folder
    besideIt.evidence = {
        {QStringLiteral("needed_by"), QJsonArray{QStringLiteral("/v/site-packages/torchvision/_C.so")}}};
    QList<Finding> findings{missing, cause, wrongArch, besideIt, other(QStringLiteral("gpu.none"))};
    foldSymptoms(findings);
    ASSERT_EQ(findings.size(), 3);
    EXPECT_EQ(findings[0].id, QStringLiteral("packages.wheel-mismatch"));
    EXPECT_EQ(symptomsOf(findings[0]).size(), 2);
    EXPECT_EQ(findings[0].severity, Severity::Error);
    EXPECT_EQ(findings[1].id, QStringLiteral("lib.missing"));
    EXPECT_EQ(findings[2].id, QStringLiteral("gpu.none"));
}
