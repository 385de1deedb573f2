// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/DisplayAdapters.h"
#include "platform/GpuInfo.h"
#include "platform/ProcessRunner.h"

#include <QString>
#include <QStringList>

namespace td::platform {

struct GpuProbeOptions {
    // NVML libraries to try, in order. Empty: the platform's defaults
    // (libnvidia-ml.so.1 / nvml.dll from System32 and the NVSMI folder).
    QStringList nvmlLibraries;
    QString nvidiaSmi = QStringLiteral("nvidia-smi"); // empty: do not run it
    QString procVersionFile = QStringLiteral("/proc/driver/nvidia/version");
    // How long NVML may take to answer, and then all nvidia-smi runs together.
    std::chrono::milliseconds timeout{std::chrono::seconds(15)};
    // WSL detection (Linux only): its kernel names Microsoft, or /dev/dxg exists.
    QString kernelVersionFile = QStringLiteral("/proc/version");
    QString dxgDevice = QStringLiteral("/dev/dxg");
    // AMD GPUs (Linux): the KFD topology's nodes, each with a `properties` file.
    QString kfdNodes = QStringLiteral("/sys/class/kfd/kfd/topology/nodes");
    // Windows: the display class key of device setup (platform/DisplayAdapters.h).
    QString displayClass = displayClassKey();
    // Linux: the PCI devices, for the display controllers there whether a driver has them or not.
    QString pciDevices = QStringLiteral("/sys/bus/pci/devices");
};

// NVML first (loaded at run time, never linked), then nvidia-smi, then
// /proc/driver/nvidia/version. Nothing found means no NVIDIA driver.
GpuInfo probeGpu(const GpuProbeOptions &options = {}, const CancelToken &cancel = CancelToken());

// Parsers, public for tests: the CSV of `nvidia-smi --query-gpu=...` plus the
// banner of plain `nvidia-smi`, and the text of /proc/driver/nvidia/version.
GpuInfo parseNvidiaSmi(const QByteArray &queryCsv, const QByteArray &banner);
// The same for a query with other fields (drivers before compute_cap existed).
GpuInfo parseNvidiaSmi(const QByteArray &queryCsv, const QByteArray &banner, const QStringList &fields);
// name,driver_version,compute_cap,memory.total,uuid,pci.bus_id (without compute_cap when asked).
QStringList nvidiaSmiQueryFields(bool withComputeCap = true);
QString parseProcDriverVersion(const QByteArray &text);

// The gfx target of KFD's gfx_target_version (major * 10000 + minor * 100 + stepping, the last two
// written in hex: 110501 -> "gfx1151", 90010 -> "gfx90a"); empty for 0 (a CPU node).
QString gfxOfTargetVersion(quint32 version);
// The gfx targets of the GPU nodes of a KFD topology folder (its nodes/N/properties), in node order.
QStringList readKfdGfxTargets(const QString &nodesDir);

} // namespace td::platform
