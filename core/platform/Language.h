// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::platform {

// The language of every text: English (the source) or Simplified Chinese.
// The wizard and every command follow the system (or --lang); the wizard
// also switches at run time, and every widget then gets
// QEvent::LanguageChange and sets its texts again.
class Language {
    Q_DECLARE_TR_FUNCTIONS(Language)

public:
    static QStringList available();                 // "en", "zh_CN"
    static QString nativeName(const QString &code); // "English", "简体中文"
    // The available one the system asks for: on Linux as gettext reads it
    // (LANGUAGE, a list, then the first of LC_ALL, LC_MESSAGES and LANG that
    // is set), elsewhere the system's UI languages; English when none fits.
    static QString fromSystem();
    // The available language a locale name means ("zh_CN.UTF-8", "zh-Hans",
    // "en_GB", "C"), or nullopt for another language.
    static std::optional<QString> matching(const QString &locale);
    static QString current();
    // Installs the translators (ours and Qt's own); false if ours is missing.
    static bool apply(const QString &code);
};

} // namespace td::platform
