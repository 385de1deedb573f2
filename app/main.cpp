// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"
#include "ExitCode.h"
#include "NativeArguments.h"

#if !defined(TD_NO_WIZARD)
#include "WizardMain.h"
#endif

#include "Version.h"
#include "platform/Language.h"
#include "platform/LogCategories.h"
#include "platform/Logging.h"
#include "platform/ProcessRunner.h"
#include "platform/envguard.h"

#include <QCoreApplication>

#ifdef TD_MIMALLOC
#include <mimalloc.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <exception>

#if defined(TD_WIZARD_MODULE)
#include "Module.h"
#endif
#ifdef Q_OS_LINUX
#include <unistd.h>
#endif
#ifdef Q_OS_WIN
#include <windows.h>
#endif

namespace {

struct MainText {
    Q_DECLARE_TR_FUNCTIONS(Main)
};

#if !defined(TD_NO_WIZARD)
// Whether a window can be shown: on Linux an X or Wayland display, or a platform named explicitly.
bool hasDisplay()
{
#if defined(Q_OS_WIN) || defined(Q_OS_MACOS)
    return true;
#else
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"}) {
        const char *value = std::getenv(name);
        if (value && *value)
            return true;
    }
    return false;
#endif
}
#endif

bool wantsWizard(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i)
        if (QByteArray(argv[i]) != "--debug")
            return false;
    return true;
}

#if defined(TD_WIZARD_MODULE)
int runWizard(int argc, char *argv[], bool debug)
{
    const auto entry = td::app::resolveModuleEntry("torchdoctor-wizard", TD_WIZARD_ENTRY);
    if (entry)
        return reinterpret_cast<decltype(&td_run_wizard)>(*entry)(argc, argv, debug);
    std::fprintf(stderr, "torchdoctor: the wizard cannot be opened:\n  %s\n", entry.error().toLocal8Bit().constData());
    return td::app::Internal;
}
#elif !defined(TD_NO_WIZARD)
int runWizard(int argc, char *argv[], bool debug)
{
    return td_run_wizard(argc, argv, debug);
}
#endif

// Our own process must not load what the environment it diagnoses points at.
void guardOwnProcess(char *argv[])
{
#ifdef Q_OS_LINUX
    // Started as the launcher starts us (app/launcher.c), this does nothing.
    // Started directly, the loader has already read LD_LIBRARY_PATH and the
    // rest: start again without them. The children get them back either way.
    if (td_guard_environment() > 0)
        ::execv("/proc/self/exe", argv);
#elif defined(Q_OS_WIN)
    // The DLLs loaded before main() come from our own folder first (the Qt and
    // VC++ runtimes are deployed next to the executable). Every later load (Qt's
    // plugins and what they import, NVML) searches our folder and System32,
    // never PATH, where a torch or conda folder may hold other copies.
    Q_UNUSED(argv);
    ::SetDefaultDllDirectories(LOAD_LIBRARY_SEARCH_APPLICATION_DIR | LOAD_LIBRARY_SEARCH_SYSTEM32
                               | LOAD_LIBRARY_SEARCH_USER_DIRS);
#else
    Q_UNUSED(argv);
#endif
}

} // namespace

int main(int argc, char *argv[])
{
#ifdef TD_MIMALLOC
    // Memory freed during a run (a worker's graph once merged, arrays outgrown) goes
    // back to the system at once, not after mimalloc's delay, which outlasts a whole
    // run: `deps` over 10,000 roots peaks at 36 MiB instead of 44 MiB.
    mi_option_set(mi_option_decommit_delay, 0);
#endif
    guardOwnProcess(argv);
    // What a probe leaves behind (a daemon it started, a child that called setsid) ends with us.
    td::platform::adoptOrphansOfChildren();
    td::app::setNativeArguments(argc, argv);
    const bool bare = wantsWizard(argc, argv);
#if !defined(TD_NO_WIZARD)
    if (bare && hasDisplay()) {
        bool debug = false;
        for (int i = 1; i < argc; ++i)
            debug = debug || QByteArray(argv[i]) == "--debug";
        try {
            return td::platform::finishProcess(runWizard(argc, argv, debug));
        } catch (const std::exception &e) {
            qCCritical(lcApp, "internal failure: %s", e.what());
            return td::app::Internal;
        }
    }
#endif

    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QString::fromLatin1(td::kAppName));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(td::kVersion));

    // --debug anywhere: log everything to the console too (not a command option).
    QStringList arguments = QCoreApplication::arguments();
    const bool debug = arguments.removeAll(QStringLiteral("--debug")) > 0;
    // Asking for the version or the usage writes nothing to disk: no log file.
    static const QStringList kOnlyAsks{QStringLiteral("-v"), QStringLiteral("--version"), QStringLiteral("-h"),
                                       QStringLiteral("--help")};
    const bool logging = arguments.size() != 2 || !kOnlyAsks.contains(arguments.at(1));
    if (logging)
        td::platform::initLogging(debug);
    if (bare) {
        td::platform::Language::apply(td::platform::Language::fromSystem());
#if defined(TD_NO_WIZARD)
        const QString why = MainText::tr("The wizard is not part of this build: running `torchdoctor check` instead.");
#else
        const QString why = MainText::tr("No display found: running `torchdoctor check` instead.");
#endif
        std::fputs((why + u'\n').toLocal8Bit().constData(), stderr);
        arguments << QStringLiteral("check");
    }
    if (logging)
        qCDebug(lcApp, "%s %s started: %s", td::kAppName, td::kVersion, qUtf8Printable(arguments.join(u' ')));
    try {
        const int code = td::app::runCli(arguments);
        if (logging)
            qCDebug(lcApp, "exit code %d", code);
        return td::platform::finishProcess(code);
    } catch (const std::exception &e) {
        qCCritical(lcApp, "internal failure: %s", e.what());
        return td::app::Internal;
    } catch (...) {
        qCCritical(lcApp, "internal failure: unknown exception");
        return td::app::Internal;
    }
}
