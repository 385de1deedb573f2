// SPDX-License-Identifier: GPL-3.0-or-later
#include "UrgentPage.h"

#include "PageId.h"
#include "Session.h"

#include <QButtonGroup>
#include <QLabel>
#include <QRadioButton>
#include <QStyle>
#include <QVBoxLayout>

namespace td::ui {

UrgentPage::UrgentPage(Session &session, QWidget *parent) : Page(session, parent)
{
    setObjectName(QStringLiteral("urgentPage"));
    m_question = new QLabel(this);
    m_question->setWordWrap(true);
    m_docker = new QRadioButton(this);
    m_docker->setObjectName(QStringLiteral("urgentYes"));
    m_dockerCost = new QLabel(this);
    m_dockerCost->setWordWrap(true);
    m_repair = new QRadioButton(this);
    m_repair->setObjectName(QStringLiteral("urgentNo"));
    m_repairCost = new QLabel(this);
    m_repairCost->setWordWrap(true);
    m_facts = new QLabel(this);
    m_facts->setObjectName(QStringLiteral("dockerFacts"));
    m_facts->setWordWrap(true);
    m_group = new QButtonGroup(this);
    m_group->addButton(m_docker);
    m_group->addButton(m_repair);

    const int indent = style()->pixelMetric(QStyle::PM_ExclusiveIndicatorWidth)
                       + style()->pixelMetric(QStyle::PM_RadioButtonLabelSpacing);
    m_dockerCost->setIndent(indent);
    m_repairCost->setIndent(indent);

    auto *layout = new QVBoxLayout(body());
    layout->addWidget(m_question);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(m_repair);
    layout->addWidget(m_repairCost);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(m_docker);
    layout->addWidget(m_dockerCost);
    layout->addSpacing(fontMetrics().height() / 2);
    layout->addWidget(m_facts);
    layout->addStretch(1);
    connect(m_group, &QButtonGroup::buttonToggled, this, [this] { emit completeChanged(); });
    retranslate();
}

void UrgentPage::retranslate()
{
    // Not a commit page: Back from the page after it asks the question again (Wizard rewinds the walk).
    setButtonText(QWizard::NextButton, tr("&Continue >"));
    setTitle(tr("Is it urgent?"));
    setSubTitle(tr("Do you need the project running now, more than a repaired Python?"));
    m_question->setText(tr("There are two ways on from here. Choose one; the flowchart beside shows where each "
                           "leads."));
    m_repair->setText(tr("&No: repair this Python in place"));
    m_repair->setAccessibleName(tr("Not urgent: repair this Python in place"));
    m_repairCost->setText(tr("Costs some minutes. Goes through the environment variables, then reinstalling "
                             "PyTorch, then system-level repairs, only as far as needed. Each step shows exactly "
                             "what it changes, asks first, is checked afterwards, and can be undone."));
    m_docker->setText(tr("&Yes: run the project in Docker"));
    m_docker->setAccessibleName(tr("Urgent: run the project in Docker"));
    m_dockerCost->setText(tr("Needs Docker (Docker Desktop on Windows and macOS) and a docker-compose.yml in the "
                             "project. The first build downloads several gigabytes; on Windows expect about 5–10% "
                             "less speed. Your Python stays as broken as it is: it only sidesteps the problem."));
    initializePage();
}

void UrgentPage::initializePage()
{
    const auto &report = session().report();
    if (!report)
        return;
    if (report->facts.composeFile.isEmpty())
        m_facts->setText(tr("This project has no docker-compose.yml that TorchDoctor found; the Docker step can only "
                            "tell you what it needs."));
    else if (report->facts.docker && !report->facts.docker->daemonRunning)
        m_facts->setText(
            tr("The project has %1, but Docker does not answer on this machine.").arg(report->facts.composeFile));
    else
        m_facts->setText(tr("The project has %1.").arg(report->facts.composeFile));
}

void UrgentPage::choose(bool urgent)
{
    (urgent ? m_docker : m_repair)->setChecked(true);
}

bool UrgentPage::isComplete() const
{
    return m_docker->isChecked() || m_repair->isChecked();
}

bool UrgentPage::validatePage()
{
    flow::Flow *flow = session().flow();
    if (!flow)
        return false;
    if (flow->current().id == flow::FlowChart::urgentId()) {
        flow->answerUrgent(m_docker->isChecked());
        session().flowChanged();
    }
    return true;
}

int UrgentPage::nextId() const
{
    const flow::Flow *flow = session().flow();
    if (flow && flow->current().id == flow::FlowChart::urgentId())
        return m_docker->isChecked() ? DockerPageId : EnvPageId; // where the answer is about to lead
    return session().pageOfFlow();
}

} // namespace td::ui
