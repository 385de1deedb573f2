// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace td::ui {

// The wizard's language: English (the source) or Simplified Chinese. It
// follows the system at start and switches at run time: every widget then
// gets QEvent::LanguageChange and sets its texts again.
class Language {
    Q_DECLARE_TR_FUNCTIONS(Language)

public:
    static QStringList available();                 // "en", "zh_CN"
    static QString nativeName(const QString &code); // "English", "简体中文"
    static QString fromSystem();                    // the available one the system asks for
    static QString current();
    // Installs the translators (ours and Qt's own); false if ours is missing.
    static bool apply(const QString &code);
};

} // namespace td::ui
