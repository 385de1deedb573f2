// SPDX-License-Identifier: GPL-3.0-or-later
// How the wizard feels: the time from the start of the process to the first
// page on screen, and the longest the event loop stalls while a full
// diagnosis runs through the real backend. Prints one line:
//   first_page_ms=… max_stall_ms=…
// Usage: ui_responsiveness [PYTHON]   (default /usr/bin/python3, else python3 on PATH)
// With TORCHDOCTOR_SCREENSHOT_DIR set it also saves the real app's pages on
// this machine (welcome, diagnose, findings) as <language>-real-<page>.png.
//
// ui_responsiveness --repair [--busy N] [PYTHON]: a repair and its undo from the wizard, in a home of its own
// whose ~/.bashrc sets PYTHONHOME where no Python lives (so PYTHON does not start): the longest stall while
// the environment repair is planned, while it runs and is checked, and while it is undone and checked again,
// with N processes spinning beside it (default 4). Prints one line:
//   plan_max_stall_ms=… repair_max_stall_ms=… undo_max_stall_ms=… busy=N
#include "ConfirmDialog.h"
#include "CoreBackend.h"
#include "DiagnosePage.h"
#include "DonePage.h"
#include "FixPage.h"
#include "Session.h"
#include "UrgentPage.h"
#include "Language.h"
#include "WelcomePage.h"
#include "Wizard.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <functional>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace {

// Notes the first time the wizard's first page is painted.
class FirstPaint : public QObject {
public:
    explicit FirstPaint(const QElapsedTimer &clock) : m_clock(clock) {}
    qint64 ms = -1;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (ms < 0 && event->type() == QEvent::Paint)
            ms = m_clock.elapsed();
        return QObject::eventFilter(watched, event);
    }

private:
    const QElapsedTimer &m_clock;
};

// The longest gap between the ticks of a 5 ms timer, from start() to stop().
class StallMeter {
public:
    StallMeter()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout,
                         [this] { m_worst = std::max(m_worst, m_tick.restart() - m_timer.interval()); });
    }
    void start()
    {
        m_worst = 0;
        m_tick.start();
        m_timer.start();
    }
    qint64 stop()
    {
        m_timer.stop();
        return std::max<qint64>(0, m_worst);
    }

private:
    QTimer m_timer;
    QElapsedTimer m_tick;
    qint64 m_worst = 0;
};

// Runs the event loop until `done` holds; false when `limitMs` passed first.
bool runUntil(const std::function<bool()> &done, int limitMs)
{
    QElapsedTimer clock;
    clock.start();
    while (!done()) {
        if (clock.elapsed() > limitMs)
            return false;
        QApplication::processEvents(QEventLoop::AllEvents, 10);
    }
    return true;
}

// Processes that keep the cores busy while they live.
class BusyProcesses {
public:
    explicit BusyProcesses(int count)
    {
        for (int i = 0; i < count; ++i)
            if (const pid_t pid = fork(); pid == 0) {
                volatile unsigned long spins = 0;
                for (;;)
                    spins = spins + 1;
            } else if (pid > 0) {
                m_pids.push_back(pid);
            }
    }
    ~BusyProcesses()
    {
        for (const pid_t pid : m_pids) {
            kill(pid, SIGKILL);
            waitpid(pid, nullptr, 0);
        }
    }
    BusyProcesses(const BusyProcesses &) = delete;
    BusyProcesses &operator=(const BusyProcesses &) = delete;

private:
    std::vector<pid_t> m_pids;
};

int fail(const char *what)
{
    std::fprintf(stderr, "ui_responsiveness --repair: %s\n", what);
    return 1;
}

// --repair: see the top of the file.
int repairAndUndo(const QString &python, int busy)
{
    auto *wizard = new td::ui::Wizard(*new td::ui::CoreBackend); // both live until the process ends
    wizard->show();
    auto *welcome = qobject_cast<td::ui::WelcomePage *>(wizard->currentPage());
    welcome->addInterpreter(python);
    runUntil([&] { return !welcome->isSearching(); }, 120000);
    welcome->selectInterpreter(python);
    wizard->next();
    auto *diagnose = qobject_cast<td::ui::DiagnosePage *>(wizard->currentPage());
    if (!diagnose || !runUntil([&] { return !diagnose->isRunning() && diagnose->isComplete(); }, 300000))
        return fail("the diagnosis did not end");
    wizard->next(); // the findings

    wizard->next(); // "Is it urgent?"
    const BusyProcesses spinning(busy);
    StallMeter meter;
    meter.start();
    if (auto *urgent = qobject_cast<td::ui::UrgentPage *>(wizard->currentPage())) {
        urgent->choose(false); // repair this Python in place: the environment's repair is planned
        wizard->next();
    }
    auto *fix = qobject_cast<td::ui::FixPage *>(wizard->currentPage());
    if (!fix || !runUntil([&] { return !fix->isPlanning(); }, 120000))
        return fail("the flow did not lead to a repair page, or its plan was not made");
    const qint64 plan = meter.stop();
    if (!fix->repair().canApply())
        return fail("the environment repair has nothing to apply");

    td::ui::ConfirmDialog::setNextAnswer(true);
    meter.start();
    fix->apply();
    if (!runUntil([&] { return fix->isComplete(); }, 300000))
        return fail("the repair did not end");
    const qint64 repair = meter.stop();
    wizard->next();
    auto *done = qobject_cast<td::ui::DonePage *>(wizard->currentPage());
    if (!done)
        return fail("the repair did not solve it (no Done page)");

    td::ui::ConfirmDialog::setNextAnswer(true);
    meter.start();
    done->undo();
    if (!runUntil([&] { return !done->isUndoing() && !wizard->session().isRechecking(); }, 300000))
        return fail("the undo did not end");
    const qint64 undo = meter.stop();
    std::printf("plan_max_stall_ms=%lld repair_max_stall_ms=%lld undo_max_stall_ms=%lld busy=%d\n",
                static_cast<long long>(plan), static_cast<long long>(repair), static_cast<long long>(undo), busy);
    return 0;
}

// A home of its own whose ~/.bashrc keeps every Python from starting, as the process's environment does.
bool breakPythonHome(const QTemporaryDir &home)
{
    QFile bashrc(home.filePath(QStringLiteral(".bashrc")));
    if (!bashrc.open(QIODevice::WriteOnly))
        return false;
    bashrc.write("export PYTHONHOME=/nonexistent/python-home\n");
    for (const char *variable : {"XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
        qunsetenv(variable);
    qputenv("HOME", home.path().toUtf8());
    qputenv("PYTHONHOME", "/nonexistent/python-home");
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer clock;
    clock.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStringList args;
    for (int i = 0; i < argc; ++i)
        args << QString::fromLocal8Bit(argv[i]);
    const bool repairMode = args.size() > 1 && args.at(1) == QLatin1String("--repair");
    int busy = 4;
    if (repairMode) {
        args.removeAt(1);
        if (args.size() > 2 && args.at(1) == QLatin1String("--busy")) {
            busy = args.at(2).toInt();
            args.remove(1, 2);
        }
    }
    const QTemporaryDir home; // made before HOME changes
    if (repairMode && (!home.isValid() || !breakPythonHome(home)))
        return fail("cannot make a home of its own");
    QApplication app(argc, argv);
    spdlog::set_level(spdlog::level::warn); // the one line below is the output
    QString python = args.size() > 1 ? args.at(1) : QString();
    if (python.isEmpty() && QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        python = QStringLiteral("/usr/bin/python3");

    td::ui::Language::apply(td::ui::Language::fromSystem());
    if (repairMode)
        return repairAndUndo(python, busy);
    td::ui::CoreBackend backend;
    td::ui::Wizard wizard(backend);
    FirstPaint firstPaint(clock);
    wizard.page(td::ui::WelcomePageId)->installEventFilter(&firstPaint);
    wizard.show();
    while (firstPaint.ms < 0 && clock.elapsed() < 10000)
        QApplication::processEvents(QEventLoop::AllEvents, 5);
    const qint64 firstPageMs = firstPaint.ms;

    // A full diagnosis from the wizard, while a 5 ms timer measures the longest gap between its ticks.
    auto *welcome = qobject_cast<td::ui::WelcomePage *>(wizard.currentPage());
    if (welcome && !python.isEmpty())
        welcome->addInterpreter(python);
    qint64 maxStall = 0;
    QElapsedTimer tick;
    QTimer timer;
    timer.setTimerType(Qt::PreciseTimer);
    timer.setInterval(5);
    QObject::connect(&timer, &QTimer::timeout, [&] {
        const qint64 gap = tick.restart() - timer.interval();
        if (qEnvironmentVariableIsSet("TD_BENCH_TRACE") && gap > 20)
            std::fprintf(stderr, "stall %lld ms at %lld ms, page %d\n", static_cast<long long>(gap),
                         static_cast<long long>(clock.elapsed()), wizard.currentId());
        maxStall = std::max(maxStall, gap);
    });
    const QString shots = qEnvironmentVariable("TORCHDOCTOR_SCREENSHOT_DIR");
    auto shot = [&](const QString &page) {
        if (shots.isEmpty())
            return;
        QDir().mkpath(shots);
        wizard.grab().save(QDir(shots).filePath(td::ui::Language::current() + QStringLiteral("-real-") + page
                                                + QStringLiteral(".png")));
    };
    if (!shots.isEmpty()) {
        while (welcome && welcome->isSearching())
            QApplication::processEvents(QEventLoop::AllEvents, 20);
        if (welcome && !python.isEmpty())
            welcome->selectInterpreter(python);
        QApplication::processEvents();
        shot(QStringLiteral("welcome"));
    }
    // A person presses Next a moment after the window appears, not within a millisecond.
    QElapsedTimer idle;
    idle.start();
    while (idle.elapsed() < 1000)
        QApplication::processEvents(QEventLoop::AllEvents, 10);
    QTimer::singleShot(0, [&] {
        tick.start();
        timer.start();
        wizard.next();
    });
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto *diagnose = qobject_cast<td::ui::DiagnosePage *>(wizard.currentPage());
        if (diagnose && !diagnose->isRunning() && (diagnose->isComplete() || diagnose->wasCancelled())) {
            timer.stop();
            if (!shots.isEmpty()) {
                shot(QStringLiteral("diagnose"));
                wizard.next();
                QApplication::processEvents();
                shot(QStringLiteral("findings"));
            }
            QApplication::quit();
        }
    });
    poll.start(50);
    QTimer::singleShot(10 * 60 * 1000, &app, &QApplication::quit);
    QApplication::exec();
    std::printf("first_page_ms=%lld max_stall_ms=%lld\n", static_cast<long long>(firstPageMs),
                static_cast<long long>(std::max<qint64>(0, maxStall)));
    return 0;
}
