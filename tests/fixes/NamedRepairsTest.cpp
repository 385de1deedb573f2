// SPDX-License-Identifier: GPL-3.0-or-later
// A repair a finding names is one that repair can plan: on every machine that makes every finding id
// (tests/checks/Machines), each family a finding lists addresses that finding, and says what it would
// do (its steps) or why it cannot now (its warnings). `check` never offers a repair that then says
// "nothing to do".
#include "BuiltinKnowledge.h"
#include "Machines.h"
#include "TestSupport.h"

#include "checks/Symptoms.h"
#include "fixes/Repairs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <set>

namespace td::test {
namespace {

TEST(NamedRepairs, EveryRepairAFindingNamesPlansForThatFinding)
{
    TempDir dir("td-named-repairs");
    writeFile(dir / "os-release", "ID=debian\nVERSION_ID=\"12\"\n"); // the system repair's package manager
    fixes::RepairOptions options;
    options.osReleasePath = QString::fromStdString((dir / "os-release").string());
    const auto knowledge = std::make_shared<knowledge::KnowledgeBase>(builtinKnowledge());
    std::set<std::string> named; // "finding id -> family" pairs seen
    for (const Machine &m : machines()) {
        checks::Diagnosis before;
        before.facts = m.facts;
        before.findings = judge(m.facts);
        checks::foldSymptoms(before.findings); // as the runner leaves them
        const fixes::Repairs repairs(knowledge, m.facts.request, options);
        for (const checks::Finding &f : std::as_const(before.findings)) {
            for (const checks::FixFamily family : f.fixes) {
                const std::string pair = f.id.toStdString() + " -> " + checks::toString(family).toStdString();
                named.insert(pair);
                const fixes::Repair repair = repairs.plan(family, before);
                const bool targeted = std::any_of(repair.targeted.begin(), repair.targeted.end(),
                                                  [&f](const checks::Finding &t) { return t.id == f.id; });
                // (Docker runs the project whatever the findings are: it targets none.)
                EXPECT_TRUE(targeted || family == checks::FixFamily::Docker)
                    << m.name << ": " << pair << ", which plans nothing for it: " << repair.summary.toStdString();
                EXPECT_TRUE(!repair.plan.steps.isEmpty() || !repair.plan.warnings.isEmpty())
                    << m.name << ": " << pair << " has neither steps nor a word on why: "
                    << repair.plan.title.toStdString();
            }
        }
    }
    EXPECT_GT(named.size(), 20U) << "the machines name too few repairs to judge";
}

} // namespace
} // namespace td::test
