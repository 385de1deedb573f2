// SPDX-License-Identifier: GPL-3.0-or-later
#include "Page.h"

#include <QEvent>

namespace td::ui {

Page::Page(Session &session, QWidget *parent) : QWizardPage(parent), m_session(session) {}

void Page::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

} // namespace td::ui
