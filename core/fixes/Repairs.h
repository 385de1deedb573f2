// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Diagnosis.h"
#include "checks/Finding.h"
#include "fixes/DockerPlanner.h"
#include "fixes/EnvPlanner.h"
#include "fixes/Executor.h"
#include "fixes/FixPlan.h"
#include "fixes/ReinstallPlanner.h"
#include "platform/ProcessRunner.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

#include <memory>

namespace td::knowledge {
class KnowledgeBase;
}

namespace td::fixes {

struct RepairOptions {
    WheelSource wheels; // reinstall: where the wheels come from
    QString cloneUrl;   // docker: a repository to clone when the project has no compose file
    QString osReleasePath = QStringLiteral("/etc/os-release");                 // system: which distribution
    QStringList userEnvironment = platform::UserEnvironment::defaultCommand(); // env on Windows: the registry helper
};

// One repair of the flowchart, planned from a diagnosis.
struct Repair {
    checks::FixFamily family = checks::FixFamily::Env;
    // The findings it addresses. Empty: nothing for it to do, except for
    // Docker, which runs the project whether or not a finding asks for it.
    QList<checks::Finding> targeted;
    FixPlan plan;       // no steps: it cannot apply, plan.warnings say why
    QString summary;    // one sentence: what it does, or why there is nothing to do
    QString afterwards; // what the person does after it worked ("Open a new terminal")
    QString preflight;  // what preflight() asks, in one sentence; empty: nothing to ask

    // What the facade needs again after planning.
    QList<EnvChange> envChanges;
    ReinstallPlan reinstall;
    DockerPlan docker;

    // Whether there is anything to show: findings it addresses, or steps.
    [[nodiscard]] bool applies() const { return !targeted.isEmpty() || !plan.steps.isEmpty(); }
    // Whether there is anything to run.
    [[nodiscard]] bool canApply() const { return !plan.steps.isEmpty(); }
};

// What a second diagnosis says about the first one's findings.
struct Verification {
    bool fixed = false;           // every targeted finding is gone
    QList<checks::Finding> gone;  // of the targeted and error findings before
    QList<checks::Finding> still; // ... that are still there
};

// The one place where a diagnosis becomes a repair: which findings each
// family addresses, its exact plan, the question asked before it runs, the
// request its verification runs with, and what the verification means. The
// CLI and the wizard both use it; running a plan is the Executor's job.
class Repairs {
    Q_DECLARE_TR_FUNCTIONS(Repairs)

public:
    Repairs(std::shared_ptr<const knowledge::KnowledgeBase> knowledge, checks::CheckRequest request,
            RepairOptions options = {});

    // The families this build can plan, in the flowchart's order.
    static QList<checks::FixFamily> families();
    // "env" -> Env, ...; nullopt for anything else.
    static std::optional<checks::FixFamily> familyFromString(const QString &name);

    [[nodiscard]] Repair plan(checks::FixFamily family, const checks::Diagnosis &before) const;

    // Asks, changing nothing, whether the plan can work now (the index or the
    // wheelhouse has the wheel; the Docker daemon answers). An Error (what failed, and what to do)
    // when it cannot.
    platform::Result<void> preflight(const Repair &repair,
                                     const platform::CancelToken &cancel = platform::CancelToken()) const;

    // The request the verification runs with (env: as a new terminal will have it).
    [[nodiscard]] checks::CheckRequest verifyRequest(const Repair &repair) const;

    static Verification compare(const checks::Diagnosis &before, const checks::Diagnosis &after, const Repair &repair);

    // Docker: whether every service of the compose file runs now (`docker
    // compose ps`). `detail` says which do not, or why it cannot tell.
    bool servicesRunning(const Repair &repair, QString &detail,
                         const platform::CancelToken &cancel = platform::CancelToken()) const;

    // Gives the executor what the plan's steps need (Windows: the registry
    // helper for set-user-variable steps).
    void prepare(ExecutorCallbacks &callbacks) const;

    [[nodiscard]] const checks::CheckRequest &request() const { return m_request; }

private:
    std::shared_ptr<const knowledge::KnowledgeBase> m_knowledge;
    checks::CheckRequest m_request;
    RepairOptions m_options;
};

} // namespace td::fixes
