// SPDX-License-Identifier: GPL-3.0-or-later
#include "Wizard.h"

#include "ConfirmDialog.h"
#include "DiagnosePage.h"
#include "DockerPage.h"
#include "DonePage.h"
#include "EnvPage.h"
#include "ExportPage.h"
#include "FindingsPage.h"
#include "FixPage.h"
#include "FlowChartWidget.h"
#include "Language.h"
#include "Page.h"
#include "ReinstallPage.h"
#include "Session.h"
#include "SystemPage.h"
#include "UrgentPage.h"
#include "WelcomePage.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QLayout>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

namespace td::ui {

Wizard::Wizard(Backend &backend, QWidget *parent) : QWizard(parent), m_session(new Session(backend, this))
{
    setObjectName(QStringLiteral("wizard"));
    setWizardStyle(QWizard::ClassicStyle);
    setOption(QWizard::NoBackButtonOnStartPage);
    setOption(QWizard::NoCancelButtonOnLastPage);
    setOption(QWizard::HaveCustomButton1); // Start over

    setPage(WelcomePageId, new WelcomePage(*m_session));
    setPage(DiagnosePageId, new DiagnosePage(*m_session));
    setPage(FindingsPageId, new FindingsPage(*m_session));
    setPage(UrgentPageId, new UrgentPage(*m_session));
    setPage(DockerPageId, new DockerPage(*m_session));
    setPage(EnvPageId, new EnvPage(*m_session));
    auto *reinstall = new ReinstallPage(*m_session);
    setPage(ReinstallPageId, reinstall);
    connect(reinstall, &ReinstallPage::useInterpreter, this, &Wizard::useInterpreter);
    setPage(SystemPageId, new SystemPage(*m_session));
    setPage(DonePageId, new DonePage(*m_session));
    setPage(ExportPageId, new ExportPage(*m_session));
    setStartId(WelcomePageId);

    auto *side = new QWidget(this);
    auto *sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    // The chart keeps its text readable at any scale: where the window is too small for it, it scrolls.
    m_chartScroll = new QScrollArea(side);
    m_chartScroll->setObjectName(QStringLiteral("flowChartScroll"));
    m_chartScroll->setFrameShape(QFrame::NoFrame);
    m_chartScroll->setWidgetResizable(true);
    m_chartScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_chart = new FlowChartWidget(m_chartScroll);
    m_chartScroll->setWidget(m_chart);
    m_chartScroll->setMinimumWidth(m_chart->minimumSizeHint().width()
                                   + m_chartScroll->verticalScrollBar()->sizeHint().width());
    sideLayout->addWidget(m_chartScroll, 1);
    m_languageLabel = new QLabel(side);
    m_language = new QComboBox(side);
    m_language->setObjectName(QStringLiteral("languageBox"));
    for (const QString &code : Language::available())
        m_language->addItem(Language::nativeName(code), code);
    m_language->setCurrentIndex(static_cast<int>(Language::available().indexOf(Language::current())));
    m_languageLabel->setBuddy(m_language);
    sideLayout->addWidget(m_languageLabel);
    sideLayout->addWidget(m_language);
    setSideWidget(side);
    connect(m_language, &QComboBox::activated, this,
            [this](int index) { setLanguage(m_language->itemData(index).toString()); });

    connect(m_session, &Session::changed, this, &Wizard::updateChart);
    connect(this, &QWizard::customButtonClicked, this, [this](int which) {
        if (which == QWizard::CustomButton1)
            startOver();
    });
    connect(this, &QWizard::currentIdChanged, this, &Wizard::onPageChanged);
    // Back asks the page first: QWizard's own Back would leave a repair running behind it.
    disconnect(button(QWizard::BackButton), SIGNAL(clicked()), this, SLOT(back()));
    connect(button(QWizard::BackButton), &QAbstractButton::clicked, this, &Wizard::goBack);
    button(QWizard::CustomButton1)->setObjectName(QStringLiteral("startOver"));
    retranslate();
    updateChart();

    // Room for the chart and a page at any font size and scale, within the screen.
    const int line = fontMetrics().height();
    QSize size(line * 72, line * 48);
    if (const QScreen *screen = this->screen())
        size = size.boundedTo(screen->availableSize() * 9 / 10);
    resize(size);
}

Wizard::~Wizard()
{
    stopWork(); // every page's work stops at once; each page waits for its own as it goes
}

QString Wizard::pageName(int id)
{
    switch (id) {
    case WelcomePageId: return QStringLiteral("welcome");
    case DiagnosePageId: return QStringLiteral("diagnose");
    case FindingsPageId: return QStringLiteral("findings");
    case UrgentPageId: return QStringLiteral("urgent");
    case DockerPageId: return QStringLiteral("docker");
    case EnvPageId: return QStringLiteral("env");
    case ReinstallPageId: return QStringLiteral("reinstall");
    case SystemPageId: return QStringLiteral("system");
    case DonePageId: return QStringLiteral("done");
    case ExportPageId: return QStringLiteral("export");
    default: return QStringLiteral("page%1").arg(id);
    }
}

void Wizard::setLanguage(const QString &code)
{
    Language::apply(code);
    const int index = static_cast<int>(Language::available().indexOf(Language::current()));
    if (m_language->currentIndex() != index)
        m_language->setCurrentIndex(index);
}

void Wizard::startOver()
{
    if (refuseToLeave())
        return;
    m_session->clearDiagnosis();
    m_session->target.usualPython.clear();
    m_flowAtEntry.clear();
    m_depth = 0;
    restart();
}

void Wizard::goBack()
{
    if (!refuseToLeave())
        back();
}

bool Wizard::refuseToLeave()
{
    const auto *current = qobject_cast<const Page *>(currentPage());
    if (!current || current->canLeave())
        return false;
    auto *note = new QMessageBox(QMessageBox::Information, tr("Work is still running"),
                                 tr("A repair or an undo is running on this page. It cannot be left halfway: a step "
                                    "that started always ends and is recorded in the journal. Cancel it or wait for "
                                    "it to end, then go back or start over."),
                                 QMessageBox::Ok, this);
    note->setObjectName(QStringLiteral("busyNote"));
    note->setAttribute(Qt::WA_DeleteOnClose);
    note->setWindowModality(Qt::WindowModal);
    note->open();
    return true;
}

void Wizard::onPageChanged(int id)
{
    button(QWizard::CustomButton1)->setVisible(id != WelcomePageId && id != -1);
    const qsizetype depth = visitedIds().size();
    if (depth > m_depth) {
        m_flowAtEntry[id] = m_session->flow() ? std::optional<flow::Flow>(*m_session->flow()) : std::nullopt;
    } else if (depth < m_depth && m_flowAtEntry.value(id)) {
        // Back: the walk is where it was on this page, and a repair page plans again from the latest check.
        m_session->restoreFlow(m_flowAtEntry.value(id));
        if (qobject_cast<FixPage *>(currentPage()))
            currentPage()->initializePage();
    }
    m_depth = depth;
    updateChart();
}

void Wizard::useInterpreter(const QString &executable)
{
    const auto &checked = m_session->report();
    const QString usual = checked ? checked->facts.chosenExecutable : QString();
    startOver();
    auto *welcome = qobject_cast<WelcomePage *>(currentPage());
    if (currentId() != WelcomePageId || !welcome)
        return;
    m_session->target.usualPython = usual; // what the person runs must end up with torch
    m_session->continueHistory();
    welcome->addInterpreter(executable);
    next(); // diagnosed from the start, as that interpreter
}

void Wizard::reject()
{
    const auto *current = qobject_cast<const Page *>(currentPage());
    if (m_closing)
        return;
    if (!current || !current->isBusy()) {
        closeWhenStopped();
        return;
    }
    ConfirmDialog::ask(this,
                       tr("Work is still running. Quit and stop it? A repair stops after the step that runs now; "
                          "what ran stays in the journal and can be undone later."),
                       fixes::FixPlan{}, tr("&Stop and quit"), [this](bool yes) {
                           if (yes)
                               closeWhenStopped();
                       });
}

bool Wizard::stopWork()
{
    bool working = false;
    for (int id : pageIds())
        if (auto *p = qobject_cast<Page *>(page(id)))
            working = p->stopWork() || working;
    return working;
}

void Wizard::stopAndQuit()
{
    if (!m_closing)
        closeWhenStopped();
}

void Wizard::closeWhenStopped()
{
    // The window stays until every program the pages started has ended: none outlives it.
    m_closing = true;
    if (stopWork()) {
        setEnabled(false);
        QTimer::singleShot(20, this, &Wizard::closeWhenStopped);
        return;
    }
    m_closing = false;
    setEnabled(true);
    QWizard::reject();
}

void Wizard::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_session->retranslate();
        // The findings are written in the language of their check: where they are
        // shown (and after the repairs, for the verdict and the report), check
        // again for the machine as it is now, told in the new language.
        // Once every translator of the new language is in: a language comes in more than one change.
        if (currentId() == FindingsPageId || currentId() == DonePageId || currentId() == ExportPageId)
            QTimer::singleShot(0, m_session, [session = m_session] { session->recheck(false); });
    }
    QWizard::changeEvent(event);
}

void Wizard::showEvent(QShowEvent *event)
{
    QWizard::showEvent(event);
    // The warm-up waits for the first page to be on screen: it must not delay it.
    if (!m_warmedUp && currentPage())
        currentPage()->installEventFilter(this);
}

bool Wizard::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_warmedUp && event->type() == QEvent::Paint && watched == currentPage()) {
        m_warmedUp = true;
        watched->removeEventFilter(this);
        QList<int> pages = pageIds();
        pages.removeAll(currentId());
        QTimer::singleShot(0, this, [this, pages] { warmUp(pages); });
    }
    return QWizard::eventFilter(watched, event);
}

void Wizard::warmUp(QList<int> pages)
{
    if (pages.isEmpty())
        return;
    drawAhead(pages.takeFirst());
    QTimer::singleShot(0, this, [this, pages] { warmUp(pages); });
}

void Wizard::drawAhead(int id)
{
    QWizardPage *p = page(id);
    if (!p || p == currentPage())
        return;
    p->resize(currentPage() ? currentPage()->size() : p->sizeHint());
    p->grab(); // drawn into a pixmap that is thrown away: only the caches it fills matter
    // While it is drawn, the hidden page counts in the layout of the pages' frame: a layout request
    // that comes due then (the first page's lists filled) gives it a share of the height, and the
    // page shown keeps only the rest (half the window, or less) until something is laid out again.
    if (QLayout *frame = p->parentWidget() ? p->parentWidget()->layout() : nullptr) {
        frame->invalidate();
        frame->activate();
    }
}

void Wizard::retranslate()
{
    // The platform adds the application name ("Repair PyTorch — TorchDoctor"): it is not repeated here.
    setWindowTitle(tr("Repair PyTorch"));
    setButtonText(QWizard::BackButton, tr("< &Back"));
    setButtonText(QWizard::NextButton, tr("&Next >"));
    setButtonText(QWizard::CommitButton, tr("&Continue >"));
    setButtonText(QWizard::FinishButton, tr("&Finish"));
    setButtonText(QWizard::CancelButton, tr("&Quit"));
    setButtonText(QWizard::CustomButton1, tr("Start &over"));
    button(QWizard::CustomButton1)->setAccessibleName(tr("Start over"));
    button(QWizard::CustomButton1)->setToolTip(tr("Back to the first page: choose again and check again."));
    button(QWizard::BackButton)->setAccessibleName(tr("Back"));
    button(QWizard::NextButton)->setAccessibleName(tr("Next"));
    button(QWizard::CommitButton)->setAccessibleName(tr("Continue"));
    button(QWizard::FinishButton)->setAccessibleName(tr("Finish"));
    button(QWizard::CancelButton)->setAccessibleName(tr("Quit"));
    m_languageLabel->setText(tr("&Language:"));
    m_language->setAccessibleName(tr("Language"));
}

QStringList Wizard::upToStep(QStringList path, checks::FixFamily family)
{
    // A repair page shows its step, and the check after it, until the person goes on: a skip or a verdict
    // moves the walk on at once, but the chart follows the page, not ahead of it.
    QString step;
    for (const flow::FlowNode &node : flow::FlowChart::nodes())
        if (node.family == family)
            step = node.id;
    qsizetype keep = path.lastIndexOf(step) + 1;
    if (keep == 0)
        return path;
    if (keep < path.size())
        if (const auto next = flow::FlowChart::node(path[keep]); next && next->kind == flow::NodeKind::Verification)
            ++keep;
    return path.mid(0, keep);
}

void Wizard::updateChart()
{
    const flow::Flow *flow = m_session->flow();
    // Until its first question is asked, the walk has not left the start, whatever the flow holds.
    const bool beforeTheWalk = currentId() == WelcomePageId || currentId() == DiagnosePageId
                               || currentId() == FindingsPageId;
    QStringList path = flow && !beforeTheWalk ? flow->path() : QStringList{flow::FlowChart::startId()};
    if (const auto *fix = qobject_cast<const FixPage *>(currentPage()))
        path = upToStep(path, fix->family());
    // A repair undone after the walk ended: the machine is not solved any more, whatever was answered.
    const auto &latest = m_session->report();
    if (m_session->changedAfterFlow() && latest && latest->hasErrors() && path.size() > 1
        && path.constLast() == flow::FlowChart::doneId())
        path.removeLast();
    m_chart->setPath(path);
    const qreal scale = m_chart->paintScale();
    const QRectF node = m_chart->nodeRect(m_chart->currentNode());
    if (!node.isEmpty())
        m_chartScroll->ensureVisible(qRound(node.center().x() * scale), qRound(node.center().y() * scale), 0,
                                     qRound(node.height() * scale));
}

} // namespace td::ui
