// SPDX-License-Identifier: GPL-3.0-or-later
// No text is clipped: on every page, in both languages, at the standard
// window size, every label and button gets at least the room it asks for.
#include "ConfirmDialog.h"
#include "FixPage.h"
#include "UrgentPage.h"
#include "WelcomePage.h"
#include "WizardHarness.h"
#include "WrappedRows.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QStyle>
#include <QTextLayout>
#include <QListView>
#include <QTreeView>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace td::ui::test {
namespace {

// A text wrapped at word boundaries into `width`: its height and its widest line.
struct WrappedText {
    int height = 0;
    int widest = 0;
};
WrappedText wrap(const QString &text, const QFont &font, int width)
{
    QTextLayout layout(text, font);
    QTextOption option;
    option.setWrapMode(QTextOption::WordWrap);
    layout.setTextOption(option);
    layout.beginLayout();
    qreal height = 0;
    qreal widest = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        height += line.height();
        widest = std::max(widest, line.naturalTextWidth());
    }
    layout.endLayout();
    return {static_cast<int>(std::ceil(height)), static_cast<int>(std::ceil(widest))};
}

QStringList clippedTexts(QWidget *window)
{
    QStringList out;
    for (QLabel *l : window->findChildren<QLabel *>()) {
        if (!l->isVisible() || l->text().isEmpty() || l->width() == 0)
            continue;
        const bool clipped =
            l->wordWrap() ? l->heightForWidth(l->width()) > l->height() + 1
                          : l->sizeHint().width() > l->width() + 1 || l->minimumSizeHint().height() > l->height() + 1;
        if (clipped)
            out << QStringLiteral("label '%1' (%2x%3, wants %4x%5)")
                       .arg(l->text().left(60))
                       .arg(l->width())
                       .arg(l->height())
                       .arg(l->sizeHint().width())
                       .arg(l->wordWrap() ? l->heightForWidth(l->width()) : l->sizeHint().height());
    }
    for (QAbstractButton *b : window->findChildren<QAbstractButton *>()) {
        if (!b->isVisible() || b->text().isEmpty())
            continue;
        if (b->sizeHint().width() > b->width() + 1 || b->sizeHint().height() > b->height() + 1)
            out << QStringLiteral("button '%1' (%2x%3, wants %4x%5)")
                       .arg(b->text())
                       .arg(b->width())
                       .arg(b->height())
                       .arg(b->sizeHint().width())
                       .arg(b->sizeHint().height());
    }
    // A view squeezed below the height it asks for (its rows then hide behind its scroll bar).
    for (QAbstractItemView *view : window->findChildren<QAbstractItemView *>())
        if (view->isVisible() && view->height() + 1 < view->minimumHeight())
            out << QStringLiteral("view %1 (%2 px high, needs %3)").arg(view->objectName()).arg(view->height()).arg(view->minimumHeight());
    // Rows and columns of lists, trees and tables: a text cut short (elided) where the view does not
    // scroll to it. The room a row's text needs is measured with the view's font, beside its icon;
    // in a tree that wraps its rows, the height its text needs at the row's width.
    for (QAbstractItemView *view : window->findChildren<QAbstractItemView *>()) {
        if (!view->isVisible() || !view->model())
            continue;
        const bool scrolls = view->textElideMode() == Qt::ElideNone
                             && view->horizontalScrollBarPolicy() != Qt::ScrollBarAlwaysOff;
        const QFontMetrics metrics(view->font());
        const auto *tree = qobject_cast<const QTreeView *>(view);
        const auto *list = qobject_cast<const QListView *>(view);
        const bool wraps = (tree && tree->wordWrap()) || (list && list->wordWrap());
        std::function<void(const QModelIndex &)> rows = [&](const QModelIndex &parent) {
            for (int row = 0; row < view->model()->rowCount(parent); ++row) {
                for (int column = 0; column < view->model()->columnCount(parent); ++column) {
                    const QModelIndex index = view->model()->index(row, column, parent);
                    const QRect rect = view->visualRect(index);
                    const QString text = index.data(Qt::DisplayRole).toString();
                    if (rect.isEmpty() || text.isEmpty() || text.contains(u'\n'))
                        continue;
                    const bool icon = !index.data(Qt::DecorationRole).isNull();
                    const int besides = (icon ? view->iconSize().width() + 8 : 0)
                                        + 2 * view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 2;
                    if (wraps) {
                        // Laid out as item views lay their text out (lines without the font's leading);
                        // a word longer than the row does not wrap: it is as cut as a row too short.
                        const WrappedText wrapped = wrap(breakableText(text), view->font(), rect.width() - besides);
                        const int high = wrapped.height;
                        if (high > rect.height() || wrapped.widest > rect.width() - besides
                            || rect.right() > view->viewport()->width())
                            out << QStringLiteral("wrapped row '%1' of %2 (%3x%4 px, needs %5 px high)")
                                       .arg(text.left(60), view->objectName())
                                       .arg(rect.width())
                                       .arg(rect.height())
                                       .arg(high);
                        continue;
                    }
                    const int needs = metrics.horizontalAdvance(text) + besides;
                    if (needs > rect.width() && !scrolls)
                        out << QStringLiteral("row '%1' of %2 (%3 px, needs %4)")
                                   .arg(text.left(60), view->objectName())
                                   .arg(rect.width())
                                   .arg(needs);
                }
                rows(view->model()->index(row, 0, parent));
            }
        };
        rows(QModelIndex());
    }
    return out;
}

// A dialog's title: wider than its window, the window manager cuts it.
QStringList clippedDialog(QWidget *dialog)
{
    QStringList out = clippedTexts(dialog);
    const int title = dialog->fontMetrics().horizontalAdvance(dialog->windowTitle());
    // The frame's buttons and margins take about six lines' height beside the title.
    if (title + dialog->fontMetrics().height() * 6 > dialog->width())
        out << QStringLiteral("dialog title '%1' (%2 px wide, window %3)").arg(dialog->windowTitle()).arg(title).arg(dialog->width());
    return out;
}

// Every page as people reach it, `check`ed on each: the first with and without an error pasted, each
// repair's plan and result, the undo question declined.
void walkEveryPage(WizardHarness &h, const std::function<void(const QString &)> &check)
{
    check(QStringLiteral("welcome"));
    // With an error pasted, as people use it.
    auto *welcome = h.page<WelcomePage>();
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    welcome->setPastedText(QStringLiteral("Traceback (most recent call last):\n  File \"train.py\", line 1, in <module>\n"
                                          "    import torch\nOSError: libcudnn_ops.so.9: cannot open shared object file: "
                                          "No such file or directory"));
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isReadingPaste(); }));
    check(QStringLiteral("welcome (an error pasted)"));
    ASSERT_TRUE(h.next());
    ASSERT_TRUE(h.waitComplete());
    check(QStringLiteral("diagnose"));
    ASSERT_TRUE(h.next());
    check(QStringLiteral("findings"));
    ASSERT_TRUE(h.next());
    h.page<UrgentPage>()->choose(true);
    check(QStringLiteral("urgent"));
    ASSERT_TRUE(h.next());
    for (const char *name : {"docker", "env", "reinstall", "system"}) {
        auto *page = h.page<FixPage>();
        ASSERT_TRUE(page) << name;
        check(QLatin1String(name) + QStringLiteral(" (plan)"));
        ConfirmDialog::setNextAnswer(true);
        page->runner()->applyButton()->click();
        ASSERT_TRUE(h.waitComplete()) << name;
        check(QLatin1String(name) + QStringLiteral(" (result)"));
        if (QLatin1String(name) == QLatin1String("docker"))
            page->runner()->brokenButton()->click();
        ASSERT_TRUE(h.next()) << name;
    }
    check(QStringLiteral("done"));
    ConfirmDialog::setNextAnswer(false);
    h.wizard().findChild<QPushButton *>(QStringLiteral("undo"))->click(); // the undo question, declined
    QTest::qWait(300);
    check(QStringLiteral("done (undo declined)"));
    ASSERT_TRUE(h.next());
    check(QStringLiteral("export"));
}

class Layout : public testing::TestWithParam<QString> {};

TEST_P(Layout, NoTextIsClippedOnAnyPage)
{
    WizardHarness h(everyStep(), GetParam());
    QStringList problems;
    auto check = [&](const QString &where) {
        QTest::qWait(30);
        for (const QString &p : clippedTexts(&h.wizard()))
            problems << where + QStringLiteral(": ") + p;
    };
    // Every confirmation, as it is shown.
    ConfirmDialog::setObserver([&problems](ConfirmDialog &dialog) {
        dialog.show();
        QTest::qWait(30);
        for (const QString &p : clippedDialog(&dialog))
            problems << QStringLiteral("confirmation: ") + p;
        dialog.hide();
    });
    walkEveryPage(h, check);
    ConfirmDialog::setObserver({});
    EXPECT_TRUE(problems.isEmpty()) << problems.join(u'\n').toStdString();
}

// The widget of `page` that asks for the most width, to say what keeps a page from fitting.
QString widestIn(const QWidget *page)
{
    const QWidget *widest = nullptr;
    for (const QWidget *w : page->findChildren<QWidget *>())
        if (w->isVisible() && (!widest || w->minimumSizeHint().width() > widest->minimumSizeHint().width()))
            widest = w;
    if (!widest)
        return {};
    const auto *label = qobject_cast<const QLabel *>(widest);
    const auto *button = qobject_cast<const QAbstractButton *>(widest);
    return QStringLiteral("%1 %2 '%3', %4 px")
        .arg(QString::fromLatin1(widest->metaObject()->className()), widest->objectName(),
             label ? label->text().left(60) : button ? button->text() : QString())
        .arg(widest->minimumSizeHint().width());
}

// The room a small screen leaves the window, in the wizard's pixels: a 1280x800 laptop screen at 150 %,
// else a 1024x768 one at 100 %, less a taskbar and the window's title bar (80 screen pixels).
QSize smallScreen(qreal scale)
{
    const QSize screen = scale > 1.0 ? QSize(1280, 800) : QSize(1024, 768);
    return QSize(static_cast<int>(screen.width() / scale), static_cast<int>((screen.height() - 80) / scale));
}

// The window on a small screen: on every page it keeps the size it was given (no page widens it
// past the screen), its buttons are inside it, and nothing is cut (what does not fit scrolls).
TEST_P(Layout, EveryPageFitsASmallScreen)
{
    Scenario scenario = everyStep();
    scenario.condaEnvironments = 8; // ten interpreters, as a machine with conda has
    WizardHarness h(scenario, GetParam());
    Wizard &wizard = h.wizard();
    const QSize room = smallScreen(wizard.devicePixelRatioF());
    wizard.resize(room);
    waitFor([&] { return wizard.size() == room; }, 3000); // under a window manager, once it has agreed
    QStringList problems;
    auto check = [&](const QString &where) {
        QTest::qWait(30);
        const QString at = where + QStringLiteral(": ");
        if (wizard.width() > room.width() || wizard.height() > room.height())
            problems << at + QStringLiteral("the window is %1x%2, the screen has room for %3x%4")
                                 .arg(wizard.width()).arg(wizard.height()).arg(room.width()).arg(room.height());
        if (wizard.minimumWidth() > room.width() || wizard.minimumHeight() > room.height())
            problems << at + QStringLiteral("the window cannot be smaller than %1x%2")
                                 .arg(wizard.minimumWidth()).arg(wizard.minimumHeight());
        for (int which = QWizard::BackButton; which <= QWizard::CustomButton3; ++which) {
            const QAbstractButton *button = wizard.button(static_cast<QWizard::WizardButton>(which));
            const QRect inWindow(button->mapTo(&wizard, QPoint()), button->size());
            if (button->isVisible() && !wizard.rect().contains(inWindow))
                problems << at + QStringLiteral("button '%1' is outside the window").arg(button->text());
        }
        // A page scrolls down, never sideways: its lines wrap.
        for (const QScrollArea *scroll : wizard.findChildren<QScrollArea *>(QStringLiteral("pageScroll")))
            if (scroll->isVisible() && scroll->horizontalScrollBar()->isVisible())
                problems << at + QStringLiteral("the page is %1 px wide, in %2 px (widest: %3)")
                                     .arg(scroll->widget()->minimumSizeHint().width())
                                     .arg(scroll->viewport()->width())
                                     .arg(widestIn(scroll->widget()));
        for (const QString &p : clippedTexts(&wizard))
            problems << at + p;
        QString name = where;
        name.replace(QRegularExpression(QStringLiteral(R"([^a-z]+)")), QStringLiteral("-"));
        h.shot(QStringLiteral("small-scale%1-%2").arg(wizard.devicePixelRatioF()).arg(name));
    };
    ConfirmDialog::setObserver([&](ConfirmDialog &dialog) {
        dialog.show();
        QTest::qWait(30);
        if (dialog.width() > room.width() || dialog.height() > room.height())
            problems << QStringLiteral("confirmation: %1x%2").arg(dialog.width()).arg(dialog.height());
        dialog.hide();
    });
    // Tab reaches the box below the fold, and the page scrolls to it.
    auto *error = wizard.currentPage()->findChild<QWidget *>(QStringLiteral("pastedError"));
    const QWidget *viewport = wizard.currentPage()->findChild<QScrollArea *>(QStringLiteral("pageScroll"))->viewport();
    wizard.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&wizard));
    wizard.currentPage()->findChild<QWidget *>(QStringLiteral("interpreters"))->setFocus();
    for (int i = 0; i < 12 && !error->hasFocus() && QApplication::focusWidget(); ++i)
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    EXPECT_TRUE(error->hasFocus());
    const QRect firstLines(error->mapTo(viewport, QPoint()),
                           QSize(error->width(), std::min(error->height(), error->fontMetrics().height() * 3)));
    EXPECT_TRUE(viewport->rect().contains(firstLines));

    walkEveryPage(h, check);
    ConfirmDialog::setObserver({});
    EXPECT_TRUE(problems.isEmpty()) << problems.join(u'\n').toStdString();
}

// The page shown fills the room beside the chart, in width and in height: also when the other pages
// are drawn ahead (off screen, hidden) while one of its lists has just changed.
TEST_P(Layout, ThePageShownFillsTheWindow)
{
    WizardHarness h(everyStep(), GetParam());
    auto *welcome = h.page<WelcomePage>();
    ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }));
    QTest::qWait(300); // the warm-up of the other pages is over
    const QWidget *frame = welcome->parentWidget();
    auto fills = [&](const QString &when) {
        const QRect page = welcome->geometry();
        // The pasted error's box is the last control: it ends near the bottom of the page.
        const QRect error = welcome->findChild<QWidget *>(QStringLiteral("pastedError"))->geometry();
        const int margin = welcome->fontMetrics().height() * 3;
        EXPECT_GE(page.width(), frame->contentsRect().width() - margin) << when.toStdString();
        EXPECT_GE(page.height(), frame->contentsRect().height() - margin) << when.toStdString();
        EXPECT_GE(error.bottom(), page.height() - margin) << when.toStdString();
        EXPECT_GE(error.width(), page.width() - margin) << when.toStdString();
    };
    fills(QStringLiteral("once shown"));
    for (int id : h.wizard().pageIds()) {
        welcome->findChild<QWidget *>(QStringLiteral("interpreters"))->updateGeometry();
        h.wizard().drawAhead(id);
        fills(QStringLiteral("after page %1 was drawn ahead").arg(Wizard::pageName(id)));
    }
}

INSTANTIATE_TEST_SUITE_P(Languages, Layout, testing::Values(QStringLiteral("en"), QStringLiteral("zh_CN")),
                         [](const testing::TestParamInfo<QString> &param) {
                             return param.param == QLatin1String("en") ? std::string("English")
                                                                       : std::string("Chinese");
                         });

} // namespace
} // namespace td::ui::test
