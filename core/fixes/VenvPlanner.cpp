// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/VenvPlanner.h"

#include "platform/FileIo.h"

#include <QJsonArray>

#include <algorithm>

namespace td::fixes {

namespace {

const QString kRename = QStringLiteral("import os, sys; os.rename(sys.argv[1], sys.argv[2])");

// Makes the venv argv[2] and links into it every file under the folders of the old venv argv[1] listed
// after them (its scripts, its site-packages) that the new venv does not have (its own python links
// stay). Hard links keep the old venv whole.
const QString kRemake = QStringLiteral(
    "import os, shutil, sys, venv\n"
    "old, new = sys.argv[1:3]\n"
    "flag = '--system-site-packages'\n"
    "venv.EnvBuilder(system_site_packages=flag in sys.argv, symlinks=os.name != 'nt').create(new)\n"
    "for rel in [a for a in sys.argv[3:] if a != flag]:\n"
    "    for root, dirs, files in os.walk(os.path.join(old, rel)):\n"
    "        to = os.path.join(new, os.path.relpath(root, old))\n"
    "        os.makedirs(to, exist_ok=True)\n"
    "        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:\n"
    "            a, b = os.path.join(root, name), os.path.join(to, name)\n"
    "            if os.path.lexists(b): continue\n"
    "            if os.path.islink(a): os.symlink(os.readlink(a), b)\n"
    "            else:\n"
    "                try: os.link(a, b)\n"
    "                except OSError: shutil.copy2(a, b)\n");

} // namespace

RunProgram renameStep(const QString &python, const QString &from, const QString &to)
{
    RunProgram move = runProgram(python, {QStringLiteral("-c"), kRename, from, to});
    move.undoProgram = python;
    move.undoArguments = {QStringLiteral("-c"), kRename, to, from};
    return move;
}

void undoByRemoving(RunProgram &step, const QString &python, const QString &dir)
{
    step.undoProgram = python;
    step.undoArguments = {QStringLiteral("-c"), QStringLiteral("import shutil, sys; shutil.rmtree(sys.argv[1])"), dir};
}

bool VenvPlanner::plan(ReinstallPlan &out, const QList<checks::Finding> &findings)
{
    const auto gone = std::find_if(findings.begin(), findings.end(), [](const checks::Finding &f) {
        return f.id == QLatin1String("python.venv-base-gone")
               && !f.evidence.value(QStringLiteral("recreate_with")).toString().isEmpty();
    });
    if (gone == findings.end())
        return false;
    const QJsonObject &evidence = gone->evidence;
    const QString python = evidence.value(QStringLiteral("recreate_with")).toString();
    const QString venv = evidence.value(QStringLiteral("venv")).toString();
    const QString aside = platform::freshPath(venv + QStringLiteral(".base-gone"));
    FixPlan &plan = out.plan;
    plan.title = tr("Make the venv %1 again on %2, with the packages it holds").arg(venv, python);
    plan.steps << FixStep{renameStep(python, venv, aside)};
    QStringList arguments{QStringLiteral("-c"), kRemake, aside, venv};
    if (evidence.value(QStringLiteral("system_site_packages")).toBool())
        arguments << QStringLiteral("--system-site-packages");
    arguments << QStringLiteral("bin") << QStringLiteral("Scripts"); // its scripts (pip, torchrun), as they are
    for (const QJsonValue &folder : evidence.value(QStringLiteral("site_packages")).toArray())
        arguments << folder.toString();
    RunProgram remake = runProgram(python, arguments);
    undoByRemoving(remake, python, venv);
    plan.steps << FixStep{remake};
    out.undo = tr("Undoing this repair removes the new venv and puts the old one back from %1.").arg(aside);
    out.afterwards = tr("Once everything works, you can delete the old venv, %1.").arg(aside);
    plan.warnings << tr("Nothing is downloaded: the packages of the old venv are linked into the new one (hard "
                        "links, or copies where the disk does not allow them). The old venv stays as %1.")
                         .arg(aside)
                  << out.undo;
    return true;
}

} // namespace td::fixes
