// SPDX-License-Identifier: GPL-3.0-or-later
#include "Theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

namespace td::ui {

void Theme::apply(QApplication &app)
{
    const QPalette system = QApplication::palette();
    if (isDark(system)) {
        if (QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion")))
            QApplication::setStyle(fusion);
        QApplication::setPalette(system);
    }
    Q_UNUSED(app)
}

bool Theme::isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QColor Theme::errorColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0x80, 0x80) : QColor(0xb0, 0x00, 0x20);
}

QColor Theme::warningColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0xc8, 0x60) : QColor(0x9a, 0x5b, 0x00);
}

QColor Theme::okColor(const QPalette &palette)
{
    return isDark(palette) ? QColor(0x80, 0xe0, 0x90) : QColor(0x1b, 0x6e, 0x20);
}

QIcon Theme::severityIcon(checks::Severity severity)
{
    QStyle *style = QApplication::style();
    switch (severity) {
    case checks::Severity::Error: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case checks::Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case checks::Severity::Info: return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

QIcon Theme::okIcon()
{
    return QApplication::style()->standardIcon(QStyle::SP_DialogApplyButton);
}

} // namespace td::ui
