// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExplainCommand.h"

#include "CommandContext.h"
#include "ExitCode.h"

#include "checks/ErrorOnThisMachine.h"
#include "knowledge/KnowledgeBase.h"
#include "platform/Language.h"
#include "python/ImportError.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTextStream>

#include <cstdio>
#include <unistd.h>

namespace td::app {

namespace {

struct ExplainText {
    Q_DECLARE_TR_FUNCTIONS(ExplainCommand)
};

constexpr qint64 kMaxInput = 1024 * 1024; // a pasted message, not a log file

QString kindName(python::ClassifiedError::Kind kind)
{
    using K = python::ClassifiedError::Kind;
    switch (kind) {
    case K::WinError: return QStringLiteral("win-error");
    case K::MissingSharedObject: return QStringLiteral("missing-shared-object");
    case K::VersionNotFound: return QStringLiteral("version-not-found");
    case K::UndefinedSymbol: return QStringLiteral("undefined-symbol");
    case K::IncompatibleArch: return QStringLiteral("incompatible-architecture");
    case K::LibraryNotLoaded: return QStringLiteral("library-not-loaded");
    case K::OmpDuplicate: return QStringLiteral("openmp-duplicate");
    case K::ModuleNotFound: return QStringLiteral("module-not-found");
    case K::WrongElfClass: return QStringLiteral("wrong-elf-class");
    case K::DllLoadFailed: return QStringLiteral("dll-load-failed");
    case K::InvalidElfHeader: return QStringLiteral("invalid-elf-header");
    case K::FileTooShort: return QStringLiteral("file-too-short");
    case K::Unknown: break;
    }
    return QStringLiteral("unknown");
}

// The seed's advice that people meet next to this kind of error, and why it is wrong.
QStringList wrongAdviceFor(const python::ClassifiedError &e)
{
    using K = python::ClassifiedError::Kind;
    switch (e.kind) {
    case K::WinError:
    case K::DllLoadFailed:
        return {QStringLiteral("regsvr32"), QStringLiteral("path-python38"), QStringLiteral("dll-download-sites")};
    case K::OmpDuplicate: return {QStringLiteral("kmp-duplicate-lib-ok")};
    default: return {};
    }
}

// What to run next to see the whole picture.
QStringList lookAt(const python::ClassifiedError &e)
{
    QStringList out;
    // Only a file by its full path: `deps` opens what it is given, and a bare name ("libcufile.so.0") or a
    // name the loader resolves ("@rpath/libomp.dylib") is nothing to open.
    const bool fullPath = e.path.startsWith(u'/') || e.path.startsWith(QLatin1String("\\\\"))
                          || (e.path.size() > 2 && e.path[1] == u':' && (e.path[2] == u'\\' || e.path[2] == u'/'));
    if (fullPath)
        out << ExplainText::tr("`torchdoctor deps \"%1\"` names the dependency that does not load, and why.")
                   .arg(e.path);
    out << ExplainText::tr("`torchdoctor check --python PYTHON` diagnoses the interpreter that printed this.");
    return out;
}

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
    const knowledge::KnowledgeBase &kb = *knowledge;
    const python::ClassifiedError e = python::classifyImportError(text);
    // The knowledge base also knows messages by their own wording (CUDA's,
    // NumPy's, another package's), not only by a loader error's shape.
    const std::optional<knowledge::ErrorSignature> signature = kb.matchError(e);
    // The files it names that are here, judged as `check` judges them: what it is on this machine.
    const QList<checks::Finding> here = checks::findingsOnThisMachine(e, checks::CheckRequest(), kb);
    const checks::Finding *lead = checks::leadFinding(here);
    const bool recognised = signature || lead || e.kind != python::ClassifiedError::Kind::Unknown;

    // The repairs, those of the diagnosis here first (in its order), then the knowledge base's.
    QJsonArray fixes;
    QStringList families;
    if (lead)
        for (const checks::FixFamily family : lead->fixes)
            families << checks::toString(family);
    if (signature)
        for (const knowledge::Fix &f : signature->fixes)
            if (!families.contains(f.family))
                families << f.family;
    for (const QString &family : std::as_const(families)) {
        const knowledge::Fix *known = nullptr;
        if (signature)
            for (const knowledge::Fix &f : signature->fixes)
                if (f.family == family && !known)
                    known = &f;
        fixes.append(QJsonObject{
            {QStringLiteral("family"), family},
            {QStringLiteral("text"),
             known ? known->text.get(language)
                   : ExplainText::tr("The repair `check` proposes for this: %1").arg(lead->title)},
            {QStringLiteral("commands"), QJsonArray::fromStringList(known ? known->commands : QStringList())},
            {QStringLiteral("repair"), QStringLiteral("torchdoctor fix %1").arg(family)}});
    }
    QJsonObject diagnosis;
    if (lead) {
        diagnosis = QJsonObject{{QStringLiteral("finding"), lead->id},
                                {QStringLiteral("severity"), checks::toString(lead->severity)},
                                {QStringLiteral("title"), lead->title},
                                {QStringLiteral("detail"), lead->detail},
                                {QStringLiteral("file"), checks::fileOfFinding(lead->evidence)},
                                {QStringLiteral("evidence"), lead->evidence}};
        if (!lead->fixes.isEmpty())
            diagnosis.insert(QStringLiteral("repair"),
                             QStringLiteral("torchdoctor fix %1").arg(checks::toString(lead->fixes.first())));
    }
    QJsonArray wrong;
    for (const QString &id : wrongAdviceFor(e))
        for (const knowledge::WrongAdvice &w : kb.wrongAdvice())
            if (w.id == id)
                wrong.append(QJsonObject{{QStringLiteral("id"), w.id},
                                         {QStringLiteral("advice"), w.advice.get(language)},
                                         {QStringLiteral("why_wrong"), w.whyWrong.get(language)},
                                         {QStringLiteral("instead"), w.instead.get(language)}});
    const QStringList look = lookAt(e);

    if (parser.isSet(json)) {
        QJsonObject error{{QStringLiteral("kind"), kindName(e.kind)}};
        const auto put = [&error](const char *key, const QString &value) {
            if (!value.isEmpty())
                error.insert(QLatin1String(key), value);
        };
        if (e.winError)
            error.insert(QStringLiteral("win_error"), e.winError);
        put("path", e.path);
        put("library", e.library);
        put("symbol", e.symbol);
        put("version", e.version);
        put("required_by", e.requiredBy);
        put("module", e.module);
        put("exception", e.exceptionType);
        put("package", e.package);
        put("torch_version", e.torchVersion);
        QJsonObject doc{{QStringLiteral("error"), error},
                        {QStringLiteral("fixes"), fixes},
                        {QStringLiteral("look_at"), QJsonArray::fromStringList(look)},
                        {QStringLiteral("wrong_advice"), wrong}};
        if (lead)
            doc.insert(QStringLiteral("diagnosis"), diagnosis);
        if (signature) {
            QJsonObject cause{{QStringLiteral("id"), signature->id},
                              {QStringLiteral("finding"), signature->finding},
                              {QStringLiteral("severity"), signature->severity},
                              {QStringLiteral("title"), signature->title.get(language)},
                              {QStringLiteral("text"), signature->cause.get(language)},
                              {QStringLiteral("confidence"), signature->confidence},
                              {QStringLiteral("unconfirmed"), QJsonArray::fromStringList(signature->unconfirmed)}};
            if (!signature->packageToFix.isEmpty())
                cause.insert(QStringLiteral("package"), signature->packageToFix);
            doc.insert(QStringLiteral("cause"), cause);
        }
        out << QJsonDocument(doc).toJson(QJsonDocument::Indented);
        return recognised ? Healthy : Problems;
    }

    if (!recognised) {
        out << ExplainText::tr("TorchDoctor does not recognise this message as a PyTorch loading error.") << "\n"
            << ExplainText::tr("Paste the last lines of the traceback (from \"Traceback\" to the error line), or run "
                               "`torchdoctor check`.")
            << "\n";
        return Problems;
    }
    if (signature) {
        out << signature->title.get(language) << "\n\n";
        if (const knowledge::Text likely = kb.likelyNote(*signature); !likely.isEmpty())
            out << likely.get(language) << "\n";
        out << signature->cause.get(language) << "\n";
    } else
        out << ExplainText::tr("A loading error of kind %1, not in the knowledge base yet.").arg(kindName(e.kind))
            << "\n";
    out << "\n";
    if (lead) {
        out << ExplainText::tr("On this machine: %1").arg(lead->title) << "\n" << lead->detail << "\n";
        if (!lead->fixes.isEmpty())
            out << ExplainText::tr("First repair: %1")
                       .arg(QStringLiteral("torchdoctor fix %1").arg(checks::toString(lead->fixes.first())))
                << "\n";
        out << "\n";
    }
    if (e.winError)
        out << ExplainText::tr("Windows error: %1").arg(e.winError) << "\n";
    if (!e.path.isEmpty())
        out << ExplainText::tr("File: %1").arg(e.path) << "\n";
    if (!e.library.isEmpty())
        out << ExplainText::tr("Library: %1").arg(e.library) << "\n";
    if (!e.version.isEmpty())
        out << ExplainText::tr("Missing version: %1").arg(e.version) << "\n";
    if (!e.symbol.isEmpty())
        out << ExplainText::tr("Undefined symbol: %1").arg(e.symbol) << "\n";
    if (!e.requiredBy.isEmpty())
        out << ExplainText::tr("Required by: %1").arg(e.requiredBy) << "\n";
    if (signature)
        if (const knowledge::Text note = kb.packageNote(*signature); !note.isEmpty())
            out << note.get(language) << "\n";
    if (!fixes.isEmpty()) {
        out << "\n" << ExplainText::tr("What fixes it:") << "\n";
        for (const QJsonValue &v : std::as_const(fixes)) {
            const QJsonObject f = v.toObject();
            out << "  • " << f.value(QStringLiteral("text")).toString() << "  ("
                << f.value(QStringLiteral("repair")).toString() << ")\n";
            for (const QJsonValue &c : f.value(QStringLiteral("commands")).toArray())
                out << "      " << c.toString() << "\n";
        }
    }
    out << "\n" << ExplainText::tr("Look at:") << "\n";
    for (const QString &l : look)
        out << "  • " << l << "\n";
    if (!wrong.isEmpty()) {
        out << "\n" << ExplainText::tr("Advice to skip:") << "\n";
        for (const QJsonValue &v : std::as_const(wrong)) {
            const QJsonObject w = v.toObject();
            out << "  ✗ " << w.value(QStringLiteral("advice")).toString() << "\n    "
                << w.value(QStringLiteral("why_wrong")).toString() << "\n";
        }
    }
    return Healthy;
}

} // namespace td::app
