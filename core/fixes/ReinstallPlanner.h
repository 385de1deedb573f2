// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "checks/Finding.h"
#include "fixes/FixPlan.h"
#include "knowledge/KnowledgeBase.h"

#include <QCoreApplication>
#include <QList>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace td::fixes {

// Where the wheels come from: the PyTorch index of the chosen variant, or a
// local wheelhouse for offline machines.
struct WheelSource {
    QStringList findLinks; // --find-links DIR: replaces the index URL
    bool noIndex = false;  // --no-index
    QString indexUrl;      // overrides the chosen variant's index (empty: the variant's)
};

struct ReinstallPlan {
    FixPlan plan;
    QString installer;    // "pip" or "uv"
    QString variant;      // "cu126", "cpu"
    QString torchSeries;  // the torch release installed: "2.5"
    QString torchVersion; // exactly which: "2.5.1"; empty when only the series is known
    // What is asked for, as a person reads it: the version, else the series.
    [[nodiscard]] QString torchWanted() const { return torchVersion.isEmpty() ? torchSeries : torchVersion; }
    QString indexUrl;     // empty with --find-links / --no-index
    QStringList packages; // the requirements installed: "torch==2.5.*", "torchvision==0.20.*"
    // Run before any step: asks the index (or the wheelhouse) whether torch is
    // there, changing nothing. Its failure means the plan cannot be applied.
    QString preflightProgram;
    QStringList preflightArguments;
    QString undo; // what `torchdoctor undo` will do, in one sentence
    // A torch the distribution's package manager owns is left to it: the package name
    // ("python3-torch"), and the venv made beside it when the plan installs into one.
    QString distributionPackage;
    QString newPython; // the venv's interpreter: what the verification diagnoses, and the user runs
    QString afterwards; // what the person does after it worked; empty: run newPython, if any
    bool switchesInterpreter = false; // nothing is installed: the project or a terminal runs another Python
    bool remakesVenv = false; // a venv whose Python is gone is made again (installing `packages`, if any)
};

// The reinstall repair: the right torch wheel (index variant from the driver,
// the GPU's compute capability and the Python version) with the installed
// companions at matching versions, installed by that environment's own
// installer; a snapshot of the previous versions is taken first, so undo can
// put exactly them back.
class ReinstallPlanner {
    Q_DECLARE_TR_FUNCTIONS(ReinstallPlanner)

public:
    // `environment`: PATH is searched for uv.
    // `osReleasePath`: which distribution, for a torch its package manager owns.
    ReinstallPlanner(const knowledge::KnowledgeBase &knowledge, QProcessEnvironment environment,
                     WheelSource source = {}, QString osReleasePath = QStringLiteral("/etc/os-release"));

    [[nodiscard]] ReinstallPlan plan(const checks::Facts &facts, const QList<checks::Finding> &findings) const;

    // Whether a finding is one this repair addresses: one that names it (the check decides, where it
    // knows whose file is at fault).
    static bool handles(const checks::Finding &finding);

    // While what fails (an error) is mended, a requirement that breaks nothing waits, so that it cannot
    // fail that repair (a wheelhouse without it, an index out of reach): takes those out of `findings`,
    // and says which in a note for the plan (empty: none waits).
    static QString takeWaiting(QList<checks::Finding> &findings);

    // How to give a folder of wheels to the repair, ending a sentence: the reinstall page's field
    // in the wizard, --find-links on the command line.
    static QString wheelFolderHint(bool wizard);

private:
    struct Choice; // what plan() chose before deciding how to install it
    // torch belongs to the distribution package `package`: its own files again when the build
    // fits this machine, else a venv beside the system Python (pip never writes into the package's files).
    void planBesideDistribution(ReinstallPlan &out, const Choice &choice, const QList<checks::Finding> &findings) const;

    // torch is whole but wheels it requires are missing (check named them): a plan that installs
    // exactly those. False when the findings ask for more.
    bool planMissingWheels(ReinstallPlan &out, const QString &python, const python::TorchInstall &torch,
                           const QList<checks::Finding> &findings) const;

    // Every finding names the exact requirements to install (evidence "install": a wrong version of
    // one of torch's requirements, a damaged file, a companion built for another torch): a plan that
    // installs exactly those and keeps their files for undo. False when the findings ask for more.
    bool planExact(ReinstallPlan &out, const python::StaticProbe *probe, const QString &python,
                   const QList<checks::Finding> &findings, bool wizard) const;
    // --no-index / --find-links / --index-url as asked; nothing: pip's configured index.
    [[nodiscard]] QStringList configuredSource() const;

    // Which torch to ask for: the newest patch of the series exactly, and how to ask.
    struct TorchTarget {
        QString version;     // "2.4.1"; empty when the release list does not know the series' newest
        QString requirement; // "torch==2.4.1", else "torch==2.4.*"
        bool sameVersion = false; // what is installed (or not known to differ): pip must be forced
        bool sameBuild = false;   // ... and from the same index: its requirements stay as they are
        [[nodiscard]] QStringList flags(const QString &reinstallFlag) const;
    };
    [[nodiscard]] TorchTarget torchTarget(const QString &installed, const QString &series,
                                          const QString &variant) const;
    // Undo puts the files of `names` back (resources/probe/keep_files.py), offline.
    void keepFilesForUndo(RunProgram &step, ReinstallPlan &out, const QString &python,
                          const QStringList &names) const;

    // The installed torchvision and torchaudio at the versions that go with `series`, into out.packages;
    // returns "torch" and their names.
    QStringList addCompanions(ReinstallPlan &out, const python::TorchInstall &torch, const QString &series) const;
    // The source arguments of the plan and its index URL; `local` when only folders are read.
    QStringList sourceArguments(ReinstallPlan &out, const QString &variantIndexUrl, bool &local) const;
    // For a torch that came from conda: why pip is a risk there, and the conda way.
    static QString condaWarning(const QString &prefix, const QString &series, const QStringList &names);
    // The install with uv (when given) or pip, with its undo; nullopt when there is no pip (the plan says so).
    std::optional<RunProgram> installStep(ReinstallPlan &out, const python::StaticProbe *probe, const QString &python,
                                          const QString &uv, const TorchTarget &target,
                                          const QStringList &sourceArgs, const QStringList &names,
                                          const python::TorchInstall &torch, bool wizard) const;

    const knowledge::KnowledgeBase &m_knowledge;
    QProcessEnvironment m_environment;
    WheelSource m_source;
    QString m_osRelease;
};

} // namespace td::fixes
