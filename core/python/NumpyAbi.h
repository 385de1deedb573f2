// SPDX-License-Identifier: GPL-3.0-or-later
// Which NumPy a compiled module was built against, read from the module itself: NumPy 2's headers
// import its C API as "numpy._core._multiarray_umath" (falling back to the old name), NumPy 1.x's only
// as "numpy.core._multiarray_umath". A module built against 1.x cannot run with NumPy 2.
#pragma once

#include <QString>
#include <QStringList>

namespace td::python {

enum class NumpyAbi { Unknown, V1, V2 };

// Searches the file in bounded chunks (never whole into memory); Unknown when it names neither
// (built without NumPy) or cannot be read.
NumpyAbi numpyAbiOf(const QString &file);

// torch's Python binding library among its native files (libtorch_python.so, torch_python.dll,
// libtorch_python.dylib); empty when there is none.
QString torchPythonLibrary(const QStringList &nativeLibraries);

} // namespace td::python
