// SPDX-License-Identifier: GPL-3.0-or-later
#include "SystemPage.h"

#include "Session.h"

#include "python/ImportError.h"

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

QString SystemPage::diagnosedSystem() const
{
    const auto &report = session().report();
    const QString os = report ? report->facts.system.os : QString();
    return os.isEmpty() ? python::thisSystem() : os;
}

QString SystemPage::subTitleText() const
{
    const QString os = diagnosedSystem();
    if (os == QLatin1String("windows"))
        return tr("Repairs what PyTorch needs from the operating system, such as the Microsoft Visual C++ runtime.");
    if (os == QLatin1String("macos"))
        return tr("Repairs what PyTorch needs from the operating system, such as the command line tools and libomp.");
    return tr("Repairs what PyTorch needs from the operating system: the distribution's libraries, installed with "
              "its package manager.");
}

QString SystemPage::adviceText() const
{
    const QString os = diagnosedSystem();
    if (os == QLatin1String("windows"))
        return tr("Good to know: regsvr32 fbgemm.dll cannot work (fbgemm.dll is not a COM server), and wuauclt "
                  "/detectnow is gone on Windows 10 and later. Steps that need administrator rights are marked and ask "
                  "for them alone.");
    if (os == QLatin1String("macos"))
        return tr("Good to know: Homebrew's libomp is what torch's OpenMP needs on macOS; steps that need "
                  "administrator rights are marked and ask for them alone.");
    return tr("Good to know: a library from the distribution is installed with its package manager (apt-get, dnf, "
              "pacman or zypper), elevated alone with pkexec, and ldconfig runs after it. A library of torch's own, "
              "or of NVIDIA's wheels, is never a system package: the reinstall repair brings it.");
}

} // namespace td::ui
