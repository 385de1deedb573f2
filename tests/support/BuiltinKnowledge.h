// SPDX-License-Identifier: GPL-3.0-or-later
// The knowledge base the program ships, loaded once per test program (which links td::core).
#pragma once

#include "knowledge/KnowledgeBase.h"

#include <gtest/gtest.h>

namespace td::test {

inline const knowledge::KnowledgeBase &builtinKnowledge()
{
    static knowledge::KnowledgeBase base = [] {
        knowledge::KnowledgeBase k;
        const QStringList errors = k.load();
        EXPECT_TRUE(errors.isEmpty()) << errors.join(u'\n').toStdString();
        return k;
    }();
    return base;
}

} // namespace td::test
