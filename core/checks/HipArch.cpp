// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/HipArch.h"

#include "binary/HipCode.h"
#include "checks/CheckSupport.h"
#include "checks/SystemChecks.h"
#include "checks/SystemCheckSupport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <set>

namespace td::checks {

namespace {

// torch's kernel library of a ROCm build, where it lies; empty when there is none.
QString hipLibrary(const python::TorchInstall &torch)
{
    for (const char *name : {"libtorch_hip.so", "torch_hip.dll"}) {
        const QString path = QDir(torch.packageDir).filePath(QStringLiteral("lib/") + QLatin1String(name));
        if (QFileInfo(path).isFile())
            return path;
    }
    return {};
}

// How many of the bundles have code that runs on `gfx`.
int bundlesRunningOn(const bin::HipCode &code, const QString &gfx)
{
    std::set<std::uint32_t> bundles;
    for (const bin::HipTarget &t : code.targets)
        if (bin::hipRunsOn(t, gfx.toStdString()))
            bundles.insert(t.bundle);
    return static_cast<int>(bundles.size());
}

// A processor of the build of the same family as `gfx` (gfx1030 for gfx1032: all but the stepping), among
// the RDNA generations (gfx10xx, gfx11xx, gfx12xx) where the override is known to be used; the gfx9
// processors of one prefix (gfx906, gfx908, gfx90a) are different chips.
QString sameFamily(const QStringList &processors, const QString &gfx)
{
    for (const QString &p : processors)
        if (p != gfx && p.size() == 7 && p.size() == gfx.size() && p.chopped(1) == gfx.chopped(1))
            return p;
    return {};
}

Finding unsupported(const python::TorchInstall &torch, const QString &library, const bin::HipCode &code,
                    const QString &gfx, const QString &override)
{
    QStringList processors;
    for (const std::string &p : code.processors())
        processors << QString::fromStdString(p);
    const QString runsAs = override.isEmpty() ? gfx : gfxOfOverride(override);
    const QString relative = sameFamily(processors, gfx);
    QString detail = GpuCheck::tr("%1 holds AMD GPU code for %2 (%3 offload bundles); this GPU is %4 (the kernel's KFD "
                        "topology). Its first kernel fails with \"HIP error: invalid device function\". Install a "
                        "ROCm build of torch whose targets include %4 (a newer ROCm release, or AMD's wheels for "
                        "this GPU).")
                         .arg(QFileInfo(library).fileName(), processors.join(QStringLiteral(", ")))
                         .arg(code.bundles)
                         .arg(gfx);
    if (!override.isEmpty())
        detail += u' '
                  + GpuCheck::tr("HSA_OVERRIDE_GFX_VERSION=%1 is set, so the runtime takes the GPU for %2, which the "
                            "build has no code for either.")
                             .arg(override, runsAs.isEmpty() ? GpuCheck::tr("no known target") : runsAs);
    if (!relative.isEmpty())
        detail += u' '
                  + GpuCheck::tr("%1 is of the same family: HSA_OVERRIDE_GFX_VERSION=%2 makes the runtime load its "
                            "code on this GPU. AMD does not support that, and it works only between close relatives.")
                             .arg(relative, overrideOfGfx(relative));
    QJsonObject evidence{{QStringLiteral("gpu_gfx"), gfx},
                         {QStringLiteral("library"), library},
                         {QStringLiteral("targets"), toJsonArray(processors)},
                         {QStringLiteral("bundles"), static_cast<int>(code.bundles)},
                         {QStringLiteral("torch"), torch.version},
                         {QStringLiteral("arch_source"), QStringLiteral("binary")}};
    if (!override.isEmpty())
        evidence.insert(QStringLiteral("hsa_override"), override);
    if (!relative.isEmpty())
        evidence.insert(QStringLiteral("suggested_override"), overrideOfGfx(relative));
    return makeFinding(QStringLiteral("cuda.gpu-arch-unsupported"), Severity::Error,
                       GpuCheck::tr("torch %1 has no code for this AMD GPU (%2)").arg(torch.version, gfx), detail,
                       evidence,
                       {FixFamily::Reinstall});
}

} // namespace

bool isRocmBuild(const python::TorchInstall &torch)
{
    const bool hip = !torch.versionPyHip.isEmpty() && torch.versionPyHip != QLatin1String("None");
    return hip || localLabel(torch.version).startsWith(QLatin1String("rocm"));
}

QString overrideOfGfx(const QString &gfx)
{
    static const QRegularExpression name(QStringLiteral("^gfx(\\d{1,2})([0-9a-f])([0-9a-f])$"));
    const QRegularExpressionMatch m = name.match(gfx);
    if (!m.hasMatch())
        return {};
    return QStringLiteral("%1.%2.%3")
        .arg(m.captured(1))
        .arg(m.captured(2).toInt(nullptr, 16))
        .arg(m.captured(3).toInt(nullptr, 16));
}

QString gfxOfOverride(const QString &value)
{
    static const QRegularExpression version(QStringLiteral("^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{1,2})$"));
    const QRegularExpressionMatch m = version.match(value.trimmed());
    if (!m.hasMatch() || m.captured(2).toInt() > 15 || m.captured(3).toInt() > 15)
        return {};
    return QStringLiteral("gfx%1%2%3")
        .arg(m.captured(1))
        .arg(m.captured(2).toInt(), 0, 16)
        .arg(m.captured(3).toInt(), 0, 16);
}

QList<Finding> hipArchFindings(const Facts &facts, const python::TorchInstall &torch)
{
    QList<Finding> out;
    const QString library = hipLibrary(torch);
    if (library.isEmpty() || facts.gpu.amdGfx.isEmpty())
        return out;
    bin::HipCode code;
    (void)bin::readHipCodeFile(library.toStdString(), code); // damage: what was read still counts
    if (code.targets.empty())
        return out; // no code read (a compression this build cannot read): nothing to judge by
    const QString override = facts.request.environment.value(QStringLiteral("HSA_OVERRIDE_GFX_VERSION"));
    for (const QString &gfx : facts.gpu.amdGfx) {
        const QString runsAs = override.isEmpty() ? gfx : gfxOfOverride(override);
        if (runsAs.isEmpty() || bundlesRunningOn(code, runsAs) == 0)
            out << unsupported(torch, library, code, gfx, override);
    }
    return out;
}

} // namespace td::checks
