// SPDX-License-Identifier: GPL-3.0-or-later
#include "WizardHarness.h"

#include "ConfirmDialog.h"
#include "Language.h"
#include "WelcomePage.h"

#include <QDir>
#include <QThreadPool>
#include <QWizardPage>

namespace td::ui::test {

bool waitFor(const std::function<bool()> &condition, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (!condition()) {
        if (clock.elapsed() > ms)
            return false;
        QTest::qWait(5);
    }
    return true;
}

WizardHarness::WizardHarness(Scenario scenario, const QString &language)
    : m_backend(std::make_unique<FakeBackend>(std::move(scenario))), m_language(language)
{
    Language::apply(language);
    ConfirmDialog::clearAnswers();
    m_wizard = std::make_unique<Wizard>(*m_backend);
    m_wizard->resize(kWidth, kHeight);
    m_wizard->show();
    QTest::qWait(10);
}

WizardHarness::~WizardHarness()
{
    ConfirmDialog::clearAnswers();
    m_wizard.reset();
    // Work the pages started ends before the fake machine it runs on goes away.
    QThreadPool::globalInstance()->waitForDone();
    m_backend->waitForRepairs();
    Language::apply(QStringLiteral("en"));
    QTest::qWait(1);
}

bool WizardHarness::waitComplete(int ms)
{
    return waitFor([this] { return m_wizard->currentPage() && m_wizard->currentPage()->isComplete(); }, ms);
}

bool WizardHarness::next()
{
    const int before = m_wizard->currentId();
    const bool commit = m_wizard->currentPage()->isCommitPage();
    QAbstractButton *button = m_wizard->button(commit ? QWizard::CommitButton : QWizard::NextButton);
    if (!waitFor([button] { return button->isEnabled() && button->isVisible(); }))
        return false;
    button->click();
    return waitFor([this, before] { return m_wizard->currentId() != before; }, 2000);
}

void WizardHarness::shot(const QString &name, QWidget *widget)
{
    const QString dir = qEnvironmentVariable("TORCHDOCTOR_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QDir().mkpath(dir);
    QTest::qWait(20);
    QWidget *target = widget ? widget : m_wizard.get();
    if (widget) {
        widget->show();
        QTest::qWait(20);
    }
    target->grab().save(QDir(dir).filePath(m_language + u'-' + name + QStringLiteral(".png")));
}

bool WizardHarness::toFindings()
{
    if (m_wizard->currentId() != WelcomePageId)
        return false;
    auto *welcome = qobject_cast<WelcomePage *>(m_wizard->currentPage());
    if (!welcome || !waitFor([welcome] { return !welcome->isSearching(); }))
        return false;
    return next() && waitComplete() && next() && m_wizard->currentId() == FindingsPageId;
}

} // namespace td::ui::test
