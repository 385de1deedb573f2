// SPDX-License-Identifier: GPL-3.0-or-later
// Small helpers the checks share.
#pragma once

#include "checks/Finding.h"
#include "knowledge/KnowledgeBase.h"
#include "python/Interpreter.h"

#include <QCoreApplication>
#include <QDir>
#include <QLocale>

#include <QJsonArray>
#include <QString>
#include <QStringList>

namespace td::checks {

inline Finding makeFinding(const QString &id, Severity severity, const QString &title, const QString &detail,
                           QJsonObject evidence = {}, QList<FixFamily> fixes = {})
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.title = title;
    f.detail = detail;
    f.evidence = std::move(evidence);
    f.fixes = std::move(fixes);
    return f;
}

// " (`cmd one`; `cmd two`)" after a repair's text, empty without commands: as code, not prose.
inline QString commandsSuffix(const QStringList &commands)
{
    return commands.isEmpty() ? QString() : QStringLiteral(" (`%1`)").arg(commands.join(QStringLiteral("`; `")));
}

inline QJsonArray toJsonArray(const QStringList &items)
{
    QJsonArray out;
    for (const QString &s : items)
        out.append(s);
    return out;
}

// "Python 3.11.2 (64-bit) at /usr/bin/python3"
inline QString describeInterpreter(const python::Interpreter &in)
{
    return in.bits ? QCoreApplication::translate("CheckSupport", "Python %1 (%2-bit) at %3")
                         .arg(in.version.toString())
                         .arg(in.bits)
                         .arg(in.executable)
                   : QCoreApplication::translate("CheckSupport", "Python %1 at %2")
                         .arg(in.version.toString(), in.executable);
}

// The file name at the end of a path with either separator (Windows paths
// are analysed on any host).
inline QString fileNameOf(const QString &path)
{
    const qsizetype cut = std::max(path.lastIndexOf(u'/'), path.lastIndexOf(u'\\'));
    return cut < 0 ? path : path.mid(cut + 1);
}

// Whether `path` lies below `folder`, as written (no links followed).
inline bool insideFolder(const QString &path, const QString &folder)
{
    return !path.isEmpty() && !folder.isEmpty()
           && QDir::cleanPath(path).startsWith(QDir::cleanPath(folder) + u'/');
}

// A knowledge-base text in the language of the user's locale.
inline QString localized(const knowledge::Text &text)
{
    return text.get(QLocale().name());
}

// "env" -> FixFamily::Env; unknown names are dropped.
inline QList<FixFamily> fixFamiliesOf(const QStringList &names)
{
    QList<FixFamily> out;
    for (const QString &n : names)
        if (const auto family = fixFamilyFromString(n))
            out << *family;
    return out;
}

// The knowledge base's OS for an interpreter's sys.platform.
inline knowledge::Os osOfPlatform(const QString &platform)
{
    if (platform == QLatin1String("win32"))
        return knowledge::Os::Windows;
    if (platform == QLatin1String("darwin"))
        return knowledge::Os::MacOS;
    return knowledge::Os::Linux;
}

} // namespace td::checks
