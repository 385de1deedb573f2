// SPDX-License-Identifier: GPL-3.0-or-later
#include "EnvPage.h"

namespace td::ui {

EnvPage::EnvPage(Session &session, QWidget *parent) : FixPage(session, checks::FixFamily::Env, parent)
{
    setObjectName(QStringLiteral("envPage"));
    retranslate();
}

QString EnvPage::titleText() const
{
    return tr("Method 2: repair the environment variables");
}

QString EnvPage::subTitleText() const
{
    return tr("Removes the entries of PATH, LD_LIBRARY_PATH and similar variables that put a wrong copy of a library "
              "in front of PyTorch's own.");
}

QString EnvPage::adviceText() const
{
    return tr("Good to know: advice found online often adds torch\\lib or a CUDA folder to PATH. Python 3.8 and later "
              "no longer search PATH for an extension's DLLs (torch adds its own folders itself), and PYTORCH_MPS_* "
              "variables mean nothing on Windows; KMP_DUPLICATE_LIB_OK=TRUE hides a real conflict and can give wrong "
              "results. This step only removes what is in the way.");
}

} // namespace td::ui
