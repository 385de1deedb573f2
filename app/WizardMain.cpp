// SPDX-License-Identifier: GPL-3.0-or-later
#include "WizardMain.h"
#include "platform/LogCategories.h"

#include "CoreBackend.h"
#include "knowledge/ReleaseIndexCache.h"
#include "Language.h"
#include "Theme.h"
#include "Wizard.h"

#include "Version.h"
#include "platform/Logging.h"

#include <QApplication>
#include <QTimer>
#include <QDir>
#include <QIcon>

#ifdef Q_OS_UNIX
#include <QSocketNotifier>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace {

// SIGTERM, SIGINT and SIGHUP (a logout, `kill`, Ctrl+C in the terminal that started it) end the
// wizard as "Stop and quit" does, without asking: the work of every page is stopped and waited
// for (a repair ends its running step, journalled; the probes' processes end), then it quits.
// The handler only writes the signal's number into a pipe; the event loop reads it.
int quitPipe[2] = {-1, -1};

extern "C" void onQuitSignal(int signal)
{
    const int saved = errno;
    const char number = static_cast<char>(signal);
    [[maybe_unused]] const ssize_t written = ::write(quitPipe[1], &number, 1);
    errno = saved;
}

void quitOnSignals(td::ui::Wizard &wizard)
{
    if (::pipe(quitPipe) != 0) {
        qCWarning(lcApp, "no pipe for the quit signals: %s", std::strerror(errno));
        return;
    }
    for (const int fd : quitPipe) {
        ::fcntl(fd, F_SETFD, FD_CLOEXEC); // the programs we start do not get it
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
    auto *notifier = new QSocketNotifier(quitPipe[0], QSocketNotifier::Read, &wizard);
    QObject::connect(notifier, &QSocketNotifier::activated, &wizard, [&wizard] {
        char number = 0;
        while (::read(quitPipe[0], &number, 1) > 0)
            qCInfo(lcApp, "signal %d (%s): stopping the work, then quitting", number, ::strsignal(number));
        wizard.stopAndQuit();
    });
    struct sigaction action = {};
    action.sa_handler = onQuitSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (const int signal : {SIGTERM, SIGINT, SIGHUP})
        ::sigaction(signal, &action, nullptr);
}

} // namespace
#endif

int td_run_wizard(int argc, char *argv[], bool debug)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QString::fromLatin1(td::kAppName));
    QApplication::setApplicationVersion(QString::fromLatin1(td::kVersion));
    QApplication::setApplicationDisplayName(QStringLiteral("TorchDoctor"));
    QGuiApplication::setDesktopFileName(QString::fromLatin1(td::kAppId)); // Wayland's app id; the dock's icon
    td::platform::initLogging(debug);
    if (!QDir(QStringLiteral(":/icons")).entryList().isEmpty())
        QApplication::setWindowIcon(
            QIcon(QDir(QStringLiteral(":/icons")).filePath(QDir(QStringLiteral(":/icons")).entryList().first())));
    td::ui::Theme::apply(app);
    td::ui::Language::apply(td::ui::Language::fromSystem());
    td::ui::CoreBackend backend;
    td::ui::Wizard wizard(backend);
    QObject::connect(&wizard, &QDialog::finished, &app, &QApplication::quit);
#ifdef Q_OS_UNIX
    quitOnSignals(wizard);
#endif
    wizard.show();
    // Once the first page is up: the release list, fetched in the background.
    QTimer::singleShot(0, &wizard, [&backend] {
        backend.refreshKnowledge(td::knowledge::ReleaseIndexCache::configuredUrl(),
                                 td::knowledge::ReleaseIndexCache::defaultTimeoutMs);
    });
    return QApplication::exec();
}
