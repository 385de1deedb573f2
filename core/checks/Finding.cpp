// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/Finding.h"

#include <algorithm>

namespace td::checks {

QString toString(Severity severity)
{
    switch (severity) {
    case Severity::Error: return QStringLiteral("error");
    case Severity::Warning: return QStringLiteral("warning");
    case Severity::Info: return QStringLiteral("info");
    }
    return {};
}

QString toString(FixFamily family)
{
    switch (family) {
    case FixFamily::Docker: return QStringLiteral("docker");
    case FixFamily::Env: return QStringLiteral("env");
    case FixFamily::Reinstall: return QStringLiteral("reinstall");
    case FixFamily::System: return QStringLiteral("system");
    }
    return {};
}

std::optional<FixFamily> fixFamilyFromString(const QString &name)
{
    for (const FixFamily f : {FixFamily::Docker, FixFamily::Env, FixFamily::Reinstall, FixFamily::System})
        if (toString(f) == name)
            return f;
    return std::nullopt;
}

QString areaOf(const QString &findingId)
{
    const QString head = findingId.section(QLatin1Char('.'), 0, 0);
    if (head == QLatin1String("lib") || head == QLatin1String("vcruntime") || head == QLatin1String("openmp"))
        return QStringLiteral("libraries");
    if (head == QLatin1String("cuda"))
        return QStringLiteral("gpu");
    if (head == QLatin1String("env") || head == QLatin1String("path"))
        return QStringLiteral("environment");
    if (head == QLatin1String("check"))
        return QStringLiteral("torchdoctor");
    return head; // python, torch, packages, docker
}

bool isRootCause(const Finding &finding)
{
    return finding.evidence.value(QLatin1String("root_cause")).toBool();
}

void rootCausesFirst(QList<Finding> &findings)
{
    std::stable_partition(findings.begin(), findings.end(), isRootCause);
}

QStringList areasRootCausesFirst(const QList<Finding> &findings, QStringList areas)
{
    QStringList leading;
    for (const Finding &f : findings)
        if (isRootCause(f) && !leading.contains(areaOf(f.id)))
            leading << areaOf(f.id);
    for (const QString &area : std::as_const(leading))
        areas.removeAll(area);
    return leading + areas;
}

} // namespace td::checks
