// SPDX-License-Identifier: GPL-3.0-or-later
#include "Analyzer.h"

#include <algorithm>
#include <cstring>
#include <filesystem>

namespace td::loader {

namespace fs = std::filesystem;

namespace {

// Names a loader would be asked for: foo.so, foo.so.1.2, foo.dll, foo.pyd,
// foo.exe, foo.dylib (case-insensitive for the Windows ones).
bool looksLikeLibrary(const std::string &name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    auto endsWith = [&](const char *s) {
        const std::size_t n = std::strlen(s);
        return lower.size() > n && lower.compare(lower.size() - n, n, s) == 0;
    };
    return endsWith(".so") || lower.find(".so.") != std::string::npos || endsWith(".dll")
        || endsWith(".pyd") || endsWith(".exe") || endsWith(".dylib");
}

struct Input {
    std::string path;
    bool fromFolder = false;
};

std::string describeErrno(int error)
{
    return error ? std::strerror(error) : "unknown error";
}

} // namespace

std::optional<TargetOs> osOf(const bin::BinaryInfo &info)
{
    switch (info.format) {
    case bin::Format::Elf: return TargetOs::Linux;
    case bin::Format::Pe: return TargetOs::Windows;
    case bin::Format::MachO: return TargetOs::MacOS;
    case bin::Format::Unknown: break;
    }
    return std::nullopt;
}

Graph analyze(const std::vector<std::string> &inputs, const DepsOptions &options,
              const std::atomic<bool> *cancel,
              const std::function<void(const AnalyzeProgress &)> &progress)
{
    BinaryCache cache;

    // Expand folders (one level, sorted, like a directory listing).
    std::vector<Input> roots;
    std::vector<Problem> early;
    for (const auto &input : inputs) {
        const FileFacts f = cache.facts(input);
        if (!f.isDirectory) {
            roots.push_back({input, false});
            continue;
        }
        std::error_code ec;
        std::vector<std::string> names;
        for (fs::directory_iterator it(input, fs::directory_options::skip_permission_denied, ec), end;
             !ec && it != end; it.increment(ec))
            names.push_back(it->path().filename().string());
        if (ec) {
            Problem p;
            p.kind = ProblemKind::Unreadable;
            p.name = input;
            p.paths = {input};
            p.detail = "Cannot list the folder: " + ec.message() + ". Check its permissions.";
            early.push_back(std::move(p));
        }
        std::sort(names.begin(), names.end());
        for (const auto &name : names)
            roots.push_back({(fs::path(input) / name).string(), true});
    }

    // Decide the OS: asked for, or that of the first file we can read.
    std::optional<TargetOs> os = options.os;
    std::vector<std::shared_ptr<const bin::BinaryInfo>> parsed(roots.size());
    for (std::size_t i = 0; i < roots.size(); ++i) {
        parsed[i] = cache.binary(roots[i].path);
        if (!os && parsed[i])
            os = osOf(*parsed[i]);
    }
    GraphBuilder graph(os.value_or(TargetOs::Linux));
    for (auto &p : early)
        graph.addProblem(std::move(p));

    std::map<TargetOs, std::unique_ptr<Emulator>> emulators;
    auto emulatorFor = [&](TargetOs target) -> Emulator & {
        auto &e = emulators[target];
        if (!e) {
            DepsOptions o = options;
            o.os = target;
            e = target == TargetOs::Windows ? makeWindowsEmulator(o, cache)
                : target == TargetOs::MacOS ? makeMacEmulator(o, cache)
                                            : makeLinuxEmulator(o, cache);
        }
        return *e;
    };

    AnalyzeProgress state{0, roots.size()};
    for (std::size_t i = 0; i < roots.size(); ++i) {
        if (cancel && cancel->load())
            break;
        const Input &in = roots[i];
        const FileFacts f = cache.facts(in.path);
        const auto &info = parsed[i];
        Problem p;
        p.name = fs::path(in.path).filename().string();
        p.paths = {in.path};

        if (!f.exists) {
            if (in.fromFolder && !f.danglingLink)
                continue;
            if (in.fromFolder && !looksLikeLibrary(p.name))
                continue;
            p.kind = f.danglingLink ? ProblemKind::Unreadable : ProblemKind::Missing;
            if (f.danglingLink) {
                p.detail = "A symbolic link to \"" + f.linkTarget
                    + "\", which does not exist (or the links loop). A loader that is asked for this "
                      "name skips it and keeps searching; if nothing needs this name, it is harmless.";
                // A broken link inside a folder is only a warning: the libraries
                // that are really needed are checked through their own edges.
                p.severity = in.fromFolder ? Severity::Warning : Severity::Error;
            } else {
                p.detail = "No such file or folder: " + describeErrno(f.error) + ".";
            }
            graph.addProblem(std::move(p));
            continue;
        }
        if (f.isDirectory)
            continue; // sub-folders of a folder are not walked
        if (!info || !info->ok()) {
            const bool notBinary = !info || info->format == bin::Format::Unknown;
            // Files in a folder that are neither binaries nor named like one
            // (headers, .py files, licences) are not libraries and not problems.
            if (in.fromFolder && notBinary && !looksLikeLibrary(p.name))
                continue;
            const bool cannotOpen = info && info->format == bin::Format::Unknown
                && info->error.rfind("cannot ", 0) == 0;
            if (!f.isRegular) {
                p.kind = ProblemKind::NotALibrary;
                p.detail = "Not a regular file (a device, socket or pipe); a loader cannot map it.";
            } else if (cannotOpen) {
                p.kind = ProblemKind::Unreadable;
                p.detail = "The file exists but cannot be read (" + info->error
                    + "). Check its permissions and that no antivirus or other program locks it.";
            } else if (notBinary) {
                p.kind = ProblemKind::NotALibrary;
                p.detail = "Not a shared library: " + (info ? info->error : std::string("unreadable"))
                    + ". If this file should be a library, it is damaged or was replaced; reinstall "
                      "the package that owns it.";
            } else {
                p.kind = ProblemKind::NotALibrary;
                p.detail = std::string("A damaged ") + formatName(info->format) + " file: " + info->error
                    + ". Reinstall the package that owns it.";
            }
            graph.addRoot(in.path, info.get());
            graph.addProblem(std::move(p));
        } else {
            const TargetOs rootOs = *osOf(*info);
            if (options.os && *options.os != rootOs) {
                p.kind = ProblemKind::NotALibrary;
                p.detail = std::string("A ") + formatName(info->format) + " file, which a "
                    + toString(*options.os) + " loader cannot load (try --os " + toString(rootOs) + ").";
                graph.addRoot(in.path, info.get());
                graph.addProblem(std::move(p));
            } else {
                const std::size_t index = graph.addRoot(in.path, info.get());
                emulatorFor(rootOs).load(in.path, index, graph);
            }
        }
        ++state.done;
        if (progress)
            progress(state);
    }
    return graph.take();
}

} // namespace td::loader
