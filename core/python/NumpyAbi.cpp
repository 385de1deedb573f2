// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/NumpyAbi.h"

#include <QByteArray>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

namespace td::python {

namespace {

constexpr qint64 kChunk = 1 << 20;
constexpr char kNumpy2Name[] = "numpy._core._multiarray_umath";
constexpr char kNumpy1Name[] = "numpy.core._multiarray_umath";

} // namespace

NumpyAbi numpyAbiOf(const QString &file)
{
    if (file.isEmpty()) // torch without its Python binding (or no torch): nothing to read
        return NumpyAbi::Unknown;
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        return NumpyAbi::Unknown;
    const QByteArray two(kNumpy2Name), one(kNumpy1Name);
    const qsizetype overlap = std::max(two.size(), one.size()) - 1; // a name cut by a chunk's end
    bool sawOne = false;
    QByteArray window;
    while (!in.atEnd()) {
        const QByteArray chunk = in.read(kChunk);
        if (chunk.isEmpty())
            break;
        window = window.right(overlap) + chunk;
        if (window.contains(two))
            return NumpyAbi::V2;
        sawOne = sawOne || window.contains(one);
    }
    return sawOne ? NumpyAbi::V1 : NumpyAbi::Unknown;
}

QString torchPythonLibrary(const QStringList &nativeLibraries)
{
    for (const QString &path : nativeLibraries) {
        const QString name = QFileInfo(path).fileName();
        if (name.startsWith(QLatin1String("libtorch_python.")) || name.compare(QLatin1String("torch_python.dll"),
                                                                              Qt::CaseInsensitive) == 0)
            return path;
    }
    return {};
}

} // namespace td::python
