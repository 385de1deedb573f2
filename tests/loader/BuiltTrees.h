// SPDX-License-Identifier: GPL-3.0-or-later
// Trees of libraries described as data (WindowsTrees.h, MacTrees.h), built by a
// Linux program before the tests (a CTest fixture) and only read by them, so that
// the same tests run as Windows programs under Wine. Each built tree carries its
// description (kStamp), written last: a tree built from another description, or
// left half-built, is not taken for the one a test asks for.
#pragma once

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace td::test::trees {

inline constexpr const char *kStamp = "tree.txt";

// The builder's side: every tree into OUT/<name>, afresh, then its stamp.
// `buildTree(tree, root)` fails the test when it cannot build.
template <class Tree, class Describe, class Build> class MakeTrees : public ::testing::Test {
public:
    MakeTrees(fs::path out, const std::vector<Tree> &all, Describe describe, Build buildTree)
        : m_out(std::move(out)), m_all(all), m_describe(describe), m_build(buildTree)
    {
    }

    void TestBody() override
    {
        for (const Tree &tree : m_all) {
            SCOPED_TRACE(tree.name);
            const fs::path root = m_out / tree.name;
            fs::remove_all(root);
            m_build(tree, root);
            if (HasFailure())
                return;
            writeFile(root / kStamp, m_describe(tree));
        }
    }

private:
    fs::path m_out;
    const std::vector<Tree> &m_all;
    Describe m_describe;
    Build m_build;
};

// The builder's main(): `program OUT_DIR`. A GoogleTest program, so that a
// failed tool run fails it with the command and its output.
template <class Tree, class Describe, class Build>
int makeTrees(int argc, char **argv, const char *program, const std::vector<Tree> &all, Describe describe,
              Build buildTree)
{
    ::testing::InitGoogleTest(&argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUT_DIR\n", program);
        return 2;
    }
    const fs::path out = fs::absolute(argv[1]);
    ::testing::RegisterTest("MakeTrees", "Build", nullptr, nullptr, __FILE__, __LINE__,
                            [=, &all]() -> ::testing::Test * {
                                return new MakeTrees<Tree, Describe, Build>(out, all, describe, buildTree);
                            });
    return RUN_ALL_TESTS();
}

// The test's side: the tree named `name`, or null.
template <class Tree> const Tree *find(const std::vector<Tree> &all, const std::string &name)
{
    for (const Tree &tree : all)
        if (tree.name == name)
            return &tree;
    return nullptr;
}

// ...and `dir` was built from `description`, or why not.
inline ::testing::AssertionResult isBuilt(const fs::path &dir, const std::string &description, const char *program,
                                          const char *fixture)
{
    std::error_code ec;
    if (!fs::exists(dir / kStamp, ec))
        return ::testing::AssertionFailure()
               << dir.string() << " has not been built: " << program << " builds it (the CTest fixture " << fixture
               << " runs it before this test)";
    if (readFile(dir / kStamp) != description)
        return ::testing::AssertionFailure()
               << dir.string() << " was built from another description: run " << program << " again";
    return ::testing::AssertionSuccess();
}

} // namespace td::test::trees
