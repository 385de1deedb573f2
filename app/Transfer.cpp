// SPDX-License-Identifier: GPL-3.0-or-later
#include "Transfer.h"

#include "Module.h"

namespace td::app {

const Transfer *transfer(QString *error)
{
#if defined(TD_TRANSFER_MODULE)
    static QString loadError;
    static const Transfer *const functions = [] {
        const auto entry = reinterpret_cast<decltype(&td_transfer)>(
            resolveModuleEntry("torchdoctor-transfer", TD_TRANSFER_ENTRY, &loadError));
        return entry ? entry() : nullptr;
    }();
    if (!functions)
        *error = loadError;
    return functions;
#else
    Q_UNUSED(error);
    return td_transfer();
#endif
}

} // namespace td::app
