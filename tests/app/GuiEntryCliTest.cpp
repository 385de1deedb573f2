// SPDX-License-Identifier: GPL-3.0-or-later
// A bare `torchdoctor`: the wizard when a window can be shown, else a
// one-line note and `torchdoctor check`.
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace td::test;

TEST(GuiEntryCli, WithoutADisplayItSaysSoAndRunsCheck)
{
    RunOptions o;
    o.unsetEnv = {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"};
    o.setEnv = {{"LANG", "C.UTF-8"}};
    o.timeout = std::chrono::seconds(300);
    const RunResult r = run({config::torchdoctor}, o);
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.exitCode << r.err;
    EXPECT_EQ(r.err.rfind("No display found: running `torchdoctor check` instead.\n", 0), 0U) << r.err;
    EXPECT_NE(r.out.find("diagnosis of"), std::string::npos) << r.out;
}

TEST(GuiEntryCli, WithADisplayItOpensTheWizard)
{
    RunOptions o;
    o.unsetEnv = {"DISPLAY", "WAYLAND_DISPLAY"};
    o.setEnv = {{"QT_QPA_PLATFORM", "offscreen"}, {"LANG", "C.UTF-8"}};
    o.timeout = std::chrono::seconds(4); // the window stays open until it is closed
    const RunResult r = run({config::torchdoctor}, o);
    EXPECT_TRUE(r.timedOut) << r.exitCode << r.err;
    EXPECT_EQ(r.err.find("No display found"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("diagnosis of"), std::string::npos) << r.out;
}

TEST(GuiEntryCli, AnArgumentKeepsTheCommandLine)
{
    RunOptions o;
    o.setEnv = {{"QT_QPA_PLATFORM", "offscreen"}};
    const RunResult r = run({config::torchdoctor, "--version"}, o);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_EQ(r.out.rfind("TorchDoctor ", 0), 0U) << r.out;
}

// The commands never load the wizard's libraries (Qt Widgets, Qt Gui and what
// they pull in): ld.so itself lists what it loads. The wizard test above
// proves that the bare command still finds and opens them.
TEST(GuiEntryCli, CommandsLoadNoGuiLibrary)
{
#if defined(__linux__)
    RunOptions o;
    o.setEnv = {{"LD_DEBUG", "files"}, {"QT_QPA_PLATFORM", "offscreen"}};
    // The real program: the launcher keeps LD_DEBUG from it, as from every program of ours.
    const RunResult r = run({config::realProgram, "deps", "--json", "/bin/ls"}, o);
    EXPECT_EQ(r.exitCode, 0) << r.err;
    EXPECT_NE(r.err.find("file=libQt6Core.so.6"), std::string::npos) << "ld.so listed nothing:\n" << r.err;
    for (const char *gui : {"libQt6Widgets", "libQt6Gui", "libX11", "libEGL"})
        EXPECT_EQ(r.err.find(gui), std::string::npos) << gui << " was loaded:\n" << r.err;
#else
    GTEST_SKIP() << "the wizard is a module of its own on Linux only";
#endif
}
