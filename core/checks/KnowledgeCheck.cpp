// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SystemChecks.h"

#include "checks/CheckSupport.h"

#include <QCoreApplication>

namespace td::checks {

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

} // namespace td::checks
