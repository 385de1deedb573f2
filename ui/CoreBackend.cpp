// SPDX-License-Identifier: GPL-3.0-or-later
#include "CoreBackend.h"

#include "checks/Check.h"
#include "checks/CheckRunner.h"
#include "knowledge/KnowledgeBase.h"
#include "platform/FileIo.h"
#include "platform/Logging.h"
#include "python/InterpreterDiscovery.h"
#include "report/SupportReport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QPromise>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>

namespace td::ui {

using checks::FixFamily;

namespace {

QString language()
{
    return QLocale().name();
}

// Runs `body` with callbacks that turn the executor's reports into events.
QFuture<RepairEvent> runExecutor(std::function<fixes::ExecutionResult(fixes::ExecutorCallbacks)> body)
{
    return QtConcurrent::run([body = std::move(body)](QPromise<RepairEvent> &promise) {
        fixes::ExecutorCallbacks callbacks;
        callbacks.confirm = [](const fixes::FixPlan &) { return true; }; // asked before, with the plan on screen
        callbacks.progress = [&promise](int index, const fixes::FixStep &step, fixes::StepState state) {
            RepairEvent e;
            e.kind = RepairEvent::Kind::Step;
            e.index = index;
            e.text = step.description();
            e.state = state;
            promise.addResult(e);
        };
        callbacks.output = [&promise](const QByteArray &chunk, bool isError) {
            RepairEvent e;
            e.kind = RepairEvent::Kind::Output;
            e.text = QString::fromLocal8Bit(chunk);
            e.isError = isError;
            promise.addResult(e);
        };
        RepairEvent done;
        done.kind = RepairEvent::Kind::Finished;
        done.result = body(callbacks);
        promise.addResult(done);
    });
}

} // namespace

CoreBackend::CoreBackend() : m_knowledge(std::make_shared<knowledge::KnowledgeBase>())
{
    m_knowledgeProblems = m_knowledge->load();
}

CoreBackend::~CoreBackend() = default;

checks::CheckRequest CoreBackend::requestFor(const Target &target) const
{
    checks::CheckRequest request;
    request.python = target.python;
    request.projectDir = target.projectDir;
    request.runImport = true;
    request.compareTerminal = true; // started from the desktop, a new terminal is what fails
    return request;
}

QFuture<Discovery> CoreBackend::discover(const QStringList &projectDirs)
{
    return QtConcurrent::run([projectDirs](QPromise<Discovery> &promise) {
        // Cancelled through the future: the token ends the probes.
        const auto cancel = platform::CancelToken::following(promise.future());
        Discovery out;
        QStringList seen;
        QStringList dirs{QString()};
        dirs << projectDirs;
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
                // A venv named venv/.venv stands for the project folder around it.
                const QFileInfo prefix(p.interpreter.prefix);
                if (p.interpreter.isVenv
                    && (prefix.fileName() == QLatin1String("venv") || prefix.fileName() == QLatin1String(".venv"))) {
                    const QString project = QDir::cleanPath(prefix.absolutePath());
                    if (!out.projects.contains(project))
                        out.projects << project;
                }
            }
            out.notes << notes;
        }
        for (const QString &dir : projectDirs)
            if (!out.projects.contains(dir))
                out.projects << dir;
        if (!cancel.isCancelled())
            promise.addResult(out);
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
    return checks::CheckRunner::start(requestFor(target), m_knowledge);
}

PastedError CoreBackend::classify(const QString &text) const
{
    PastedError out;
    out.text = text;
    out.error = python::classifyImportError(text);
    // As `torchdoctor explain`: a message is also known by its own wording.
    const auto signature = m_knowledge->matchError(out.error);
    out.recognized = signature || out.error.kind != python::ClassifiedError::Kind::Unknown;
    if (signature) {
        out.title = signature->title.get(language());
        out.cause = signature->cause.get(language());
        out.likely = signature->confidence != QLatin1String("certain");
        out.packageToFix = signature->packageToFix;
    }
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

RepairProposal CoreBackend::plan(FixFamily family, const checks::Diagnosis &before, const Target &target)
{
    RepairProposal out;
    out.family = family;
    if (!fixes::Repairs::families().contains(family)) {
        out.plan.family = checks::toString(family);
        out.plan.warnings << tr("This build cannot plan that repair.");
        out.summary = tr("This build cannot plan that repair.");
        for (const checks::Finding &f : before.findings)
            if (f.fixes.contains(family))
                out.targeted << f;
        return out;
    }
    fixes::RepairOptions options;
    options.cloneUrl = target.cloneUrl;
    const fixes::Repairs repairs(m_knowledge, before.facts.request, options);
    Planned planned{repairs.plan(family, before), before.facts.request};
    if (family == FixFamily::Docker) {
        const fixes::DockerPlan &docker = planned.repair.docker;
        out.needsRepository =
            docker.composeFile.isEmpty() && docker.clonedInto.isEmpty() && !before.facts.request.projectDir.isEmpty();
        out.continueIn = docker.clonedInto;
    }
    out.targeted = planned.repair.targeted;
    out.plan = planned.repair.plan;
    out.summary = planned.repair.summary;
    out.afterwards = planned.repair.afterwards;
    out.preflight = planned.repair.preflight;
    QMutexLocker lock(&m_mutex);
    out.handle = m_nextHandle++;
    m_planned.insert(out.handle, planned);
    return out;
}

std::optional<CoreBackend::Planned> CoreBackend::planned(int handle) const
{
    QMutexLocker lock(&m_mutex);
    const auto it = m_planned.constFind(handle);
    if (it == m_planned.cend())
        return std::nullopt;
    return *it;
}

QFuture<QString> CoreBackend::preflight(const RepairProposal &repair)
{
    const auto p = planned(repair.handle);
    if (!p || p->repair.preflight.isEmpty())
        return QtFuture::makeReadyFuture(QString());
    auto knowledge = m_knowledge;
    return QtConcurrent::run([knowledge, p = *p](QPromise<QString> &promise) {
        const auto cancel = platform::CancelToken::following(promise.future()); // cancelled through the future
        const fixes::Repairs repairs(knowledge, p.request);
        QString problem;
        const bool ok = repairs.preflight(p.repair, problem, cancel);
        promise.addResult(ok ? QString() : (problem.isEmpty() ? tr("the check before the repair failed") : problem));
    });
}

QFuture<RepairEvent> CoreBackend::apply(const RepairProposal &repair, const platform::CancelToken &cancel)
{
    const auto p = planned(repair.handle);
    const fixes::FixPlan plan = p ? p->repair.plan : repair.plan;
    auto knowledge = m_knowledge;
    const checks::CheckRequest request = p ? p->request : checks::CheckRequest();
    return runExecutor([plan, cancel, knowledge, request](fixes::ExecutorCallbacks callbacks) {
        // What the steps need from the platform (Windows: the registry helper).
        fixes::Repairs(knowledge, request).prepare(callbacks);
        const fixes::Executor executor{fixes::Journal()};
        return executor.run(plan, callbacks, cancel);
    });
}

QFuture<QString> CoreBackend::servicesProblem(const RepairProposal &repair)
{
    const auto p = planned(repair.handle);
    if (!p || p->repair.family != FixFamily::Docker)
        return QtFuture::makeReadyFuture(QString());
    auto knowledge = m_knowledge;
    return QtConcurrent::run([knowledge, p = *p]() -> QString {
        const fixes::Repairs repairs(knowledge, p.request);
        QString detail;
        if (repairs.servicesRunning(p.repair, detail))
            return {};
        return detail.isEmpty() ? tr("the project's services do not run") : detail;
    });
}

QFuture<checks::Diagnosis> CoreBackend::verify(const RepairProposal &repair, const Target &target)
{
    checks::CheckRequest request = requestFor(target);
    if (const auto p = planned(repair.handle))
        request = fixes::Repairs(m_knowledge, p->request).verifyRequest(p->repair);
    return checks::CheckRunner::start(request, m_knowledge);
}

Verification CoreBackend::compare(const checks::Diagnosis &before, const checks::Diagnosis &after,
                                  const RepairProposal &repair) const
{
    const auto p = planned(repair.handle);
    fixes::Repair planned;
    if (p)
        planned = p->repair;
    else
        planned.targeted = repair.targeted;
    const fixes::Verification v = fixes::Repairs::compare(before, after, planned);
    return Verification{v.fixed, v.gone, v.still};
}

std::optional<fixes::JournalEntry> CoreBackend::journalEntry(const QString &id) const
{
    QString error;
    return fixes::Journal().load(id, error);
}

fixes::FixPlan CoreBackend::undoPlan(const QString &entryId) const
{
    const auto entry = journalEntry(entryId);
    if (!entry)
        return {};
    return fixes::Executor(fixes::Journal()).undoPlan(*entry);
}

QFuture<RepairEvent> CoreBackend::undo(const QString &entryId, const platform::CancelToken &cancel)
{
    const auto entry = journalEntry(entryId);
    auto knowledge = m_knowledge;
    return runExecutor([entry, cancel, knowledge](fixes::ExecutorCallbacks callbacks) {
        fixes::Repairs(knowledge, checks::CheckRequest()).prepare(callbacks);
        if (!entry) {
            fixes::ExecutionResult r;
            r.outcome = fixes::ExecutionResult::Outcome::Failed;
            r.error = tr("The journal entry cannot be read.");
            return r;
        }
        const fixes::Executor executor{fixes::Journal()};
        return executor.undo(*entry, callbacks, cancel);
    });
}

QString CoreBackend::renderReport(const checks::Diagnosis &report, ReportFormat format, bool redact) const
{
    report::ReportOptions options;
    options.redact = redact;
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

bool CoreBackend::saveReport(const QString &path, const QString &text, QString &error) const
{
    const auto saved = platform::saveFile(path, text.toUtf8());
    error = saved.error();
    return bool(saved);
}

} // namespace td::ui
