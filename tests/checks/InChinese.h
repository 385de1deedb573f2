// SPDX-License-Identifier: GPL-3.0-or-later
// Tests that read TorchDoctor's texts in Simplified Chinese.
#pragma once

#include "platform/Language.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QRegularExpression>

namespace td::test {

inline bool hasChinese(const QString &text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return han.match(text).hasMatch();
}

// A fixture with the zh_CN translation applied (and English again after).
class InChinese : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        static int argc = 1;
        static char name[] = "test_chinese_text";
        static char *argv[] = {name, nullptr};
        if (!QCoreApplication::instance())
            s_app = new QCoreApplication(argc, argv);
        ASSERT_TRUE(platform::Language::apply(QStringLiteral("zh_CN"))) << "the zh_CN translation is not built in";
    }
    static void TearDownTestSuite() { platform::Language::apply(QStringLiteral("en")); }

    static inline QCoreApplication *s_app = nullptr;
};

} // namespace td::test
