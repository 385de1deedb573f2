// SPDX-License-Identifier: GPL-3.0-or-later
// make-mac-trees OUT: builds the Mach-O trees of MacTrees.h into OUT/<tree>,
// with clang and ld64.lld (a Linux program in both builds).
#include "BuiltTrees.h"
#include "MacTrees.h"

namespace {

using namespace td::test;
namespace mt = td::test::mac_trees;

void buildTree(const mt::Tree &tree, const fs::path &root)
{
    const std::string why = macho::missingTools();
    ASSERT_TRUE(why.empty()) << why << ": tools/packages.txt";
    TempDir work{"td-mac-tree"};
    macho::Builder builder{work.path()};
    for (const mt::File &file : tree.files) {
        const fs::path out = root / file.path;
        switch (file.kind) {
        case mt::File::Kind::MachO: builder.build(out, file.spec); break;
        case mt::File::Kind::Universal: {
            std::vector<fs::path> slices;
            for (const std::string &slice : file.slices)
                slices.push_back(root / slice);
            builder.fat(out, slices, file.lipo);
            break;
        }
        case mt::File::Kind::Text: writeFile(out, file.text); break;
        }
    }
}

} // namespace

int main(int argc, char **argv)
{
    return trees::makeTrees(argc, argv, "make-mac-trees", mt::all(), mt::describe, buildTree);
}
