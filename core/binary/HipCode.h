// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ByteSource.h"

#include <cstdint>
#include <string>
#include <vector>

namespace td::bin {

// One AMD GPU target of a clang offload bundle: code for one processor, built for a mode of its
// target features (LLVM's "target ID": gfx90a:xnack-, gfx942:sramecc+:xnack-, gfx1100).
struct HipTarget {
    std::string processor; // "gfx90a", or a generic one: "gfx11-generic"
    std::string features;  // ":sramecc+:xnack-" as written, or "" (both modes: "any")
    std::uint32_t bundle = 0; // which bundle (one per compiled source file) holds it

    [[nodiscard]] std::string id() const { return processor + features; }
};

// The AMD GPU code a library carries: the targets of every offload bundle, in file order. Read from
// the bundle headers alone (a compressed bundle: only as much of it as its header needs).
struct HipCode {
    std::uint32_t bundles = 0;          // every bundle, compressed or not
    std::uint32_t compressed = 0;       // of those, compressed ("CCOB")
    std::uint32_t compressedUnread = 0; // of those, with targets not known (a compression not built in)
    std::vector<HipTarget> targets;
    bool truncated = false; // a cap was reached, or the section ended in damage: the lists may be short

    [[nodiscard]] bool empty() const { return bundles == 0; }
    // Distinct processors in version order: gfx803 < gfx900 < gfx90a < gfx1030 < gfx1100.
    [[nodiscard]] std::vector<std::string> processors() const;
    // Distinct target IDs in the same order ("gfx90a:xnack-", "gfx90a:xnack+", "gfx1100").
    [[nodiscard]] std::vector<std::string> ids() const;
};

// Whether code for `target` runs on a GPU, named as the HIP runtime names it: "gfx1151", or with its
// modes, "gfx90a:sramecc+:xnack-" (torch's gcnArchName). The processor must match, or be a generic
// processor that covers it (LLVM's AMDGPUUsage table: gfx11-generic covers gfx1100 to gfx1103 and
// gfx1150 to gfx1153, ...). A feature the target sets (xnack-) must be the GPU's mode; a mode the GPU
// name does not state is taken to fit.
bool hipRunsOn(const HipTarget &target, const std::string &gpu);

// Finds the offload bundles of an ELF file (the `.hip_fatbin` section) or a PE file (`.hip_fat`,
// the name cut to PE's eight characters) and lists their targets. A file without AMD GPU code gives
// an empty result and no error; an error says what is damaged (what was read before stays in `out`).
std::string readHipCode(const ByteSource &src, HipCode &out);
// Opens `path` and reads it; open errors are returned.
std::string readHipCodeFile(const std::string &path, HipCode &out);

} // namespace td::bin
