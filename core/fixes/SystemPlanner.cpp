// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/SystemPlanner.h"

#include "platform/ProcessRunner.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

namespace td::fixes {

namespace {

// Libraries torch and its companions load from the system, and the package
// that ships each: Debian 12 / Ubuntu, Fedora, Arch, openSUSE names.
struct LibraryPackage {
    const char *soname;
    const char *debian;
    const char *fedora;
    const char *arch;
    const char *suse;
};
constexpr LibraryPackage kLibraryPackages[] = {
    {"libgomp.so.1", "libgomp1", "libgomp", "gcc-libs", "libgomp1"},
    {"libstdc++.so.6", "libstdc++6", "libstdc++", "gcc-libs", "libstdc++6"},
    {"libgcc_s.so.1", "libgcc-s1", "libgcc", "gcc-libs", "libgcc_s1"},
    {"libgfortran.so.5", "libgfortran5", "libgfortran", "gcc-libs", "libgfortran5"},
    {"libquadmath.so.0", "libquadmath0", "libquadmath", "gcc-libs", "libquadmath0"},
    {"libnuma.so.1", "libnuma1", "numactl-libs", "numactl", "libnuma1"},
    {"libopenblas.so.0", "libopenblas0", "openblas", "openblas", "libopenblas_pthreads0"},
    {"libblas.so.3", "libblas3", "blas", "blas", "libblas3"},
    {"liblapack.so.3", "liblapack3", "lapack", "lapack", "liblapack3"},
    {"libomp.so.5", "libomp5-14", "libomp", "openmp", "libomp"},
    {"libz.so.1", "zlib1g", "zlib", "zlib", "libz1"},
    {"libGL.so.1", "libgl1", "libglvnd-glx", "libglvnd", "libGL1"},
    {"libEGL.so.1", "libegl1", "libglvnd-egl", "libglvnd", "libEGL1"},
    {"libglib-2.0.so.0", "libglib2.0-0", "glib2", "glib2", "libglib-2_0-0"},
    {"libgthread-2.0.so.0", "libglib2.0-0", "glib2", "glib2", "libgthread-2_0-0"},
    {"libX11.so.6", "libx11-6", "libX11", "libx11", "libX11-6"},
    {"libXext.so.6", "libxext6", "libXext", "libxext", "libXext6"},
    {"libXrender.so.1", "libxrender1", "libXrender", "libxrender", "libXrender1"},
    {"libSM.so.6", "libsm6", "libSM", "libsm", "libSM6"},
    {"libICE.so.6", "libice6", "libICE", "libice", "libICE6"},
    {"libjpeg.so.62", "libjpeg62-turbo", "libjpeg-turbo", "libjpeg-turbo", "libjpeg62"},
    {"libpng16.so.16", "libpng16-16", "libpng", "libpng", "libpng16-16"},
    {"libsndfile.so.1", "libsndfile1", "libsndfile", "libsndfile", "libsndfile1"},
    {"libssl.so.3", "libssl3", "openssl-libs", "openssl", "libopenssl3"},
    {"libcrypto.so.3", "libssl3", "openssl-libs", "openssl", "libopenssl3"},
    {"libffi.so.8", "libffi8", "libffi", "libffi", "libffi8"},
    {"libtinfo.so.6", "libtinfo6", "ncurses-libs", "ncurses", "libncurses6"},
};

const char *columnOf(const LibraryPackage &p, const QString &family)
{
    if (family == QLatin1String("debian"))
        return p.debian;
    if (family == QLatin1String("fedora"))
        return p.fedora;
    if (family == QLatin1String("arch"))
        return p.arch;
    if (family == QLatin1String("suse"))
        return p.suse;
    return nullptr;
}

constexpr auto kInstallStep = std::chrono::minutes(30); // a package manager or an installer

QString evidenceText(const checks::Finding &f, const char *key)
{
    return f.evidence.value(QLatin1String(key)).toString();
}

// A DLL of Windows itself (its loss means a damaged system, not a damaged torch).
bool isWindowsSystemDll(const QString &name)
{
    const QString n = name.toLower();
    static const QStringList system{
        QStringLiteral("kernel32.dll"), QStringLiteral("kernelbase.dll"), QStringLiteral("ntdll.dll"),
        QStringLiteral("user32.dll"),   QStringLiteral("advapi32.dll"),   QStringLiteral("ucrtbase.dll"),
        QStringLiteral("shell32.dll"),  QStringLiteral("ole32.dll"),      QStringLiteral("ws2_32.dll"),
        QStringLiteral("gdi32.dll"),    QStringLiteral("combase.dll"),    QStringLiteral("rpcrt4.dll")};
    return n.startsWith(QLatin1String("api-ms-win-")) || n.startsWith(QLatin1String("ext-ms-win-"))
           || system.contains(n);
}

} // namespace

QStringList packageArguments(const PackageManager &pm, PackageAction action)
{
    const auto pick = [action](QStringList install, QStringList reinstall, QStringList remove) {
        return action == PackageAction::Install ? install : action == PackageAction::Reinstall ? reinstall : remove;
    };
    if (pm.family == QLatin1String("debian"))
        return pick({QStringLiteral("install"), QStringLiteral("-y")},
                    {QStringLiteral("install"), QStringLiteral("-y"), QStringLiteral("--reinstall")},
                    {QStringLiteral("remove"), QStringLiteral("-y")});
    if (pm.family == QLatin1String("fedora"))
        return pick({QStringLiteral("install"), QStringLiteral("-y")}, {QStringLiteral("reinstall"), QStringLiteral("-y")},
                    {QStringLiteral("remove"), QStringLiteral("-y")});
    if (pm.family == QLatin1String("arch"))
        return pick({QStringLiteral("-S"), QStringLiteral("--noconfirm")}, {QStringLiteral("-S"), QStringLiteral("--noconfirm")},
                    {QStringLiteral("-R"), QStringLiteral("--noconfirm")});
    return pick({QStringLiteral("--non-interactive"), QStringLiteral("install")},
                {QStringLiteral("--non-interactive"), QStringLiteral("install"), QStringLiteral("--force")},
                {QStringLiteral("--non-interactive"), QStringLiteral("remove")});
}

QString packageFor(const QString &soname, const QString &family)
{
    for (const LibraryPackage &p : kLibraryPackages)
        if (soname == QLatin1String(p.soname))
            if (const char *name = columnOf(p, family))
                return QString::fromLatin1(name);
    return {};
}

SystemPlanner::SystemPlanner(QProcessEnvironment environment, QString os, QString osReleasePath)
    : m_environment(std::move(environment)), m_os(std::move(os)), m_osRelease(std::move(osReleasePath))
{
}

bool SystemPlanner::handles(const checks::Finding &finding)
{
    static const QStringList ids{QStringLiteral("openmp.duplicate"),    QStringLiteral("vcruntime.missing"),
                                 QStringLiteral("vcruntime.too-old"),   QStringLiteral("cuda.no-driver"),
                                 QStringLiteral("cuda.driver-too-old"), QStringLiteral("lib.missing"),
                                 QStringLiteral("lib.version-missing"), QStringLiteral("torch.import-failed"),
                                 QStringLiteral("torch.import-crashed"), QStringLiteral("lib.unreadable")};
    return ids.contains(finding.id) && finding.fixes.contains(checks::FixFamily::System);
}

bool SystemPlanner::installed(const PackageManager &pm, const QString &package) const
{
    platform::ProcessRequest request;
    request.environment = m_environment;
    request.timeout = std::chrono::seconds(30);
    if (pm.family == QLatin1String("debian")) {
        request.program = QStringLiteral("dpkg-query");
        request.arguments = {QStringLiteral("-W"), QStringLiteral("-f=${db:Status-Abbrev}"), package};
        const platform::ProcessResult r = platform::runProcess(request);
        return r.succeeded() && r.standardOutput.startsWith("ii");
    }
    if (pm.family == QLatin1String("fedora") || pm.family == QLatin1String("suse")) {
        request.program = QStringLiteral("rpm");
        request.arguments = {QStringLiteral("-q"), package};
    } else if (pm.family == QLatin1String("arch")) {
        request.program = QStringLiteral("pacman");
        request.arguments = {QStringLiteral("-Q"), package};
    } else {
        return false;
    }
    return platform::runProcess(request).succeeded();
}

FixPlan SystemPlanner::plan(const checks::Facts &facts, const QList<checks::Finding> &findings) const
{
    FixPlan plan;
    plan.family = QStringLiteral("system");
    plan.title = tr("Repair the system");
    for (const checks::Finding &f : findings)
        if (!plan.why.contains(f.id))
            plan.why << f.id;
    if (m_os == QLatin1String("windows"))
        planWindows(facts, findings, plan);
    else if (m_os == QLatin1String("macos"))
        planMac(findings, plan);
    else
        planLinux(findings, plan);
    planOpenMpLastResort(findings, plan);
    for (const checks::Finding &f : findings) {
        if (f.id != QLatin1String("cuda.no-driver") && f.id != QLatin1String("cuda.driver-too-old"))
            continue;
        const QString needed = evidenceText(f, "required_driver");
        plan.warnings << (needed.isEmpty()
                              ? tr("NVIDIA driver: install the current driver for your GPU from "
                                   "https://www.nvidia.com/Download/index.aspx (Linux: your distribution's "
                                   "nvidia-driver package), then restart.")
                              : tr("NVIDIA driver: this torch needs driver %1 or newer. Install it from "
                                   "https://www.nvidia.com/Download/index.aspx (Linux: your distribution's "
                                   "nvidia-driver package), then restart.")
                                    .arg(needed));
    }
    return plan;
}

void SystemPlanner::planOpenMpLastResort(const QList<checks::Finding> &findings, FixPlan &plan) const
{
    const bool duplicate = std::any_of(findings.begin(), findings.end(), [](const checks::Finding &f) {
        return f.id == QLatin1String("openmp.duplicate");
    });
    if (!duplicate || m_environment.contains(QStringLiteral("KMP_DUPLICATE_LIB_OK")))
        return;
    static const QString variable = QStringLiteral("KMP_DUPLICATE_LIB_OK");
    if (m_os == QLatin1String("windows")) {
        plan.steps << FixStep{SetUserVariable{variable, std::nullopt, QStringLiteral("TRUE"), std::nullopt}};
    } else {
        const QString home = m_environment.value(QStringLiteral("HOME"));
        if (home.isEmpty())
            return;
        const QString rc =
            QDir(home).filePath(m_os == QLatin1String("macos") ? QStringLiteral(".zshrc") : QStringLiteral(".bashrc"));
        QByteArray bytes;
        QFile file(rc);
        if (file.exists() && (!file.open(QIODevice::ReadOnly) || file.size() > 1024 * 1024)) {
            plan.warnings
                << tr("%1 cannot be read: set KMP_DUPLICATE_LIB_OK=TRUE yourself if you accept the risk.").arg(rc);
            return;
        }
        if (file.isOpen())
            bytes = file.readAll();
        if (!bytes.isEmpty() && !bytes.endsWith('\n'))
            bytes += '\n';
        bytes += "# Set by TorchDoctor as a last resort against \"OMP: Error #15\" (`torchdoctor undo` removes it).\n"
                 "export KMP_DUPLICATE_LIB_OK=TRUE\n";
        plan.steps << FixStep{WriteFile{rc, bytes, false, -1}};
    }
    plan.warnings << tr("Last resort: KMP_DUPLICATE_LIB_OK=TRUE lets two OpenMP runtimes load into one process. "
                        "Intel's own words: \"That is dangerous, since it can degrade performance or cause incorrect "
                        "results ... an unsafe, unsupported, undocumented workaround ... may cause crashes or silently "
                        "produce incorrect results.\" Prefer the reinstall repair, which removes the second runtime; "
                        "undo this as soon as it is gone.");
}

void SystemPlanner::planLinux(const QList<checks::Finding> &findings, FixPlan &plan) const
{
    const PackageManager pm = packageManagerOf(m_osRelease);
    QStringList toInstall;
    QStringList toReinstall;
    QStringList damaged; // packages a file of which cannot be loaded: the package manager says whose
    for (const checks::Finding &f : findings) {
        const QString library = checks::missingLibraryOf(f);
        if (f.id == QLatin1String("lib.unreadable")) {
            const QString owner =
                f.evidence.value(QLatin1String("owner")).toObject().value(QLatin1String("system_package")).toString();
            if (!owner.isEmpty() && !damaged.contains(owner))
                damaged << owner;
            continue;
        }
        if (f.id == QLatin1String("lib.version-missing")) {
            plan.warnings << tr("%1 is older than torch needs (%2 is missing). A distribution keeps one version of it "
                                "per release: a newer release, or a torch built for this one, is the way out; a "
                                "copy in LD_LIBRARY_PATH or a conda environment is what the environment repair "
                                "looks at.")
                                 .arg(evidenceText(f, "library"), evidenceText(f, "version"));
            continue;
        }
        if (library.isEmpty())
            continue;
        // Unknown distribution: Debian's names, for the message.
        const QString package = packageFor(library, pm.family.isEmpty() ? QStringLiteral("debian") : pm.family);
        if (package.isEmpty()) {
            plan.warnings
                << tr("%1 is not a library of the system: the reinstall repair brings it with torch.").arg(library);
            continue;
        }
        if (!pm.family.isEmpty() && installed(pm, package)) {
            if (!toReinstall.contains(package))
                toReinstall << package;
        } else if (!toInstall.contains(package)) {
            toInstall << package;
        }
    }
    for (const QString &package : std::as_const(damaged)) {
        plan.warnings << tr("A file of the package %1 cannot be loaded (damaged, or cut short): the package is "
                            "installed again, which puts its files back (undo leaves it installed).")
                             .arg(package);
        if (!toReinstall.contains(package))
            toReinstall << package;
    }
    if (toInstall.isEmpty() && toReinstall.isEmpty())
        return;
    const QString manager = pm.family.isEmpty() ? QString() : platform::findOnPath(pm.install, m_environment);
    if (manager.isEmpty()) {
        plan.warnings << tr("Install %1 with your distribution's package manager (TorchDoctor does not know this "
                            "distribution's).")
                             .arg((toInstall + toReinstall).join(QStringLiteral(", ")));
        return;
    }
    const QStringList install = packageArguments(pm, PackageAction::Install);
    const QStringList reinstall = packageArguments(pm, PackageAction::Reinstall);
    const QStringList remove = packageArguments(pm, PackageAction::Remove);
    if (!toInstall.isEmpty()) {
        RunProgram step = runProgram(manager, install + toInstall, true, kInstallStep);
        step.undoProgram = manager;
        step.undoArguments = remove + toInstall;
        plan.steps << FixStep{step};
    }
    if (!toReinstall.isEmpty()) {
        plan.steps << FixStep{runProgram(manager, reinstall + toReinstall, true, kInstallStep)};
        QStringList gone = toReinstall; // (the damaged ones have their own note)
        gone.removeIf([&damaged](const QString &package) { return damaged.contains(package); });
        if (!gone.isEmpty())
            plan.warnings << tr("%1 is installed but its library is gone: it is installed again (undo leaves it "
                                "installed).")
                                 .arg(gone.join(QStringLiteral(", ")));
    }
    const QString ldconfig = [this] {
        const QString onPath = platform::findOnPath(QStringLiteral("ldconfig"), m_environment);
        return onPath.isEmpty() && QFile::exists(QStringLiteral("/sbin/ldconfig")) ? QStringLiteral("/sbin/ldconfig")
                                                                                   : onPath;
    }();
    if (!ldconfig.isEmpty())
        plan.steps << FixStep{runProgram(ldconfig, {}, true, std::chrono::minutes(2))};
}

void SystemPlanner::planWindows(const checks::Facts &facts, const QList<checks::Finding> &findings, FixPlan &plan) const
{
    bool runtime = false;
    bool damaged = false;
    for (const checks::Finding &f : findings) {
        if (f.id.startsWith(QLatin1String("vcruntime.")))
            runtime = true;
        if (isWindowsSystemDll(checks::missingLibraryOf(f)))
            damaged = true;
        // 1114 (a DLL's initialisation failed) that the environment and the
        // reinstall did not cure.
        if (f.id == QLatin1String("torch.import-failed")
            && f.evidence.value(QStringLiteral("win_error")).toInt() == 1114)
            damaged = true;
    }
    if (runtime) {
        const python::StaticProbe *probe = facts.chosenProbe();
        const bool x86 = probe && probe->interpreter.bits == 32;
        const QString winget = platform::findOnPath(QStringLiteral("winget"), m_environment);
        if (winget.isEmpty()) {
            plan.warnings << tr("Install the Visual C++ 2015-2022 Redistributable from Microsoft: %1 (winget is not "
                                "available here). Never copy msvcp140.dll or vcruntime140.dll from a download site.")
                                 .arg(x86 ? QStringLiteral("https://aka.ms/vs/17/release/vc_redist.x86.exe")
                                          : QStringLiteral("https://aka.ms/vs/17/release/vc_redist.x64.exe"));
        } else {
            plan.steps << FixStep{runProgram(
                winget,
                {QStringLiteral("install"), QStringLiteral("--id"),
                 x86 ? QStringLiteral("Microsoft.VCRedist.2015+.x86") : QStringLiteral("Microsoft.VCRedist.2015+.x64"),
                 QStringLiteral("-e"), QStringLiteral("--accept-package-agreements"),
                 QStringLiteral("--accept-source-agreements")},
                false, kInstallStep)};
            plan.warnings << tr("The runtime installer asks for administrator rights itself. Undo leaves it installed: "
                                "other programs use it too.");
        }
    }
    if (damaged) {
        const QString dism = platform::findOnPath(QStringLiteral("dism"), m_environment);
        const QString sfc = platform::findOnPath(QStringLiteral("sfc"), m_environment);
        const QString uso = platform::findOnPath(QStringLiteral("UsoClient"), m_environment);
        if (!dism.isEmpty())
            plan.steps << FixStep{runProgram(
                dism, {QStringLiteral("/Online"), QStringLiteral("/Cleanup-Image"), QStringLiteral("/RestoreHealth")},
                true, std::chrono::hours(2))};
        if (!sfc.isEmpty())
            plan.steps << FixStep{runProgram(sfc, {QStringLiteral("/scannow")}, true, std::chrono::hours(2))};
        if (!uso.isEmpty())
            plan.steps << FixStep{runProgram(uso, {QStringLiteral("StartScan")}, true, std::chrono::minutes(5))};
        plan.warnings << tr("DISM and sfc restore Windows' own files; there is nothing to undo. UsoClient StartScan "
                            "asks Windows Update to look for updates (the old `wuauclt /detectnow` does nothing on "
                            "Windows 10 and 11); install what it finds in Settings > Windows Update.");
    }
    plan.warnings << tr("Not regsvr32: torch's DLLs (fbgemm.dll, c10.dll, ...) are not COM servers, so "
                        "`regsvr32` cannot register them and changes nothing; a DLL that fails to load lacks one of "
                        "its dependencies, which is what this repair installs.");
}

void SystemPlanner::planMac(const QList<checks::Finding> &findings, FixPlan &plan) const
{
    bool omp = false;
    bool tools = false;
    for (const checks::Finding &f : findings) {
        const QString library = checks::missingLibraryOf(f);
        if (library == QLatin1String("libomp.dylib"))
            omp = true;
        else if (library.startsWith(QLatin1String("/usr/lib/")) || library == QLatin1String("libc++.1.dylib"))
            tools = true;
    }
    if (omp) {
        const QString brew = platform::findOnPath(QStringLiteral("brew"), m_environment);
        if (brew.isEmpty()) {
            plan.warnings << tr("libomp.dylib comes from Homebrew's libomp: install Homebrew (https://brew.sh), then "
                                "`brew install libomp`.");
        } else {
            RunProgram step =
                runProgram(brew, {QStringLiteral("install"), QStringLiteral("libomp")}, false, kInstallStep);
            step.undoProgram = brew;
            step.undoArguments = {QStringLiteral("uninstall"), QStringLiteral("libomp")};
            plan.steps << FixStep{step};
        }
    }
    if (tools) {
        const QString xcodeSelect = platform::findOnPath(QStringLiteral("xcode-select"), m_environment);
        if (!xcodeSelect.isEmpty())
            plan.steps << FixStep{runProgram(xcodeSelect, {QStringLiteral("--install")}, false, kInstallStep)};
        plan.warnings << tr("xcode-select --install opens Apple's installer for the command line tools; finish it "
                            "there.");
    }
}

} // namespace td::fixes
