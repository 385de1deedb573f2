// SPDX-License-Identifier: GPL-3.0-or-later
#include "WelcomePage.h"

#include "PageId.h"
#include "Session.h"
#include "WrappedRows.h"

#include "checks/Explanation.h"

#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace td::ui {

using Kind = python::ClassifiedError::Kind;

namespace {

QStringList localFolders(const QMimeData *mime)
{
    QStringList out;
    if (!mime || !mime->hasUrls())
        return out;
    for (const QUrl &url : mime->urls())
        if (url.isLocalFile() && QFileInfo(url.toLocalFile()).isDir())
            out << QDir::cleanPath(url.toLocalFile());
    return out;
}

} // namespace

WelcomePage::WelcomePage(Session &session, QWidget *parent) : Page(session, parent)
{
    setObjectName(QStringLiteral("welcomePage"));
    setAcceptDrops(true);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);

    m_pythonsLabel = new QLabel(this);
    m_pythonsLabel->setWordWrap(true); // the page fits a small screen at any font size
    m_pythons = new QListWidget(this);
    m_pythons->setObjectName(QStringLiteral("interpreters"));
    m_pythonsLabel->setBuddy(m_pythons);
    // Room for a few interpreters and folders at once, whatever the pasted error takes.
    m_pythons->setMinimumHeight(m_pythons->fontMetrics().height() * 5);
    wrapRows(m_pythons); // a long path wraps, whole and in sight
    m_searching = new QLabel(this);
    m_searching->setWordWrap(true);
    m_browsePython = new QPushButton(this);
    m_browsePython->setObjectName(QStringLiteral("browsePython"));
    m_browseResult = new QLabel(this);
    m_browseResult->setObjectName(QStringLiteral("browseResult"));
    m_browseResult->setWordWrap(true);
    m_browseResult->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_browseResult->hide();

    m_projectsLabel = new QLabel(this);
    m_projectsLabel->setWordWrap(true);
    m_projects = new QListWidget(this);
    m_projects->setObjectName(QStringLiteral("projects"));
    m_projectsLabel->setBuddy(m_projects);
    m_projects->setMinimumHeight(m_projects->fontMetrics().height() * 5);
    wrapRows(m_projects);
    m_addProject = new QPushButton(this);
    m_addProject->setObjectName(QStringLiteral("addProject"));
    m_dropHint = new QLabel(this);
    m_dropHint->setWordWrap(true);

    m_errorLabel = new QLabel(this);
    m_errorLabel->setWordWrap(true);
    m_error = new QPlainTextEdit(this);
    m_error->setObjectName(QStringLiteral("pastedError"));
    m_error->setTabChangesFocus(true);
    m_error->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_errorLabel->setBuddy(m_error);
    m_errorResult = new QLabel(this);
    m_errorResult->setObjectName(QStringLiteral("pastedErrorResult"));
    m_errorResult->setWordWrap(true);
    m_errorResult->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);

    auto *grid = new QGridLayout;
    grid->addWidget(m_pythonsLabel, 0, 0);
    grid->addWidget(m_pythons, 1, 0);
    auto *pythonButtons = new QHBoxLayout;
    pythonButtons->addWidget(m_browsePython);
    pythonButtons->addWidget(m_searching, 1);
    grid->addLayout(pythonButtons, 2, 0);
    grid->addWidget(m_browseResult, 3, 0, 1, 2);
    grid->addWidget(m_projectsLabel, 0, 1);
    grid->addWidget(m_projects, 1, 1);
    auto *projectButtons = new QHBoxLayout;
    projectButtons->addWidget(m_addProject);
    projectButtons->addWidget(m_dropHint, 1);
    grid->addLayout(projectButtons, 2, 1);
    grid->setColumnStretch(0, 3);
    grid->setColumnStretch(1, 2);

    auto *layout = new QVBoxLayout(body());
    layout->addWidget(m_intro);
    layout->addLayout(grid, 3);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_error, 2);
    layout->addWidget(m_errorResult);

    connect(m_addProject, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Choose a project folder"));
        if (!dir.isEmpty())
            addProject(dir);
    });
    connect(m_browsePython, &QPushButton::clicked, this, &WelcomePage::browseInterpreter);
    connect(&m_tried, &QFutureWatcher<python::StaticProbe>::finished, this, &WelcomePage::onInterpreterTried);
    m_pasteTyped.setSingleShot(true);
    m_pasteTyped.setInterval(300);
    connect(&m_pasteTyped, &QTimer::timeout, this, &WelcomePage::startClassifying);
    connect(&m_classifying, &QFutureWatcher<PastedError>::finished, this, [this] {
        m_reading = false;
        if (m_classifying.future().resultCount() > 0)
            m_pasted = m_classifying.result();
        if (m_pasted && m_pasted->text != m_error->toPlainText().trimmed())
            startClassifying(); // typed while it was read
        else
            showPasted();
    });
    connect(m_error, &QPlainTextEdit::textChanged, this, &WelcomePage::classifyPasted);
    connect(&m_discovery, &QFutureWatcher<Discovery>::finished, this, [this] {
        if (!m_discovery.isCanceled() && m_discovery.future().resultCount() > 0)
            m_found = m_discovery.result();
        showDiscovery();
        if (m_found && !m_found->workingProject.isEmpty() && !m_workingProjectChosen && m_addedProject.isEmpty()) {
            // Started inside a project: it is what to check, with its venv if it has one.
            m_workingProjectChosen = true;
            selectProject(m_found->workingProject);
            selectVenvOf(m_found->workingProject);
        }
        selectVenvOf(m_addedProject); // a folder just added: its own venv is what to diagnose
        showPasted();                 // the interpreter a pasted error names may be among those found
        m_discoveryPending = false;
    });
    retranslate();
}

WelcomePage::~WelcomePage()
{
    m_discovery.disconnect(this);
    m_tried.disconnect(this);
    m_classifying.disconnect(this);
    stopWork();
    m_discovery.waitForFinished(); // the interpreters it runs end with it
    m_tried.waitForFinished();
    m_classifying.waitForFinished(); // linear in the paste: a fraction of a second at most
}

bool WelcomePage::stopWork()
{
    m_discovery.cancel();
    m_tryCancel.cancel();
    return m_discovery.isRunning() || m_tried.isRunning();
}

void WelcomePage::browseInterpreter()
{
    if (m_tried.isRunning())
        return;
    const QString path = m_chooseInterpreter ? m_chooseInterpreter()
                                             : QFileDialog::getOpenFileName(this, tr("Choose a Python interpreter"));
    if (!path.isEmpty())
        tryInterpreter(path);
}

void WelcomePage::tryInterpreter(const QString &path)
{
    m_tryCancel = platform::CancelToken();
    m_browsePython->setEnabled(false);
    m_triedPath = path;
    m_triedProbe.reset();
    m_tried.setFuture(session().backend().probeInterpreter(path, m_tryCancel));
    showTried();
}

void WelcomePage::onInterpreterTried()
{
    m_browsePython->setEnabled(true);
    if (m_tried.isCanceled() || m_tried.future().resultCount() == 0)
        m_triedPath.clear();
    else
        m_triedProbe = m_tried.result();
    if (m_triedProbe && m_triedProbe->interpreter.usable) {
        m_extraProbes.insert(m_triedPath, *m_triedProbe);
        m_extraProbes.insert(m_triedProbe->interpreter.executable, *m_triedProbe);
        addInterpreter(m_extraPythons.contains(m_triedPath) ? m_triedPath : m_triedProbe->interpreter.executable);
    }
    showTried();
}

void WelcomePage::showTried()
{
    // Written from what was found, not kept as text: a language change writes it again.
    const QString path = QDir::toNativeSeparators(m_triedPath);
    m_browseResult->setVisible(!path.isEmpty());
    if (path.isEmpty())
        m_browseResult->clear();
    else if (!m_triedProbe)
        m_browseResult->setText(tr("Trying %1…").arg(path));
    else if (const python::Interpreter &i = m_triedProbe->interpreter; !i.usable)
        m_browseResult->setText(tr("%1 cannot be checked as a Python: %2. Choose the python or python3 program "
                                   "of the environment that fails.")
                                    .arg(path, i.problem));
    else
        m_browseResult->setText(
            tr("Python %1 at %2 is selected: it is what will be checked.").arg(i.version.toString(), path));
}

void WelcomePage::retranslate()
{
    setTitle(tr("What should TorchDoctor check?"));
    setSubTitle(tr("Choose the Python that fails to run PyTorch, or the project folder that uses it."));
    m_intro->setText(tr("TorchDoctor finds out why PyTorch does not load or does not use the GPU, explains it in "
                        "plain words, and repairs it one confirmed step at a time. Nothing changes without your "
                        "yes, and every change can be undone."));
    m_pythonsLabel->setText(tr("&Python interpreters found:"));
    m_pythons->setAccessibleName(tr("Python interpreters"));
    m_browsePython->setText(tr("&Browse…"));
    m_browsePython->setAccessibleName(tr("Choose a Python interpreter"));
    m_browsePython->setToolTip(tr("A Python that is not listed: choose its program file."));
    m_projectsLabel->setText(tr("Project &folders:"));
    m_projects->setAccessibleName(tr("Project folders"));
    m_addProject->setText(tr("&Add a folder…"));
    m_addProject->setAccessibleName(tr("Add a project folder"));
    m_dropHint->setText(tr("or drop a folder here"));
    m_errorLabel->setText(tr("Pa&ste the error you saw (optional; from any program, in any language):"));
    m_error->setAccessibleName(tr("The error you saw"));
    m_error->setToolTip(tr("For example: OSError: [WinError 126] … Error loading \"…\\torch\\lib\\fbgemm.dll\" "
                           "or one of its dependencies."));
    // Why an interpreter cannot run was worded by the search, in the language of the time: search again,
    // once every translator of the new language is in (a language comes in more than one change).
    const bool problemsWorded = m_found && std::any_of(m_found->interpreters.cbegin(), m_found->interpreters.cend(),
                                                       [](const auto &p) { return !p.interpreter.usable; });
    if (problemsWorded && !isSearching()) {
        m_discoveryPending = true;
        QTimer::singleShot(0, this, &WelcomePage::startDiscovery);
    }
    showDiscovery();
    showTried();
    m_pasted.reset(); // its titles are in the language before
    classifyPasted();
}

void WelcomePage::initializePage()
{
    if (!m_started)
        startDiscovery();
}

void WelcomePage::startDiscovery()
{
    m_started = true;
    m_discoveryPending = true;
    m_discovery.setFuture(session().backend().discover(m_projectDirs));
    showDiscovery();
}

QString WelcomePage::describeInterpreter(const python::StaticProbe &p) const
{
    const python::Interpreter &i = p.interpreter;
    if (!i.usable)
        return tr("%1 (cannot run: %2)").arg(i.executable, i.problem);
    if (p.torch.installed)
        return tr("Python %1 (%2-bit) with torch %3: %4")
            .arg(i.version.toString())
            .arg(i.bits)
            .arg(p.torch.version, i.executable);
    return tr("Python %1 (%2-bit) without torch: %3").arg(i.version.toString()).arg(i.bits).arg(i.executable);
}

bool WelcomePage::isSearching() const
{
    return m_discovery.isRunning() || m_discoveryPending;
}

void WelcomePage::showDiscovery()
{
    const QString selectedPython =
        m_pythons->currentItem() ? m_pythons->currentItem()->data(Qt::UserRole).toString() : QString();
    const QString selectedProject =
        m_projects->currentItem() ? m_projects->currentItem()->data(Qt::UserRole).toString() : QString();
    m_pythons->clear();
    auto *defaultPython = new QListWidgetItem(tr("The project's venv, else python3 on PATH (default)"), m_pythons);
    defaultPython->setData(Qt::UserRole, QString());
    for (const QString &executable : std::as_const(m_extraPythons)) {
        const auto probe = m_extraProbes.constFind(executable);
        auto *item = new QListWidgetItem(probe == m_extraProbes.cend() ? executable : describeInterpreter(*probe),
                                         m_pythons);
        item->setData(Qt::UserRole, executable);
        item->setToolTip(executable);
    }
    QStringList projects = m_projectDirs;
    if (m_found) {
        for (const python::StaticProbe &p : m_found->interpreters) {
            const python::Interpreter &i = p.interpreter;
            auto *item = new QListWidgetItem(describeInterpreter(p), m_pythons);
            item->setData(Qt::UserRole, i.executable);
            item->setToolTip(i.executable);
            if (!i.usable)
                item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
        }
        for (const QString &dir : m_found->projects)
            if (!projects.contains(dir))
                projects << dir;
    }
    m_pythons->setCurrentRow(0);
    for (int row = 0; row < m_pythons->count(); ++row)
        if (m_pythons->item(row)->data(Qt::UserRole).toString() == selectedPython)
            m_pythons->setCurrentRow(row);

    m_projects->clear();
    auto *noProject = new QListWidgetItem(tr("No project folder"), m_projects);
    noProject->setData(Qt::UserRole, QString());
    for (const QString &dir : std::as_const(projects)) {
        auto *item = new QListWidgetItem(QDir::toNativeSeparators(dir), m_projects);
        item->setData(Qt::UserRole, dir);
    }
    m_projects->setCurrentRow(0);
    for (int row = 0; row < m_projects->count(); ++row)
        if (m_projects->item(row)->data(Qt::UserRole).toString() == selectedProject)
            m_projects->setCurrentRow(row);

    if (m_discovery.isRunning())
        m_searching->setText(tr("Looking for Python interpreters…"));
    else if (m_found)
        m_searching->setText(tr("%n interpreter(s) found.", nullptr, static_cast<int>(m_found->interpreters.size())));
    else
        m_searching->clear();
}

void WelcomePage::selectVenvOf(const QString &project)
{
    if (project.isEmpty() || !m_found)
        return;
    for (const python::StaticProbe &p : m_found->interpreters) {
        const QFileInfo prefix(p.interpreter.prefix);
        if (p.interpreter.isVenv && p.interpreter.usable && QDir::cleanPath(prefix.absolutePath()) == project) {
            selectInterpreter(p.interpreter.executable);
            return;
        }
    }
}

void WelcomePage::addProject(const QString &dir)
{
    const QString clean = QDir::cleanPath(dir);
    m_addedProject = clean;
    if (!m_projectDirs.contains(clean))
        m_projectDirs << clean;
    startDiscovery();
    selectProject(clean);
}

void WelcomePage::selectProject(const QString &dir)
{
    for (int row = 0; row < m_projects->count(); ++row)
        if (m_projects->item(row)->data(Qt::UserRole).toString() == dir)
            m_projects->setCurrentRow(row);
}

void WelcomePage::addInterpreter(const QString &executable)
{
    if (!m_extraPythons.contains(executable))
        m_extraPythons << executable;
    showDiscovery();
    selectInterpreter(executable);
}

bool WelcomePage::selectInterpreter(const QString &executable)
{
    for (int row = 0; row < m_pythons->count(); ++row) {
        if (m_pythons->item(row)->data(Qt::UserRole).toString() == executable) {
            m_pythons->setCurrentRow(row);
            return true;
        }
    }
    return false;
}

void WelcomePage::setPastedText(const QString &text)
{
    m_error->setPlainText(text);
}

QString WelcomePage::describeError(const PastedError &pasted) const
{
    const python::ClassifiedError &e = pasted.error;
    const QString file = e.library.isEmpty() ? QFileInfo(e.path).fileName() : e.library;
    switch (e.kind) {
    case Kind::WinError: return tr("Windows error %1 while loading %2.").arg(e.winError).arg(file);
    case Kind::MissingSharedObject: return tr("%1 cannot be found by the loader.").arg(file);
    case Kind::VersionNotFound: return tr("The %1 that loads lacks version %2.").arg(file, e.version);
    case Kind::UndefinedSymbol: return tr("The symbol %1 is missing from a loaded library.").arg(e.symbol);
    case Kind::IncompatibleArch:
        return tr("%1 is built for %2, but this process needs %3.").arg(file, e.haveArch, e.needArch);
    case Kind::LibraryNotLoaded: return tr("%1 could not be loaded.").arg(file);
    case Kind::OmpDuplicate: return tr("Two OpenMP runtimes were loaded into one process.");
    case Kind::ModuleNotFound: return tr("This Python has no module named %1.").arg(e.module);
    case Kind::WrongElfClass: return tr("A 32-bit library was loaded into a 64-bit process, or the reverse.");
    case Kind::DllLoadFailed: return tr("A DLL of %1 failed to load.").arg(e.module.isEmpty() ? file : e.module);
    case Kind::InvalidElfHeader: return tr("%1 is not an ELF library (another kind of file has its name).").arg(file);
    case Kind::FileTooShort: return tr("%1 is truncated.").arg(file);
    case Kind::Unknown:
        if (pasted.recognized)
            return tr("A message TorchDoctor knows by its wording.");
        break;
    }
    return tr("TorchDoctor does not recognize this text; the diagnosis will look for the cause anyway.");
}

void WelcomePage::classifyPasted()
{
    m_pasteTyped.start();
}

bool WelcomePage::isReadingPaste() const
{
    return m_pasteTyped.isActive() || m_reading;
}

void WelcomePage::startClassifying()
{
    const QString text = m_error->toPlainText().trimmed();
    if (text.isEmpty()) {
        m_pasted.reset();
        m_errorResult->clear();
        return;
    }
    if (m_classifying.isRunning())
        return; // its end reads the text again
    const Backend *backend = &session().backend();
    m_reading = true;
    m_classifying.setFuture(QtConcurrent::run([backend, text] { return backend->classify(text); }));
}

void WelcomePage::showPasted()
{
    const QString text = m_error->toPlainText().trimmed();
    if (!m_pasted || m_pasted->text != text) {
        if (text.isEmpty())
            m_errorResult->clear();
        return; // being read
    }
    const PastedError &pasted = *m_pasted;
    QString result = tr("Read: %1").arg(describeError(pasted));
    if (!pasted.title.isEmpty()) {
        // A title ("Undefined symbol get_crc_table") said between sentences ends as one.
        static const QString ends = QStringLiteral(".!?\u3002\uff01\uff1f");
        const QString title = ends.contains(pasted.title.back())
                                  ? pasted.title
                                  : tr("%1.", "a title ending as a sentence").arg(pasted.title);
        result = tr("%1 %2", "two sentences, one after the other")
                     .arg(result, pasted.likely ? tr("Likely: %1").arg(title) : title);
    }
    if (!pasted.packageToFix.isEmpty() && pasted.packageToFix != QLatin1String("torch"))
        result = tr("%1 %2", "two sentences, one after the other")
                     .arg(result, tr("It comes from %1, not from torch.").arg(pasted.packageToFix));
    const auto sentence = [&result](const QString &more) {
        result = tr("%1 %2", "two sentences, one after the other").arg(result, more);
    };
    if (pasted.otherSystem) {
        // Nothing here can repair another machine's torch: explain it, and say where to repair it.
        sentence(tr("This happened on a %1 machine, not this one: TorchDoctor explains it here; run TorchDoctor on "
                    "that machine to repair it.")
                     .arg(checks::systemName(pasted.system)));
        m_errorResult->setText(result);
        return;
    }
    for (const QString &said : selectPastedPlace())
        sentence(said);
    if (pasted.recognized)
        sentence(tr("The diagnosis starts from the file it names."));
    m_errorResult->setText(result);
}

QStringList WelcomePage::selectPastedPlace()
{
    python::PastedPlace &place = m_pasted->place;
    const python::StaticProbe *found =
        m_found ? python::interpreterOfPaste(place, m_pasted->error.path, m_found->interpreters) : nullptr;
    QStringList said;
    if (found && !m_pastePython.isEmpty()) {
        m_extraPythons.removeAll(std::exchange(m_pastePython, QString())); // one row for one interpreter
        showDiscovery();
    }
    if (found)
        place.interpreter = found->interpreter.executable;
    if (!place.interpreter.isEmpty()) {
        if (!selectInterpreter(place.interpreter)) {
            m_pastePython = place.interpreter; // not found by the search (yet): tried, to say what it is
            addInterpreter(place.interpreter);
            if (!m_tried.isRunning() && !m_extraProbes.contains(place.interpreter))
                tryInterpreter(place.interpreter);
        }
        said << tr("It happened in the Python at %1, which is now selected.")
                    .arg(QDir::toNativeSeparators(place.interpreter));
    } else if (place.namesAPlace() && m_found && !m_discovery.isRunning()) {
        said << tr("It happened in %1, which is not on this machine: none of the interpreters here is the one that "
                   "failed. Choose its Python with Browse…, or run TorchDoctor where the error happened.")
                    .arg(place.named());
    }
    if (!place.project.isEmpty()) {
        if (!m_projectDirs.contains(place.project)) {
            m_projectDirs << place.project;
            showDiscovery();
        }
        selectProject(place.project);
        said << tr("It was run from the project folder %1, which is now selected.")
                    .arg(QDir::toNativeSeparators(place.project));
    }
    return said;
}

bool WelcomePage::validatePage()
{
    const QString text = m_error->toPlainText().trimmed();
    if (!text.isEmpty() && (!m_pasted || m_pasted->text != text)) {
        // "Next" before the read ended: read it now (a fraction of a second), and let it select
        // the interpreter it names before the choice is taken.
        m_pasteTyped.stop();
        m_pasted = session().backend().classify(text);
        showPasted();
    }
    session().target.python =
        m_pythons->currentItem() ? m_pythons->currentItem()->data(Qt::UserRole).toString() : QString();
    session().target.projectDir =
        m_projects->currentItem() ? m_projects->currentItem()->data(Qt::UserRole).toString() : QString();
    if (text.isEmpty())
        session().pasted.reset();
    else
        session().pasted = m_pasted;
    return true;
}

int WelcomePage::nextId() const
{
    return DiagnosePageId;
}

void WelcomePage::dragEnterEvent(QDragEnterEvent *event)
{
    if (!localFolders(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void WelcomePage::dropEvent(QDropEvent *event)
{
    const QStringList folders = localFolders(event->mimeData());
    for (const QString &dir : folders)
        addProject(dir);
    if (!folders.isEmpty())
        event->acceptProposedAction();
}

} // namespace td::ui
