// SPDX-License-Identifier: GPL-3.0-or-later
// Each command loads what it uses and no more: `deps` and the other commands never
// load Qt Network, libarchive and what they pull in; `check --refresh-knowledge` and
// `report --bundle` load them on demand (the torchdoctor-transfer module), and work.
// What a process really opens is watched with strace; what the program and the module
// link, with our own `deps`.
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdlib>
#include <sstream>

using namespace td::test;

namespace {

// The libraries that only moving data in or out needs.
constexpr const char *kTransferLibraries[] = {"libQt6Network.so", "libarchive.so", "libtorchdoctor-transfer.so"};

// Runs argv under `strace -f`, every open of a file traced; the log is returned in trace.
RunResult runTraced(const TempDir &dir, std::vector<std::string> argv, std::string &trace, RunOptions options = {})
{
    const fs::path log = dir / "strace.log";
    argv.insert(argv.begin(), {config::strace, "-f", "-qq", "-e", "trace=open,openat", "-o", log.string()});
    options.timeout = std::chrono::seconds(240);
    // LeakSanitizer cannot run under ptrace: in a sanitizer build the untraced tests check for leaks.
    const char *asan = std::getenv("ASAN_OPTIONS");
    options.setEnv["ASAN_OPTIONS"] = (asan && *asan ? std::string(asan) + ":" : std::string()) + "detect_leaks=0";
    const RunResult r = run(argv, options);
    trace = readFile(log);
    return r;
}

// Whether the trace shows `name` opened (a line naming it that is not a failure).
bool opened(const std::string &trace, const std::string &name)
{
    std::istringstream lines(trace);
    for (std::string line; std::getline(lines, line);)
        if (line.find(name) != std::string::npos && line.find("= -1") == std::string::npos)
            return true;
    return false;
}

} // namespace

TEST(CommandLoads, DepsLoadsNeitherQtNetworkNorLibarchive)
{
    ASSERT_TRUE(config::have(config::strace)) << "strace is needed for this test (tools/packages.txt)";
    TempDir dir("td-loads");
    std::string trace;
    const RunResult r = runTraced(dir, {config::torchdoctor, "deps", "--json", "/bin/ls"}, trace);
    ASSERT_EQ(r.exitCode, 0) << r.err;
    ASSERT_TRUE(opened(trace, "libQt6Core.so.6")) << "the trace shows no library loaded:\n" << trace;
    for (const char *library : kTransferLibraries)
        EXPECT_EQ(trace.find(library), std::string::npos) << "deps looked for " << library << ":\n" << trace;
}

TEST(CommandLoads, ReportBundleLoadsTheTransferModuleAndWritesTheZip)
{
    ASSERT_TRUE(config::have(config::strace)) << "strace is needed for this test (tools/packages.txt)";
    TempDir dir("td-loads");
    const fs::path bundle = dir / "support.zip";
    std::string trace;
    const RunResult r = runTraced(
        dir,
        {config::torchdoctor, "report", "--python", "/usr/bin/python3", "--no-import", "--bundle", bundle.string()},
        trace);
    ASSERT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.exitCode << "\n" << r.err; // healthy, or problems found
    for (const char *library : kTransferLibraries)
        EXPECT_TRUE(opened(trace, library)) << library << " was not loaded:\n" << trace;
    const RunResult list = run({"unzip", "-Z1", bundle.string()});
    ASSERT_EQ(list.exitCode, 0) << "unzip (tools/packages.txt) could not read the bundle: " << list.err;
    for (const char *entry : {"report.md", "report.html", "report.json", "report.txt", "torchdoctor.log"})
        EXPECT_NE(list.out.find(entry), std::string::npos) << entry << " is not in the bundle:\n" << list.out;
}

TEST(CommandLoads, CheckRefreshKnowledgeFetchesThroughTheTransferModule)
{
    ASSERT_TRUE(config::have(config::strace)) << "strace is needed for this test (tools/packages.txt)";
    TempDir dir("td-loads");
    const std::string recorded = "file://" + (fs::path(config::sourceDir) / "tests/data/pypi/torch.json").string();
    RunOptions options;
    options.setEnv = {{"XDG_DATA_HOME", (dir / "data").string()}, {"TORCHDOCTOR_RELEASE_INDEX", recorded}};
    std::string trace;
    const RunResult r = runTraced(dir,
                                  {config::torchdoctor, "check", "--python", "/usr/bin/python3", "--no-import",
                                   "--format", "json", "--refresh-knowledge"},
                                  trace, options);
    ASSERT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.exitCode << "\n" << r.err;
    EXPECT_TRUE(opened(trace, "libQt6Network.so")) << trace;
    EXPECT_TRUE(opened(trace, "libtorchdoctor-transfer.so")) << trace;
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
    EXPECT_EQ(doc.value(QStringLiteral("knowledge_releases")).toObject().value(QStringLiteral("source")).toString(),
              QString::fromStdString(recorded))
        << r.out << r.err;
}

// What ld.so loads before main(), as our own reader resolves it: the program links neither,
// the module both (so that the check cannot pass by reading nothing).
TEST(CommandLoads, TheProgramLinksNeitherTheModuleBoth)
{
    ASSERT_TRUE(config::have(config::transferModule)) << "the build has no torchdoctor-transfer module";
    const RunResult program = run({config::torchdoctor, "deps", "--json", config::realProgram});
    ASSERT_EQ(program.exitCode, 0) << program.err;
    ASSERT_NE(program.out.find("libQt6Core.so.6"), std::string::npos) << program.out;
    const RunResult module = run({config::torchdoctor, "deps", "--json", config::transferModule});
    ASSERT_EQ(module.exitCode, 0) << module.err;
    for (const char *library : {"libQt6Network.so", "libarchive.so"}) {
        EXPECT_EQ(program.out.find(library), std::string::npos) << library << " is loaded at start:\n" << program.out;
        EXPECT_NE(module.out.find(library), std::string::npos) << library << " is not in the module:\n" << module.out;
    }
}
