// SPDX-License-Identifier: GPL-3.0-or-later
#include "FindingsPage.h"

#include "PageId.h"
#include "Session.h"
#include "Theme.h"
#include "WrappedRows.h"

#include "checks/CheckOutcome.h"
#include "checks/Explanation.h"

#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QStyle>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace td::ui {

using checks::Finding;
using checks::Severity;

namespace {

const QStringList kAreas{QStringLiteral("python"), QStringLiteral("torch"),    QStringLiteral("libraries"),
                         QStringLiteral("gpu"),    QStringLiteral("packages"), QStringLiteral("environment"),
                         QStringLiteral("docker")};

QStringList chainOf(const Finding &f)
{
    QStringList chain;
    for (const QJsonValue &v : f.evidence.value(QStringLiteral("chain")).toArray())
        chain << v.toString();
    const QString culprit = f.evidence.value(QStringLiteral("culprit")).toString();
    const QString library = f.evidence.value(QStringLiteral("library")).toString();
    const QString last = culprit.isEmpty() ? library : culprit;
    if (!last.isEmpty() && (chain.isEmpty() || chain.last() != last) && f.id.startsWith(QLatin1String("lib.")))
        chain << last;
    else if (!culprit.isEmpty() && (chain.isEmpty() || chain.last() != culprit))
        chain << culprit;
    return chain;
}

QString problemOf(const Finding &f)
{
    QString problem = f.evidence.value(QStringLiteral("culprit_problem")).toString();
    if (problem.isEmpty())
        problem = f.evidence.value(QStringLiteral("loader_problem")).toString();
    return problem;
}

} // namespace

FindingsPage::FindingsPage(Session &session, QWidget *parent) : Page(session, parent)
{
    setObjectName(QStringLiteral("findingsPage"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setWordWrap(true);
    QFont big = m_summary->font();
    big.setBold(true);
    m_summary->setFont(big);
    m_pasted = new QLabel(this);
    m_pasted->setObjectName(QStringLiteral("pastedCulprit"));
    m_pasted->setWordWrap(true);
    m_pasted->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    m_listLabel = new QLabel(this);
    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("findings"));
    m_list->setHeaderHidden(true);
    m_list->setRootIsDecorated(true);
    wrapRows(m_list); // long titles wrap, whole and in sight
    m_listLabel->setBuddy(m_list);

    m_detailLabel = new QLabel(this);
    m_detail = new QTextBrowser(this);
    m_detail->setObjectName(QStringLiteral("detail"));
    m_detail->setOpenLinks(false);
    m_detailLabel->setBuddy(m_detail);

    m_chainLabel = new QLabel(this);
    m_chain = new QTreeWidget(this);
    m_chain->setObjectName(QStringLiteral("chain"));
    m_chain->setColumnCount(2);
    m_chain->setTextElideMode(Qt::ElideNone); // library names whole: the view scrolls instead
    m_chain->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_chain->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_chain->header()->setStretchLastSection(false);
    m_chainLabel->setBuddy(m_chain);

    auto *grid = new QGridLayout;
    grid->addWidget(m_listLabel, 0, 0);
    grid->addWidget(m_list, 1, 0, 3, 1);
    grid->addWidget(m_detailLabel, 0, 1);
    grid->addWidget(m_detail, 1, 1);
    grid->addWidget(m_chainLabel, 2, 1);
    grid->addWidget(m_chain, 3, 1);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    grid->setRowStretch(1, 3);
    grid->setRowStretch(3, 2);

    auto *layout = new QVBoxLayout(body());
    layout->addWidget(m_summary);
    layout->addWidget(m_pasted);
    layout->addLayout(grid, 1);

    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *current) { showFinding(current); });
    // The diagnosis can change while the page is shown (the pasted error read again in another language).
    connect(&session, &Session::changed, this, [this] {
        if (isVisible())
            fill();
    });
    retranslate();
}

void FindingsPage::retranslate()
{
    setTitle(tr("What is wrong"));
    setSubTitle(tr("Each finding says what is wrong, why, and what repairs it."));
    m_listLabel->setText(tr("&Findings:"));
    m_list->setAccessibleName(tr("Findings by area"));
    m_detailLabel->setText(tr("&What it means:"));
    m_detail->setAccessibleName(tr("Explanation of the selected finding"));
    m_chainLabel->setText(tr("The failing &chain of libraries:"));
    m_chain->setAccessibleName(tr("Dependency chain of the selected finding"));
    m_chain->setHeaderLabels({tr("Library"), tr("State")});
    if (session().report())
        fill();
}

void FindingsPage::initializePage()
{
    fill();
}

void FindingsPage::fill()
{
    const auto &report = session().report();
    m_findings = report ? report->findings : QList<Finding>{};
    // The pasted error is told above the list, not in it.
    m_findings.removeIf([](const Finding &f) { return f.id == QLatin1String("pasted.error"); });
    Selection pick;
    pick.selectedId = m_list->currentItem() ? m_list->currentItem()->data(0, Qt::UserRole + 1).toString() : QString();
    pick.pastedFile = session().pasted ? session().pasted->error.library : QString();
    m_list->clear();
    m_chain->clear();
    m_detail->clear();

    // A pasted error the diagnosis can be read against.
    const std::optional<PastedError> pasted =
        session().pasted && session().pasted->recognized ? session().pasted : std::nullopt;
    m_summary->setText(summaryText(pasted));

    QStringList areas = kAreas;
    for (const Finding &f : std::as_const(m_findings))
        if (!areas.contains(checks::areaOf(f.id)))
            areas << checks::areaOf(f.id);
    areas = checks::areasRootCausesFirst(m_findings, areas); // the root cause leads its symptoms
    const QList<checks::CheckOutcome> outcomes =
        report ? checks::checkOutcomes(*report) : QList<checks::CheckOutcome>{};
    for (const QString &area : std::as_const(areas))
        addArea(area, outcomes, pick);

    showPasted(pasted, pick);
    QTreeWidgetItem *select = pick.preferred ? pick.preferred : pick.firstError;
    if (!select && m_list->topLevelItemCount() > 0)
        select = m_list->topLevelItem(0);
    m_list->setCurrentItem(select);
    showFinding(select);
}

// The line above the list: how many problems and warnings, or what the pasted error means here.
QString FindingsPage::summaryText(const std::optional<PastedError> &pasted) const
{
    int errors = 0, warnings = 0;
    for (const Finding &f : std::as_const(m_findings)) {
        errors += f.severity == Severity::Error ? 1 : 0;
        warnings += f.severity == Severity::Warning ? 1 : 0;
    }
    if (errors > 0)
        return tr("%1 %2", "two sentences, one after the other")
            .arg(tr("%n problem(s) keep PyTorch from working.", nullptr, errors),
                 tr("%n warning(s).", nullptr, warnings));
    if (pasted && pasted->otherSystem) { // what matters most, warnings or not
        const QString elsewhere = tr("The error you pasted happened on a %1 machine; this one was not where it "
                                     "happened, so it cannot be repaired from here. Run TorchDoctor on that machine.")
                                      .arg(checks::systemName(pasted->system));
        return warnings == 0 ? elsewhere
                             : tr("%1 %2", "two sentences, one after the other")
                                   .arg(elsewhere, tr("%n warning(s).", nullptr, warnings));
    }
    if (warnings > 0)
        return tr("PyTorch works; %n warning(s) are worth a look.", nullptr, warnings);
    if (pasted)
        return tr("This diagnosis finds no problem now, but the error you pasted is real: it came from another "
                  "interpreter, environment or moment (see below).");
    return tr("No problem found: PyTorch works here.");
}

// One area of the list with its findings; `pick` learns the first error and the finding to select.
void FindingsPage::addArea(const QString &area, const QList<checks::CheckOutcome> &outcomes, Selection &pick)
{
    std::optional<Severity> worst;
    QList<qsizetype> indexes;
    for (qsizetype i = 0; i < m_findings.size(); ++i) {
        if (checks::areaOf(m_findings[i].id) != area)
            continue;
        indexes << i;
        if (!worst || static_cast<int>(m_findings[i].severity) < static_cast<int>(*worst))
            worst = m_findings[i].severity;
    }
    if (indexes.isEmpty() && !kAreas.contains(area))
        return;
    auto *top = new QTreeWidgetItem(m_list);
    markArea(top, area, worst, outcomes);
    for (qsizetype i : std::as_const(indexes)) {
        const Finding &f = m_findings[i];
        auto *item = new QTreeWidgetItem(top);
        item->setText(0, f.title);
        item->setToolTip(0, f.title);
        item->setIcon(0, Theme::severityIcon(f.severity));
        item->setData(0, Qt::UserRole, static_cast<int>(i));
        item->setData(0, Qt::UserRole + 1, f.id);
        item->setData(0, Qt::AccessibleDescriptionRole, severityWord(f.severity));
        if (!pick.firstError && f.severity == Severity::Error)
            pick.firstError = item;
        if (!pick.pastedFile.isEmpty() && chainOf(f).contains(pick.pastedFile, Qt::CaseInsensitive)
            && !pick.preferred)
            pick.preferred = item;
        if (f.id == pick.selectedId)
            pick.preferred = item;
    }
    top->setExpanded(!indexes.isEmpty());
}

// An area's row: its state in words and as an icon.
void FindingsPage::markArea(QTreeWidgetItem *top, const QString &area, std::optional<Severity> worst,
                            const QList<checks::CheckOutcome> &outcomes) const
{
    const QString name = checks::areaTitle(area);
    const bool ok = !worst || *worst == Severity::Info;
    // An area whose checks could not run was not checked: it is no "no problem".
    // A check that failed with its finding told in another area (an import that fails only in a new
    // terminal) is no "no problem" either.
    const QString notChecked = checks::areaNotChecked(outcomes, area);
    const checks::CheckOutcome *failedElsewhere = nullptr;
    for (const checks::CheckOutcome &o : std::as_const(outcomes))
        if (checks::areaOf(o.checkId) == area && o.state == checks::CheckOutcome::State::Failed && o.findings.isEmpty()
            && !failedElsewhere)
            failedElsewhere = &o;
    const bool unchecked = ok && !notChecked.isEmpty();
    if (ok && failedElsewhere) {
        top->setText(0, tr("%1: %2").arg(name, failedElsewhere->summary));
        top->setIcon(0, Theme::severityIcon(Severity::Error));
        worst = Severity::Error;
    } else {
        top->setText(0, unchecked ? tr("%1: not checked (%2)").arg(name, notChecked)
                        : ok      ? tr("%1: no problem").arg(name)
                                  : name);
        top->setIcon(0, unchecked ? style()->standardIcon(QStyle::SP_MessageBoxQuestion)
                        : worst   ? Theme::severityIcon(*worst)
                                  : Theme::okIcon());
    }
    top->setData(0, Qt::AccessibleDescriptionRole,
                 unchecked ? tr("not checked") : !worst ? tr("fine") : severityWord(*worst));
}

QString FindingsPage::severityWord(Severity severity)
{
    return severity == Severity::Error     ? tr("error")
           : severity == Severity::Warning ? tr("warning")
                                           : tr("information");
}

// The pasted error: what it means (as `explain` says), and what core finds behind it in this diagnosis.
void FindingsPage::showPasted(const std::optional<PastedError> &pasted, Selection &pick)
{
    const auto &report = session().report();
    m_pasted->setVisible(false);
    if (!pasted || !report)
        return;
    const QString named =
        pasted->error.library.isEmpty() ? QFileInfo(pasted->error.path).fileName() : pasted->error.library;
    // What `explain` says of it (the cause, the file, the repairs; another system's error says so), then
    // what this diagnosis finds behind it.
    // Its cause is a finding of this diagnosis: the card names it and selects it; the whole story is told
    // once, beside the list.
    if (QTreeWidgetItem *cause = pasted->lead ? itemOf(*pasted->lead) : nullptr) {
        m_pasted->setText(named.isEmpty()
                              ? tr("The error you pasted comes from the finding selected below: %1")
                                    .arg(pasted->lead->title)
                              : tr("The error you pasted (about %1) comes from the finding selected below: %2")
                                    .arg(named, pasted->lead->title));
        m_pasted->setVisible(true);
        pick.preferred = cause;
        return;
    }
    QStringList parts;
    const Finding told = checks::pastedErrorFinding(*pasted);
    parts << told.title << told.detail;
    const auto culprit = pasted->otherSystem ? std::nullopt : session().backend().culpritOf(pasted->error, *report);
    const python::StaticProbe *diagnosed = report->facts.chosenProbe();
    const QString pastedPython = pasted->place.interpreter;
    const bool elsewhere = !pastedPython.isEmpty() && diagnosed
                           && !python::sameEnvironment(pastedPython, diagnosed->interpreter.executable);
    if (elsewhere)
        parts << tr("The error you pasted happened in the Python at %1, not in %2, which this diagnosis is of. Go "
                    "back to the first page and select it to diagnose where the error happened.")
                     .arg(QDir::toNativeSeparators(pastedPython),
                          QDir::toNativeSeparators(diagnosed->interpreter.executable));
    if (culprit)
        parts << tr("The error you pasted names %1. The file really at fault is %2 (%3), reached through %4.")
                     .arg(named, culprit->library, checks::problemWords(culprit->kind),
                          culprit->chain.join(QStringLiteral(" → ")));
    else if (!pasted->otherSystem && !elsewhere && pasted->place.namesAPlace() && pastedPython.isEmpty())
        parts << tr("The error you pasted happened in %1, which is not on this machine, so the findings below are "
                    "about the installation diagnosed here, not about that one.")
                     .arg(pasted->place.named());
    else if (!pasted->otherSystem && !elsewhere && !pasted->foundHere() && !named.isEmpty())
        parts << tr("The error you pasted names %1; this machine's copy of PyTorch loads it without a problem, so "
                    "the findings below are about the installation as it is now.")
                     .arg(named);
    m_pasted->setText(parts.join(QStringLiteral("\n")));
    m_pasted->setVisible(!parts.isEmpty());
    if (culprit)
        for (QTreeWidgetItemIterator it(m_list); *it; ++it)
            if ((*it)->data(0, Qt::UserRole).isValid()
                && chainOf(m_findings[(*it)->data(0, Qt::UserRole).toInt()]).contains(culprit->library)) {
                pick.preferred = *it;
                break;
            }
}

QTreeWidgetItem *FindingsPage::itemOf(const Finding &finding) const
{
    for (QTreeWidgetItemIterator it(m_list); *it; ++it)
        if (const QVariant index = (*it)->data(0, Qt::UserRole); index.isValid()) {
            const Finding &f = m_findings[index.toInt()];
            if (f.id == finding.id && f.title == finding.title)
                return *it;
        }
    return nullptr;
}

void FindingsPage::showFinding(QTreeWidgetItem *item)
{
    m_chain->clear();
    if (!item || !item->data(0, Qt::UserRole).isValid()) {
        m_detail->setPlainText(item ? item->text(0) : QString());
        m_chainLabel->setEnabled(false);
        return;
    }
    const Finding &f = m_findings[item->data(0, Qt::UserRole).toInt()];
    QString text = f.title + QStringLiteral("\n\n") + f.detail;
    if (!f.fixes.isEmpty()) {
        QStringList repairs;
        for (checks::FixFamily family : f.fixes) {
            switch (family) {
            case checks::FixFamily::Docker: repairs << tr("run in Docker"); break;
            case checks::FixFamily::Env: repairs << tr("repair the environment variables"); break;
            case checks::FixFamily::Reinstall: repairs << tr("reinstall PyTorch"); break;
            case checks::FixFamily::System: repairs << tr("system-level repair"); break;
            }
        }
        text += QStringLiteral("\n\n")
                + tr("Repairs that address it: %1.").arg(repairs.join(tr(", ", "between the items of a list")));
    }
    text += QStringLiteral("\n\n[") + f.id + u']';
    m_detail->setPlainText(text);
    const QStringList chain = chainOf(f);
    m_chainLabel->setEnabled(!chain.isEmpty());
    showChain(chain, problemOf(f), f.evidence.value(QStringLiteral("culprit_path")).toString());
}

void FindingsPage::showChain(const QStringList &chain, const QString &problem, const QString &path)
{
    QTreeWidgetItem *parent = nullptr;
    for (qsizetype i = 0; i < chain.size(); ++i) {
        auto *item = parent ? new QTreeWidgetItem(parent) : new QTreeWidgetItem(m_chain);
        item->setText(0, chain[i]);
        const bool last = i == chain.size() - 1;
        if (last) {
            const QString state = checks::problemWords(problem);
            item->setText(1, QStringLiteral("✗ ") + state);
            QFont bold = item->font(0);
            bold.setBold(true);
            item->setFont(0, bold);
            item->setFont(1, bold);
            const QColor error = Theme::errorColor(palette());
            item->setForeground(0, error);
            item->setForeground(1, error);
            item->setIcon(0, Theme::severityIcon(Severity::Error));
            item->setToolTip(0, path.isEmpty() ? chain[i] : path);
            item->setData(0, Qt::AccessibleDescriptionRole, state);
        } else {
            item->setText(1, tr("loads, needs the next one"));
        }
        item->setExpanded(true);
        parent = item;
    }
    if (parent)
        m_chain->scrollToItem(parent);
}

QStringList FindingsPage::shownChain() const
{
    QStringList out;
    QTreeWidgetItem *item = m_chain->topLevelItemCount() > 0 ? m_chain->topLevelItem(0) : nullptr;
    while (item) {
        out << item->text(0);
        item = item->childCount() > 0 ? item->child(0) : nullptr;
    }
    return out;
}

bool FindingsPage::selectFinding(const QString &id)
{
    for (QTreeWidgetItemIterator it(m_list); *it; ++it) {
        if ((*it)->data(0, Qt::UserRole + 1).toString() == id) {
            m_list->setCurrentItem(*it);
            return true;
        }
    }
    return false;
}

int FindingsPage::nextId() const
{
    // The walk starts from the first diagnosis, also when Back leads here after repairs.
    const auto &report = session().firstReport();
    return report && report->hasErrors() ? UrgentPageId : DonePageId;
}

} // namespace td::ui
