// SPDX-License-Identifier: GPL-3.0-or-later
#include "ReinstallPage.h"

#include "Session.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPushButton>

namespace td::ui {

ReinstallPage::ReinstallPage(Session &session, QWidget *parent) : FixPage(session, checks::FixFamily::Reinstall, parent)
{
    setObjectName(QStringLiteral("reinstallPage"));
    m_otherRow = new QWidget(this);
    m_other = new QLabel(m_otherRow);
    m_other->setObjectName(QStringLiteral("otherInterpreter"));
    m_other->setWordWrap(true);
    m_useOther = new QPushButton(m_otherRow);
    m_useOther->setObjectName(QStringLiteral("useOtherInterpreter"));
    auto *otherRow = new QHBoxLayout(m_otherRow);
    otherRow->setContentsMargins(0, 0, 0, 0);
    otherRow->addWidget(m_other, 1);
    otherRow->addWidget(m_useOther);
    m_otherRow->setVisible(false);
    connect(m_useOther, &QPushButton::clicked, this, [this] {
        if (const QString exe = otherInterpreter(); !exe.isEmpty() && !isBusy())
            emit useInterpreter(exe);
    });
    m_wheelsRow = new QWidget(this);
    m_wheelsLabel = new QLabel(m_wheelsRow);
    m_wheels = new QLineEdit(m_wheelsRow);
    m_wheels->setObjectName(QStringLiteral("wheelFolder"));
    m_wheelsLabel->setBuddy(m_wheels);
    m_browse = new QPushButton(m_wheelsRow);
    m_browse->setObjectName(QStringLiteral("browseWheels"));
    m_noIndex = new QCheckBox(m_wheelsRow);
    m_noIndex->setObjectName(QStringLiteral("noIndex"));
    m_wheelsProblem = new QLabel(m_wheelsRow);
    m_wheelsProblem->setObjectName(QStringLiteral("wheelFolderProblem"));
    m_wheelsProblem->setWordWrap(true);
    m_wheelsProblem->setVisible(false);
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_wheelsLabel);
    row->addWidget(m_wheels, 1);
    row->addWidget(m_browse);
    row->addWidget(m_noIndex);
    auto *rows = new QVBoxLayout(m_wheelsRow);
    rows->setContentsMargins(0, 0, 0, 0);
    rows->addLayout(row);
    rows->addWidget(m_wheelsProblem);
    if (auto *box = qobject_cast<QBoxLayout *>(body()->layout())) {
        box->insertWidget(2, m_otherRow); // before anything is reinstalled
        box->insertWidget(3, m_wheelsRow);
    }
    m_wheels->installEventFilter(this);
    connect(m_wheels, &QLineEdit::editingFinished, this, &ReinstallPage::useTypedFolder);
    connect(m_noIndex, &QCheckBox::toggled, this, &ReinstallPage::useTypedFolder);
    connect(m_browse, &QPushButton::clicked, this, &ReinstallPage::browse);
    retranslate();
}

void ReinstallPage::initializePage()
{
    m_wheels->setText(QDir::toNativeSeparators(session().target.wheelFolder));
    m_noIndex->setChecked(session().target.noIndex);
    m_wheelsProblem->setVisible(false);
    FixPage::initializePage();
}

void ReinstallPage::retranslate()
{
    FixPage::retranslate();
    m_wheelsLabel->setText(tr("&Wheels from a folder:"));
    m_wheels->setAccessibleName(tr("Folder of downloaded wheels"));
    m_wheels->setPlaceholderText(tr("empty: from the index chosen for this machine"));
    m_wheels->setToolTip(tr("Without network: download the wheels elsewhere (pip download) and name their folder."));
    m_browse->setText(tr("&Browse…"));
    m_browse->setAccessibleName(tr("Choose the folder of wheels"));
    m_noIndex->setText(tr("&Only from this folder"));
    m_noIndex->setToolTip(tr("Use no package index at all: every wheel must be in the folder."));
    m_useOther->setText(tr("&Use this interpreter"));
    m_useOther->setAccessibleName(tr("Use the interpreter that has torch"));
    proposalChanged();
}

QJsonObject ReinstallPage::otherWithTorch() const
{
    if (const auto &report = session().report())
        for (const checks::Finding &f : report->findings)
            if (f.id == QLatin1String("torch.not-installed"))
                if (const QJsonArray others =
                        f.evidence.value(QStringLiteral("other_interpreters_with_torch")).toArray();
                    !others.isEmpty())
                    return others.first().toObject();
    return {};
}

QString ReinstallPage::otherInterpreter() const
{
    return otherWithTorch().value(QStringLiteral("executable")).toString();
}

void ReinstallPage::proposalChanged()
{
    if (!m_other)
        return; // not built yet
    const QJsonObject other = otherWithTorch();
    const QString exe = other.value(QStringLiteral("executable")).toString();
    const QString torch = other.value(QStringLiteral("torch")).toString();
    m_other->setText(exe.isEmpty() ? QString()
                                   : tr("torch %1 is already installed for %2. Use that interpreter instead of "
                                        "reinstalling: it is checked from the start.")
                                         .arg(torch, exe));
    m_otherRow->setVisible(!exe.isEmpty());
    // Nothing is installed when the project or a terminal is made to run the Python that has torch.
    const fixes::ReinstallPlan &plan = repair().reinstall;
    m_wheelsRow->setVisible(!plan.switchesInterpreter && !(plan.remakesVenv && plan.packages.isEmpty()));
    refreshTexts();
}

bool ReinstallPage::setWheelFolder(const QString &folder, bool noIndex)
{
    if (runner()->phase() != FixRunnerWidget::Phase::Planned)
        return false;
    const QString dir = folder.trimmed();
    if (!dir.isEmpty() && !QFileInfo(dir).isDir()) {
        m_wheelsProblem->setText(tr("There is no folder %1.").arg(dir));
        m_wheelsProblem->setVisible(true);
        return false;
    }
    m_wheelsProblem->setVisible(false);
    const QString absolute = dir.isEmpty() ? QString() : QFileInfo(dir).absoluteFilePath();
    if (absolute == session().target.wheelFolder && noIndex == session().target.noIndex)
        return true;
    session().target.wheelFolder = absolute;
    session().target.noIndex = noIndex;
    replan();
    return true;
}

bool ReinstallPage::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_wheels && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            useTypedFolder();
            return true;
        }
    }
    return FixPage::eventFilter(watched, event);
}

void ReinstallPage::useTypedFolder()
{
    setWheelFolder(m_wheels->text(), m_noIndex->isChecked());
}

void ReinstallPage::browse()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder of downloaded wheels"), m_wheels->text());
    if (dir.isEmpty())
        return;
    m_wheels->setText(QDir::toNativeSeparators(dir));
    useTypedFolder();
}

QString ReinstallPage::titleText() const
{
    if (repair().reinstall.remakesVenv)
        return tr("Method 3: make the venv again");
    return repair().reinstall.switchesInterpreter ? tr("Method 3: use the Python that has PyTorch")
                                                  : tr("Method 3: reinstall PyTorch");
}

QString ReinstallPage::subTitleText() const
{
    if (repair().reinstall.remakesVenv)
        return repair().reinstall.packages.isEmpty()
                   ? tr("The Python this venv was made from is gone: this step makes the venv again on a Python of "
                        "this machine and puts its packages back into it. Nothing is downloaded.")
                   : tr("The Python this venv was made from is gone, and none of its version is here: this step "
                        "makes the venv again on another Python and installs its packages again at their versions.");
    if (repair().reinstall.switchesInterpreter)
        return tr("PyTorch works in the Python checked here, but not in the one the project or a terminal runs: "
                  "this step makes them run this one. Nothing is installed.");
    return tr("Installs the PyTorch build that fits this machine: the CUDA variant from the driver and the GPU, for "
              "this Python version.");
}

QString ReinstallPage::adviceText() const
{
    if (repair().reinstall.remakesVenv)
        return tr("Good to know: the old venv is kept beside the new one until you delete it; Undo removes the new "
                  "one and puts the old one back as it was.");
    if (repair().reinstall.switchesInterpreter)
        return tr("Good to know: every step is kept in the journal; Undo puts back the version file or the "
                  "project's old venv as they were.");
    return tr("Good to know: the wheel index is chosen from the driver, the GPU generation and the Python version, and "
              "the environment's own installer (pip or uv) is used. A snapshot of the installed packages is taken "
              "first, so that Undo can put them back.");
}

} // namespace td::ui
