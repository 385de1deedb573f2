// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "checks/Finding.h"
#include "knowledge/KnowledgeBase.h"

#include <QList>
#include <QString>

namespace td::checks {

// Whether torch is a ROCm build: torch/version.py names a HIP version, or its local label is +rocmX.Y.
bool isRocmBuild(const python::TorchInstall &torch);

// A ROCm torch and the AMD GPUs the kernel lists: the gfx targets of torch's kernel library
// (torch/lib/libtorch_hip.so, torch_hip.dll), read from its offload bundles, decide. A GPU that no
// bundle's code runs on is cuda.gpu-arch-unsupported, the cause of "HIP error: invalid device
// function"; HSA_OVERRIDE_GFX_VERSION, when set, is the GPU the runtime takes it for.
QList<Finding> hipArchFindings(const Facts &facts, const python::TorchInstall &torch);

// "10.3.0" for gfx1030, "9.0.10" for gfx90a: the value of HSA_OVERRIDE_GFX_VERSION that names a
// gfx target; and back. Empty when it is not one.
QString overrideOfGfx(const QString &gfx);
QString gfxOfOverride(const QString &value);

} // namespace td::checks
