// SPDX-License-Identifier: GPL-3.0-or-later
// What pip knows of the installation: the versions torch requires, the torch others require, and
// whether the files at fault are still the files their RECORD lists.
#include "checks/InstallationChecks.h"

#include "checks/CheckRunner.h"
#include "checks/CheckSupport.h"
#include "checks/VariableOrigin.h"
#include "python/Record.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QVersionNumber>

#include <cstdlib>

namespace td::checks {

namespace {

using python::FileOwnership;
using python::Requirement;

// The file at fault (from the library walk) that the distribution of `distInfo` owns; nullptr: none.
const FileOwnership *faultOwnedBy(const Facts &facts, const QString &distInfo)
{
    for (const FileOwnership &owner : facts.owners)
        if (!distInfo.isEmpty() && QDir(owner.distInfo) == QDir(distInfo))
            return &owner;
    return nullptr;
}

// A path as the person reads it: "torch/lib/../../x" as the folders it names.
QString shown(const QString &path)
{
    return QDir::toNativeSeparators(QDir::cleanPath(path));
}

// The file at fault as evidence: its symptoms fold under the finding, which is their root cause.
void markFileAtFault(const FileOwnership &owner, QJsonObject &evidence)
{
    evidence.insert(QStringLiteral("loaded"), owner.file);
    evidence.insert(QStringLiteral("root_cause"), true);
    evidence.insert(QStringLiteral("record"), owner.entry.path);
}

void addFileAtFault(const FileOwnership &owner, QString &detail, QJsonObject &evidence)
{
    markFileAtFault(owner, evidence);
    detail += u' '
              + InstallationCheck::tr("It owns %1 (its RECORD lists %2), the library at fault.")
                    .arg(shown(owner.file), owner.entry.path);
}

Finding damaged(const FileOwnership &owner)
{
    const QString what =
        owner.state == FileOwnership::State::SizeDiffers
            ? InstallationCheck::tr("its RECORD lists %1 bytes and the file has %2")
                  .arg(owner.entry.size)
                  .arg(owner.actualSize)
            : InstallationCheck::tr("it has the size its RECORD lists, but another sha256 (%1 expected)")
                  .arg(owner.entry.hash);
    const QString spec = QStringLiteral("%1==%2").arg(owner.distribution, owner.version);
    QString detail = InstallationCheck::tr("%1 %2 installed %3, and it has changed since: %4. A download or an "
                                           "install that stopped half-way (a full disk) leaves such files. The "
                                           "reinstall repair installs %1 %2 again, that distribution only.")
                         .arg(owner.distribution, owner.version, shown(owner.file), what);
    QJsonObject evidence{{QStringLiteral("distribution"), owner.distribution},
                         {QStringLiteral("version"), owner.version},
                         {QStringLiteral("dist_info"), owner.distInfo},
                         {QStringLiteral("size_expected"), owner.entry.size},
                         {QStringLiteral("size_actual"), owner.actualSize},
                         {QStringLiteral("hash_expected"), owner.entry.hash},
                         {QStringLiteral("install"), QJsonArray{spec}},
                         {QStringLiteral("same_version"), true}};
    markFileAtFault(owner, evidence);
    return makeFinding(QStringLiteral("packages.file-damaged"), Severity::Error,
                       InstallationCheck::tr("%1 is damaged: it is not the file %2 %3 installed")
                           .arg(shown(owner.file), owner.distribution, owner.version),
                       detail, evidence, {FixFamily::Reinstall});
}

// torch requires a version of `r.name` that is not the one installed.
Finding unmetByTorch(const Facts &facts, const python::TorchInstall &torch, const Requirement &r)
{
    const QString spec = r.spec();
    QString detail = InstallationCheck::tr("torch %1's METADATA requires `%2`; the copy that imports is %3 %4 (%5).")
                         .arg(torch.version, r.line, r.name, r.installed, QDir::toNativeSeparators(r.installedPath));
    QJsonObject evidence{{QStringLiteral("distribution"), r.name},
                         {QStringLiteral("version"), r.installed},
                         {QStringLiteral("required"), r.specifier},
                         {QStringLiteral("requirement"), r.line},
                         {QStringLiteral("required_by"), QStringLiteral("torch")},
                         {QStringLiteral("required_by_version"), torch.version},
                         {QStringLiteral("dist_info"), r.installedPath},
                         {QStringLiteral("install"), QJsonArray{spec}}};
    const FileOwnership *fault = faultOwnedBy(facts, r.installedPath);
    if (fault)
        addFileAtFault(*fault, detail, evidence);
    detail += u' '
              + InstallationCheck::tr("The reinstall repair installs exactly %1, and leaves torch and everything "
                                      "else as it is.")
                    .arg(spec);
    return makeFinding(QStringLiteral("packages.requirement-unmet"), fault ? Severity::Error : Severity::Warning,
                       InstallationCheck::tr("%1 %2 is installed, but torch %3 requires %4")
                           .arg(r.name, r.installed, torch.version, spec),
                       detail, evidence, {FixFamily::Reinstall});
}

// Another distribution requires a torch that is not the one installed. The release built for the installed
// torch is the one the companion table names, else the one pip picks with torch held.
Finding unmetTorch(const Facts &facts, const knowledge::KnowledgeBase &kb, const python::TorchInstall &torch,
                   const Requirement &r)
{
    const QString torchRelease = torch.version.section(u'+', 0, 0);
    const auto known = kb.companionFor(r.requiredBy, torch.version);
    const QString wanted = known ? QStringLiteral("%1==%2").arg(r.requiredBy, known->version) : r.requiredBy;
    QString detail =
        InstallationCheck::tr("%1 %2 (%3) was built for another torch: its METADATA requires `%4`. Its compiled "
                              "parts fail under torch %5 with undefined symbols or missing operators.")
            .arg(r.requiredBy, r.requiredByVersion, QDir::toNativeSeparators(r.requiredByPath), r.line,
                 torch.version)
        + u' '
        + (known ? InstallationCheck::tr("%1 %2 is the newest release whose wheels require a torch that %3 satisfies "
                                         "(%4, read from its METADATA on %5). The reinstall repair installs it, with "
                                         "torch held where it is;")
                       .arg(r.requiredBy, known->version, torchRelease, known->torch.value_or(QString()),
                            known->source)
                 : InstallationCheck::tr("The reinstall repair installs the %1 that goes with torch %2 (pip picks "
                                         "it, with torch held where it is);")
                       .arg(r.requiredBy, torch.version))
        + u' ' + InstallationCheck::tr("the other way is the torch it was built for (`%1`).").arg(r.spec());
    QJsonObject evidence{{QStringLiteral("distribution"), r.requiredBy},
                         {QStringLiteral("version"), r.requiredByVersion},
                         {QStringLiteral("requirement"), r.line},
                         {QStringLiteral("required"), r.specifier},
                         {QStringLiteral("torch"), torch.version},
                         {QStringLiteral("dist_info"), r.requiredByPath},
                         {QStringLiteral("install"), QJsonArray{wanted, QStringLiteral("torch==%1").arg(torchRelease)}},
                         {QStringLiteral("upgrade"), true}};
    if (const FileOwnership *fault = faultOwnedBy(facts, r.requiredByPath))
        addFileAtFault(*fault, detail, evidence);
    return makeFinding(QStringLiteral("packages.requirement-unmet"), Severity::Error,
                       InstallationCheck::tr("%1 %2 requires %3, but torch %4 is installed")
                           .arg(r.requiredBy, r.requiredByVersion, r.spec(), torch.version),
                       detail, evidence, {FixFamily::Reinstall});
}

// "the platform (manylinux2014_aarch64, this Python: manylinux_2_36_x86_64)": the parts of a wheel's tag
// (python-abi-platform) that are not the interpreter's.
QString partsThatDiffer(const QString &tag, const QString &interpreterTag)
{
    const QStringList names{InstallationCheck::tr("the Python version"), InstallationCheck::tr("the ABI"),
                            InstallationCheck::tr("the platform")};
    const QStringList ours = tag.split(u'-'), theirs = interpreterTag.split(u'-');
    QStringList out;
    for (qsizetype i = 0; i < names.size() && i < ours.size() && i < theirs.size(); ++i)
        if (ours[i] != theirs[i] && ours[i] != QLatin1String("none") && ours[i] != QLatin1String("any"))
            out << InstallationCheck::tr("%1 (%2, this Python: %3)").arg(names[i], ours[i], theirs[i]);
    return out.join(QStringLiteral(", "));
}

// torch's wheel is one this interpreter does not accept: an aarch64 wheel in an x86_64 venv, cp312 in 3.11.
Finding wrongWheel(const python::TorchInstall &torch)
{
    const QString tag = torch.wheelTags.value(0);
    const QString differ = partsThatDiffer(tag, torch.interpreterTag);
    QString detail = InstallationCheck::tr("torch %1's WHEEL says it was built for %2; this Python takes wheels "
                                           "tagged %3 and the like.")
                         .arg(torch.version, torch.wheelTags.join(QStringLiteral(", ")), torch.interpreterTag);
    if (!differ.isEmpty())
        detail += u' ' + InstallationCheck::tr("What differs: %1.").arg(differ);
    detail += u' '
              + InstallationCheck::tr("Its native libraries cannot load here, and the library errors below all "
                                      "follow from it. The reinstall repair installs torch %1 again, the wheel built "
                                      "for this Python.")
                    .arg(torch.version);
    const QJsonObject evidence{{QStringLiteral("distribution"), QStringLiteral("torch")},
                               {QStringLiteral("version"), torch.version},
                               {QStringLiteral("tags"), toJsonArray(torch.wheelTags)},
                               {QStringLiteral("interpreter_tag"), torch.interpreterTag},
                               {QStringLiteral("dist_info"), torch.torchDistributions.value(0)},
                               // its folders: the package, and the libraries auditwheel put beside it
                               {QStringLiteral("package_dirs"),
                                QJsonArray{torch.packageDir, QString(torch.packageDir + QStringLiteral(".libs"))}},
                               {QStringLiteral("root_cause"), true},
                               // the same version and build, the wheel for this Python; the rest is right
                               {QStringLiteral("install"),
                                QJsonArray{QString(QStringLiteral("torch==") + torch.version)}},
                               {QStringLiteral("same_version"), true}};
    return makeFinding(QStringLiteral("packages.wheel-mismatch"), Severity::Error,
                       InstallationCheck::tr("torch %1 is built for %2, not for this Python (%3)")
                           .arg(torch.version, tag, torch.interpreterTag),
                       detail, evidence, {FixFamily::Reinstall});
}

// "3.12" from ".../lib/python3.12/site-packages" or "C:\Python312\Lib\site-packages"; empty: none named.
QString pythonOfFolder(const QString &folder)
{
    static const QRegularExpression version(QStringLiteral("python(\\d)\\.?(\\d+)"),
                                            QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch m = version.match(folder);
    return m.hasMatch() ? m.captured(1) + u'.' + m.captured(2) : QString();
}

// Why the torch in `folder` is not this Python's own: another Python's site-packages (its folder or its
// extension says so), or a copy in front of its own. Empty: a folder of this Python's own.
struct ForeignTorch {
    QStringList why;
    QString ownCopy; // this Python's own torch, behind the one in `folder`
};
ForeignTorch foreignTorch(const python::StaticProbe &probe, const QString &folder)
{
    const python::TorchInstall &torch = probe.torch;
    ForeignTorch out;
    const QString ours = QStringLiteral("%1.%2").arg(probe.interpreter.version.majorVersion()).arg(
        probe.interpreter.version.minorVersion());
    const QString theirs = pythonOfFolder(folder);
    for (const QString &distInfo : torch.torchDistributions)
        if (QDir(QFileInfo(distInfo).absolutePath()) != QDir(folder))
            out.ownCopy = QFileInfo(distInfo).absolutePath();
    if (!theirs.isEmpty() && probe.interpreter.version.isNull()) // a paste `explain` reads: which Python, untold
        out.why << InstallationCheck::tr("the folder is Python %1's").arg(theirs);
    else if (!theirs.isEmpty() && theirs != ours)
        out.why << InstallationCheck::tr("the folder is Python %1's, and this is Python %2").arg(theirs, ours);
    if (!torch.foreignExtensions.isEmpty())
        out.why << InstallationCheck::tr("its %1 is built for another Python")
                       .arg(fileNameOf(torch.foreignExtensions[0]));
    if (!out.ownCopy.isEmpty())
        out.why << InstallationCheck::tr("this Python has a torch of its own in %1, which it no longer imports")
                       .arg(QDir::toNativeSeparators(out.ownCopy));
    return out;
}

// The evidence both kinds of shadowing carry: what the environment repair takes out, and torch's folders.
QJsonObject shadowingEvidence(const python::TorchInstall &torch, const ForeignTorch &foreign)
{
    QJsonObject evidence{{QStringLiteral("library"), QStringLiteral("torch")},
                         {QStringLiteral("package_dirs"),
                          QJsonArray{torch.packageDir, QString(torch.packageDir + QStringLiteral(".libs"))}},
                         {QStringLiteral("root_cause"), true}};
    if (!foreign.ownCopy.isEmpty())
        evidence.insert(QStringLiteral("own_copy"), foreign.ownCopy);
    return evidence;
}

// PYTHONPATH names the folder torch is imported from, and that torch is not this Python's.
std::optional<Finding> torchFromPythonPath(const Facts &facts, const python::StaticProbe &probe)
{
    const python::TorchInstall &torch = probe.torch;
    const QString folder = QFileInfo(torch.packageDir).absolutePath();
    QString entry;
    for (const QString &e : facts.request.environment.value(QStringLiteral("PYTHONPATH")).split(QDir::listSeparator()))
        if (!e.isEmpty() && QDir(e) == QDir(folder))
            entry = e;
    if (entry.isEmpty() || torch.packageDir.isEmpty())
        return std::nullopt;
    const ForeignTorch foreign = foreignTorch(probe, folder);
    if (foreign.why.isEmpty())
        return std::nullopt; // a folder of this Python's own, put there on purpose
    const VariableOrigin origin = VariableOrigin::of(facts, QStringLiteral("PYTHONPATH"), entry);
    const QString which = torch.version.isEmpty() ? QStringLiteral("torch") : QStringLiteral("torch ") + torch.version;
    QString detail = InstallationCheck::tr("PYTHONPATH holds %1, so this Python imports %2 from there (%3), before its "
                                           "own site-packages: %4.")
                         .arg(QDir::toNativeSeparators(entry), which, QDir::toNativeSeparators(torch.packageDir),
                              foreign.why.join(QStringLiteral("; ")));
    if (!origin.text.isEmpty())
        detail += u' ' + origin.text;
    detail += u' ' + InstallationCheck::tr("The environment repair removes that entry where it is set.");
    QJsonObject evidence = shadowingEvidence(torch, foreign);
    evidence.insert(QStringLiteral("variable"), QStringLiteral("PYTHONPATH"));
    evidence.insert(QStringLiteral("entry"), entry);
    if (!origin.setIn.isEmpty())
        evidence.insert(QStringLiteral("set_in"), origin.setIn);
    return makeFinding(QStringLiteral("env.suspicious"), Severity::Error,
                       InstallationCheck::tr("PYTHONPATH puts another Python's torch first: %1")
                           .arg(QDir::toNativeSeparators(torch.packageDir)),
                       detail, evidence, {FixFamily::Env});
}

// A line of a .pth file in a site folder adds the folder torch is imported from, and that torch is
// not this Python's: the line is what the environment repair takes out.
std::optional<Finding> torchFromPth(const python::StaticProbe &probe)
{
    const python::TorchInstall &torch = probe.torch;
    if (torch.packageDir.isEmpty())
        return std::nullopt;
    const QString folder = QFileInfo(torch.packageDir).absolutePath();
    // Both made absolute the same way (on Windows QDir leaves "/x" without a drive, QFileInfo adds one).
    auto line = std::find_if(probe.pthPaths.begin(), probe.pthPaths.end(), [&](const python::PthPath &p) {
        return !p.runsCode && QDir(QFileInfo(p.path).absoluteFilePath()) == QDir(folder);
    });
    // Else a line of code that names the folder ("import sys; sys.path.insert(0, '...')").
    if (line == probe.pthPaths.end())
        line = std::find_if(probe.pthPaths.begin(), probe.pthPaths.end(), [&](const python::PthPath &p) {
            return p.runsCode
                   && (p.text.contains(folder) || p.text.contains(QDir::toNativeSeparators(folder))
                       || p.text.contains(QString(folder).replace(u'/', QLatin1String("\\\\"))));
        });
    if (line == probe.pthPaths.end())
        return std::nullopt;
    const ForeignTorch foreign = foreignTorch(probe, folder);
    if (foreign.why.isEmpty())
        return std::nullopt;
    const QString which = torch.version.isEmpty() ? QStringLiteral("torch") : QStringLiteral("torch ") + torch.version;
    const QString detail =
        (line->runsCode ? InstallationCheck::tr("Line %1 of %2 is code that Python runs at every start, and it puts "
                                                "%3 on sys.path, so this Python imports %4 from there (%5): %6. The "
                                                "environment repair takes that line out of the file.")
                        : InstallationCheck::tr("Line %1 of %2 adds %3 to sys.path, so this Python imports %4 from "
                                                "there (%5): %6. The environment repair takes that line out of the "
                                                "file."))
            .arg(line->line)
            .arg(QDir::toNativeSeparators(line->file), QDir::toNativeSeparators(folder), which,
                 QDir::toNativeSeparators(torch.packageDir), foreign.why.join(QStringLiteral("; ")));
    QJsonObject evidence = shadowingEvidence(torch, foreign);
    evidence.insert(QStringLiteral("pth_file"), line->file);
    evidence.insert(QStringLiteral("line"), line->line);
    evidence.insert(QStringLiteral("text"), line->text);
    evidence.insert(QStringLiteral("entry"), line->runsCode ? folder : line->path);
    return makeFinding(QStringLiteral("env.suspicious"), Severity::Error,
                       InstallationCheck::tr("%1 puts another Python's torch first: %2")
                           .arg(QFileInfo(line->file).fileName(), QDir::toNativeSeparators(torch.packageDir)),
                       detail, evidence, {FixFamily::Env});
}

// "DIR has no compiled core (_C) that Python 3.11 can load. This is what “Failed to ...” means."
QString whyNoCore(const python::StaticProbe &probe, const QString &packageDir, const python::CompiledCore &core)
{
    const QString version = QStringLiteral("%1.%2").arg(probe.interpreter.version.majorVersion()).arg(
        probe.interpreter.version.minorVersion());
    const QString dir = QDir::toNativeSeparators(packageDir);
    return (core.builtFor.isEmpty()
                ? InstallationCheck::tr("%1 has no compiled core (_C) that Python %2 can load.").arg(dir, version)
                : InstallationCheck::tr("The compiled core (_C) in %1 is built for Python %2, and this is Python %3.")
                      .arg(dir, core.builtFor.join(QStringLiteral(", ")), version))
           + u' ' + InstallationCheck::tr("This is what “Failed to load PyTorch C extensions” means.");
}

// The installed torch lacks the compiled core this Python loads: an install cut short, a file taken away
// (an antivirus), or files of a torch for another Python. Reinstalling it for this Python mends it.
std::optional<Finding> coreMissing(const python::StaticProbe &probe)
{
    const python::CompiledCore &core = probe.torchCore;
    if (core.loadable != false || probe.torch.wheelFits == false) // a wrong wheel is told as such
        return std::nullopt;
    const QString dir = QDir::toNativeSeparators(probe.torch.packageDir);
    const QString detail = whyNoCore(probe, probe.torch.packageDir, core) + u' '
                           + InstallationCheck::tr("The install was cut short, a file was taken away (an antivirus "
                                                   "does that), or the files are of a torch for another Python. "
                                                   "Reinstalling torch for this Python mends it.");
    return makeFinding(QStringLiteral("torch.core-missing"), Severity::Error,
                       InstallationCheck::tr("torch has no compiled core for this Python: %1").arg(dir), detail,
                       QJsonObject{{QStringLiteral("package_dirs"), QJsonArray{probe.torch.packageDir}},
                                   {QStringLiteral("built_for"), QJsonArray::fromStringList(core.builtFor)},
                                   {QStringLiteral("root_cause"), true}},
                       {FixFamily::Reinstall});
}

// A package or module in the folder programs start in that hides an installed one. torch itself, or one
// the failed import went through, is the cause of what the person sees; any other is a warning.
Finding localCopy(const Facts &facts, const python::StaticProbe &probe, const python::LocalCopy &copy)
{
    const python::ImportResult &import = facts.import;
    const QString said = import.traceback + import.message;
    const bool failedThere = facts.has(Fact::Import) && import.outcome != python::ImportResult::Outcome::Ok
                             && said.contains(QDir::toNativeSeparators(copy.path));
    const bool cause = copy.name == QLatin1String("torch") || failedThere;
    const QString path = QDir::toNativeSeparators(copy.path);
    QString detail = InstallationCheck::tr("Python puts the folder a program starts in (%1) first on sys.path, for "
                                           "“python script.py”, “python -m” and “python -c” alike, so "
                                           "“import %2” loads %3, never the installed %4.")
                         .arg(QDir::toNativeSeparators(startFolder(facts.request)), copy.name, path,
                              QDir::toNativeSeparators(copy.installed));
    if (copy.core.loadable == false)
        detail += u' ' + whyNoCore(probe, copy.path, copy.core);
    if (copy.sourceTree)
        detail += u' ' + InstallationCheck::tr("The folder is a project's source checkout (it has setup.py or "
                                               "pyproject.toml).");
    // A project's source checkout is the person's work: only they know where it goes.
    const bool rename = cause && !copy.sourceTree;
    detail += u' '
              + (rename ? InstallationCheck::tr("Start the program from another folder, or rename or move %1: the "
                                                "environment repair renames it, and its undo gives the name back.")
                                .arg(path)
                        : InstallationCheck::tr("Start the program from another folder, or rename or move %1.")
                              .arg(path));
    QJsonObject evidence{{QStringLiteral("module"), copy.name},
                         {QStringLiteral("path"), copy.path},
                         {QStringLiteral("installed"), copy.installed},
                         {QStringLiteral("start_folder"), startFolder(facts.request)},
                         {QStringLiteral("kind"), copy.kind == python::LocalCopy::Kind::Package
                                                      ? QStringLiteral("package") : QStringLiteral("module")},
                         {QStringLiteral("root_cause"), cause}};
    if (copy.core.loadable)
        evidence.insert(QStringLiteral("core_loadable"), *copy.core.loadable);
    if (cause) // what fails inside it is its symptom
        evidence.insert(QStringLiteral("package_dirs"), QJsonArray{copy.path});
    return makeFinding(QStringLiteral("python.local-copy"), cause ? Severity::Error : Severity::Warning,
                       InstallationCheck::tr("%1 hides the installed %2").arg(path, copy.name), detail, evidence,
                       rename ? QList<FixFamily>{FixFamily::Env} : QList<FixFamily>{});
}

// torch's binding was built against NumPy 1.x, and NumPy 2 is what imports.
std::optional<Finding> numpyTooNew(const Facts &facts, const python::TorchInstall &torch)
{
    if (facts.torchNumpyAbi != python::NumpyAbi::V1)
        return std::nullopt;
    for (const python::PackageInfo &numpy : torch.companions) { // in sys.path's order: the first imports
        if (python::normalizedDistributionName(numpy.name) != QLatin1String("numpy"))
            continue;
        if (QVersionNumber::fromString(numpy.version).majorVersion() < 2)
            return std::nullopt;
        const QString detail =
            InstallationCheck::tr("%1 asks for NumPy's C API as numpy.core._multiarray_umath, the name NumPy 1.x "
                                  "gives it; NumPy 2 moved it, and a module built against 1.x cannot run with 2.x. "
                                  "`import torch` warns \"A module that was compiled using NumPy 1.x cannot be run in "
                                  "NumPy 2.x\", and then anything that hands arrays to torch fails with \"Numpy is "
                                  "not available\". NumPy %2 is the one that imports (%3). The reinstall repair "
                                  "installs numpy<2 there, and leaves torch as it is.")
                .arg(QDir::toNativeSeparators(facts.torchNumpyBinary), numpy.version,
                     QDir::toNativeSeparators(numpy.location));
        const QJsonObject evidence{{QStringLiteral("distribution"), numpy.name},
                                   {QStringLiteral("version"), numpy.version},
                                   {QStringLiteral("location"), numpy.location},
                                   {QStringLiteral("built_against"), QStringLiteral("1.x")},
                                   {QStringLiteral("binary"), facts.torchNumpyBinary},
                                   {QStringLiteral("install"), QJsonArray{QStringLiteral("numpy<2")}}};
        return makeFinding(QStringLiteral("packages.numpy-abi"), Severity::Error,
                           InstallationCheck::tr("torch %1 is built against NumPy 1.x, and NumPy %2 is installed")
                               .arg(torch.version, numpy.version),
                           detail, evidence, {FixFamily::Reinstall});
    }
    return std::nullopt;
}

// A Python (no venv's) of the X.Y of `version`: the venv's packages are built for that X.Y, and only
// such a Python can take them as they are.
const python::Interpreter *baseOfSeries(const Facts &facts, const QVersionNumber &version)
{
    for (const python::StaticProbe &p : facts.interpreters) {
        const python::Interpreter &in = p.interpreter;
        if (in.usable && !in.isVenv && in.version.majorVersion() == version.majorVersion()
            && in.version.minorVersion() == version.minorVersion())
            return &in;
    }
    return nullptr;
}

// Another Python of the major version of `version`, the nearest in minor (the newer of two as near): the
// venv is made again on it, and its packages installed again for it.
const python::Interpreter *nearestSeries(const Facts &facts, const QVersionNumber &version)
{
    const python::Interpreter *best = nullptr;
    const auto distance = [&](const python::Interpreter &in) {
        return std::abs(in.version.minorVersion() - version.minorVersion()) * 2
               - (in.version.minorVersion() > version.minorVersion() ? 1 : 0);
    };
    for (const python::StaticProbe &p : facts.interpreters) {
        const python::Interpreter &in = p.interpreter;
        if (in.usable && !in.isVenv && in.version.majorVersion() == version.majorVersion()
            && (!best || distance(in) < distance(*best)))
            best = &in;
    }
    return best;
}

} // namespace

std::optional<Finding> venvBaseGone(const Facts &facts)
{
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!probe || probe->interpreter.usable)
        return std::nullopt;
    const std::optional<python::VenvConfig> &venv = probe->interpreter.venv;
    if (!venv || !venv->baseGone)
        return std::nullopt;
    const QVersionNumber &version = venv->version;
    const QString series = version.segmentCount() >= 2
                               ? QStringLiteral("%1.%2").arg(version.majorVersion()).arg(version.minorVersion())
                               : QString();
    const python::Interpreter *same = series.isEmpty() ? nullptr : baseOfSeries(facts, version);
    const python::Interpreter *other = series.isEmpty() || same ? nullptr : nearestSeries(facts, version);
    QStringList sitePackages; // as pyvenv.cfg's venv lays them out, under its folder
    for (const QString &relative : venv->sitePackages)
        sitePackages << QDir(venv->folder).filePath(relative);
    const QStringList reinstall = other ? python::pinnedRequirements(sitePackages) : QStringList();
    const QString base = venv->baseExecutable.isEmpty() ? venv->home : venv->baseExecutable;
    QString detail = InstallationCheck::tr("%1 was made from %2 (%3 says so), which is no longer there, so its "
                                           "python does not start: %4. Its packages are still in the venv.")
                         .arg(venv->folder, base, venv->configFile, probe->interpreter.problem);
    if (same)
        detail += u' '
                  + InstallationCheck::tr("Python %1 is at %2: the repair makes the venv again on it and puts the "
                                          "packages back into it, without downloading anything; the old venv is "
                                          "kept beside it.")
                        .arg(same->version.toString(), same->executable);
    else if (other)
        detail += u' '
                  + InstallationCheck::tr("No Python %1 is on this machine, and the venv's packages were installed "
                                          "for %1. Python %2 is at %3: the repair makes the venv again on it and "
                                          "installs the same %n distribution(s) again at the same versions, "
                                          "downloaded for Python %2; the old venv is kept beside it.",
                                          nullptr, int(reinstall.size()))
                        .arg(series, other->version.toString(), other->executable);
    else if (!series.isEmpty())
        detail += u' '
                  + InstallationCheck::tr("No Python %1 is on this machine, and the packages in the venv are built "
                                          "for %1. Install Python %1, make the venv again with it, and install its "
                                          "packages again.")
                        .arg(series);
    else
        detail += u' '
                  + InstallationCheck::tr("pyvenv.cfg does not say which Python version it was: make the venv again "
                                          "with the Python you want, and install its packages again.");
    QJsonObject evidence{{QStringLiteral("python"), facts.chosenExecutable},
                         {QStringLiteral("venv"), venv->folder},
                         {QStringLiteral("pyvenv_cfg"), venv->configFile},
                         {QStringLiteral("base"), base},
                         {QStringLiteral("version"), version.toString()},
                         {QStringLiteral("problem"), probe->interpreter.problem},
                         {QStringLiteral("site_packages"), QJsonArray::fromStringList(venv->sitePackages)},
                         {QStringLiteral("system_site_packages"), venv->systemSitePackages}};
    if (same || other)
        evidence.insert(QStringLiteral("recreate_with"), (same ? same : other)->executable);
    if (other) // what the new venv installs, the base's packages being built for another Python
        evidence.insert(QStringLiteral("reinstall"), QJsonArray::fromStringList(reinstall));
    return makeFinding(QStringLiteral("python.venv-base-gone"), Severity::Error,
                       InstallationCheck::tr("The venv %1 lost the Python it was made from").arg(venv->folder), detail,
                       evidence, same || other ? QList<FixFamily>{FixFamily::Reinstall} : QList<FixFamily>{});
}

QString InstallationCheck::id() const
{
    return QStringLiteral("packages.installation");
}
QString InstallationCheck::title() const
{
    return tr("Are the versions torch requires installed, and its files whole?");
}
FactSet InstallationCheck::needs() const
{
    return Fact::Interpreters | Fact::Libraries | Fact::Import; // the import: did it go through a local copy
}

QList<Finding> InstallationCheck::run(const Facts &facts, const knowledge::KnowledgeBase &kb) const
{
    QList<Finding> out;
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!probe)
        return out;
    for (const python::LocalCopy &copy : probe->localCopies)
        out << localCopy(facts, *probe, copy);
    if (!probe->torch.installed)
        return out;
    const python::TorchInstall &torch = probe->torch;
    if (const auto shadowing = torchFromPythonPath(facts, *probe))
        out << *shadowing;
    else if (const auto pth = torchFromPth(*probe))
        out << *pth;
    else if (const auto core = coreMissing(*probe))
        out << *core;
    if (torch.wheelFits == false)
        out << wrongWheel(torch);
    if (const auto numpy = numpyTooNew(facts, torch))
        out << *numpy;
    QStringList toldOf; // a damaged file of a distribution that is also the wrong version: one row
    for (const Requirement &r : torch.requirements)
        if (r.satisfied == false && !r.installed.isEmpty()) {
            out << unmetByTorch(facts, torch, r);
            toldOf << python::normalizedDistributionName(r.name);
        }
    for (const Requirement &r : torch.dependents)
        if (r.satisfied == false) {
            out << unmetTorch(facts, kb, torch, r);
            toldOf << python::normalizedDistributionName(r.requiredBy);
        }
    for (const FileOwnership &owner : facts.owners)
        if (owner.damaged() && !toldOf.contains(python::normalizedDistributionName(owner.distribution)))
            out << damaged(owner);
    return out;
}

} // namespace td::checks
