// SPDX-License-Identifier: GPL-3.0-or-later
// A nearly full home: `fix env`, `undo`, `check -o` and `report --bundle` run
// with 0 to 128 KiB left on the home's own file system (a small tmpfs in a
// mount namespace, so this runs as root or where user namespaces are allowed).
// A repair that cannot fit is refused before it starts. Each run either
// succeeds with every file whole, or fails with a non-zero exit and an error,
// never saying "Fixed", "Undone" or "Wrote", and leaves ~/.bashrc and the
// files it would have replaced byte for byte as they were, with no temporary
// file beside them; an undo that could not run on the full disk runs once
// there is room.
#include "FixCliFixture.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <cstdio>
#include <future>
#include <cstdlib>

using namespace td::test;

namespace {

const int kKibLeft[] = {0, 4, 8, 12, 16, 20, 24, 32, 48, 64, 128};

struct Command {
    int exitCode = -1;
    std::string out, err;
};

struct FullDiskRun {
    std::vector<Command> commands;
    fs::path home; // a copy of the home as it was at the end
    std::string failure; // why the run itself could not be made
};

class FullDisk : public FixCli {
protected:
    // Runs `words` (see on-a-full-disk.sh) with the home on a tmpfs of its own.
    FullDiskRun onAFullDisk(int kibLeft, const std::vector<std::string> &words, const std::string &name) const
    {
        const fs::path results = m_dir / ("results-" + name + "-" + std::to_string(kibLeft));
        fs::create_directories(results);
        std::vector<std::string> argv{"unshare", "-m",
                                      std::string(config::sourceDir) + "/tests/fixes/fixtures/on-a-full-disk.sh",
                                      m_home.string(), std::to_string(kibLeft), results.string()};
        argv.insert(argv.end(), words.begin(), words.end());
        const RunResult r = run(argv, options());
        FullDiskRun out;
        if (r.exitCode != 0) {
            out.failure = r.err;
            return out;
        }
        for (int n = 1; fs::exists(results / (std::to_string(n) + ".rc")); ++n) {
            const std::string base = (results / std::to_string(n)).string();
            out.commands.push_back({std::stoi(readFile(base + ".rc")), readFile(base + ".out"), readFile(base + ".err")});
        }
        out.home = results / "home";
        return out;
    }

    static bool canMount()
    {
        return run({"unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"}).exitCode == 0;
    }

    std::vector<std::string> fixEnv() const
    {
        return {config::torchdoctor, "fix", "env", "--python", m_python.string(), "--yes"};
    }
};

// Files the atomic write left behind, anywhere in the home.
std::vector<std::string> temporaryFiles(const fs::path &home)
{
    std::vector<std::string> found;
    for (const auto &e : fs::recursive_directory_iterator(home))
        if (e.path().filename().string().find(".td-") != std::string::npos && e.path().extension() == ".tmp")
            found.push_back(e.path().string());
    return found;
}

// Every journal entry and history file must parse: undo and report read them.
std::vector<std::string> brokenJsonFiles(const fs::path &home)
{
    std::vector<std::string> broken;
    const fs::path data = home / ".local/share/TorchDoctor";
    if (!fs::exists(data))
        return broken;
    for (const auto &e : fs::recursive_directory_iterator(data)) {
        if (e.path().extension() != ".json")
            continue;
        QJsonParseError error{};
        QJsonDocument::fromJson(QByteArray::fromStdString(readFile(e.path())), &error);
        if (error.error != QJsonParseError::NoError)
            broken.push_back(e.path().string());
    }
    return broken;
}

bool says(const Command &c, const char *what)
{
    return c.out.find(what) != std::string::npos || c.err.find(what) != std::string::npos;
}

// Each run: it succeeded, or failed cleanly (everything as it was), or lost
// something (a file not whole, a false "Fixed", a temporary file left).
struct Tally {
    int tried = 0, succeeded = 0, failedCleanly = 0, lost = 0;
    void add(bool ranThrough, bool nothingLost)
    {
        ++tried;
        if (!nothingLost)
            ++lost;
        else
            ++(ranThrough ? succeeded : failedCleanly);
    }
    void print(const char *what) const
    {
        std::printf("%s: %d tried, %d succeeded, %d failed cleanly (file as it was), %d lost something\n", what, tried,
                    succeeded, failedCleanly, lost);
    }
};

} // namespace

TEST_F(FullDisk, FixEnvLosesNothing)
{
    if (!canMount())
        GTEST_SKIP() << "no mount namespace here (needs root or user namespaces)";
    std::string fixed = kBashrc;
    const std::string old = "export LD_LIBRARY_PATH=\"$HOME/stale/lib:$HOME/.local/lib:$LD_LIBRARY_PATH\"";
    fixed.replace(fixed.find(old), old.size(), "export LD_LIBRARY_PATH=\"$HOME/.local/lib:$LD_LIBRARY_PATH\"");
    Tally tally;
    for (const int kib : kKibLeft) {
        std::vector<std::string> words = fixEnv();
        words.insert(words.begin(), "@FILL@");
        const FullDiskRun r = onAFullDisk(kib, words, "fix");
        ASSERT_TRUE(r.failure.empty()) << r.failure;
        ASSERT_EQ(r.commands.size(), 1U);
        const Command &fix = r.commands[0];
        const std::string bashrc = readFile(r.home / ".bashrc");
        SCOPED_TRACE(std::to_string(kib) + " KiB left\n" + fix.out + fix.err);
        const bool succeeded = fix.exitCode == 0;
        const bool whole = succeeded ? bashrc == fixed && says(fix, "Fixed.")
                                     : bashrc == kBashrc && !says(fix, "Fixed.") && !fix.err.empty();
        const bool clean = temporaryFiles(r.home).empty() && brokenJsonFiles(r.home).empty();
        tally.add(succeeded, whole && clean);
        if (!succeeded)
            std::printf("%d KiB left: exit %d: %s", kib, fix.exitCode, fix.err.c_str());
        if (kib == 0) { // refused before anything is written, saying why
            EXPECT_NE(fix.err.find("Not started: not enough space on "), std::string::npos) << fix.err;
        }
        EXPECT_TRUE(whole) << "exit " << fix.exitCode << ", ~/.bashrc now:\n" << bashrc;
        EXPECT_EQ(temporaryFiles(r.home), std::vector<std::string>{});
        EXPECT_EQ(brokenJsonFiles(r.home), std::vector<std::string>{});
    }
    tally.print("fix env on a full disk");
    EXPECT_GT(tally.succeeded, 0) << "not one run had room: the test proves nothing";
    EXPECT_GT(tally.failedCleanly, 0) << "not one run was short of room: the test proves nothing";
}

// The repair ran with room; the disk then filled, and the undo ran on it:
// either it restored the file or it failed and left the repaired one, and
// once there is room again the undo runs and restores the file.
TEST_F(FullDisk, UndoLosesNothingAndRunsOnceThereIsRoom)
{
    if (!canMount())
        GTEST_SKIP() << "no mount namespace here (needs root or user namespaces)";
    Tally tally;
    for (const int kib : kKibLeft) {
        std::vector<std::string> words = fixEnv();
        words.insert(words.end(), {"@FILL@", config::torchdoctor, "undo", "--yes", "@FREE@", config::torchdoctor,
                                   "undo", "--yes"});
        const FullDiskRun r = onAFullDisk(kib, words, "undo");
        ASSERT_TRUE(r.failure.empty()) << r.failure;
        ASSERT_EQ(r.commands.size(), 3U);
        const Command &undo = r.commands[1], &again = r.commands[2];
        SCOPED_TRACE(std::to_string(kib) + " KiB left\n" + undo.out + undo.err + "\nthen, with room:\n" + again.out
                     + again.err);
        ASSERT_EQ(r.commands[0].exitCode, 0) << r.commands[0].out << r.commands[0].err;
        const bool succeeded = undo.exitCode == 0;
        const bool said = succeeded ? says(undo, "Undone") && says(again, "Nothing to undo.")
                                    : !says(undo, "Undone") && again.exitCode == 0 && says(again, "Undone");
        const bool restored = readFile(r.home / ".bashrc") == kBashrc;
        const bool clean = temporaryFiles(r.home).empty() && brokenJsonFiles(r.home).empty();
        tally.add(succeeded, said && restored && clean);
        if (!succeeded)
            std::printf("%d KiB left: exit %d: %s", kib, undo.exitCode, undo.err.c_str());
        EXPECT_TRUE(said);
        EXPECT_TRUE(restored) << readFile(r.home / ".bashrc");
        EXPECT_EQ(temporaryFiles(r.home), std::vector<std::string>{});
        EXPECT_EQ(brokenJsonFiles(r.home), std::vector<std::string>{});
    }
    tally.print("undo on a full disk, then with room");
    EXPECT_GT(tally.succeeded, 0);
    EXPECT_GT(tally.failedCleanly, 0);
}

// `check -o` and `report --bundle` over a good file of the same name.
TEST_F(FullDisk, ExportsNeverClobberAGoodFile)
{
    if (!canMount())
        GTEST_SKIP() << "no mount namespace here (needs root or user namespaces)";
    const std::string goodReport = "{\"a report\": \"written earlier\"}\n";
    const std::string goodBundle(20000, 'z');
    writeFile(m_home / "report.json", goodReport);
    writeFile(m_home / "bundle.zip", goodBundle);
    Tally tally;
    for (const int kib : kKibLeft) {
        const FullDiskRun r = onAFullDisk(kib,
                                          {"@FILL@", config::torchdoctor, "check", "--python", m_python.string(),
                                           "--format", "json", "--no-import", "-o", (m_home / "report.json").string(),
                                           "@NEXT@", config::torchdoctor, "report", "--python", m_python.string(),
                                           "--no-import", "--bundle", (m_home / "bundle.zip").string()},
                                          "export");
        ASSERT_TRUE(r.failure.empty()) << r.failure;
        ASSERT_EQ(r.commands.size(), 2U);
        const Command &check = r.commands[0], &bundle = r.commands[1];
        SCOPED_TRACE(std::to_string(kib) + " KiB left\n" + check.out + check.err + bundle.out + bundle.err);
        const std::string report = readFile(r.home / "report.json"), zip = readFile(r.home / "bundle.zip");
        // check exits 1 for the problems it found; 3 when it cannot write.
        QJsonParseError error{};
        QJsonDocument::fromJson(QByteArray::fromStdString(report), &error);
        const bool reportWhole = check.exitCode == 3 ? report == goodReport : error.error == QJsonParseError::NoError;
        const bool bundleWhole = bundle.exitCode == 3 ? zip == goodBundle && !says(bundle, "Wrote")
                                                      : zip.substr(0, 2) == "PK" && says(bundle, "Wrote");
        const bool clean = temporaryFiles(r.home).empty();
        tally.add(check.exitCode != 3, reportWhole && clean);
        tally.add(bundle.exitCode != 3, bundleWhole && clean);
        EXPECT_TRUE(reportWhole) << "check exited " << check.exitCode << "; report.json:\n" << report;
        EXPECT_TRUE(bundleWhole) << "report exited " << bundle.exitCode;
        EXPECT_EQ(temporaryFiles(r.home), std::vector<std::string>{});
    }
    tally.print("check -o and report --bundle over a good file on a full disk");
    EXPECT_GT(tally.succeeded, 0);
    EXPECT_GT(tally.failedCleanly, 0);
}

namespace {

// `fix env` under strace, in a new bash that sourced ~/.bashrc (which execs
// it: the same process), with `fault` injected at the k-th of `calls`: a kill
// ("signal=KILL") at any write, fsync, rename or unlink (every call that
// changes what is on disk); an error
// ("error=ENOSPC") at the k-th fsync or rename and every one after it (a disk
// that filled then; writes are left alone, as a failed write to a pipe is no
// full disk: the tmpfs tests above fill the disk for real). strace's log says
// what it did: "(INJECTED)" after an error, "killed by SIGKILL".
std::vector<std::string> withFault(const std::vector<std::string> &command, const std::string &fault, int k,
                                   const fs::path &log)
{
    const bool error = fault.rfind("error", 0) == 0;
    const std::string calls = error ? "fsync,rename" : "write,fsync,rename,unlink,unlinkat";
    std::vector<std::string> argv{config::strace, "-qq", "-o", log.string(), "-e", "trace=" + calls, "-e",
                                  "inject=" + calls + ":" + fault + ":when=" + std::to_string(k) + (error ? "+" : ""),
                                  "bash", "-c", "source ~/.bashrc; exec \"$@\"", "bash"};
    argv.insert(argv.end(), command.begin(), command.end());
    return argv;
}

// The sanitizer build's leak check cannot run under ptrace: it is left out there.
RunOptions underStrace(RunOptions options)
{
    const char *asan = std::getenv("ASAN_OPTIONS");
    options.setEnv["ASAN_OPTIONS"] = std::string(asan ? asan : "") + (asan && *asan ? ":" : "") + "detect_leaks=0";
    return options;
}

} // namespace

// One run of `fix env` with a fault injected at call k, then a plain `undo`, in a home of its own.
struct Attempt {
    bool injected = false, succeeded = false, truthful = false, restored = false;
    std::string trace, bashrc, undoText, bashrcAfterUndo;
    std::vector<std::string> left, broken;
};

// A kill at each write, fsync, rename and unlink of `fix env`, an error at
// each fsync and rename: the run never says "Fixed." unless it is, ~/.bashrc
// is only ever the old or the new file, and a plain `undo` afterwards leaves
// it as it was, with no temporary file anywhere in the home. The calls are
// tried a few at a time, each in a copy of the home (runs of one home would
// share its journal), and judged in order up to the first run past the last call.
TEST_F(FullDisk, AKillOrAWriteErrorAtAnyStepLosesNothing)
{
    ASSERT_TRUE(config::have(config::strace)) << "strace is needed for this test (tools/packages.txt)";
    std::string fixed = kBashrc;
    const std::string old = "export LD_LIBRARY_PATH=\"$HOME/stale/lib:$HOME/.local/lib:$LD_LIBRARY_PATH\"";
    fixed.replace(fixed.find(old), old.size(), "export LD_LIBRARY_PATH=\"$HOME/.local/lib:$LD_LIBRARY_PATH\"");
    constexpr int kSideBySide = 4;
    std::vector<fs::path> homes;
    for (int w = 0; w < kSideBySide; ++w) {
        homes.push_back(m_dir / ("home-" + std::to_string(w)));
        fs::copy(m_home, homes.back(), fs::copy_options::recursive);
    }
    const auto attempt = [&](const std::string &fault, int k, const fs::path &home) {
        RunOptions o = underStrace(options());
        o.setEnv["HOME"] = home.string();
        o.setEnv["XDG_DATA_HOME"] = (home / ".local/share").string();
        const fs::path log = home.string() + ".strace.log";
        Attempt a;
        const RunResult fix = run(withFault(fixEnv(), fault, k, log), o);
        a.trace = fault + " at call " + std::to_string(k) + "\n" + fix.out + fix.err;
        const std::string trace = readFile(log);
        a.injected =
            trace.find("(INJECTED)") != std::string::npos || trace.find("killed by SIGKILL") != std::string::npos;
        a.bashrc = readFile(home / ".bashrc");
        a.succeeded = fix.exitCode == 0;
        // "Fixed." only when it is (a run killed after saying it was right); a run that succeeded
        // may not have said so (the terminal's writes fail too).
        const bool saidFixed = fix.out.find("Fixed.") != std::string::npos;
        a.truthful = a.succeeded || saidFixed ? a.bashrc == fixed : a.bashrc == kBashrc || a.bashrc == fixed;
        const RunResult undo = run({config::torchdoctor, "undo", "--yes"}, o);
        a.bashrcAfterUndo = readFile(home / ".bashrc");
        a.restored = undo.exitCode == 0 && a.bashrcAfterUndo == kBashrc;
        const auto tail = undo.out.rfind("\n\n");
        a.undoText = "exit " + std::to_string(undo.exitCode) + ":\n"
                     + undo.out.substr(tail == std::string::npos ? 0 : tail) + undo.err;
        a.left = temporaryFiles(home);
        a.broken = brokenJsonFiles(home);
        writeFile(home / ".bashrc", kBashrc);
        return a;
    };
    for (const std::string fault : {"signal=KILL", "error=ENOSPC"}) {
        Tally tally;
        bool pastTheLast = false;
        for (int first = 1; first < 400 && !pastTheLast; first += kSideBySide) {
            std::vector<std::future<Attempt>> runs;
            for (std::size_t w = 0; w < homes.size(); ++w)
                runs.push_back(std::async(std::launch::async, attempt, fault, first + static_cast<int>(w), homes[w]));
            for (auto &r : runs) {
                const Attempt a = r.get();
                if (pastTheLast)
                    continue; // tried beyond the last call: not judged
                SCOPED_TRACE(a.trace);
                tally.add(a.succeeded, a.truthful && a.restored && a.left.empty() && a.broken.empty());
                EXPECT_TRUE(a.truthful) << "~/.bashrc after the run:\n" << a.bashrc;
                EXPECT_TRUE(a.restored) << "undo (" << a.undoText << ")\n~/.bashrc after undo:\n"
                                        << a.bashrcAfterUndo;
                EXPECT_EQ(a.left, std::vector<std::string>{});
                EXPECT_EQ(a.broken, std::vector<std::string>{});
                pastTheLast = !a.injected;
            }
        }
        tally.print(("fix env, then undo, with " + fault + " injected at each call").c_str());
        EXPECT_GT(tally.tried, 5);
    }
}

// ~/.bashrc on a read-only bind mount (as a managed or shared dotfile is):
// `fix env` fails before changing anything, saying which file and why, with
// a non-zero exit, no "Fixed." and no temporary file; `check -o` over a
// read-only report fails the same way.
TEST_F(FullDisk, AReadOnlyFileIsLeftAsItWas)
{
    if (!canMount())
        GTEST_SKIP() << "no mount namespace here (needs root or user namespaces)";
    writeFile(m_home / "report.json", "{}\n");
    const std::string script = "mount --bind \"$HOME/.bashrc\" \"$HOME/.bashrc\" && "
                               "mount -o remount,ro,bind \"$HOME/.bashrc\" && "
                               "mount --bind \"$HOME/report.json\" \"$HOME/report.json\" && "
                               "mount -o remount,ro,bind \"$HOME/report.json\" && "
                               "\"$@\"";
    std::vector<std::string> fix = fixEnv();
    fix.insert(fix.begin(), {"unshare", "-m", "bash", "-c", "source ~/.bashrc; " + script, "bash"});
    const RunResult r = run(fix, options());
    std::printf("fix env, ~/.bashrc read-only: exit %d\n%s", r.exitCode, r.err.c_str());
    EXPECT_NE(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(r.out.find("Fixed."), std::string::npos) << r.out;
    EXPECT_NE(r.err.find(".bashrc"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Read-only file system"), std::string::npos) << r.err;
    EXPECT_EQ(readFile(m_home / ".bashrc"), kBashrc);
    EXPECT_EQ(temporaryFiles(m_home), std::vector<std::string>{});

    const RunResult check = run({"unshare", "-m", "bash", "-c", script, "bash", config::torchdoctor, "check",
                                 "--python", m_python.string(), "--no-import", "-o", (m_home / "report.json").string()},
                                options());
    EXPECT_EQ(check.exitCode, 3) << check.err;
    EXPECT_NE(check.err.find("Read-only file system"), std::string::npos) << check.err;
    EXPECT_EQ(readFile(m_home / "report.json"), "{}\n");
}
