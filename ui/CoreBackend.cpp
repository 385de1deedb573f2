// SPDX-License-Identifier: GPL-3.0-or-later
#include "CoreBackend.h"

#include "checks/Check.h"
#include "knowledge/KnowledgeBase.h"
#include "platform/Logging.h"
#include "python/InterpreterDiscovery.h"
#include "report/ReportFile.h"
#include "report/SupportReport.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QPromise>
#include <QThread>
#include <QUrl>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

namespace td::ui {

using checks::FixFamily;

namespace {

// The same finding in two runs: its id and what it names.
QString keyOf(const checks::Finding &f)
{
    return f.id + u'\n' + f.evidence.value(QStringLiteral("variable")).toString() + u'\n'
           + f.evidence.value(QStringLiteral("entry")).toString() + u'\n'
           + f.evidence.value(QStringLiteral("library")).toString();
}

QString language()
{
    return QLocale().name();
}

// Runs `body` with callbacks that turn the executor's reports into events.
QFuture<RepairEvent> runExecutor(std::function<fixes::ExecutionResult(const fixes::ExecutorCallbacks &)> body)
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
    return request;
}

QFuture<Discovery> CoreBackend::discover(const QStringList &projectDirs)
{
    return QtConcurrent::run([projectDirs](QPromise<Discovery> &promise) {
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
            for (const python::StaticProbe &p : python::discoverInterpreters(options, {}, &notes)) {
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

QFuture<checks::CheckReport> CoreBackend::diagnose(const Target &target)
{
    return checks::CheckRunner::start(requestFor(target), m_knowledge);
}

PastedError CoreBackend::classify(const QString &text) const
{
    PastedError out;
    out.text = text;
    out.error = python::classifyImportError(text);
    out.recognized = out.error.kind != python::ClassifiedError::Kind::Unknown;
    if (out.recognized) {
        if (const auto signature = m_knowledge->matchError(out.error)) {
            out.title = signature->title.get(language());
            out.cause = signature->cause.get(language());
        }
    }
    return out;
}

std::optional<checks::Culprit> CoreBackend::culpritOf(const python::ClassifiedError &error,
                                                      const checks::CheckReport &report) const
{
    if (!report.facts.libraries)
        return std::nullopt;
    return checks::findCulprit(error, *report.facts.libraries);
}

QList<FixFamily> CoreBackend::families() const
{
    return {FixFamily::Env, FixFamily::Reinstall};
}

RepairProposal CoreBackend::plan(FixFamily family, const checks::CheckReport &before)
{
    RepairProposal out;
    out.family = family;
    Planned planned;
    planned.family = family;
    planned.request = before.facts.request;
    const python::StaticProbe *probe = before.facts.chosenProbe();
    const QString torchDir = probe ? probe->torch.packageDir : QString();
    for (const checks::Finding &f : before.findings) {
        const bool handled = family == FixFamily::Env         ? fixes::EnvPlanner::handles(f)
                             : family == FixFamily::Reinstall ? fixes::ReinstallPlanner::handles(f, torchDir)
                                                              : f.fixes.contains(family);
        if (handled)
            out.targeted << f;
    }
    if (out.targeted.isEmpty())
        return out;
    switch (family) {
    case FixFamily::Env: {
        const fixes::EnvPlanner planner(before.facts.request.environment, before.facts.chosenExecutable);
        planned.env = planner.plan(out.targeted);
        out.plan = planned.env.plan;
        out.summary = tr("Removes exactly the environment entries that get in PyTorch's way; it never adds any.");
        out.afterwards = tr("Open a new terminal (or log in again) so that programs see the change.");
        break;
    }
    case FixFamily::Reinstall: {
        const fixes::ReinstallPlanner planner(*m_knowledge, before.facts.request.environment);
        planned.reinstall = planner.plan(before.facts, out.targeted);
        out.plan = planned.reinstall.plan;
        out.summary = tr("Installs the PyTorch build that fits this machine with the environment's own installer.");
        out.afterwards = planned.reinstall.undo;
        break;
    }
    case FixFamily::Docker:
    case FixFamily::System:
        out.plan.family = checks::toString(family);
        out.plan.warnings << tr("This build cannot plan that repair.");
        out.summary = tr("This build cannot plan that repair.");
        break;
    }
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
    if (!p || p->family != FixFamily::Reinstall || p->reinstall.preflightProgram.isEmpty())
        return QtFuture::makeReadyFuture(QString());
    const fixes::ReinstallPlan plan = p->reinstall;
    return QtConcurrent::run([plan]() -> QString {
        platform::ProcessRequest request;
        request.program = plan.preflightProgram;
        request.arguments = plan.preflightArguments;
        request.timeout = std::chrono::seconds(90);
        const platform::ProcessResult r = platform::runProcess(request);
        if (r.succeeded()) {
            if (plan.installer != QLatin1String("pip"))
                return {};
            // "Available versions: 2.5.1, 2.5.0, 2.4.1"
            for (const QString &line : QString::fromLocal8Bit(r.standardOutput).split(u'\n'))
                if (line.trimmed().startsWith(QLatin1String("Available versions:")))
                    for (const QString &v : line.section(u':', 1).split(u','))
                        if (v.trimmed().startsWith(plan.torchSeries + u'.'))
                            return {};
            return tr("torch %1 is not there").arg(plan.torchSeries);
        }
        const QStringList lines = QString::fromLocal8Bit(r.standardError).split(u'\n', Qt::SkipEmptyParts);
        const QString why = r.outcome == platform::ProcessResult::Outcome::Finished && !lines.isEmpty()
                                ? lines.last().trimmed()
                                : r.describe();
        return tr("%1 cannot be reached: %2").arg(QUrl(plan.indexUrl).host(), why);
    });
}

QFuture<RepairEvent> CoreBackend::apply(const RepairProposal &repair, const platform::CancelToken &cancel)
{
    const fixes::FixPlan plan = repair.plan;
    return runExecutor([plan, cancel](const fixes::ExecutorCallbacks &callbacks) {
        const fixes::Executor executor{fixes::Journal()};
        return executor.run(plan, callbacks, cancel);
    });
}

QFuture<checks::CheckReport> CoreBackend::verify(const RepairProposal &repair, const Target &target)
{
    checks::CheckRequest request = requestFor(target);
    if (const auto p = planned(repair.handle)) {
        request = p->request;
        // An environment repair shows in a new terminal: check with its environment.
        if (p->family == FixFamily::Env)
            request.environment = fixes::EnvPlanner::after(request.environment, p->env.changes);
    }
    return checks::CheckRunner::start(request, m_knowledge);
}

Verification CoreBackend::compare(const checks::CheckReport &before, const checks::CheckReport &after,
                                  const RepairProposal &repair) const
{
    Q_UNUSED(before)
    Verification out;
    QStringList afterKeys;
    for (const checks::Finding &f : after.findings)
        afterKeys << keyOf(f);
    out.fixed = true;
    for (const checks::Finding &f : repair.targeted) {
        if (afterKeys.contains(keyOf(f))) {
            out.still << f;
            out.fixed = false;
        } else {
            out.gone << f;
        }
    }
    return out;
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
    return runExecutor([entry, cancel](const fixes::ExecutorCallbacks &callbacks) {
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

QString CoreBackend::renderReport(const checks::CheckReport &report, ReportFormat format, bool redact) const
{
    report::ReportOptions options;
    options.redact = redact;
    options.logFile = platform::logFile();
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
    error = report::writeReportFile(path, text.toUtf8());
    return error.isEmpty();
}

} // namespace td::ui
