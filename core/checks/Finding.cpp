// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/Finding.h"

#include <QCoreApplication>

#include <algorithm>

namespace td::checks {

namespace {

// The area titles, under one translation context.
struct FindingText {
    Q_DECLARE_TR_FUNCTIONS(Finding)
};

} // namespace

QString toString(Severity severity)
{
    switch (severity) {
    case Severity::Error: return QStringLiteral("error");
    case Severity::Warning: return QStringLiteral("warning");
    case Severity::Info: return QStringLiteral("info");
    }
    return {};
}

std::optional<Severity> severityFromString(const QString &text)
{
    for (auto s : {Severity::Error, Severity::Warning, Severity::Info}) {
        if (toString(s) == text)
            return s;
    }
    return std::nullopt;
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

QString missingLibraryOf(const Finding &finding)
{
    const auto text = [&finding](const char *key) { return finding.evidence.value(QLatin1String(key)).toString(); };
    if (finding.id == QLatin1String("lib.missing"))
        return text("library");
    if (finding.id == QLatin1String("torch.import-failed")) {
        if (!text("culprit").isEmpty() && text("culprit_problem") == QLatin1String("missing"))
            return text("culprit");
        return text("library");
    }
    return {};
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

QString areaTitle(const QString &area)
{
    if (area == QLatin1String("python"))
        return FindingText::tr("Python");
    if (area == QLatin1String("torch"))
        return FindingText::tr("PyTorch");
    if (area == QLatin1String("libraries"))
        return FindingText::tr("Native libraries");
    if (area == QLatin1String("gpu"))
        return FindingText::tr("GPU and CUDA");
    if (area == QLatin1String("packages"))
        return FindingText::tr("Packages");
    if (area == QLatin1String("environment"))
        return FindingText::tr("Environment");
    if (area == QLatin1String("docker"))
        return FindingText::tr("Docker");
    if (area == QLatin1String("pasted"))
        return FindingText::tr("The error you pasted");
    if (area == QLatin1String("torchdoctor"))
        return FindingText::tr("TorchDoctor itself");
    return FindingText::tr("Other");
}

QJsonObject findingToJson(const Finding &f)
{
    QJsonArray fixes;
    for (FixFamily family : f.fixes)
        fixes.append(toString(family));
    return QJsonObject{{QStringLiteral("id"), f.id},
                       {QStringLiteral("severity"), toString(f.severity)},
                       {QStringLiteral("title"), f.title},
                       {QStringLiteral("detail"), f.detail},
                       {QStringLiteral("evidence"), f.evidence},
                       {QStringLiteral("fixes"), fixes},
                       {QStringLiteral("check"), f.check}};
}

std::optional<Finding> findingFromJson(const QJsonValue &value)
{
    if (!value.isObject())
        return std::nullopt;
    const QJsonObject o = value.toObject();
    Finding f;
    f.id = o.value(QStringLiteral("id")).toString();
    if (f.id.isEmpty())
        return std::nullopt;
    const auto severity = severityFromString(o.value(QStringLiteral("severity")).toString());
    if (!severity)
        return std::nullopt;
    f.severity = *severity;
    for (const QString &key : {QStringLiteral("title"), QStringLiteral("detail"), QStringLiteral("check")}) {
        const QJsonValue v = o.value(key);
        if (!v.isUndefined() && !v.isString())
            return std::nullopt;
    }
    f.title = o.value(QStringLiteral("title")).toString();
    f.detail = o.value(QStringLiteral("detail")).toString();
    f.check = o.value(QStringLiteral("check")).toString();
    const QJsonValue evidence = o.value(QStringLiteral("evidence"));
    if (!evidence.isUndefined() && !evidence.isObject())
        return std::nullopt;
    f.evidence = evidence.toObject();
    const QJsonValue fixes = o.value(QStringLiteral("fixes"));
    if (!fixes.isUndefined() && !fixes.isArray())
        return std::nullopt;
    for (const QJsonValue &item : fixes.toArray()) {
        const auto family = fixFamilyFromString(item.toString());
        if (!family)
            return std::nullopt;
        f.fixes << *family;
    }
    return f;
}

QJsonArray findingsToJson(const QList<Finding> &findings)
{
    QJsonArray out;
    for (const Finding &f : findings)
        out.append(findingToJson(f));
    return out;
}

std::optional<QList<Finding>> findingsFromJson(const QJsonValue &value)
{
    if (!value.isArray())
        return std::nullopt;
    QList<Finding> out;
    for (const QJsonValue &item : value.toArray()) {
        auto f = findingFromJson(item);
        if (!f)
            return std::nullopt;
        out << std::move(*f);
    }
    return out;
}

} // namespace td::checks
