// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/VariableOrigin.h"

#include "platform/NativeText.h"
#include "platform/StartupFiles.h"
#include "platform/TerminalEnvironment.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonObject>

#include <algorithm>
#include <memory>

namespace td::checks {

namespace {

QString platformOf(const Facts &facts)
{
    const python::StaticProbe *probe = facts.chosenProbe();
    return probe ? probe->interpreter.platform : QString();
}

// A PATH entry as Windows compares it: without quotes, case or trailing separators.
QString windowsFolderKey(QString entry)
{
    entry = entry.trimmed();
    if (entry.size() >= 2 && entry.startsWith(u'"') && entry.endsWith(u'"'))
        entry = entry.mid(1, entry.size() - 2);
    entry.replace(u'\\', u'/');
    while (entry.size() > 1 && entry.endsWith(u'/'))
        entry.chop(1);
    return entry.toCaseFolded();
}

} // namespace

std::optional<SearchEntry> searchEntryHolding(const Facts &facts, const QString &file)
{
    return searchEntryHolding(facts.request.environment, platformOf(facts), file);
}

std::optional<SearchEntry> searchEntryHolding(const QProcessEnvironment &environment, const QString &platform,
                                              const QString &file)
{
    const bool windows = platform == QLatin1String("win32");
    const QString variable = windows                               ? QStringLiteral("PATH")
                             : platform == QLatin1String("darwin") ? QStringLiteral("DYLD_LIBRARY_PATH")
                                                                   : QStringLiteral("LD_LIBRARY_PATH");
    const QString value = environment.value(variable);
    if (value.isEmpty())
        return std::nullopt;
    const Qt::CaseSensitivity cs = windows ? Qt::CaseInsensitive : Qt::CaseSensitive;
    QString folder = QDir::cleanPath(QFileInfo(file).absolutePath());
    // ld.so tries glibc-hwcaps/<level> under each entry first.
    if (QFileInfo(QFileInfo(folder).absolutePath()).fileName() == QLatin1String("glibc-hwcaps"))
        folder = QDir::cleanPath(folder + QStringLiteral("/../.."));
    const QStringList entries = value.split(windows ? u';' : u':');
    for (const QString &entry : entries) {
        if (entry.isEmpty())
            continue;
        if (QDir::cleanPath(QDir::fromNativeSeparators(entry)).compare(QDir::fromNativeSeparators(folder), cs) == 0)
            return SearchEntry{variable, entry};
    }
    return std::nullopt;
}

std::optional<SearchEntry> environmentEntryOf(const loader::Graph &graph, const std::string &path,
                                              const QProcessEnvironment &environment, const QString &platform)
{
    for (const loader::Library &lib : graph.libraries)
        if (lib.found && lib.path == path && loader::isEnvironmentRule(lib.via) && lib.via != loader::Via::Preload)
            return SearchEntry{QString::fromStdString(loader::searchRuleName(lib.via)),
                               platform::fromNativeBytes(lib.viaEntry)};
    return searchEntryHolding(environment, platform, platform::fromNativeBytes(path));
}

std::optional<SearchEntry> environmentEntryOf(const loader::Graph &graph, const std::string &path, const Facts &facts)
{
    return environmentEntryOf(graph, path, facts.request.environment, platformOf(facts));
}

VariableOrigin VariableOrigin::of(const Facts &facts, const QString &variable, const QString &entry)
{
    if (platformOf(facts) == QLatin1String("win32")) {
        platform::UserRegistryReader read = facts.request.userRegistry;
        if (!read) {
#ifdef Q_OS_WIN
            const auto live = std::make_shared<const platform::UserEnvironment>();
            read = [live](const QString &name) { return live->get(name); };
#else
            return {}; // a Windows install seen from elsewhere: no registry to read
#endif
        }
        return inRegistry(read, facts.request.environment, variable, entry);
    }
    const python::StaticProbe *probe = facts.chosenProbe();
    return of(facts.request.environment, probe ? probe->interpreter.executable : QString(), variable, entry);
}

VariableOrigin VariableOrigin::of(const QProcessEnvironment &environment, const QString &python,
                                  const QString &variable, const QString &entry)
{
    VariableOrigin out;
    QStringList places;
    for (const platform::SettingLine &s : platform::StartupFiles(environment, python).whereSet(variable, entry)) {
        out.setIn.append(QJsonObject{{QStringLiteral("file"), s.file}, {QStringLiteral("line"), s.line}});
        places << tr("%1 line %2").arg(s.file).arg(s.line);
    }
    if (places.isEmpty())
        out.text = tr("No startup file sets %1 in %2: it is set only in this process (or by the program that "
                      "started it).")
                       .arg(entry, variable);
    else
        out.text = tr("%1 gets %2 from %3.").arg(variable, entry, places.join(QStringLiteral(", ")));
    return out;
}

VariableOrigin VariableOrigin::inRegistry(const platform::UserRegistryReader &readValue,
                                          const QProcessEnvironment &environment, const QString &variable,
                                          const QString &entry)
{
    VariableOrigin out;
    const QString key = QStringLiteral("HKCU\\Environment\\") + variable;
    const auto stored = readValue(variable);
    if (!stored) {
        out.text = tr("Where %1 gets %2 could not be read from the registry (%3): %4")
                       .arg(variable, entry, key, stored.error());
        return out;
    }
    const std::optional<platform::RegistryValue> &value = *stored;
    const QString wanted = windowsFolderKey(entry);
    const bool holds = value && [&] {
        const QString text = value->type == QLatin1String("REG_EXPAND_SZ")
                                 ? platform::expandWindowsVariables(value->text(), environment)
                                 : value->text();
        const QStringList entries = text.split(u';', Qt::SkipEmptyParts);
        return std::any_of(entries.begin(), entries.end(),
                           [&](const QString &e) { return windowsFolderKey(e) == wanted; });
    }();
    if (!holds) {
        out.text = tr("%1 in your user environment (%2) does not hold %3: it comes from the system-wide environment "
                      "(HKLM) or only from the program that started this one.")
                       .arg(variable, key, entry);
        return out;
    }
    out.setIn.append(QJsonObject{{QStringLiteral("registry"), key}, {QStringLiteral("type"), value->type}});
    out.text = tr("%1 gets %2 from the registry value %3 (%4), which every program started afterwards inherits.")
                   .arg(variable, entry, key, value->type);
    return out;
}

} // namespace td::checks
