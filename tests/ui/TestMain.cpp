// SPDX-License-Identifier: GPL-3.0-or-later
// GUI tests run offscreen unless told otherwise (QT_QPA_PLATFORM, or TD_QPA_PLATFORM), with a
// throw-away journal and settings.
#include "platform/Logging.h"

#include <QApplication>
#include <QStandardPaths>

#include <gtest/gtest.h>

int main(int argc, char *argv[])
{
    // Wine passes no QT_* variable to its programs: there TD_QPA_PLATFORM names another plugin.
    if (const QByteArray platform = qgetenv("TD_QPA_PLATFORM"); !platform.isEmpty())
        qputenv("QT_QPA_PLATFORM", platform);
    else if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("torchdoctor-tests"));
    testing::InitGoogleTest(&argc, argv);
    return td::platform::finishProcess(RUN_ALL_TESTS()); // as the application ends (see there)
}
