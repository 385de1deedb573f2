// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/GpuProbe.h"
#include "platform/Nvml.h"

#include "ScopedEnvironment.h"
#include "TestConfig.h"
#include "TestSupport.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <optional>

using namespace td::platform;
using namespace td::test;
using namespace std::chrono_literals;

namespace {

const fs::path fixtures = fs::path(TD_PLATFORM_FIXTURES);
const fs::path smiFixtures = fixtures / "nvidia-smi";

QString qpath(const fs::path &path)
{
    return QString::fromStdString(path.string());
}
QByteArray fixture(const std::string &name)
{
    return QByteArray::fromStdString(readFile(smiFixtures / name));
}

bool anyNoteContains(const GpuInfo &info, const QString &text)
{
    for (const QString &note : info.notes) {
        if (note.contains(text))
            return true;
    }
    return false;
}

std::string notesOf(const GpuInfo &info)
{
    return info.notes.join(QStringLiteral("\n")).toStdString();
}

class GpuProbeTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (!config::have(config::cc))
            GTEST_SKIP() << "no C compiler to build the fake NVML with";
    }

    // libfake-nvml.so, built now from fixtures/fake_nvml.c.
    fs::path buildFakeNvml(const std::string &fileName = "libfake-nvml.so", const std::string &define = {})
    {
        const fs::path output = m_dir / fileName;
        std::vector<std::string> argv{config::cc, "-shared", "-fPIC", "-o", output.string()};
        if (!define.empty())
            argv.push_back("-D" + define);
        argv.push_back((fixtures / "fake_nvml.c").string());
        runOk(argv);
        return output;
    }

    // A fake nvidia-smi printing recorded outputs: the query CSV for
    // --query-gpu, the banner without arguments. `refuseComputeCap` plays a
    // driver older than the compute_cap field. Each call's arguments go to
    // smi-args.log.
    fs::path writeFakeSmi(const std::string &csv, const std::string &banner, const std::string &csvWithoutCc = {})
    {
        const fs::path script = m_dir / "nvidia-smi";
        std::string text = "#!/bin/sh\n"
                           "echo \"$*\" >> '"
                           + (m_dir / "smi-args.log").string()
                           + "'\n"
                             "case \"$1\" in\n";
        if (!csvWithoutCc.empty()) {
            text += "--query-gpu=*compute_cap*) cat '" + (smiFixtures / "driver-470-compute-cap-error.txt").string()
                    + "'; exit 2 ;;\n";
            text += "--query-gpu=*) cat '" + (smiFixtures / csvWithoutCc).string() + "' ;;\n";
        } else {
            text += "--query-gpu=*) cat '" + (smiFixtures / csv).string() + "' ;;\n";
        }
        text += "*) cat '" + (smiFixtures / banner).string() + "' ;;\nesac\n";
        writeScript(script, text);
        return script;
    }

    void writeScript(const fs::path &path, const std::string &text)
    {
        writeFile(path, text);
        fs::permissions(path, fs::perms::owner_all, fs::perm_options::add);
    }

    // Options that see only what the test sets up.
    GpuProbeOptions isolated() const
    {
        GpuProbeOptions options;
        options.nvmlLibraries = {qpath(m_dir / "missing" / "libnvidia-ml.so.1")};
        options.nvidiaSmi = qpath(m_dir / "missing" / "nvidia-smi");
        options.procVersionFile = qpath(m_dir / "missing" / "version");
        options.kernelVersionFile = qpath(m_dir / "missing" / "proc-version");
        options.dxgDevice = qpath(m_dir / "missing" / "dxg");
        options.timeout = 10s;
        return options;
    }

    void setTwoGpus()
    {
        m_env.set("FAKE_NVML_DRIVER", "560.94");
        m_env.set("FAKE_NVML_CUDA", "12060");
        m_env.set("FAKE_NVML_GPU_COUNT", "2");
        m_env.set("FAKE_NVML_GPU0_NAME", "NVIDIA GeForce RTX 4090");
        m_env.set("FAKE_NVML_GPU0_CC", "8.9");
        m_env.set("FAKE_NVML_GPU0_MEMORY_MIB", "24564");
        m_env.set("FAKE_NVML_GPU0_UUID", "GPU-5c3e8a1f-2b7d-4e6a-9f10-3d2c1b0a9e87");
        m_env.set("FAKE_NVML_GPU0_BUS_ID", "00000000:01:00.0");
        m_env.set("FAKE_NVML_GPU1_NAME", "NVIDIA GeForce RTX 5090");
        m_env.set("FAKE_NVML_GPU1_CC", "12.0");
        m_env.set("FAKE_NVML_GPU1_MEMORY_MIB", "32607");
        m_env.set("FAKE_NVML_GPU1_UUID", "GPU-b1ac4e11-5090-4a2b-8c3d-e4f5a6b7c8d9");
        m_env.set("FAKE_NVML_GPU1_BUS_ID", "00000000:41:00.0");
    }

    TempDir m_temp{"td-gpu"};
    fs::path m_dir = m_temp.path();
    td::test::ScopedEnvironment m_env; // the fake NVML's settings, restored afterwards
};

// --- NVML through the fake library -----------------------------------------------------------

TEST_F(GpuProbeTest, NvmlReportsDriverCudaAndGpus)
{
    const fs::path nvml = buildFakeNvml();
    setTwoGpus();
    m_env.set("FAKE_NVML_LOG", (m_dir / "nvml.log").string());
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};

    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.source, QStringLiteral("nvml"));
    EXPECT_EQ(info.nvmlPath, qpath(nvml)) << "the file the loader opened";
    EXPECT_EQ(info.driverVersion, QStringLiteral("560.94"));
    EXPECT_EQ(info.cudaDriverVersion, 12060);
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("12.6"));
    ASSERT_EQ(info.gpus.size(), 2);
    EXPECT_EQ(info.gpus[0].name, QStringLiteral("NVIDIA GeForce RTX 4090"));
    EXPECT_EQ(info.gpus[0].ccMajor, 8);
    EXPECT_EQ(info.gpus[0].ccMinor, 9);
    EXPECT_EQ(info.gpus[0].memoryMiB, 24564);
    EXPECT_EQ(info.gpus[0].uuid, QStringLiteral("GPU-5c3e8a1f-2b7d-4e6a-9f10-3d2c1b0a9e87"));
    EXPECT_EQ(info.gpus[0].busId, QStringLiteral("00000000:01:00.0"));
    EXPECT_EQ(info.gpus[1].name, QStringLiteral("NVIDIA GeForce RTX 5090"));
    EXPECT_EQ(info.gpus[1].ccMajor, 12);
    EXPECT_EQ(info.gpus[1].ccMinor, 0);
    EXPECT_EQ(info.gpus[1].memoryMiB, 32607);
    EXPECT_EQ(info.gpus[1].busId, QStringLiteral("00000000:41:00.0"));
    EXPECT_TRUE(info.notes.isEmpty()) << notesOf(info);
    // nvmlInit_v2 is preferred, and every successful init is shut down.
    EXPECT_EQ(readFile(m_dir / "nvml.log"), "nvmlInit_v2\nnvmlShutdown\n");
    EXPECT_FALSE(fs::exists(m_dir / "smi-args.log")) << "nvidia-smi is not needed when NVML answers";
}

TEST_F(GpuProbeTest, NvmlWithNoGpusStillNamesTheDriver)
{
    const fs::path nvml = buildFakeNvml();
    m_env.set("FAKE_NVML_GPU_COUNT", "0");
    m_env.set("FAKE_NVML_DRIVER", "580.65.06");
    m_env.set("FAKE_NVML_CUDA", "13000");
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};
    const GpuInfo info = probeGpu(options);
    EXPECT_TRUE(info.nvidiaDriverFound);
    EXPECT_EQ(info.driverVersion, QStringLiteral("580.65.06"));
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("13.0"));
    EXPECT_TRUE(info.gpus.isEmpty());
}

TEST_F(GpuProbeTest, NvmlInitFailureFallsBackToNvidiaSmi)
{
    const fs::path nvml = buildFakeNvml();
    m_env.set("FAKE_NVML_INIT", "9"); // NVML_ERROR_DRIVER_NOT_LOADED
    m_env.set("FAKE_NVML_LOG", (m_dir / "nvml.log").string());
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};
    options.nvidiaSmi = qpath(writeFakeSmi("one-gpu.csv", "one-gpu.txt"));

    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.source, QStringLiteral("nvidia-smi"));
    EXPECT_TRUE(info.nvmlPath.isEmpty());
    ASSERT_FALSE(info.notes.isEmpty());
    EXPECT_TRUE(info.notes.first().startsWith(
        QStringLiteral("NVML found but nvmlInit failed: NVML_ERROR_DRIVER_NOT_LOADED (Driver Not Loaded)")))
        << notesOf(info);
    EXPECT_EQ(info.driverVersion, QStringLiteral("560.94"));
    EXPECT_EQ(info.cudaDriverVersion, 12060);
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].name, QStringLiteral("NVIDIA GeForce RTX 4090"));
    // A failed init is not shut down.
    EXPECT_EQ(readFile(m_dir / "nvml.log"), "nvmlInit_v2\n");
    // The exact query, and the plain call for the banner.
    EXPECT_EQ(readFile(m_dir / "smi-args.log"),
              "--query-gpu=name,driver_version,compute_cap,memory.total,uuid,pci.bus_id "
              "--format=csv,noheader,nounits\n\n");
}

TEST_F(GpuProbeTest, NvmlTriesLibrariesInOrder)
{
    const fs::path nvml = buildFakeNvml();
    const fs::path broken = buildFakeNvml("libnot-nvml.so", "FAKE_NVML_EMPTY");
    setTwoGpus();
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(m_dir / "absent" / "libnvidia-ml.so.1"), qpath(broken), qpath(nvml)};
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.nvmlPath, qpath(nvml));
    ASSERT_EQ(info.notes.size(), 2) << notesOf(info);
    EXPECT_TRUE(info.notes[0].contains(QStringLiteral("did not load"))) << notesOf(info);
    EXPECT_TRUE(info.notes[1].contains(QStringLiteral("lacks nvmlInit_v2/nvmlInit"))) << notesOf(info);
}

TEST_F(GpuProbeTest, NvmlOldApiUsesUnversionedCallsAndSkipsMissingOnes)
{
    const fs::path nvml = buildFakeNvml("libfake-nvml-old.so", "FAKE_NVML_OLD_API");
    setTwoGpus();
    m_env.set("FAKE_NVML_LOG", (m_dir / "nvml.log").string());
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.cudaDriverVersion, 12060);
    ASSERT_EQ(info.gpus.size(), 2);
    EXPECT_EQ(info.gpus[1].name, QStringLiteral("NVIDIA GeForce RTX 5090"));
    EXPECT_EQ(info.gpus[1].memoryMiB, 32607);
    EXPECT_TRUE(info.gpus[1].busId.isEmpty()) << "nvmlDeviceGetPciInfo_v3 is missing";
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("lacks nvmlDeviceGetPciInfo_v3; skipped"))) << notesOf(info);
    EXPECT_EQ(readFile(m_dir / "nvml.log"), "nvmlInit\nnvmlShutdown\n");
}

TEST_F(GpuProbeTest, NvmlCallFailuresAreNotedAndTheRestKept)
{
    const fs::path nvml = buildFakeNvml();
    setTwoGpus();
    m_env.set("FAKE_NVML_FAIL", "nvmlDeviceGetMemoryInfo=3,nvmlSystemGetCudaDriverVersion_v2=999");
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound);
    EXPECT_EQ(info.cudaDriverVersion, 0);
    ASSERT_EQ(info.gpus.size(), 2);
    EXPECT_EQ(info.gpus[0].memoryMiB, 0);
    EXPECT_EQ(info.gpus[0].ccMajor, 8);
    EXPECT_TRUE(anyNoteContains(
        info, QStringLiteral("nvmlDeviceGetMemoryInfo(GPU 1) failed: NVML_ERROR_NOT_SUPPORTED (Not Supported)")))
        << notesOf(info);
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("nvmlSystemGetCudaDriverVersion failed: NVML_ERROR_UNKNOWN")))
        << notesOf(info);
}

TEST_F(GpuProbeTest, NvmlLostGpuIsSkipped)
{
    const fs::path nvml = buildFakeNvml();
    setTwoGpus();
    m_env.set("FAKE_NVML_FAIL", "nvmlDeviceGetHandleByIndex_v2=15"); // every GPU: NVML_ERROR_GPU_IS_LOST
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};
    const GpuInfo info = probeGpu(options);
    EXPECT_TRUE(info.nvidiaDriverFound);
    EXPECT_TRUE(info.gpus.isEmpty());
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("nvmlDeviceGetHandleByIndex(1) failed: NVML_ERROR_GPU_IS_LOST")))
        << notesOf(info);
}

TEST_F(GpuProbeTest, HungNvmlInitTimesOutAndFallsBack)
{
    const fs::path nvml = buildFakeNvml();
    m_env.set("FAKE_NVML_INIT_DELAY_MS", "5000");
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};
    options.nvidiaSmi = qpath(writeFakeSmi("driver-535.csv", "driver-535.txt"));
    options.timeout = 500ms;
    const auto start = std::chrono::steady_clock::now();
    const GpuInfo info = probeGpu(options);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_LT(elapsed, 3s);
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("NVML: no answer within 500 ms"))) << notesOf(info);
    EXPECT_EQ(info.source, QStringLiteral("nvidia-smi")) << notesOf(info);
    EXPECT_EQ(info.driverVersion, QStringLiteral("535.104.05"));
}

TEST_F(GpuProbeTest, CancelledProbeStopsEarly)
{
    const fs::path nvml = buildFakeNvml();
    m_env.set("FAKE_NVML_INIT_DELAY_MS", "5000");
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};
    options.nvidiaSmi = qpath(writeFakeSmi("one-gpu.csv", "one-gpu.txt"));
    CancelToken cancel;
    cancel.cancel();
    const auto start = std::chrono::steady_clock::now();
    const GpuInfo info = probeGpu(options, cancel);
    EXPECT_LT(std::chrono::steady_clock::now() - start, 2s);
    EXPECT_FALSE(info.nvidiaDriverFound);
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("cancelled"))) << notesOf(info);
    EXPECT_FALSE(fs::exists(m_dir / "smi-args.log"));
}

// --- nvidia-smi through a fake script ---------------------------------------------------------

TEST_F(GpuProbeTest, FakeNvidiaSmiOneGpu)
{
    GpuProbeOptions options = isolated();
    options.nvidiaSmi = qpath(writeFakeSmi("one-gpu.csv", "one-gpu.txt"));
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.source, QStringLiteral("nvidia-smi"));
    EXPECT_EQ(info.driverVersion, QStringLiteral("560.94"));
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("12.6"));
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].memoryMiB, 24564);
    EXPECT_EQ(info.gpus[0].busId, QStringLiteral("00000000:01:00.0"));
    EXPECT_TRUE(info.notes[0].contains(QStringLiteral("did not load"))) << notesOf(info);
}

TEST_F(GpuProbeTest, FakeNvidiaSmiSeveralGpus)
{
    GpuProbeOptions options = isolated();
    options.nvidiaSmi = qpath(writeFakeSmi("multi-gpu.csv", "multi-gpu.txt"));
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.driverVersion, QStringLiteral("550.54.15"));
    EXPECT_EQ(info.cudaDriverVersion, 12040);
    ASSERT_EQ(info.gpus.size(), 4);
    EXPECT_EQ(info.gpus[3].name, QStringLiteral("NVIDIA GeForce GTX 1080 Ti"));
    EXPECT_EQ(info.gpus[3].ccMajor, 6);
    EXPECT_EQ(info.gpus[3].ccMinor, 1);
}

TEST_F(GpuProbeTest, FakeNvidiaSmiOnWsl2)
{
    writeFile(m_dir / "proc-version",
              "Linux version 5.15.167.4-microsoft-standard-WSL2 (root@f9c826d3017f) (gcc (GCC) 11.2.0) #1 SMP\n");
    GpuProbeOptions options = isolated();
    options.kernelVersionFile = qpath(m_dir / "proc-version");
    options.nvidiaSmi = qpath(writeFakeSmi("wsl2.csv", "wsl2.txt"));
    const GpuInfo info = probeGpu(options);
    EXPECT_TRUE(info.wsl);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.driverVersion, QStringLiteral("572.60")) << "the Windows driver, not the WSL tool's 570.124.03";
    EXPECT_EQ(info.cudaDriverVersion, 12080);
    EXPECT_EQ(info.gpus.size(), 2);
}

TEST_F(GpuProbeTest, FakeNvidiaSmiDriverTooOldForCu128)
{
    GpuProbeOptions options = isolated();
    options.nvidiaSmi = qpath(writeFakeSmi("driver-535.csv", "driver-535.txt"));
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.driverVersion, QStringLiteral("535.104.05"));
    EXPECT_EQ(info.cudaDriverVersion, 12020);
    EXPECT_LT(info.cudaDriverVersion, 12080) << "a cu128 wheel needs CUDA 12.8";
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].name, QStringLiteral("Tesla T4"));
    EXPECT_EQ(info.gpus[0].ccMajor, 7);
    EXPECT_EQ(info.gpus[0].ccMinor, 5);
}

TEST_F(GpuProbeTest, FakeNvidiaSmiBlackwell)
{
    GpuProbeOptions options = isolated();
    options.nvidiaSmi = qpath(writeFakeSmi("blackwell-5090.csv", "blackwell-5090.txt"));
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.driverVersion, QStringLiteral("570.124.04"));
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("12.8"));
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].name, QStringLiteral("NVIDIA GeForce RTX 5090"));
    EXPECT_EQ(info.gpus[0].ccMajor, 12);
    EXPECT_EQ(info.gpus[0].ccMinor, 0);
    EXPECT_EQ(info.gpus[0].memoryMiB, 32607);
}

TEST_F(GpuProbeTest, FakeNvidiaSmiWithoutComputeCapField)
{
    GpuProbeOptions options = isolated();
    options.nvidiaSmi = qpath(writeFakeSmi({}, "driver-470.txt", "driver-470.csv"));
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.driverVersion, QStringLiteral("470.82.01"));
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("11.4"));
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].name, QStringLiteral("NVIDIA GeForce GTX 1070"));
    EXPECT_EQ(info.gpus[0].ccMajor, 0) << "unknown";
    EXPECT_EQ(info.gpus[0].memoryMiB, 8192);
    EXPECT_EQ(info.gpus[0].uuid, QStringLiteral("GPU-9a8b7c6d-5e4f-3a2b-1c0d-efefefefefef"));
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("cannot report compute_cap"))) << notesOf(info);
    const std::vector<std::string> calls = lines(readFile(m_dir / "smi-args.log"));
    ASSERT_EQ(calls.size(), 3u);
    EXPECT_EQ(calls[1], "--query-gpu=name,driver_version,memory.total,uuid,pci.bus_id --format=csv,noheader,nounits");
}

TEST_F(GpuProbeTest, NvidiaSmiWithoutDriverFallsToProcFile)
{
    const fs::path script = m_dir / "nvidia-smi";
    writeScript(script, "#!/bin/sh\ncat '" + (smiFixtures / "no-driver.txt").string() + "'\nexit 9\n");
    GpuProbeOptions options = isolated();
    options.nvidiaSmi = qpath(script);
    options.procVersionFile = qpath(fixtures / "proc" / "535.txt");
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.source, options.procVersionFile);
    EXPECT_EQ(info.driverVersion, QStringLiteral("535.104.05"));
    EXPECT_EQ(info.cudaDriverVersion, 0);
    EXPECT_TRUE(info.gpus.isEmpty());
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("exited with 9: NVIDIA-SMI has failed"))) << notesOf(info);
}

TEST_F(GpuProbeTest, DriverUpdatedWithoutRebootFallsToProcFile)
{
    // The user-space libraries are newer than the loaded kernel module.
    const fs::path nvml = buildFakeNvml();
    m_env.set("FAKE_NVML_INIT", "18"); // NVML_ERROR_LIB_RM_VERSION_MISMATCH
    const fs::path script = m_dir / "nvidia-smi";
    writeScript(script, "#!/bin/sh\necho 'Failed to initialize NVML: Driver/library version mismatch'\n"
                        "echo 'NVML library version: 560.35'\nexit 18\n");
    GpuProbeOptions options = isolated();
    options.nvmlLibraries = {qpath(nvml)};
    options.nvidiaSmi = qpath(script);
    options.procVersionFile = qpath(fixtures / "proc" / "open-560.txt");
    const GpuInfo info = probeGpu(options);
    ASSERT_TRUE(info.nvidiaDriverFound) << notesOf(info);
    EXPECT_EQ(info.driverVersion, QStringLiteral("560.35.03"));
    EXPECT_TRUE(
        info.notes[0].startsWith(QStringLiteral("NVML found but nvmlInit failed: NVML_ERROR_LIB_RM_VERSION_MISMATCH")))
        << notesOf(info);
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("exited with 18: Failed to initialize NVML"))) << notesOf(info);
}

TEST_F(GpuProbeTest, HangingNvidiaSmiTimesOut)
{
    const fs::path script = m_dir / "nvidia-smi";
    writeScript(script, "#!/bin/sh\nexec sleep 600\n");
    GpuProbeOptions options = isolated();
    options.nvidiaSmi = qpath(script);
    options.timeout = 1s;
    const auto start = std::chrono::steady_clock::now();
    const GpuInfo info = probeGpu(options);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_LT(elapsed, 5s);
    EXPECT_FALSE(info.nvidiaDriverFound);
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("timed out"))) << notesOf(info);
}

TEST_F(GpuProbeTest, NothingFound)
{
    const GpuProbeOptions options = isolated();
    const GpuInfo info = probeGpu(options);
    EXPECT_FALSE(info.nvidiaDriverFound);
    EXPECT_FALSE(info.wsl);
    EXPECT_TRUE(info.driverVersion.isEmpty());
    EXPECT_TRUE(info.source.isEmpty());
    // One note per place tried, then the verdict.
    ASSERT_EQ(info.notes.size(), 4) << notesOf(info);
    EXPECT_TRUE(info.notes[0].startsWith(QStringLiteral("NVML: ") + options.nvmlLibraries[0]
                                         + QStringLiteral(" did not load")));
    EXPECT_TRUE(info.notes[1].contains(QStringLiteral("could not start"))) << notesOf(info);
    EXPECT_TRUE(info.notes[2].startsWith(options.procVersionFile)) << notesOf(info);
    EXPECT_TRUE(info.notes[3].startsWith(QStringLiteral("No NVIDIA driver found")));
}

TEST_F(GpuProbeTest, ThisMachine)
{
    // Whatever the machine has; here: no NVIDIA driver, quickly and without error.
    const bool haveDriver = QFileInfo::exists(QStringLiteral("/proc/driver/nvidia/version"));
    const auto start = std::chrono::steady_clock::now();
    const GpuInfo info = probeGpu();
    const auto elapsed = std::chrono::steady_clock::now() - start;
    EXPECT_EQ(info.nvidiaDriverFound, haveDriver) << notesOf(info);
    if (!haveDriver) {
        EXPECT_LT(elapsed, 5s);
        EXPECT_TRUE(anyNoteContains(info, QStringLiteral("libnvidia-ml.so.1"))) << notesOf(info);
        EXPECT_TRUE(anyNoteContains(info, QStringLiteral("nvidia-smi"))) << notesOf(info);
        EXPECT_TRUE(anyNoteContains(info, QStringLiteral("/proc/driver/nvidia/version"))) << notesOf(info);
    }
}

TEST_F(GpuProbeTest, DumpToolPrintsJson)
{
    const fs::path nvml = buildFakeNvml();
    setTwoGpus();
    const RunResult result =
        run({TD_GPU_PROBE_DUMP, "--nvml", nvml.string(), "--nvidia-smi", "", "--proc", (m_dir / "missing").string()});
    ASSERT_TRUE(result.ok()) << result.err;
    QJsonParseError error{};
    const QJsonDocument json = QJsonDocument::fromJson(QByteArray::fromStdString(result.out), &error);
    ASSERT_EQ(error.error, QJsonParseError::NoError) << result.out;
    const QJsonObject gpu = json.object().value(QStringLiteral("gpu")).toObject();
    EXPECT_TRUE(gpu.value(QStringLiteral("nvidia_driver_found")).toBool());
    EXPECT_EQ(gpu.value(QStringLiteral("cuda_driver_version")).toString(), QStringLiteral("12.6"));
    const QJsonArray gpus = gpu.value(QStringLiteral("gpus")).toArray();
    ASSERT_EQ(gpus.size(), 2);
    EXPECT_EQ(gpus[1].toObject().value(QStringLiteral("compute_capability")).toString(), QStringLiteral("12.0"));
    EXPECT_TRUE(json.object().value(QStringLiteral("system")).isObject());
}

// --- The parsers on recorded outputs ----------------------------------------------------------

TEST(GpuNvidiaSmiParser, OneGpuWithWindowsLineEnds)
{
    const GpuInfo info = parseNvidiaSmi(fixture("one-gpu.csv"), fixture("one-gpu.txt"));
    EXPECT_TRUE(info.nvidiaDriverFound);
    EXPECT_EQ(info.driverVersion, QStringLiteral("560.94"));
    EXPECT_EQ(info.cudaDriverVersion, 12060);
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].busId, QStringLiteral("00000000:01:00.0")) << "no \\r left";
    EXPECT_TRUE(info.notes.isEmpty());
}

TEST(GpuNvidiaSmiParser, SeveralGpus)
{
    const GpuInfo info = parseNvidiaSmi(fixture("multi-gpu.csv"), fixture("multi-gpu.txt"));
    ASSERT_EQ(info.gpus.size(), 4);
    EXPECT_EQ(info.driverVersion, QStringLiteral("550.54.15")) << "one version, not one per line";
    EXPECT_EQ(info.gpus[0].name, QStringLiteral("NVIDIA A100-SXM4-80GB"));
    EXPECT_EQ(info.gpus[0].memoryMiB, 81920);
    EXPECT_EQ(info.gpus[2].ccMajor, 8);
    EXPECT_EQ(info.gpus[2].ccMinor, 6);
    EXPECT_EQ(info.gpus[2].busId, QStringLiteral("00000000:41:00.0"));
}

TEST(GpuNvidiaSmiParser, Wsl2)
{
    const GpuInfo info = parseNvidiaSmi(fixture("wsl2.csv"), fixture("wsl2.txt"));
    EXPECT_EQ(info.driverVersion, QStringLiteral("572.60"));
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("12.8"));
    ASSERT_EQ(info.gpus.size(), 2);
    EXPECT_EQ(info.gpus[1].uuid, QStringLiteral("GPU-7f0e1d2c-3b4a-5968-7766-554433221101"));
}

TEST(GpuNvidiaSmiParser, BannerAloneGivesDriverAndCuda)
{
    const GpuInfo info = parseNvidiaSmi({}, fixture("wsl2.txt"));
    EXPECT_TRUE(info.nvidiaDriverFound);
    EXPECT_EQ(info.driverVersion, QStringLiteral("572.60")) << "Driver Version, not the NVIDIA-SMI number";
    EXPECT_EQ(info.cudaDriverVersion, 12080);
    EXPECT_TRUE(info.gpus.isEmpty());
}

TEST(GpuNvidiaSmiParser, CudaVersionErr)
{
    const GpuInfo info = parseNvidiaSmi({}, fixture("wsl2-cuda-err.txt"));
    EXPECT_EQ(info.driverVersion, QStringLiteral("546.80"));
    EXPECT_EQ(info.cudaDriverVersion, 0);
    EXPECT_TRUE(info.cudaDriverVersionString().isEmpty());
    EXPECT_TRUE(anyNoteContains(info, QStringLiteral("CUDA Version: ERR!"))) << notesOf(info);
}

TEST(GpuNvidiaSmiParser, DriverTooOldForCu128)
{
    const GpuInfo info = parseNvidiaSmi(fixture("driver-535.csv"), fixture("driver-535.txt"));
    EXPECT_EQ(info.driverVersion, QStringLiteral("535.104.05"));
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("12.2"));
}

TEST(GpuNvidiaSmiParser, Blackwell)
{
    const GpuInfo info = parseNvidiaSmi(fixture("blackwell-5090.csv"), fixture("blackwell-5090.txt"));
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].ccMajor, 12);
    EXPECT_EQ(info.gpus[0].ccMinor, 0);
    EXPECT_EQ(info.cudaDriverVersion, 12080);
}

TEST(GpuNvidiaSmiParser, ComputeCapNotAvailable)
{
    const GpuInfo info = parseNvidiaSmi(fixture("compute-cap-na.csv"), {});
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].name, QStringLiteral("NVIDIA GeForce RTX 2080 SUPER"));
    EXPECT_EQ(info.gpus[0].ccMajor, 0);
    EXPECT_EQ(info.gpus[0].ccMinor, 0);
    EXPECT_EQ(info.gpus[0].memoryMiB, 8192);
    EXPECT_EQ(info.driverVersion, QStringLiteral("525.60.13"));
    EXPECT_EQ(info.cudaDriverVersion, 0) << "no banner";
}

TEST(GpuNvidiaSmiParser, FieldsWithoutComputeCap)
{
    const GpuInfo info =
        parseNvidiaSmi(fixture("driver-470.csv"), fixture("driver-470.txt"), nvidiaSmiQueryFields(false));
    ASSERT_EQ(info.gpus.size(), 1);
    EXPECT_EQ(info.gpus[0].memoryMiB, 8192);
    EXPECT_EQ(info.gpus[0].busId, QStringLiteral("00000000:01:00.0"));
    EXPECT_EQ(info.cudaDriverVersion, 11040);
}

TEST(GpuNvidiaSmiParser, OddLines)
{
    const QByteArray csv = "No devices were found\n"
                           "\n"
                           "Quadro RTX 4000, with Max-Q Design, 551.61, 7.5, 8192, [N/A], 00000000:01:00.0\n"
                           "Unable to determine the device handle for GPU0000:41:00.0: Unknown Error\n"
                           "NVIDIA T600, 551.61, 7.5, [Not Supported], GPU-1, 00000000:02:00.0\n";
    const GpuInfo info = parseNvidiaSmi(csv, {});
    ASSERT_EQ(info.gpus.size(), 2);
    EXPECT_EQ(info.gpus[0].name, QStringLiteral("Quadro RTX 4000, with Max-Q Design")) << "a comma in a name";
    EXPECT_EQ(info.gpus[0].ccMajor, 7);
    EXPECT_TRUE(info.gpus[0].uuid.isEmpty());
    EXPECT_EQ(info.gpus[1].memoryMiB, 0);
    EXPECT_EQ(info.notes.size(), 2) << notesOf(info);
}

TEST(GpuNvidiaSmiParser, NothingUsable)
{
    const GpuInfo info = parseNvidiaSmi({}, fixture("no-driver.txt"));
    EXPECT_FALSE(info.nvidiaDriverFound);
    EXPECT_TRUE(info.gpus.isEmpty());
}

TEST(GpuProcDriverVersion, Formats)
{
    const auto proc = [](const std::string &name) {
        return QByteArray::fromStdString(readFile(fixtures / "proc" / name));
    };
    EXPECT_EQ(parseProcDriverVersion(proc("535.txt")), QStringLiteral("535.104.05"));
    EXPECT_EQ(parseProcDriverVersion(proc("open-560.txt")), QStringLiteral("560.35.03"));
    EXPECT_EQ(parseProcDriverVersion(proc("aarch64-570.txt")), QStringLiteral("570.133.20"));
    EXPECT_TRUE(parseProcDriverVersion("GCC version: gcc version 12.2.0\n").isEmpty());
    EXPECT_TRUE(parseProcDriverVersion({}).isEmpty());
}

TEST(GpuInfoTest, CudaVersionString)
{
    GpuInfo info;
    EXPECT_TRUE(info.cudaDriverVersionString().isEmpty());
    info.cudaDriverVersion = 12060;
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("12.6"));
    info.cudaDriverVersion = 11080;
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("11.8"));
    info.cudaDriverVersion = 13000;
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("13.0"));
    info.cudaDriverVersion = 12010;
    EXPECT_EQ(info.cudaDriverVersionString(), QStringLiteral("12.1"));
}

TEST(GpuNvmlTest, DefaultLibraries)
{
    EXPECT_EQ(defaultNvmlLibraries(false),
              QStringList({QStringLiteral("libnvidia-ml.so.1"), QStringLiteral("libnvidia-ml.so")}));
    const QStringList wsl = defaultNvmlLibraries(true);
    ASSERT_FALSE(wsl.isEmpty());
    EXPECT_EQ(wsl.first(), QStringLiteral("/usr/lib/wsl/lib/libnvidia-ml.so.1"));
    EXPECT_EQ(nvmlErrorName(9), QStringLiteral("NVML_ERROR_DRIVER_NOT_LOADED"));
    EXPECT_EQ(nvmlErrorName(4242), QStringLiteral("NVML error 4242"));
}

} // namespace

// AMD GPUs from the kernel's KFD topology: a CPU node (gfx_target_version 0) and two GPU nodes, written as
// the amdkfd driver writes its properties files (one "name value" pair per line).
TEST(KfdTopology, GpuNodesGiveTheirGfxTargets)
{
    EXPECT_EQ(gfxOfTargetVersion(110501), QStringLiteral("gfx1151"));
    EXPECT_EQ(gfxOfTargetVersion(90010), QStringLiteral("gfx90a"));
    EXPECT_EQ(gfxOfTargetVersion(90012), QStringLiteral("gfx90c"));
    EXPECT_EQ(gfxOfTargetVersion(100302), QStringLiteral("gfx1032"));
    EXPECT_EQ(gfxOfTargetVersion(0), QString());

    TempDir dir("td-kfd");
    const auto node = [&](const char *n, const char *version) {
        writeFile(dir.path() / "nodes" / n / "properties",
                  std::string("cpu_cores_count 0\nsimd_count 80\nmem_banks_count 1\ngfx_target_version ") + version
                      + "\nvendor_id 4098\ndevice_id 29631\nlocation_id 768\ndrm_render_minor 128\n");
    };
    node("0", "0");
    node("1", "100302");
    node("10", "90010"); // node order is numeric: 1, 2, 10
    node("2", "110501");
    EXPECT_EQ(readKfdGfxTargets(QString::fromStdString((dir.path() / "nodes").string())),
              (QStringList{QStringLiteral("gfx1032"), QStringLiteral("gfx1151"), QStringLiteral("gfx90a")}));
    EXPECT_TRUE(readKfdGfxTargets(QString::fromStdString((dir.path() / "none").string())).isEmpty());
}

// The display controllers of the PCI bus as sysfs lists them (class 0x03xxxx), whether a driver has them or not:
// an NVIDIA GPU without its driver, an AMD iGPU, and the NVIDIA GPU's audio function (class 0x0403), which is none.
TEST(PciBus, DisplayControllersWithTheirVendorsWhetherADriverHasThemOrNot)
{
    TempDir dir("td-pci");
    const auto device = [&](const char *name, const char *cls, const char *vendor, const char *id) {
        writeFile(dir.path() / "devices" / name / "class", std::string(cls) + "\n");
        writeFile(dir.path() / "devices" / name / "vendor", std::string(vendor) + "\n");
        writeFile(dir.path() / "devices" / name / "device", std::string(id) + "\n");
    };
    device("0000:01:00.0", "0x030000", "0x10de", "0x2684");
    device("0000:01:00.1", "0x040300", "0x10de", "0x22ba");
    device("0000:c5:00.0", "0x038000", "0x1002", "0x150e");
    device("0000:00:14.0", "0x0c0330", "0x8086", "0x7ae0");
    const QList<DisplayAdapter> adapters =
        readPciDisplayAdapters(QString::fromStdString((dir.path() / "devices").string()));
    ASSERT_EQ(adapters.size(), 2);
    EXPECT_EQ(adapters[0].vendor, QStringLiteral("NVIDIA"));
    EXPECT_EQ(adapters[0].deviceId, QStringLiteral("pci\\ven_10de&dev_2684"));
    EXPECT_EQ(adapters[1].vendor, QStringLiteral("AMD"));
    EXPECT_TRUE(readPciDisplayAdapters(QString::fromStdString((dir.path() / "none").string())).isEmpty());

    // What the probe makes of it: an NVIDIA adapter is there, so the AMD iGPU does not make an AMD machine.
    GpuProbeOptions options;
    options.pciDevices = QString::fromStdString((dir.path() / "devices").string());
    options.kfdNodes = QString::fromStdString((dir.path() / "none").string());
    options.nvmlLibraries = {QStringLiteral("libno-such-nvml.so.1")};
    options.nvidiaSmi.clear();
    options.procVersionFile = QString::fromStdString((dir.path() / "none").string());
    const GpuInfo info = probeGpu(options);
    EXPECT_TRUE(info.nvidiaAdapter);
    EXPECT_FALSE(info.nvidiaDriverFound);
}
