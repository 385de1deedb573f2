// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace td::ui {

// The wizard's pages; nextId() branches between them as the flowchart does.
enum PageId : int {
    WelcomePageId,
    DiagnosePageId,
    FindingsPageId,
    UrgentPageId,
    DockerPageId,
    EnvPageId,
    ReinstallPageId,
    SystemPageId,
    DonePageId,
    ExportPageId,
};

} // namespace td::ui
