// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SystemChecks.h"

#include "checks/CheckSupport.h"
#include "checks/CudaArch.h"
#include "checks/HipArch.h"
#include "checks/SystemCheckSupport.h"

#include <QCoreApplication>

namespace td::checks {

QString GpuCheck::id() const
{
    return QStringLiteral("cuda");
}
QString GpuCheck::title() const
{
    return tr("Can PyTorch use the GPU?");
}
FactSet GpuCheck::needs() const
{
    return Fact::Gpu | Fact::Import | Fact::Interpreters | Fact::Libraries;
}

namespace {

// `finding` with one more piece of evidence, when there is something to add.
Finding withEvidence(Finding finding, const QString &key, const QJsonObject &value)
{
    if (!value.isEmpty())
        finding.evidence.insert(key, value);
    return finding;
}

// The CUDA version torch was built with, or empty for a CPU build.
QString torchCuda(const Facts &facts)
{
    if (facts.import.outcome == python::ImportResult::Outcome::Ok)
        return facts.import.cudaVersion;
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!probe)
        return {};
    const QString cuda = probe->torch.versionPyCuda;
    return cuda == QLatin1String("None") ? QString() : cuda;
}

// The torch and the machine a GPU is judged for.
struct Target {
    knowledge::Os os;
    QString machine; // "x86_64"
    QString torch;   // its version
    QString python;  // "3.12"
};

// What a build of torch has for one GPU, and where that was read.
struct ArchVerdict {
    knowledge::Support support = knowledge::Support::Full;
    QStringList archList;
    QString source = QStringLiteral("torch");
    // The table stands in for the build's own list when torch does not import: say how sure it is.
    QString fromTable, fromBinary;
    QJsonObject binaryEvidence;
};

// What the installed libraries carry decides; torch's own list, then the table, stand in.
ArchVerdict archFor(const Facts &facts, const knowledge::KnowledgeBase &kb, const Target &t,
                    const QList<LibraryCudaCode> &binaryCode, const QString &variant, const platform::Gpu &g)
{
    ArchVerdict out;
    out.archList = facts.import.archList;
    if (!binaryCode.isEmpty()) {
        const BinaryArchVerdict v = binaryArchSupport(binaryCode, g.ccMajor, g.ccMinor);
        out.support = v.support;
        out.archList = v.archList;
        out.source = QStringLiteral("binary");
        out.fromBinary =
            QLatin1Char(' ')
            + GpuCheck::tr("Read from the fatbinaries of %1: %2 of its %3 compiled files have machine code for "
                           "this GPU and %4 more only PTX. Machine code for sm_XY runs on compute capability "
                           "X.Y and newer X.*; PTX for compute_XY is compiled by the driver for X.Y and every "
                           "newer GPU; the arch-specific sm_XYa runs on X.Y alone.")
                  .arg(v.library)
                  .arg(v.fit.native)
                  .arg(v.fit.fatbins)
                  .arg(v.fit.jit);
        out.binaryEvidence = QJsonObject{{QStringLiteral("library"), v.library},
                                         {QStringLiteral("fatbins"), static_cast<qint64>(v.fit.fatbins)},
                                         {QStringLiteral("native"), static_cast<qint64>(v.fit.native)},
                                         {QStringLiteral("ptx_only"), static_cast<qint64>(v.fit.jit)}};
    } else if (facts.import.outcome == python::ImportResult::Outcome::Ok && !facts.import.archList.isEmpty()) {
        out.support = knowledge::KnowledgeBase::archSupport(facts.import.archList, g.ccMajor, g.ccMinor);
    } else if (!variant.isEmpty()) {
        out.source = QStringLiteral("table");
        out.support = kb.archSupport(variant, g.ccMajor, g.ccMinor, t.torch, t.os, t.machine);
        const auto release = kb.release(t.torch);
        const knowledge::ArchEntry *row = kb.archEntry(variant, t.torch, t.os, t.machine);
        out.archList.clear();
        if (row) {
            for (const QString &a : row->archs)
                out.archList << QStringLiteral("sm_") + QString(a).remove(QLatin1Char('.'));
            for (const QString &p : row->ptx)
                out.archList << QStringLiteral("compute_") + QString(p).remove(QLatin1Char('.'));
        }
        out.fromTable = release ? inferenceNote(*release, QStringLiteral("cuda"), kb) : QString();
        if (out.fromTable.isEmpty() && row && row->confidence == QLatin1String("unverified"))
            out.fromTable = QLatin1Char(' ')
                            + GpuCheck::tr("The architecture list of %1 builds for this platform is not confirmed "
                                           "by a source: likely, not certain.")
                                  .arg(variant);
    }
    return out;
}

// cuda.gpu-arch-unsupported: the build has no machine code for `g`, or PTX alone.
Finding archUnsupported(const knowledge::KnowledgeBase &kb, const Target &t, const QString &driverVersion,
                        const platform::Gpu &g, const ArchVerdict &v)
{
    const auto choice = kb.bestVariant(driverVersion, t.os, g.ccMajor, g.ccMinor, t.python, {}, t.machine);
    return withEvidence(
        makeFinding(
            QStringLiteral("cuda.gpu-arch-unsupported"),
            v.support == knowledge::Support::No ? Severity::Error : Severity::Warning,
            (v.fromTable.isEmpty() ? GpuCheck::tr("torch %1 has no code for %2 (compute capability %3.%4)")
                                   : GpuCheck::tr("torch %1 likely has no code for %2 (compute capability %3.%4)"))
                .arg(t.torch, g.name)
                .arg(g.ccMajor)
                .arg(g.ccMinor),
            v.support == knowledge::Support::No
                ? GpuCheck::tr("This build's kernels are compiled for other GPU generations (%1), so CUDA calls "
                               "fail with \"no kernel image is available for execution on the device\". Install "
                               "a build that covers sm_%2%3: %4.")
                          .arg(v.archList.join(QStringLiteral(" ")))
                          .arg(g.ccMajor)
                          .arg(g.ccMinor)
                          .arg(choice.indexUrl)
                      + v.fromBinary + v.fromTable
                : GpuCheck::tr("Only PTX for JIT compilation covers this GPU: the first run of each kernel is "
                               "slow. A build with native code is %1.")
                          .arg(choice.indexUrl)
                      + v.fromBinary + v.fromTable,
            QJsonObject{{QStringLiteral("gpu"), g.name},
                        {QStringLiteral("compute_capability"), QStringLiteral("%1.%2").arg(g.ccMajor).arg(g.ccMinor)},
                        {QStringLiteral("arch_list"), toJsonArray(v.archList)},
                        {QStringLiteral("arch_source"), v.source},
                        {QStringLiteral("torch"), t.torch},
                        {QStringLiteral("suggested_index"), choice.indexUrl}},
            {FixFamily::Reinstall}),
        QStringLiteral("binary"), v.binaryEvidence);
}

// A CUDA torch where the GPUs are AMD's: named as such, with the builds that run on them.
Finding cudaBuildOnAmd(const knowledge::KnowledgeBase &kb, const QString &torch, const QString &cuda,
                       const platform::GpuInfo &gpu, QJsonObject evidence)
{
    const bool linux = !gpu.amdGfx.isEmpty(); // the kernel's KFD topology; Windows names its adapters
    evidence.insert(linux ? QStringLiteral("amd_gfx") : QStringLiteral("amd_adapters"),
                    toJsonArray(linux ? gpu.amdGfx : gpu.amdAdapters));
    const QStringList amd = gpu.amdGpus();
    QString detail = GpuCheck::tr("CUDA builds of torch run only on NVIDIA GPUs; this machine's GPU is an %1 "
                                  "(%2), so torch runs on the CPU.")
                         .arg(amd.join(QStringLiteral(", ")), linux ? GpuCheck::tr("the kernel's KFD topology")
                                                                    : GpuCheck::tr("Windows' device setup"));
    const auto release = kb.release(torch);
    const QString rocm = release && !release->rocm.isEmpty() ? release->rocm.last() : QString();
    if (linux && !rocm.isEmpty()) {
        evidence.insert(QStringLiteral("suggested_index"),
                        QString(QStringLiteral("https://download.pytorch.org/whl/rocm") + rocm));
        detail += u' '
                  + GpuCheck::tr("PyTorch's ROCm build of torch %1 is the one for AMD GPUs "
                                 "(`pip install torch --index-url https://download.pytorch.org/whl/rocm%2`), if its "
                                 "targets include this GPU.")
                        .arg(release->torch, rocm);
    } else if (!linux) {
        detail += u' '
                  + GpuCheck::tr("On Windows, torch reaches an AMD GPU through DirectML (the torch-directml package, "
                                 "which pins the torch it works with), or through AMD's own ROCm builds for the "
                                 "Radeon cards AMD lists; the CUDA and CPU builds of PyTorch's index do not use it.");
    }
    return makeFinding(QStringLiteral("cuda.no-driver"), Severity::Warning,
                       GpuCheck::tr("torch is a CUDA %1 build, but this machine's GPU is an %2")
                           .arg(cuda, amd.value(0)),
                       detail, evidence, {FixFamily::System});
}

} // namespace

QList<Finding> GpuCheck::run(const Facts &facts, const knowledge::KnowledgeBase &kb) const
{
    QList<Finding> out;
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!probe || !probe->torch.installed || !facts.has(Fact::Gpu))
        return out;
    const platform::GpuInfo &gpu = facts.gpu;
    const knowledge::Os os = osOfPlatform(probe->interpreter.platform);
    const QString machine = machineOf(probe->interpreter);
    const QString torch = probe->torch.version;
    const QString cuda = torchCuda(facts);
    const QString python = QStringLiteral("%1.%2")
                               .arg(probe->interpreter.version.majorVersion())
                               .arg(probe->interpreter.version.minorVersion());
    const QJsonObject gpuEvidence{{QStringLiteral("driver"), gpu.driverVersion},
                                  {QStringLiteral("driver_cuda"), gpu.cudaDriverVersionString()},
                                  {QStringLiteral("torch"), torch},
                                  {QStringLiteral("torch_cuda"), cuda},
                                  {QStringLiteral("source"), gpu.source}};
    if (os == knowledge::Os::MacOS)
        return out; // no CUDA on macOS: MPS is reported by the import
    if (isRocmBuild(probe->torch))
        return hipArchFindings(facts, probe->torch);

    if (!gpu.nvidiaDriverFound) {
        if (!cuda.isEmpty() && gpu.amdOnly())
            out << cudaBuildOnAmd(kb, torch, cuda, gpu, gpuEvidence);
        else if (!cuda.isEmpty())
            out << makeFinding(QStringLiteral("cuda.no-driver"), Severity::Warning,
                               tr("torch is a CUDA %1 build, but no NVIDIA driver was found").arg(cuda),
                               tr("Without an NVIDIA driver torch runs on the CPU. If this machine has an NVIDIA GPU, "
                                  "install its driver (%1). If it has none, the CPU build of torch is smaller. "
                                  "Looked for: %2.")
                                   .arg(kb.minimumDriver(cuda, os).isEmpty()
                                            ? tr("any recent one")
                                            : tr("%1 or newer").arg(kb.minimumDriver(cuda, os)),
                                        gpu.notes.join(QStringLiteral("; "))),
                               gpuEvidence, {FixFamily::System});
        return out;
    }
    const platform::Gpu *first = gpu.gpus.isEmpty() ? nullptr : &gpu.gpus.first();
    if (cuda.isEmpty()) {
        const auto choice = kb.bestVariant(gpu.driverVersion, os, first ? first->ccMajor : 0,
                                           first ? first->ccMinor : 0, python, {}, machine);
        out << makeFinding(
            QStringLiteral("cuda.cpu-build-with-gpu"), Severity::Warning,
            tr("An NVIDIA GPU is here, but torch %1 is a CPU-only build").arg(torch),
            tr("torch will not use %1. For driver %2 the right build comes from %3 (%4).")
                .arg(first ? first->name : tr("the GPU"), gpu.driverVersion, choice.indexUrl, choice.variant),
            QJsonObject{{QStringLiteral("driver"), gpu.driverVersion},
                        {QStringLiteral("torch"), torch},
                        {QStringLiteral("suggested_index"), choice.indexUrl},
                        {QStringLiteral("suggested_variant"), choice.variant}},
            {FixFamily::Reinstall});
        return out;
    }
    const knowledge::Support driver = kb.driverSupport(gpu.driverVersion, cuda, os);
    if (driver == knowledge::Support::No) {
        QJsonObject withRequiredDriver = gpuEvidence;
        withRequiredDriver.insert(QStringLiteral("required_driver"), kb.minimumDriver(cuda, os));
        const auto choice = kb.bestVariant(gpu.driverVersion, os, first ? first->ccMajor : 0,
                                           first ? first->ccMinor : 0, python, torch, machine);
        out << makeFinding(
            QStringLiteral("cuda.driver-too-old"), Severity::Error,
            tr("The NVIDIA driver %1 is too old for torch's CUDA %2").arg(gpu.driverVersion, cuda),
            tr("torch %1 is built with CUDA %2, which needs driver %3 or newer; driver %4 supports "
               "CUDA up to %5. Update the driver, or install a torch built for an older CUDA%6.")
                .arg(torch, cuda, kb.minimumDriver(cuda, os), gpu.driverVersion, gpu.cudaDriverVersionString(),
                     choice.variant.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(choice.indexUrl)),
            withRequiredDriver, {FixFamily::System, FixFamily::Reinstall});
    }
    const QString variant = localLabel(torch).startsWith(QLatin1String("cu")) ? localLabel(torch) : QString();
    const QList<LibraryCudaCode> binaryCode =
        facts.libraries ? readTorchCudaCode(*facts.libraries) : QList<LibraryCudaCode>{};
    const Target target{os, machine, torch, python};
    for (const platform::Gpu &g : gpu.gpus) {
        if (g.ccMajor == 0)
            continue;
        const ArchVerdict arch = archFor(facts, kb, target, binaryCode, variant, g);
        if (arch.support == knowledge::Support::Full)
            continue;
        out << archUnsupported(kb, target, gpu.driverVersion, g, arch);
    }
    // Everything above looks right, and still no CUDA.
    if (out.isEmpty() && facts.import.outcome == python::ImportResult::Outcome::Ok && !facts.import.cudaAvailable
        && !gpu.gpus.isEmpty()) {
        out << makeFinding(QStringLiteral("cuda.unavailable"), Severity::Warning,
                           tr("torch.cuda.is_available() is False"),
                           tr("torch %1 (CUDA %2) and driver %3 should work together, yet torch sees no GPU. Check "
                              "CUDA_VISIBLE_DEVICES, that no other process holds the GPU in exclusive mode, and that "
                              "the driver's kernel module is loaded (nvidia-smi works).")
                               .arg(torch, cuda, gpu.driverVersion),
                           gpuEvidence);
    }
    return out;
}

} // namespace td::checks
