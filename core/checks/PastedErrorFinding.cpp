// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/PastedErrorFinding.h"

#include "checks/CheckSupport.h"

#include <QCoreApplication>

namespace td::checks {

namespace {

struct PastedText {
    Q_DECLARE_TR_FUNCTIONS(PastedError)
};

} // namespace

QString systemName(const QString &system)
{
    if (system == QLatin1String("windows"))
        return PastedText::tr("Windows");
    if (system == QLatin1String("macos"))
        return PastedText::tr("macOS");
    return PastedText::tr("Linux");
}

Finding pastedErrorFinding(const python::ClassifiedError &error,
                           const std::optional<knowledge::ErrorSignature> &signature, const knowledge::KnowledgeBase &kb,
                           const QString &language)
{
    Finding f;
    f.id = QStringLiteral("pasted.error");
    f.severity = Severity::Info;
    f.check = QStringLiteral("pasted");
    const QString system = python::systemOfError(error);
    const bool elsewhere = !system.isEmpty() && system != python::thisSystem();
    QStringList detail;
    if (signature) {
        f.title = PastedText::tr("The error you pasted: %1").arg(signature->title.get(language));
        if (const knowledge::Text likely = kb.likelyNote(*signature); !likely.isEmpty())
            detail << likely.get(language);
        detail << signature->cause.get(language);
    } else {
        f.title = PastedText::tr("The error you pasted is not in the knowledge base yet");
    }
    if (!error.path.isEmpty())
        detail << PastedText::tr("The file it names: %1").arg(error.path);
    else if (!error.library.isEmpty())
        detail << PastedText::tr("The library it names: %1").arg(error.library);
    if (signature)
        for (const knowledge::Fix &fix : signature->fixes)
            detail << PastedText::tr("What fixes it: %1").arg(fix.text.get(language)) + commandsSuffix(fix.commands);
    if (elsewhere)
        detail << PastedText::tr("This happened on a %1 machine, not on this one: what is above is what it means "
                                 "there. Run TorchDoctor on that machine to repair it.")
                      .arg(systemName(system));
    f.detail = detail.join(u'\n');
    f.evidence = QJsonObject{{QStringLiteral("text"), error.text.left(4000)},
                             {QStringLiteral("path"), error.path},
                             {QStringLiteral("library"), error.library},
                             {QStringLiteral("system"), system},
                             {QStringLiteral("other_system"), elsewhere}};
    if (signature)
        f.evidence.insert(QStringLiteral("cause"), signature->id);
    return f;
}

} // namespace td::checks
