// SPDX-License-Identifier: GPL-3.0-or-later
// What pip knows of the installation: the versions torch requires, the torch others require, and
// whether the files at fault are still the files their RECORD lists.
#include "checks/InstallationChecks.h"

#include "checks/CheckSupport.h"

#include <QDir>
#include <QRegularExpression>

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

// "nvidia-nccl-cu13==2.30.7", "cuda-toolkit[cudart]==13.0.2": what pip installs for a requirement.
QString installSpec(const Requirement &r)
{
    const QString extras = r.extras.isEmpty() ? QString() : u'[' + r.extras.join(u',') + u']';
    return r.name + extras + r.specifier;
}

// A path as the person reads it: "torch/lib/../../x" as the folders it names.
QString shown(const QString &path)
{
    return QDir::toNativeSeparators(QDir::cleanPath(path));
}

void addFileAtFault(const FileOwnership &owner, QString &detail, QJsonObject &evidence)
{
    evidence.insert(QStringLiteral("loaded"), owner.file); // its symptoms fold under this finding
    evidence.insert(QStringLiteral("root_cause"), true);
    evidence.insert(QStringLiteral("record"), owner.entry.path);
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
                         {QStringLiteral("reinstall"), true}};
    evidence.insert(QStringLiteral("loaded"), owner.file);
    evidence.insert(QStringLiteral("root_cause"), true);
    evidence.insert(QStringLiteral("record"), owner.entry.path);
    return makeFinding(QStringLiteral("packages.file-damaged"), Severity::Error,
                       InstallationCheck::tr("%1 is damaged: it is not the file %2 %3 installed")
                           .arg(shown(owner.file), owner.distribution, owner.version),
                       detail, evidence, {FixFamily::Reinstall});
}

// torch requires a version of `r.name` that is not the one installed.
Finding unmetByTorch(const Facts &facts, const python::TorchInstall &torch, const Requirement &r)
{
    const QString spec = installSpec(r);
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

// Another distribution requires a torch that is not the one installed.
Finding unmetTorch(const Facts &facts, const python::TorchInstall &torch, const Requirement &r)
{
    const QString torchRelease = torch.version.section(u'+', 0, 0);
    QString detail =
        InstallationCheck::tr("%1 %2 (%3) was built for another torch: its METADATA requires `%4`. Its compiled "
                              "parts fail under torch %5 with undefined symbols or missing operators. The reinstall "
                              "repair installs the %1 that goes with torch %5 (pip picks it, with torch held where "
                              "it is); the other way is the torch it was built for (`%6`).")
            .arg(r.requiredBy, r.requiredByVersion, QDir::toNativeSeparators(r.requiredByPath), r.line,
                 torch.version, installSpec(r));
    QJsonObject evidence{{QStringLiteral("distribution"), r.requiredBy},
                         {QStringLiteral("version"), r.requiredByVersion},
                         {QStringLiteral("requirement"), r.line},
                         {QStringLiteral("required"), r.specifier},
                         {QStringLiteral("torch"), torch.version},
                         {QStringLiteral("dist_info"), r.requiredByPath},
                         {QStringLiteral("install"),
                          QJsonArray{r.requiredBy, QStringLiteral("torch==%1").arg(torchRelease)}},
                         {QStringLiteral("upgrade"), true}};
    if (const FileOwnership *fault = faultOwnedBy(facts, r.requiredByPath))
        addFileAtFault(*fault, detail, evidence);
    return makeFinding(QStringLiteral("packages.requirement-unmet"), Severity::Error,
                       InstallationCheck::tr("%1 %2 requires %3, but torch %4 is installed")
                           .arg(r.requiredBy, r.requiredByVersion, installSpec(r), torch.version),
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
                               {QStringLiteral("root_cause"), true}};
    return makeFinding(QStringLiteral("packages.wheel-mismatch"), Severity::Error,
                       InstallationCheck::tr("torch %1 is built for %2, not for this Python (%3)")
                           .arg(torch.version, tag, torch.interpreterTag),
                       detail, evidence, {FixFamily::Reinstall});
}

} // namespace

QString normalizedDistribution(const QString &name)
{
    static const QRegularExpression separators(QStringLiteral("[-_.]+"));
    return name.toLower().replace(separators, QStringLiteral("-"));
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
    return Fact::Interpreters | Fact::Libraries;
}

QList<Finding> InstallationCheck::run(const Facts &facts, const knowledge::KnowledgeBase &) const
{
    QList<Finding> out;
    const python::StaticProbe *probe = facts.chosenProbe();
    if (!probe || !probe->torch.installed)
        return out;
    const python::TorchInstall &torch = probe->torch;
    if (torch.wheelFits == false)
        out << wrongWheel(torch);
    QStringList toldOf; // a damaged file of a distribution that is also the wrong version: one row
    for (const Requirement &r : torch.requirements)
        if (r.satisfied == false && !r.installed.isEmpty()) {
            out << unmetByTorch(facts, torch, r);
            toldOf << normalizedDistribution(r.name);
        }
    for (const Requirement &r : torch.dependents)
        if (r.satisfied == false) {
            out << unmetTorch(facts, torch, r);
            toldOf << normalizedDistribution(r.requiredBy);
        }
    for (const FileOwnership &owner : facts.owners)
        if (owner.damaged() && !toldOf.contains(normalizedDistribution(owner.distribution)))
            out << damaged(owner);
    return out;
}

} // namespace td::checks
