// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"

#include "CheckCommand.h"
#include "CommandContext.h"
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

struct CliText {
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

struct Command {
    const char *name;
    const char *summary; // translated where shown
    int (*run)(const QStringList &);
};

const Command kCommands[] = {
    {"check",
     QT_TRANSLATE_NOOP("Cli", "Diagnose PyTorch for a Python interpreter: install, import, libraries, GPU, driver."),
     runCheck},
    {"deps", QT_TRANSLATE_NOOP("Cli", "Explain which native library fails to load, and why (PE, ELF, Mach-O)."),
     runDeps},
    {"explain", QT_TRANSLATE_NOOP("Cli", "Explain an error message pasted from another program: cause, file, repairs."),
     runExplain},
    {"report",
     QT_TRANSLATE_NOOP("Cli", "Write a redacted support bundle (report in four formats and the log) to a zip file."),
     runReport},
    {"fix",
     QT_TRANSLATE_NOOP("Cli",
                       "Repair what the diagnosis found (docker, env, reinstall, system, or the whole flowchart), "
                       "after showing every step and asking."),
     runFix},
    {"undo", QT_TRANSLATE_NOOP("Cli", "Put back what a fix changed, from its journal."), runUndo},
};

QString usage()
{
    QString text = CliText::tr("Usage: torchdoctor [COMMAND] [OPTIONS]") + QStringLiteral("\n\n")
                   + CliText::tr("Finds out why PyTorch does not load or does not use the GPU, and says what to do.")
                   + QStringLiteral("\n\n") + CliText::tr("Commands:") + QStringLiteral("\n");
    for (const Command &c : kCommands)
        text += QStringLiteral("  %1  %2\n")
                    .arg(QString::fromLatin1(c.name), -8)
                    .arg(QCoreApplication::translate("Cli", c.summary));
    text += QStringLiteral("\n") + CliText::tr("Options:") + QStringLiteral("\n  -h, --help     ")
            + CliText::tr("Show this help (or a command's: torchdoctor COMMAND --help).")
            + QStringLiteral("\n  -v, --version  ") + CliText::tr("Show the version.")
            + QStringLiteral("\n  --lang LANG    ")
            + CliText::tr("Language of the output: en or zh_CN (default: the system's).") + QStringLiteral("\n\n")
            + CliText::tr("Exit codes: 0 healthy, 1 problems found, 2 usage error, 3 internal failure.")
            + QStringLiteral("\n");
    return text;
}

} // namespace

int runCli(const QStringList &arguments)
{
    QTextStream out(stdout);
    QTextStream err(stderr);
    QStringList args = arguments.mid(1);
    if (!applyLanguage(args, err))
        return Usage;
    if (args.isEmpty() || args.first() == QLatin1String("-h") || args.first() == QLatin1String("--help")
        || args.first() == QLatin1String("help")) {
        out << usage();
        return Healthy;
    }
    if (args.first() == QLatin1String("-v") || args.first() == QLatin1String("--version")) {
        out << kAppName << ' ' << kVersion;
        if (*kCommit)
            out << " (" << kCommit << ')';
        out << '\n';
        return Healthy;
    }
    for (const Command &c : kCommands) {
        if (args.first() == QLatin1String(c.name))
            return c.run(args); // the command sees "deps", "a.so", ...
    }
    err << "torchdoctor: " << CliText::tr("unknown command or option '%1'").arg(args.first()) << "\n\n" << usage();
    return Usage;
}

} // namespace td::app
