// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExplainCommand.h"

#include "CommandContext.h"
#include "ExitCode.h"

#include "checks/Explanation.h"
#include "platform/Language.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QTextStream>

#include <cstdio>
#include <unistd.h>

namespace td::app {

namespace {

struct ExplainText {
    Q_DECLARE_TR_FUNCTIONS(ExplainCommand)
};

constexpr qint64 kMaxInput = 1024 * 1024; // a pasted message, not a log file

} // namespace

int runExplain(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        ExplainText::tr("Explains an error message copied from another program's console (in any language): the "
                        "cause, the file to look at and the repairs that apply. TEXT, or '-' (or nothing) to read "
                        "standard input."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("text"), ExplainText::tr("The error message, or '-'."),
                                 QStringLiteral("[TEXT | -]"));
    const QCommandLineOption json(QStringLiteral("json"), ExplainText::tr("Print JSON."));
    parser.addOptions({json, languageOption()});
    if (const auto done = parseArguments(parser, arguments, "explain", out, err))
        return *done;
    const QString language = platform::Language::current(); // for the knowledge base's texts

    QString text;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty() || positional == QStringList{QStringLiteral("-")}) {
        if (positional.isEmpty() && ::isatty(STDIN_FILENO)) {
            err << "torchdoctor explain: " << ExplainText::tr("paste the error message as an argument, or pipe it in")
                << "\n";
            return Usage;
        }
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            err << "torchdoctor explain: " << ExplainText::tr("cannot read standard input") << "\n";
            return Usage;
        }
        QByteArray bytes;
        while (bytes.size() <= kMaxInput) { // a pipe gives what it has: read until its end
            const QByteArray chunk = in.read(kMaxInput + 1 - bytes.size());
            if (chunk.isEmpty())
                break;
            bytes += chunk;
        }
        if (bytes.size() > kMaxInput) {
            err << "torchdoctor explain: "
                << ExplainText::tr("more than 1 MiB of input: paste the error message, not the whole log") << "\n";
            return Usage;
        }
        text = QString::fromUtf8(bytes);
    } else {
        text = positional.join(u' ');
    }
    if (text.trimmed().isEmpty()) {
        err << "torchdoctor explain: " << ExplainText::tr("no error message given") << "\n";
        return Usage;
    }

    const auto knowledge = loadKnowledge(err);
    if (!knowledge)
        return Internal;
    // The one explanation core gives, as the wizard shows it; the files it names judged as `check` judges them.
    const checks::Explanation explained = checks::explainPaste(text, checks::CheckRequest(), *knowledge, language);
    if (parser.isSet(json))
        out << QJsonDocument(checks::explanationJson(explained)).toJson(QJsonDocument::Indented);
    else
        out << checks::explanationText(explained);
    return explained.recognized ? Healthy : Problems;
}

} // namespace td::app
