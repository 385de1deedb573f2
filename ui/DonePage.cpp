// SPDX-License-Identifier: GPL-3.0-or-later
#include "DonePage.h"

#include "ConfirmDialog.h"
#include "PageId.h"
#include "Session.h"
#include "Theme.h"
#include "WrappedRows.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QtConcurrent/QtConcurrentRun>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace td::ui {

DonePage::DonePage(Session &session, QWidget *parent) : Page(session, parent)
{
    setObjectName(QStringLiteral("donePage"));
    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("doneResult"));
    m_result->setWordWrap(true);
    QFont big = m_result->font();
    big.setBold(true);
    big.setPointSizeF(big.pointSizeF() * 1.2);
    m_result->setFont(big);
    m_changesLabel = new QLabel(this);
    m_changes = new QTreeWidget(this);
    m_changes->setObjectName(QStringLiteral("changes"));
    m_changes->setHeaderHidden(true);
    wrapRows(m_changes); // long steps wrap, whole and in sight
    m_changesLabel->setBuddy(m_changes);
    m_afterwards = new QLabel(this);
    m_afterwards->setObjectName(QStringLiteral("afterwards"));
    m_afterwards->setWordWrap(true);
    m_undoButton = new QPushButton(this);
    m_undoButton->setObjectName(QStringLiteral("undo"));
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("undoStatus"));
    m_status->setWordWrap(true);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_undoButton);
    buttons->addWidget(m_status, 1);
    auto *layout = new QVBoxLayout(body());
    layout->addWidget(m_result);
    layout->addWidget(m_changesLabel);
    layout->addWidget(m_changes, 1);
    layout->addWidget(m_afterwards);
    layout->addLayout(buttons);

    connect(m_undoButton, &QPushButton::clicked, this, &DonePage::undo);
    connect(&session, &Session::changed, this, [this] {
        if (isVisible())
            fill();
        emit completeChanged();
    });
    connect(&m_undo, &QFutureWatcher<fixes::RepairRunEvent>::resultsReadyAt, this, &DonePage::onUndoEvents);
    connect(&m_reading, &QFutureWatcher<Entries>::finished, this, [this] {
        if (m_reading.isCanceled() || m_reading.future().resultCount() == 0)
            return;
        m_entries = m_reading.result();
        fillChanges();
    });
    connect(&m_undo, &QFutureWatcher<fixes::RepairRunEvent>::finished, this, [this] {
        if (!m_undoing)
            return; // its Finished event came first, as it does
        m_undoing = false;
        fill();
        emit completeChanged();
    });
    retranslate();
}

DonePage::~DonePage()
{
    m_undo.disconnect(this);
    m_reading.disconnect(this); // a read of the journal ends on its own
    stopWork(); // an undo waiting for its answer gets "no"; one that runs ends its step, journalled
    m_undo.waitForFinished();
}

bool DonePage::stopWork()
{
    m_undoCancel.cancel();
    if (m_undoAnswers)
        m_undoAnswers->answer(fixes::RepairAnswer::No);
    return m_undo.isRunning();
}

void DonePage::retranslate()
{
    setTitle(tr("Done"));
    setSubTitle(tr("What the repairs changed, and how to put it back."));
    m_changesLabel->setText(tr("What &changed:"));
    m_changes->setAccessibleName(tr("Changes made in this session"));
    m_undoButton->setText(tr("&Undo the last repair…"));
    m_undoButton->setAccessibleName(tr("Undo the last repair"));
    fill();
}

void DonePage::initializePage()
{
    m_status->clear();
    fill();
}

QString DonePage::undoableEntry() const
{
    const QStringList &applied = session().appliedEntries();
    for (auto it = applied.crbegin(); it != applied.crend(); ++it)
        if (!m_undone.contains(*it))
            return *it;
    return {};
}

QString DonePage::sentences(const QStringList &list)
{
    QString out;
    for (const QString &sentence : list)
        out = out.isEmpty() ? sentence : tr("%1 %2", "two sentences, one after the other").arg(out, sentence);
    return out;
}

void DonePage::fill()
{
    const flow::Flow *flow = session().flow();
    const auto &report = session().report();
    const auto &first = session().firstReport();
    QString result;
    bool good = true;
    if (!report) {
        result.clear();
    } else if (session().isRechecking()) {
        result = tr("Checking again how PyTorch does now…");
    } else if (session().changedAfterFlow()) {
        // An undo changed the machine: the check made since then answers, not the flow's last word.
        const auto errors = std::count_if(report->findings.cbegin(), report->findings.cend(), [](const auto &f) {
            return f.severity == checks::Severity::Error;
        });
        good = errors == 0;
        result = good ? tr("Checked again after the undo: PyTorch works here.")
                      : tr("Checked again after the undo: %n problem(s) are there. The report on the next page says "
                           "what they are.",
                           nullptr, static_cast<int>(errors));
    } else if (first && !first->hasErrors() && session().pasted && session().pasted->otherSystem) {
        result = tr("Nothing needs repair on this machine; the error you pasted happened on another one: run "
                    "TorchDoctor there.");
    } else if (first && !first->hasErrors()) {
        result = tr("Nothing needs repair: PyTorch works here.");
    } else if (flow && flow->isDone() && flow->solved()) {
        result = tr("Solved: PyTorch works now.");
    } else {
        good = false;
        result = flow ? tr("Not solved: %n problem(s) remain. The report on the next page says what is left; send it "
                           "to whoever supports you.",
                           nullptr, static_cast<int>(flow->remaining().size()))
                      : QString();
    }
    m_result->setText(result);
    QPalette pal = m_result->palette();
    pal.setColor(QPalette::WindowText, good ? Theme::okColor(palette()) : Theme::errorColor(palette()));
    m_result->setPalette(pal);

    readEntries();
    fillChanges();
    const QStringList after = session().afterwards();
    m_afterwards->setText(after.isEmpty() ? QString() : tr("Next: %1").arg(sentences(after)));
    m_afterwards->setVisible(!after.isEmpty());
    m_undoButton->setEnabled(!undoableEntry().isEmpty() && !m_undoing);
}

void DonePage::readEntries()
{
    const QStringList ids = session().appliedEntries();
    if (ids.isEmpty()) {
        m_entries.clear();
        return;
    }
    const Backend *backend = &session().backend();
    m_reading.setFuture(QtConcurrent::run([backend, ids] {
        Entries read;
        for (const QString &id : ids)
            read.insert(id, backend->journalEntry(id));
        return read;
    }));
}

void DonePage::fillChanges()
{
    m_changes->clear();
    for (const QString &id : session().appliedEntries()) {
        const std::optional<fixes::JournalEntry> entry = m_entries.value(id);
        auto *top = new QTreeWidgetItem(m_changes);
        top->setText(0, entry ? (entry->title.isEmpty() ? id : entry->title) : id);
        if (m_undone.contains(id) || (entry && !entry->undoneBy.isEmpty()))
            top->setText(0, tr("%1 (undone)").arg(top->text(0)));
        if (entry) {
            for (const fixes::JournalStep &step : entry->steps) {
                auto *child = new QTreeWidgetItem(top);
                QString state;
                switch (step.state) {
                case fixes::StepState::Planned: state = tr("not run"); break;
                case fixes::StepState::Running: state = tr("started"); break;
                case fixes::StepState::Done: state = tr("done"); break;
                case fixes::StepState::Failed: state = tr("failed"); break;
                }
                child->setText(0, QStringLiteral("%1 (%2)").arg(step.description, state));
                child->setToolTip(0, step.description);
            }
        }
        top->setExpanded(true);
    }
    if (session().appliedEntries().isEmpty())
        new QTreeWidgetItem(m_changes, QStringList{tr("Nothing was changed on this machine.")});
}

void DonePage::undo()
{
    const QString id = undoableEntry();
    if (id.isEmpty() || m_undoing)
        return;
    m_undoing = true; // the undo run reads the journal and plans off this thread
    m_status->setText(tr("Reading what the repair changed…"));
    m_undoButton->setEnabled(false);
    m_undoAnswers = std::make_shared<fixes::RepairAnswers>();
    m_undoCancel = platform::CancelToken();
    m_undo.setProperty("entry", id);
    m_undo.setFuture(session().backend().undo(id, m_undoAnswers, m_undoCancel));
    emit completeChanged();
}

void DonePage::onUndoEvents(int begin, int end)
{
    using Kind = fixes::RepairRunEvent::Kind;
    for (int i = begin; i < end; ++i) {
        const fixes::RepairRunEvent e = m_undo.resultAt(i);
        if (e.kind == Kind::Asking) {
            const fixes::FixPlan &plan = e.repair.plan;
            const int steps = static_cast<int>(plan.steps.size());
            // What comes back is what broke PyTorch: say so, by name, before the yes.
            QStringList restored;
            for (const fixes::FixStep &step : plan.steps) {
                if (const auto *file = std::get_if<fixes::WriteFile>(&step.action))
                    restored << file->path;
                else if (const auto *variable = std::get_if<fixes::SetUserVariable>(&step.action))
                    restored << variable->name;
            }
            QString question = tr("Put back what the repair changed, in these %n step(s)?", nullptr, steps);
            if (!restored.isEmpty())
                question = tr("%1 %2", "two sentences, one after the other")
                               .arg(question, tr("%1 gets back exactly what it held before, including the setting the "
                                                 "repair removed because it broke PyTorch: PyTorch fails again as it "
                                                 "did before the repair.")
                                                  .arg(restored.join(tr(", ", "between the items of a list"))));
            ConfirmDialog::ask(this, question, plan, tr("&Undo %n step(s)", nullptr, steps),
                               [this, answers = m_undoAnswers](bool yes) {
                                   if (yes)
                                       m_status->setText(tr("Undoing…"));
                                   answers->answer(yes ? fixes::RepairAnswer::Yes : fixes::RepairAnswer::No);
                               });
            continue;
        }
        if (e.kind != Kind::Finished)
            continue;
        m_undoing = false;
        const fixes::ExecutionResult &result = e.result.execution;
        const QString entry = m_undo.property("entry").toString();
        if (e.result.repair.plan.steps.isEmpty()) {
            m_status->setText(tr("Nothing to undo."));
        } else if (result.outcome == fixes::ExecutionResult::Outcome::Declined) {
            m_status->setText(tr("Nothing was changed."));
        } else {
            session().recordUndo(entry, result);
            if (result.ok()) {
                m_undone << entry;
                session().dropAfterwardsOf(entry); // its "afterwards" no longer applies
                m_status->setText(tr("Undone (recorded as %1).").arg(result.entryId));
            } else {
                m_status->setText(tr("Undo stopped: %1").arg(result.error));
            }
            if (result.ok() || !result.entryId.isEmpty()) // what it brought back is found again, not remembered
                session().recheck(true);
        }
        const QString status = m_status->text();
        fill();
        m_status->setText(status);
        emit completeChanged();
    }
}

bool DonePage::isBusy() const
{
    return isUndoing() || session().isRechecking();
}

bool DonePage::isComplete() const
{
    return !m_undoing && !session().isRechecking();
}

int DonePage::nextId() const
{
    return ExportPageId;
}

QString DonePage::resultText() const
{
    return m_result->text();
}

QString DonePage::statusText() const
{
    return m_status->text();
}

} // namespace td::ui
