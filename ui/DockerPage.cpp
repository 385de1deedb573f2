// SPDX-License-Identifier: GPL-3.0-or-later
#include "DockerPage.h"

#include "Session.h"

#include <QBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace td::ui {

DockerPage::DockerPage(Session &session, QWidget *parent) : FixPage(session, checks::FixFamily::Docker, parent)
{
    setObjectName(QStringLiteral("dockerPage"));
    m_repositoryRow = new QWidget(this);
    m_repositoryLabel = new QLabel(m_repositoryRow);
    m_repository = new QLineEdit(m_repositoryRow);
    m_repository->setObjectName(QStringLiteral("repository"));
    m_repositoryLabel->setBuddy(m_repository);
    m_planWithRepository = new QPushButton(m_repositoryRow);
    m_planWithRepository->setObjectName(QStringLiteral("planWithRepository"));
    m_planWithRepository->setEnabled(false);
    auto *row = new QHBoxLayout(m_repositoryRow);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_repositoryLabel);
    row->addWidget(m_repository, 1);
    row->addWidget(m_planWithRepository);
    m_repositoryRow->setVisible(false);
    if (auto *box = qobject_cast<QBoxLayout *>(body()->layout()))
        box->insertWidget(2, m_repositoryRow);
    connect(m_repository, &QLineEdit::textChanged, this,
            [this](const QString &text) { m_planWithRepository->setEnabled(!text.trimmed().isEmpty()); });
    connect(m_repository, &QLineEdit::returnPressed, this, &DockerPage::planWithRepository);
    connect(m_planWithRepository, &QPushButton::clicked, this, &DockerPage::planWithRepository);
    retranslate();
}

void DockerPage::retranslate()
{
    FixPage::retranslate();
    m_repositoryLabel->setText(tr("&Repository to clone:"));
    m_repository->setAccessibleName(tr("Repository to clone"));
    m_repository->setToolTip(tr("The project has no docker-compose.yml: the repository that has one, for example "
                                "https://github.com/ostris/ai-toolkit"));
    m_planWithRepository->setText(tr("&Plan with this repository"));
}

void DockerPage::proposalChanged()
{
    m_repositoryRow->setVisible(needsRepository());
}

void DockerPage::planWithRepository()
{
    const QString url = m_repository->text().trimmed();
    if (url.isEmpty())
        return;
    session().target.cloneUrl = url;
    replan();
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
