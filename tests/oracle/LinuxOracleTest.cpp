// SPDX-License-Identifier: GPL-3.0-or-later
// Oracle: for the machine's own libraries, Debian's python3-torch and the
// CUDA libraries of NVIDIA's wheels (from the corpus), our glibc emulation must resolve every
// dependency to the same file as ld.so (ldd's LD_TRACE_LOADED_OBJECTS mode).
#include "Corpus.h"
#include "LoaderOracle.h"
#include "TestSupport.h"

#include "binary/Readers.h"
#include "loader/Analyzer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

using namespace td;
using namespace td::test;

namespace {

bool isSharedElf(const fs::path &p)
{
    std::error_code ec;
    if (!fs::is_regular_file(p, ec))
        return false;
    const auto info = bin::readBinaryFile(p.string());
    const auto *elf = info.elf();
    return elf && info.ok() && elf->type == 3 /* ET_DYN */ && elf->is64 && elf->machine == 62;
}

std::vector<fs::path> librariesIn(const fs::path &dir, bool recursive)
{
    std::vector<fs::path> out;
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
        return out;
    auto consider = [&](const fs::directory_entry &e) {
        const std::string name = e.path().filename().string();
        if (name.find(".so") != std::string::npos && !e.is_symlink(ec) && isSharedElf(e.path()))
            out.push_back(e.path());
    };
    if (recursive) {
        for (const auto &e : fs::recursive_directory_iterator(dir, fs::directory_options::skip_permission_denied, ec))
            consider(e);
    } else {
        for (const auto &e : fs::directory_iterator(dir, ec))
            consider(e);
    }
    std::sort(out.begin(), out.end());
    return out;
}

struct Tally {
    std::size_t files = 0, agreed = 0, dependencies = 0, skipped = 0;
    std::vector<std::string> disagreements;
};

void compareAll(const std::vector<fs::path> &files, Tally &tally)
{
    for (const auto &file : files) {
        const Resolution theirs = lddResolve(file.string());
        if (theirs.found.empty() && theirs.notFound.empty()) {
            ++tally.skipped; // ld.so could not trace it (e.g. it refuses to run it)
            continue;
        }
        loader::DepsOptions options; // the test environment has no LD_LIBRARY_PATH
        const loader::Graph graph = loader::analyze({file.string()}, options);
        ++tally.files;
        const std::string diff = graph.roots.empty()
                                     ? std::string("  no root\n")
                                     : compareResolutions(theirs, graphResolve(graph, graph.roots[0].library));
        tally.dependencies += theirs.found.size() + theirs.notFound.size();
        if (diff.empty())
            ++tally.agreed;
        else
            tally.disagreements.push_back(file.string() + ":\n" + diff);
    }
}

void report(const char *what, const Tally &t)
{
    std::printf("%s: %zu of %zu libraries agree with ld.so dependency by dependency "
                "(%zu dependencies compared, %zu not traceable by ld.so)\n",
                what, t.agreed, t.files, t.dependencies, t.skipped);
    for (std::size_t i = 0; i < t.disagreements.size() && i < 20; ++i)
        std::printf("%s", t.disagreements[i].c_str());
}

class LinuxOracle : public ::testing::Test {
protected:
    void SetUp() override
    {
        ::unsetenv("LD_LIBRARY_PATH");
        ::unsetenv("LD_PRELOAD");
    }
};

} // namespace

TEST_F(LinuxOracle, SystemLibrariesAgreeWithLdSo)
{
    // Every 64-bit shared library in the main multiarch folder.
    const auto files = librariesIn("/usr/lib/x86_64-linux-gnu", false);
    ASSERT_GT(files.size(), 300u);
    Tally t;
    compareAll(files, t);
    report("/usr/lib/x86_64-linux-gnu", t);
    EXPECT_EQ(t.agreed, t.files);
    EXPECT_GT(t.files, 300u);
}

TEST_F(LinuxOracle, DebianTorchAgreesWithLdSo)
{
    std::vector<fs::path> files;
    for (const auto &dir : {fs::path("/usr/lib/python3/dist-packages/torch")}) {
        auto found = librariesIn(dir, true);
        files.insert(files.end(), found.begin(), found.end());
    }
    // The libraries torch/lib links to (they are symlinks there).
    for (const auto &f : librariesIn("/usr/lib/x86_64-linux-gnu", false))
        if (f.filename().string().find("torch") != std::string::npos
            || f.filename().string().find("c10") != std::string::npos)
            files.push_back(f);
    if (files.empty())
        GTEST_SKIP() << "python3-torch is not installed";
    Tally t;
    compareAll(files, t);
    report("python3-torch", t);
    EXPECT_EQ(t.agreed, t.files);
}

TEST_F(LinuxOracle, CudaLibrariesAgreeWithLdSo)
{
    // NVIDIA's CUDA libraries as pip installs them (tools/fetch-wheels.sh): site-packages/nvidia/
    // <component>/lib, where libcusparse.so.12 finds libnvJitLink.so.12 through its RUNPATH
    // ($ORIGIN/../../nvjitlink/lib). The tree is made of hard links to the corpus files.
    const std::vector<std::string> wheels{"nvidia-cusparse-cu12-12.3.1.170-manylinux2014_x86_64",
                                          "nvidia-nvjitlink-cu12-12.4.127-manylinux2014_x86_64"};
    ASSERT_TRUE(corpus::has(wheels));
    TempDir site("td-cuda-wheels");
    for (const auto &wheel : wheels)
        corpus::linkTree(corpus::folder(wheel) / "nvidia", site.path() / "nvidia");
    const auto files = librariesIn(site.path() / "nvidia", true);
    ASSERT_GE(files.size(), 2u);
    Tally t;
    compareAll(files, t);
    report("NVIDIA wheels (cuSPARSE, nvJitLink)", t);
    EXPECT_EQ(t.agreed, t.files);
    EXPECT_EQ(t.files, files.size()) << "ld.so could not trace some of them";
}
