// SPDX-License-Identifier: GPL-3.0-or-later
// make-windows-trees OUT: builds the DLL trees of WindowsTrees.h into OUT/<tree>,
// with mingw-w64 (a Linux program in both builds). A GoogleTest program, so that
// a failed compiler run fails it with the command and its output.
#include "WindowsTrees.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace {

using namespace td::test;
namespace wt = td::test::windows_trees;

fs::path g_out;

void buildTree(const wt::Tree &tree)
{
    const auto x64 = pe::x64();
    const auto x86 = pe::x86();
    ASSERT_TRUE(x64 && config::have(config::mingw64Windres))
        << "mingw-w64 (x86_64 gcc, dlltool, windres) not found: tools/packages.txt";
    const fs::path root = g_out / tree.name;
    fs::remove_all(root);
    TempDir work{"td-windows-tree"};
    auto build = [&](const std::string &path, const pe::DllSpec &spec, bool is32) {
        if (is32 && !x86) {
            ADD_FAILURE() << "i686 mingw-w64 (gcc, dlltool) not found: tools/packages.txt";
            return;
        }
        pe::buildDll(is32 ? *x86 : *x64, work.path(), root / path, spec);
    };
    for (const std::string &name : wt::kSystemDlls)
        build(wt::system32(name), {}, false);
    for (const wt::Dll &dll : tree.dlls)
        build(dll.path, dll.spec, dll.x86);
    if (!::testing::Test::HasFailure())
        writeFile(root / wt::kStamp, wt::describe(tree));
}

TEST(MakeWindowsTrees, Build)
{
    ASSERT_FALSE(g_out.empty());
    for (const wt::Tree &tree : wt::all()) {
        SCOPED_TRACE(tree.name);
        buildTree(tree);
    }
}

} // namespace

int main(int argc, char **argv)
{
    ::testing::InitGoogleTest(&argc, argv);
    if (argc != 2) {
        std::fprintf(stderr, "usage: make-windows-trees OUT_DIR\n");
        return 2;
    }
    g_out = fs::absolute(argv[1]);
    return RUN_ALL_TESTS();
}
