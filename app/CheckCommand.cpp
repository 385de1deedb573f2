// SPDX-License-Identifier: GPL-3.0-or-later
#include "CheckCommand.h"

#include "CommandContext.h"
#include "ExitCode.h"
#include "NativeArguments.h"
#include "Transfer.h"

#include "checks/CheckRunner.h"
#include "fixes/Journal.h"
#include "knowledge/KnowledgeBase.h"
#include "knowledge/ReleaseIndexCache.h"
#include "platform/FileIo.h"
#include "platform/Logging.h"
#include "report/SupportReport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTextStream>

#include <optional>
#include <unistd.h>

namespace td::app {

namespace {

struct CheckText {
    Q_DECLARE_TR_FUNCTIONS(CheckCommand)
};

// The options `check` and `report` share, and running the diagnosis.
class Diagnosis {
public:
    explicit Diagnosis(QCommandLineParser &parser)
        : m_python(QStringLiteral("python"),
                   CheckText::tr("The interpreter to diagnose (default: the project's venv, else python3 on PATH)."),
                   QStringLiteral("EXE")),
          m_project(QStringLiteral("project"),
                    CheckText::tr("A project folder: its venv/.venv and docker-compose.yml are used."),
                    QStringLiteral("DIR")),
          m_noImport(QStringLiteral("no-import"), CheckText::tr("Do not import torch (faster; no CUDA check).")),
          m_timeout(QStringLiteral("timeout"), CheckText::tr("Seconds each slow step may take (default 90)."),
                    QStringLiteral("S"), QStringLiteral("90")),
          m_noTerminal(QStringLiteral("no-terminal"),
                       CheckText::tr("Do not compare with what a new terminal gets (the login shell and its startup "
                                     "files).")),
          m_noRedact(QStringLiteral("no-redact"),
                     CheckText::tr("Keep user names, paths and secrets in the output (for local use only; the report "
                                   "says so).")),
          m_refresh(QStringLiteral("refresh-knowledge"),
                    CheckText::tr("First fetch the current torch release list from PyPI (5 s at most; kept in the "
                                  "app-data folder for later runs, and used where it is newer than the shipped "
                                  "knowledge). TORCHDOCTOR_RELEASE_INDEX names another index URL."))
    {
        parser.addOptions(
            {m_python, m_project, m_noImport, m_timeout, m_noTerminal, m_noRedact, m_refresh, languageOption()});
    }

    // Reads the options; on a usage error prints it and returns false.
    bool read(const QCommandLineParser &parser, QTextStream &err, const char *command)
    {
        bool ok = false;
        const int timeout = parser.value(m_timeout).toInt(&ok);
        if (!ok || timeout < 1 || timeout > 3600) {
            err << "torchdoctor " << command << ": " << CheckText::tr("--timeout takes whole seconds from 1 to 3600")
                << "\n";
            return false;
        }
        if (parser.isSet(m_python))
            m_request.python = QString::fromStdString(nativeArgument(parser.value(m_python)));
        if (parser.isSet(m_project)) {
            m_request.projectDir = parser.value(m_project);
            if (!QFileInfo(m_request.projectDir).isDir()) {
                err << "torchdoctor " << command << ": "
                    << CheckText::tr("--project: no such folder: %1").arg(m_request.projectDir) << "\n";
                return false;
            }
        }
        m_request.runImport = !parser.isSet(m_noImport);
        m_request.compareTerminal = !parser.isSet(m_noTerminal);
        m_refreshKnowledge = parser.isSet(m_refresh);
        m_request.timeout = std::chrono::seconds(timeout);
        m_reportOptions.redact = !parser.isSet(m_noRedact);
        m_reportOptions.logFile = platform::logFile();
        return true;
    }

    // Runs every check; nullopt (after printing why) when TorchDoctor itself is broken.
    std::optional<checks::Diagnosis> run(QTextStream &err, bool showProgress)
    {
        const auto knowledge = loadKnowledge(err);
        if (!knowledge)
            return std::nullopt;
        // The release list of an earlier refresh, then (when asked) a fresh one.
        if (const auto cached = knowledge::ReleaseIndexCache::loadCache())
            knowledge->applyIndex(*cached);
        if (m_refreshKnowledge)
            refreshReleases(*knowledge, err);
        platform::CancelToken cancel;
        const InterruptGuard guard(cancel); // Ctrl+C ends the diagnosis and its processes, not us midway
        checks::CheckRunner runner(m_request, knowledge);
        checks::Diagnosis report = runner.run(cancel, [&](const checks::CheckProgress &p) {
            if (showProgress)
                err << "\r\033[K[" << p.done << "/" << p.total << "] " << p.current << Qt::flush;
        });
        if (showProgress)
            err << "\r\033[K" << Qt::flush;
        return report;
    }

    const report::ReportOptions &reportOptions() const { return m_reportOptions; }

private:
    static void refreshReleases(knowledge::KnowledgeBase &knowledge, QTextStream &err)
    {
        const QString url = knowledge::ReleaseIndexCache::configuredUrl().toString();
        const auto functions = transfer();
        const platform::Result<knowledge::ReleaseIndex> index =
            functions ? (*functions)->fetchReleaseIndex(QUrl(url), knowledge::ReleaseIndexCache::defaultTimeoutMs)
                      : platform::Error{functions.error()};
        if (index) {
            knowledge::ReleaseIndexCache::saveCache(*index);
            knowledge.applyIndex(*index);
            return;
        }
        err << "torchdoctor: "
            << CheckText::tr("the release list could not be fetched from %1 (%2); using "
                             "the %3 knowledge of %4")
                   .arg(url, index.error(),
                        knowledge.releaseSource() == QLatin1String("shipped") ? CheckText::tr("shipped")
                                                                              : knowledge.releaseSource(),
                        knowledge.releaseDate().toString(Qt::ISODate))
            << "\n";
    }

    QCommandLineOption m_python, m_project, m_noImport, m_timeout, m_noTerminal, m_noRedact, m_refresh;
    bool m_refreshKnowledge = false;
    checks::CheckRequest m_request;
    report::ReportOptions m_reportOptions;
};

// Atomic: an interrupted write never leaves half a report over a good one.
int exitCodeOf(const checks::Diagnosis &report)
{
    if (report.cancelled)
        return Internal;
    return report.hasErrors() ? Problems : Healthy;
}

QStringList verboseAlias(QStringList args)
{
    // `-v` means verbose here, as in flutter doctor (the global -v is --version).
    for (QString &a : args)
        if (a == QLatin1String("-v"))
            a = QStringLiteral("--verbose");
    return args;
}

} // namespace

int runCheck(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription(CheckText::tr(
        "Finds your Python interpreters, learns how PyTorch is installed without trusting it to load, imports it "
        "in a separate process, probes the NVIDIA driver and GPUs, walks torch's native libraries with the rules "
        "its loader uses, and explains every problem with the repairs that apply. Output is redacted (home folder, "
        "user and host names, secrets) unless --no-redact is given."));
    parser.addHelpOption();
    Diagnosis diagnosis(parser);
    const QCommandLineOption formatOption(QStringLiteral("format"), CheckText::tr("text, json, markdown or html."),
                                          QStringLiteral("FORMAT"), QStringLiteral("text"));
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")},
                                          CheckText::tr("Write the report to FILE instead of the terminal."),
                                          QStringLiteral("FILE"));
    const QCommandLineOption verboseOption(QStringList{QStringLiteral("V"), QStringLiteral("verbose")},
                                           CheckText::tr("Everything: details, evidence, every interpreter found."));
    parser.addOptions({formatOption, outputOption, verboseOption});
    if (const auto done = parseArguments(parser, verboseAlias(arguments), "check", out, err))
        return *done;
    if (!parser.positionalArguments().isEmpty()) {
        err << "torchdoctor check: "
            << CheckText::tr("unexpected argument '%1'").arg(parser.positionalArguments().first()) << "\n";
        return Usage;
    }
    const QString format = parser.value(formatOption).toLower();
    static const QStringList formats{QStringLiteral("text"), QStringLiteral("json"), QStringLiteral("markdown"),
                                     QStringLiteral("md"), QStringLiteral("html")};
    if (!formats.contains(format)) {
        err << "torchdoctor check: " << CheckText::tr("--format must be text, json, markdown or html") << "\n";
        return Usage;
    }
    if (!diagnosis.read(parser, err, "check"))
        return Usage;

    const bool interactive = ::isatty(STDERR_FILENO) && format == QLatin1String("text") && !parser.isSet(outputOption);
    const auto report = diagnosis.run(err, interactive);
    if (!report)
        return Internal;

    QByteArray document;
    if (format == QLatin1String("text")) {
        document = report::renderText(*report, diagnosis.reportOptions(), parser.isSet(verboseOption)).toUtf8();
    } else {
        const QJsonObject built = report::buildReport(*report, diagnosis.reportOptions());
        if (format == QLatin1String("json"))
            document = QJsonDocument(built).toJson(QJsonDocument::Indented);
        else if (format == QLatin1String("html"))
            document = report::renderHtml(built).toUtf8();
        else
            document = report::renderMarkdown(built).toUtf8();
    }
    if (parser.isSet(outputOption)) {
        if (const auto saved = platform::saveFile(parser.value(outputOption), document); !saved) {
            err << "torchdoctor check: "
                << CheckText::tr("cannot write %1: %2").arg(parser.value(outputOption), saved.error()) << "\n";
            return Internal;
        }
    } else {
        out << QString::fromUtf8(document);
        out.flush();
    }
    return exitCodeOf(*report);
}

int runReport(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription(CheckText::tr(
        "Runs the diagnosis and writes a support bundle: the report as JSON, Markdown, HTML and text, and the log, "
        "all redacted (home folder, user and host names, secrets in variables and URLs, GPU serials) unless "
        "--no-redact is given. Attach it to a bug report or send it to support."));
    parser.addHelpOption();
    Diagnosis diagnosis(parser);
    const QCommandLineOption bundleOption(QStringLiteral("bundle"), CheckText::tr("The zip file to write."),
                                          QStringLiteral("FILE.zip"));
    parser.addOption(bundleOption);
    if (const auto done = parseArguments(parser, arguments, "report", out, err))
        return *done;
    if (!parser.isSet(bundleOption) || !parser.positionalArguments().isEmpty()) {
        err << "torchdoctor report: " << CheckText::tr("give the file to write with --bundle FILE.zip") << "\n\n"
            << parser.helpText();
        return Usage;
    }
    if (!diagnosis.read(parser, err, "report"))
        return Usage;
    const auto report = diagnosis.run(err, ::isatty(STDERR_FILENO));
    if (!report)
        return Internal;

    report::ReportOptions options = diagnosis.reportOptions();
    options.logLines = 2000; // the bundle carries the log itself
    // What the repairs and undos on this machine did, from their journal, with
    // what the sessions that ran them found before and after.
    options.history = report::SessionHistory::fromJournal(
        fixes::Journal().entries(), report::SessionHistory::loadAll(report::SessionHistory::defaultDirectory()));
    const QJsonObject built = report::buildReport(*report, options);
    QString log;
    for (const auto &line : built.value(QStringLiteral("log_tail")).toArray())
        log += line.toString() + u'\n';
    const QList<report::BundleEntry> entries{
        {QStringLiteral("report.md"), report::renderMarkdown(built).toUtf8()},
        {QStringLiteral("report.html"), report::renderHtml(built).toUtf8()},
        {QStringLiteral("report.json"), QJsonDocument(built).toJson(QJsonDocument::Indented)},
        {QStringLiteral("report.txt"), report::renderText(*report, options, true).toUtf8()},
        {QStringLiteral("torchdoctor.log"), log.toUtf8()},
    };
    const QString path = parser.value(bundleOption);
    const auto functions = transfer();
    const QString error = functions ? (*functions)->writeZipBundle(path, entries, {}) : functions.error();
    if (!error.isEmpty()) {
        err << "torchdoctor report: " << CheckText::tr("cannot write %1: %2").arg(path, error) << "\n";
        return Internal;
    }
    QStringList names;
    for (const report::BundleEntry &entry : entries)
        names << entry.name;
    out << (options.redact ? CheckText::tr("Wrote %1 (%2; personal data and secrets redacted).")
                           : CheckText::tr("Wrote %1 (%2; NOT REDACTED: do not share)."))
               .arg(path, names.join(QStringLiteral(", ")))
        << "\n";
    return exitCodeOf(*report);
}

} // namespace td::app
