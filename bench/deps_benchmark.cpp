// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: `torchdoctor deps` against libtree over the same files, side by
// side in one run, and the peak memory of `deps` on a multi-gigabyte library.
// Prints one line of figures; the targets are ratio <= 1.0 and peak <= 64 MiB.
//
//   bench_deps [--rounds N] [--dir DIR] [--torchdoctor EXE] [--libtree EXE]
#include "BenchSupport.h"

#include <cstring>
#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using namespace td::bench;

namespace {

bool isElf(const fs::path &p)
{
    std::ifstream f(p, std::ios::binary);
    char magic[4] = {};
    return f.read(magic, 4)
           && std::memcmp(magic,
                          "\x7f"
                          "ELF",
                          4)
                  == 0;
}

} // namespace

int main(int argc, char **argv)
{
    int rounds = 11;
    std::string dir = "/usr/lib/x86_64-linux-gnu";
    std::string torchdoctor = TD_TORCHDOCTOR_EXE;
    std::string libtree = "libtree";
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string opt = argv[i];
        if (opt == "--rounds")
            rounds = std::max(1, std::atoi(argv[i + 1]));
        else if (opt == "--dir")
            dir = argv[i + 1];
        else if (opt == "--torchdoctor")
            torchdoctor = argv[i + 1];
        else if (opt == "--libtree")
            libtree = argv[i + 1];
    }

    // The same files for both: every ELF file named like a library (libtree
    // stops at the first file that is not ELF, such as a linker script).
    std::vector<std::string> files;
    for (const auto &e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.find(".so") != std::string::npos && isElf(e.path()))
            files.push_back(e.path().string());
    }
    std::sort(files.begin(), files.end());

    std::vector<std::string> ours{torchdoctor, "deps"}, theirs{libtree};
    ours.insert(ours.end(), files.begin(), files.end());
    theirs.insert(theirs.end(), files.begin(), files.end());

    timed(ours); // warm the page cache for both
    if (WEXITSTATUS(timed(theirs).status) != 0) {
        std::fprintf(stderr, "libtree failed on these files\n");
        return 2;
    }
    std::vector<double> a, b, ratios;
    for (int i = 0; i < rounds; ++i) {
        // Alternate who goes first, so that neither always gets the warmer cache.
        const Run x = i % 2 ? timed(ours) : Run{};
        const Run y = timed(theirs);
        const Run z = i % 2 ? x : timed(ours);
        a.push_back(z.seconds);
        b.push_back(y.seconds);
        ratios.push_back(z.seconds / y.seconds);
    }

    // A library grown to 6 GiB with a sparse tail.
    const fs::path big = fs::temp_directory_path() / "td-bench-huge.so";
    fs::copy_file("/usr/lib/x86_64-linux-gnu/libstdc++.so.6", big, fs::copy_options::overwrite_existing);
    fs::resize_file(big, 6ULL << 30);
    const Run huge = timed({torchdoctor, "deps", "--json", big.string()});
    fs::remove(big);

    std::printf("deps_files=%zu torchdoctor_median_s=%.4f libtree_median_s=%.4f median_ratio=%.3f "
                "big_library_gib=6 big_library_peak_kib=%ld\n",
                files.size(), median(a), median(b), median(ratios), huge.maxRssKb);
    return 0;
}
