// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::checks {

enum class Severity { Error, Warning, Info };

// The repairs of the flowchart that can address a finding.
enum class FixFamily { Docker, Env, Reinstall, System };

// One thing a check found, in plain words, with its evidence. Ids are stable
// and dotted ("lib.missing"); evidence names files by path and libraries by
// file name.
struct Finding {
    QString id;
    Severity severity = Severity::Info;
    QString title;  // one line
    QString detail; // what is wrong, why, and what to do
    QJsonObject evidence;
    QList<FixFamily> fixes;
    QString check; // the check that produced it
};

QString toString(Severity severity);
std::optional<Severity> severityFromString(const QString &text);
QString toString(FixFamily family);
// "env" -> Env, ...; nullopt for anything else.
std::optional<FixFamily> fixFamilyFromString(const QString &name);

// The design's areas, for grouping: "python", "torch", "libraries", "gpu",
// "packages", "environment", "docker" (from the id's first part).
QString areaOf(const QString &findingId);
// The translated title of such an area ("Native libraries"), for the wizard and the reports.
QString areaTitle(const QString &area);

// A finding as JSON: {id, severity, title, detail, evidence, fixes, check}, as
// `check --format json` writes it and a saved flow keeps it; nullopt for
// anything that is not such an object.
QJsonObject findingToJson(const Finding &finding);
std::optional<Finding> findingFromJson(const QJsonValue &value);
QJsonArray findingsToJson(const QList<Finding> &findings);
std::optional<QList<Finding>> findingsFromJson(const QJsonValue &value);

// A finding that causes others (evidence "root_cause": an environment entry behind library
// errors) leads: the root causes first, then the rest, each in their order.
bool isRootCause(const Finding &finding);
// The library a finding says is missing (lib.missing, or a failed import that names one, or whose walk
// found one); empty when none. What the system repair installs a package for.
QString missingLibraryOf(const Finding &finding);
void rootCausesFirst(QList<Finding> &findings);
// `areas` with those that hold a root cause moved to the front.
QStringList areasRootCausesFirst(const QList<Finding> &findings, QStringList areas);

} // namespace td::checks
