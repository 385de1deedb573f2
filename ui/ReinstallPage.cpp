// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReinstallPage.h"

namespace td::ui {

ReinstallPage::ReinstallPage(Session &session, QWidget *parent) : FixPage(session, checks::FixFamily::Reinstall, parent)
{
    setObjectName(QStringLiteral("reinstallPage"));
    retranslate();
}

QString ReinstallPage::titleText() const
{
    return tr("Method 3: reinstall PyTorch");
}

QString ReinstallPage::subTitleText() const
{
    return tr("Installs the PyTorch build that fits this machine: the CUDA variant from the driver and the GPU, for "
              "this Python version.");
}

QString ReinstallPage::adviceText() const
{
    return tr("Good to know: the wheel index is chosen from the driver, the GPU generation and the Python version, and "
              "the environment's own installer (pip or uv) is used. A snapshot of the installed packages is taken "
              "first, so that Undo can put them back.");
}

} // namespace td::ui
