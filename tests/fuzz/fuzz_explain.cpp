// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: the classifier of pasted errors must answer any text
// without a crash or an over-read, in time linear in the text (run-fuzzer.sh
// fails an input that takes a second).
#include "python/ImportError.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    (void)td::python::classifyImportError(text);
    (void)td::python::packageFoldersIn(text);
    return 0;
}
