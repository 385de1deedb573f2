// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/SystemInfo.h"

#include "TestSupport.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace td::platform;
using namespace td::test;

namespace {

std::string trimmed(std::string text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.pop_back();
    return text;
}

QString qstr(const std::string &text)
{
    return QString::fromStdString(text);
}

TEST(SystemInfoTest, Linux)
{
    const SystemInfo info = probeSystem();
    EXPECT_EQ(info.os, QStringLiteral("linux"));
    EXPECT_FALSE(info.rosetta);
    EXPECT_FALSE(info.hostName.isEmpty());
    EXPECT_EQ(info.kernel, qstr(trimmed(runOk({"uname", "-r"}))));
    EXPECT_EQ(info.hostName, qstr(trimmed(runOk({"uname", "-n"}))));
    // uname -m says aarch64 where Qt says arm64.
    const std::string machine = trimmed(runOk({"uname", "-m"}));
    EXPECT_EQ(info.cpuArch, machine == "aarch64" ? QStringLiteral("arm64") : qstr(machine));
    EXPECT_EQ(info.processArch, info.cpuArch);
}

TEST(SystemInfoTest, OsNameIsOsReleasePrettyName)
{
    std::string pretty;
    for (const std::string &line : lines(readFile("/etc/os-release"))) {
        if (line.rfind("PRETTY_NAME=", 0) == 0) {
            pretty = line.substr(12);
            if (pretty.size() >= 2 && pretty.front() == '"' && pretty.back() == '"')
                pretty = pretty.substr(1, pretty.size() - 2);
        }
    }
    if (pretty.empty())
        GTEST_SKIP() << "no PRETTY_NAME in /etc/os-release";
    EXPECT_EQ(probeSystem().osName, qstr(pretty));
}

TEST(SystemInfoTest, GlibcMatchesLdd)
{
    // "ldd (Debian GLIBC 2.36-9+deb12u14) 2.36": the last word is the version.
    const std::string first = lines(runOk({"ldd", "--version"})).at(0);
    const std::string version = first.substr(first.find_last_of(' ') + 1);
    EXPECT_EQ(probeSystem().libcVersion, qstr(version)) << first;
}

TEST(SystemInfoTest, CoresMatchNproc)
{
    RunOptions options;
    options.unsetEnv = {"OMP_NUM_THREADS", "OMP_THREAD_LIMIT"}; // nproc honours them
    const int nproc = std::stoi(runOk({"nproc"}, options));
    EXPECT_EQ(probeSystem().logicalCores, nproc);
}

TEST(SystemInfoTest, MemoryMatchesMeminfo)
{
    long long totalKb = 0;
    for (const std::string &line : lines(readFile("/proc/meminfo"))) {
        if (line.rfind("MemTotal:", 0) == 0) {
            std::istringstream words(line.substr(9));
            words >> totalKb;
        }
    }
    ASSERT_GT(totalKb, 0);
    EXPECT_EQ(probeSystem().memoryMiB, totalKb / 1024);
}

TEST(SystemInfoTest, WslOnlyWhereTheKernelSaysSo)
{
    const std::string version = readFile("/proc/version");
    std::string lower = version;
    for (char &c : lower)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const bool expected = lower.find("microsoft") != std::string::npos || fs::exists("/dev/dxg");
    EXPECT_EQ(probeSystem().wsl, expected);
}

TEST(SystemInfoTest, DetectWslFromFiles)
{
    TempDir dir("td-wsl");
    const QString missing = QString::fromStdString((dir / "missing").string());
    writeFile(dir / "wsl2", "Linux version 5.15.167.4-microsoft-standard-WSL2 (root@f9c826d3017f) #1 SMP\n");
    writeFile(dir / "wsl1",
              "Linux version 4.4.0-22621-Microsoft (Microsoft@Microsoft.com) (gcc version 5.4.0) #2506\n");
    writeFile(dir / "debian", "Linux version 6.1.0-18-amd64 (debian-kernel@lists.debian.org) #1 SMP Debian\n");
    writeFile(dir / "dxg", "");
    const auto path = [&](const char *name) { return QString::fromStdString((dir / name).string()); };
    EXPECT_TRUE(detectWsl(path("wsl2"), missing));
    EXPECT_TRUE(detectWsl(path("wsl1"), missing));
    EXPECT_FALSE(detectWsl(path("debian"), missing));
    EXPECT_TRUE(detectWsl(path("debian"), path("dxg")));
    EXPECT_FALSE(detectWsl(missing, missing));
}

} // namespace

// /dev/shm's size as df reads it (an independent reader of the same statfs), and a container by its marker
// files.
TEST(SystemInfoTest, SharedMemoryMatchesDf)
{
    const std::string out = runOk({"df", "--block-size=1", "--output=size", "/dev/shm"});
    const std::vector<std::string> rows = lines(out);
    ASSERT_EQ(rows.size(), 2u) << out;
    EXPECT_EQ(probeSystem().sharedMemoryBytes, std::stoll(rows[1]));
}

TEST(SystemInfoTest, DetectContainerFromFiles)
{
    TempDir dir("td-container");
    const QString missing = QString::fromStdString((dir / "missing").string());
    writeFile(dir / ".dockerenv", "");
    writeFile(dir / ".containerenv", "engine=\"podman-4.3.1\"\n");
    EXPECT_TRUE(detectContainer(QString::fromStdString((dir / ".dockerenv").string()), missing));
    EXPECT_TRUE(detectContainer(missing, QString::fromStdString((dir / ".containerenv").string())));
    EXPECT_FALSE(detectContainer(missing, missing));
}
