// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace td::loader {

// What decides the subfolders ld.so tries under every search folder, and
// what $PLATFORM expands to: the glibc version and the CPU it runs on.
struct GlibcTarget {
    std::uint16_t machine = 62; // ELF e_machine of the process
    int glibcMajor = 2, glibcMinor = 36;
    // x86_64 only: the CPU's vendor and the features glibc's rules test
    // (sysdeps/x86/cpu-features.c, sysdeps/x86/get-isa-level.h).
    bool intel = false;
    bool x86_64_v2 = false, x86_64_v3 = false, x86_64_v4 = false;
    bool haswellPlatform = false; // AVX2 FMA BMI1 BMI2 LZCNT MOVBE POPCNT
    bool avx512_1 = false;        // AVX512F+CD+BW+DQ+VL: the legacy "avx512_1" hwcap
    bool xeonPhi = false;         // AVX512CD+ER+PF
};

struct GlibcSearchRules {
    // In priority order, each a path relative to a search folder; the
    // last one is "" (the folder itself).
    std::vector<std::string> subfolders;
    std::vector<std::string> hwcaps; // the active glibc-hwcaps names, best first ("x86-64-v3")
    std::string platform;            // $PLATFORM
    // ld.so.cache entries of the legacy subfolders carry hwcap bits: one
    // is used when it has no bit outside `legacyCacheBits` and its platform
    // bits (if any) are `legacyCachePlatform`. Both 0: no such entry fits.
    std::uint64_t legacyCacheBits = 0, legacyCachePlatform = 0;
};

// glibc 2.33+ tries glibc-hwcaps/<name> first, best level first; up to
// 2.36 it then tries every combination of the legacy names "tls", the
// platform and the important hwcaps (dropped in 2.37). Verified against
// the "search path=" lines of LD_DEBUG=libs.
GlibcSearchRules glibcSearchRules(const GlibcTarget &target);

// The machine this process runs on, with `machine` as the process's
// architecture: its CPU when that is the host's architecture, else the
// architecture's baseline (no glibc-hwcaps level is assumed).
GlibcTarget hostGlibcTarget(std::uint16_t machine, int glibcMajor, int glibcMinor);

// The version of the glibc this process runs with ({0, 0} when it is not glibc).
std::pair<int, int> runningGlibcVersion();

} // namespace td::loader
