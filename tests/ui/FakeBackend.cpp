// SPDX-License-Identifier: GPL-3.0-or-later
#include "FakeBackend.h"

#include "CoreBackend.h"
#include "platform/FileIo.h"

#include <QJsonArray>
#include <QPromise>
#include <QThread>
#include <QtConcurrent/QtConcurrentRun>

namespace td::ui::test {

using checks::Finding;
using checks::FixFamily;
using checks::Severity;

namespace {

Finding make(const QString &id, Severity severity, const QString &title, const QString &detail, QList<FixFamily> fixes,
             QJsonObject evidence = {})
{
    Finding f;
    f.id = id;
    f.severity = severity;
    f.title = title;
    f.detail = detail;
    f.fixes = std::move(fixes);
    f.evidence = std::move(evidence);
    f.check = id.section(u'.', 0, 0);
    return f;
}

fixes::FixStep programStep(const QString &program, const QStringList &arguments, bool admin)
{
    fixes::RunProgram run;
    run.program = program;
    run.arguments = arguments;
    run.needsAdmin = admin;
    fixes::FixStep step;
    step.action = run;
    return step;
}

} // namespace

Finding libMissing()
{
    return make(QStringLiteral("lib.missing"), Severity::Error,
                QStringLiteral("libcudnn_ops.so.9 is missing (needed by libcudnn.so.9)"),
                QStringLiteral("The loader looked in torch/lib, the nvidia-cudnn wheel and the system folders."),
                {FixFamily::Docker, FixFamily::Env, FixFamily::Reinstall, FixFamily::System},
                QJsonObject{{QStringLiteral("library"), QStringLiteral("libcudnn_ops.so.9")},
                            {QStringLiteral("loader_problem"), QStringLiteral("missing")},
                            {QStringLiteral("chain"),
                             QJsonArray{QStringLiteral("libtorch_cuda.so"), QStringLiteral("libcudnn.so.9"),
                                        QStringLiteral("libcudnn_ops.so.9")}}});
}

Finding envShadowing()
{
    return make(QStringLiteral("env.suspicious"), Severity::Warning,
                QStringLiteral("LD_LIBRARY_PATH puts another cuDNN in front of torch's"),
                QStringLiteral("/opt/cudnn8/lib comes first in LD_LIBRARY_PATH."), {FixFamily::Env},
                QJsonObject{{QStringLiteral("variable"), QStringLiteral("LD_LIBRARY_PATH")},
                            {QStringLiteral("entry"), QStringLiteral("/opt/cudnn8/lib")}});
}

Finding importFailed()
{
    return make(QStringLiteral("torch.import-failed"), Severity::Error, QStringLiteral("`import torch` fails"),
                QStringLiteral("OSError: libcudnn_ops.so.9: cannot open shared object file"),
                {FixFamily::Env, FixFamily::Reinstall, FixFamily::System},
                QJsonObject{{QStringLiteral("culprit"), QStringLiteral("libcudnn_ops.so.9")},
                            {QStringLiteral("culprit_problem"), QStringLiteral("missing")},
                            {QStringLiteral("chain"),
                             QJsonArray{QStringLiteral("libtorch_cuda.so"), QStringLiteral("libcudnn.so.9"),
                                        QStringLiteral("libcudnn_ops.so.9")}}});
}

Finding vcRuntimeMissing()
{
    return make(
        QStringLiteral("vcruntime.missing"), Severity::Error,
        QStringLiteral("The Microsoft Visual C++ runtime (msvcp140.dll) is missing"),
        QStringLiteral("c10.dll needs msvcp140.dll."), {FixFamily::System},
        QJsonObject{{QStringLiteral("library"), QStringLiteral("msvcp140.dll")},
                    {QStringLiteral("loader_problem"), QStringLiteral("missing")},
                    {QStringLiteral("chain"), QJsonArray{QStringLiteral("torch_python.dll"), QStringLiteral("c10.dll"),
                                                         QStringLiteral("msvcp140.dll")}}});
}

Finding gpuInfo()
{
    return make(QStringLiteral("cuda.no-driver"), Severity::Info, QStringLiteral("No NVIDIA driver found"),
                QStringLiteral("torch runs on the CPU."), {});
}

Scenario envSolves()
{
    Scenario s;
    s.name = QStringLiteral("env-solves");
    s.initial = {libMissing(), envShadowing(), gpuInfo()};
    s.after[FixFamily::Env] = {gpuInfo()};
    return s;
}

Scenario reinstallSolves()
{
    Scenario s;
    s.name = QStringLiteral("reinstall-solves");
    s.initial = {importFailed(), libMissing(), envShadowing()};
    s.after[FixFamily::Env] = {importFailed(), libMissing()};
    s.after[FixFamily::Reinstall] = {};
    return s;
}

Scenario systemNeeded()
{
    Scenario s;
    s.name = QStringLiteral("system-needed");
    s.initial = {vcRuntimeMissing()};
    s.after[FixFamily::System] = {};
    return s;
}

Scenario urgentDocker()
{
    Scenario s;
    s.name = QStringLiteral("urgent-docker");
    s.initial = {libMissing()};
    s.after[FixFamily::Docker] = {libMissing()};
    return s;
}

Scenario dockerClonesFirst()
{
    Scenario s = urgentDocker();
    s.name = QStringLiteral("docker-clones-first");
    s.cloneInto = QStringLiteral("/work/project/ai-toolkit");
    return s;
}

Scenario healthy()
{
    Scenario s;
    s.name = QStringLiteral("healthy");
    s.initial = {gpuInfo()};
    return s;
}

Scenario everyStep()
{
    Scenario s;
    s.name = QStringLiteral("every-step");
    s.initial = {importFailed(), libMissing(), envShadowing(), vcRuntimeMissing()};
    s.after[FixFamily::Env] = {importFailed(), libMissing(), vcRuntimeMissing()};
    s.after[FixFamily::Reinstall] = {vcRuntimeMissing()};
    s.after[FixFamily::System] = {};
    return s;
}

Scenario nothingSolves()
{
    Scenario s;
    s.name = QStringLiteral("nothing-solves");
    s.initial = {libMissing(), envShadowing()};
    s.after[FixFamily::Env] = {libMissing()};
    s.cannotPlan = {FixFamily::System};
    return s;
}

FakeBackend::FakeBackend(Scenario scenario) : m_scenario(std::move(scenario)), m_state(m_scenario.initial) {}

QFuture<Discovery> FakeBackend::discover(const QStringList &projectDirs)
{
    return QtConcurrent::run([projectDirs] {
        Discovery d;
        python::StaticProbe withTorch;
        withTorch.interpreter.executable = QStringLiteral("/work/project/.venv/bin/python");
        withTorch.interpreter.version = QVersionNumber(3, 11, 2);
        withTorch.interpreter.bits = 64;
        withTorch.interpreter.usable = true;
        withTorch.interpreter.isVenv = true;
        withTorch.torch.installed = true;
        withTorch.torch.version = QStringLiteral("2.5.1+cu124");
        withTorch.torch.packageDir = QStringLiteral("/work/project/.venv/lib/python3.11/site-packages/torch");
        python::StaticProbe without;
        without.interpreter.executable = QStringLiteral("/usr/bin/python3");
        without.interpreter.version = QVersionNumber(3, 11, 2);
        without.interpreter.bits = 64;
        without.interpreter.usable = true;
        d.interpreters << withTorch << without;
        d.projects << QStringLiteral("/work/project") << projectDirs;
        return d;
    });
}

QStringList FakeBackend::diagnosisSteps() const
{
    return {QStringLiteral("Probing the Python interpreter"), QStringLiteral("Importing PyTorch"),
            QStringLiteral("Looking for NVIDIA GPUs and the driver"),
            QStringLiteral("Can every native library of PyTorch be loaded?")};
}

checks::Diagnosis FakeBackend::reportNow() const
{
    QMutexLocker lock(&m_mutex);
    checks::Diagnosis r;
    r.findings = m_state;
    r.facts.composeFile = m_scenario.cloneInto.isEmpty() ? m_scenario.composeFile
                          : m_cloned                     ? m_scenario.cloneInto + QStringLiteral("/docker-compose.yml")
                                                         : QString();
    r.facts.chosenExecutable = m_lastTarget.python;
    r.elapsedMs = 1234;
    return r;
}

QFuture<checks::Diagnosis> FakeBackend::runDiagnosis(bool hangs)
{
    ++m_diagnoses;
    const QStringList steps = diagnosisSteps();
    const checks::Diagnosis report = reportNow();
    return QtConcurrent::run([steps, report, hangs](QPromise<checks::Diagnosis> &promise) {
        promise.setProgressRange(0, static_cast<int>(steps.size()));
        for (int i = 0; i < steps.size(); ++i) {
            if (hangs && i == 1) {
                while (!promise.isCanceled())
                    QThread::msleep(5);
                return;
            }
            QThread::msleep(10);
            promise.setProgressValueAndText(i + 1, steps[i]);
        }
        promise.addResult(report);
    });
}

QFuture<checks::Diagnosis> FakeBackend::diagnose(const Target &target)
{
    {
        QMutexLocker lock(&m_mutex);
        m_lastTarget = target;
    }
    return runDiagnosis(m_scenario.diagnosisHangs);
}

PastedError FakeBackend::classify(const QString &text) const
{
    PastedError out;
    out.text = text;
    out.error = python::classifyImportError(text);
    out.recognized = out.error.kind != python::ClassifiedError::Kind::Unknown;
    return out;
}

std::optional<checks::Culprit> FakeBackend::culpritOf(const python::ClassifiedError &error,
                                                      const checks::Diagnosis &report) const
{
    Q_UNUSED(report)
    if (error.library.isEmpty() && error.path.isEmpty())
        return std::nullopt;
    checks::Culprit c;
    c.library = QStringLiteral("libcudnn_ops.so.9");
    c.kind = QStringLiteral("missing");
    c.chain = {QStringLiteral("libtorch_cuda.so"), QStringLiteral("libcudnn.so.9"),
               QStringLiteral("libcudnn_ops.so.9")};
    return c;
}

QList<FixFamily> FakeBackend::families() const
{
    return {FixFamily::Docker, FixFamily::Env, FixFamily::Reinstall, FixFamily::System};
}

RepairProposal FakeBackend::plan(FixFamily family, const checks::Diagnosis &before, const Target &target)
{
    RepairProposal p;
    p.family = family;
    p.handle = static_cast<int>(family);
    for (const Finding &f : before.findings)
        if (f.fixes.contains(family))
            p.targeted << f;
    p.plan.family = checks::toString(family);
    p.plan.title = QStringLiteral("Repair: %1").arg(checks::toString(family));
    for (const Finding &f : std::as_const(p.targeted))
        p.plan.why << f.id;
    if (p.targeted.isEmpty())
        return p;
    if (m_scenario.cannotPlan.contains(family)) {
        p.plan.warnings << QStringLiteral("This build cannot plan that repair.");
        p.summary = QStringLiteral("This build cannot plan that repair.");
        return p;
    }
    switch (family) {
    case FixFamily::Docker:
        if (!m_scenario.cloneInto.isEmpty() && !m_cloned) {
            if (target.cloneUrl.isEmpty()) {
                p.needsRepository = true;
                p.plan.warnings << QStringLiteral("/work/project has no docker-compose.yml.");
                return p;
            }
            p.plan.steps << programStep(QStringLiteral("git"),
                                        {QStringLiteral("clone"), target.cloneUrl, m_scenario.cloneInto}, false);
            p.continueIn = m_scenario.cloneInto;
            p.summary = QStringLiteral("Clones the repository.");
            break;
        }
        p.plan.steps << programStep(QStringLiteral("docker"), {QStringLiteral("compose"), QStringLiteral("build")},
                                    false)
                     << programStep(QStringLiteral("docker"),
                                    {QStringLiteral("compose"), QStringLiteral("up"), QStringLiteral("-d")}, false);
        p.summary = QStringLiteral("Builds and starts the project's containers.");
        p.afterwards = QStringLiteral("Open http://localhost:8675.");
        break;
    case FixFamily::Env: {
        fixes::EditFile edit;
        edit.path = QStringLiteral("/home/alice/.bashrc");
        edit.line = 12;
        edit.oldText = "export LD_LIBRARY_PATH=/opt/cudnn8/lib:$LD_LIBRARY_PATH";
        fixes::FixStep step;
        step.action = edit;
        p.plan.steps << step;
        p.summary = QStringLiteral("Removes the entry that shadows torch's cuDNN.");
        p.afterwards = QStringLiteral("Open a new terminal.");
        break;
    }
    case FixFamily::Reinstall:
        p.plan.steps << programStep(QStringLiteral("/work/project/.venv/bin/python"),
                                    {QStringLiteral("-m"), QStringLiteral("pip"), QStringLiteral("install"),
                                     QStringLiteral("--force-reinstall"), QStringLiteral("torch==2.5.*"),
                                     QStringLiteral("--index-url"),
                                     QStringLiteral("https://download.pytorch.org/whl/cu124")},
                                    false);
        p.summary = QStringLiteral("Installs torch 2.5 for CUDA 12.4.");
        break;
    case FixFamily::System:
        p.plan.steps << programStep(
            QStringLiteral("vc_redist.x64.exe"),
            {QStringLiteral("/install"), QStringLiteral("/quiet"), QStringLiteral("/norestart")}, true);
        p.summary = QStringLiteral("Installs the Visual C++ 2015-2022 runtime.");
        break;
    }
    return p;
}

QFuture<QString> FakeBackend::preflight(const RepairProposal &repair)
{
    Q_UNUSED(repair)
    return QtFuture::makeReadyFuture(m_scenario.preflightProblem);
}

QFuture<RepairEvent> FakeBackend::apply(const RepairProposal &repair, const platform::CancelToken &cancel)
{
    const bool hangs = m_scenario.repairHangs;
    const FixFamily family = repair.family;
    const QString entryId = QStringLiteral("entry-%1").arg(checks::toString(family));
    {
        QMutexLocker lock(&m_mutex);
        fixes::JournalEntry entry;
        entry.id = entryId;
        entry.family = checks::toString(family);
        entry.title = repair.plan.title;
        for (const fixes::FixStep &s : repair.plan.steps) {
            fixes::JournalStep js;
            js.kind = s.kind();
            js.description = s.description();
            js.state = fixes::StepState::Done;
            entry.steps << js;
        }
        m_journal.insert(entryId, entry);
    }
    const auto steps = repair.plan.steps;
    const bool clone = !repair.continueIn.isEmpty();
    return QtConcurrent::run([this, steps, hangs, family, cancel, entryId, clone](QPromise<RepairEvent> &promise) {
        fixes::ExecutionResult result;
        result.entryId = entryId;
        for (int i = 0; i < steps.size(); ++i) {
            RepairEvent running;
            running.kind = RepairEvent::Kind::Step;
            running.index = i;
            running.text = steps[i].description();
            running.state = fixes::StepState::Running;
            promise.addResult(running);
            RepairEvent out;
            out.kind = RepairEvent::Kind::Output;
            out.text = QStringLiteral("step %1 working\n").arg(i + 1);
            promise.addResult(out);
            if (hangs) {
                while (!cancel.isCancelled())
                    QThread::msleep(5);
            }
            if (cancel.isCancelled()) {
                RepairEvent failed = running;
                failed.state = fixes::StepState::Failed;
                promise.addResult(failed);
                result.outcome = fixes::ExecutionResult::Outcome::Cancelled;
                RepairEvent done;
                done.kind = RepairEvent::Kind::Finished;
                done.result = result;
                promise.addResult(done);
                return;
            }
            RepairEvent ok = running;
            ok.state = fixes::StepState::Done;
            promise.addResult(ok);
            ++result.stepsDone;
        }
        {
            QMutexLocker lock(&m_mutex);
            if (clone) {
                m_cloned = true;
            } else {
                m_applied << family;
                if (m_scenario.after.contains(family))
                    m_state = m_scenario.after.value(family);
            }
        }
        result.outcome = fixes::ExecutionResult::Outcome::Done;
        RepairEvent done;
        done.kind = RepairEvent::Kind::Finished;
        done.result = result;
        promise.addResult(done);
    });
}

QFuture<QString> FakeBackend::servicesProblem(const RepairProposal &repair)
{
    Q_UNUSED(repair)
    return QtFuture::makeReadyFuture(m_scenario.servicesProblem);
}

QFuture<checks::Diagnosis> FakeBackend::verify(const RepairProposal &repair, const Target &target)
{
    Q_UNUSED(repair)
    Q_UNUSED(target)
    return runDiagnosis(false);
}

Verification FakeBackend::compare(const checks::Diagnosis &before, const checks::Diagnosis &after,
                                  const RepairProposal &repair) const
{
    Q_UNUSED(before)
    Verification v;
    v.fixed = true;
    for (const Finding &f : repair.targeted) {
        const bool still =
            std::any_of(after.findings.cbegin(), after.findings.cend(), [&](const Finding &a) { return a.id == f.id; });
        (still ? v.still : v.gone) << f;
        v.fixed = v.fixed && !still;
    }
    return v;
}

std::optional<fixes::JournalEntry> FakeBackend::journalEntry(const QString &id) const
{
    QMutexLocker lock(&m_mutex);
    if (!m_journal.contains(id))
        return std::nullopt;
    return m_journal.value(id);
}

fixes::FixPlan FakeBackend::undoPlan(const QString &entryId) const
{
    fixes::FixPlan plan;
    plan.title = QStringLiteral("Undo %1").arg(entryId);
    if (journalEntry(entryId))
        plan.steps << programStep(QStringLiteral("restore"), {entryId}, false);
    return plan;
}

QFuture<RepairEvent> FakeBackend::undo(const QString &entryId, const platform::CancelToken &cancel)
{
    Q_UNUSED(cancel)
    {
        QMutexLocker lock(&m_mutex);
        m_undone << entryId;
        m_state = m_scenario.initial;
    }
    RepairEvent done;
    done.kind = RepairEvent::Kind::Finished;
    done.result.outcome = fixes::ExecutionResult::Outcome::Done;
    done.result.entryId = QStringLiteral("undo-") + entryId;
    done.result.stepsDone = 1;
    const QList<RepairEvent> events{done};
    return QtFuture::makeReadyFuture(events);
}

// The scenario's findings through core's own renderers.
QString FakeBackend::renderReport(const checks::Diagnosis &report, ReportFormat format, bool redact) const
{
    report::ReportOptions options;
    options.redact = redact;
    return CoreBackend::render(report, format, options);
}

bool FakeBackend::saveReport(const QString &path, const QString &text, QString &error) const
{
    const auto saved = platform::saveFile(path, text.toUtf8());
    error = saved.error();
    return bool(saved);
}

QList<FixFamily> FakeBackend::applied() const
{
    QMutexLocker lock(&m_mutex);
    return m_applied;
}

QStringList FakeBackend::undone() const
{
    QMutexLocker lock(&m_mutex);
    return m_undone;
}

Target FakeBackend::lastTarget() const
{
    QMutexLocker lock(&m_mutex);
    return m_lastTarget;
}

QList<Finding> FakeBackend::state() const
{
    QMutexLocker lock(&m_mutex);
    return m_state;
}

} // namespace td::ui::test
