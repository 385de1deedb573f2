// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/VenvPlanner.h"

#include "platform/FileIo.h"

#include <QJsonArray>
#include <QRegularExpression>

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

// Makes the venv argv[1] with pip (the Python's own, from ensurepip), system site packages as asked.
const QString kMakeWithPip = QStringLiteral(
    "import os, sys, venv\n"
    "venv.EnvBuilder(system_site_packages='--system-site-packages' in sys.argv, with_pip=True,\n"
    "                symlinks=os.name != 'nt').create(sys.argv[1])\n");

// The python of the venv `dir`, as the venv module lays it out.
QString venvPython(const QString &dir, const QString &base)
{
    return base.endsWith(QLatin1String(".exe"), Qt::CaseInsensitive) ? dir + QStringLiteral("/Scripts/python.exe")
                                                                    : dir + QStringLiteral("/bin/python");
}

// pip installs `packages` exactly (their own requirements are among them); undo uninstalls them.
RunProgram installStep(const QString &python, const QStringList &packages, const QStringList &source)
{
    const QStringList pip{QStringLiteral("-m"), QStringLiteral("pip"), QStringLiteral("--disable-pip-version-check")};
    RunProgram install = runProgram(python, pip + QStringList{QStringLiteral("install"), QStringLiteral("--no-deps")}
                                                + packages + source,
                                    false, std::chrono::minutes(30));
    static const QRegularExpression nameEnd(QStringLiteral("\\s*(==| @ ).*$"));
    QStringList names;
    for (const QString &requirement : packages)
        if (!requirement.startsWith(QLatin1String("--")))
            names << QString(requirement).remove(nameEnd);
    install.undoProgram = python;
    install.undoArguments = pip + QStringList{QStringLiteral("uninstall"), QStringLiteral("--yes")} + names;
    return install;
}

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

bool VenvPlanner::plan(ReinstallPlan &out, const QList<checks::Finding> &findings, const QStringList &source)
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
    out.remakesVenv = true;
    plan.title = tr("Make the venv %1 again on %2, with the packages it holds").arg(venv, python);
    plan.steps << FixStep{renameStep(python, venv, aside)};
    out.undo = tr("Undoing this repair removes the new venv and puts the old one back from %1.").arg(aside);
    out.afterwards = tr("Once everything works, you can delete the old venv, %1.").arg(aside);
    if (evidence.contains(QStringLiteral("reinstall"))) {
        planInstalls(out, evidence, aside, source);
        return true;
    }
    QStringList arguments{QStringLiteral("-c"), kRemake, aside, venv};
    if (evidence.value(QStringLiteral("system_site_packages")).toBool())
        arguments << QStringLiteral("--system-site-packages");
    arguments << QStringLiteral("bin") << QStringLiteral("Scripts"); // its scripts (pip, torchrun), as they are
    for (const QJsonValue &folder : evidence.value(QStringLiteral("site_packages")).toArray())
        arguments << folder.toString();
    RunProgram remake = runProgram(python, arguments);
    undoByRemoving(remake, python, venv);
    plan.steps << FixStep{remake};
    plan.warnings << tr("Nothing is downloaded: the packages of the old venv are linked into the new one (hard "
                        "links, or copies where the disk does not allow them). The old venv stays as %1.")
                         .arg(aside)
                  << out.undo;
    return true;
}

void VenvPlanner::planInstalls(ReinstallPlan &out, const QJsonObject &evidence, const QString &aside,
                               const QStringList &source)
{
    const QString python = evidence.value(QStringLiteral("recreate_with")).toString();
    const QString venv = evidence.value(QStringLiteral("venv")).toString();
    QStringList packages;
    for (const QJsonValue &requirement : evidence.value(QStringLiteral("reinstall")).toArray())
        packages << requirement.toString();
    FixPlan &plan = out.plan;
    plan.title = packages.isEmpty() ? tr("Make the venv %1 again on %2").arg(venv, python)
                                    : tr("Make the venv %1 again on %2, and install into it: %3")
                                          .arg(venv, python, packages.join(u' '));
    QStringList make{QStringLiteral("-c"), kMakeWithPip, venv};
    if (evidence.value(QStringLiteral("system_site_packages")).toBool())
        make << QStringLiteral("--system-site-packages");
    RunProgram remake = runProgram(python, make);
    undoByRemoving(remake, python, venv);
    plan.steps << FixStep{remake};
    out.packages = packages;
    if (!packages.isEmpty()) // each at the version the old venv had; their own requirements are among them
        plan.steps << FixStep{installStep(venvPython(venv, python), packages, source)};
    plan.warnings << tr("The old venv's packages were installed for the Python that is gone: each is downloaded "
                        "again for %1 at the version the old venv had. Where one has no release for that Python, "
                        "pip stops; `torchdoctor undo` then puts the old venv back.")
                         .arg(python)
                  << tr("The old venv stays as %1.").arg(aside) << out.undo;
}

} // namespace td::fixes
