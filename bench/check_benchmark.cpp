// SPDX-License-Identifier: GPL-3.0-or-later
// Benchmark: `torchdoctor check` against `python -m torch.utils.collect_env`
// on the same interpreter, side by side in one run. Prints one line of
// figures; the targets are full_ratio <= 0.85 and no_import_ratio <= 0.2.
//
//   bench_check [--rounds N] [--python EXE] [--torchdoctor EXE]
#include "BenchSupport.h"

#include <string>

using namespace td::bench;

int main(int argc, char **argv)
{
    int rounds = 7;
    std::string python = "/usr/bin/python3";
    std::string torchdoctor = TD_TORCHDOCTOR_EXE;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string opt = argv[i];
        if (opt == "--rounds")
            rounds = std::max(1, std::atoi(argv[i + 1]));
        else if (opt == "--python")
            python = argv[i + 1];
        else if (opt == "--torchdoctor")
            torchdoctor = argv[i + 1];
    }
    const std::vector<std::string> collectEnv{python, "-m", "torch.utils.collect_env"};
    const std::vector<std::string> full{torchdoctor, "check", "--python", python};
    const std::vector<std::string> noImport{torchdoctor, "check", "--python", python, "--no-import"};

    // Warm the page cache for everyone (torch's libraries are large).
    if (WEXITSTATUS(timed(collectEnv).status) != 0) {
        std::fprintf(stderr, "%s -m torch.utils.collect_env failed: is torch installed for it?\n", python.c_str());
        return 2;
    }
    timed(full);
    std::vector<double> a, b, c, fullRatios, noImportRatios;
    for (int i = 0; i < rounds; ++i) {
        // Rotate the order, so that no one always runs on the warmest cache.
        Run x, y, z;
        switch (i % 3) {
        case 0:
            x = timed(collectEnv);
            y = timed(full);
            z = timed(noImport);
            break;
        case 1:
            y = timed(full);
            z = timed(noImport);
            x = timed(collectEnv);
            break;
        default:
            z = timed(noImport);
            x = timed(collectEnv);
            y = timed(full);
            break;
        }
        a.push_back(x.seconds);
        b.push_back(y.seconds);
        c.push_back(z.seconds);
        fullRatios.push_back(y.seconds / x.seconds);
        noImportRatios.push_back(z.seconds / x.seconds);
    }
    std::printf("collect_env_median_s=%.3f check_median_s=%.3f check_no_import_median_s=%.3f "
                "full_ratio=%.3f no_import_ratio=%.3f\n",
                median(a), median(b), median(c), median(fullRatios), median(noImportRatios));
    return 0;
}
