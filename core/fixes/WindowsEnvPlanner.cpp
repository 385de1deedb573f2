// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/WindowsEnvPlanner.h"

namespace td::fixes {

WindowsEnvPlanner::WindowsEnvPlanner(const platform::UserEnvironment &environment) : m_environment(environment) {}

EnvPlan WindowsEnvPlanner::plan(const QList<checks::Finding> &findings) const
{
    EnvPlan out;
    FixPlan &plan = out.plan;
    plan.family = QStringLiteral("env");
    plan.title = tr("Remove the environment settings that get in PyTorch's way");
    out.searched << QStringLiteral("HKCU\\Environment");
    const bool duplicateOpenMp = std::any_of(findings.begin(), findings.end(), [](const checks::Finding &f) {
        return f.id == QLatin1String("openmp.duplicate");
    });
    // The value each variable has after the steps planned so far.
    QMap<QString, std::optional<QString>> planned;
    for (const checks::Finding &f : findings) {
        if (!EnvPlanner::handles(f))
            continue;
        const QString name = f.evidence.value(QStringLiteral("variable")).toString();
        const QString entry = f.evidence.value(QStringLiteral("entry")).toString();
        if (name.isEmpty())
            continue;
        if (!plan.why.contains(f.id))
            plan.why << f.id;
        std::optional<QString> current;
        if (planned.contains(name)) {
            current = planned.value(name);
        } else {
            const auto value = m_environment.get(name);
            if (!value) {
                plan.warnings << tr("%1 cannot be read from the user environment: %2").arg(name, value.error());
                continue;
            }
            if (*value)
                current = (*value)->text();
        }
        if (!current) {
            plan.warnings << tr("%1 is not set in your user environment: it comes from the system-wide environment "
                                "(or the program that started this one). Remove it in System Properties > "
                                "Environment Variables > System variables, as an administrator.")
                                 .arg(name);
            continue;
        }
        std::optional<QString> next;
        if (!entry.isEmpty()) {
            const auto without = m_environment.withoutEntry(*current, entry);
            if (!without) { // the helper failed: that says nothing of where the entry is
                plan.warnings << tr("%1 cannot be changed in the user environment: %2").arg(name, without.error());
                continue;
            }
            next = *without;
            if (!next) {
                plan.warnings << tr("%1 in your user %2 does not hold %3: the entry comes from the system-wide %2. "
                                    "Remove it in System Properties > Environment Variables > System variables, as "
                                    "an administrator.")
                                     .arg(name, name, entry);
                continue;
            }
        } else if (name == QLatin1String("KMP_DUPLICATE_LIB_OK") && duplicateOpenMp) {
            plan.warnings << tr("KMP_DUPLICATE_LIB_OK stays until the second OpenMP runtime is gone (the reinstall "
                                "repair): without it torch would stop at \"OMP: Error #15\".");
            continue;
        }
        plan.steps << FixStep{SetUserVariable{name, current, next, std::nullopt}};
        out.changes << EnvChange{name, entry, {static_cast<int>(plan.steps.size() - 1)}};
        planned.insert(name, next);
    }
    if (!plan.steps.isEmpty())
        plan.warnings << tr("Programs already running keep the old environment: open a new terminal (or restart the "
                            "program) after the fix.");
    return out;
}

} // namespace td::fixes
