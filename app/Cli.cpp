// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"

#include "CheckCommand.h"
#include "DepsCommand.h"
#include "ExitCode.h"
#include "ExplainCommand.h"
#include "FixCommand.h"

#include "Version.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

namespace td::app {

namespace {

struct Command {
    const char *name;
    const char *summary;
    int (*run)(const QStringList &);
};

const Command kCommands[] = {
    {"check", "Diagnose PyTorch for a Python interpreter: install, import, libraries, GPU, driver.", runCheck},
    {"deps", "Explain which native library fails to load, and why (PE, ELF, Mach-O).", runDeps},
    {"explain", "Explain an error message pasted from another program: cause, file, repairs.", runExplain},
    {"report", "Write a redacted support bundle (report in four formats and the log) to a zip file.", runReport},
    {"fix",
     "Repair what the diagnosis found (docker, env, reinstall, system, or the whole flowchart), after showing every "
     "step and asking.",
     runFix},
    {"undo", "Put back what a fix changed, from its journal.", runUndo},
};

QString usage()
{
    QString text = QStringLiteral("Usage: torchdoctor [COMMAND] [OPTIONS]\n"
                                  "\n"
                                  "Finds out why PyTorch does not load or does not use the GPU, and says what to do.\n"
                                  "\n"
                                  "Commands:\n");
    for (const Command &c : kCommands)
        text += QStringLiteral("  %1  %2\n").arg(QString::fromLatin1(c.name), -8).arg(QString::fromLatin1(c.summary));
    text += QStringLiteral("\n"
                           "Options:\n"
                           "  -h, --help     Show this help (or a command's: torchdoctor COMMAND --help).\n"
                           "  -v, --version  Show the version.\n"
                           "\n"
                           "Exit codes: 0 healthy, 1 problems found, 2 usage error, 3 internal failure.\n");
    return text;
}

} // namespace

int runCli(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QStringList args = arguments.mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("-h") || args.first() == QLatin1String("--help")
        || args.first() == QLatin1String("help")) {
        out << usage();
        return Healthy;
    }
    if (args.first() == QLatin1String("-v") || args.first() == QLatin1String("--version")) {
        out << kAppName << ' ' << kVersion << '\n';
        return Healthy;
    }
    for (const Command &c : kCommands) {
        if (args.first() == QLatin1String(c.name))
            return c.run(arguments.mid(1)); // the command sees "deps", "a.so", ...
    }
    err << "torchdoctor: unknown command or option '" << args.first() << "'\n\n" << usage();
    return Usage;
}

} // namespace td::app
