// SPDX-License-Identifier: GPL-3.0-or-later
// What `fix env` and `undo` are tried on, end to end: a venv whose (fake)
// torch needs a symbol of its own libnvJitLink, and a ~/.bashrc that puts a
// stale copy without it first on LD_LIBRARY_PATH.
#pragma once

#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

namespace td::test {

class FixCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        m_home = m_dir / "home";
        m_data = m_home / ".local/share"; // on the same disk as the home
        fs::create_directories(m_home);
        m_python = python::makeVenv(m_dir / "venv");
        ASSERT_FALSE(m_python.empty());
        const fs::path site = python::sitePackages(m_dir / "venv");
        python::writeFakeTorch(
            site, "import ctypes, os\nctypes.CDLL(os.path.join(os.path.dirname(__file__), 'lib', 'libtorch_cpu.so'))\n",
            "2.5.1+cu124");
        const fs::path lib = site / "torch/lib";
        // torch's own libnvJitLink has the symbol; the stale copy does not.
        ASSERT_TRUE(python::buildSharedLibrary(lib / "libnvJitLink.so.12",
                                               "int __nvJitLinkComplete_12_4(void) { return 0; }\n",
                                               {"-Wl,-soname,libnvJitLink.so.12"}));
        ASSERT_TRUE(python::buildSharedLibrary(
            lib / "libtorch_cpu.so",
            "int __nvJitLinkComplete_12_4(void);\nint cpu(void) { return __nvJitLinkComplete_12_4(); }\n",
            {(lib / "libnvJitLink.so.12").string(), "-Wl,-soname,libtorch_cpu.so", "-Wl,--enable-new-dtags",
             "-Wl,-rpath,$ORIGIN"}));
        fs::create_directories(m_home / "stale/lib");
        ASSERT_TRUE(python::buildSharedLibrary(m_home / "stale/lib/libnvJitLink.so.12",
                                               "int __nvJitLinkComplete_12_1(void) { return 0; }\n"
                                               "int nvJitLinkVersion(unsigned *v) { *v = 12010; return 0; }\n",
                                               {"-Wl,-soname,libnvJitLink.so.12"}));
        writeFile(m_home / ".bashrc", kBashrc);
    }

    RunOptions options() const
    {
        RunOptions o;
        o.setEnv = {{"HOME", m_home.string()}, {"XDG_DATA_HOME", m_data.string()}};
        o.unsetEnv = {"LD_LIBRARY_PATH", "LD_PRELOAD", "KMP_DUPLICATE_LIB_OK", "XDG_CONFIG_HOME", "CONDA_PREFIX"};
        o.timeout = std::chrono::seconds(240);
        return o;
    }

    // As from a new terminal: bash that has read ~/.bashrc.
    RunResult inNewBash(const std::vector<std::string> &argv) const
    {
        std::vector<std::string> all{"bash", "-c", "source ~/.bashrc; exec \"$@\"", "bash"};
        all.insert(all.end(), argv.begin(), argv.end());
        return run(all, options());
    }

    RunResult torchdoctor(const std::vector<std::string> &args, bool sourced = true) const
    {
        std::vector<std::string> argv{config::torchdoctor};
        argv.insert(argv.end(), args.begin(), args.end());
        return sourced ? inNewBash(argv) : run(argv, options());
    }

    RunResult importTorch() const { return inNewBash({m_python.string(), "-c", "import torch"}); }

    bool journalEmpty() const
    {
        const fs::path j = m_data / "TorchDoctor/journal";
        return !fs::exists(j) || fs::is_empty(j);
    }

    static constexpr const char *kBashrc =
        "# ~/.bashrc\n"
        "alias ll='ls -l'\n"
        "export PATH=\"$HOME/bin:$PATH\"\n"
        "export LD_LIBRARY_PATH=\"$HOME/stale/lib:$HOME/.local/lib:$LD_LIBRARY_PATH\"\n"
        "export EDITOR=vim";
    TempDir m_dir{"td-fix-cli"};
    fs::path m_home, m_data, m_python;
};

} // namespace td::test
