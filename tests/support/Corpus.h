// SPDX-License-Identifier: GPL-3.0-or-later
// The test corpus: real wheels from PyPI, pinned in tools/wheels.txt, fetched and unpacked by
// tools/fetch-wheels.sh into config::corpusDir, one folder per wheel named
// <name>-<version>-<platform> (for example "torch-2.4.0-win_amd64").
#pragma once

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace td::test::corpus {

struct Wheel {
    std::string set; // "default" or an opt-in set such as "cuda"
    std::string name, version, platform, python, sha256;
    bool whole = false; // unpacked whole (a toolkit: programs, headers), not only its libraries
    [[nodiscard]] std::string folderName() const { return name + "-" + version + "-" + platform; }
};

// Every wheel of tools/wheels.txt.
std::vector<Wheel> pinned();

// The unpacked folder of one wheel (whether or not it is there).
fs::path folder(const std::string &folderName);

// Success when every named wheel is unpacked with its pinned hash; otherwise a failure that says
// which are missing, where they were looked for and the command that fetches them. Use as
// ASSERT_TRUE(corpus::has({...})): a test never skips for want of its corpus.
::testing::AssertionResult has(const std::vector<std::string> &folderNames);

// Recreates the tree `from` at `to` out of hard links to its files (copies on another file
// system): a layout of real files to arrange freely, at no cost in disk space.
void linkTree(const fs::path &from, const fs::path &to);

// Every file under the unpacked folders of the default set, sorted (the libraries only: not the
// files of the wheels unpacked whole, nor a .whl kept whole).
std::vector<fs::path> defaultSetFiles();

} // namespace td::test::corpus
