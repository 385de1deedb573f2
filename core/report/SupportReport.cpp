// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/SupportReport.h"

#include "Version.h"
#include "flow/FlowChart.h"
#include "platform/Logging.h"
#include "report/CheckReport.h"
#include "report/Redactor.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QLocale>


namespace td::report {

namespace {

// The report's texts, under one translation context.
struct SupportReportText {
    Q_DECLARE_TR_FUNCTIONS(SupportReport)
};

QStringList lastLines(const QString &path, int count)
{
    QFile file(path);
    if (path.isEmpty() || count <= 0 || !file.open(QIODevice::ReadOnly))
        return {};
    // Never the whole log: its last 64 KiB are plenty for `count` lines.
    const qint64 window = 64 * 1024;
    if (file.size() > window)
        file.seek(file.size() - window);
    QStringList lines = QString::fromUtf8(file.readAll()).split(u'\n', Qt::SkipEmptyParts);
    if (file.size() > window && !lines.isEmpty())
        lines.removeFirst(); // probably cut in the middle
    return lines.mid(std::max<qsizetype>(0, lines.size() - count));
}

const QJsonObject chosenPython(const QJsonObject &report)
{
    for (const auto &v : report.value(QStringLiteral("pythons")).toArray())
        if (v.toObject().value(QStringLiteral("chosen")).toBool())
            return v.toObject();
    return {};
}

struct Counts {
    int errors = 0, warnings = 0, infos = 0;
};

Counts countFindings(const QJsonArray &findings)
{
    Counts c;
    for (const auto &v : findings) {
        const QString s = v.toObject().value(QStringLiteral("severity")).toString();
        (s == QLatin1String("error") ? c.errors : s == QLatin1String("warning") ? c.warnings : c.infos)++;
    }
    return c;
}

QString severityMark(const QString &severity)
{
    return severity == QLatin1String("error")     ? QStringLiteral("✗")
           : severity == QLatin1String("warning") ? QStringLiteral("!")
                                                  : QStringLiteral("•");
}

// The failing chain of a finding as a small tree, if its evidence has one.
QString chainTree(const QJsonObject &finding)
{
    const QJsonObject evidence = finding.value(QStringLiteral("evidence")).toObject();
    const QJsonArray chain = evidence.value(QStringLiteral("chain")).toArray();
    if (chain.isEmpty())
        return {};
    const QString problem = evidence.value(QStringLiteral("culprit_problem"))
                                .toString(evidence.value(QStringLiteral("loader_problem")).toString());
    QString tree;
    for (qsizetype i = 0; i < chain.size(); ++i) {
        const QString indent =
            i == 0 ? QString() : QString(static_cast<qsizetype>(4 * (i - 1)), u' ') + QStringLiteral("└── ");
        tree += indent + chain[i].toString();
        if (i + 1 == chain.size() && !problem.isEmpty())
            tree += QStringLiteral("  ✗ ") + problem;
        tree += u'\n';
    }
    return tree;
}

// The fields `python -m torch.utils.collect_env` users expect, from the report.
QList<QPair<QString, QString>> collectEnvFields(const QJsonObject &report)
{
    const QJsonObject python = chosenPython(report);
    const QJsonObject torch = python.value(QStringLiteral("torch")).toObject();
    const QJsonObject system = report.value(QStringLiteral("system")).toObject();
    const QJsonObject gpu = report.value(QStringLiteral("gpu")).toObject();
    auto orNa = [](const QString &s) { return s.isEmpty() ? SupportReportText::tr("N/A") : s; };
    QStringList gpus;
    for (const auto &g : gpu.value(QStringLiteral("gpus")).toArray()) {
        const QJsonObject o = g.toObject();
        gpus << o.value(QStringLiteral("name")).toString()
                    + (o.value(QStringLiteral("compute_capability")).isString()
                           ? QStringLiteral(" (compute capability %1)")
                                 .arg(o.value(QStringLiteral("compute_capability")).toString())
                           : QString());
    }
    QStringList packages;
    const QJsonObject pkgs = torch.value(QStringLiteral("packages")).toObject();
    for (auto it = pkgs.begin(); it != pkgs.end(); ++it)
        packages << it.key() + QStringLiteral("==") + it.value().toString();
    QString importState = SupportReportText::tr("not run");
    if (torch.contains(QStringLiteral("import_ok")))
        importState = torch.value(QStringLiteral("import_ok")).toBool()
                          ? SupportReportText::tr("yes (%1 ms)").arg(torch.value(QStringLiteral("import_ms")).toInt())
                          : SupportReportText::tr("no: %1").arg(torch.value(QStringLiteral("import_error")).toString());
    // What a new terminal gets, when it differs: there the import can fail while it works here.
    for (const QJsonValue &finding : report.value(QStringLiteral("findings")).toArray()) {
        const QJsonObject evidence = finding.toObject().value(QStringLiteral("evidence")).toObject();
        if (evidence.contains(QStringLiteral("terminal_import_error")))
            importState += SupportReportText::tr("; in a new terminal, no: %1")
                               .arg(evidence.value(QStringLiteral("terminal_import_error")).toString());
    }
    return {
        {SupportReportText::tr("PyTorch version"), orNa(torch.value(QStringLiteral("version")).toString())},
        {SupportReportText::tr("CUDA used to build PyTorch"), orNa(torch.value(QStringLiteral("cuda")).toString())},
        {SupportReportText::tr("Imports"), importState},
        {SupportReportText::tr("Is CUDA available"),
         torch.contains(QStringLiteral("cuda_available"))
             ? (torch.value(QStringLiteral("cuda_available")).toBool() ? SupportReportText::tr("True")
                                                                       : SupportReportText::tr("False"))
             : SupportReportText::tr("N/A")},
        {SupportReportText::tr("cuDNN version"), torch.contains(QStringLiteral("cudnn"))
                                                     ? QString::number(torch.value(QStringLiteral("cudnn")).toInt())
                                                     : SupportReportText::tr("N/A")},
        {SupportReportText::tr("OS"), orNa(system.value(QStringLiteral("os_name")).toString()) + QStringLiteral(" (")
                                          + system.value(QStringLiteral("arch")).toString() + u')'},
        {SupportReportText::tr("Libc version"), orNa(system.value(QStringLiteral("libc")).toString())},
        {SupportReportText::tr("Python version"), python.isEmpty()
                                                      ? SupportReportText::tr("N/A")
                                                      : SupportReportText::tr("%1 (%2-bit runtime)")
                                                            .arg(python.value(QStringLiteral("version")).toString())
                                                            .arg(python.value(QStringLiteral("bits")).toInt())},
        {SupportReportText::tr("Python executable"), orNa(report.value(QStringLiteral("python")).toString())},
        {SupportReportText::tr("Nvidia driver version"),
         gpu.value(QStringLiteral("nvidia_driver_found")).toBool()
             ? gpu.value(QStringLiteral("driver_version")).toString()
                   + SupportReportText::tr(" (supports CUDA %1)")
                         .arg(gpu.value(QStringLiteral("cuda_driver_version")).toString())
             : SupportReportText::tr("no NVIDIA driver found")},
        {SupportReportText::tr("GPU models and configuration"),
         gpus.isEmpty() ? SupportReportText::tr("none found") : gpus.join(QStringLiteral("; "))},
        {SupportReportText::tr("Versions of relevant libraries"),
         packages.isEmpty() ? SupportReportText::tr("none found") : packages.join(QStringLiteral(", "))},
    };
}

QString summaryOf(const QJsonArray &findings)
{
    const Counts c = countFindings(findings);
    if (c.errors == 0 && c.warnings == 0)
        return SupportReportText::tr("✓ No issues found");
    return SupportReportText::tr("%1 %2 error(s), %3 warning(s)")
        .arg(c.errors ? QStringLiteral("✗") : QStringLiteral("!"))
        .arg(c.errors)
        .arg(c.warnings);
}

QString stamp(const QJsonObject &report)
{
    const QJsonObject redaction = report.value(QStringLiteral("redaction")).toObject();
    const QJsonObject tool = report.value(QStringLiteral("tool")).toObject();
    // Which release list the verdicts rest on: the one shipped, or one fetched from an index.
    const QJsonObject releases = report.value(QStringLiteral("knowledge_releases")).toObject();
    const QString source = releases.value(QStringLiteral("source")).toString();
    const QString releaseList =
        SupportReportText::tr("release list %1 of %2")
            .arg(source.isEmpty() || source == QLatin1String("shipped") ? SupportReportText::tr("shipped") : source,
                 releases.value(QStringLiteral("date")).toString());
    return SupportReportText::tr("Created %1 by %2 %3 · knowledge base of %4, %5 · %6")
        .arg(report.value(QStringLiteral("created")).toString(), tool.value(QStringLiteral("name")).toString(),
             tool.value(QStringLiteral("version")).toString(),
             report.value(QStringLiteral("knowledge_date")).toString(), releaseList,
             redaction.value(QStringLiteral("redacted")).toBool()
                 ? SupportReportText::tr("personal data and secrets redacted")
                 : SupportReportText::tr("NOT REDACTED: for local use only, do not share"));
}

// ---- The story: what happened before the state reported ----

QString stepStateText(const QString &state)
{
    if (state == QLatin1String("done"))
        return SupportReportText::tr("done");
    if (state == QLatin1String("failed"))
        return SupportReportText::tr("failed");
    if (state == QLatin1String("running"))
        return SupportReportText::tr("started");
    return SupportReportText::tr("not run");
}

QString outcomeText(const QString &outcome)
{
    static const QList<std::pair<const char *, const char *>> texts{
        {"fixed", QT_TRANSLATE_NOOP("SupportReport", "it worked: the check after it no longer finds what it was for")},
        {"not-fixed", QT_TRANSLATE_NOOP("SupportReport", "it ran, but the check after it still finds what it was for")},
        {"declined", QT_TRANSLATE_NOOP("SupportReport", "declined: nothing was changed")},
        {"preflight-failed", QT_TRANSLATE_NOOP("SupportReport", "it could not go ahead: nothing was changed")},
        {"cancelled", QT_TRANSLATE_NOOP("SupportReport", "cancelled")},
        {"failed", QT_TRANSLATE_NOOP("SupportReport", "a step failed")},
        {"interrupted", QT_TRANSLATE_NOOP("SupportReport", "the check after it did not finish")},
        {"ran", QT_TRANSLATE_NOOP("SupportReport", "every step ran")},
        {"done", QT_TRANSLATE_NOOP("SupportReport", "every step ran")},
        {"stopped", QT_TRANSLATE_NOOP("SupportReport", "it stopped before its end")},
        {"journal-failed", QT_TRANSLATE_NOOP("SupportReport", "the journal could not be written: nothing ran")},
    };
    for (const auto &[key, text] : texts)
        if (outcome == QLatin1String(key))
            return QCoreApplication::translate("SupportReport", text);
    return outcome;
}

// One stage of the story, in words.
struct StoryStage {
    QString heading;
    QStringList lines;   // steps, journal entries, details
    QJsonArray findings; // diagnoses: what they found
    bool diagnosis = false;
};

QString joinedIds(const QJsonArray &ids)
{
    QStringList list;
    for (const auto &id : ids)
        list << id.toString();
    return list.join(QStringLiteral(", "));
}

QList<StoryStage> storyOf(const QJsonObject &history)
{
    QList<StoryStage> story;
    int number = 0;
    for (const auto &v : history.value(QStringLiteral("stages")).toArray()) {
        const QJsonObject stage = v.toObject();
        const QString kind = stage.value(QStringLiteral("stage")).toString();
        const QString time = stage.value(QStringLiteral("time")).toString();
        const QJsonArray journal = stage.value(QStringLiteral("journal")).toArray();
        StoryStage s;
        ++number;
        if (kind == QLatin1String("repair")) {
            s.heading = SupportReportText::tr("%1. Repair (%2), %3: %4 — %5")
                            .arg(number)
                            .arg(stage.value(QStringLiteral("family")).toString(), time,
                                 stage.value(QStringLiteral("title")).toString(),
                                 outcomeText(stage.value(QStringLiteral("outcome")).toString()));
            if (const QJsonArray targets = stage.value(QStringLiteral("targets")).toArray(); !targets.isEmpty())
                s.lines << SupportReportText::tr("For: %1").arg(joinedIds(targets));
            for (const auto &step : stage.value(QStringLiteral("steps")).toArray())
                s.lines << SupportReportText::tr("Step: %1 (%2)")
                               .arg(step.toObject().value(QStringLiteral("description")).toString(),
                                    stepStateText(step.toObject().value(QStringLiteral("state")).toString()));
            if (const QString undoneBy = stage.value(QStringLiteral("undone_by")).toString(); !undoneBy.isEmpty())
                s.lines << SupportReportText::tr("Undone later (journal entry %1).").arg(undoneBy);
        } else if (kind == QLatin1String("undo")) {
            s.heading = SupportReportText::tr("%1. Undo of %2, %3 — %4")
                            .arg(number)
                            .arg(stage.value(QStringLiteral("undo_of")).toString(), time,
                                 outcomeText(stage.value(QStringLiteral("outcome")).toString()));
        } else {
            s.diagnosis = true;
            s.findings = stage.value(QStringLiteral("findings")).toArray();
            const QString of = stage.value(QStringLiteral("of")).toString();
            const QString what = kind == QLatin1String("diagnosis") ? SupportReportText::tr("First diagnosis")
                                 : kind == QLatin1String("now")     ? SupportReportText::tr("State now")
                                 : of == QLatin1String("repair")    ? SupportReportText::tr("Check after the repair")
                                 : of == QLatin1String("undo")      ? SupportReportText::tr("Check after the undo")
                                 : of == QLatin1String("interpreter")
                                     ? SupportReportText::tr("Check of another Python, %1")
                                           .arg(stage.value(QStringLiteral("python")).toString())
                                                                    : SupportReportText::tr("Check again");
            s.heading = SupportReportText::tr("%1. %2, %3: %4").arg(number).arg(what, time, summaryOf(s.findings));
            if (stage.value(QStringLiteral("cancelled")).toBool())
                s.lines << SupportReportText::tr("It was cancelled: what it found is incomplete.");
        }
        if (!journal.isEmpty())
            s.lines << SupportReportText::tr("Journal entry: %1").arg(joinedIds(journal));
        if (const QString detail = stage.value(QStringLiteral("detail")).toString(); !detail.isEmpty())
            s.lines << detail;
        story << s;
    }
    return story;
}

// The story only when something happened before the state reported.
bool hasStory(const QJsonObject &history)
{
    return history.value(QStringLiteral("stages")).toArray().size() > 1;
}

QString findingLine(const QJsonObject &finding)
{
    return QStringLiteral("%1 %2 (%3)")
        .arg(severityMark(finding.value(QStringLiteral("severity")).toString()),
             finding.value(QStringLiteral("title")).toString(), finding.value(QStringLiteral("id")).toString());
}

QString storyText(const QJsonObject &history)
{
    QString out = SupportReportText::tr("What happened:") + u'\n';
    for (const StoryStage &s : storyOf(history)) {
        out += s.heading + u'\n';
        for (const QString &line : s.lines)
            out += QStringLiteral("    ") + line + u'\n';
        for (const auto &f : s.findings)
            out += QStringLiteral("    ") + findingLine(f.toObject()) + u'\n';
    }
    return out;
}

// ---- Markdown ----

QString mdCell(QString s)
{
    return s.replace(u'\\', QStringLiteral("\\\\"))
        .replace(u'|', QStringLiteral("\\|"))
        .replace(u'\n', QStringLiteral("<br>"));
}

// A fence longer than any run of backticks inside.
QString mdFence(const QString &body, const QString &info = {})
{
    int longest = 0, run = 0;
    for (const QChar c : body) {
        run = c == u'`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const QString fence(std::max(3, longest + 1), u'`');
    return fence + info + u'\n' + body + (body.endsWith(u'\n') ? QString() : QStringLiteral("\n")) + fence + u'\n';
}

QString mdEscape(QString s)
{
    // Enough for titles and paragraphs: no accidental markup or HTML.
    for (const char *c : {"\\", "*", "_", "`", "<", ">", "[", "]", "#"})
        s.replace(QLatin1String(c), QStringLiteral("\\") + QLatin1String(c));
    return s;
}

// ---- HTML ----

QString esc(const QString &s)
{
    return s.toHtmlEscaped();
}

} // namespace

bool isReportedVariable(const QString &name)
{
    static const QStringList exact{
        QStringLiteral("PATH"),        QStringLiteral("VIRTUAL_ENV"), QStringLiteral("HTTP_PROXY"),
        QStringLiteral("HTTPS_PROXY"), QStringLiteral("ALL_PROXY"),   QStringLiteral("NO_PROXY"),
        QStringLiteral("http_proxy"),  QStringLiteral("https_proxy"), QStringLiteral("all_proxy"),
        QStringLiteral("no_proxy"),    QStringLiteral("SystemRoot")};
    static const QStringList prefixes{
        QStringLiteral("PYTHON"),      QStringLiteral("CONDA"),        QStringLiteral("LD_"),
        QStringLiteral("DYLD_"),       QStringLiteral("CUDA"),         QStringLiteral("NVIDIA_"),
        QStringLiteral("CUDNN"),       QStringLiteral("TORCH"),        QStringLiteral("PYTORCH"),
        QStringLiteral("KMP_"),        QStringLiteral("OMP_"),         QStringLiteral("MKL_"),
        QStringLiteral("PIP_"),        QStringLiteral("UV_"),          QStringLiteral("HF_"),
        QStringLiteral("HUGGINGFACE"), QStringLiteral("TRANSFORMERS_")};
    return exact.contains(name)
           || std::any_of(prefixes.begin(), prefixes.end(), [&](const QString &p) { return name.startsWith(p); });
}

QJsonObject buildReport(const checks::Diagnosis &diagnosis, const ReportOptions &options)
{
    QJsonObject report = checkToJson(diagnosis);
    report.insert(QStringLiteral("schema"), 1);
    report.insert(QStringLiteral("kind"), QStringLiteral("torchdoctor-report"));
    report.insert(QStringLiteral("created"), QDateTime::currentDateTimeUtc().toString(Qt::ISODate));

    QJsonObject environment;
    const QProcessEnvironment &env = diagnosis.facts.request.environment;
    for (const QString &name : env.keys())
        if (isReportedVariable(name))
            environment.insert(name, env.value(name));
    if (const python::StaticProbe *probe = diagnosis.facts.chosenProbe())
        for (const auto &[name, value] : probe->environment)
            environment.insert(name, value); // as the interpreter saw them
    report.insert(QStringLiteral("environment"), environment);
    if (!options.history.isEmpty())
        report.insert(QStringLiteral("history"), options.history.toReportJson(diagnosis));
    platform::flushLog(); // what this run logged so far goes in too
    report.insert(QStringLiteral("log_tail"), QJsonArray::fromStringList(lastLines(options.logFile, options.logLines)));

    if (!options.redact) {
        report.insert(QStringLiteral("redaction"),
                      QJsonObject{{QStringLiteral("redacted"), false},
                                  {QStringLiteral("note"),
                                   SupportReportText::tr("NOT REDACTED: this report may hold user names, paths and "
                                                         "secrets. Keep it for local use; do not share it.")}});
        return report;
    }
    Redactor redactor(RedactionContext::fromSystem(env));
    report = redactor.redact(report);
    QJsonObject counts;
    const auto applied = redactor.counts();
    for (auto it = applied.begin(); it != applied.end(); ++it)
        counts.insert(it.key(), it.value());
    report.insert(QStringLiteral("redaction"),
                  QJsonObject{{QStringLiteral("redacted"), true}, {QStringLiteral("counts"), counts}});
    return report;
}

QString renderText(const checks::Diagnosis &diagnosis, const ReportOptions &options, bool verbose)
{
    CheckTextOptions textOptions;
    textOptions.verbose = verbose;
    QString text = checkToText(diagnosis, textOptions);
    if (const QJsonObject history = options.history.toReportJson(diagnosis); hasStory(history))
        text += u'\n' + storyText(history);
    if (!options.redact)
        return SupportReportText::tr("NOT REDACTED: for local use only, do not share.\n\n") + text;
    return Redactor(RedactionContext::fromSystem(diagnosis.facts.request.environment)).redact(text);
}

QString renderMarkdown(const QJsonObject &report)
{
    QString md;
    md += SupportReportText::tr("# TorchDoctor report\n\n");
    md += QStringLiteral("> ") + mdEscape(stamp(report)) + QStringLiteral("\n\n");
    if (!report.value(QStringLiteral("redaction")).toObject().value(QStringLiteral("redacted")).toBool())
        md += QStringLiteral("> **")
              + SupportReportText::tr("NOT REDACTED: this report may hold personal data and secrets.")
              + QStringLiteral("**\n\n");

    md += SupportReportText::tr("## Summary\n\n");
    md += QStringLiteral("| | |\n|---|---|\n");
    md += QStringLiteral("| %1 | %2 |\n")
              .arg(SupportReportText::tr("Result"),
                   mdCell(summaryOf(report.value(QStringLiteral("findings")).toArray())));
    for (const auto &[field, value] : collectEnvFields(report))
        md += QStringLiteral("| %1 | %2 |\n").arg(mdCell(field), mdCell(value));
    md += u'\n';

    if (const QJsonObject history = report.value(QStringLiteral("history")).toObject(); hasStory(history)) {
        md += SupportReportText::tr("## What happened\n\n");
        for (const StoryStage &stage : storyOf(history)) {
            md += QStringLiteral("- **") + mdEscape(stage.heading) + QStringLiteral("**\n");
            for (const QString &line : stage.lines)
                md += QStringLiteral("  - ") + mdEscape(line) + u'\n';
            for (const auto &f : stage.findings)
                md += QStringLiteral("  - ") + mdEscape(findingLine(f.toObject())) + u'\n';
        }
        md += u'\n';
    }

    md += SupportReportText::tr("## Findings\n\n");
    const QJsonArray findings = report.value(QStringLiteral("findings")).toArray();
    if (findings.isEmpty())
        md += SupportReportText::tr("No problems were found.\n\n");
    for (const auto &v : findings) {
        const QJsonObject f = v.toObject();
        md += QStringLiteral("### %1 %2 (`%3`)\n\n")
                  .arg(severityMark(f.value(QStringLiteral("severity")).toString()),
                       mdEscape(f.value(QStringLiteral("title")).toString()), f.value(QStringLiteral("id")).toString());
        for (const QString &paragraph : f.value(QStringLiteral("detail")).toString().split(u'\n', Qt::SkipEmptyParts))
            md += mdEscape(paragraph) + QStringLiteral("\n\n");
        if (const QString tree = chainTree(f); !tree.isEmpty())
            md += QStringLiteral("**") + SupportReportText::tr("Failing dependency chain") + QStringLiteral("**\n\n")
                  + mdFence(tree) + u'\n';
        QStringList fixes;
        for (const auto &x : f.value(QStringLiteral("fixes")).toArray())
            fixes << flow::FlowChart::repairName(x.toString()); // with what `torchdoctor fix` takes
        if (!fixes.isEmpty())
            md += QStringLiteral("**") + SupportReportText::tr("Repairs that apply:") + QStringLiteral("** ")
                  + fixes.join(QStringLiteral(", ")) + QStringLiteral("\n\n");
        md += QStringLiteral("<details><summary>") + SupportReportText::tr("Evidence")
              + QStringLiteral("</summary>\n\n")
              + mdFence(
                  QString::fromUtf8(
                      QJsonDocument(f.value(QStringLiteral("evidence")).toObject()).toJson(QJsonDocument::Indented)),
                  QStringLiteral("json"))
              + QStringLiteral("\n</details>\n\n");
    }

    const QJsonArray pythons = report.value(QStringLiteral("pythons")).toArray();
    md += QStringLiteral("<details><summary>")
          + SupportReportText::tr("Python interpreters found (%1)").arg(pythons.size())
          + QStringLiteral("</summary>\n\n");
    md += QStringLiteral("| %1 | %2 | %3 | %4 |\n|---|---|---|---|\n")
              .arg(SupportReportText::tr("Interpreter"), SupportReportText::tr("Version"),
                   SupportReportText::tr("torch"), SupportReportText::tr("Notes"));
    for (const auto &v : pythons) {
        const QJsonObject p = v.toObject();
        md += QStringLiteral("| %1%2 | %3 | %4 | %5 |\n")
                  .arg(p.value(QStringLiteral("chosen")).toBool() ? QStringLiteral("→ ") : QString(),
                       mdCell(p.value(QStringLiteral("executable")).toString()),
                       mdCell(p.value(QStringLiteral("version")).toString()),
                       mdCell(p.value(QStringLiteral("torch")).toObject().value(QStringLiteral("version")).toString()),
                       mdCell(p.value(QStringLiteral("problem")).toString()));
    }
    md += QStringLiteral("\n</details>\n\n");

    const QJsonObject environment = report.value(QStringLiteral("environment")).toObject();
    md += QStringLiteral("<details><summary>")
          + SupportReportText::tr("Environment variables (%1)").arg(environment.size())
          + QStringLiteral("</summary>\n\n");
    QString envText;
    for (auto it = environment.begin(); it != environment.end(); ++it)
        envText += it.key() + u'=' + it.value().toString() + u'\n';
    md += mdFence(envText) + QStringLiteral("\n</details>\n\n");

    const QJsonArray log = report.value(QStringLiteral("log_tail")).toArray();
    if (!log.isEmpty()) {
        QString logText;
        for (const auto &line : log)
            logText += line.toString() + u'\n';
        md += QStringLiteral("<details><summary>") + SupportReportText::tr("Log (last %1 lines)").arg(log.size())
              + QStringLiteral("</summary>\n\n") + mdFence(logText) + QStringLiteral("\n</details>\n");
    }
    return md;
}

namespace {

// "What happened": the session's diagnoses and changes, in order.
QString htmlStory(const QJsonObject &history)
{
    if (!hasStory(history))
        return {};
    QString h;
    h += QStringLiteral("<h2>") + esc(SupportReportText::tr("What happened"))
         + QStringLiteral("</h2>\n<ol class=\"story\">\n");
    for (const StoryStage &stage : storyOf(history)) {
        h += QStringLiteral("<li class=\"%1\"><strong>%2</strong>")
                 .arg(stage.diagnosis ? QStringLiteral("check") : QStringLiteral("change"), esc(stage.heading));
        if (!stage.lines.isEmpty() || !stage.findings.isEmpty()) {
            h += QStringLiteral("\n<ul>\n");
            for (const QString &line : stage.lines)
                h += QStringLiteral("<li>") + esc(line) + QStringLiteral("</li>\n");
            for (const auto &f : stage.findings)
                h += QStringLiteral("<li class=\"%1\">")
                         .arg(esc(f.toObject().value(QStringLiteral("severity")).toString()))
                     + esc(findingLine(f.toObject())) + QStringLiteral("</li>\n");
            h += QStringLiteral("</ul>");
        }
        h += QStringLiteral("</li>\n");
    }
    h += QStringLiteral("</ol>\n");
    return h;
}

// The findings, each with its chain, repairs and evidence.
QString htmlFindings(const QJsonArray &findings)
{
    QString h = QStringLiteral("<h2>") + esc(SupportReportText::tr("Findings")) + QStringLiteral("</h2>\n");
    if (findings.isEmpty())
        h += QStringLiteral("<p>") + esc(SupportReportText::tr("No problems were found.")) + QStringLiteral("</p>\n");
    for (const auto &v : findings) {
        const QJsonObject f = v.toObject();
        const QString severity = f.value(QStringLiteral("severity")).toString();
        h += QStringLiteral("<div class=\"finding %1\">\n<h3>%2 %3 <span class=\"id\">%4</span></h3>\n")
                 .arg(esc(severity), esc(severityMark(severity)), esc(f.value(QStringLiteral("title")).toString()),
                      esc(f.value(QStringLiteral("id")).toString()));
        for (const QString &paragraph : f.value(QStringLiteral("detail")).toString().split(u'\n', Qt::SkipEmptyParts))
            h += QStringLiteral("<p>") + esc(paragraph) + QStringLiteral("</p>\n");
        if (const QString tree = chainTree(f); !tree.isEmpty())
            h += QStringLiteral("<p><strong>") + esc(SupportReportText::tr("Failing dependency chain"))
                 + QStringLiteral("</strong></p>\n<pre>") + esc(tree) + QStringLiteral("</pre>\n");
        static const QRegularExpression code(QStringLiteral("`([^`]*)`"));
        QStringList fixes;
        for (const auto &x : f.value(QStringLiteral("fixes")).toArray())
            fixes << esc(flow::FlowChart::repairName(x.toString())).replace(code, QStringLiteral("<code>\\1</code>"));
        if (!fixes.isEmpty())
            h += QStringLiteral("<p><strong>") + esc(SupportReportText::tr("Repairs that apply:"))
                 + QStringLiteral("</strong> ") + fixes.join(QStringLiteral(", ")) + QStringLiteral("</p>\n");
        h += QStringLiteral("<details><summary>") + esc(SupportReportText::tr("Evidence"))
             + QStringLiteral("</summary><pre>")
             + esc(QString::fromUtf8(
                 QJsonDocument(f.value(QStringLiteral("evidence")).toObject()).toJson(QJsonDocument::Indented)))
             + QStringLiteral("</pre></details>\n</div>\n");
    }

    return h;
}

} // namespace

QString renderHtml(const QJsonObject &report)
{
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"%1\">\n<head>\n")
             .arg(QLocale().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh-CN") : QStringLiteral("en"));
    h += QStringLiteral(
        "<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
    h += QStringLiteral("<title>") + esc(SupportReportText::tr("TorchDoctor report"))
         + QStringLiteral("</title>\n<style>\n");
    h += QStringLiteral(
        "body{font-family:-apple-system,\"Segoe UI\",\"PingFang SC\",\"Microsoft YaHei\",\"Noto Sans CJK SC\",\"Noto "
        "Sans\",sans-serif;"
        "line-height:1.55;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2328;background:#fff}"
        "h1{font-size:1.6rem;margin-bottom:.2rem}h2{border-bottom:1px solid "
        "#d0d7de;padding-bottom:.2rem;margin-top:2rem}"
        ".stamp{color:#57606a;font-size:.9rem}.warn{background:#fff1e5;border:1px solid "
        "#d4a72c;padding:.5rem;font-weight:bold}"
        "table{border-collapse:collapse;width:100%}td,th{border:1px solid #d0d7de;padding:.3rem "
        ".5rem;text-align:left;vertical-align:top}"
        "th{background:#f6f8fa;width:16rem}pre{background:#f6f8fa;padding:.6rem;overflow-x:auto;white-space:pre-wrap;"
        "word-break:break-all}"
        ".finding{border-left:4px solid #d0d7de;padding:.2rem 1rem;margin:1rem 0;page-break-inside:avoid}"
        ".error{border-color:#cf222e}.warning{border-color:#d4a72c}.info{border-color:#0969da}"
        ".id{font-family:monospace;color:#57606a;font-size:.85rem}"
        ".story>li{margin:.4rem 0}.story ul{margin:.2rem 0}.story li.error{color:#cf222e}"
        "@media "
        "print{body{margin:0;max-width:none}details{display:block}summary{font-weight:bold}pre{white-space:pre-wrap}}"
        "\n");
    h += QStringLiteral("</style>\n</head>\n<body>\n");
    h += QStringLiteral("<h1>") + esc(SupportReportText::tr("TorchDoctor report"))
         + QStringLiteral("</h1>\n<p class=\"stamp\">") + esc(stamp(report)) + QStringLiteral("</p>\n");
    if (!report.value(QStringLiteral("redaction")).toObject().value(QStringLiteral("redacted")).toBool())
        h += QStringLiteral("<p class=\"warn\">")
             + esc(SupportReportText::tr("NOT REDACTED: this report may hold personal data and secrets."))
             + QStringLiteral("</p>\n");

    h += QStringLiteral("<h2>") + esc(SupportReportText::tr("Summary")) + QStringLiteral("</h2>\n<table>\n");
    h += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>\n")
             .arg(esc(SupportReportText::tr("Result")),
                  esc(summaryOf(report.value(QStringLiteral("findings")).toArray())));
    for (const auto &[field, value] : collectEnvFields(report))
        h += QStringLiteral("<tr><th>%1</th><td>%2</td></tr>\n").arg(esc(field), esc(value));
    h += QStringLiteral("</table>\n");

    h += htmlStory(report.value(QStringLiteral("history")).toObject());
    h += htmlFindings(report.value(QStringLiteral("findings")).toArray());
    const QJsonArray pythons = report.value(QStringLiteral("pythons")).toArray();
    h += QStringLiteral("<h2>") + esc(SupportReportText::tr("Python interpreters found (%1)").arg(pythons.size()))
         + QStringLiteral("</h2>\n<table>\n");
    h += QStringLiteral("<tr><th>%1</th><th>%2</th><th>%3</th><th>%4</th></tr>\n")
             .arg(esc(SupportReportText::tr("Interpreter")), esc(SupportReportText::tr("Version")),
                  esc(SupportReportText::tr("torch")), esc(SupportReportText::tr("Notes")));
    for (const auto &v : pythons) {
        const QJsonObject p = v.toObject();
        h += QStringLiteral("<tr><td>%1%2</td><td>%3</td><td>%4</td><td>%5</td></tr>\n")
                 .arg(p.value(QStringLiteral("chosen")).toBool() ? QStringLiteral("→ ") : QString(),
                      esc(p.value(QStringLiteral("executable")).toString()),
                      esc(p.value(QStringLiteral("version")).toString()),
                      esc(p.value(QStringLiteral("torch")).toObject().value(QStringLiteral("version")).toString()),
                      esc(p.value(QStringLiteral("problem")).toString()));
    }
    h += QStringLiteral("</table>\n");

    const QJsonObject environment = report.value(QStringLiteral("environment")).toObject();
    QString envText;
    for (auto it = environment.begin(); it != environment.end(); ++it)
        envText += it.key() + u'=' + it.value().toString() + u'\n';
    h += QStringLiteral("<h2>") + esc(SupportReportText::tr("Environment variables (%1)").arg(environment.size()))
         + QStringLiteral("</h2>\n<pre>") + esc(envText) + QStringLiteral("</pre>\n");
    const QJsonArray log = report.value(QStringLiteral("log_tail")).toArray();
    if (!log.isEmpty()) {
        QString logText;
        for (const auto &line : log)
            logText += line.toString() + u'\n';
        h += QStringLiteral("<details><summary>") + esc(SupportReportText::tr("Log (last %1 lines)").arg(log.size()))
             + QStringLiteral("</summary><pre>") + esc(logText) + QStringLiteral("</pre></details>\n");
    }
    h += QStringLiteral("</body>\n</html>\n");
    return h;
}

} // namespace td::report
