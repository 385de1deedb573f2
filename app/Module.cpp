// SPDX-License-Identifier: GPL-3.0-or-later
#include "Module.h"

#include <filesystem>

namespace td::app {

td::platform::Result<QFunctionPointer> resolveModuleEntry(const char *name, const char *entry)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path exeDir = fs::read_symlink("/proc/self/exe", ec).parent_path();
    QLibrary module(QString::fromStdString((exeDir / TD_MODULE_DIR / name).string()));
    if (module.load()) { // never unloaded: what it returned may outlive any scope here
        if (const QFunctionPointer function = module.resolve(entry))
            return function;
    }
    return td::platform::Error{module.errorString()};
}

} // namespace td::app
