// SPDX-License-Identifier: GPL-3.0-or-later
// The path helpers the three loaders share, and the edge de-duplication of
// the graph they all build.
#include "loader/GraphBuilder.h"
#include "loader/PathNames.h"

#include <gtest/gtest.h>

#include <filesystem>

using namespace td::loader;

namespace {

TEST(PathNames, FolderOfAgreesWithFilesystemOnNormalPosixPaths)
{
    // The macOS loader took std::filesystem's parent_path of normal paths
    // ("." for none); the shared helper must give the same.
    for (const std::string p : {"/usr/lib/libz.dylib", "/libz.dylib", "libz.dylib", "a/b/", "/", "../x", ".."}) {
        const std::string parent = std::filesystem::path(p).parent_path().generic_string();
        EXPECT_EQ(paths::folderOf(p), parent.empty() ? "." : parent) << p;
    }
}

TEST(PathNames, FileNameAndFolderSplitWindowsPathsOnBothSeparators)
{
    EXPECT_EQ(paths::fileNameOf("C:\\torch\\lib/c10.dll", paths::kWindows), "c10.dll");
    EXPECT_EQ(paths::folderOf("C:\\torch\\lib\\c10.dll", paths::kWindows), "C:\\torch\\lib");
    // On Linux a backslash is part of the name.
    EXPECT_EQ(paths::fileNameOf("/opt/a\\b.so"), "a\\b.so");
}

TEST(PathNames, JoinAddsOneSeparatorInTheFoldersOwnStyle)
{
    EXPECT_EQ(paths::join("/usr/lib", "libc.so.6"), "/usr/lib/libc.so.6");
    EXPECT_EQ(paths::join("/usr/lib/", "libc.so.6"), "/usr/lib/libc.so.6");
    EXPECT_EQ(paths::join("", "libc.so.6"), "libc.so.6");
    EXPECT_EQ(paths::joinWindows("C:\\Windows\\System32", "kernel32.dll"), "C:\\Windows\\System32\\kernel32.dll");
    EXPECT_EQ(paths::joinWindows("C:/torch/lib", "c10.dll"), "C:/torch/lib/c10.dll");
    EXPECT_EQ(paths::joinWindows("C:\\mixed/lib", "c10.dll"), "C:\\mixed/lib/c10.dll");
    EXPECT_EQ(paths::joinWindows("C:\\torch\\", "c10.dll"), "C:\\torch\\c10.dll");
}

TEST(PathNames, NormalRemovesDotsAndDoubleSlashesKeepingForwardSlashes)
{
    EXPECT_EQ(paths::normal("/a/./b/../lib//libc10.dylib"), "/a/lib/libc10.dylib");
    EXPECT_EQ(paths::normal("@rpath/../x.dylib"), "x.dylib");
    EXPECT_EQ(paths::normal("/usr/lib/"), "/usr/lib/");
}

TEST(PathNames, SplitColonsKeepsAWindowsHostsDriveLetters)
{
    using List = std::vector<std::string>;
    EXPECT_EQ(paths::splitColons("/a::/b:", false), (List{"/a", "/b"}));
    EXPECT_EQ(paths::splitColons("", false), List{});
    // On Linux and macOS "C" is a relative folder like any other.
    EXPECT_EQ(paths::splitColons("/x:C:/lib", false), (List{"/x", "C", "/lib"}));
    EXPECT_EQ(paths::splitColons("/x:C:/lib:d:\\omp:Z:/", true), (List{"/x", "C:/lib", "d:\\omp", "Z:/"}));
    // Only a letter and a separator make a drive.
    EXPECT_EQ(paths::splitColons("C:lib:ab:/c:C:", true), (List{"C", "lib", "ab", "/c", "C"}));
}

TEST(GraphBuilderEdges, RepeatedEdgesAreOneAndOtherNamesBetweenTheSameLibrariesKept)
{
    GraphBuilder g(TargetOs::Linux);
    const std::size_t root = g.addRoot("/x/app", nullptr);
    const std::size_t lib = g.found("libz.so.1", "/usr/lib/libz.so.1", Via::Default, {}, nullptr);
    for (int process = 0; process < 3; ++process) { // every process walks the same edges again
        g.addEdge(root, lib, "libz.so.1", Via::Default);
        g.addEdge(root, lib, "libz.so", Via::Default); // another name for the same file
        g.addEdge(lib, root, "app", Via::Loaded);
    }
    const Graph graph = g.take();
    ASSERT_EQ(graph.edges.size(), 3U);
    EXPECT_EQ(graph.edges[0].name, "libz.so.1");
    EXPECT_EQ(graph.edges[1].name, "libz.so");
    EXPECT_EQ(graph.edges[2].from, lib);
}

TEST(GraphBuilderEdges, AnAliasRootGetsThePrimarysEdges)
{
    GraphBuilder g(TargetOs::Linux);
    const std::size_t primary = g.addRoot("/x/libfoo.so.1", nullptr);
    const std::size_t dep = g.found("libz.so.1", "/usr/lib/libz.so.1", Via::Default, {}, nullptr);
    g.addEdge(primary, dep, "libz.so.1", Via::Default);
    g.addEdge(primary, primary, "libfoo.so.1", Via::Loaded);
    g.addAliasRoot(primary, "/x/libfoo.so", nullptr);
    const Graph graph = g.take();
    ASSERT_EQ(graph.roots.size(), 2U);
    const std::size_t alias = graph.roots[1].library;
    ASSERT_EQ(graph.edges.size(), 4U);
    EXPECT_EQ(graph.edges[2].from, alias);
    EXPECT_EQ(graph.edges[2].to, dep);
    EXPECT_EQ(graph.edges[3].from, alias);
    EXPECT_EQ(graph.edges[3].to, alias); // its edge to itself points at the alias
}

} // namespace
