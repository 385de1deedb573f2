// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/FixPlan.h"

#include <QDir>

#include <algorithm>

namespace td::fixes {

namespace {

QString shown(const QByteArray &line)
{
    return QString::fromUtf8(line);
}

// Paths under the home folder as ~/..., as a person reads them.
QString displayPath(const QString &path)
{
    const QString home = QDir::homePath();
    if (!home.isEmpty() && home != QLatin1String("/") && path.startsWith(home + u'/'))
        return QStringLiteral("~") + path.mid(home.size());
    return path;
}

} // namespace

RunProgram runProgram(QString program, QStringList arguments, bool needsAdmin, std::chrono::milliseconds timeout)
{
    RunProgram p;
    p.program = std::move(program);
    p.arguments = std::move(arguments);
    p.needsAdmin = needsAdmin;
    p.timeout = timeout;
    return p;
}

QString displayCommand(const QString &program, const QStringList &arguments)
{
    QStringList words{program};
    words += arguments;
    for (QString &w : words) {
        // A script given with -c is kept whole in the journal; shown, it is its size.
        if (w.contains(u'\n')) {
            w = QStringLiteral("<Python, %1 lines>").arg(w.count(u'\n') + 1);
            continue;
        }
        const bool plain = !w.isEmpty() && std::all_of(w.cbegin(), w.cend(), [](QChar c) {
            return c.isLetterOrNumber() || QStringLiteral("-_./=:,+@%").contains(c);
        });
        if (!plain)
            w = u'\'' + QString(w).replace(QStringLiteral("'"), QStringLiteral("'\\''")) + u'\'';
    }
    return words.join(u' ');
}

QString FixStep::description() const
{
    return std::visit(
        [](const auto &a) -> QString {
            using T = std::decay_t<decltype(a)>;
            if constexpr (std::is_same_v<T, RunProgram>) {
                return tr("Run: %1").arg(displayCommand(a.program, a.arguments));
            } else if constexpr (std::is_same_v<T, EditFile>) {
                if (a.newText.isEmpty())
                    return tr("Edit %1 line %2: remove `%3`")
                        .arg(displayPath(a.path))
                        .arg(a.line)
                        .arg(shown(a.oldText));
                return tr("Edit %1 line %2: `%3` -> `%4`")
                    .arg(displayPath(a.path))
                    .arg(a.line)
                    .arg(shown(a.oldText), shown(a.newText));
            } else if constexpr (std::is_same_v<T, WriteFile>) {
                if (a.remove)
                    return tr("Remove the file %1").arg(displayPath(a.path));
                return tr("Write %1 (%n bytes)", nullptr, static_cast<int>(a.bytes.size())).arg(displayPath(a.path));
            } else {
                if (a.restore && a.newValue)
                    return tr("Set user variable %1 back to \"%2\" (%3, byte for byte)")
                        .arg(a.name, *a.newValue, a.restore->type);
                const QString from = a.oldValue ? QStringLiteral("\"%1\"").arg(*a.oldValue) : tr("(not set)");
                const QString to = a.newValue ? QStringLiteral("\"%1\"").arg(*a.newValue) : tr("(deleted)");
                return tr("Set user variable %1 from %2 to %3").arg(a.name, from, to);
            }
        },
        action);
}

bool FixStep::needsAdmin() const
{
    const auto *run = std::get_if<RunProgram>(&action);
    return run && run->needsAdmin;
}

QString FixStep::kind() const
{
    switch (action.index()) {
    case 0: return QStringLiteral("run-program");
    case 1: return QStringLiteral("edit-file");
    case 2: return QStringLiteral("write-file");
    default: return QStringLiteral("set-user-variable");
    }
}

QString FixPlan::describe() const
{
    QString text = title + u'\n';
    if (!why.isEmpty()) {
        QStringList ids = why;
        ids.removeDuplicates();
        text += tr("Addresses: %1").arg(ids.join(QStringLiteral(", "))) + u'\n';
    }
    if (steps.isEmpty())
        text += tr("No steps: nothing would be changed.") + u'\n';
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const FixStep &s = steps[i];
        text += QStringLiteral("  %1. %2%3\n")
                    .arg(i + 1)
                    .arg(s.needsAdmin() ? tr("[administrator] ") : QString(), s.description());
    }
    for (const QString &w : warnings)
        text += tr("  Note: %1").arg(w) + u'\n';
    return text;
}

bool FixPlan::needsAdmin() const
{
    return std::any_of(steps.cbegin(), steps.cend(), [](const FixStep &s) { return s.needsAdmin(); });
}

} // namespace td::fixes
