// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/SwitchPlanner.h"

#include "fixes/VenvPlanner.h"
#include "platform/FileIo.h"
#include "python/DefaultInterpreter.h"

#include <QFileInfo>

#include <algorithm>

namespace td::fixes {

bool SwitchPlanner::plan(ReinstallPlan &out, const checks::Facts &facts, const QList<checks::Finding> &findings)
{
    const python::StaticProbe *probe = facts.chosenProbe();
    const bool onlySwitch = !findings.isEmpty() && std::all_of(findings.begin(), findings.end(), [](const auto &f) {
        return f.id == QLatin1String("python.usual-lacks-torch");
    });
    if (!onlySwitch || !probe || !facts.usualInterpreter)
        return false;
    const python::Interpreter &named = probe->interpreter;
    const python::SwitchRoute route = python::switchRoute(named, facts.usualInterpreter->interpreter,
                                                          facts.request.projectDir, facts.request.environment);
    FixPlan &plan = out.plan;
    out.switchesInterpreter = true;
    switch (route.kind) {
    case python::SwitchRoute::Kind::None:
        plan.title = tr("Run %1 instead").arg(named.executable);
        plan.warnings << tr("Nothing here can be changed to make the project or a terminal run %1: run your "
                            "programs with it by its path.")
                             .arg(named.executable);
        return true;
    case python::SwitchRoute::Kind::PyenvVersion:
        plan.title = tr("Make pyenv's %1 run %2").arg(QFileInfo(route.newPython).fileName(), named.executable);
        plan.steps << FixStep{WriteFile{route.file, route.version.toUtf8() + '\n'}};
        out.undo = tr("Undoing this repair puts %1 back as it was.").arg(route.file);
        out.afterwards = tr("Open a new terminal: `%1` runs %2 there.")
                             .arg(QFileInfo(route.newPython).fileName(), named.executable);
        break;
    case python::SwitchRoute::Kind::ProjectVenv: {
        plan.title = tr("Make the project's venv %1 on %2").arg(route.venv, named.executable);
        if (route.venvExists) {
            const QString aside = platform::freshPath(route.venv + QStringLiteral(".without-torch"));
            plan.steps << FixStep{renameStep(named.executable, route.venv, aside)};
            out.undo = tr("Undoing this repair removes the new venv and puts the old one back from %1.").arg(aside);
        } else {
            out.undo = tr("Undoing this repair removes the venv %1.").arg(route.venv);
        }
        RunProgram make = runProgram(named.executable, {QStringLiteral("-m"), QStringLiteral("venv"),
                                                        QStringLiteral("--system-site-packages"), route.venv});
        undoByRemoving(make, named.executable, route.venv);
        plan.steps << FixStep{make};
        out.afterwards = tr("Run your programs with %1 from now on (in a terminal, activate the venv first).")
                             .arg(route.newPython);
        break;
    }
    }
    out.newPython = route.newPython;
    plan.warnings << tr("Nothing is installed: torch %1 of %2 is used as it is.")
                         .arg(probe->torch.version, named.executable)
                  << out.undo;
    return true;
}

} // namespace td::fixes
