// SPDX-License-Identifier: GPL-3.0-or-later
// make-windows-trees OUT: builds the DLL trees of WindowsTrees.h into OUT/<tree>,
// with mingw-w64 (a Linux program in both builds).
#include "BuiltTrees.h"
#include "WindowsTrees.h"

namespace {

using namespace td::test;
namespace wt = td::test::windows_trees;

void buildTree(const wt::Tree &tree, const fs::path &root)
{
    const auto x64 = pe::x64();
    const auto x86 = pe::x86();
    ASSERT_TRUE(x64 && config::have(config::mingw64Windres))
        << "mingw-w64 (x86_64 gcc, dlltool, windres) not found: tools/packages.txt";
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
}

} // namespace

int main(int argc, char **argv)
{
    return trees::makeTrees(argc, argv, "make-windows-trees", wt::all(), wt::describe, buildTree);
}
