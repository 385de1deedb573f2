// SPDX-License-Identifier: GPL-3.0-or-later
#include "CheckCommand.h"

#include "ExitCode.h"
#include "NativeArguments.h"

#include "checks/CheckRunner.h"
#include "knowledge/KnowledgeBase.h"
#include "report/CheckReport.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>
#include <QTextStream>

#include <spdlog/spdlog.h>

#include <csignal>
#include <unistd.h>

namespace td::app {

namespace {

// Ctrl+C cancels the diagnosis (its processes are ended) instead of leaving
// a half-killed Python behind.
platform::CancelToken *g_cancel = nullptr;
void onInterrupt(int)
{
    if (g_cancel)
        g_cancel->cancel();
}

} // namespace

int runCheck(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Finds your Python interpreters, learns how PyTorch is installed without trusting it to load, imports it "
        "in a separate process, probes the NVIDIA driver and GPUs, walks torch's native libraries with the rules "
        "its loader uses, and explains every problem with the repairs that apply."));
    parser.addHelpOption();
    const QCommandLineOption pythonOption(
        QStringLiteral("python"),
        QStringLiteral("The interpreter to diagnose (default: the project's venv, else python3 on PATH)."),
        QStringLiteral("EXE"));
    const QCommandLineOption projectOption(
        QStringLiteral("project"), QStringLiteral("A project folder: its venv/.venv and docker-compose.yml are used."),
        QStringLiteral("DIR"));
    const QCommandLineOption noImportOption(QStringLiteral("no-import"),
                                            QStringLiteral("Do not import torch (faster; no CUDA check)."));
    const QCommandLineOption timeoutOption(QStringLiteral("timeout"),
                                           QStringLiteral("Seconds each slow step may take (default 90)."),
                                           QStringLiteral("S"), QStringLiteral("90"));
    const QCommandLineOption formatOption(QStringLiteral("format"), QStringLiteral("text or json."),
                                          QStringLiteral("FORMAT"), QStringLiteral("text"));
    const QCommandLineOption outputOption(QStringList{QStringLiteral("o"), QStringLiteral("output")},
                                          QStringLiteral("Write the report to FILE instead of the terminal."),
                                          QStringLiteral("FILE"));
    const QCommandLineOption verboseOption(QStringList{QStringLiteral("V"), QStringLiteral("verbose")},
                                           QStringLiteral("Everything: details, evidence, every interpreter found."));
    parser.addOptions(
        {pythonOption, projectOption, noImportOption, timeoutOption, formatOption, outputOption, verboseOption});
    // `-v` means verbose here, as in flutter doctor (the global -v is --version).
    QStringList args = arguments;
    for (QString &a : args)
        if (a == QLatin1String("-v"))
            a = QStringLiteral("--verbose");
    if (!parser.parse(args)) {
        err << "torchdoctor check: " << parser.errorText() << "\n\n" << parser.helpText();
        return Usage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return Healthy;
    }
    if (!parser.positionalArguments().isEmpty()) {
        err << "torchdoctor check: unexpected argument '" << parser.positionalArguments().first() << "'\n";
        return Usage;
    }
    const QString format = parser.value(formatOption).toLower();
    if (format != QLatin1String("text") && format != QLatin1String("json")) {
        err << "torchdoctor check: --format must be text or json (markdown and html come with `report`)\n";
        return Usage;
    }
    bool ok = false;
    const int timeout = parser.value(timeoutOption).toInt(&ok);
    if (!ok || timeout < 1 || timeout > 3600) {
        err << "torchdoctor check: --timeout takes whole seconds from 1 to 3600\n";
        return Usage;
    }
    checks::CheckRequest request;
    if (parser.isSet(pythonOption)) {
        request.python = QString::fromStdString(nativeArgument(parser.value(pythonOption)));
        if (!QFileInfo::exists(request.python) && !request.python.contains(u'/')) {
            // a bare name ("python3.11") is looked up on PATH by the runner
        }
    }
    if (parser.isSet(projectOption)) {
        request.projectDir = parser.value(projectOption);
        if (!QFileInfo(request.projectDir).isDir()) {
            err << "torchdoctor check: --project: no such folder: " << request.projectDir << "\n";
            return Usage;
        }
    }
    request.runImport = !parser.isSet(noImportOption);
    request.timeout = std::chrono::seconds(timeout);

    auto knowledge = std::make_shared<knowledge::KnowledgeBase>();
    if (const QStringList problems = knowledge->load(); !problems.isEmpty()) {
        err << "torchdoctor check: the knowledge base shipped with this build is damaged: "
            << problems.join(QStringLiteral("; ")) << "\n";
        spdlog::critical("knowledge base: {}", problems.join(QStringLiteral("; ")).toStdString());
        return Internal;
    }

    platform::CancelToken cancel;
    g_cancel = &cancel;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    const bool interactive = ::isatty(STDERR_FILENO) && format == QLatin1String("text") && !parser.isSet(outputOption);
    checks::CheckRunner runner(request, knowledge);
    const checks::CheckReport report = runner.run(cancel, [&](const checks::CheckProgress &p) {
        if (interactive)
            err << "\r\033[K[" << p.done << "/" << p.total << "] " << p.current << Qt::flush;
    });
    if (interactive)
        err << "\r\033[K" << Qt::flush;
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    g_cancel = nullptr;

    QByteArray document;
    if (format == QLatin1String("json")) {
        document = QJsonDocument(report::checkToJson(report)).toJson(QJsonDocument::Indented);
    } else {
        report::CheckTextOptions options;
        options.verbose = parser.isSet(verboseOption);
        document = report::checkToText(report, options).toUtf8();
    }
    if (parser.isSet(outputOption)) {
        // Atomic: an interrupted write never leaves half a report over a good one.
        QSaveFile file(parser.value(outputOption));
        if (!file.open(QIODevice::WriteOnly) || file.write(document) != document.size() || !file.commit()) {
            err << "torchdoctor check: cannot write " << parser.value(outputOption) << ": " << file.errorString()
                << "\n";
            return Internal;
        }
    } else {
        out << QString::fromUtf8(document);
        out.flush();
    }
    if (report.cancelled)
        return Internal;
    return report.hasErrors() ? Problems : Healthy;
}

} // namespace td::app
