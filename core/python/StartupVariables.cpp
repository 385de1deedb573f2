// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/StartupVariables.h"

#include "python/TorchProbe.h"

#include <QDir>
#include <QRegularExpression>

namespace td::python {

namespace {

constexpr int kMaxEntriesTried = 8; // a start each: the entries a person writes, not a generated list

bool isList(const QString &variable)
{
    return variable != QLatin1String("PYTHONHOME") && variable != QLatin1String("PYTHONPLATLIBDIR")
           && variable != QLatin1String("PYTHONUSERBASE");
}

QString joined(const QString &variable, const QStringList &entries)
{
    return entries.join(variable == QLatin1String("LD_PRELOAD") ? QChar(u' ') : QDir::listSeparator());
}

bool startsIn(const QString &executable, std::chrono::milliseconds timeout, const platform::CancelToken &cancel,
              const QProcessEnvironment &environment)
{
    return probeStatic(executable, timeout, cancel, environment).interpreter.usable;
}

} // namespace

QStringList startupVariables()
{
    return {QStringLiteral("PYTHONHOME"),        QStringLiteral("PYTHONPATH"),
            QStringLiteral("PYTHONPLATLIBDIR"),  QStringLiteral("PYTHONUSERBASE"),
            QStringLiteral("LD_PRELOAD"),        QStringLiteral("LD_LIBRARY_PATH"),
            QStringLiteral("DYLD_INSERT_LIBRARIES"), QStringLiteral("DYLD_LIBRARY_PATH"),
            QStringLiteral("DYLD_FALLBACK_LIBRARY_PATH")};
}

QStringList entriesOf(const QString &variable, const QString &value)
{
    if (!isList(variable))
        return {value};
    if (variable == QLatin1String("LD_PRELOAD")) // ld.so(8): separated by spaces or colons
        return value.split(QRegularExpression(QStringLiteral("[ :]")), Qt::SkipEmptyParts);
    return value.split(QDir::listSeparator(), Qt::SkipEmptyParts);
}

std::optional<StartBlocker> whatStopsStart(const QString &executable, std::chrono::milliseconds timeout,
                                           const platform::CancelToken &cancel, const QProcessEnvironment &environment)
{
    for (const QString &variable : startupVariables()) {
        if (!environment.contains(variable) || cancel.isCancelled())
            continue;
        QProcessEnvironment without = environment;
        without.remove(variable);
        if (!startsIn(executable, timeout, cancel, without))
            continue;
        StartBlocker blocker{variable, {}, environment.value(variable)};
        const QStringList entries = entriesOf(variable, blocker.value);
        for (qsizetype i = 0; isList(variable) && i < std::min<qsizetype>(entries.size(), kMaxEntriesTried); ++i) {
            QStringList rest = entries;
            rest.removeAt(i);
            QProcessEnvironment fewer = environment;
            fewer.insert(variable, joined(variable, rest));
            if (startsIn(executable, timeout, cancel, fewer)) {
                blocker.entry = entries[i];
                break;
            }
        }
        return blocker;
    }
    return std::nullopt;
}

} // namespace td::python
