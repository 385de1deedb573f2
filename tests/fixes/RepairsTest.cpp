// SPDX-License-Identifier: GPL-3.0-or-later
// The facade between a diagnosis and a repair: which findings a family
// takes on, and what a second diagnosis means for them.
#include "fixes/Repairs.h"

#include <gtest/gtest.h>

using namespace td;
using namespace td::fixes;

namespace {

checks::Finding finding(const QString &id, checks::Severity severity, QJsonObject evidence = {})
{
    checks::Finding f;
    f.id = id;
    f.severity = severity;
    f.title = id;
    f.evidence = std::move(evidence);
    return f;
}

checks::Diagnosis reportOf(QList<checks::Finding> findings)
{
    checks::Diagnosis r;
    r.findings = std::move(findings);
    return r;
}

} // namespace

TEST(Repairs, FamiliesByName)
{
    EXPECT_EQ(Repairs::familyFromString(QStringLiteral("env")), checks::FixFamily::Env);
    EXPECT_EQ(Repairs::familyFromString(QStringLiteral("reinstall")), checks::FixFamily::Reinstall);
    EXPECT_EQ(Repairs::familyFromString(QStringLiteral("docker")), checks::FixFamily::Docker);
    EXPECT_EQ(Repairs::familyFromString(QStringLiteral("system")), checks::FixFamily::System);
    EXPECT_FALSE(Repairs::familyFromString(QStringLiteral("Env")).has_value());
    EXPECT_FALSE(Repairs::familyFromString(QString()).has_value());
    EXPECT_FALSE(Repairs::families().isEmpty());
}

TEST(Repairs, VerificationTellsGoneFromStillThere)
{
    const auto shadow = [](const QString &entry) {
        return finding(
            QStringLiteral("env.suspicious"), checks::Severity::Warning,
            {{QStringLiteral("variable"), QStringLiteral("LD_LIBRARY_PATH")}, {QStringLiteral("entry"), entry}});
    };
    const auto missing = [](const QString &library) {
        return finding(QStringLiteral("lib.missing"), checks::Severity::Error, {{QStringLiteral("library"), library}});
    };
    const checks::Finding info = finding(QStringLiteral("gpu.info"), checks::Severity::Info);
    Repair repair;
    repair.targeted = {shadow(QStringLiteral("/a")), shadow(QStringLiteral("/b"))};
    const auto before = reportOf({shadow(QStringLiteral("/a")), shadow(QStringLiteral("/b")),
                                  missing(QStringLiteral("libx.so")), missing(QStringLiteral("liby.so")), info});

    // Both targeted entries gone, one of the two missing libraries too.
    Verification v = Repairs::compare(before, reportOf({missing(QStringLiteral("liby.so")), info}), repair);
    EXPECT_TRUE(v.fixed);
    ASSERT_EQ(v.gone.size(), 3);
    ASSERT_EQ(v.still.size(), 1);
    EXPECT_EQ(v.still.first().evidence.value(QStringLiteral("library")).toString(), QStringLiteral("liby.so"));

    // One targeted entry stays: not fixed, whatever else went.
    v = Repairs::compare(before, reportOf({shadow(QStringLiteral("/b"))}), repair);
    EXPECT_FALSE(v.fixed);
    EXPECT_EQ(v.still.size(), 1);
    EXPECT_EQ(v.gone.size(), 3);

    // An error before that is only a warning after (a new terminal's environment still differs, but torch
    // imports there now): not a problem still there, and not gone either.
    checks::Finding differs = finding(QStringLiteral("env.terminal-differs"), checks::Severity::Error);
    const auto withDiffering = reportOf({shadow(QStringLiteral("/a")), shadow(QStringLiteral("/b")), differs});
    differs.severity = checks::Severity::Warning;
    v = Repairs::compare(withDiffering, reportOf({differs}), repair);
    EXPECT_TRUE(v.fixed);
    EXPECT_EQ(v.still.size(), 0);
    EXPECT_EQ(v.gone.size(), 2);

    // Nothing targeted: nothing can be called fixed.
    EXPECT_FALSE(Repairs::compare(before, reportOf({}), Repair{}).fixed);
}
