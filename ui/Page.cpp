// SPDX-License-Identifier: GPL-3.0-or-later
#include "Page.h"

#include <QEvent>
#include <QScrollArea>
#include <QVBoxLayout>

namespace td::ui {

Page::Page(Session &session, QWidget *parent) : QWizardPage(parent), m_session(session) {}

QWidget *Page::body()
{
    if (m_body)
        return m_body;
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("pageScroll"));
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidgetResizable(true);
    scroll->setFocusPolicy(Qt::NoFocus); // Tab goes from control to control, and scrolls to each
    m_body = new QWidget(scroll);
    m_body->setObjectName(QStringLiteral("pageBody"));
    scroll->setWidget(m_body);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    return m_body;
}

void Page::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWizardPage::changeEvent(event);
}

} // namespace td::ui
