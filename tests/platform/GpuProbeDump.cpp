// SPDX-License-Identifier: GPL-3.0-or-later
// gpu_probe_dump: prints what the GPU probe and the system probe find, as
// JSON, so that a machine with a real GPU can be compared with nvidia-smi
// (tools/gpu-check.sh). Not installed.
//
//   gpu_probe_dump [--nvml LIB]... [--nvidia-smi PATH] [--proc FILE] [--timeout-ms N]

#include "platform/GpuProbe.h"
#include "platform/SystemInfo.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <chrono>
#include <cstdio>
#include <cstring>

using namespace td::platform;

namespace {

QJsonObject toJson(const GpuInfo &info)
{
    QJsonArray gpus;
    for (const Gpu &gpu : info.gpus) {
        gpus.append(QJsonObject{
            {QStringLiteral("name"), gpu.name},
            {QStringLiteral("compute_capability"),
             gpu.ccMajor > 0 ? QStringLiteral("%1.%2").arg(gpu.ccMajor).arg(gpu.ccMinor) : QString()},
            {QStringLiteral("memory_mib"), gpu.memoryMiB},
            {QStringLiteral("uuid"), gpu.uuid},
            {QStringLiteral("bus_id"), gpu.busId},
        });
    }
    return QJsonObject{
        {QStringLiteral("nvidia_driver_found"), info.nvidiaDriverFound},
        {QStringLiteral("driver_version"), info.driverVersion},
        {QStringLiteral("cuda_driver_version"), info.cudaDriverVersionString()},
        {QStringLiteral("cuda_driver_version_raw"), info.cudaDriverVersion},
        {QStringLiteral("gpus"), gpus},
        {QStringLiteral("source"), info.source},
        {QStringLiteral("nvml_path"), info.nvmlPath},
        {QStringLiteral("wsl"), info.wsl},
        {QStringLiteral("notes"), QJsonArray::fromStringList(info.notes)},
    };
}

QJsonObject toJson(const SystemInfo &info)
{
    return QJsonObject{
        {QStringLiteral("os"), info.os},
        {QStringLiteral("os_name"), info.osName},
        {QStringLiteral("kernel"), info.kernel},
        {QStringLiteral("cpu_arch"), info.cpuArch},
        {QStringLiteral("process_arch"), info.processArch},
        {QStringLiteral("libc_version"), info.libcVersion},
        {QStringLiteral("rosetta"), info.rosetta},
        {QStringLiteral("wsl"), info.wsl},
        {QStringLiteral("logical_cores"), info.logicalCores},
        {QStringLiteral("memory_mib"), info.memoryMiB},
    };
}

int usage()
{
    std::fputs("usage: gpu_probe_dump [--nvml LIB]... [--nvidia-smi PATH] [--proc FILE] [--timeout-ms N]\n", stderr);
    return 2;
}

} // namespace

int main(int argc, char **argv)
{
    GpuProbeOptions options;
    for (int i = 1; i < argc; ++i) {
        const char *arg = argv[i];
        if (i + 1 >= argc)
            return usage();
        const QString value = QString::fromLocal8Bit(argv[++i]);
        if (std::strcmp(arg, "--nvml") == 0) {
            options.nvmlLibraries << value;
        } else if (std::strcmp(arg, "--nvidia-smi") == 0) {
            options.nvidiaSmi = value;
        } else if (std::strcmp(arg, "--proc") == 0) {
            options.procVersionFile = value;
        } else if (std::strcmp(arg, "--timeout-ms") == 0) {
            bool ok = false;
            options.timeout = std::chrono::milliseconds(value.toLongLong(&ok));
            if (!ok)
                return usage();
        } else {
            return usage();
        }
    }

    const auto start = std::chrono::steady_clock::now();
    const GpuInfo gpu = probeGpu(options);
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    const QJsonObject out{
        {QStringLiteral("gpu"), toJson(gpu)},
        {QStringLiteral("gpu_probe_ms"), static_cast<qint64>(elapsed.count())},
        {QStringLiteral("system"), toJson(probeSystem())},
    };
    const QByteArray text = QJsonDocument(out).toJson(QJsonDocument::Indented);
    std::fwrite(text.constData(), 1, static_cast<size_t>(text.size()), stdout);
    return 0;
}
