// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWizardPage>

namespace td::ui {

class Session;
class Wizard;

// What every page of the wizard shares: the session, and setting its texts
// again when the language changes.
class Page : public QWizardPage {
    Q_OBJECT

public:
    explicit Page(Session &session, QWidget *parent = nullptr);

    // Work is running that closing the window would stop (checks, a repair, an undo).
    [[nodiscard]] virtual bool isBusy() const { return false; }
    // Back and "Start over" may leave the page now: false while a repair or an undo runs
    // (a step that started always ends, journalled, before the walk moves).
    [[nodiscard]] virtual bool canLeave() const { return !isBusy(); }
    // Stops the work the page started in the background (checks, a search) and the
    // programs it runs; true while some of it has yet to end.
    virtual bool stopWork() { return false; }

protected:
    [[nodiscard]] Session &session() const { return m_session; }
    // What the page shows, inside a scroll area: on a small screen (1280x800 at 150 %) the page
    // scrolls instead of widening the window past the screen. Pages lay their widgets out on it.
    QWidget *body();
    // Sets every text of the page; called once built and on each language change.
    virtual void retranslate() = 0;
    void changeEvent(QEvent *event) override;

private:
    Session &m_session;
    QWidget *m_body = nullptr;
};

} // namespace td::ui
