// SPDX-License-Identifier: GPL-3.0-or-later
#include "DepsCommand.h"

#include "CommandContext.h"
#include "ExitCode.h"
#include "NativeArguments.h"

#include "checks/VariableOrigin.h"
#include "loader/Analyzer.h"
#include "platform/LogCategories.h"
#include "platform/OriginalEnvironment.h"
#include "platform/Result.h"
#include "report/DepsReport.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QTextStream>

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

// A problem at a file that LD_LIBRARY_PATH (DYLD_LIBRARY_PATH) put first: where the entry is set.
void addVariableOrigins(loader::Graph &graph, const QProcessEnvironment &environment)
{
    if (graph.os == loader::TargetOs::Windows || !environment.contains(QStringLiteral("HOME")))
        return;
    const QString platform = graph.os == loader::TargetOs::MacOS ? QStringLiteral("darwin") : QStringLiteral("linux");
    for (loader::Problem &p : graph.problems) {
        if (p.paths.empty() || p.kind == loader::ProblemKind::Missing)
            continue;
        const auto at = checks::environmentEntryOf(graph, p.paths.front(), environment, platform);
        if (!at)
            continue;
        const QString text = checks::VariableOrigin::of(environment, {}, at->variable, at->entry).text;
        p.note = text.toStdString(); // already in the user's language
    }
}

// deps' options, and what they ask for.
struct DepsOptionsCli {
    const QCommandLineOption os{
        QStringLiteral("os"),
        DepsText::tr("The loader to emulate: linux, windows or macos (default: from the file's format)."),
        QStringLiteral("OS")};
    const QCommandLineOption searchDir{
        QStringLiteral("search-dir"),
        DepsText::tr("A folder added to the search: like os.add_dll_directory on Windows, after "
                     "LD_LIBRARY_PATH / DYLD_LIBRARY_PATH elsewhere. Repeatable."),
        QStringLiteral("DIR")};
    const QCommandLineOption path{
        QStringLiteral("path"),
        DepsText::tr("PATH on Windows (';'-separated); LD_LIBRARY_PATH on Linux and DYLD_LIBRARY_PATH on "
                     "macOS (':'-separated). Default on Linux and macOS: this process's variable."),
        QStringLiteral("LIST")};
    const QCommandLineOption systemDir{
        QStringLiteral("system-dir"),
        DepsText::tr("System32 for Windows; the root that the system folders and ld.so.cache are read "
                     "under for Linux; the root of /usr/lib and /System for macOS."),
        QStringLiteral("DIR")};
    const QCommandLineOption appDir{QStringLiteral("app-dir"),
                                    DepsText::tr("Windows: the application's folder (where python.exe lives)."),
                                    QStringLiteral("DIR")};
    const QCommandLineOption executable{QStringLiteral("executable"),
                                        DepsText::tr("macOS: the main executable, for @executable_path."),
                                        QStringLiteral("FILE")};
    const QCommandLineOption classic{
        QStringLiteral("classic-search"),
        DepsText::tr("Windows: the classic search order including PATH (torch's fallback after error 126).")};
    const QCommandLineOption symbols{
        QStringLiteral("symbols"),
        DepsText::tr("Linux: which symbols each library takes from another are checked against what loads, as "
                     "ld.so binds them. shadowed (the default): only where a library from outside the package "
                     "wins over another copy; versioned: also every versioned symbol of the package's libraries (the "
                     "roots and what their RUNPATH or $ORIGIN finds); all: every library's, unversioned ones too "
                     "(those count as missing only for a program, since the program that loads a library may "
                     "define them)."),
        QStringLiteral("WHICH")};
    const QCommandLineOption json{QStringLiteral("json"), DepsText::tr("Print JSON instead of a tree.")};
    const QCommandLineOption verbose{QStringList{QStringLiteral("V"), QStringLiteral("verbose")},
                                     DepsText::tr("Print every tree in full, even for a large folder.")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({os, searchDir, path, systemDir, appDir, executable, classic, symbols, json, verbose,
                           languageOption()});
    }
    [[nodiscard]] platform::Result<loader::DepsOptions> read(const QCommandLineParser &parser) const;
};

platform::Result<loader::DepsOptions> DepsOptionsCli::read(const QCommandLineParser &parser) const
{
    loader::DepsOptions options;
    if (parser.isSet(os)) {
        const QString which = parser.value(os).toLower();
        if (which == QLatin1String("linux"))
            options.os = loader::TargetOs::Linux;
        else if (which == QLatin1String("windows"))
            options.os = loader::TargetOs::Windows;
        else if (which == QLatin1String("macos") || which == QLatin1String("darwin"))
            options.os = loader::TargetOs::MacOS;
        else
            return platform::Error{
                DepsText::tr("--os must be linux, windows or macos, not '%1'").arg(parser.value(os))};
    }
    for (const QString &dir : parser.values(searchDir))
        options.searchDirs.push_back(nativePath(dir));
    if (parser.isSet(path))
        options.path = nativePath(parser.value(path));
    if (parser.isSet(systemDir))
        options.systemDir = nativePath(parser.value(systemDir));
    if (parser.isSet(appDir))
        options.appDir = nativePath(parser.value(appDir));
    if (parser.isSet(executable))
        options.executablePath = nativePath(parser.value(executable));
    options.classicWindowsOrder = parser.isSet(classic);
    options.cudaCode = parser.isSet(json); // read with each library, not again as it is written
    options.keepCachesUntilExit = true;
    if (parser.isSet(symbols)) {
        const QString which = parser.value(symbols).toLower();
        if (which == QLatin1String("shadowed"))
            options.symbols = loader::SymbolCheck::WhereShadowed;
        else if (which == QLatin1String("versioned"))
            options.symbols = loader::SymbolCheck::Versioned;
        else if (which == QLatin1String("all"))
            options.symbols = loader::SymbolCheck::All;
        else
            return platform::Error{
                DepsText::tr("--symbols must be shadowed, versioned or all, not '%1'").arg(parser.value(symbols))};
    }
    return options;
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
    const DepsOptionsCli cli;
    cli.addTo(parser);
    if (const auto done = parseArguments(parser, arguments, "deps", out, err))
        return *done;
    const QStringList paths = parser.positionalArguments();
    if (paths.isEmpty()) {
        err << "torchdoctor deps: " << DepsText::tr("give at least one library, executable or folder.") << "\n\n"
            << parser.helpText();
        return Usage;
    }
    auto read = cli.read(parser);
    if (!read) {
        err << "torchdoctor deps: " << read.error() << "\n";
        return Usage;
    }
    loader::DepsOptions &options = read.value();

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
    // Never freed: the process ends once it is written, and freeing every library, edge and name
    // of it would only cost time. Held by a static, so that leak checkers see it reachable.
    static loader::Graph *kept = nullptr;
    kept = new loader::Graph(loader::analyze(inputs, options, nullptr, [&](const loader::AnalyzeProgress &p) {
        if (showProgress && p.total > 50 && (p.done % 25 == 0 || p.done == p.total))
            err << "\r" << DepsText::tr("analysing %1/%2").arg(p.done).arg(p.total) << (p.done == p.total ? "\n" : "")
                << Qt::flush;
    }));
    loader::Graph &graph = *kept;
    addVariableOrigins(graph, env);
    qCInfo(lcApp, "deps: %d roots, %d libraries, %d problems", int(graph.roots.size()), int(graph.libraries.size()),
           int(graph.problems.size()));

    // Written as it is made: the JSON for thousands of roots runs to megabytes.
    if (parser.isSet(cli.json)) {
        report::writeDepsJson(graph, std::cout);
    } else {
        report::DepsTextOptions textOptions;
        textOptions.verbose = parser.isSet(cli.verbose);
        report::writeDepsText(graph, std::cout, textOptions);
    }
    std::cout.flush();
    return graph.hasErrors() ? Problems : Healthy;
}

} // namespace td::app
