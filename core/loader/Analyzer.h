// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Emulator.h"
#include "Graph.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace td::loader {

struct AnalyzeProgress {
    std::size_t done = 0;
    std::size_t total = 0;
};

// Expands folders into the libraries in them, picks the loader (from
// options.os or the first readable root) and loads every root.
// `cancel` may be null; when it becomes true the graph so far is returned.
Graph analyze(const std::vector<std::string> &inputs, const DepsOptions &options,
              const std::atomic<bool> *cancel = nullptr,
              const std::function<void(const AnalyzeProgress &)> &progress = {});

// The files of the process `executable` starts: itself, then what it loads, in load order (with
// `options`' environment and search folders). Empty when one of them does not load. A library's
// `hostObjects` (python, for the modules `import` opens).
std::vector<std::string> processFiles(const std::string &executable, const DepsOptions &options,
                                      const std::atomic<bool> *cancel = nullptr);

// Which OS a parsed file belongs to (ELF -> Linux, PE -> Windows, Mach-O -> macOS).
std::optional<TargetOs> osOf(const bin::BinaryInfo &info);

} // namespace td::loader
