// SPDX-License-Identifier: GPL-3.0-or-later
#include "CommandContext.h"
#include "platform/LogCategories.h"

#include "ExitCode.h"

#include "knowledge/KnowledgeBase.h"
#include "platform/Language.h"

#include <QCoreApplication>

#include <algorithm>
#include <csignal>
#include <optional>

namespace td::app {

namespace {

struct ContextText {
    Q_DECLARE_TR_FUNCTIONS(CommandContext)
};

platform::CancelToken *g_cancel = nullptr;

// Ctrl+C, `kill`, and (Unix) a closed terminal.
#ifdef SIGHUP
constexpr int kInterrupts[] = {SIGINT, SIGTERM, SIGHUP};
#else
constexpr int kInterrupts[] = {SIGINT, SIGTERM};
#endif

void onInterrupt(int)
{
    if (g_cancel)
        g_cancel->cancel();
}

} // namespace

QCommandLineOption languageOption()
{
    return QCommandLineOption(QStringLiteral("lang"),
                              ContextText::tr("Language of the output: en or zh_CN (default: the system's)."),
                              QStringLiteral("LANG"));
}

bool applyLanguage(QStringList &arguments, QTextStream &err)
{
    std::optional<QString> asked;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &a = arguments[i];
        if (a == QLatin1String("--"))
            break;
        if (a == QLatin1String("--lang") && i + 1 < arguments.size())
            asked = arguments[i + 1];
        else if (a.startsWith(QLatin1String("--lang=")))
            asked = a.mid(7);
    }
    // The system's language first, so that an error about --lang is in it.
    platform::Language::apply(platform::Language::fromSystem());
    if (asked && !platform::Language::available().contains(*asked)) {
        err << "torchdoctor: "
            << ContextText::tr("--lang takes one of: %1 (not '%2')")
                   .arg(platform::Language::available().join(QStringLiteral(", ")), *asked)
            << "\n";
        return false;
    }
    if (asked)
        platform::Language::apply(*asked);
    // Given before the command (`torchdoctor --lang zh_CN check`), it is not the command's.
    if (!arguments.isEmpty() && arguments.first() == QLatin1String("--lang"))
        arguments.remove(0, std::min<qsizetype>(2, arguments.size()));
    else if (!arguments.isEmpty() && arguments.first().startsWith(QLatin1String("--lang=")))
        arguments.removeFirst();
    return true;
}

std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &arguments, const char *command,
                                  QTextStream &out, QTextStream &err)
{
    if (!parser.parse(arguments)) {
        err << "torchdoctor " << command << ": " << parser.errorText() << "\n\n" << parser.helpText();
        return Usage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return Healthy;
    }
    return std::nullopt;
}

std::shared_ptr<knowledge::KnowledgeBase> loadKnowledge(QTextStream &err)
{
    auto knowledge = std::make_shared<knowledge::KnowledgeBase>();
    if (const QStringList problems = knowledge->load(); !problems.isEmpty()) {
        err << "torchdoctor: "
            << ContextText::tr("the knowledge base shipped with this build is damaged: %1")
                   .arg(problems.join(QStringLiteral("; ")))
            << "\n";
        qCCritical(lcKnowledge, "%s", qUtf8Printable(problems.join(QStringLiteral("; "))));
        return nullptr;
    }
    return knowledge;
}

InterruptGuard::InterruptGuard(platform::CancelToken &cancel)
{
    g_cancel = &cancel;
    for (const int signal : kInterrupts)
        std::signal(signal, onInterrupt);
}

InterruptGuard::~InterruptGuard()
{
    for (const int signal : kInterrupts)
        std::signal(signal, SIG_DFL);
    g_cancel = nullptr;
}

} // namespace td::app
