// SPDX-License-Identifier: GPL-3.0-or-later
#include "Transfer.h"

#include "Module.h"

namespace td::app {

platform::Result<const Transfer *> transfer()
{
#if defined(TD_TRANSFER_MODULE)
    static const platform::Result<const Transfer *> functions = []() -> platform::Result<const Transfer *> {
        const auto entry = resolveModuleEntry("torchdoctor-transfer", TD_TRANSFER_ENTRY);
        if (!entry)
            return platform::Error{entry.error()};
        return reinterpret_cast<decltype(&td_transfer)>(*entry)();
    }();
    return functions;
#else
    return td_transfer();
#endif
}

} // namespace td::app
