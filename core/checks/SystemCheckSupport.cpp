// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/SystemCheckSupport.h"

#include <QCoreApplication>

namespace td::checks {

QString localLabel(const QString &version)
{
    const qsizetype plus = version.indexOf(u'+');
    return plus < 0 ? QString() : version.mid(plus + 1);
}

QString machineOf(const python::Interpreter &in)
{
    return in.machine.compare(QLatin1String("AMD64"), Qt::CaseInsensitive) == 0 ? QStringLiteral("x86_64")
                                                                                : in.machine;
}

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

} // namespace td::checks
