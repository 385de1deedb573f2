// SPDX-License-Identifier: GPL-3.0-or-later
#include "DockerPage.h"

namespace td::ui {

DockerPage::DockerPage(Session &session, QWidget *parent) : FixPage(session, checks::FixFamily::Docker, parent)
{
    setObjectName(QStringLiteral("dockerPage"));
    retranslate();
}

QString DockerPage::titleText() const
{
    return tr("Method 1: run the project in Docker");
}

QString DockerPage::subTitleText() const
{
    return tr(
        "The quickest way to a working project: the container brings its own PyTorch, CUDA libraries and Python.");
}

QString DockerPage::adviceText() const
{
    return tr("What it costs: Docker Desktop (Windows, macOS) or Docker Engine, a docker-compose.yml in the project, "
              "several gigabytes for the first build, and on Windows about 5–10% of the speed. The Python on this "
              "machine stays as it is.");
}

} // namespace td::ui
