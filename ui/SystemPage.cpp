// SPDX-License-Identifier: GPL-3.0-or-later
#include "SystemPage.h"

namespace td::ui {

SystemPage::SystemPage(Session &session, QWidget *parent) : FixPage(session, checks::FixFamily::System, parent)
{
    setObjectName(QStringLiteral("systemPage"));
    retranslate();
}

QString SystemPage::titleText() const
{
    return tr("Method 4: system-level repair");
}

QString SystemPage::subTitleText() const
{
    return tr("Repairs what PyTorch needs from the operating system, such as the Microsoft Visual C++ runtime.");
}

QString SystemPage::adviceText() const
{
    return tr(
        "Good to know: regsvr32 fbgemm.dll cannot work (fbgemm.dll is not a COM server), and wuauclt /detectnow is "
        "gone on Windows 10 and later. Steps that need administrator rights are marked and ask for them alone.");
}

} // namespace td::ui
