// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Check.h"

namespace td::checks {

// The interpreter itself: found, runs, 64-bit, a Python that torch supports
// (python.not-found, python.venv-base-gone, python.unusable, python.32-bit, python.unsupported-version).
TD_DECLARE_CHECK(PythonCheck)
// How current the knowledge is for the installed torch (knowledge.outdated: a release newer
// than the knowledge base, whose facts are inferred from the newest known one).
TD_DECLARE_CHECK(KnowledgeCheck)
// torchvision / torchaudio built for this torch (packages.mismatch).
TD_DECLARE_CHECK(PackagesCheck)
// The driver, the GPUs and the CUDA build of torch (cuda.no-driver,
// cuda.driver-too-old, cuda.cpu-build-with-gpu, cuda.gpu-arch-unsupported, cuda.unavailable).
TD_DECLARE_CHECK(GpuCheck)
// Variables and paths that break or hide things (env.suspicious, path.non-ascii, path.too-long).
TD_DECLARE_CHECK(EnvironmentCheck)
// A project meant to run in Docker (docker.unavailable, docker.no-gpu-runtime).
TD_DECLARE_CHECK(DockerCheck)

} // namespace td::checks
