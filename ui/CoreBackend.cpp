// SPDX-License-Identifier: GPL-3.0-or-later
#include "CoreBackend.h"
#include "platform/LogCategories.h"

#include "checks/Check.h"
#include "checks/CheckRunner.h"
#include "knowledge/KnowledgeBase.h"
#include "knowledge/ReleaseIndexCache.h"
#include "knowledge/ReleaseIndexFetch.h"
#include "platform/FileIo.h"
#include "platform/Logging.h"
#include "python/InterpreterDiscovery.h"
#include "python/ProjectFolder.h"
#include "report/SupportReport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QPromise>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>


#include <atomic>

namespace td::ui {

using checks::FixFamily;

namespace {

QString language()
{
    return QLocale().name();
}

} // namespace

CoreBackend::CoreBackend()
    : m_knowledge(std::make_shared<knowledge::KnowledgeBase>()),
      m_machine(std::make_shared<fixes::CoreRepairMachine>(m_knowledge))
{
    m_knowledgeProblems = m_knowledge->load();
    if (const auto cached = knowledge::ReleaseIndexCache::loadCache())
        m_knowledge->applyIndex(*cached);
}

CoreBackend::~CoreBackend()
{
    waitForRepairs();
}

void CoreBackend::refreshKnowledge(const QUrl &url, int timeoutMs)
{
    m_fetch = std::make_unique<knowledge::ReleaseIndexFetch>();
    QObject::connect(m_fetch.get(), &knowledge::ReleaseIndexFetch::finished, m_fetch.get(),
                     [this, url](const std::optional<knowledge::ReleaseIndex> &index, const QString &error) {
                         if (!index) {
                             qCInfo(lcKnowledge, "release list from %s not fetched (%s): using the %s one",
                                    qUtf8Printable(url.toString()), qUtf8Printable(error),
                                    qUtf8Printable(currentKnowledge()->releaseSource()));
                             return;
                         }
                         knowledge::ReleaseIndexCache::saveCache(*index);
                         auto fresh = std::make_shared<knowledge::KnowledgeBase>(*currentKnowledge());
                         if (fresh->applyIndex(*index)) {
                             const QMutexLocker lock(&m_knowledgeMutex);
                             m_machine = std::make_shared<fixes::CoreRepairMachine>(fresh);
                             m_knowledge = std::move(fresh);
                         }
                     });
    m_fetch->start(url, timeoutMs);
}

std::shared_ptr<const knowledge::KnowledgeBase> CoreBackend::currentKnowledge() const
{
    const QMutexLocker lock(&m_knowledgeMutex);
    return m_knowledge;
}

std::shared_ptr<const fixes::RepairMachine> CoreBackend::repairMachine() const
{
    const QMutexLocker lock(&m_knowledgeMutex);
    return m_machine;
}

checks::CheckRequest CoreBackend::requestFor(const Target &target) const
{
    checks::CheckRequest request;
    request.python = target.python;
    request.usualPython = target.usualPython;
    request.projectDir = target.projectDir;
    request.runImport = true;
    request.compareTerminal = true; // started from the desktop, a new terminal is what fails
    request.wizard = true;          // what to do is said with the wizard's pages, not with options
    return request;
}

QFuture<Discovery> CoreBackend::discover(const QStringList &projectDirs)
{
    return QtConcurrent::run(&checks::waitingPool(), [projectDirs](QPromise<Discovery> &promise) {
        // Cancelled through the future: the token ends the probes.
        const auto cancel = platform::CancelToken::following(promise.future());
        Discovery out;
        QStringList seen;
        // The folder TorchDoctor was started in counts as a project (started from a terminal inside the
        // project, or from its file manager window).
        QStringList dirs{QString()};
        dirs << projectDirs;
        const QString here = QDir::cleanPath(QDir::currentPath());
        if (!dirs.contains(here))
            dirs << here;
        for (const QString &dir : std::as_const(dirs)) {
            if (promise.isCanceled())
                return;
            python::DiscoveryOptions options;
            options.projectDir = dir;
            QStringList notes;
            for (const python::StaticProbe &p : python::discoverInterpreters(options, cancel, &notes)) {
                const QString key = p.interpreter.executable + u'\n' + p.interpreter.prefix;
                if (seen.contains(key))
                    continue;
                seen << key;
                out.interpreters << p;
                if (const QString project = python::projectAround(p.interpreter.prefix, p.interpreter.isVenv);
                    !project.isEmpty() && !out.projects.contains(project))
                    out.projects << project;
            }
            out.notes << notes;
        }
        for (const QString &dir : projectDirs)
            if (!out.projects.contains(dir))
                out.projects << dir;
        // Without a venv, the files in it say it is a project: its requirements, its scripts.
        if (out.projects.contains(here) || python::isTorchProject(here)) {
            out.workingProject = here;
            if (!out.projects.contains(here))
                out.projects << here;
        }
        if (!cancel.isCancelled())
            promise.addResult(out);
    });
}

QFuture<python::StaticProbe> CoreBackend::probeInterpreter(const QString &executable,
                                                           const platform::CancelToken &cancel)
{
    return QtConcurrent::run(&checks::waitingPool(), [executable, cancel] {
        const python::DiscoveryOptions options; // as discovery runs each interpreter
        return python::probeStatic(executable, options.timeoutEach, cancel, options.environment);
    });
}

QStringList CoreBackend::diagnosisSteps() const
{
    QStringList out;
    for (const auto &check : checks::allChecks())
        out << check->title();
    return out;
}

QFuture<checks::Diagnosis> CoreBackend::diagnose(const Target &target)
{
    return checks::CheckRunner::start(requestFor(target), currentKnowledge());
}

PastedError CoreBackend::classifyIn(const QString &text, const std::optional<QProcessEnvironment> &environment) const
{
    PastedError out;
    checks::CheckRequest request;
    if (environment)
        request.environment = *environment;
    // As `torchdoctor explain` says it: one explanation, in core.
    static_cast<checks::Explanation &>(out) = checks::explainPaste(text, request, *currentKnowledge(), language());
    out.text = text;
    out.place = python::pastedPlace(text);
    return out;
}

std::optional<checks::Culprit> CoreBackend::culpritOf(const python::ClassifiedError &error,
                                                      const checks::Diagnosis &report) const
{
    if (!report.facts.libraries)
        return std::nullopt;
    return checks::findCulprit(error, *report.facts.libraries);
}

QList<FixFamily> CoreBackend::families() const
{
    return fixes::Repairs::families();
}

std::optional<fixes::JournalEntry> CoreBackend::journalEntry(const QString &id) const
{
    auto entry = fixes::Journal().load(id);
    return entry ? std::optional(std::move(entry).value()) : std::nullopt;
}

QFuture<fixes::RepairRunEvent> CoreBackend::undo(const QString &entryId,
                                                std::shared_ptr<fixes::RepairAnswers> answers,
                                                const platform::CancelToken &cancel)
{
    const auto entry = journalEntry(entryId);
    if (!entry) {
        fixes::RepairRunEvent finished;
        finished.kind = fixes::RepairRunEvent::Kind::Finished;
        finished.result.execution.outcome = fixes::ExecutionResult::Outcome::Failed;
        finished.result.execution.error = tr("The journal entry cannot be read.");
        const QList<fixes::RepairRunEvent> events{finished};
        return QtFuture::makeReadyFuture(events);
    }
    auto knowledge = currentKnowledge();
    return fixes::startUndo(repairRunner(), *entry, std::move(answers), cancel,
                            [knowledge](fixes::ExecutorCallbacks &callbacks) {
                                fixes::Repairs(knowledge, checks::CheckRequest()).prepare(callbacks);
                            });
}

QString CoreBackend::renderReport(const checks::Diagnosis &report, ReportFormat format, bool redact,
                                  const report::SessionHistory &history) const
{
    report::ReportOptions options;
    options.redact = redact;
    options.history = history;
    options.logFile = platform::logFile();
    return render(report, format, options);
}

QString CoreBackend::render(const checks::Diagnosis &report, ReportFormat format, const report::ReportOptions &options)
{
    switch (format) {
    case ReportFormat::Text: return report::renderText(report, options, true);
    case ReportFormat::Markdown: return report::renderMarkdown(report::buildReport(report, options));
    case ReportFormat::Html: return report::renderHtml(report::buildReport(report, options));
    case ReportFormat::Json:
        return QString::fromUtf8(QJsonDocument(report::buildReport(report, options)).toJson(QJsonDocument::Indented));
    }
    return {};
}

platform::Result<void> CoreBackend::saveReport(const QString &path, const QString &text) const
{
    return platform::saveFile(path, text.toUtf8());
}

} // namespace td::ui
