// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/Logging.h"

#include <QDir>
#include <QStandardPaths>

#include <spdlog/sinks/rotating_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>

#ifdef Q_OS_WIN
#include <windows.h>
#endif

namespace td::platform {

namespace {

void forwardQtMessage(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    const QByteArray text = message.toUtf8();
    const char *category = context.category ? context.category : "qt";
    switch (type) {
    case QtDebugMsg: spdlog::debug("[{}] {}", category, text.constData()); break;
    case QtInfoMsg: spdlog::info("[{}] {}", category, text.constData()); break;
    case QtWarningMsg: spdlog::warn("[{}] {}", category, text.constData()); break;
    case QtCriticalMsg: spdlog::error("[{}] {}", category, text.constData()); break;
    case QtFatalMsg:
        spdlog::critical("[{}] {}", category, text.constData());
        spdlog::shutdown();
        std::abort();
    }
}

} // namespace

QString logDirectory()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/logs");
}

QString logFile()
{
    return logDirectory() + QStringLiteral("/torchdoctor.log");
}

QString initLogging(bool verboseConsole)
{
    auto console = std::make_shared<spdlog::sinks::stderr_sink_mt>();
    console->set_level(verboseConsole ? spdlog::level::debug : spdlog::level::warn);
    console->set_pattern("%^%l%$: %v");
    std::vector<spdlog::sink_ptr> sinks{console};

    QString path;
    const QString dir = logDirectory();
    if (QDir().mkpath(dir)) {
        path = logFile();
        try {
            auto file = std::make_shared<spdlog::sinks::rotating_file_sink_mt>(path.toStdString(), 2 * 1024 * 1024, 3);
            file->set_level(spdlog::level::debug);
            file->set_pattern("%Y-%m-%d %H:%M:%S.%e [%l] [%t] %v");
            sinks.push_back(file);
        } catch (const spdlog::spdlog_ex &) {
            path.clear(); // read-only home, full disk: the console still works
        }
    }
    auto logger = std::make_shared<spdlog::logger>("torchdoctor", sinks.begin(), sinks.end());
    logger->set_level(spdlog::level::debug);
    logger->flush_on(spdlog::level::warn);
    spdlog::set_default_logger(logger);
    qInstallMessageHandler(forwardQtMessage);
    return path;
}

void flushLog()
{
    spdlog::default_logger()->flush();
}

int finishProcess(int code)
{
#ifdef Q_OS_WIN
    spdlog::shutdown();
    std::fflush(nullptr);
    ::TerminateProcess(::GetCurrentProcess(), static_cast<UINT>(code));
#endif
    return code;
}

} // namespace td::platform
