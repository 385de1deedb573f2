// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Finding.h"
#include "fixes/EnvPlanner.h"
#include "platform/UserEnvironment.h"

#include <QCoreApplication>

namespace td::fixes {

// The environment-variable repair for Windows: the variables live in the
// user's registry (HKCU\Environment), not in startup files. It removes the
// exact PATH entry that shadows one of torch's DLLs, deletes stale
// CUDA_PATH_V* leftovers and variables that mean nothing here
// (PYTORCH_MPS_*), each a "set user variable X from A to B" step that keeps
// the value's registry type. It never adds anything: since Python 3.8 PATH
// is not searched for an extension's DLLs, so adding to it cannot help.
class WindowsEnvPlanner {
    Q_DECLARE_TR_FUNCTIONS(WindowsEnvPlanner)

public:
    explicit WindowsEnvPlanner(const platform::UserEnvironment &environment);

    [[nodiscard]] EnvPlan plan(const QList<checks::Finding> &findings) const;

private:
    const platform::UserEnvironment &m_environment;
};

} // namespace td::fixes
