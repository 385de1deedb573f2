// SPDX-License-Identifier: GPL-3.0-or-later
#include "WizardMain.h"

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

int td_run_wizard(int argc, char *argv[], bool debug)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QString::fromLatin1(td::kAppName));
    QApplication::setApplicationVersion(QString::fromLatin1(td::kVersion));
    QApplication::setApplicationDisplayName(QStringLiteral("TorchDoctor"));
    td::platform::initLogging(debug);
    if (!QDir(QStringLiteral(":/icons")).entryList().isEmpty())
        QApplication::setWindowIcon(
            QIcon(QDir(QStringLiteral(":/icons")).filePath(QDir(QStringLiteral(":/icons")).entryList().first())));
    td::ui::Theme::apply(app);
    td::ui::Language::apply(td::ui::Language::fromSystem());
    td::ui::CoreBackend backend;
    td::ui::Wizard wizard(backend);
    wizard.show();
    // Once the first page is up: the release list, fetched in the background.
    QTimer::singleShot(0, &wizard, [&backend] {
        backend.refreshKnowledge(td::knowledge::ReleaseIndexCache::configuredUrl(),
                                 td::knowledge::ReleaseIndexCache::defaultTimeoutMs);
    });
    return QApplication::exec();
}
