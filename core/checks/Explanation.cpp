// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/Explanation.h"

#include "checks/CheckSupport.h"
#include "checks/ErrorOnThisMachine.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace td::checks {

namespace {

struct ExplainText {
    Q_DECLARE_TR_FUNCTIONS(ExplainCommand)
};

struct PastedText {
    Q_DECLARE_TR_FUNCTIONS(PastedError)
};

using Kind = python::ClassifiedError::Kind;

// The seed's advice that people meet next to this kind of error, and why it is wrong.
QStringList wrongAdviceFor(const python::ClassifiedError &e)
{
    switch (e.kind) {
    case Kind::WinError:
    case Kind::DllLoadFailed:
        return {QStringLiteral("regsvr32"), QStringLiteral("path-python38"), QStringLiteral("dll-download-sites")};
    case Kind::OmpDuplicate: return {QStringLiteral("kmp-duplicate-lib-ok")};
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

// What a repair family does, for a cause found on this machine: its own steps are planned by `fix`.
QString repairSentence(FixFamily family)
{
    switch (family) {
    case FixFamily::Env:
        return ExplainText::tr("Take the entries that get in PyTorch's way out of the environment variables, where "
                               "they are set.");
    case FixFamily::Reinstall: return ExplainText::tr("Reinstall exactly the packages at fault.");
    case FixFamily::System: return ExplainText::tr("Install or repair the system's libraries it needs.");
    case FixFamily::Docker: return ExplainText::tr("Run PyTorch in the official container instead.");
    }
    return {};
}

// The lead finding's repairs, when the cause was found here; else what the knowledge base says fixes the message.
QList<ExplainedRepair> repairsOf(const Explanation &e, const QString &language)
{
    QList<ExplainedRepair> out;
    if (e.lead) {
        for (const FixFamily family : e.lead->fixes)
            out << ExplainedRepair{toString(family), repairSentence(family), {}};
        return out;
    }
    if (e.signature)
        for (const knowledge::Fix &f : e.signature->fixes)
            out << ExplainedRepair{f.family, f.text.get(language), f.commands};
    return out;
}

QList<knowledge::WrongAdvice> wrongAdviceOf(const python::ClassifiedError &error, const knowledge::KnowledgeBase &kb)
{
    QList<knowledge::WrongAdvice> out;
    for (const QString &id : wrongAdviceFor(error))
        for (const knowledge::WrongAdvice &w : kb.wrongAdvice())
            if (w.id == id)
                out << w;
    return out;
}

} // namespace

QString systemName(const QString &system)
{
    if (system == QLatin1String("windows"))
        return PastedText::tr("Windows");
    if (system == QLatin1String("macos"))
        return PastedText::tr("macOS");
    return PastedText::tr("Linux");
}

QString kindName(python::ClassifiedError::Kind kind)
{
    switch (kind) {
    case Kind::WinError: return QStringLiteral("win-error");
    case Kind::MissingSharedObject: return QStringLiteral("missing-shared-object");
    case Kind::VersionNotFound: return QStringLiteral("version-not-found");
    case Kind::UndefinedSymbol: return QStringLiteral("undefined-symbol");
    case Kind::IncompatibleArch: return QStringLiteral("incompatible-architecture");
    case Kind::LibraryNotLoaded: return QStringLiteral("library-not-loaded");
    case Kind::OmpDuplicate: return QStringLiteral("openmp-duplicate");
    case Kind::ModuleNotFound: return QStringLiteral("module-not-found");
    case Kind::WrongElfClass: return QStringLiteral("wrong-elf-class");
    case Kind::DllLoadFailed: return QStringLiteral("dll-load-failed");
    case Kind::InvalidElfHeader: return QStringLiteral("invalid-elf-header");
    case Kind::FileTooShort: return QStringLiteral("file-too-short");
    case Kind::Unknown: break;
    }
    return QStringLiteral("unknown");
}

Explanation explainPaste(const QString &text, const CheckRequest &request, const knowledge::KnowledgeBase &kb,
                         const QString &language)
{
    Explanation e;
    e.language = language;
    e.error = python::classifyImportError(text);
    // A message is also known by its own wording (CUDA's, NumPy's, another package's), not only by a loader
    // error's shape.
    e.signature = kb.matchError(e.error);
    e.here = findingsOnThisMachine(e.error, request, kb);
    if (const Finding *lead = leadFinding(e.here))
        e.lead = *lead;
    e.recognized = e.signature || e.lead || e.error.kind != Kind::Unknown;
    e.system = python::systemOfError(e.error);
    e.otherSystem = e.recognized && !e.system.isEmpty() && e.system != python::thisSystem();
    if (e.lead) {
        // The cause found here is the answer; what such a message usually means would only blur it.
        e.title = e.lead->title;
        e.cause = QStringList{e.lead->detail};
    } else if (e.signature) {
        e.title = e.signature->title.get(language);
        e.likely = e.signature->confidence != QLatin1String("certain");
        if (const knowledge::Text likely = kb.likelyNote(*e.signature); !likely.isEmpty())
            e.cause << likely.get(language);
        e.cause << e.signature->cause.get(language);
        e.packageToFix = e.signature->packageToFix;
        if (const knowledge::Text note = kb.packageNote(*e.signature); !note.isEmpty())
            e.cause << note.get(language);
    }
    e.repairs = repairsOf(e, language);
    e.wrongAdvice = wrongAdviceOf(e.error, kb);
    e.lookAt = lookAt(e.error);
    return e;
}

std::optional<QProcessEnvironment> pasteEnvironment(const Explanation &e, const Diagnosis &diagnosis,
                                                    const QProcessEnvironment &own)
{
    if (e.foundHere() || e.otherSystem || !e.recognized)
        return std::nullopt;
    const auto &terminal = diagnosis.facts.terminal;
    if (!terminal || !terminal->ok() || terminal->environment.isEmpty()
        || platform::loadingDifferences(own, terminal->environment).isEmpty())
        return std::nullopt;
    return terminal->environment;
}

Finding pastedErrorFinding(const Explanation &e)
{
    Finding f;
    f.id = QStringLiteral("pasted.error");
    f.severity = Severity::Info;
    f.check = QStringLiteral("pasted");
    f.title = e.title.isEmpty() ? PastedText::tr("The error you pasted is not in the knowledge base yet")
                                : PastedText::tr("The error you pasted: %1").arg(e.title);
    QStringList detail = e.cause;
    if (!e.error.path.isEmpty())
        detail << PastedText::tr("The file it names: %1").arg(e.error.path);
    else if (!e.error.library.isEmpty())
        detail << PastedText::tr("The library it names: %1").arg(e.error.library);
    for (const ExplainedRepair &r : e.repairs)
        detail << PastedText::tr("What fixes it: %1").arg(r.text) + commandsSuffix(r.commands);
    if (e.otherSystem)
        detail << PastedText::tr("This happened on a %1 machine, not on this one: what is above is what it means "
                                 "there. Run TorchDoctor on that machine to repair it.")
                      .arg(systemName(e.system));
    f.detail = detail.join(u'\n');
    f.evidence = QJsonObject{{QStringLiteral("text"), e.error.text.left(4000)},
                             {QStringLiteral("path"), e.error.path},
                             {QStringLiteral("library"), e.error.library},
                             {QStringLiteral("system"), e.system},
                             {QStringLiteral("other_system"), e.otherSystem}};
    if (e.signature)
        f.evidence.insert(QStringLiteral("cause"), e.signature->id);
    if (e.lead)
        f.evidence.insert(QStringLiteral("finding"), e.lead->id);
    return f;
}

QJsonObject explanationJson(const Explanation &e)
{
    const python::ClassifiedError &error = e.error;
    QJsonObject kind{{QStringLiteral("kind"), kindName(error.kind)}};
    const auto put = [&kind](const char *key, const QString &value) {
        if (!value.isEmpty())
            kind.insert(QLatin1String(key), value);
    };
    if (error.winError)
        kind.insert(QStringLiteral("win_error"), error.winError);
    put("path", error.path);
    put("library", error.library);
    put("symbol", error.symbol);
    put("version", error.version);
    put("required_by", error.requiredBy);
    put("module", error.module);
    put("exception", error.exceptionType);
    put("package", error.package);
    put("torch_version", error.torchVersion);
    QJsonArray fixes;
    for (const ExplainedRepair &r : e.repairs)
        fixes.append(QJsonObject{{QStringLiteral("family"), r.family},
                                 {QStringLiteral("text"), r.text},
                                 {QStringLiteral("commands"), QJsonArray::fromStringList(r.commands)},
                                 {QStringLiteral("repair"), QStringLiteral("torchdoctor fix %1").arg(r.family)}});
    QJsonArray wrong;
    for (const knowledge::WrongAdvice &w : e.wrongAdvice)
        wrong.append(QJsonObject{{QStringLiteral("id"), w.id},
                                 {QStringLiteral("advice"), w.advice.get(e.language)},
                                 {QStringLiteral("why_wrong"), w.whyWrong.get(e.language)},
                                 {QStringLiteral("instead"), w.instead.get(e.language)}});
    QJsonObject doc{{QStringLiteral("error"), kind},
                    {QStringLiteral("title"), e.title},
                    {QStringLiteral("found_here"), e.foundHere()},
                    {QStringLiteral("fixes"), fixes},
                    {QStringLiteral("look_at"), QJsonArray::fromStringList(e.lookAt)},
                    {QStringLiteral("wrong_advice"), wrong}};
    if (e.lead) {
        QJsonObject diagnosis{{QStringLiteral("finding"), e.lead->id},
                              {QStringLiteral("severity"), toString(e.lead->severity)},
                              {QStringLiteral("title"), e.lead->title},
                              {QStringLiteral("detail"), e.lead->detail},
                              {QStringLiteral("file"), fileOfFinding(e.lead->evidence)},
                              {QStringLiteral("evidence"), e.lead->evidence}};
        if (!e.lead->fixes.isEmpty())
            diagnosis.insert(QStringLiteral("repair"),
                             QStringLiteral("torchdoctor fix %1").arg(toString(e.lead->fixes.first())));
        doc.insert(QStringLiteral("diagnosis"), diagnosis);
    }
    if (const auto &s = e.signature) {
        // What the knowledge base reads in the wording, kept as data; the text shows it only without a cause found.
        QJsonObject cause{{QStringLiteral("id"), s->id},
                          {QStringLiteral("finding"), s->finding},
                          {QStringLiteral("severity"), s->severity},
                          {QStringLiteral("title"), s->title.get(e.language)},
                          {QStringLiteral("text"), s->cause.get(e.language)},
                          {QStringLiteral("confidence"), s->confidence},
                          {QStringLiteral("unconfirmed"), QJsonArray::fromStringList(s->unconfirmed)}};
        if (!s->packageToFix.isEmpty())
            cause.insert(QStringLiteral("package"), s->packageToFix);
        doc.insert(QStringLiteral("cause"), cause);
    }
    return doc;
}

namespace {

// The facts the message itself states, one per line.
QStringList statedFacts(const python::ClassifiedError &e)
{
    QStringList out;
    if (e.winError)
        out << ExplainText::tr("Windows error: %1").arg(e.winError);
    if (!e.path.isEmpty())
        out << ExplainText::tr("File: %1").arg(e.path);
    if (!e.library.isEmpty())
        out << ExplainText::tr("Library: %1").arg(e.library);
    if (!e.version.isEmpty())
        out << ExplainText::tr("Missing version: %1").arg(e.version);
    if (!e.symbol.isEmpty())
        out << ExplainText::tr("Undefined symbol: %1").arg(e.symbol);
    if (!e.requiredBy.isEmpty())
        out << ExplainText::tr("Required by: %1").arg(e.requiredBy);
    return out;
}

} // namespace

QString explanationText(const Explanation &e)
{
    if (!e.recognized)
        return ExplainText::tr("TorchDoctor does not recognise this message as a PyTorch loading error.")
               + u'\n'
               + ExplainText::tr("Paste the last lines of the traceback (from \"Traceback\" to the error line), or "
                                 "run `torchdoctor check`.")
               + u'\n';
    QStringList lines;
    if (e.lead) {
        lines << ExplainText::tr("On this machine: %1").arg(e.title) << e.cause;
        if (!e.lead->fixes.isEmpty())
            lines << ExplainText::tr("First repair: %1")
                         .arg(QStringLiteral("torchdoctor fix %1").arg(toString(e.lead->fixes.first())));
    } else if (e.signature) {
        lines << e.title << QString() << e.cause;
    } else {
        lines << ExplainText::tr("A loading error of kind %1, not in the knowledge base yet.")
                     .arg(kindName(e.error.kind));
    }
    lines << QString() << statedFacts(e.error);
    if (!e.repairs.isEmpty()) {
        lines << QString() << ExplainText::tr("What fixes it:");
        for (const ExplainedRepair &r : e.repairs) {
            lines << QStringLiteral("  • %1  (torchdoctor fix %2)").arg(r.text, r.family);
            for (const QString &command : r.commands)
                lines << QStringLiteral("      ") + command;
        }
    }
    lines << QString() << ExplainText::tr("Look at:");
    for (const QString &l : e.lookAt)
        lines << QStringLiteral("  • ") + l;
    if (!e.wrongAdvice.isEmpty()) {
        lines << QString() << ExplainText::tr("Advice to skip:");
        for (const knowledge::WrongAdvice &w : e.wrongAdvice)
            lines << QStringLiteral("  ✗ ") + w.advice.get(e.language)
                  << QStringLiteral("    ") + w.whyWrong.get(e.language);
    }
    return lines.join(u'\n') + u'\n';
}

} // namespace td::checks
