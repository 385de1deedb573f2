// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/EnvPlanner.h"

#include "fixes/VenvPlanner.h"
#include "platform/FileIo.h"
#include "platform/ShellEnv.h"
#include "platform/StartupFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace td::fixes {

namespace {

bool isLibraryPath(const QString &name)
{
    return name == QLatin1String("LD_LIBRARY_PATH") || name == QLatin1String("DYLD_LIBRARY_PATH")
           || name == QLatin1String("DYLD_FALLBACK_LIBRARY_PATH")
           || name == QLatin1String("PATH"); // Windows: the loader's fallback after error 126
}

bool isMps(const QString &name)
{
    return name.startsWith(QLatin1String("PYTORCH_MPS_")) || name == QLatin1String("PYTORCH_ENABLE_MPS_FALLBACK");
}

bool isRemovable(const QString &name)
{
    return name == QLatin1String("KMP_DUPLICATE_LIB_OK") || isMps(name)
           || name.startsWith(QLatin1String("CUDA_PATH_V")); // a stale toolkit's leftover (Windows)
}

QString evidence(const checks::Finding &f, const char *key)
{
    return f.evidence.value(QLatin1String(key)).toString();
}

bool isLocalCopy(const checks::Finding &f)
{
    return f.id == QLatin1String("python.local-copy");
}

} // namespace

EnvPlanner::EnvPlanner(QProcessEnvironment environment, QString python)
    : m_environment(std::move(environment)), m_python(std::move(python))
{
}

bool EnvPlanner::handles(const checks::Finding &finding)
{
    if (!finding.fixes.contains(checks::FixFamily::Env))
        return false;
    if (isLocalCopy(finding))
        return !evidence(finding, "path").isEmpty();
    const QString variable = evidence(finding, "variable");
    // An entry of any search variable (LD_LIBRARY_PATH, PATH, PYTHONPATH, ...) comes out of the line that sets it.
    return !evidence(finding, "entry").isEmpty() || isRemovable(variable)
           || finding.evidence.value(QLatin1String("unset")).toBool(); // the check found the variable at fault
}

EnvPlan EnvPlanner::plan(const QList<checks::Finding> &findings) const
{
    EnvPlan result;
    FixPlan &plan = result.plan;
    plan.family = QStringLiteral("env");
    plan.title = tr("Remove the environment settings that get in PyTorch's way");
    result.searched = platform::StartupFiles(m_environment, m_python).files();

    struct Source {
        QString path;
        QByteArray bytes;
    };
    QList<Source> sources;
    for (const QString &path : std::as_const(result.searched)) {
        QFile file(path);
        if (file.open(QIODevice::ReadOnly))
            sources << Source{path, file.readAll()};
    }

    QStringList done; // variable + entry already planned (findings repeat per library)
    QStringList changedVariables;
    for (const checks::Finding &f : findings) {
        const QString variable = evidence(f, "variable");
        const QString entry = evidence(f, "entry");
        if (!handles(f)) {
            if (!variable.isEmpty())
                plan.warnings
                    << tr("%1: not something this repair changes on this system (%2).").arg(variable, f.title);
            continue;
        }
        const QString key = variable + u'\n' + (entry.isEmpty() ? entry : QDir::cleanPath(entry));
        if (done.contains(key))
            continue;
        if (!evidence(f, "pth_file").isEmpty() || isLocalCopy(f)) // files, not variables: planFiles
            continue;
        done << key;
        plan.why << f.id;

        QString why;
        const QString python = evidence(f, "python"); // an interpreter the setting keeps from starting
        if (evidence(f, "library").isEmpty() && !python.isEmpty())
            why = entry.isEmpty() ? tr("%1 keeps %2 from starting").arg(variable, python)
                                  : tr("%1 entry %2 keeps %3 from starting").arg(variable, entry, python);
        else if (f.evidence.value(QLatin1String("not_loadable")).toBool())
            why = tr("%1 entry %2 cannot be loaded").arg(variable, entry);
        else if (!entry.isEmpty() && !isLibraryPath(variable))
            why = tr("%1 entry %2 puts another %3 first").arg(variable, entry, evidence(f, "library"));
        else if (!entry.isEmpty())
            why = tr("stale %1 entry %2 shadows torch's %3").arg(variable, entry, evidence(f, "library"));
        else if (isMps(variable))
            why = tr("%1 means nothing outside macOS").arg(variable);
        else
            why = tr("%1 hides a duplicate OpenMP runtime instead of removing it").arg(variable);

        EnvChange change{variable, entry, {}};
        for (const Source &source : std::as_const(sources)) {
            const platform::shell::Syntax syntax = platform::shell::syntaxOf(source.path);
            const platform::shell::ScanResult scan =
                entry.isEmpty()
                    ? platform::shell::planVariableRemoval(source.bytes, syntax, variable, why)
                    : platform::shell::planEntryRemoval(source.bytes, syntax, variable, entry, why, m_environment);
            for (const platform::shell::LineEdit &edit : scan.edits) {
                change.steps << static_cast<int>(plan.steps.size());
                plan.steps << FixStep{EditFile{source.path, edit.line, edit.oldText, edit.newText}};
            }
            for (int line : scan.notUnderstood)
                plan.warnings << tr("%1 line %2 sets %3 in a way this repair does not edit: look at it yourself.")
                                     .arg(source.path)
                                     .arg(line)
                                     .arg(variable);
        }
        if (change.steps.isEmpty()) {
            const QString what = entry.isEmpty() ? variable : tr("%1 in %2").arg(entry, variable);
            plan.warnings << tr("%1 is set in this terminal only (no startup file sets it): open a new one or "
                                "`unset %2`.")
                                 .arg(what, variable);
        } else {
            result.changes << change;
            if (!changedVariables.contains(variable))
                changedVariables << variable;
        }
        if (variable == QLatin1String("KMP_DUPLICATE_LIB_OK"))
            plan.warnings << tr("KMP_DUPLICATE_LIB_OK only silences \"OMP: Error #15\": without it the error comes "
                                "back until the second OpenMP runtime is removed. Intel calls the variable unsafe.");
    }
    for (const QString &variable : std::as_const(changedVariables))
        plan.warnings << tr("Terminals already open keep the old %1: open a new one after the fix.").arg(variable);
    return result;
}

void EnvPlanner::planFiles(const QList<checks::Finding> &findings, const QString &python, FixPlan &plan)
{
    const bool filesOnly = plan.steps.isEmpty(); // no variable to change: the title says what is done
    QStringList done;
    for (const checks::Finding &f : findings) {
        if (!handles(f))
            continue;
        if (const QString pth = evidence(f, "pth_file"); !pth.isEmpty()) { // a .pth line, not a variable
            const int line = f.evidence.value(QLatin1String("line")).toInt();
            if (done.contains(pth + u':' + QString::number(line)))
                continue;
            done << pth + u':' + QString::number(line);
            plan.steps << FixStep{EditFile{pth, line, evidence(f, "text").toUtf8(), QByteArray()}};
        } else if (isLocalCopy(f) && python.isEmpty()) {
            plan.warnings << tr("Rename or move %1 yourself: no Python is known to do it.")
                                 .arg(QDir::toNativeSeparators(evidence(f, "path")));
        } else if (isLocalCopy(f)) {
            const QString path = evidence(f, "path");
            const QString aside = platform::freshPath(path + QStringLiteral(".local-copy"));
            plan.steps << FixStep{renameStep(python, path, aside)};
            plan.warnings << tr("%1 is renamed to %2, so that `import %3` finds the installed one; undoing the "
                                "repair gives it its name back.")
                                 .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(aside),
                                      evidence(f, "module"));
        } else {
            continue;
        }
        if (!plan.why.contains(f.id))
            plan.why << f.id;
    }
    if (filesOnly && !plan.steps.isEmpty())
        plan.title = tr("Take out what Python imports instead of the installed copy");
}

QProcessEnvironment EnvPlanner::after(QProcessEnvironment environment, const QList<EnvChange> &changes)
{
    for (const EnvChange &c : changes) {
        if (c.entry.isEmpty()) {
            environment.remove(c.variable);
            continue;
        }
        const QString wanted = QDir::cleanPath(c.entry);
        QStringList kept;
        const QStringList entries = environment.value(c.variable).split(u':');
        for (const QString &e : entries)
            if (QDir::cleanPath(e) != wanted)
                kept << e;
        if (kept.isEmpty() || (kept.size() == 1 && kept[0].isEmpty()))
            environment.remove(c.variable);
        else
            environment.insert(c.variable, kept.join(u':'));
    }
    return environment;
}

} // namespace td::fixes
