// SPDX-License-Identifier: GPL-3.0-or-later
#include "WizardHarness.h"

#include "ConfirmDialog.h"
#include "FixPage.h"
#include "Language.h"
#include "WelcomePage.h"

#include <QAbstractButton>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QRegularExpression>
#include <QTextBrowser>
#include <QThreadPool>
#include <QTreeWidget>
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

QStringList listedFindings(Wizard &wizard)
{
    QStringList out;
    const auto *list = wizard.findChild<QTreeWidget *>(QStringLiteral("findings"));
    for (QTreeWidgetItemIterator it(const_cast<QTreeWidget *>(list)); *it; ++it)
        if (const QString id = (*it)->data(0, Qt::UserRole + 1).toString(); !id.isEmpty())
            out << id;
    return out;
}

QStringList visibleTexts(Wizard &wizard, const QStringList &except)
{
    QStringList out{wizard.windowTitle(), wizard.currentPage()->title(), wizard.currentPage()->subTitle()};
    for (const QWidget *w : wizard.findChildren<QWidget *>()) {
        if (!w->isVisible() || except.contains(w->objectName()))
            continue;
        if (const auto *l = qobject_cast<const QLabel *>(w))
            out << l->text();
        else if (const auto *b = qobject_cast<const QAbstractButton *>(w))
            out << b->text();
        else if (const auto *list = qobject_cast<const QListWidget *>(w))
            for (int row = 0; row < list->count(); ++row)
                out << list->item(row)->text();
        else if (const auto *tree = qobject_cast<const QTreeWidget *>(w))
            for (QTreeWidgetItemIterator it(const_cast<QTreeWidget *>(tree)); *it; ++it)
                for (int column = 0; column < tree->columnCount(); ++column)
                    out << (*it)->text(column);
        else if (const auto *browser = qobject_cast<const QTextBrowser *>(w))
            out << browser->toPlainText();
    }
    out.removeAll(QString());
    return out;
}

QStringList commandLineAdvice(Wizard &wizard)
{
    // TorchDoctor's commands, and the options that name what the wizard's pages choose.
    static const QRegularExpression advice(QStringLiteral(R"(torchdoctor (check|fix|undo|explain|deps|report)\b)"
                                                          R"(|(^|[\s(（`])--(python|project|find-links|clone)\b)"));
    QStringList out;
    for (const QString &text : visibleTexts(wizard, {QStringLiteral("planSteps"), QStringLiteral("changes")}))
        if (const auto match = advice.match(text); match.hasMatch())
            out << match.captured(0).trimmed() + QStringLiteral("   ← in: ") + text.left(200);
    return out;
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
    // A repair page shows its plan once it is made (off the GUI thread).
    return waitFor([this, before] { return m_wizard->currentId() != before; }, 2000)
           && waitFor([this] {
                  const auto *fix = qobject_cast<const FixPage *>(m_wizard->currentPage());
                  return !fix || !fix->isPlanning();
              });
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
