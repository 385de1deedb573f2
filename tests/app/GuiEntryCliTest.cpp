// SPDX-License-Identifier: GPL-3.0-or-later
// A bare `torchdoctor`: the wizard when a window can be shown, else a
// one-line note and `torchdoctor check`. A build without the wizard
// (TD_GUI=OFF) always says so and runs `check`, and links no GUI library.
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

using namespace td::test;

#ifdef TD_TEST_HAS_WIZARD
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
#else
TEST(GuiEntryCli, WithoutTheWizardItSaysSoAndRunsCheckEvenWithADisplay)
{
    RunOptions o;
    o.unsetEnv = {"DISPLAY", "WAYLAND_DISPLAY"};
    o.setEnv = {{"QT_QPA_PLATFORM", "offscreen"}, {"LANG", "C.UTF-8"}};
    o.timeout = std::chrono::seconds(300);
    const RunResult r = run({config::torchdoctor}, o);
    EXPECT_FALSE(r.timedOut) << r.err;
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.exitCode << r.err;
    EXPECT_EQ(r.err.rfind("The wizard is not part of this build: running `torchdoctor check` instead.\n", 0), 0U)
        << r.err;
    EXPECT_NE(r.out.find("diagnosis of"), std::string::npos) << r.out;
}

// Neither what the dynamic section names (readelf, from binutils) nor what it
// pulls in, as our own `deps` resolves it, is a GUI library.
TEST(GuiEntryCli, WithoutTheWizardTheProgramLinksNoGuiLibrary)
{
    ASSERT_TRUE(config::have(config::readelf)) << "readelf (binutils) is needed for this test";
    const RunResult direct = run({config::readelf, "-d", config::realProgram});
    ASSERT_EQ(direct.exitCode, 0) << direct.err;
    ASSERT_NE(direct.out.find("[libQt6Core.so.6]"), std::string::npos) << direct.out;
    const RunResult all = run({config::torchdoctor, "deps", "--json", config::realProgram});
    ASSERT_EQ(all.exitCode, 0) << all.err;
    ASSERT_NE(all.out.find("libQt6Core.so.6"), std::string::npos) << all.out;
    for (const char *gui : {"libQt6Widgets", "libQt6Gui", "libQt6OpenGL", "libX11", "libEGL", "libGL"}) {
        EXPECT_EQ(direct.out.find(gui), std::string::npos) << gui << " is linked:\n" << direct.out;
        EXPECT_EQ(all.out.find(gui), std::string::npos) << gui << " is loaded:\n" << all.out;
    }
}
#endif

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
