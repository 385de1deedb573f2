// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/Check.h"
#include "checks/InstallationChecks.h"
#include "checks/LibraryChecks.h"
#include "checks/SystemChecks.h"
#include "checks/TorchChecks.h"

namespace td::checks {

std::vector<std::unique_ptr<Check>> allChecks()
{
    std::vector<std::unique_ptr<Check>> checks;
    checks.push_back(std::make_unique<PythonCheck>());
    checks.push_back(std::make_unique<KnowledgeCheck>());
    checks.push_back(std::make_unique<TorchInstallCheck>());
    checks.push_back(std::make_unique<ImportCheck>());
    checks.push_back(std::make_unique<UsualInterpreterCheck>());
    checks.push_back(std::make_unique<LibraryCheck>());
    checks.push_back(std::make_unique<GpuCheck>());
    checks.push_back(std::make_unique<PackagesCheck>());
    checks.push_back(std::make_unique<InstallationCheck>());
    checks.push_back(std::make_unique<EnvironmentCheck>());
    checks.push_back(std::make_unique<DockerCheck>());
    return checks;
}

} // namespace td::checks
