// SPDX-License-Identifier: GPL-3.0-or-later
#include "DepsCommand.h"

#include "CommandContext.h"
#include "ExitCode.h"
#include "NativeArguments.h"

#include "loader/Analyzer.h"
#include "platform/OriginalEnvironment.h"
#include "report/DepsReport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QTextStream>

#include <spdlog/spdlog.h>

#include <iostream>

#include <unistd.h>

namespace td::app {

namespace {

struct DepsText {
    Q_DECLARE_TR_FUNCTIONS(DepsCommand)
};

std::string nativePath(const QString &path)
{
    return nativeArgument(path);
}

} // namespace

int runDeps(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);

    QCommandLineParser parser;
    parser.setApplicationDescription(
        DepsText::tr("Walks the native libraries a file needs, the way the real loader searches for them (glibc ld.so, "
                     "the Windows loader as torch calls it, or dyld), and explains each one that would fail to load. "
                     "A folder (such as torch/lib) is analysed library by library. Runs on any host for any target."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("PATH"), DepsText::tr("A library, executable or folder."),
                                 QStringLiteral("PATH..."));
    const QCommandLineOption osOption(
        QStringLiteral("os"),
        DepsText::tr("The loader to emulate: linux, windows or macos (default: from the file's format)."),
        QStringLiteral("OS"));
    const QCommandLineOption searchDirOption(
        QStringLiteral("search-dir"),
        DepsText::tr("A folder added to the search: like os.add_dll_directory on Windows, after "
                     "LD_LIBRARY_PATH / DYLD_LIBRARY_PATH elsewhere. Repeatable."),
        QStringLiteral("DIR"));
    const QCommandLineOption pathOption(
        QStringLiteral("path"),
        DepsText::tr("PATH on Windows (';'-separated); LD_LIBRARY_PATH on Linux and DYLD_LIBRARY_PATH on "
                     "macOS (':'-separated). Default on Linux and macOS: this process's variable."),
        QStringLiteral("LIST"));
    const QCommandLineOption systemDirOption(
        QStringLiteral("system-dir"),
        DepsText::tr("System32 for Windows; the root that the system folders and ld.so.cache are read "
                     "under for Linux; the root of /usr/lib and /System for macOS."),
        QStringLiteral("DIR"));
    const QCommandLineOption appDirOption(QStringLiteral("app-dir"),
                                          DepsText::tr("Windows: the application's folder (where python.exe lives)."),
                                          QStringLiteral("DIR"));
    const QCommandLineOption executableOption(QStringLiteral("executable"),
                                              DepsText::tr("macOS: the main executable, for @executable_path."),
                                              QStringLiteral("FILE"));
    const QCommandLineOption classicOption(
        QStringLiteral("classic-search"),
        DepsText::tr("Windows: the classic search order including PATH (torch's fallback after error 126)."));
    const QCommandLineOption jsonOption(QStringLiteral("json"), DepsText::tr("Print JSON instead of a tree."));
    const QCommandLineOption verboseOption(QStringList{QStringLiteral("V"), QStringLiteral("verbose")},
                                           DepsText::tr("Print every tree in full, even for a large folder."));
    parser.addOptions({osOption, searchDirOption, pathOption, systemDirOption, appDirOption, executableOption,
                       classicOption, jsonOption, verboseOption, languageOption()});

    if (!parser.parse(arguments)) {
        err << "torchdoctor deps: " << parser.errorText() << "\n\n" << parser.helpText();
        return Usage;
    }
    if (parser.isSet(QStringLiteral("help"))) {
        out << parser.helpText();
        return Healthy;
    }
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty()) {
        err << "torchdoctor deps: " << DepsText::tr("give at least one library, executable or folder.") << "\n\n"
            << parser.helpText();
        return Usage;
    }

    loader::DepsOptions options;
    if (parser.isSet(osOption)) {
        const QString os = parser.value(osOption).toLower();
        if (os == QLatin1String("linux"))
            options.os = loader::TargetOs::Linux;
        else if (os == QLatin1String("windows"))
            options.os = loader::TargetOs::Windows;
        else if (os == QLatin1String("macos") || os == QLatin1String("darwin"))
            options.os = loader::TargetOs::MacOS;
        else {
            err << "torchdoctor deps: "
                << DepsText::tr("--os must be linux, windows or macos, not '%1'").arg(parser.value(osOption)) << "\n";
            return Usage;
        }
    }
    for (const QString &dir : parser.values(searchDirOption))
        options.searchDirs.push_back(nativePath(dir));
    if (parser.isSet(pathOption))
        options.path = nativePath(parser.value(pathOption));
    if (parser.isSet(systemDirOption))
        options.systemDir = nativePath(parser.value(systemDirOption));
    if (parser.isSet(appDirOption))
        options.appDir = nativePath(parser.value(appDirOption));
    if (parser.isSet(executableOption))
        options.executablePath = nativePath(parser.value(executableOption));
    options.classicWindowsOrder = parser.isSet(classicOption);

    // The host's own loader variables apply when emulating the host's loader.
    const QProcessEnvironment env = platform::originalEnvironment();
    for (const char *name :
         {"LD_LIBRARY_PATH", "LD_PRELOAD", "DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "HOME"}) {
        const QString key = QString::fromLatin1(name);
        if (env.contains(key))
            options.env[name] = nativePath(env.value(key));
    }

    std::vector<std::string> inputs;
    for (const QString &p : paths)
        inputs.push_back(nativePath(p));

    const bool showProgress = ::isatty(STDERR_FILENO) != 0;
    const loader::Graph graph = loader::analyze(inputs, options, nullptr, [&](const loader::AnalyzeProgress &p) {
        if (showProgress && p.total > 50 && (p.done % 25 == 0 || p.done == p.total))
            err << "\r" << DepsText::tr("analysing %1/%2").arg(p.done).arg(p.total) << (p.done == p.total ? "\n" : "")
                << Qt::flush;
    });
    spdlog::info("deps: {} roots, {} libraries, {} problems", graph.roots.size(), graph.libraries.size(),
                 graph.problems.size());

    // Written as it is made: the JSON for thousands of roots runs to megabytes.
    if (parser.isSet(jsonOption)) {
        report::writeDepsJson(graph, std::cout);
    } else {
        report::DepsTextOptions textOptions;
        textOptions.verbose = parser.isSet(verboseOption);
        report::writeDepsText(graph, std::cout, textOptions);
    }
    std::cout.flush();
    return graph.hasErrors() ? Problems : Healthy;
}

} // namespace td::app
