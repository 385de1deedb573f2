// SPDX-License-Identifier: GPL-3.0-or-later
#include "Language.h"

#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace td::ui {

namespace {

QString g_current = QStringLiteral("en");
std::unique_ptr<QTranslator> g_ours;
std::unique_ptr<QTranslator> g_qt;

} // namespace

QStringList Language::available()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

QString Language::nativeName(const QString &code)
{
    if (code == QLatin1String("zh_CN"))
        return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

QString Language::fromSystem()
{
    const QLocale system = QLocale::system();
    if (system.language() == QLocale::Chinese)
        return QStringLiteral("zh_CN");
    return QStringLiteral("en");
}

QString Language::current()
{
    return g_current;
}

bool Language::apply(const QString &code)
{
    if (g_ours) {
        QCoreApplication::removeTranslator(g_ours.get());
        g_ours.reset();
    }
    if (g_qt) {
        QCoreApplication::removeTranslator(g_qt.get());
        g_qt.reset();
    }
    g_current = available().contains(code) ? code : QStringLiteral("en");
    QLocale::setDefault(
        QLocale(g_current == QLatin1String("zh_CN") ? QStringLiteral("zh_CN") : QStringLiteral("en_US")));
    if (g_current == QLatin1String("en")) {
        // English is the source: only its plural forms ("1 problem", "2 problems") come from a file.
        auto plurals = std::make_unique<QTranslator>();
        if (plurals->load(QStringLiteral(":/i18n/torchdoctor_en.qm"))) {
            QCoreApplication::installTranslator(plurals.get());
            g_ours = std::move(plurals);
        } else {
            QEvent event(QEvent::LanguageChange);
            QCoreApplication::sendEvent(QCoreApplication::instance(), &event);
        }
        return true;
    }
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_") + g_current, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        g_qt = std::move(qt);
    }
    auto ours = std::make_unique<QTranslator>();
    if (!ours->load(QStringLiteral(":/i18n/torchdoctor_") + g_current + QStringLiteral(".qm")))
        return false;
    QCoreApplication::installTranslator(ours.get());
    g_ours = std::move(ours);
    return true;
}

} // namespace td::ui
