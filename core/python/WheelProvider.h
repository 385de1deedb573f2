// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "python/Interpreter.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace td::python {

// The requirement of torch's whose wheel ships a library: "nvidia-cudnn-cu13==9.26.0.51", or one
// component of a meta-package, "cuda-toolkit[cudart]==13.2.2".
struct WheelProvider {
    QString name;      // the distribution: "nvidia-cudnn-cu13", "cuda-toolkit"
    QString extra;     // the component, for a meta-package ("cudart"); empty otherwise
    QString specifier; // as torch pins it: "==13.2.2"
    [[nodiscard]] QString requirement() const;
};

// Which of torch's requirements provides `library` (a soname: "libcudart.so.13"), read from
// torch's own metadata rather than a table of today's names: the Requires-Dist names and extras,
// matched against the library's name and the nvidia/<folder> torch's preload table gives it
// (libcudart.so.* comes from nvidia/cuda_runtime, so from nvidia-cuda-runtime-cu12). The longest
// match wins (libcusparseLt: nvidia-cusparselt-cu13 over cuda-toolkit[cusparse]).
[[nodiscard]] std::optional<WheelProvider> wheelProviding(const QString &library, const TorchInstall &torch);

// The requirements that install all of `providers`, one per distribution (the extras merged:
// "cuda-toolkit[cublas,cudart]==13.2.2"), in first-seen order.
[[nodiscard]] QStringList requirementsFor(const QList<WheelProvider> &providers);

} // namespace td::python
