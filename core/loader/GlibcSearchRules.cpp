// SPDX-License-Identifier: GPL-3.0-or-later
#include "GlibcSearchRules.h"

#include "binary/BinaryInfo.h"

#include <cstdio>

#if defined(__GLIBC__)
#include <gnu/libc-version.h>
#endif
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace td::loader {

namespace {

constexpr std::uint16_t kX86_64 = 62;
// sysdeps/x86/dl-hwcap.h and dl-procinfo.c: HWCAP_X86_64, HWCAP_X86_AVX512_1,
// the platforms from bit 48 ("i586", "i686", "haswell", "xeon_phi"), "tls" at bit 63.
constexpr std::uint64_t kHwcapX86_64 = 1ULL << 1, kHwcapAvx512_1 = 1ULL << 2;
constexpr std::uint64_t kPlatformHaswell = 1ULL << 50, kPlatformXeonPhi = 1ULL << 51;
constexpr std::uint64_t kHwcapTls = 1ULL << 63;

bool atLeast(const GlibcTarget &t, int major, int minor)
{
    return t.glibcMajor > major || (t.glibcMajor == major && t.glibcMinor >= minor);
}

// AT_PLATFORM as the kernel gives it; CPU-dependent elsewhere, so the
// machine's name stands in.
std::string atPlatform(std::uint16_t machine)
{
    switch (machine) {
    case kX86_64: return "x86_64";
    case 3: return "i686";
    case 183: return "aarch64";
    default: return bin::elfMachineName(machine, true, false);
    }
}

} // namespace

GlibcSearchRules glibcSearchRules(const GlibcTarget &t)
{
    GlibcSearchRules rules;
    rules.platform = atPlatform(t.machine);
    std::vector<std::string> legacyHwcaps; // the important hwcaps, highest bit first
    if (t.machine == kX86_64) {
        // init_cpu_features: only Intel CPUs get a platform of their own.
        if (t.intel && t.xeonPhi)
            rules.platform = "xeon_phi";
        else if (t.intel && t.haswellPlatform)
            rules.platform = "haswell";
        if (t.intel && t.avx512_1)
            legacyHwcaps.push_back("avx512_1");
        legacyHwcaps.push_back("x86_64");
        if (!atLeast(t, 2, 37)) {
            rules.legacyCacheBits = kHwcapTls | kHwcapX86_64 | (t.intel && t.avx512_1 ? kHwcapAvx512_1 : 0);
            rules.legacyCachePlatform = rules.platform == "haswell"    ? kPlatformHaswell
                                        : rules.platform == "xeon_phi" ? kPlatformXeonPhi
                                                                       : 0;
            rules.legacyCacheBits |= rules.legacyCachePlatform;
        }
        if (atLeast(t, 2, 33)) {
            if (t.x86_64_v4)
                rules.hwcaps.push_back("x86-64-v4");
            if (t.x86_64_v3)
                rules.hwcaps.push_back("x86-64-v3");
            if (t.x86_64_v2)
                rules.hwcaps.push_back("x86-64-v2");
        }
    }
    for (const auto &h : rules.hwcaps)
        rules.subfolders.push_back("glibc-hwcaps/" + h);
    if (!atLeast(t, 2, 37)) {
        // _dl_important_hwcaps: every subset of (tls, platform, hwcaps...),
        // the names kept in that order, from all of them down to none.
        std::vector<std::string> names{"tls"};
        if (!rules.platform.empty())
            names.push_back(rules.platform);
        names.insert(names.end(), legacyHwcaps.begin(), legacyHwcaps.end());
        const std::size_t n = names.size();
        for (std::size_t mask = (std::size_t{1} << n) - 1; mask > 0; --mask) {
            std::string sub;
            for (std::size_t i = 0; i < n; ++i)
                if (mask & (std::size_t{1} << (n - 1 - i)))
                    sub += (sub.empty() ? "" : "/") + names[i];
            rules.subfolders.push_back(sub);
        }
    }
    rules.subfolders.emplace_back();
    return rules;
}

GlibcTarget hostGlibcTarget(std::uint16_t machine, int glibcMajor, int glibcMinor)
{
    GlibcTarget t;
    t.machine = machine;
    t.glibcMajor = glibcMajor;
    t.glibcMinor = glibcMinor;
#if defined(__x86_64__)
    if (machine != kX86_64)
        return t;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(0, &a, &b, &c, &d))
        return t;
    const unsigned maxLeaf = a;
    t.intel = b == 0x756e6547 && d == 0x49656e69 && c == 0x6c65746e; // "GenuineIntel"
    unsigned c1 = 0, b7 = 0, cx = 0;
    __get_cpuid(1, &a, &b, &c1, &d);
    if (maxLeaf >= 7)
        __cpuid_count(7, 0, a, b7, c, d);
    if (__get_cpuid(0x80000001, &a, &b, &cx, &d) == 0)
        cx = 0;
    auto bit = [](unsigned reg, int n) { return (reg >> n) & 1U; };
    // The OS must save the AVX (and AVX-512) registers for them to be usable.
    unsigned long long xcr0 = 0;
    if (bit(c1, 27)) {
        unsigned lo = 0, hi = 0;
        __asm__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
        xcr0 = (static_cast<unsigned long long>(hi) << 32) | lo;
    }
    const bool avxOs = (xcr0 & 0x6) == 0x6, avx512Os = (xcr0 & 0xe6) == 0xe6;
    const bool sse3 = bit(c1, 0), ssse3 = bit(c1, 9), fma = bit(c1, 12) && avxOs, cx16 = bit(c1, 13);
    const bool sse41 = bit(c1, 19), sse42 = bit(c1, 20), movbe = bit(c1, 22), popcnt = bit(c1, 23);
    const bool avx = bit(c1, 28) && avxOs, f16c = bit(c1, 29) && avxOs;
    const bool bmi1 = bit(b7, 3), avx2 = bit(b7, 5) && avxOs, bmi2 = bit(b7, 8);
    const bool avx512f = bit(b7, 16) && avx512Os, avx512dq = bit(b7, 17) && avx512Os;
    const bool avx512pf = bit(b7, 26) && avx512Os, avx512er = bit(b7, 27) && avx512Os;
    const bool avx512cd = bit(b7, 28) && avx512Os, avx512bw = bit(b7, 30) && avx512Os;
    const bool avx512vl = bit(b7, 31) && avx512Os;
    const bool lahf = bit(cx, 0), lzcnt = bit(cx, 5);
    t.x86_64_v2 = cx16 && lahf && popcnt && sse3 && sse41 && sse42 && ssse3;
    t.x86_64_v3 = t.x86_64_v2 && avx && avx2 && bmi1 && bmi2 && f16c && fma && lzcnt && movbe;
    t.x86_64_v4 = t.x86_64_v3 && avx512f && avx512bw && avx512cd && avx512dq && avx512vl;
    t.haswellPlatform = avx2 && fma && bmi1 && bmi2 && lzcnt && movbe && popcnt;
    t.xeonPhi = avx512f && avx512cd && avx512er && avx512pf;
    t.avx512_1 = avx512f && avx512cd && !avx512er && avx512bw && avx512dq && avx512vl;
#endif
    return t;
}

std::pair<int, int> runningGlibcVersion()
{
#if defined(__GLIBC__)
    int major = 0, minor = 0;
    if (std::sscanf(gnu_get_libc_version(), "%d.%d", &major, &minor) == 2)
        return {major, minor};
#endif
    return {0, 0};
}

} // namespace td::loader
