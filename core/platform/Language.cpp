// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/Language.h"

#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace td::platform {

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

std::optional<QString> Language::matching(const QString &locale)
{
    const QString l = locale.trimmed().toLower();
    if (l.startsWith(QLatin1String("zh")))
        return QStringLiteral("zh_CN");
    if (l.startsWith(QLatin1String("en")) || l == QLatin1String("c") || l.startsWith(QLatin1String("c."))
        || l == QLatin1String("posix"))
        return QStringLiteral("en");
    return std::nullopt;
}

QString Language::fromSystem()
{
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    QStringList wanted = qEnvironmentVariable("LANGUAGE").split(QLatin1Char(':'), Qt::SkipEmptyParts);
    for (const char *name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        if (const QString value = qEnvironmentVariable(name); !value.isEmpty()) {
            wanted << value;
            break;
        }
    }
#else
    const QStringList wanted = QLocale::system().uiLanguages();
#endif
    for (const QString &locale : wanted)
        if (const auto code = matching(locale))
            return *code;
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

} // namespace td::platform
