// SPDX-License-Identifier: GPL-3.0-or-later
// The macOS scenarios of the corpus, with the real torch wheels from PyPI: the arm64 wheel's
// torch/lib resolves whole, each dependency to the file its load command names; without
// libomp.dylib, libtorch_cpu.dylib's dependency is missing; the last x86_64 wheel in an arm64
// process is refused for its architecture.
#include "Corpus.h"
#include "ProblemDetail.h"

#include "loader/Analyzer.h"

#include <gtest/gtest.h>

using namespace td;
using namespace td::test;

namespace {

const char *const kArm64 = "torch-2.15.0-macosx_14_0_arm64";
const char *const kX86_64 = "torch-2.2.2-macosx_10_9_x86_64";

// What torch's import opens (torch/_C) and every library of torch/lib.
std::vector<std::string> roots(const fs::path &torch)
{
    std::vector<std::string> out;
    for (const auto &e : fs::directory_iterator(torch))
        if (e.path().filename().string().rfind("_C.", 0) == 0)
            out.push_back(e.path().string());
    for (const auto &e : fs::directory_iterator(torch / "lib"))
        out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

loader::Graph analyzeMac(const std::vector<std::string> &files, std::optional<std::string> arch = {})
{
    loader::DepsOptions options;
    options.os = loader::TargetOs::MacOS;
    options.macArch = std::move(arch);
    return loader::analyze(files, options);
}

std::vector<std::string> errorsOf(const loader::Graph &g)
{
    std::vector<std::string> out;
    for (const auto &p : g.problems)
        if (p.severity == loader::Severity::Error)
            out.push_back(std::string(loader::toString(p.kind)) + " " + p.name);
    return out;
}

// The folder of a load command's path relative to its requester: "@loader_path/../x" -> "..".
fs::path expectedFile(const fs::path &requester, const std::string &name)
{
    const std::string prefix = "@loader_path/";
    return fs::weakly_canonical(requester.parent_path() / name.substr(prefix.size()));
}

} // namespace

TEST(CorpusMac, Arm64TorchResolvesEveryLoadCommandToItsFile)
{
    ASSERT_TRUE(corpus::has({kArm64}));
    const fs::path torch = corpus::folder(kArm64) / "torch";
    const loader::Graph g = analyzeMac(roots(torch));
    EXPECT_EQ(errorsOf(g), std::vector<std::string>{});
    std::size_t relative = 0;
    for (const auto &e : g.edges) {
        const auto &from = g.libraries[e.from];
        const auto &to = g.libraries[e.to];
        if (e.name.rfind("@loader_path/", 0) != 0)
            continue;
        ++relative;
        ASSERT_TRUE(to.found) << e.name << " from " << from.path;
        EXPECT_EQ(fs::weakly_canonical(to.path), expectedFile(from.path, e.name)) << e.name << " from " << from.path;
    }
    // _C -> libtorch_python -> libtorch, libshm, libtorch_cpu -> libc10, libomp ...
    EXPECT_GE(relative, 10u);
}

TEST(CorpusMac, Arm64TorchWithoutLibompNamesItMissing)
{
    ASSERT_TRUE(corpus::has({kArm64}));
    TempDir dir("td-corpus-mac");
    const fs::path real = corpus::folder(kArm64) / "torch";
    fs::create_directories(dir.path() / "torch" / "lib");
    for (const auto &e : fs::directory_iterator(real))
        if (e.is_regular_file())
            fs::create_symlink(e.path(), dir.path() / "torch" / e.path().filename());
    for (const auto &e : fs::directory_iterator(real / "lib"))
        if (e.path().filename() != "libomp.dylib")
            fs::create_symlink(e.path(), dir.path() / "torch" / "lib" / e.path().filename());

    const loader::Graph g = analyzeMac(roots(dir.path() / "torch"));
    ASSERT_EQ(errorsOf(g), std::vector<std::string>{"missing @loader_path/libomp.dylib"});
    const auto &p = g.problems.front().severity == loader::Severity::Error ? g.problems.front() : g.problems.back();
    ASSERT_EQ(p.neededBy.size(), 1u);
    EXPECT_EQ(fs::path(p.neededBy[0]).filename(), "libtorch_cpu.dylib");
    EXPECT_NE(td::test::detailOf(p, td::loader::TargetOs::MacOS)
                  .find((dir.path() / "torch" / "lib" / "libomp.dylib").string()),
              std::string::npos)
        << td::test::detailOf(p, td::loader::TargetOs::MacOS);
    EXPECT_NE(td::test::detailOf(p, td::loader::TargetOs::MacOS).find("brew install libomp"), std::string::npos)
        << td::test::detailOf(p, td::loader::TargetOs::MacOS);
}

TEST(CorpusMac, X86_64TorchInAnArm64ProcessIsTheWrongArchitecture)
{
    ASSERT_TRUE(corpus::has({kX86_64}));
    const fs::path torch = corpus::folder(kX86_64) / "torch";
    const fs::path c = fs::path(roots(torch).front());
    ASSERT_EQ(c.filename().string().rfind("_C.", 0), 0u) << c;
    const loader::Graph g = analyzeMac({c.string()}, "arm64");
    ASSERT_EQ(errorsOf(g), std::vector<std::string>{"wrong-arch " + c.filename().string()});
    EXPECT_NE(td::test::detailOf(g.problems.front(), td::loader::TargetOs::MacOS)
                  .find("incompatible architecture (have (x86_64), need (arm64))"),
              std::string::npos)
        << td::test::detailOf(g.problems.front(), td::loader::TargetOs::MacOS);
    // In an x86_64 process (Rosetta's Python) the same wheel loads whole.
    EXPECT_EQ(errorsOf(analyzeMac(roots(torch), "x86_64")), std::vector<std::string>{});
}
