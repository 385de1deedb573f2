// SPDX-License-Identifier: GPL-3.0-or-later
#include "FakeBackend.h"

#include "CoreBackend.h"
#include "fixes/DockerPlanner.h"
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
    // The check that writes such a finding in core.
    const QString head = id.section(u'.', 0, 0);
    f.check = head == QLatin1String("torch")                                         ? QStringLiteral("torch.import")
              : head == QLatin1String("lib") || head == QLatin1String("vcruntime")   ? QStringLiteral("lib.walk")
              : head == QLatin1String("env") || head == QLatin1String("path")        ? QStringLiteral("environment")
                                                                                     : head;
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

Finding torchNotInstalled()
{
    return make(QStringLiteral("torch.not-installed"), Severity::Error,
                QStringLiteral("PyTorch is not installed for /usr/bin/python3"),
                QStringLiteral("torch is installed for /work/project/.venv/bin/python (torch 2.5.1+cu124)."),
                {FixFamily::Reinstall},
                QJsonObject{{QStringLiteral("python"), QStringLiteral("/usr/bin/python3")},
                            {QStringLiteral("other_interpreters_with_torch"),
                             QJsonArray{QJsonObject{{QStringLiteral("executable"),
                                                     QStringLiteral("/work/project/.venv/bin/python")},
                                                    {QStringLiteral("version"), QStringLiteral("3.11.2")},
                                                    {QStringLiteral("torch"), QStringLiteral("2.5.1+cu124")}}}}});
}

Scenario envSolves()
{
    Scenario s;
    s.name = QStringLiteral("env-solves");
    s.os = QStringLiteral("linux"); // a CUDA library missing under libtorch_cuda.so, a PATH set in .bashrc
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
    s.os = QStringLiteral("windows"); // the VC++ runtime: a Windows machine
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
    s.os = QStringLiteral("windows");
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

// The scenario's machine, as core's repair run drives it.
class FakeBackend::Machine final : public fixes::RepairMachine {
public:
    explicit Machine(FakeBackend &backend) : m_backend(backend) {}

    fixes::Repair plan(FixFamily family, const checks::Diagnosis &before,
                       const fixes::RepairScope &scope) const override
    {
        return m_backend.planRepair(family, before, scope);
    }
    platform::Result<void> preflight(const fixes::Repair &, const fixes::RepairScope &,
                                     const platform::CancelToken &) const override
    {
        if (const QString &problem = m_backend.m_scenario.preflightProblem; !problem.isEmpty())
            return platform::Error{problem};
        return {};
    }
    fixes::ExecutionResult execute(const fixes::Repair &repair, const fixes::RepairScope &,
                                   fixes::ExecutorCallbacks callbacks,
                                   const platform::CancelToken &cancel) const override
    {
        return m_backend.execute(repair, callbacks, cancel);
    }
    checks::CheckRequest verifyRequest(const fixes::Repair &, const fixes::RepairScope &scope) const override
    {
        return scope.request;
    }
    std::optional<checks::Diagnosis> diagnose(const checks::CheckRequest &request,
                                                const platform::CancelToken &cancel) const override
    {
        {
            QMutexLocker lock(&m_backend.m_mutex);
            m_backend.m_lastTarget.python = request.python;
            m_backend.m_lastTarget.projectDir = request.projectDir;
        }
        ++m_backend.m_diagnoses;
        QThread::msleep(10);
        if (cancel.isCancelled())
            return std::nullopt;
        return m_backend.reportNow();
    }
    bool servicesRunning(const fixes::Repair &, const fixes::RepairScope &, QString &detail,
                         const platform::CancelToken &) const override
    {
        detail = m_backend.m_scenario.servicesProblem;
        return detail.isEmpty();
    }

private:
    FakeBackend &m_backend;
};

Scenario torchInAnotherPython()
{
    Scenario s;
    s.name = QStringLiteral("torch-in-another-python");
    s.initial = {torchNotInstalled()};
    s.after[FixFamily::Reinstall] = {};
    return s;
}

FakeBackend::FakeBackend(Scenario scenario)
    : m_scenario(std::move(scenario)), m_state(m_scenario.initial), m_machine(std::make_shared<Machine>(*this))
{
}

FakeBackend::~FakeBackend()
{
    waitForRepairs(); // they change this machine's state
}

QFuture<Discovery> FakeBackend::discover(const QStringList &projectDirs)
{
    return QtConcurrent::run([projectDirs, conda = m_scenario.condaEnvironments] {
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
        for (int i = 1; i <= conda; ++i) {
            python::StaticProbe env = withTorch;
            env.interpreter.executable =
                QStringLiteral("/home/someone/miniconda3/envs/stable-diffusion-webui-%1/bin/python").arg(i);
            env.interpreter.isConda = true;
            d.interpreters << env;
        }
        d.projects << QStringLiteral("/work/project") << projectDirs;
        return d;
    });
}

QFuture<python::StaticProbe> FakeBackend::probeInterpreter(const QString &executable,
                                                           const platform::CancelToken &cancel)
{
    Q_UNUSED(cancel)
    python::StaticProbe probe;
    probe.interpreter.executable = executable;
    probe.interpreter.version = QVersionNumber(3, 11, 2);
    probe.interpreter.bits = 64;
    probe.interpreter.usable = true;
    return QtFuture::makeReadyFuture(probe);
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
    r.facts.chosenExecutable =
        m_lastTarget.python.isEmpty() ? QStringLiteral("/work/project/.venv/bin/python") : m_lastTarget.python;
    // What the collectors of a real diagnosis gather, for the checks that found nothing to say what they saw.
    python::StaticProbe probe;
    probe.interpreter.executable = r.facts.chosenExecutable;
    probe.interpreter.version = QVersionNumber(3, 11, 2);
    probe.interpreter.bits = 64;
    probe.interpreter.usable = true;
    probe.torch.installed = true;
    probe.torch.version = QStringLiteral("2.5.1+cu124");
    probe.torch.versionPyCuda = QStringLiteral("12.4");
    probe.torch.packageDir = QStringLiteral("/work/project/.venv/lib/python3.11/site-packages/torch");
    probe.torch.companions << python::PackageInfo{QStringLiteral("torchvision"), QStringLiteral("0.20.1"), probe.torch.packageDir, QStringLiteral("pip")};
    r.facts.interpreters << probe;
    r.facts.chosen = 0;
    const bool importFails = std::any_of(m_state.cbegin(), m_state.cend(),
                                         [](const Finding &f) { return f.id.startsWith(QLatin1String("torch.")); });
    r.facts.import.outcome = importFails ? python::ImportResult::Outcome::Failed : python::ImportResult::Outcome::Ok;
    r.facts.import.version = probe.torch.version;
    r.facts.import.elapsedMs = 2300;
    r.facts.libraries = loader::Graph{};
    r.facts.libraries->roots.resize(2);
    r.facts.libraries->libraries.resize(112);
    if (!r.facts.composeFile.isEmpty())
        r.facts.docker = platform::DockerInfo{true, QStringLiteral("28.2.2"), true, {}, true, QStringLiteral("2.36.2"),
                                              false, QStringLiteral("Debian GNU/Linux 12 (bookworm)")};
    r.facts.system.os = m_scenario.os;
    r.facts.ready = checks::FactSet::fromInt(~0U);
    r.facts.request.python = m_lastTarget.python;
    r.facts.request.projectDir = m_lastTarget.projectDir.isEmpty() ? QStringLiteral("/work/project")
                                                                    : m_lastTarget.projectDir;
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

PastedError FakeBackend::classifyIn(const QString &text, const std::optional<QProcessEnvironment> &) const
{
    PastedError out;
    out.text = text;
    out.error = python::classifyImportError(text);
    out.place = python::pastedPlace(text);
    out.recognized = out.error.kind != python::ClassifiedError::Kind::Unknown;
    out.system = python::systemOfError(out.error);
    // Another system than the faked machine's, as CoreBackend says of this one.
    const QString machine = m_scenario.os.isEmpty() ? python::thisSystem() : m_scenario.os;
    out.otherSystem = out.recognized && !out.system.isEmpty() && out.system != machine;
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

fixes::Repair FakeBackend::planRepair(FixFamily family, const checks::Diagnosis &before,
                                     const fixes::RepairScope &scope) const
{
    fixes::Repair p;
    p.family = family;
    // As core: Docker answers to what Docker lacks, and runs the project whether or not a finding asks.
    for (const Finding &f : before.findings)
        if (family == FixFamily::Docker ? fixes::DockerPlanner::handles(f) : f.fixes.contains(family))
            p.targeted << f;
    p.plan.family = checks::toString(family);
    p.plan.title = QStringLiteral("Repair: %1").arg(checks::toString(family));
    for (const Finding &f : std::as_const(p.targeted))
        p.plan.why << f.id;
    if (p.targeted.isEmpty() && family != FixFamily::Docker)
        return p;
    if (m_scenario.cannotPlan.contains(family)) {
        p.plan.warnings << QStringLiteral("This build cannot plan that repair.");
        p.summary = QStringLiteral("This build cannot plan that repair.");
        return p;
    }
    p.preflight = QStringLiteral("Asking the machine whether the repair can work...");
    switch (family) {
    case FixFamily::Docker: {
        QMutexLocker lock(&m_mutex);
        if (!m_scenario.cloneInto.isEmpty() && !m_cloned) {
            if (scope.options.cloneUrl.isEmpty()) {
                p.plan.warnings << QStringLiteral("/work/project has no docker-compose.yml.");
                return p;
            }
            p.plan.steps << programStep(QStringLiteral("git"),
                                        {QStringLiteral("clone"), scope.options.cloneUrl, m_scenario.cloneInto}, false);
            p.docker.clonedInto = m_scenario.cloneInto;
            p.summary = QStringLiteral("Clones the repository.");
            break;
        }
        p.docker.composeFile = m_scenario.cloneInto.isEmpty()
                                   ? m_scenario.composeFile
                                   : m_scenario.cloneInto + QStringLiteral("/docker-compose.yml");
        p.docker.services = {QStringLiteral("ai-toolkit")};
        p.plan.steps << programStep(QStringLiteral("docker"), {QStringLiteral("compose"), QStringLiteral("build")},
                                    false)
                     << programStep(QStringLiteral("docker"),
                                    {QStringLiteral("compose"), QStringLiteral("up"), QStringLiteral("-d")}, false);
        p.summary = QStringLiteral("Builds and starts the project's containers.");
        p.afterwards = QStringLiteral("Open http://localhost:8675.");
        break;
    }
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
    case FixFamily::Reinstall: {
        QStringList arguments{QStringLiteral("-m"), QStringLiteral("pip"), QStringLiteral("install"),
                              QStringLiteral("--force-reinstall"), QStringLiteral("torch==2.5.*")};
        const fixes::WheelSource &wheels = scope.options.wheels;
        for (const QString &dir : wheels.findLinks)
            arguments << QStringLiteral("--find-links") << dir;
        if (wheels.noIndex)
            arguments << QStringLiteral("--no-index");
        else
            arguments << QStringLiteral("--index-url") << QStringLiteral("https://download.pytorch.org/whl/cu124");
        p.plan.steps << programStep(QStringLiteral("/work/project/.venv/bin/python"), arguments, false);
        p.summary = QStringLiteral("Installs torch 2.5 for CUDA 12.4.");
        break;
    }
    case FixFamily::System:
        p.plan.steps << programStep(
            QStringLiteral("vc_redist.x64.exe"),
            {QStringLiteral("/install"), QStringLiteral("/quiet"), QStringLiteral("/norestart")}, true);
        p.summary = QStringLiteral("Installs the Visual C++ 2015-2022 runtime.");
        break;
    }
    return p;
}

// As the executor: asks first, journals, then runs each step (or hangs in it until cancelled).
fixes::ExecutionResult FakeBackend::execute(const fixes::Repair &repair, const fixes::ExecutorCallbacks &callbacks,
                                            const platform::CancelToken &cancel)
{
    const struct Running {
        std::atomic<int> &count;
        explicit Running(std::atomic<int> &c) : count(c) { ++count; }
        ~Running() { --count; }
    } running(m_executing);
    fixes::ExecutionResult result;
    if (!callbacks.confirm || !callbacks.confirm(repair.plan)) {
        result.outcome = fixes::ExecutionResult::Outcome::Declined;
        return result;
    }
    const FixFamily family = repair.family;
    result.entryId = QStringLiteral("entry-%1").arg(checks::toString(family));
    {
        QMutexLocker lock(&m_mutex);
        fixes::JournalEntry entry;
        entry.id = result.entryId;
        entry.family = checks::toString(family);
        entry.title = repair.plan.title;
        for (const fixes::FixStep &s : repair.plan.steps) {
            fixes::JournalStep js;
            js.kind = s.kind();
            js.description = s.description();
            js.state = fixes::StepState::Done;
            entry.steps << js;
        }
        m_journal.insert(result.entryId, entry);
    }
    const auto &steps = repair.plan.steps;
    for (int i = 0; i < steps.size(); ++i) {
        callbacks.progress(i, steps[i], fixes::StepState::Running);
        callbacks.output(QStringLiteral("step %1 working\n").arg(i + 1).toLocal8Bit(), false);
        while (m_scenario.repairHangs && !cancel.isCancelled())
            QThread::msleep(5);
        if (cancel.isCancelled()) {
            // As a real step: the program it runs takes a moment to end, and the step is journalled then.
            QThread::msleep(300);
            callbacks.progress(i, steps[i], fixes::StepState::Failed);
            result.outcome = fixes::ExecutionResult::Outcome::Cancelled;
            return result;
        }
        callbacks.progress(i, steps[i], fixes::StepState::Done);
        ++result.stepsDone;
    }
    {
        QMutexLocker lock(&m_mutex);
        if (!repair.docker.clonedInto.isEmpty()) {
            m_cloned = true;
        } else {
            m_applied << family;
            if (m_scenario.after.contains(family))
                m_state = m_scenario.after.value(family);
        }
    }
    result.outcome = fixes::ExecutionResult::Outcome::Done;
    return result;
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
    if (!journalEntry(entryId))
        return plan;
    if (entryId == QLatin1String("entry-env")) {
        // As the executor undoes a startup file's edit: the file's bytes from before.
        fixes::WriteFile restore;
        restore.path = QStringLiteral("/home/user/.bashrc");
        restore.bytes = "export LD_LIBRARY_PATH=/opt/cudnn8/lib\n";
        plan.steps << fixes::FixStep{restore};
    } else {
        plan.steps << programStep(QStringLiteral("restore"), {entryId}, false);
    }
    return plan;
}

QFuture<fixes::RepairRunEvent> FakeBackend::undo(const QString &entryId,
                                                std::shared_ptr<fixes::RepairAnswers> answers,
                                                const platform::CancelToken &cancel)
{
    Q_UNUSED(cancel)
    fixes::Repair undo;
    undo.plan = undoPlan(entryId);
    return QtConcurrent::run(&repairRunner(), [this, entryId, undo, answers](QPromise<fixes::RepairRunEvent> &promise) {
        if (undo.plan.steps.isEmpty()) { // as fixes::startUndo: nothing to put back, nothing asked
            fixes::RepairRunEvent nothing;
            nothing.kind = fixes::RepairRunEvent::Kind::Finished;
            nothing.result.repair = undo;
            promise.addResult(nothing);
            return;
        }
        fixes::RepairRunEvent asking;
        asking.kind = fixes::RepairRunEvent::Kind::Asking;
        asking.repair = undo;
        promise.addResult(asking);
        fixes::RepairRunEvent done;
        done.kind = fixes::RepairRunEvent::Kind::Finished;
        done.result.repair = undo;
        if (answers->wait() != fixes::RepairAnswer::Yes) {
            done.result.execution.outcome = fixes::ExecutionResult::Outcome::Declined;
            promise.addResult(done);
            return;
        }
        QThread::msleep(200); // as a real step: putting a file back takes a moment
        {
            QMutexLocker lock(&m_mutex);
            m_undone << entryId;
            m_state = m_scenario.initial;
        }
        done.result.execution.outcome = fixes::ExecutionResult::Outcome::Done;
        done.result.execution.entryId = QStringLiteral("undo-") + entryId;
        done.result.execution.stepsDone = 1;
        promise.addResult(done);
    });
}

// The scenario's findings through core's own renderers.
QString FakeBackend::renderReport(const checks::Diagnosis &report, ReportFormat format, bool redact,
                                  const report::SessionHistory &history) const
{
    report::ReportOptions options;
    options.redact = redact;
    options.history = history;
    return CoreBackend::render(report, format, options);
}

platform::Result<void> FakeBackend::saveReport(const QString &path, const QString &text) const
{
    return platform::saveFile(path, text.toUtf8());
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
