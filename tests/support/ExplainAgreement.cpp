// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExplainAgreement.h"

#include "checks/ErrorOnThisMachine.h"
#include "checks/Finding.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace td::test {

namespace {

QJsonObject parse(const std::string &json)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

// A finding of `check --format json` as the checks made it (what the lead rule reads).
checks::Finding findingOf(const QJsonObject &json)
{
    checks::Finding f;
    f.id = json.value(QStringLiteral("id")).toString();
    f.title = json.value(QStringLiteral("title")).toString();
    for (const auto severity : {checks::Severity::Error, checks::Severity::Warning, checks::Severity::Info})
        if (json.value(QStringLiteral("severity")).toString() == checks::toString(severity))
            f.severity = severity;
    f.evidence = json.value(QStringLiteral("evidence")).toObject();
    for (const auto &family : json.value(QStringLiteral("fixes")).toArray())
        if (const auto known = checks::fixFamilyFromString(family.toString()))
            f.fixes << *known;
    return f;
}

} // namespace

std::optional<checks::Finding> leadOfCheck(const std::string &checkJson)
{
    QList<checks::Finding> findings;
    for (const QJsonValue &v : parse(checkJson).value(QStringLiteral("findings")).toArray())
        findings << findingOf(v.toObject());
    const checks::Finding *lead = checks::leadFinding(findings);
    return lead ? std::optional(*lead) : std::nullopt;
}

std::string explainDisagrees(const std::string &explainJson, const std::string &explainText,
                             const std::string &checkJson)
{
    const QString text = QString::fromStdString(explainText);
    const QString usually = // what the knowledge base says such a message usually means
        parse(explainJson).value(QStringLiteral("cause")).toObject().value(QStringLiteral("text")).toString();
    const QJsonObject explained = parse(explainJson);
    const std::optional<checks::Finding> lead = leadOfCheck(checkJson);
    const QJsonObject diagnosis = explained.value(QStringLiteral("diagnosis")).toObject();
    const QString repair =
        lead && !lead->fixes.isEmpty() ? QStringLiteral("torchdoctor fix ") + checks::toString(lead->fixes.first())
                                       : QString();
    const QJsonArray fixes = explained.value(QStringLiteral("fixes")).toArray();
    QString differs;
    if (!lead)
        differs = QStringLiteral("check has no lead finding");
    else if (diagnosis.value(QStringLiteral("finding")).toString() != lead->id)
        differs = QStringLiteral("explain leads with another finding than check's ") + lead->id;
    else if (diagnosis.value(QStringLiteral("title")).toString() != lead->title
             || explained.value(QStringLiteral("title")).toString() != lead->title)
        differs = QStringLiteral("explain's title is not check's: ") + lead->title;
    else if (diagnosis.value(QStringLiteral("file")).toString() != checks::fileOfFinding(lead->evidence))
        differs = QStringLiteral("explain names another file than check's ") + checks::fileOfFinding(lead->evidence);
    else if (diagnosis.value(QStringLiteral("repair")).toString() != repair
             || fixes.isEmpty() || fixes.first().toObject().value(QStringLiteral("repair")).toString() != repair)
        differs = QStringLiteral("explain's first repair is not check's ") + repair;
    else if (!explained.value(QStringLiteral("found_here")).toBool())
        differs = QStringLiteral("explain does not say the cause was found on this machine");
    else if (!text.contains(lead->title))
        differs = QStringLiteral("explain's text does not tell check's lead: ") + lead->title;
    else if (!usually.isEmpty() && text.contains(usually))
        differs = QStringLiteral("explain's text tells what such a message usually means next to the cause found");
    if (differs.isEmpty())
        return {};
    return differs.toStdString() + "\n--- explain:\n" + explainText + "\n--- explain --json:\n" + explainJson
           + "\n--- check:\n" + checkJson;
}

} // namespace td::test
