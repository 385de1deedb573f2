// SPDX-License-Identifier: GPL-3.0-or-later
// No text is clipped: on every page, in both languages, at the standard
// window size, every label and button gets at least the room it asks for.
#include "ConfirmDialog.h"
#include "FixPage.h"
#include "UrgentPage.h"
#include "WizardHarness.h"

#include <QLabel>
#include <QPushButton>

#include <gtest/gtest.h>

namespace td::ui::test {
namespace {

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
    return out;
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
    check(QStringLiteral("welcome"));
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
    ASSERT_TRUE(h.next());
    check(QStringLiteral("export"));
    EXPECT_TRUE(problems.isEmpty()) << problems.join(u'\n').toStdString();
}

INSTANTIATE_TEST_SUITE_P(Languages, Layout, testing::Values(QStringLiteral("en"), QStringLiteral("zh_CN")),
                         [](const testing::TestParamInfo<QString> &param) {
                             return param.param == QLatin1String("en") ? std::string("English")
                                                                       : std::string("Chinese");
                         });

} // namespace
} // namespace td::ui::test
