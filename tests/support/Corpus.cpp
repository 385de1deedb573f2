// SPDX-License-Identifier: GPL-3.0-or-later
#include "Corpus.h"

#include "TestConfig.h"

#include <algorithm>
#include <sstream>

namespace td::test::corpus {

std::vector<Wheel> pinned()
{
    std::vector<Wheel> out;
    for (const std::string &line : lines(readFile(fs::path(config::sourceDir) / "tools" / "wheels.txt"))) {
        std::istringstream in(line);
        Wheel w;
        if (!(in >> w.set >> w.name >> w.version >> w.platform >> w.python >> w.sha256) || w.set[0] == '#')
            continue;
        for (std::string option; in >> option;)
            w.whole = w.whole || option == "whole";
        out.push_back(w);
    }
    return out;
}

fs::path folder(const std::string &folderName)
{
    return fs::path(config::corpusDir) / folderName;
}

::testing::AssertionResult has(const std::vector<std::string> &folderNames)
{
    const auto wheels = pinned();
    std::string missing, sets;
    for (const std::string &name : folderNames) {
        const auto w = std::find_if(wheels.begin(), wheels.end(),
                                    [&](const Wheel &x) { return x.folderName() == name; });
        if (w == wheels.end())
            return ::testing::AssertionFailure() << name << " is not pinned in tools/wheels.txt";
        std::error_code ec;
        const fs::path stamp = folder(name) / ".sha256";
        if (fs::exists(stamp, ec) && lines(readFile(stamp)) == std::vector<std::string>{w->sha256})
            continue;
        missing += "\n  " + name;
        if (w->set != "default" && sets.find(w->set) == std::string::npos)
            sets += " --set " + w->set;
    }
    if (missing.empty())
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "the test corpus lacks (or has another version of):" << missing << "\nin " << config::corpusDir
           << " (the CMake cache variable TD_CORPUS_DIR). Fetch it with:\n  TD_CORPUS_DIR='" << config::corpusDir
           << "' " << config::sourceDir << "/tools/fetch-wheels.sh" << (sets.empty() ? std::string() : sets);
}

void linkTree(const fs::path &from, const fs::path &to)
{
    fs::create_directories(to);
    for (const auto &e : fs::recursive_directory_iterator(from)) {
        const fs::path target = to / fs::relative(e.path(), from);
        if (e.is_directory()) {
            fs::create_directories(target);
            continue;
        }
        std::error_code ec;
        fs::create_hard_link(e.path(), target, ec);
        if (ec) // another file system
            fs::copy_file(e.path(), target);
    }
}

std::vector<fs::path> defaultSetFiles()
{
    std::vector<fs::path> out;
    for (const Wheel &w : pinned()) {
        if (w.set != "default" || w.whole)
            continue;
        std::error_code ec;
        for (const auto &e : fs::recursive_directory_iterator(folder(w.folderName()), ec))
            // Not the stamp, nor a wheel kept whole (keep-wheel in tools/wheels.txt).
            if (e.is_regular_file(ec) && !e.is_symlink(ec) && e.path().filename() != ".sha256"
                && e.path().extension() != ".whl" && e.path().extension() != ".gz")
                out.push_back(e.path());
    }
    std::sort(out.begin(), out.end());
    return out;
}

} // namespace td::test::corpus
