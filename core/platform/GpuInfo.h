// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QString>

namespace td::platform {

struct Gpu {
    QString name;    // "NVIDIA GeForce RTX 4090"
    int ccMajor = 0; // compute capability, 0 when unknown
    int ccMinor = 0;
    qint64 memoryMiB = 0; // 0 when unknown
    QString uuid;         // "GPU-..." (reports redact it)
    QString busId;        // "00000000:01:00.0"
};

// The NVIDIA driver and GPUs as this machine reports them.
struct GpuInfo {
    bool nvidiaDriverFound = false; // false: no NVIDIA driver, so no NVIDIA GPU can be used
    QString driverVersion;          // "560.94" / "535.104.05"
    int cudaDriverVersion = 0;      // the highest CUDA the driver supports: 1000*major + 10*minor (12060)
    QList<Gpu> gpus;
    QString source;    // "nvml", "nvidia-smi", "/proc/driver/nvidia/version"
    QString nvmlPath;  // the NVML library that answered, if any
    bool wsl = false;  // Windows Subsystem for Linux (the driver lives on Windows)
    QStringList notes; // what was tried and why it did not answer, in order
    // AMD GPUs as the kernel's KFD driver lists them ("gfx1151", "gfx90a"), whatever the NVIDIA probe found.
    QStringList amdGfx;
    // Windows: AMD display adapters as device setup names them ("AMD Radeon RX 7900 XTX").
    QStringList amdAdapters;
    // An NVIDIA display adapter is there, with or without its driver (Linux: the PCI bus; Windows: device setup).
    bool nvidiaAdapter = false;

    [[nodiscard]] QString cudaDriverVersionString() const; // "12.6" or empty
    // The AMD GPUs as a person names them: "AMD gfx1100" (KFD), "AMD Radeon RX 7900 XTX" (Windows).
    [[nodiscard]] QStringList amdGpus() const;
    // The GPUs are AMD's alone: an NVIDIA GPU without its driver beside an AMD iGPU does not make an AMD machine.
    [[nodiscard]] bool amdOnly() const { return !nvidiaAdapter && !amdGpus().isEmpty(); }
};

} // namespace td::platform
