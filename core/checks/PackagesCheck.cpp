// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SystemChecks.h"

#include "checks/CheckSupport.h"
#include "checks/InstallationChecks.h"
#include "checks/SystemCheckSupport.h"

#include <QCoreApplication>

#include <algorithm>

namespace td::checks {

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
            return r.satisfied.has_value()
                   && python::normalizedDistributionName(r.requiredBy) == python::normalizedDistributionName(p.name);
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

} // namespace td::checks
