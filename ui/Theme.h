// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"

#include <QColor>
#include <QIcon>
#include <QPalette>

class QApplication;

namespace td::ui {

// Colours and icons that follow the palette: light or dark, as the system has it.
class Theme {
public:
    // Keeps the system's palette; a dark one gets the Fusion style, which draws it whole.
    static void apply(QApplication &app);
    [[nodiscard]] static bool isDark(const QPalette &palette);
    [[nodiscard]] static QColor errorColor(const QPalette &palette);
    [[nodiscard]] static QColor warningColor(const QPalette &palette);
    [[nodiscard]] static QColor okColor(const QPalette &palette);
    [[nodiscard]] static QIcon severityIcon(checks::Severity severity);
    [[nodiscard]] static QIcon okIcon();
};

} // namespace td::ui
