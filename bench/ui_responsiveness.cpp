// SPDX-License-Identifier: GPL-3.0-or-later
// How the wizard feels: the time from the start of the process to the first
// page on screen, and the longest the event loop stalls while a full
// diagnosis runs through the real backend. Prints one line:
//   first_page_ms=… max_stall_ms=…
// Usage: ui_responsiveness [PYTHON]   (default /usr/bin/python3, else python3 on PATH)
// With TORCHDOCTOR_SCREENSHOT_DIR set it also saves the real app's pages on
// this machine (welcome, diagnose, findings) as <language>-real-<page>.png.
#include "CoreBackend.h"
#include "DiagnosePage.h"
#include "Language.h"
#include "WelcomePage.h"
#include "Wizard.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdio>

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

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer clock;
    clock.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    spdlog::set_level(spdlog::level::warn); // the one line below is the output
    const QStringList args = QApplication::arguments();
    QString python = args.size() > 1 ? args.at(1) : QString();
    if (python.isEmpty() && QFileInfo(QStringLiteral("/usr/bin/python3")).isExecutable())
        python = QStringLiteral("/usr/bin/python3");

    td::ui::Language::apply(td::ui::Language::fromSystem());
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
