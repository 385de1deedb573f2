// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FakeBackend.h"
#include "Session.h"
#include "Wizard.h"

#include <QAbstractButton>
#include <QElapsedTimer>
#include <QTest>

#include <functional>
#include <memory>
#include <stdexcept>

namespace td::ui::test {

// Waits for `condition` while the event loop runs; false after `ms`.
bool waitFor(const std::function<bool()> &condition, int ms = 10000);

// The ids of the findings the findings page lists.
QStringList listedFindings(Wizard &wizard);

// Every text the window shows now: labels, buttons, lists, trees, text boxes, the page's titles.
// `except`: widgets left out, by object name.
QStringList visibleTexts(Wizard &wizard, const QStringList &except = {});

// What the window tells the person to do with TorchDoctor's command line instead of with its own
// pages: a `torchdoctor` command or one of its options, each with the text it is in. The commands
// of a plan and of what changed (which the window runs itself) do not count.
QStringList commandLineAdvice(Wizard &wizard);

// A wizard on a fake machine, shown offscreen, in one language.
class WizardHarness {
public:
    // The standard window size the layout test checks at.
    static constexpr int kWidth = 1024;
    static constexpr int kHeight = 720;

    WizardHarness(Scenario scenario, const QString &language);
    ~WizardHarness();

    Wizard &wizard() { return *m_wizard; }
    FakeBackend &backend() { return *m_backend; }
    // The wizard's flow, which it has from the first diagnosis on: the test fails without one.
    const flow::Flow &flow()
    {
        const flow::Flow *current = m_wizard->session().flow();
        if (!current)
            throw std::logic_error("the wizard has no flow: no diagnosis has finished");
        return *current;
    }
    [[nodiscard]] int pageId() const { return m_wizard->currentId(); }
    template <class T> T *page() { return qobject_cast<T *>(m_wizard->currentPage()); }

    // Presses Next (or Continue on a commit page) once it is enabled; true when the page changed.
    bool next();
    // Waits until the current page is complete.
    bool waitComplete(int ms = 10000);
    // Saves the window as <language>-<name>.png when TORCHDOCTOR_SCREENSHOT_DIR is set.
    void shot(const QString &name, QWidget *widget = nullptr);
    // From the first page to the findings: the diagnosis ran and its result is shown.
    bool toFindings();
    [[nodiscard]] QString language() const { return m_language; }

private:
    std::unique_ptr<FakeBackend> m_backend;
    std::unique_ptr<Wizard> m_wizard;
    QString m_language;
};

} // namespace td::ui::test
