// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "knowledge/KnowledgeBase.h"

#include <QMap>
#include <QString>

#include <optional>

namespace td::knowledge {

// A GPU a text names ("NVIDIA GeForce RTX 5070 Ti"), as gpu-arch.json's table of names knows it.
struct NamedGpu {
    QString name; // as the text writes it ("RTX 5070 Ti")
    GpuModel model;
};

// The first GPU of the table (its more specific names first) that `text` names; nullopt when none.
std::optional<NamedGpu> gpuNamedIn(const QList<GpuModel> &gpus, const QString &text);

// What a GPU error's text says once its GPU is known: the GPU's compute capability, which of torch's CUDA
// builds have code for it (compiled, or PTX the driver compiles), and whether the torch build the text names
// ("2.7.1+cu128") is one of them, which puts the missing kernel in an extension instead. errors.json's
// phrases gpuNamed, gpuBuild, gpuBuildOnly, gpuBuildRange, gpuBuilds, gpuNoBuild, gpuTorchHasIt and
// gpuTorchLacksIt, one after the other; empty when the text names no GPU the table knows.
Text gpuFacts(const QList<GpuModel> &gpus, const QList<ArchEntry> &builds, const QMap<QString, Text> &phrases,
              const QString &text);

// Whether the torch build `text` names ("2.7.1+cu128") has code for the GPU it names: true puts a missing
// kernel in an extension built for other GPUs. nullopt when the text names no GPU or no build the table knows.
std::optional<bool> pastedTorchHasGpuCode(const QList<GpuModel> &gpus, const QList<ArchEntry> &builds,
                                          const QString &text);

} // namespace td::knowledge
