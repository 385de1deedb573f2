// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: `torchdoctor deps` over the real trees of the corpus (tools/fetch-wheels.sh): a whole
// Windows torch\lib, the Linux NVIDIA wheels' lib folders, bitsandbytes' ROCm libraries (with the CUDA
// torch's torch/lib when the opt-in set is there). One line per tree: the median wall time and the peak memory.
// The goals are under a second and under 64 MiB each.
//
//   bench_corpus [--rounds N] [--corpus DIR] [--torchdoctor EXE]
#include "BenchSupport.h"

#include <filesystem>

namespace fs = std::filesystem;
using namespace td::bench;

namespace {

struct Tree {
    std::string name;
    std::vector<std::string> args; // after `torchdoctor deps`
};

} // namespace

int main(int argc, char **argv)
{
    int rounds = 5;
    fs::path corpus = TD_CORPUS_DIR;
    std::string torchdoctor = TD_TORCHDOCTOR_EXE;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string opt = argv[i];
        if (opt == "--rounds")
            rounds = std::max(1, std::atoi(argv[i + 1]));
        else if (opt == "--corpus")
            corpus = argv[i + 1];
        else if (opt == "--torchdoctor")
            torchdoctor = argv[i + 1];
    }

    std::vector<Tree> trees;
    for (const char *wheel : {"torch-2.4.0-win_amd64", "torch-2.15.0-win_amd64"})
        trees.push_back({std::string(wheel) + " torch\\lib", {"--os", "windows", (corpus / wheel / "torch" / "lib").string()}});
    Tree nvidia{"nvidia-*/lib (cuSPARSE 12.3, nvJitLink 12.4)", {}};
    for (const char *wheel : {"nvidia-cusparse-cu12-12.3.1.170-manylinux2014_x86_64/nvidia/cusparse/lib",
                              "nvidia-nvjitlink-cu12-12.4.127-manylinux2014_x86_64/nvidia/nvjitlink/lib"})
        nvidia.args.push_back((corpus / wheel).string());
    trees.push_back(nvidia);
    // CUDA 12.1's libnvJitLink first on LD_LIBRARY_PATH: the copy from outside wins, so the symbol
    // check runs (and finds __nvJitLinkComplete_12_4 missing).
    Tree stale{"nvidia-*/lib, CUDA 12.1 nvJitLink on LD_LIBRARY_PATH", {"--path"}};
    stale.args.push_back((corpus / "nvidia-nvjitlink-cu12-12.1.105-manylinux1_x86_64/nvidia/nvjitlink/lib").string());
    // The wheel's copy later in the search (as the RUNPATH of a pip layout puts it).
    stale.args.push_back("--search-dir");
    stale.args.push_back(nvidia.args[1]);
    stale.args.insert(stale.args.end(), nvidia.args.begin(), nvidia.args.end());
    trees.push_back(stale);
    // Compressed offload bundles (ROCm 6.4 and 7.2): --json reads each library's gfx targets.
    const fs::path rocm = corpus / "bitsandbytes-0.50.2-manylinux_2_24_x86_64" / "bitsandbytes";
    trees.push_back({"bitsandbytes 0.50.2 ROCm libraries --json (gfx targets)",
                     {"--json", (rocm / "libbitsandbytes_rocm64.so").string(),
                      (rocm / "libbitsandbytes_rocm72.so").string()}});
    if (const fs::path cuda = corpus / "torch-2.15.0-manylinux_2_28_x86_64" / "torch" / "lib"; fs::exists(cuda)) {
        trees.push_back({"torch-2.15.0 CUDA torch/lib (opt-in set)", {cuda.string()}});
        trees.push_back({"torch-2.15.0 CUDA torch/lib --symbols versioned", {"--symbols", "versioned", cuda.string()}});
        trees.push_back({"torch-2.15.0 CUDA torch/lib --symbols all", {"--symbols", "all", cuda.string()}});
    }

    int status = 0;
    for (const Tree &tree : trees) {
        for (std::size_t i = 0; i < tree.args.size(); ++i)
            if (tree.args[i].rfind("--", 0) != 0 && (i == 0 || tree.args[i - 1] != "--os") && (i == 0 || tree.args[i - 1] != "--symbols")
                && !fs::exists(tree.args[i])) {
                std::fprintf(stderr, "%s is missing: run tools/fetch-wheels.sh (corpus %s)\n", tree.args[i].c_str(),
                             corpus.c_str());
                return 2;
            }
        std::vector<std::string> command{torchdoctor, "deps"};
        command.insert(command.end(), tree.args.begin(), tree.args.end());
        timed(command); // warm the page cache
        std::vector<double> seconds;
        long peakKb = 0;
        for (int i = 0; i < rounds; ++i) {
            const Run r = timed(command);
            seconds.push_back(r.seconds);
            peakKb = std::max(peakKb, r.maxRssKb);
            if (!WIFEXITED(r.status) || WEXITSTATUS(r.status) > 1)
                status = 1; // 1 is "problems found", which these trees may have
        }
        std::printf("deps %-48s median_s=%.3f peak_mib=%.1f\n", tree.name.c_str(), median(seconds), static_cast<double>(peakKb) / 1024.0);
    }
    return status;
}
