// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SystemChecks.h"

#include "checks/CheckSupport.h"
#include "checks/CudaArch.h"
#include "checks/InstallationChecks.h"
#include "checks/VariableOrigin.h"
#include "platform/NativeText.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace td::checks {

namespace {

// `finding` with one more piece of evidence, when there is something to add.
Finding withEvidence(Finding finding, const QString &key, const QJsonObject &value)
{
    if (!value.isEmpty())
        finding.evidence.insert(key, value);
    return finding;
}

// "2.5.1+cu121" -> "cu121"; "" when there is no local label.
QString localLabel(const QString &version)
{
    const qsizetype plus = version.indexOf(u'+');
    return plus < 0 ? QString() : version.mid(plus + 1);
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

// "x86_64", "aarch64": the interpreter's CPU as the knowledge base names it.
QString machineOf(const python::Interpreter &in)
{
    return in.machine.compare(QLatin1String("AMD64"), Qt::CaseInsensitive) == 0 ? QStringLiteral("x86_64")
                                                                                : in.machine;
}

// Where a verdict rests on facts the knowledge base does not hold for this very release,
// the sentence that says so (empty when it does hold them).
QString inferenceNote(const knowledge::Release &release, const QString &field, const knowledge::KnowledgeBase &kb)
{
    if (!release.inferredFrom.isEmpty())
        return QLatin1Char(' ')
               + QCoreApplication::translate("KnowledgeCheck",
                                             "torch %1 is newer than the knowledge base (dated %2), so this is "
                                             "inferred from torch %3: likely, not certain.")
                     .arg(release.torch, kb.date().toString(Qt::ISODate), release.inferredFrom);
    if (!release.certain(field))
        return QLatin1Char(' ')
               + QCoreApplication::translate("KnowledgeCheck",
                                             "No source confirms these facts for torch %1 yet: likely, not certain.")
                     .arg(release.torch);
    return {};
}

bool isAscii(const QString &s)
{
    return std::all_of(s.begin(), s.end(), [](QChar c) { return c.unicode() < 0x80; });
}

} // namespace

// ---- Python ----------------------------------------------------------------

QString PythonCheck::id() const
{
    return QStringLiteral("python");
}
QString PythonCheck::title() const
{
    return tr("Is the Python interpreter one PyTorch supports?");
}
FactSet PythonCheck::needs() const
{
    return Fact::Interpreters | Fact::Import;
}

namespace {

struct PythonText {
    Q_DECLARE_TR_FUNCTIONS(PythonCheck)
};

// An interpreter that starts once one variable (or one entry of it) is taken out: that variable is the cause,
// where it is set, and the environment repair takes it out.
Finding startBlocked(const Facts &facts, const python::Interpreter &in)
{
    const python::StartBlocker &b = *in.stoppedBy;
    const QString python = facts.chosenExecutable;
    const QString setting = b.entry.isEmpty() ? QStringLiteral("%1=%2").arg(b.variable, b.value)
                                              : PythonText::tr("the entry %1 of %2").arg(b.entry, b.variable);
    const VariableOrigin origin = VariableOrigin::of(facts, b.variable, b.entry.isEmpty() ? b.value : b.entry);
    QJsonObject evidence{{QStringLiteral("python"), python},       {QStringLiteral("problem"), in.problem},
                         {QStringLiteral("variable"), b.variable}, {QStringLiteral("value"), b.value},
                         {QStringLiteral("set_in"), origin.setIn}};
    if (b.entry.isEmpty())
        evidence.insert(QStringLiteral("unset"), true); // the whole variable goes, not one entry of it
    else
        evidence.insert(QStringLiteral("entry"), b.entry);
    const QString detail = PythonText::tr("%1 does not start with %2 set (%3). Started without it, it works: the "
                                          "environment is at fault, not this Python. %4")
                               .arg(python, setting, in.problem, origin.text);
    return makeFinding(QStringLiteral("python.unusable"), Severity::Error,
                       PythonText::tr("%1 keeps %2 from starting").arg(b.variable, python), detail, evidence,
                       {FixFamily::Env});
}

} // namespace

QList<Finding> PythonCheck::run(const Facts &facts, const knowledge::KnowledgeBase &kb) const
{
    QList<Finding> out;
    const python::StaticProbe *probe = facts.chosenProbe();
    const bool wizard = facts.request.wizard;
    if (facts.chosenExecutable.isEmpty()) {
        const QString name = wizard ? tr("or choose its program with Browse… on the first page.")
                                    : tr("or name one with --python.");
#ifdef Q_OS_WIN
        const QString where = tr("No python.exe is on PATH, the Python launcher (py -0p) lists none, none is "
                                 "registered under HKEY_CURRENT_USER or HKEY_LOCAL_MACHINE\\Software\\Python (PEP 514), "
                                 "none is in a conda, pyenv-win or uv folder, and no interpreter was named. Install "
                                 "Python from python.org (64-bit, a version PyTorch supports) %1").arg(name);
#else
        const QString where = tr("Neither python3 nor python is on PATH, and no interpreter was named. Install Python "
                                 "(64-bit, a version PyTorch supports) %1").arg(name);
#endif
        out << makeFinding(QStringLiteral("python.not-found"), Severity::Error, tr("No Python interpreter was found"),
                           where, {});
        return out;
    }
    if (probe && probe->interpreter.timedOut) {
        // Slow to start is no broken system: something runs at its startup.
        const QString python = facts.chosenExecutable;
        out << makeFinding(
            QStringLiteral("python.slow"), Severity::Error, tr("%1 takes too long to start").arg(python),
            tr("%1 did not answer within %2 s. A Python that starts this slowly runs something of its own at "
               "startup: a .pth file in its site-packages, sitecustomize.py or usercustomize.py, or the file "
               "PYTHONSTARTUP names. Run `%1 -X importtime -c pass` in a terminal to see what takes the time, and "
               "remove or fix it; or choose another interpreter.")
                .arg(python)
                .arg(qRound(static_cast<double>(probe->elapsedMs) / 1000.0)),
            QJsonObject{{QStringLiteral("python"), python}, {QStringLiteral("problem"), probe->interpreter.problem},
                        {QStringLiteral("elapsed_ms"), probe->elapsedMs}},
            {});
        return out;
    }
    if (std::optional<Finding> gone = venvBaseGone(facts)) {
        out << *gone;
        return out;
    }
    if (probe && !probe->interpreter.usable && probe->interpreter.stoppedBy) {
        out << startBlocked(facts, probe->interpreter);
        return out;
    }
    if (!probe || !probe->interpreter.usable) {
        const QString problem = probe ? probe->interpreter.problem : tr("it could not be run");
        out << makeFinding(
            QStringLiteral("python.unusable"), Severity::Error,
            tr("%1 does not work as a Python interpreter").arg(facts.chosenExecutable),
            (wizard ? tr("%1: %2. Choose a working interpreter on the first page.")
                    : tr("%1: %2. Name a working interpreter with --python."))
                .arg(facts.chosenExecutable, problem),
            QJsonObject{{QStringLiteral("python"), facts.chosenExecutable}, {QStringLiteral("problem"), problem}});
        return out;
    }
    const python::Interpreter &in = probe->interpreter;
    const QJsonObject evidence{{QStringLiteral("python"), in.executable},
                               {QStringLiteral("version"), in.version.toString()},
                               {QStringLiteral("bits"), in.bits},
                               {QStringLiteral("machine"), in.machine}};
    if (in.bits == 32) {
        out << makeFinding(QStringLiteral("python.32-bit"), Severity::Error, tr("This Python is 32-bit"),
                           tr("PyTorch publishes 64-bit builds only, and a 32-bit process cannot load 64-bit DLLs "
                              "(WinError 193). Install a 64-bit Python and PyTorch into it."),
                           evidence);
    }
    const knowledge::Os os = osOfPlatform(in.platform);
    const QString machine = machineOf(in);
    if (in.bits == 64 && !machine.isEmpty() && !kb.hasWheels(os, machine)) {
        out << makeFinding(QStringLiteral("python.unsupported-platform"), Severity::Error,
                           tr("PyTorch publishes no builds for %1 on this system").arg(machine),
                           os == knowledge::Os::MacOS
                               ? tr("Current PyTorch releases for macOS are for Apple silicon (arm64) only. An x86_64 "
                                    "Python (for example one running under Rosetta) cannot install them: use an "
                                    "arm64 Python.")
                               : tr("Wheels exist for Linux x86_64 and aarch64, Windows x86_64 and macOS arm64."),
                           evidence, {FixFamily::Docker});
    }
    if (facts.system.rosetta) {
        out << makeFinding(QStringLiteral("python.unsupported-platform"), Severity::Warning,
                           tr("TorchDoctor itself runs under Rosetta"),
                           tr("This is an Apple silicon Mac running x86_64 code. A Python running the same way loads "
                              "x86_64 libraries only, and PyTorch's macOS builds are arm64 only."),
                           {});
    }
    const QString python = QStringLiteral("%1.%2").arg(in.version.majorVersion()).arg(in.version.minorVersion());
    QString torch = probe->torch.installed ? probe->torch.version : QString();
    if (torch.isEmpty() && !kb.releases().isEmpty())
        torch = kb.releases().constLast().torch; // what an install would get
    // A torch that imports works with this Python, whatever the wheel matrix
    // says (distributions build their own); and a release we do not know
    // (1.x, a source build) is not judged.
    const bool imports = facts.import.outcome == python::ImportResult::Outcome::Ok;
    const auto release = torch.isEmpty() ? std::nullopt : kb.release(torch);
    if (release && !imports) {
        const knowledge::Support support = kb.pythonSupport(torch, python);
        const QString range = QStringLiteral("%1–%2").arg(release->pythonMin, release->pythonMax);
        const QString inferred = inferenceNote(*release, QStringLiteral("python"), kb);
        QJsonObject withRange = evidence;
        withRange.insert(QStringLiteral("supported_python"), range);
        if (!release->inferredFrom.isEmpty())
            withRange.insert(QStringLiteral("inferred_from"), release->inferredFrom);
        if (support == knowledge::Support::No)
            out << makeFinding(QStringLiteral("python.unsupported-version"), Severity::Error,
                               inferred.isEmpty() ? tr("Python %1 is not supported by torch %2").arg(python, torch)
                                                  : tr("Python %1 is likely not supported by torch %2").arg(python, torch),
                               tr("torch %1 supports Python %2. Use a Python in that range (a venv with the right "
                                  "version is simplest), or a torch release that supports Python %3.")
                                       .arg(torch, range, python)
                                   + inferred,
                               withRange, {FixFamily::Reinstall, FixFamily::Docker});
        else if (support == knowledge::Support::Limited)
            out << makeFinding(QStringLiteral("python.unsupported-version"), Severity::Warning,
                               tr("Python %1 is only experimental for torch %2").arg(python, torch),
                               tr("torch %1 fully supports Python %2; builds for %3 are experimental and some "
                                  "features may be missing.")
                                       .arg(torch, range, python)
                                   + inferred,
                               withRange, {FixFamily::Reinstall});
    }
    return out;
}

// ---- Knowledge -------------------------------------------------------------

QString KnowledgeCheck::id() const
{
    return QStringLiteral("knowledge");
}
QString KnowledgeCheck::title() const
{
    return tr("Does TorchDoctor know this torch release?");
}
FactSet KnowledgeCheck::needs() const
{
    return Fact::Interpreters;
}

QList<Finding> KnowledgeCheck::run(const Facts &facts, const knowledge::KnowledgeBase &kb) const
{
    QList<Finding> out;
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!probe || !probe->torch.installed || probe->torch.version.isEmpty())
        return out;
    const auto release = kb.release(probe->torch.version);
    if (!release || release->inferredFrom.isEmpty())
        return out;
    const QString date = kb.date().toString(Qt::ISODate);
    out << makeFinding(
        QStringLiteral("knowledge.outdated"), Severity::Info,
        tr("torch %1 is newer than TorchDoctor's knowledge (dated %2)").arg(probe->torch.version, date),
        tr("The knowledge base knows torch releases up to %1. For torch %2 these facts are inferred from %1: the "
           "supported Python versions (%3–%4), the CUDA variants (%5), the GPU architectures of their builds and "
           "the matching torchvision (%6) and torchaudio (%7). Every verdict built on them says \"likely\". A "
           "newer TorchDoctor knows more.")
            .arg(release->inferredFrom, release->torch, release->pythonMin, release->pythonMax,
                 (release->cudaStable + release->cudaExperimental).join(QStringLiteral(", ")), release->torchvision,
                 release->torchaudio),
        QJsonObject{{QStringLiteral("torch"), probe->torch.version},
                    {QStringLiteral("newest_known"), release->inferredFrom},
                    {QStringLiteral("knowledge_date"), date},
                    {QStringLiteral("inferred"), toJsonArray({QStringLiteral("python"), QStringLiteral("cuda"),
                                                              QStringLiteral("gpu-arch"), QStringLiteral("torchvision"),
                                                              QStringLiteral("torchaudio")})}});
    return out;
}

// ---- Packages --------------------------------------------------------------

QString PackagesCheck::id() const
{
    return QStringLiteral("packages");
}
QString PackagesCheck::title() const
{
    return tr("Do torchvision and torchaudio match torch?");
}
FactSet PackagesCheck::needs() const
{
    return Fact::Interpreters;
}

QList<Finding> PackagesCheck::run(const Facts &facts, const knowledge::KnowledgeBase &kb) const
{
    QList<Finding> out;
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!probe || !probe->torch.installed || probe->torch.version.isEmpty())
        return out;
    const QString torch = probe->torch.version;
    const auto expected = kb.companions(torch);
    const auto release = kb.release(torch);
    for (const python::PackageInfo &p : probe->torch.companions) {
        const QString name = p.name.toLower();
        if (name != QLatin1String("torchvision") && name != QLatin1String("torchaudio"))
            continue;
        // Its own METADATA's pin on torch, when it has one, is the word on its version (the installation
        // check tells a pin the installed torch fails); the table is for those without.
        const auto pinsTorch = [&](const python::Requirement &r) {
            return r.satisfied.has_value() && normalizedDistribution(r.requiredBy) == normalizedDistribution(p.name);
        };
        const bool pinned =
            std::any_of(probe->torch.dependents.cbegin(), probe->torch.dependents.cend(), pinsTorch);
        QString problem;
        if (expected && !pinned) {
            const QString want = name == QLatin1String("torchvision") ? expected->torchvision : expected->torchaudio;
            const QString have = p.version.section(u'+', 0, 0);
            const bool orLater =
                name == QLatin1String("torchaudio") ? expected->torchaudioOrLater : expected->torchvisionOrLater;
            const bool matches = orLater ? knowledge::KnowledgeBase::compareVersions(have, want) >= 0
                                         : (have == want || have.startsWith(want + u'.'));
            if (!want.isEmpty() && !matches)
                problem = tr("%1 %2 is installed, but torch %3 needs %1 %4%5.")
                              .arg(p.name, p.version, torch, want, orLater ? tr(" or later") : QString())
                          + (release ? inferenceNote(*release, name, kb) : QString());
        }
        // A CPU torchvision with a CUDA torch (or another CUDA) fails at the first operator.
        const QString torchLabel = localLabel(torch), theirLabel = localLabel(p.version);
        if (problem.isEmpty() && !torchLabel.isEmpty() && !theirLabel.isEmpty() && torchLabel != theirLabel)
            problem =
                tr("%1 %2 is built for %3, torch %4 for %5.").arg(p.name, p.version, theirLabel, torch, torchLabel);
        if (!problem.isEmpty())
            out << makeFinding(
                QStringLiteral("packages.mismatch"), Severity::Error,
                tr("%1 does not match torch %2").arg(p.name, torch),
                problem + QLatin1Char(' ')
                    + tr("Mismatched packages fail with errors such as \"operator torchvision::nms does "
                         "not exist\" or undefined symbols. Reinstall them together from the same index."),
                QJsonObject{{QStringLiteral("package"), p.name},
                            {QStringLiteral("version"), p.version},
                            {QStringLiteral("torch"), torch},
                            {QStringLiteral("location"), p.location}},
                {FixFamily::Reinstall});
    }
    return out;
}

// ---- GPU -------------------------------------------------------------------

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

    if (!gpu.nvidiaDriverFound) {
        if (!cuda.isEmpty())
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
    // What the installed libraries carry decides; torch's own list, then the table, stand in.
    const QList<LibraryCudaCode> binaryCode =
        facts.libraries ? readTorchCudaCode(*facts.libraries) : QList<LibraryCudaCode>{};
    for (const platform::Gpu &g : gpu.gpus) {
        if (g.ccMajor == 0)
            continue;
        knowledge::Support arch = knowledge::Support::Full;
        QStringList archList = facts.import.archList;
        QString archSource = QStringLiteral("torch");
        // The table stands in for the build's own list when torch does not import: say how sure it is.
        QString fromTable, fromBinary;
        QJsonObject binaryEvidence;
        if (!binaryCode.isEmpty()) {
            const BinaryArchVerdict v = binaryArchSupport(binaryCode, g.ccMajor, g.ccMinor);
            arch = v.support;
            archList = v.archList;
            archSource = QStringLiteral("binary");
            fromBinary = QLatin1Char(' ')
                         + tr("Read from the fatbinaries of %1: %2 of its %3 compiled files have machine code for "
                              "this GPU and %4 more only PTX. Machine code for sm_XY runs on compute capability "
                              "X.Y and newer X.*; PTX for compute_XY is compiled by the driver for X.Y and every "
                              "newer GPU; the arch-specific sm_XYa runs on X.Y alone.")
                               .arg(v.library)
                               .arg(v.fit.native)
                               .arg(v.fit.fatbins)
                               .arg(v.fit.jit);
            binaryEvidence = QJsonObject{{QStringLiteral("library"), v.library},
                                         {QStringLiteral("fatbins"), static_cast<qint64>(v.fit.fatbins)},
                                         {QStringLiteral("native"), static_cast<qint64>(v.fit.native)},
                                         {QStringLiteral("ptx_only"), static_cast<qint64>(v.fit.jit)}};
        } else if (facts.import.outcome == python::ImportResult::Outcome::Ok && !facts.import.archList.isEmpty()) {
            arch = knowledge::KnowledgeBase::archSupport(facts.import.archList, g.ccMajor, g.ccMinor);
        } else if (!variant.isEmpty()) {
            archSource = QStringLiteral("table");
            arch = kb.archSupport(variant, g.ccMajor, g.ccMinor, torch, os, machine);
            const auto release = kb.release(torch);
            const knowledge::ArchEntry *row = kb.archEntry(variant, torch, os, machine);
            archList.clear();
            if (row) {
                for (const QString &a : row->archs)
                    archList << QStringLiteral("sm_") + QString(a).remove(QLatin1Char('.'));
                for (const QString &p : row->ptx)
                    archList << QStringLiteral("compute_") + QString(p).remove(QLatin1Char('.'));
            }
            fromTable = release ? inferenceNote(*release, QStringLiteral("cuda"), kb) : QString();
            if (fromTable.isEmpty() && row && row->confidence == QLatin1String("unverified"))
                fromTable = QLatin1Char(' ')
                            + tr("The architecture list of %1 builds for this platform is not confirmed by a "
                                 "source: likely, not certain.")
                                  .arg(variant);
        }
        if (arch == knowledge::Support::Full)
            continue;
        const auto choice = kb.bestVariant(gpu.driverVersion, os, g.ccMajor, g.ccMinor, python, {}, machine);
        out << withEvidence(makeFinding(
            QStringLiteral("cuda.gpu-arch-unsupported"),
            arch == knowledge::Support::No ? Severity::Error : Severity::Warning,
            (fromTable.isEmpty() ? tr("torch %1 has no code for %2 (compute capability %3.%4)")
                                 : tr("torch %1 likely has no code for %2 (compute capability %3.%4)"))
                .arg(torch, g.name)
                .arg(g.ccMajor)
                .arg(g.ccMinor),
            arch == knowledge::Support::No
                ? tr("This build's kernels are compiled for other GPU generations (%1), so CUDA calls "
                     "fail with \"no kernel image is available for execution on the device\". Install "
                     "a build that covers sm_%2%3: %4.")
                      .arg(archList.join(QStringLiteral(" ")))
                      .arg(g.ccMajor)
                      .arg(g.ccMinor)
                      .arg(choice.indexUrl)
                      + fromBinary + fromTable
                : tr("Only PTX for JIT compilation covers this GPU: the first run of each kernel is "
                     "slow. A build with native code is %1.")
                          .arg(choice.indexUrl)
                      + fromBinary + fromTable,
            QJsonObject{{QStringLiteral("gpu"), g.name},
                        {QStringLiteral("compute_capability"), QStringLiteral("%1.%2").arg(g.ccMajor).arg(g.ccMinor)},
                        {QStringLiteral("arch_list"), toJsonArray(archList)},
                        {QStringLiteral("arch_source"), archSource},
                        {QStringLiteral("torch"), torch},
                        {QStringLiteral("suggested_index"), choice.indexUrl}},
            {FixFamily::Reinstall}), QStringLiteral("binary"), binaryEvidence);
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

// ---- Environment -----------------------------------------------------------

QString EnvironmentCheck::id() const
{
    return QStringLiteral("environment");
}
QString EnvironmentCheck::title() const
{
    return tr("Do environment variables or paths get in the way?");
}
FactSet EnvironmentCheck::needs() const
{
    return Fact::Interpreters | Fact::Libraries | Fact::Import | Fact::Terminal;
}

namespace {

// What differs in a new terminal, and how `import torch` does there.
Finding terminalFinding(const Facts &facts, const QList<platform::EnvironmentDifference> &differences)
{
    auto shown = [](const std::optional<QString> &value) {
        return value ? (value->isEmpty() ? EnvironmentCheck::tr("set but empty") : *value) : EnvironmentCheck::tr("not set");
    };
    auto json = [](const std::optional<QString> &value) { return value ? QJsonValue(*value) : QJsonValue(); };
    QStringList lines;
    QJsonArray variables;
    for (const platform::EnvironmentDifference &d : differences) {
        lines << EnvironmentCheck::tr("%1: here %2; in a new terminal %3").arg(d.name, shown(d.here), shown(d.there));
        variables.append(QJsonObject{{QStringLiteral("name"), d.name},
                                     {QStringLiteral("here"), json(d.here)},
                                     {QStringLiteral("terminal"), json(d.there)}});
    }
    const platform::TerminalEnvironment &terminal = *facts.terminal;
    QJsonObject evidence{{QStringLiteral("shell"), terminal.shell},
                         {QStringLiteral("command"), toJsonArray(terminal.command)},
                         {QStringLiteral("variables"), variables},
                         {QStringLiteral("terminal_python"), facts.terminalPython}};
    if (!terminal.registryKeys.isEmpty())
        evidence.insert(QStringLiteral("registry_keys"), toJsonArray(terminal.registryKeys));
    Severity severity = Severity::Info;
    QString importText;
    if (facts.terminalImport && facts.terminalImport->outcome != python::ImportResult::Outcome::NotRun) {
        const python::ImportResult &there = *facts.terminalImport;
        const bool worksThere = there.outcome == python::ImportResult::Outcome::Ok;
        evidence.insert(QStringLiteral("terminal_import_ok"), worksThere);
        if (worksThere) {
            importText = EnvironmentCheck::tr("In a new terminal, `import torch` works with %1 (torch %2).").arg(facts.terminalPython, there.version);
            if (facts.import.outcome != python::ImportResult::Outcome::Ok
                && facts.import.outcome != python::ImportResult::Outcome::NotRun)
                severity = Severity::Warning; // only TorchDoctor's own environment fails
        } else {
            const QString why = there.exceptionType.isEmpty() ? there.problem
                                                              : there.exceptionType + QStringLiteral(": ") + there.message;
            evidence.insert(QStringLiteral("terminal_import_error"), why);
            importText = EnvironmentCheck::tr("In a new terminal, `import torch` fails with %1: %2").arg(facts.terminalPython, why);
            severity = Severity::Error;
        }
    }
    QString detail = terminal.registryKeys.isEmpty()
        ? EnvironmentCheck::tr("A new terminal (%1 with its startup files) starts programs with another "
                               "environment than TorchDoctor's own, in what decides which Python runs and "
                               "what it loads. A program started from the desktop does not get what "
                               "~/.bashrc or conda's activation set; the diagnosis above is of TorchDoctor's "
                               "own environment.")
              .arg(terminal.shell)
        : EnvironmentCheck::tr("A new terminal (%1) gets the environment of the registry (%2), and it differs from "
                               "TorchDoctor's own in what decides which Python runs and what it loads: TorchDoctor "
                               "was started from a terminal with variables of its own, or before the user or "
                               "system environment was changed. The diagnosis above is of TorchDoctor's own "
                               "environment.")
              .arg(terminal.shell, terminal.registryKeys.join(QStringLiteral(", ")));
    detail += u'\n' + lines.join(u'\n');
    if (!importText.isEmpty())
        detail += u'\n' + importText;
    return makeFinding(QStringLiteral("env.terminal-differs"), severity,
                       EnvironmentCheck::tr("A new terminal gets a different environment"), detail, evidence);
}

// The loader problems (errors) whose failing file is `path`: what a variable's entry causes.
QStringList errorsAt(const loader::Graph &graph, const std::string &path)
{
    QStringList out;
    for (const loader::Problem &p : graph.problems)
        if (p.severity == loader::Severity::Error && !p.neededBy.empty() && !p.paths.empty() && p.paths[0] == path)
            out << QString::fromLatin1(loader::toString(p.kind));
    out.removeDuplicates();
    return out;
}

QList<Finding> searchVariableFindings(const Facts &facts, const loader::Graph &graph)
{
    using platform::fromNativeBytes;
    QList<Finding> out;
    const auto finding = [&](const SearchEntry &at, const QString &title, const QString &why, QJsonObject evidence,
                             const QStringList &causes) {
        const VariableOrigin origin = VariableOrigin::of(facts, at.variable, at.entry);
        evidence.insert(QStringLiteral("variable"), at.variable);
        evidence.insert(QStringLiteral("entry"), at.entry);
        if (!origin.text.isEmpty())
            evidence.insert(QStringLiteral("set_in"), origin.setIn);
        if (!causes.isEmpty()) {
            evidence.insert(QStringLiteral("root_cause"), true);
            evidence.insert(QStringLiteral("causes"), toJsonArray(causes));
        }
        out << makeFinding(QStringLiteral("env.suspicious"), causes.isEmpty() ? Severity::Warning : Severity::Error,
                           title, origin.text.isEmpty() ? why : why + u' ' + origin.text, evidence, {FixFamily::Env});
    };
    for (const loader::Problem &p : graph.problems) {
        if (p.kind == loader::ProblemKind::Shadowed && p.paths.size() >= 2) {
            const QString winner = fromNativeBytes(p.paths[0]);
            for (const loader::Library &lib : graph.libraries) {
                if (lib.path != p.paths[0] || (lib.via != loader::Via::LdLibraryPath && lib.via != loader::Via::Path))
                    continue;
                const SearchEntry at{QString::fromStdString(loader::searchRuleName(lib.via)),
                                     fromNativeBytes(lib.viaEntry)};
                finding(at,
                        EnvironmentCheck::tr("%1 puts another %2 in front of torch's")
                            .arg(at.variable, fromNativeBytes(p.name)),
                        EnvironmentCheck::tr("%1 contains %2, so %3 loads instead of %4. A stale entry like this is "
                                             "the classic cause of \"undefined symbol\" and \"version not found\" "
                                             "errors (for example an old libnvJitLink from a system CUDA). Remove "
                                             "the entry where it is set.")
                            .arg(at.variable, at.entry, winner, fromNativeBytes(p.paths[1])),
                        QJsonObject{{QStringLiteral("library"), fromNativeBytes(p.name)},
                                    {QStringLiteral("loaded"), winner},
                                    {QStringLiteral("shadowed"), fromNativeBytes(p.paths[1])}},
                        errorsAt(graph, p.paths[0]));
                break;
            }
        } else if ((p.kind == loader::ProblemKind::NotALibrary || p.kind == loader::ProblemKind::Unreadable)
                   && p.severity == loader::Severity::Error && !p.neededBy.empty() && !p.paths.empty()) {
            // A file that is no library (empty, truncated, a text file) where ld.so looks first.
            const auto at = searchEntryHolding(facts, fromNativeBytes(p.paths[0]));
            if (!at)
                continue;
            finding(*at,
                    EnvironmentCheck::tr("%1 leads the loader to a broken %2").arg(at->variable, fromNativeBytes(p.name)),
                    EnvironmentCheck::tr("%1 contains %2, where the loader finds %3 and stops: it cannot be loaded. "
                                         "The environment is at fault, not the package: remove the entry where it "
                                         "is set (or the broken file).")
                        .arg(at->variable, at->entry, fromNativeBytes(p.paths[0])),
                    QJsonObject{{QStringLiteral("library"), fromNativeBytes(p.name)},
                                {QStringLiteral("loaded"), fromNativeBytes(p.paths[0])}},
                    errorsAt(graph, p.paths[0]));
        }
    }
    return out;
}

} // namespace

QList<Finding> EnvironmentCheck::run(const Facts &facts, const knowledge::KnowledgeBase &) const
{
    QList<Finding> out;
    const QProcessEnvironment &env = facts.request.environment;
    const python::StaticProbe *probe = facts.chosenProbe();
    const QString platform = probe ? probe->interpreter.platform : QString();
    auto variable = [&](const QString &name, const QString &why, Severity severity) {
        out << makeFinding(QStringLiteral("env.suspicious"), severity, tr("%1 is set").arg(name),
                           tr("%1=%2. %3").arg(name, env.value(name), why),
                           QJsonObject{{QStringLiteral("variable"), name}, {QStringLiteral("value"), env.value(name)}},
                           {FixFamily::Env});
    };
    if (env.contains(QStringLiteral("KMP_DUPLICATE_LIB_OK")))
        variable(QStringLiteral("KMP_DUPLICATE_LIB_OK"),
                 tr("It silences \"OMP: Error #15\" instead of removing the second OpenMP runtime. Intel calls it "
                    "unsafe, unsupported and undocumented: it may crash or give wrong results. Remove it once the "
                    "duplicate runtime is gone."),
                 Severity::Warning);
    if (platform != QLatin1String("darwin")) {
        for (const QString &name : env.keys())
            if (name.startsWith(QLatin1String("PYTORCH_MPS_")) || name == QLatin1String("PYTORCH_ENABLE_MPS_FALLBACK"))
                variable(name, tr("MPS is Apple's GPU API: this variable means nothing on this system."),
                         Severity::Info);
    }
    if (platform == QLatin1String("win32")) {
        for (const QString &name : env.keys()) {
            if (!name.startsWith(QLatin1String("CUDA_PATH_V")))
                continue;
            if (!QFileInfo(env.value(name)).isDir())
                variable(name,
                         tr("It points to a folder that does not exist: a leftover of an uninstalled CUDA toolkit."),
                         Severity::Warning);
        }
    }
    // A folder on LD_LIBRARY_PATH (PATH on Windows) that puts another copy of one of torch's
    // libraries first, or a broken file where ld.so stops: the root cause of what the library
    // walk finds there, so it leads those findings.
    if (facts.libraries)
        out << searchVariableFindings(facts, *facts.libraries);
    // What a new terminal gets, where it differs from ours (a start from the desktop).
    if (facts.terminal && facts.terminal->ok()) {
        const auto differences = platform::loadingDifferences(env, facts.terminal->environment);
        if (!differences.isEmpty())
            out << terminalFinding(facts, differences);
        // Where `import torch` fails only there: the entries of its search variables to blame, with the
        // startup file lines that set them, as for our own (what the environment repair takes out).
        if (facts.terminalLibraries) {
            Facts there = facts;
            there.request.environment = facts.terminal->environment;
            for (Finding f : searchVariableFindings(there, *facts.terminalLibraries)) {
                const bool ours = std::any_of(out.begin(), out.end(), [&f](const Finding &o) {
                    return o.id == f.id
                           && o.evidence.value(QStringLiteral("entry")) == f.evidence.value(QStringLiteral("entry"))
                           && o.evidence.value(QStringLiteral("variable"))
                                  == f.evidence.value(QStringLiteral("variable"));
                });
                if (ours)
                    continue;
                f.evidence.insert(QStringLiteral("in_new_terminal"), true);
                f.detail = tr("In a new terminal: %1").arg(f.detail);
                out << f;
            }
        }
    }
    // Paths: non-ASCII characters and Windows' 260-character limit.
    if (probe && probe->interpreter.usable) {
        QStringList paths{probe->interpreter.executable};
        if (!probe->torch.packageDir.isEmpty())
            paths << probe->torch.packageDir;
        for (const QString &path : paths) {
            if (!isAscii(path))
                out << makeFinding(
                    QStringLiteral("path.non-ascii"),
                    platform == QLatin1String("win32") ? Severity::Warning : Severity::Info,
                    tr("A path has non-ASCII characters"),
                    tr("%1. PyTorch mostly copes, but torch.jit.load/save fail on such paths, and some "
                       "DLLs fail to initialise from them on Windows. If something fails only here, move "
                       "the environment to a plain ASCII path.")
                        .arg(path),
                    QJsonObject{{QStringLiteral("path"), path}});
            if (platform == QLatin1String("win32") && path.size() > 200)
                out << makeFinding(
                    QStringLiteral("path.too-long"), Severity::Warning, tr("A path is close to 260 characters"),
                    tr("%1 is %2 characters long; files inside torch push it past Windows' 260-character "
                       "limit unless long paths are enabled, and pip then fails half-way.")
                        .arg(path)
                        .arg(path.size()),
                    QJsonObject{{QStringLiteral("path"), path}, {QStringLiteral("length"), path.size()}});
        }
    }
    return out;
}

// ---- Docker ----------------------------------------------------------------

QString DockerCheck::id() const
{
    return QStringLiteral("docker");
}
QString DockerCheck::title() const
{
    return tr("Can the project run in Docker?");
}
FactSet DockerCheck::needs() const
{
    return Fact::Docker | Fact::Gpu;
}

QList<Finding> DockerCheck::run(const Facts &facts, const knowledge::KnowledgeBase &) const
{
    QList<Finding> out;
    if (!facts.docker || facts.composeFile.isEmpty())
        return out;
    const platform::DockerInfo &d = *facts.docker;
    const QJsonObject evidence{{QStringLiteral("compose_file"), facts.composeFile},
                               {QStringLiteral("cli"), d.cliVersion},
                               {QStringLiteral("daemon_error"), d.daemonError}};
    if (!d.cliFound)
        out << makeFinding(QStringLiteral("docker.unavailable"), Severity::Error, tr("Docker is not installed"),
                           tr("%1 describes a Docker setup, but there is no docker command. Install Docker Engine "
                              "(Linux) or Docker Desktop with the WSL2 back end (Windows).")
                               .arg(facts.composeFile),
                           evidence, {FixFamily::Docker});
    else if (!d.daemonRunning)
        out << makeFinding(QStringLiteral("docker.unavailable"), Severity::Error,
                           tr("The Docker daemon is not running"),
                           tr("docker %1 is installed but its daemon does not answer (%2). Start Docker Desktop, or "
                              "`sudo systemctl start docker` on Linux.")
                               .arg(d.cliVersion, d.daemonError),
                           evidence, {FixFamily::Docker});
    else if (!d.composeV2)
        out << makeFinding(QStringLiteral("docker.unavailable"), Severity::Error, tr("Docker Compose v2 is missing"),
                           tr("`docker compose` is not available. Install the compose plugin (docker-compose-plugin)."),
                           evidence, {FixFamily::Docker});
    else if (facts.gpu.nvidiaDriverFound && !d.nvidiaRuntime && d.operatingSystem != QLatin1String("Docker Desktop")
             && (!facts.compose || !facts.compose->ok() || facts.compose->wantsGpu()))
        out << makeFinding(QStringLiteral("docker.no-gpu-runtime"), Severity::Warning,
                           tr("Containers cannot use the NVIDIA GPU yet"),
                           tr("The daemon has no nvidia runtime. Install the NVIDIA Container Toolkit and run "
                              "`sudo nvidia-ctk runtime configure --runtime=docker`, then restart Docker."),
                           evidence, {FixFamily::Docker});
    if (!facts.compose)
        return out;
    if (!facts.compose->ok()) {
        out << makeFinding(QStringLiteral("docker.compose-unreadable"), Severity::Warning,
                           tr("The compose file cannot be read"), facts.compose->error,
                           QJsonObject{{QStringLiteral("compose_file"), facts.composeFile}}, {FixFamily::Docker});
        return out;
    }
    for (const platform::WeakSetting &w :
         platform::weakSettings(*facts.compose, facts.request.environment, facts.dotEnv)) {
        const QString where = w.defaulted ? tr("the default in %1 line %2").arg(facts.composeFile).arg(w.line)
                                          : tr("%1 line %2").arg(facts.composeFile).arg(w.line);
        out << makeFinding(
            QStringLiteral("docker.weak-default"), Severity::Warning,
            tr("%1 of service %2 is a value anyone can guess").arg(w.variable, w.service),
            tr("%1 guards access to the service, and its value comes from %2. Anyone who can reach the port can "
               "log in. Set a long random value (in the project's .env file) before starting it.")
                .arg(w.variable, where),
            QJsonObject{{QStringLiteral("compose_file"), facts.composeFile},
                        {QStringLiteral("service"), w.service},
                        {QStringLiteral("variable"), w.variable},
                        {QStringLiteral("reference"), w.reference},
                        {QStringLiteral("line"), w.line},
                        {QStringLiteral("defaulted"), w.defaulted}},
            {FixFamily::Docker});
    }
    return out;
}

} // namespace td::checks
