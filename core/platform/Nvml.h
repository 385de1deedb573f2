// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/GpuInfo.h"
#include "platform/ProcessRunner.h"

#include <QString>
#include <QStringList>

#include <chrono>

namespace td::platform {

// The NVIDIA Management Library is loaded at run time by name, never linked:
// the program must start on machines without any NVIDIA driver.

// Where the driver puts NVML on this platform, in the order to try. WSL's
// copy lives in /usr/lib/wsl/lib, which is not always in the loader's cache.
// Windows: absolute paths only (System32, then the NVSMI folder), so that
// no nvml.dll is picked up from the current or the program's folder.
QStringList defaultNvmlLibraries(bool wsl);

// Tries each library in turn; the first that loads and whose nvmlInit succeeds
// answers into `info` (nvidiaDriverFound, driverVersion, cudaDriverVersion,
// gpus, source "nvml", nvmlPath). Every library tried and every call that
// failed leaves a note in info.notes. Returns whether a library answered.
// The calls run on a worker thread: a driver that hangs in nvmlInit costs at
// most `timeout` (the thread is then left to finish on its own).
bool queryNvml(const QStringList &libraries, GpuInfo &info, std::chrono::milliseconds timeout,
               const CancelToken &cancel = CancelToken());

// "NVML_ERROR_DRIVER_NOT_LOADED" for 9; "NVML error 1234" for codes it does not know.
QString nvmlErrorName(int code);

} // namespace td::platform
