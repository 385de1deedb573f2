// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/ReinstallPlanner.h"
#include "checks/InstallationChecks.h"
#include "fixes/SystemPlanner.h"
#include "fixes/SwitchPlanner.h"
#include "fixes/VenvPlanner.h"
#include "platform/FileIo.h"
#include "platform/ProcessRunner.h"
#include "python/WheelProvider.h"

#include <QDir>
#include <QDirIterator>
#include <QRegularExpression>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QVersionNumber>

#include <algorithm>

namespace td::fixes {

namespace {

// Prints `name==version` for every distribution, once each, in sys.path order: the state that
// undo of an install of missing wheels returns to.
const char *const kAllDistributionsScript = "import importlib.metadata as m\n"
                                            "seen = set()\n"
                                            "for d in m.distributions():\n"
                                            "    n = d.metadata['Name'] or ''\n"
                                            "    k = n.lower().replace('_', '-')\n"
                                            "    if n and k not in seen:\n"
                                            "        seen.add(k)\n"
                                            "        print(f'{n}=={d.version}')\n";

// Given that snapshot: uninstalls what was installed since, and puts back the versions it changed.
const char *const kRestoreDistributionsScript =
    "import subprocess, sys, importlib.metadata as m\n"
    "key = lambda n: n.lower().replace('_', '-')\n"
    "before = {}\n"
    "for line in open(sys.argv[1], encoding='utf-8'):\n"
    "    n, _, v = line.strip().partition('==')\n"
    "    if n:\n"
    "        before[key(n)] = (n, v)\n"
    "now = {}\n"
    "for d in m.distributions():\n"
    "    n = d.metadata['Name'] or ''\n"
    "    if n:\n"
    "        now.setdefault(key(n), d.version)\n"
    "added = sorted(k for k in now if k not in before)\n"
    "changed = sorted(f'{before[k][0]}=={before[k][1]}' for k in now if k in before and now[k] != before[k][1])\n"
    "pip = [sys.executable, '-m', 'pip', '--disable-pip-version-check']\n"
    "if added:\n"
    "    subprocess.check_call(pip + ['uninstall', '-y'] + added)\n"
    "if changed:\n"
    "    subprocess.check_call(pip + ['install', '--no-deps'] + changed + sys.argv[2:])\n";

// "2.4.1+cu121" -> "2.4"
QString seriesOf(const QString &version)
{
    const QString base = version.section(u'+', 0, 0);
    const QStringList parts = base.split(u'.');
    if (parts.size() < 2)
        return base;
    return parts.at(0) + u'.' + parts.at(1);
}

// "2.4.1+cu121" -> "cu121"
QString localLabel(const QString &version)
{
    return version.contains(u'+') ? version.section(u'+', 1) : QString();
}

// resources/probe/keep_files.py: keeps a distribution's files before a step, puts them back on undo.
QString keepFilesScript()
{
    QFile file(QStringLiteral(":/probe/keep_files.py"));
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// How `python` runs pip: `-m pip`, or, when it has none (an embeddable Python), pip's own wheel
// from the wheel folders (`python pip-X.whl/pip`, how pip's wheel runs itself). Empty when neither.
QStringList pipOf(const python::StaticProbe *probe, const QStringList &wheelFolders)
{
    const auto pipIn = [](const QString &dir) { return QFileInfo::exists(dir + QStringLiteral("/pip/__main__.py")); };
    const bool hasPip = !probe || probe->sitePackages.isEmpty()
                        || std::any_of(probe->sitePackages.begin(), probe->sitePackages.end(), pipIn);
    if (hasPip)
        return {QStringLiteral("-m"), QStringLiteral("pip")};
    for (const QString &dir : wheelFolders) {
        QStringList wheels = QDir(dir).entryList({QStringLiteral("pip-*-py3-none-any.whl")}, QDir::Files);
        if (wheels.isEmpty())
            continue;
        const auto version = [](const QString &wheel) { return QVersionNumber::fromString(wheel.section(u'-', 1, 1)); };
        std::sort(wheels.begin(), wheels.end(),
                  [&](const QString &a, const QString &b) { return version(a) < version(b); });
        return {QDir(dir).filePath(wheels.last()) + QStringLiteral("/pip")};
    }
    return {};
}

} // namespace

struct ReinstallPlanner::Choice {
    QString python;       // the interpreter torch belongs to
    QString installed;    // its torch version
    QString series;       // what to install
    QString variant;      // ... built for
    QStringList packages; // ... as requirements
    QStringList names;    // torch and the companions
    QStringList sourceArgs;
    bool local = false;
    PackageManager packageManager;
};

ReinstallPlanner::ReinstallPlanner(const knowledge::KnowledgeBase &knowledge, QProcessEnvironment environment,
                                   WheelSource source, QString osReleasePath)
    : m_knowledge(knowledge), m_environment(std::move(environment)), m_source(std::move(source)),
      m_osRelease(std::move(osReleasePath))
{
}

void ReinstallPlanner::planBesideDistribution(ReinstallPlan &out, const Choice &choice,
                                              const QList<checks::Finding> &findings) const
{
    FixPlan &plan = out.plan;
    const PackageManager &pm = choice.packageManager;
    const QString package = out.distributionPackage;
    const QString version = installedVersion(pm, package, m_environment);
    // The distribution's build serves this machine unless a finding says it does not.
    static const QStringList kBuildDoesNotFit{
        QStringLiteral("cuda.cpu-build-with-gpu"), QStringLiteral("cuda.gpu-arch-unsupported"),
        QStringLiteral("cuda.driver-too-old"), QStringLiteral("packages.mismatch")};
    const bool buildFits = std::none_of(findings.begin(), findings.end(), [](const checks::Finding &f) {
        return kBuildDoesNotFit.contains(f.id);
    });
    const QString manager = platform::findOnPath(pm.install, m_environment);
    const QString why = tr("The torch of %1 belongs to the distribution package %2 (%3): pip must not change the "
                           "package manager's files (Debian and others refuse it as an \"externally managed "
                           "environment\").")
                            .arg(choice.python, package, version.isEmpty() ? choice.installed : version);
    if (buildFits && !manager.isEmpty()) {
        plan.warnings.clear(); // what they said was about the wheel pip would have chosen
        // The package's own files again, at the version installed now: nothing to undo.
        const QString pinned = pm.family == QLatin1String("debian") && !version.isEmpty()
                                   ? QStringLiteral("%1=%2").arg(package, version)
                                   : package;
        plan.steps << FixStep{runProgram(manager, packageArguments(pm, PackageAction::Reinstall) << pinned, true,
                                         std::chrono::minutes(30))};
        out.installer = pm.install;
        out.indexUrl.clear();
        out.undo = tr("Nothing to undo: the step puts back %1's own files at the version installed now (%2); no "
                      "other package changes.")
                       .arg(package, version.isEmpty() ? choice.installed : version);
        plan.warnings << why << out.undo;
        plan.title = tr("Reinstall the distribution's %1 with %2").arg(package, pm.install);
        out.torchSeries = seriesOf(choice.installed);
        out.packages = QStringList{package};
        return;
    }
    // A venv beside the system Python, with the build this machine needs; removing it undoes it all.
    const QString home = m_environment.value(QStringLiteral("HOME"), QDir::homePath());
    const QString venv =
        platform::freshPath(QDir(home).filePath(QStringLiteral(".venvs/torch-%1").arg(choice.variant)));
    out.newPython = QDir(venv).filePath(QStringLiteral("bin/python"));
    RunProgram make = runProgram(choice.python, {QStringLiteral("-m"), QStringLiteral("venv"), venv});
    make.undoProgram = choice.python;
    make.undoArguments = {QStringLiteral("-c"),
                          QStringLiteral("import shutil, sys; shutil.rmtree(sys.argv[1])"), venv};
    RunProgram install = runProgram(out.newPython,
                                    QStringList{QStringLiteral("-m"), QStringLiteral("pip"), QStringLiteral("install"),
                                                QStringLiteral("--disable-pip-version-check")}
                                        + choice.packages + choice.sourceArgs,
                                    false, std::chrono::minutes(30));
    plan.steps << FixStep{make} << FixStep{install};
    out.installer = QStringLiteral("pip");
    out.packages = choice.packages;
    out.torchSeries = choice.series;
    out.undo = tr("Undoing this repair removes %1 and everything installed into it; %2 and its %3 stay as they are.")
                   .arg(venv, choice.python, package);
    plan.warnings << why
                  << tr("The plan makes a venv beside it instead, with torch %1 (%2): run your programs with %3 (in "
                        "a terminal: `source %4/bin/activate`).")
                         .arg(choice.series, choice.variant, out.newPython, venv)
                  << out.undo;
    plan.title = tr("Install torch %1 (%2) into a new venv %3, beside the distribution's %4")
                     .arg(choice.series, choice.variant, venv, package);
}

bool ReinstallPlanner::handles(const checks::Finding &finding)
{
    return finding.fixes.contains(checks::FixFamily::Reinstall); // the check decided, with what to install
}

bool ReinstallPlanner::planMissingWheels(ReinstallPlan &out, const QString &python, const python::TorchInstall &torch,
                                         const QList<checks::Finding> &findings) const
{
    // Only when torch itself is whole: every library finding is one its requirements ship, and
    // the import fails for nothing else.
    QList<python::WheelProvider> providers;
    QStringList libraries;
    for (const checks::Finding &f : findings) {
        const QString library = f.evidence.value(QStringLiteral("library")).toString();
        if (f.id == QLatin1String("torch.import-failed"))
            continue;
        const auto provider =
            f.id == QLatin1String("lib.missing") && !f.evidence.value(QStringLiteral("wheel")).isUndefined()
                ? python::wheelProviding(library, torch)
                : std::nullopt;
        if (!provider)
            return false;
        providers << *provider;
        libraries << library;
    }
    if (!torch.installed || providers.isEmpty())
        return false;
    FixPlan &plan = out.plan;
    out.installer = QStringLiteral("pip");
    out.packages = python::requirementsFor(providers);
    out.torchSeries = seriesOf(torch.version);
    const QStringList sourceArgs = configuredSource();
    out.indexUrl = m_source.indexUrl;
    RunProgram step = runProgram(python,
                                 QStringList{QStringLiteral("-m"), QStringLiteral("pip"), QStringLiteral("install"),
                                             QStringLiteral("--disable-pip-version-check")}
                                     + out.packages + sourceArgs,
                                 false, std::chrono::minutes(30)); // the NVIDIA wheels are gigabytes
    step.snapshotProgram = python;
    step.snapshotArguments = {QStringLiteral("-c"), QString::fromLatin1(kAllDistributionsScript)};
    step.undoProgram = python;
    step.undoArguments = QStringList{QStringLiteral("-c"), QString::fromLatin1(kRestoreDistributionsScript),
                                     QStringLiteral("{snapshot}")}
                         + sourceArgs;
    plan.steps << FixStep{step};
    libraries.removeDuplicates();
    out.undo = tr("Before the step, every installed distribution and its version is recorded (kept in the journal); "
                  "undoing this repair uninstalls what the step added and puts back any version it changed.");
    plan.warnings << tr("torch %1 is installed, but the wheels it requires that ship %2 are not: the plan installs "
                        "exactly those, at the versions torch's metadata pins, and leaves torch as it is.")
                         .arg(torch.version, libraries.join(QStringLiteral(", ")))
                  << out.undo;
    plan.title =
        tr("Install the wheels torch %1 requires: %2").arg(torch.version, out.packages.join(QStringLiteral(" ")));
    return true;
}

QStringList ReinstallPlanner::configuredSource() const
{
    QStringList args; // PyPI (pip's configured index) unless told otherwise
    if (m_source.noIndex)
        args << QStringLiteral("--no-index");
    for (const QString &dir : m_source.findLinks)
        args << QStringLiteral("--find-links") << dir;
    if (!m_source.indexUrl.isEmpty())
        args << QStringLiteral("--index-url") << m_source.indexUrl;
    return args;
}

QString ReinstallPlanner::takeWaiting(QList<checks::Finding> &findings)
{
    const auto installs = [](const checks::Finding &f) {
        return !f.evidence.value(QStringLiteral("install")).toArray().isEmpty();
    };
    if (std::none_of(findings.begin(), findings.end(),
                     [](const checks::Finding &f) { return f.severity == checks::Severity::Error; }))
        return {};
    QStringList later;
    findings.removeIf([&](const checks::Finding &f) {
        if (f.severity == checks::Severity::Error || !installs(f))
            return false;
        for (const QJsonValue &v : f.evidence.value(QStringLiteral("install")).toArray())
            later << v.toString();
        return true;
    });
    return later.isEmpty() ? QString()
                           : tr("Left for later, as nothing fails for it: %1. Once this repair works, `torchdoctor "
                                "fix reinstall` installs it on its own.")
                                 .arg(later.join(QStringLiteral(", ")));
}

bool ReinstallPlanner::planExact(ReinstallPlan &out, const python::StaticProbe *probe, const QString &python,
                                 const QList<checks::Finding> &findings, bool wizard) const
{
    // Every finding names what to install ("install"), or is the failed import they explain; torch's own
    // files are the whole reinstall's (its build, its index), but for its wheel for another machine: the
    // same build again, from the index that serves it.
    QStringList names;
    bool force = false, upgrade = false;
    std::optional<QString> buildIndex = QString();
    for (const checks::Finding &f : findings) {
        const QJsonArray install = f.evidence.value(QStringLiteral("install")).toArray();
        const QString distribution = f.evidence.value(QStringLiteral("distribution")).toString();
        if (f.id.startsWith(QLatin1String("torch.import-")) && install.isEmpty()) // failed, crashed, timed out
            continue;
        const bool torch = python::normalizedDistributionName(distribution) == QLatin1String("torch");
        if (torch && f.id == QLatin1String("packages.wheel-mismatch"))
            buildIndex = knowledge::indexUrlOfBuild(f.evidence.value(QStringLiteral("version")).toString());
        if (install.isEmpty() || (torch && f.id != QLatin1String("packages.wheel-mismatch")) || !buildIndex)
            return false;
        for (const QJsonValue &v : install)
            if (!out.packages.contains(v.toString()))
                out.packages << v.toString();
        names << distribution;
        force = force || f.evidence.value(QStringLiteral("same_version")).toBool();
        upgrade = upgrade || f.evidence.value(QStringLiteral("upgrade")).toBool();
    }
    if (names.isEmpty())
        return false;
    FixPlan &plan = out.plan;
    out.installer = QStringLiteral("pip");
    out.indexUrl = m_source.indexUrl;
    names.removeDuplicates();
    // What the companion table named ("xformers==0.0.29.post1"), else the names pip picks a version for.
    const QStringList exact = out.packages.filter(QRegularExpression(QStringLiteral("^(?!torch==).+==")));
    plan.title = upgrade && exact.size() == names.size()
                     ? tr("Install %1, built for the installed torch").arg(exact.join(QStringLiteral(", ")))
                 : upgrade ? tr("Install the %1 built for the installed torch").arg(names.join(QStringLiteral(", ")))
                 : force ? tr("Reinstall exactly %1").arg(out.packages.join(u' '))
                         : tr("Install exactly %1").arg(out.packages.join(u' '));
    const QStringList pip = pipOf(probe, m_source.findLinks);
    if (pip.isEmpty()) {
        plan.warnings << tr("%1 has no pip (an embeddable Python ships without it), so nothing can install into it. "
                            "Put pip's wheel (pip-*-py3-none-any.whl, from PyPI) into a folder and %2: pip then runs "
                            "from its wheel.")
                             .arg(python, wheelFolderHint(wizard));
        return true;
    }
    QStringList flags;
    if (force)
        flags << QStringLiteral("--force-reinstall");
    // Only what is named changes; a companion that moves to another version may need new requirements.
    flags << (upgrade ? QStringLiteral("--upgrade") : QStringLiteral("--no-deps"));
    const QStringList install{QStringLiteral("install"), QStringLiteral("--disable-pip-version-check")};
    QStringList source = configuredSource();
    if (source.isEmpty() && !buildIndex->isEmpty()) {
        out.indexUrl = *buildIndex;
        source << QStringLiteral("--index-url") << *buildIndex;
    }
    RunProgram step = runProgram(python, pip + install + flags + out.packages + source, false,
                                 std::chrono::minutes(30)); // NVIDIA wheels are gigabytes
    keepFilesForUndo(step, out, python, names);
    plan.steps << FixStep{step};
    plan.warnings << tr("Nothing but %1 changes: every other distribution stays as it is.")
                         .arg(names.join(QStringLiteral(", ")))
                  << out.undo;
    if (upgrade)
        plan.warnings << tr("Requirements the new version adds stay after undo.");
    return true;
}

namespace {

// The bytes the packages `names` (torch and its companions, and the NVIDIA
// libraries and triton that come with them) hold in `sitePackages`.
qint64 installedSize(const QString &sitePackages, const QStringList &names)
{
    QStringList folders = names;
    folders << QStringLiteral("nvidia") << QStringLiteral("triton");
    qint64 total = 0;
    for (const QString &name : std::as_const(folders)) {
        QDirIterator files(QDir(sitePackages).filePath(name), QDir::Files | QDir::Hidden,
                           QDirIterator::Subdirectories);
        while (files.hasNext()) {
            files.next();
            total += files.fileInfo().size();
        }
    }
    return total;
}

// The GPU every variant must cover: the oldest one when there are several.
void oldestGpu(const checks::Facts &facts, int &ccMajor, int &ccMinor)
{
    for (const platform::Gpu &g : facts.gpu.gpus) {
        if (g.ccMajor <= 0)
            continue;
        if (ccMajor == 0 || g.ccMajor < ccMajor || (g.ccMajor == ccMajor && g.ccMinor < ccMinor)) {
            ccMajor = g.ccMajor;
            ccMinor = g.ccMinor;
        }
    }
}

} // namespace

// torch, then the companions that are installed, at the versions that go with it; the names of all.
QStringList ReinstallPlanner::addCompanions(ReinstallPlan &out, const python::TorchInstall &torch,
                                           const QString &series) const
{
    FixPlan &plan = out.plan;
    const std::optional<knowledge::Companions> companions = m_knowledge.companions(series);
    QStringList names{QStringLiteral("torch")};
    for (const python::PackageInfo &p : torch.companions) {
        const QString name = p.name.toLower();
        if (name != QLatin1String("torchvision") && name != QLatin1String("torchaudio"))
            continue;
        if (names.contains(name))
            continue;
        names << name;
        QString want = !companions                            ? QString()
                       : name == QLatin1String("torchvision") ? companions->torchvision
                                                              : companions->torchaudio;
        if (want.isEmpty()) {
            out.packages << name;
            plan.warnings << tr("Which %1 goes with torch %2 is not known: pip picks one.").arg(name, series);
        } else {
            out.packages << (want.count(u'.') >= 2 ? QStringLiteral("%1==%2").arg(name, want)
                                                   : QStringLiteral("%1==%2.*").arg(name, want));
        }
    }
    return names;
}

QStringList ReinstallPlanner::sourceArguments(ReinstallPlan &out, const QString &variantIndexUrl, bool &local) const
{
    QStringList sourceArgs;
    local = !m_source.findLinks.isEmpty() || m_source.noIndex;
    if (m_source.noIndex)
        sourceArgs << QStringLiteral("--no-index");
    for (const QString &dir : m_source.findLinks)
        sourceArgs << QStringLiteral("--find-links") << dir;
    if (!local) {
        out.indexUrl = m_source.indexUrl.isEmpty() ? variantIndexUrl : m_source.indexUrl;
        sourceArgs << QStringLiteral("--index-url") << out.indexUrl;
    }
    return sourceArgs;
}

QString ReinstallPlanner::condaWarning(const QString &prefix, const QString &series, const QStringList &names)
{
    QStringList condaPackages{QStringLiteral("pytorch=%1").arg(series)};
    for (const QString &n : names.mid(1))
        condaPackages << n;
    return tr("torch in this environment came from conda. Installing with pip into a conda environment mixes two "
              "package managers: conda does not know what pip changed, and a later `conda install` or `conda "
              "update` can break torch again. The conda way instead: `%1`.")
            .arg(displayCommand(QStringLiteral("conda"),
                                QStringList{QStringLiteral("install"), QStringLiteral("-p"), prefix,
                                            QStringLiteral("-c"), QStringLiteral("conda-forge")}
                                    + condaPackages));
}

std::optional<RunProgram> ReinstallPlanner::installStep(ReinstallPlan &out, const python::StaticProbe *probe,
                                                         const QString &python, const QString &uv,
                                                         const TorchTarget &target, const QStringList &sourceArgs,
                                                         const QStringList &names,
                                                         const python::TorchInstall &torch, bool wizard) const
{
    FixPlan &plan = out.plan;
    RunProgram step;
    if (!uv.isEmpty()) {
        out.installer = QStringLiteral("uv");
        step.program = uv;
        step.arguments = QStringList{QStringLiteral("pip"), QStringLiteral("install"), QStringLiteral("--python"),
                                     python}
                         + target.flags(QStringLiteral("--reinstall")) + out.packages + sourceArgs;
        out.preflightProgram = uv;
        out.preflightArguments =
            QStringList{QStringLiteral("pip"),       QStringLiteral("install"),   QStringLiteral("--python"), python,
                        QStringLiteral("--dry-run"), QStringLiteral("--no-deps"), out.packages.first()}
            + sourceArgs;
        if (!torch.installed) {
            step.undoProgram = uv;
            step.undoArguments =
                QStringList{QStringLiteral("pip"), QStringLiteral("uninstall"), QStringLiteral("--python"), python}
                + names;
        }
    } else {
        out.installer = QStringLiteral("pip");
        const QStringList pip = pipOf(probe, m_source.findLinks);
        if (pip.isEmpty()) {
            plan.title = tr("Reinstall torch %1").arg(out.torchWanted());
            plan.warnings << tr("%1 has no pip (an embeddable Python ships without it), so nothing can install "
                                "torch into it. Put pip's wheel (pip-*-py3-none-any.whl, from PyPI) into a folder "
                                "and %2: pip then runs from its wheel. A portable build's own updater "
                                "(update\\update_comfyui_and_python_dependencies.bat in ComfyUI's) works too.")
                                 .arg(python, wheelFolderHint(wizard));
            return std::nullopt;
        }
        if (pip.first() != QLatin1String("-m"))
            plan.warnings << tr("%1 has no pip (an embeddable Python ships without it): pip runs from its wheel, "
                                "%2, and is not installed into it.")
                                 .arg(python, pip.first().chopped(4));
        step.program = python;
        step.arguments = pip
                         + QStringList{QStringLiteral("install"), QStringLiteral("--disable-pip-version-check")}
                         + target.flags(QStringLiteral("--force-reinstall")) + out.packages + sourceArgs;
        out.preflightProgram = python;
        // Asks for the versions only: nothing is downloaded but the index page.
        out.preflightArguments = pip
                                 + QStringList{QStringLiteral("index"), QStringLiteral("versions"),
                                               QStringLiteral("torch"), QStringLiteral("--disable-pip-version-check"),
                                               QStringLiteral("--retries"), QStringLiteral("0"),
                                               QStringLiteral("--timeout"), QStringLiteral("15")}
                                 + sourceArgs;
        if (!torch.installed) {
            step.undoProgram = python;
            step.undoArguments = pip + QStringList{QStringLiteral("uninstall"), QStringLiteral("-y")} + names;
        }
    }
    if (torch.installed)
        keepFilesForUndo(step, out, python, names);
    else
        out.undo = tr("Undoing this repair uninstalls what it installs: `%1`.")
                       .arg(displayCommand(step.undoProgram, step.undoArguments));
    step.timeout = std::chrono::minutes(30); // CUDA wheels are gigabytes
    if (torch.installed && !torch.packageDir.isEmpty()) {
        // The new copy beside the old one until pip removes it, and the wheels it unpacks (about half).
        step.spaceFolder = QFileInfo(torch.packageDir).absolutePath();
        step.spaceNeeded = installedSize(step.spaceFolder, names) * 3 / 2;
    }
    return step;
}

ReinstallPlan ReinstallPlanner::plan(const checks::Facts &facts, const QList<checks::Finding> &findings) const
{
    ReinstallPlan out;
    FixPlan &plan = out.plan;
    plan.family = QStringLiteral("reinstall");
    for (const checks::Finding &f : findings)
        plan.why << f.id;

    const python::StaticProbe *probe = facts.chosenProbe();
    const QString python = probe ? probe->interpreter.executable : facts.chosenExecutable;
    if (python.isEmpty()) {
        plan.title = tr("Reinstall PyTorch");
        plan.warnings << tr("No usable Python interpreter was found: there is nothing to install into.");
        return out;
    }
    const python::TorchInstall torch = probe ? probe->torch : python::TorchInstall();
    if (VenvPlanner::plan(out, findings, configuredSource()) || SwitchPlanner::plan(out, facts, findings)
        || planMissingWheels(out, python, torch, findings)
        || planExact(out, probe, python, findings, facts.request.wizard))
        return out;
    const QString platform = probe ? probe->interpreter.platform : QString();
    const knowledge::Os os = platform == QLatin1String("win32")    ? knowledge::Os::Windows
                             : platform == QLatin1String("darwin") ? knowledge::Os::MacOS
                                                                   : knowledge::Os::Linux;
    const QString pythonVersion = probe ? probe->interpreter.version.toString() : QString();

    int ccMajor = 0, ccMinor = 0;
    oldestGpu(facts, ccMajor, ccMinor);
    const QString driver = facts.gpu.nvidiaDriverFound ? facts.gpu.driverVersion : QString();

    // The installed release line when it can serve this machine, else the newest that can.
    const QString installed = torch.installed ? torch.version : QString();
    knowledge::VariantChoice choice = m_knowledge.bestVariant(driver, os, ccMajor, ccMinor, pythonVersion, installed);
    QString series = installed.isEmpty() ? QString() : seriesOf(installed);
    using Why = knowledge::VariantChoice::Why;
    if (installed.isEmpty() || choice.variant.isEmpty() || choice.why == Why::GpuUnsupported
        || choice.why == Why::PythonUnsupported || choice.why == Why::UnknownTorch) {
        const knowledge::VariantChoice newest = m_knowledge.bestVariant(driver, os, ccMajor, ccMinor, pythonVersion);
        if (!newest.variant.isEmpty() && (installed.isEmpty() || newest.why != Why::GpuUnsupported)) {
            if (!installed.isEmpty() && seriesOf(newest.torch) != series)
                plan.warnings << tr("torch %1 has no build for this machine (Python %2, this GPU and driver): "
                                    "the plan installs torch %3 instead.")
                                     .arg(installed, pythonVersion, seriesOf(newest.torch));
            choice = newest;
            series = seriesOf(newest.torch);
        }
    }
    if (choice.variant.isEmpty()) {
        plan.title = tr("Reinstall PyTorch");
        plan.warnings << tr("No PyTorch release has a build for Python %1 on this machine.").arg(pythonVersion);
        return out;
    }
    if (choice.why == Why::GpuUnsupported && facts.gpu.nvidiaDriverFound)
        plan.warnings << tr("No PyTorch build covers this GPU (compute capability %1.%2): the CPU build is planned.")
                             .arg(ccMajor)
                             .arg(ccMinor);
    else if (choice.why == Why::DriverTooOld)
        plan.warnings << tr("The NVIDIA driver %1 is too old for every CUDA build: the CPU build is planned. "
                            "Update the driver to use the GPU.")
                             .arg(driver);
    out.variant = choice.variant;

    // torch, then the companions that are installed, at the versions that go with it.
    const TorchTarget target = torchTarget(installed, series, choice.variant);
    out.packages << target.requirement;
    out.torchSeries = series;
    out.torchVersion = target.version;
    const QStringList names = addCompanions(out, torch, series);

    // Where from.
    bool local = false;
    const QStringList sourceArgs = sourceArguments(out, choice.indexUrl, local);
    // A torch the distribution installed is the package manager's, not pip's.
    const QString installer = torch.installer.toLower();
    const bool pythonInstaller = installer == QLatin1String("pip") || installer == QLatin1String("uv")
                                 || installer == QLatin1String("conda");
    // A venv's repair stays in the venv: pip installs torch there, in front of the system's.
    const bool venv = probe && probe->interpreter.isVenv;
    if (torch.installed && os == knowledge::Os::Linux && !pythonInstaller && !venv) {
        Choice chosen{python, installed, series, choice.variant, out.packages, names, sourceArgs, local,
                      packageManagerOf(m_osRelease)};
        out.distributionPackage = owningPackage(chosen.packageManager,
                                                QDir(torch.packageDir).filePath(QStringLiteral("__init__.py")),
                                                m_environment);
        if (!out.distributionPackage.isEmpty()) {
            planBesideDistribution(out, chosen, findings);
            return out;
        }
    }

    // With that environment's own installer.
    QString uv;
    if (installer == QLatin1String("uv")) {
        uv = platform::findOnPath(QStringLiteral("uv"), m_environment);
        if (uv.isEmpty())
            plan.warnings << tr("torch was installed by uv, but uv is not on PATH: pip is used instead.");
    }
    const bool fromConda =
        installer == QLatin1String("conda") || (!torch.installed && probe && probe->interpreter.isConda);
    if (fromConda)
        plan.warnings.prepend(condaWarning(probe ? probe->interpreter.prefix : QString(), series, names));

    const std::optional<RunProgram> step = installStep(out, probe, python, uv, target, sourceArgs, names, torch,
                                                       facts.request.wizard);
    if (!step)
        return out;
    plan.steps << FixStep{*step};
    plan.warnings << out.undo;
    if (!torch.installed && !names.isEmpty())
        plan.warnings << tr("Packages the install pulls in (nvidia-*, triton, ...) stay after undo.");

    const QString where = local ? m_source.findLinks.join(QStringLiteral(", ")) : out.indexUrl;
    plan.title = tr("Reinstall torch %1 (%2) with %3 from %4")
                     .arg(out.torchWanted(), choice.variant, out.installer,
                          where.isEmpty() ? tr("the configured index") : where);
    return out;
}

QString ReinstallPlanner::wheelFolderHint(bool wizard)
{
    return wizard ? tr("choose that folder under Wheels from a folder on the reinstall page")
                  : tr("pass that folder with --find-links");
}

ReinstallPlanner::TorchTarget ReinstallPlanner::torchTarget(const QString &installed, const QString &series,
                                                            const QString &variant) const
{
    TorchTarget target;
    const std::optional<knowledge::Release> release = m_knowledge.release(series);
    if (release && release->latest.startsWith(series + u'.'))
        target.version = release->latest;
    target.requirement = target.version.isEmpty() ? QStringLiteral("torch==%1.*").arg(series)
                                                  : QStringLiteral("torch==%1").arg(target.version);
    target.sameVersion = target.version.isEmpty() || installed.section(u'+', 0, 0) == target.version;
    // The very build again (same version, same index): its requirements are installed already.
    const QString label = localLabel(installed);
    target.sameBuild = !target.version.isEmpty() && target.sameVersion && !installed.isEmpty()
                       && label == variant;
    return target;
}

QStringList ReinstallPlanner::TorchTarget::flags(const QString &reinstallFlag) const
{
    // Another version replaces torch (and what its requirements need) by itself; the same one
    // only when forced, and then its dependencies stay unless the build changes.
    QStringList out;
    if (sameVersion)
        out << reinstallFlag;
    if (sameBuild)
        out << QStringLiteral("--no-deps");
    return out;
}

void ReinstallPlanner::keepFilesForUndo(RunProgram &step, ReinstallPlan &out, const QString &python,
                                        const QStringList &names) const
{
    const QString script = keepFilesScript();
    step.snapshotProgram = python;
    step.snapshotArguments =
        QStringList{QStringLiteral("-c"), script, QStringLiteral("keep"), QStringLiteral("{snapshot}")} + names;
    step.undoProgram = python;
    step.undoArguments = {QStringLiteral("-c"), script, QStringLiteral("restore"), QStringLiteral("{snapshot}")};
    const QString kept = names.contains(QLatin1String("torch"))
                             ? tr("%1 (and nvidia-*, triton)").arg(names.join(QStringLiteral(", ")))
                             : names.join(QStringLiteral(", "));
    out.undo = tr("Before the step, the files of %1 are kept beside the journal (as links where the disk allows, "
                  "else copies); undoing this repair removes what the step installed under those names and puts "
                  "exactly the kept files back, checked against their RECORD hashes first. Nothing is downloaded "
                  "for it; until then the kept files take the old version's room on disk.")
                  .arg(kept);
}

} // namespace td::fixes
