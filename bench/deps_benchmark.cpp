// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: `torchdoctor deps` (text and --json) against libtree over the
// same files, side by side in one run (whole processes, medians), with the
// peak memory of each; how the time grows up to 10,000 roots; and the peak
// memory of `deps` on a multi-gigabyte library. Every figure is printed with
// its goal, and the exit status is 1 when one is missed.
//
//   bench_deps [--rounds N] [--dir DIR] [--torchdoctor EXE] [--libtree EXE]
//              [--callgrind]   also count instructions (valgrind), stable on a busy machine
//              [--repeat N]    the side-by-side comparison N times in a row, each with its ratios
//              [--quick]       the comparison alone (no growth to 10,000 roots, no huge library)
#include "BenchSupport.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

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

std::vector<std::string> with(std::vector<std::string> command, const std::vector<std::string> &files)
{
    command.insert(command.end(), files.begin(), files.end());
    return command;
}

struct Figures {
    std::vector<double> seconds;
    long peakKb = 0;
    int status = 0;
};

// Runs every command `rounds` times, each round in a rotated order, so that
// none always runs first (colder) or last.
std::vector<Figures> sideBySide(const std::vector<std::vector<std::string>> &commands, int rounds)
{
    std::vector<Figures> out(commands.size());
    for (const auto &c : commands)
        timed(c); // warm the page cache
    for (int round = 0; round < rounds; ++round) {
        for (std::size_t k = 0; k < commands.size(); ++k) {
            const std::size_t i = (k + static_cast<std::size_t>(round)) % commands.size();
            const Run r = timed(commands[i]);
            out[i].seconds.push_back(r.seconds);
            out[i].peakKb = std::max(out[i].peakKb, r.maxRssKb);
            out[i].status = WIFEXITED(r.status) ? WEXITSTATUS(r.status) : 128;
        }
    }
    return out;
}

// Instructions the command executes, all threads together (valgrind's callgrind).
long long instructions(const std::vector<std::string> &command)
{
    // valgrind starts the program with LD_PRELOAD set, and torchdoctor started
    // with that would clear it and start itself again, out of valgrind's sight.
    // Counted as the launcher starts it: the environment already guarded.
    ::setenv("TD_ORIGINAL_ENV", "", 1);
    const fs::path log = fs::temp_directory_path() / ("td-bench-callgrind-" + std::to_string(::getpid()) + ".log");
    std::vector<std::string> argv{"valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                  "--log-file=" + log.string()};
    argv.insert(argv.end(), command.begin(), command.end());
    timed(argv);
    ::unsetenv("TD_ORIGINAL_ENV");
    std::ifstream in(log);
    long long count = -1;
    for (std::string line; std::getline(in, line);)
        if (const auto at = line.find("Collected : "); at != std::string::npos)
            count = std::stoll(line.substr(at + 12));
    fs::remove(log);
    if (count < 0) {
        std::fprintf(stderr, "valgrind did not count instructions (is the package valgrind installed?)\n");
        std::exit(2);
    }
    return count;
}

// Links (hard, else symbolic) to `files` in `folders` sub-folders of `dir`:
// the same libraries in many places, as in a fleet of virtual environments.
std::vector<std::string> makeTree(const fs::path &dir, const std::vector<std::string> &files, std::size_t folders)
{
    std::vector<std::string> out;
    for (std::size_t d = 0; d < folders; ++d) {
        const fs::path folder = dir / ("env" + std::to_string(d));
        fs::create_directories(folder);
        for (const auto &f : files) {
            const fs::path link = folder / fs::path(f).filename();
            std::error_code ec;
            fs::create_hard_link(f, link, ec);
            if (ec)
                fs::create_symlink(f, link);
        }
        out.push_back(folder.string());
    }
    return out;
}

bool atMost(double value, double goal)
{
    return value <= goal;
}

const char *verdict(bool ok)
{
    return ok ? "ok" : "MISSED";
}

// Time per root at growing sizes; linear when the largest size costs at most
// 1.5 times the smallest per root.
bool linearity(const char *name, const std::string &torchdoctor,
               const std::vector<std::pair<std::size_t, std::vector<std::string>>> &sizes, int rounds)
{
    std::vector<double> perRoot;
    for (const auto &[roots, args] : sizes) {
        std::vector<double> t;
        timed(with({torchdoctor, "deps", "--json"}, args));
        long peak = 0;
        for (int i = 0; i < rounds; ++i) {
            const Run r = timed(with({torchdoctor, "deps", "--json"}, args));
            t.push_back(r.seconds);
            peak = std::max(peak, r.maxRssKb);
        }
        perRoot.push_back(median(t) / static_cast<double>(roots));
        std::printf("linearity %s roots=%zu median_s=%.4f us_per_root=%.2f peak_kib=%ld\n", name, roots, median(t),
                    perRoot.back() * 1e6, peak);
    }
    if (perRoot.size() < 2)
        return false;
    const double growth = perRoot[perRoot.size() - 1] / perRoot[0];
    const bool ok = atMost(growth, 1.5);
    std::printf("linearity %s per_root_growth=%.2f goal<=1.50 %s\n", name, growth, verdict(ok));
    return ok;
}

} // namespace

int main(int argc, char **argv)
{
    int rounds = 11;
    std::string dir = "/usr/lib/x86_64-linux-gnu";
    std::string torchdoctor = TD_TORCHDOCTOR_EXE;
    std::string libtree = "libtree";
    bool callgrind = false, quick = false;
    int repeat = 1;
    for (int i = 1; i < argc; ++i) {
        const std::string opt = argv[i];
        const bool hasValue = i + 1 < argc;
        if (opt == "--callgrind")
            callgrind = true;
        else if (opt == "--quick")
            quick = true;
        else if (opt == "--repeat" && hasValue)
            repeat = std::max(1, std::atoi(argv[++i]));
        else if (opt == "--rounds" && hasValue)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (opt == "--dir" && hasValue)
            dir = argv[++i];
        else if (opt == "--torchdoctor" && hasValue)
            torchdoctor = argv[++i];
        else if (opt == "--libtree" && hasValue)
            libtree = argv[++i];
        else {
            std::fprintf(stderr, "usage: bench_deps [--rounds N] [--dir DIR] [--torchdoctor EXE] [--libtree EXE] "
                                 "[--callgrind] [--repeat N] [--quick]\n");
            return 2;
        }
    }

    // The same files for all: every ELF file named like a versioned library
    // (DIR/*.so.*; libtree stops at the first file that is not ELF).
    std::vector<std::string> files;
    for (const auto &e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.find(".so.") != std::string::npos && isElf(e.path()))
            files.push_back(e.path().string());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::fprintf(stderr, "no libraries in %s\n", dir.c_str());
        return 2;
    }

    const std::vector<std::vector<std::string>> commands{
        with({libtree}, files), with({torchdoctor, "deps"}, files), with({torchdoctor, "deps", "--json"}, files)};
    const char *names[] = {"libtree", "deps_text", "deps_json"};
    const double goals[] = {0, 0.8, 1.0};
    constexpr long kPeakGoalKb = 24 * 1024;
    std::printf("deps_files=%zu rounds=%d repeat=%d dir=%s\n", files.size(), rounds, repeat, dir.c_str());
    bool allMet = true;
    int runsMet = 0;
    for (int run = 1; run <= repeat; ++run) {
        const std::vector<Figures> figures = sideBySide(commands, rounds);
        if (figures[0].status != 0) {
            std::fprintf(stderr, "libtree failed on these files\n");
            return 2;
        }
        bool runMet = true;
        const double base = median(figures[0].seconds);
        for (std::size_t i = 0; i < figures.size(); ++i) {
            // The ratio of medians, and the median of the per-round ratios (robust to a slow round).
            std::vector<double> ratios;
            for (std::size_t r = 0; r < figures[i].seconds.size(); ++r)
                ratios.push_back(figures[i].seconds[r] / figures[0].seconds[r]);
            std::printf("run=%d %s median_s=%.4f peak_kib=%ld exit=%d", run, names[i], median(figures[i].seconds),
                        figures[i].peakKb, figures[i].status);
            if (i > 0) {
                const bool fast = atMost(median(ratios), goals[i]);
                const bool small = figures[i].peakKb <= kPeakGoalKb;
                runMet = runMet && fast && small;
                std::printf(" ratio=%.3f median_ratio=%.3f goal<=%.1f %s peak_goal_kib<=%ld %s",
                            median(figures[i].seconds) / base, median(ratios), goals[i], verdict(fast), kPeakGoalKb,
                            verdict(small));
            }
            std::printf("\n");
        }
        runsMet += runMet ? 1 : 0;
        allMet = allMet && runMet;
        std::fflush(stdout);
    }
    std::printf("runs_meeting_goals=%d/%d\n", runsMet, repeat);

    if (callgrind) {
        long long base = 0;
        for (std::size_t i = 0; i < commands.size(); ++i) {
            const long long n = instructions(commands[i]);
            base = i == 0 ? n : base;
            std::printf("instructions %s=%lld ratio=%.3f\n", names[i], n, static_cast<double>(n) / static_cast<double>(base));
        }
        // What every command costs before it does anything: loading its libraries, Qt, the log.
        std::printf("instructions startup=%lld (torchdoctor --version)\n", instructions({torchdoctor, "--version"}));
    }

    if (quick) {
        std::printf("all_goals=%s (side by side only: --quick)\n", allMet ? "met" : "MISSED");
        return allMet ? 0 : 1;
    }

    // Up to 10,000 roots, two ways: the same folder listed several times
    // (every entry of DIR counts), and a tree of folders that each hold links
    // to the same hundred libraries, as in a fleet of virtual environments.
    std::vector<std::pair<std::size_t, std::vector<std::string>>> repeated, tree;
    const auto entries = static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
    const std::size_t repeats = (10000 + entries - 1) / entries;
    for (const std::size_t k : {std::size_t{1}, std::size_t{2}, repeats})
        if (repeated.empty() || k > repeated.back().second.size())
            repeated.emplace_back(k * entries, std::vector<std::string>(k, dir));
    const fs::path treeDir = fs::temp_directory_path() / ("td-bench-tree-" + std::to_string(::getpid()));
    const std::vector<std::string> sample(files.begin(),
                                          files.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(100, files.size())));
    const std::vector<std::string> folders = makeTree(treeDir, sample, (10000 + sample.size() - 1) / sample.size());
    for (const std::size_t n : {folders.size() / 8, folders.size() / 4, folders.size() / 2, folders.size()})
        tree.emplace_back(n * sample.size(),
                          std::vector<std::string>(folders.begin(), folders.begin() + static_cast<std::ptrdiff_t>(n)));
    const int linearityRounds = std::max(1, rounds / 2);
    allMet = linearity("same_folder_repeated", torchdoctor, repeated, linearityRounds) && allMet;
    allMet = linearity("folder_tree", torchdoctor, tree, linearityRounds) && allMet;
    fs::remove_all(treeDir);

    // A library grown to 6 GiB with a sparse tail.
    const fs::path big = fs::temp_directory_path() / "td-bench-huge.so";
    fs::copy_file("/usr/lib/x86_64-linux-gnu/libstdc++.so.6", big, fs::copy_options::overwrite_existing);
    fs::resize_file(big, 6ULL << 30);
    const Run huge = timed({torchdoctor, "deps", "--json", big.string()});
    fs::remove(big);
    const bool hugeOk = huge.maxRssKb <= 64 * 1024;
    allMet = allMet && hugeOk;
    std::printf("big_library_gib=6 big_library_peak_kib=%ld goal<=65536 %s\n", huge.maxRssKb, verdict(hugeOk));
    std::printf("all_goals=%s\n", allMet ? "met" : "MISSED");
    return allMet ? 0 : 1;
}
