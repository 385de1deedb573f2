// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "binary/CudaCode.h"
#include "knowledge/KnowledgeBase.h"
#include "loader/Graph.h"

#include <QList>
#include <QString>
#include <QStringList>

namespace td::checks {

// The CUDA code of torch's own libraries (the roots of the walk: libtorch_cuda.so, torch_cuda.dll,
// ...), read from their fatbinaries. Libraries without CUDA code are left out.
struct LibraryCudaCode {
    QString name, path;
    bin::CudaCode code;
};
QList<LibraryCudaCode> readTorchCudaCode(const loader::Graph &graph);

// Whether the installed binaries run on a GPU of compute capability major.minor, judged by torch's
// main kernel library (the one with the most fatbinaries: libtorch_cuda.so, torch_cuda.dll), by
// the majority of its fatbinaries: the generic kernels are built for every target of the build's
// list, while a few source files are built for one GPU on purpose (sm_90a attention kernels,
// sm_89 fp8 kernels) and are never used elsewhere. Native machine code for most: Full; PTX the
// driver compiles at first use: Limited; neither: No. (Side libraries are left out: in torch
// 2.15.0, 32 of the 33 files of the lazily loaded libtorch_cuda_linalg.so lack sm_75.)
struct BinaryArchVerdict {
    knowledge::Support support = knowledge::Support::Full;
    QString library;      // the library that decides (file name)
    QStringList archList; // its SASS and PTX targets: "sm_80", ..., "compute_90"
    bin::CudaFit fit;     // its fatbinaries, and how many run natively or through PTX
};
BinaryArchVerdict binaryArchSupport(const QList<LibraryCudaCode> &libraries, int ccMajor, int ccMinor);

} // namespace td::checks
