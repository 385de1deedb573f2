// SPDX-License-Identifier: GPL-3.0-or-later
#include "Cli.h"
#include "ExitCode.h"
#include "NativeArguments.h"

#include "Version.h"
#include "platform/Logging.h"

#include <QCoreApplication>

#include <spdlog/spdlog.h>

#include <exception>

int main(int argc, char *argv[])
{
    td::app::setNativeArguments(argc, argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QString::fromLatin1(td::kAppName));
    QCoreApplication::setApplicationVersion(QString::fromLatin1(td::kVersion));

    // --debug anywhere: log everything to the console too (not a command option).
    QStringList arguments = QCoreApplication::arguments();
    const bool debug = arguments.removeAll(QStringLiteral("--debug")) > 0;
    td::platform::initLogging(debug);
    spdlog::debug("{} {} started: {}", td::kAppName, td::kVersion, arguments.join(QLatin1Char(' ')).toStdString());
    try {
        const int code = td::app::runCli(arguments);
        spdlog::debug("exit code {}", code);
        return code;
    } catch (const std::exception &e) {
        spdlog::critical("internal failure: {}", e.what());
        return td::app::Internal;
    } catch (...) {
        spdlog::critical("internal failure: unknown exception");
        return td::app::Internal;
    }
}
