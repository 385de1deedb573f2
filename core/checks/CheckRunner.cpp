// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckRunner.h"

#include "checks/Check.h"
#include "checks/Symptoms.h"
#include "knowledge/KnowledgeBase.h"
#include "loader/Analyzer.h"
#include "platform/NativePath.h"
#include "platform/NativeText.h"
#include "python/DefaultInterpreter.h"
#include "python/InterpreterDiscovery.h"
#include "python/ProjectFolder.h"
#include "python/StartupVariables.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QMutex>
#include <QPromise>
#include <QThreadPool>
#include <QWaitCondition>
#include <QtConcurrent>

#include <spdlog/spdlog.h>

#include <map>

namespace td::checks {

QThreadPool &waitingPool()
{
    static QThreadPool *pool = [] {
        auto *p = new QThreadPool; // lives as long as the process: abandoned work may still run
        p->setMaxThreadCount(16);
        return p;
    }();
    return *pool;
}

namespace {

QString composeFileIn(const QString &projectDir)
{
    if (projectDir.isEmpty())
        return {};
    for (const char *name : {"docker-compose.yml", "docker-compose.yaml", "compose.yml", "compose.yaml"}) {
        const QString path = QDir(projectDir).filePath(QString::fromLatin1(name));
        if (QFileInfo(path).isFile())
            return path;
    }
    return {};
}

Finding failedCheck(const Check &check, const QString &why)
{
    Finding f;
    f.id = QStringLiteral("check.failed");
    f.severity = Severity::Warning;
    f.title = CheckRunner::tr("The check \"%1\" failed").arg(check.title());
    f.detail = CheckRunner::tr("It stopped with an internal error (%1); its part of the diagnosis is missing. "
                               "Please report this with the log file.")
                   .arg(why);
    return f;
}

// What finished work tells the scheduler, which sleeps until then or until
// its next deadline. Shared: abandoned work may finish after run() returned.
class Wakeup {
public:
    void notify()
    {
        QMutexLocker lock(&m_mutex);
        ++m_notified;
        m_changed.wakeAll();
    }
    // Returns at once when notify() came since the last wait.
    void wait(QDeadlineTimer deadline)
    {
        QMutexLocker lock(&m_mutex);
        if (m_notified == m_seen)
            m_changed.wait(&m_mutex, deadline);
        m_seen = m_notified;
    }

private:
    QMutex m_mutex;
    QWaitCondition m_changed;
    quint64 m_notified = 0;
    quint64 m_seen = 0;
};

// Work on the pool whose end the scheduler hears of.
struct Task {
    std::shared_ptr<std::atomic<bool>> finished = std::make_shared<std::atomic<bool>>(false);

    void start(const std::shared_ptr<Wakeup> &wakeup, std::function<void()> body) const
    {
        waitingPool().start([body = std::move(body), finished = finished, wakeup] {
            body();
            finished->store(true);
            wakeup->notify();
        });
    }
    [[nodiscard]] bool isFinished() const { return finished->load(); }
};

struct Collector {
    QString title;
    Fact fact;
    Task task;
    bool started = false;
    bool done = false;
};

// A cancel through the token wakes no one (a Ctrl+C sets it from a signal
// handler): the scheduler looks at it at least this often.
constexpr qint64 kCancelLatencyMs = 100;

} // namespace

// The native libraries torch itself loads, and the loader rules it loads
// them with (see the facts: torch/__init__.py).
std::optional<loader::Graph> walkTorchLibraries(const python::StaticProbe &probe, const CheckRequest &request,
                                                const std::atomic<bool> &cancelFlag, const QStringList &sharedRuntimes)
{
    const python::TorchInstall &torch = probe.torch;
    if (!torch.installed || torch.nativeLibraries.isEmpty())
        return std::nullopt;
    const QString platform = probe.interpreter.platform;
    loader::DepsOptions options;
    std::vector<std::string> roots;
    const auto native = platform::nativePath;
    if (platform == QLatin1String("win32")) {
        // Every DLL in torch\lib, in glob order, then the extension module.
        options.os = loader::TargetOs::Windows;
        for (const QString &dir : torch.dllDirectories)
            options.searchDirs.push_back(native(dir));
        options.appDir = native(QFileInfo(probe.interpreter.executable).absolutePath());
        const QString systemRoot = request.environment.value(QStringLiteral("SystemRoot"));
        if (!systemRoot.isEmpty())
            options.systemDir = native(QDir(systemRoot).filePath(QStringLiteral("System32")));
        options.path = native(request.environment.value(QStringLiteral("PATH")));
        for (const QString &lib : torch.nativeLibraries)
            if (lib.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive)
                || lib.endsWith(QLatin1String(".pyd"), Qt::CaseInsensitive))
                roots.push_back(native(lib));
        // torch loads its own copies by full path; a package in another of these folders (conda's
        // MKL in Library\bin) loads the copy next to it, so one process can get both.
        const QString torchLib = QDir(torch.packageDir).filePath(QStringLiteral("lib"));
        for (const QString &dir : torch.dllDirectories) {
            if (QDir(dir) == QDir(torchLib))
                continue;
            for (const QString &name : sharedRuntimes)
                if (const QFileInfo file(QDir(dir).filePath(name)); file.isFile())
                    roots.push_back(native(file.filePath()));
        }
    } else {
        // torch/_C and libtorch_global_deps: what `import torch` opens; the
        // rest of torch/lib comes in as their dependencies.
        options.os = platform == QLatin1String("darwin") ? loader::TargetOs::MacOS : loader::TargetOs::Linux;
        for (const QString &lib : torch.nativeLibraries) {
            const QString name = QFileInfo(lib).fileName();
            if (name.startsWith(QLatin1String("_C")) || name.startsWith(QLatin1String("libtorch_global_deps")))
                roots.push_back(native(lib));
        }
        if (roots.empty())
            for (const QString &lib : torch.nativeLibraries)
                roots.push_back(native(lib));
        if (options.os == loader::TargetOs::MacOS)
            options.executablePath = native(probe.interpreter.executable);
    }
    for (const char *name :
         {"LD_LIBRARY_PATH", "LD_PRELOAD", "DYLD_LIBRARY_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "HOME"}) {
        const QString key = QString::fromLatin1(name);
        if (request.environment.contains(key))
            options.env[name] = native(request.environment.value(key));
    }
    // Every versioned symbol torch's libraries take from another (the undefined-symbol errors of
    // a stale libnvJitLink or libstdc++); unversioned ones may come from Python itself.
    options.symbols = loader::SymbolCheck::Versioned;
    return loader::analyze(roots, options, &cancelFlag);
}

QHash<QString, python::FileOwnership> ownersOfFilesAtFault(const loader::Graph &graph)
{
    using Kind = loader::ProblemKind;
    QStringList files, hashed;
    for (const loader::Problem &p : graph.problems) {
        if (p.severity != loader::Severity::Error || p.paths.empty() || p.kind == Kind::Missing)
            continue;
        const QString file = platform::fromNativeBytes(p.paths.front());
        files << file;
        // A file that cannot be read as a library may be damaged at the same size: its contents count.
        if (p.kind == Kind::Unreadable || p.kind == Kind::NotALibrary)
            hashed << file;
    }
    return python::ownersOf(files, hashed);
}

bool Diagnosis::hasErrors() const
{
    return std::any_of(findings.begin(), findings.end(),
                       [](const Finding &f) { return f.severity == Severity::Error; });
}

QString startFolder(const CheckRequest &request)
{
    return request.projectDir.isEmpty() ? QDir::currentPath() : request.projectDir;
}

QString defaultPython(const CheckRequest &request)
{
    if (!request.python.isEmpty())
        return request.python;
    // The project's own interpreter; without --project, the folder it was started in is one when
    // it holds a venv or a portable build's Python.
    for (const QString &path : python::projectInterpreters(startFolder(request)))
        if (QFileInfo(path).isExecutable())
            return QDir::toNativeSeparators(path);
#ifdef Q_OS_WIN
    const QStringList names{QStringLiteral("python"), QStringLiteral("python3")};
#else
    const QStringList names{QStringLiteral("python3"), QStringLiteral("python")};
#endif
    for (const QString &name : names) {
        const QString found = platform::findOnPath(name, request.environment);
        if (!found.isEmpty())
            return found;
    }
    return {};
}

namespace {

// With a Python named, the one the project or a terminal runs without the name, when it is another.
std::optional<python::StaticProbe> usualInterpreter(const CheckRequest &request, const python::Interpreter &named,
                                                    std::chrono::milliseconds timeout,
                                                    const platform::CancelToken &cancel)
{
    if (request.python.isEmpty())
        return std::nullopt;
    CheckRequest plain = request;
    plain.python = request.usualPython;
    const QString usual = defaultPython(plain);
    if (usual.isEmpty())
        return std::nullopt;
    python::StaticProbe probe = python::probeStatic(usual, timeout, cancel, request.environment);
    if (python::sameInterpreter(probe.interpreter, named))
        return std::nullopt;
    return probe;
}

} // namespace

CheckRunner::CheckRunner(CheckRequest request, std::shared_ptr<const knowledge::KnowledgeBase> knowledge)
    : m_request(std::move(request)), m_knowledge(std::move(knowledge))
{
    for (auto &check : allChecks())
        m_checks.push_back(std::move(check));
}

CheckRunner::CheckRunner(CheckRequest request, std::shared_ptr<const knowledge::KnowledgeBase> knowledge,
                         std::vector<std::shared_ptr<const Check>> checks)
    : m_request(std::move(request)), m_knowledge(std::move(knowledge)), m_checks(std::move(checks))
{
}

Diagnosis CheckRunner::run(const platform::CancelToken &cancel,
                           const std::function<void(const CheckProgress &)> &progress)
{
    QElapsedTimer clock;
    clock.start();
    Diagnosis report;
    Facts &facts = report.facts;
    facts.request = m_request;
    facts.chosenExecutable = defaultPython(m_request);
    facts.composeFile = composeFileIn(m_request.projectDir);
    if (!facts.composeFile.isEmpty()) { // small and bounded: read here
        facts.compose = platform::ComposeFile::read(facts.composeFile);
        facts.dotEnv = platform::readDotEnv(QDir(m_request.projectDir).filePath(QStringLiteral(".env")));
    }
    if (m_knowledge) {
        report.knowledgeDate = m_knowledge->date();
        report.releasesSource = m_knowledge->releaseSource();
        report.releasesDate = m_knowledge->releaseDate();
    }

    const auto &checks = m_checks;
    // Each collector fills a result of its own; the runner copies it into
    // the facts when it is done (no two threads write one object).
    auto system = std::make_shared<platform::SystemInfo>();
    auto gpu = std::make_shared<platform::GpuInfo>();
    auto import = std::make_shared<python::ImportResult>();
    auto interpreters = std::make_shared<QList<python::StaticProbe>>();
    auto usual = std::make_shared<std::optional<python::StaticProbe>>();
    auto docker = std::make_shared<platform::DockerInfo>();
    auto libraries = std::make_shared<std::optional<loader::Graph>>();
    auto owners = std::make_shared<QHash<QString, python::FileOwnership>>();
    auto numpyAbi = std::make_shared<python::NumpyAbi>(python::NumpyAbi::Unknown);
    auto numpyBinary = std::make_shared<QString>(); // torch's Python binding, where the ABI is read
    auto terminal = std::make_shared<platform::TerminalEnvironment>();
    auto terminalPython = std::make_shared<QString>();
    auto terminalImport = std::make_shared<std::optional<python::ImportResult>>();
    auto terminalLibraries = std::make_shared<std::optional<loader::Graph>>();
    auto errors = std::make_shared<QStringList>();
    auto errorsMutex = std::make_shared<QMutex>();
    auto stopWalk = std::make_shared<std::atomic<bool>>(false);
    auto wakeup = std::make_shared<Wakeup>();

    auto guarded = [errors, errorsMutex](const QString &what, std::function<void()> body) {
        return [what, body = std::move(body), errors, errorsMutex] {
            try {
                body();
            } catch (const std::exception &e) {
                QMutexLocker lock(errorsMutex.get());
                errors->append(what + QStringLiteral(": ") + QString::fromUtf8(e.what()));
            } catch (...) {
                QMutexLocker lock(errorsMutex.get());
                errors->append(what + tr(": an unknown failure"));
            }
        };
    };

    const CheckRequest request = m_request;
    const QString chosen = facts.chosenExecutable;
    QStringList runtimes; // the OpenMP runtimes the library walks look for beside torch's
    if (m_knowledge)
        for (const knowledge::OpenMpRuntime &rt : m_knowledge->openMpRuntimes())
            runtimes += rt.files;
    std::map<Fact, Collector> collectors;
    auto start = [&](Fact fact, const QString &title, std::function<void()> body) {
        Collector &c = collectors[fact];
        c.title = title;
        c.fact = fact;
        c.started = true;
        c.task.start(wakeup, guarded(title, std::move(body)));
    };
    // The import takes longest: it starts first.
    if (m_request.runImport && !chosen.isEmpty())
        start(Fact::Import, tr("Importing PyTorch"),
              [=] { *import = python::probeImport(chosen, request.timeout, cancel, request.environment,
                                                  startFolder(request)); });
    // The chosen interpreter first; the others only matter when it lacks
    // torch (to say which interpreter has it), so only then are they searched.
    start(Fact::Interpreters, tr("Probing the Python interpreter"), [=] {
        const auto timeoutEach = std::min<std::chrono::milliseconds>(request.timeout, std::chrono::seconds(30));
        python::StaticProbe first;
        if (!chosen.isEmpty()) {
            first = python::probeStatic(chosen, timeoutEach, cancel, request.environment);
            first.interpreter.origins.prepend(QStringLiteral("requested"));
            // A Python that does not start: started again without each variable that changes a start.
            if (!first.interpreter.usable && !first.interpreter.timedOut && QFileInfo(chosen).isFile())
                first.interpreter.stoppedBy =
                    python::whatStopsStart(chosen, timeoutEach, cancel, request.environment);
            python::readLocalFacts(first, startFolder(request));
            interpreters->append(first);
            if (first.interpreter.usable && first.torch.installed) {
                *usual = usualInterpreter(request, first.interpreter, timeoutEach, cancel);
                return;
            }
        }
        python::DiscoveryOptions options;
        options.projectDir = request.projectDir;
        options.environment = request.environment;
        options.timeoutEach = timeoutEach;
        for (const python::StaticProbe &p : python::discoverInterpreters(options, cancel)) {
            if (chosen.isEmpty() || !python::sameInterpreter(p.interpreter, first.interpreter))
                interpreters->append(p);
        }
    });
    start(Fact::Gpu, tr("Looking for NVIDIA GPUs and the driver"), [=] {
        platform::GpuProbeOptions options = request.gpu;
        options.timeout = std::min<std::chrono::milliseconds>(request.timeout, options.timeout);
        *gpu = platform::probeGpu(options, cancel);
    });
    start(Fact::System, tr("Reading system facts"), [=] { *system = platform::probeSystem(); });
    if (m_request.compareTerminal)
        start(Fact::Terminal, tr("Reading what a new terminal gets"), [=] {
            const auto shellLimit = std::min<std::chrono::milliseconds>(request.timeout, std::chrono::seconds(20));
            *terminal = platform::readTerminalEnvironment(request.environment, shellLimit, cancel);
            if (!terminal->ok() || platform::loadingDifferences(request.environment, terminal->environment).isEmpty())
                return;
            // The interpreter a new terminal finds, unless one was named.
            CheckRequest there = request;
            there.environment = terminal->environment;
            *terminalPython = defaultPython(there);
            if (request.runImport && !terminalPython->isEmpty())
                *terminalImport = python::probeImport(*terminalPython, request.timeout, cancel, terminal->environment,
                                                      startFolder(request));
            // It fails there: torch's libraries as a new terminal's loader finds them tell which entry of
            // its search variables is to blame (and the environment repair takes it out where it is set).
            using Outcome = python::ImportResult::Outcome;
            if (!*terminalImport || (*terminalImport)->outcome == Outcome::Ok
                || (*terminalImport)->outcome == Outcome::NotRun || cancel.isCancelled())
                return;
            const auto timeoutEach = std::min<std::chrono::milliseconds>(request.timeout, std::chrono::seconds(30));
            const python::StaticProbe probe =
                python::probeStatic(*terminalPython, timeoutEach, cancel, terminal->environment);
            if (probe.interpreter.usable)
                *terminalLibraries = walkTorchLibraries(probe, there, *stopWalk, runtimes);
        });
    if (!facts.composeFile.isEmpty())
        start(Fact::Docker, tr("Checking Docker"),
              [=] { *docker = platform::probeDocker(request.docker, std::chrono::seconds(10), cancel); });

    CheckProgress state;
    state.total = static_cast<int>(collectors.size() + 1 + checks.size()); // +1: the library walk
    auto report_ = [&](const QString &what) {
        ++state.done;
        state.current = what;
        if (progress)
            progress(state);
    };

    // Checks run once what they need is in, on a snapshot of the facts they
    // share: a new one only when more facts have come in.
    struct Running {
        std::shared_ptr<const Check> check;
        Task task;
        std::shared_ptr<QList<Finding>> found;
        qint64 startedMs;
    };
    std::shared_ptr<const Facts> snapshot;
    int snapshots = 0;
    std::vector<Running> running;
    std::vector<bool> checkStarted(checks.size(), false);
    auto knowledge = m_knowledge;
    const qint64 collectorLimitMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(m_request.timeout).count() + 15000;
    const qint64 checkLimitMs = m_request.checkLimit.count();

    bool librariesStarted = false;
    // After a cancel, work still running is waited for a little (its
    // processes are being ended): abandoned work would outlive the caller.
    qint64 graceEndMs = -1;
    for (;;) {
        if (cancel.isCancelled() && !report.cancelled) {
            stopWalk->store(true);
            report.cancelled = true;
            graceEndMs = clock.elapsed() + 10000;
        }
        const bool graceOver = report.cancelled && clock.elapsed() > graceEndMs;
        // Collect what finished.
        for (auto &[fact, c] : collectors) {
            if (!c.started || c.done)
                continue;
            const bool overdue = clock.elapsed() > collectorLimitMs;
            if (!c.task.isFinished() && !overdue && !graceOver)
                continue;
            c.done = true;
            if (!c.task.isFinished()) {
                facts.collectorErrors.append(c.title
                                             + (report.cancelled ? tr(": cancelled") : tr(": did not finish in time")));
                continue;
            }
            switch (fact) {
            case Fact::System: facts.system = *system; break;
            case Fact::Gpu: facts.gpu = *gpu; break;
            case Fact::Import: facts.import = *import; break;
            case Fact::Docker: facts.docker = *docker; break;
            case Fact::Libraries:
                facts.libraries = *libraries;
                facts.owners = *owners;
                facts.torchNumpyAbi = *numpyAbi;
                facts.torchNumpyBinary = *numpyBinary;
                break;
            case Fact::Terminal:
                facts.terminal = *terminal;
                facts.terminalPython = *terminalPython;
                facts.terminalImport = *terminalImport;
                facts.terminalLibraries = *terminalLibraries;
                break;
            case Fact::Interpreters: {
                facts.interpreters = *interpreters;
                facts.usualInterpreter = *usual;
                const QString chosenReal = QFileInfo(chosen).canonicalFilePath();
                for (int i = 0; i < facts.interpreters.size(); ++i) {
                    const auto &in = facts.interpreters[i].interpreter;
                    if (in.executable == chosen || (!chosenReal.isEmpty() && in.realPath == chosenReal)) {
                        facts.chosen = i;
                        break;
                    }
                }
                break;
            }
            }
            facts.ready |= fact;
            report_(c.title);
        }
        // The library walk needs the chosen interpreter's torch. (If that probe
        // failed or was abandoned, there is nothing to walk: decide anyway.)
        const auto probing = collectors.find(Fact::Interpreters);
        if (!librariesStarted && probing != collectors.end() && probing->second.done) {
            librariesStarted = true;
            const auto *probe = facts.chosenProbe();
            if (probe && !report.cancelled) {
                const python::StaticProbe copy = *probe;
                start(Fact::Libraries, tr("Walking PyTorch's native libraries"),
                      [=] {
                          *libraries = walkTorchLibraries(copy, request, *stopWalk, runtimes);
                          if (*libraries)
                              *owners = ownersOfFilesAtFault(**libraries);
                          *numpyBinary = python::torchPythonLibrary(copy.torch.nativeLibraries);
                          *numpyAbi = python::numpyAbiOf(*numpyBinary);
                      });
            } else {
                facts.ready |= Fact::Libraries;
                report_(tr("Walking PyTorch's native libraries"));
            }
        }
        // Facts that will never come (not asked for) count as ready for the checks.
        FactSet available = facts.ready;
        if (!collectors.count(Fact::Import))
            available |= Fact::Import;
        if (!collectors.count(Fact::Docker))
            available |= Fact::Docker;
        if (!collectors.count(Fact::Terminal))
            available |= Fact::Terminal;
        const bool collecting = std::any_of(collectors.begin(), collectors.end(),
                                            [](const auto &kv) { return kv.second.started && !kv.second.done; })
                                || !librariesStarted;
        if (!report.cancelled) {
            for (std::size_t i = 0; i < checks.size(); ++i) {
                const FactSet missing = checks[i]->needs() & ~available;
                if (checkStarted[i] || (missing.toInt() != 0 && collecting))
                    continue;
                checkStarted[i] = true;
                if (!snapshot || snapshot->ready != facts.ready) {
                    snapshot = std::make_shared<const Facts>(facts);
                    ++snapshots;
                }
                Running r{checks[i], Task(), std::make_shared<QList<Finding>>(), clock.elapsed()};
                r.task.start(wakeup, [check = r.check, facts = snapshot, knowledge, found = r.found] {
                    try {
                        *found = check->run(*facts, *knowledge);
                    } catch (const std::exception &e) {
                        *found = {failedCheck(*check, QString::fromUtf8(e.what()))};
                    } catch (...) {
                        *found = {failedCheck(*check, tr("an unknown exception"))};
                    }
                    for (Finding &f : *found)
                        f.check = check->id();
                });
                running.push_back(std::move(r));
            }
        }
        // Gather finished checks.
        for (auto it = running.begin(); it != running.end();) {
            const bool overdue = clock.elapsed() - it->startedMs > checkLimitMs;
            if (!it->task.isFinished() && !overdue && !graceOver) {
                ++it;
                continue;
            }
            if (it->task.isFinished()) {
                report.findings.append(*it->found);
            } else if (!report.cancelled) {
                Finding f;
                f.id = QStringLiteral("check.timeout");
                f.severity = Severity::Warning;
                f.title = tr("The check \"%1\" ran out of time").arg(it->check->title());
                f.detail = tr("It did not finish within %1 seconds; its part of the diagnosis is missing.")
                               .arg(static_cast<double>(checkLimitMs) / 1000.0);
                f.check = it->check->id();
                report.findings.append(f);
            }
            report_(it->check->title());
            it = running.erase(it);
        }
        const bool allChecksStarted = std::all_of(checkStarted.begin(), checkStarted.end(), [](bool b) { return b; });
        if (running.empty() && (allChecksStarted || report.cancelled) && !collecting)
            break;
        if (report.cancelled && running.empty()) {
            // Collectors end quickly once cancelled (their processes are killed).
            bool anyLeft = false;
            for (auto &[fact, c] : collectors)
                anyLeft = anyLeft || (c.started && !c.done);
            if (!anyLeft)
                break;
        }
        // Sleep until work finishes or the next limit runs out.
        qint64 nextMs = clock.elapsed() + kCancelLatencyMs;
        if (collecting)
            nextMs = std::min(nextMs, collectorLimitMs + 1);
        for (const Running &r : running)
            nextMs = std::min(nextMs, r.startedMs + checkLimitMs + 1);
        if (report.cancelled)
            nextMs = std::min(nextMs, graceEndMs + 1);
        wakeup->wait(QDeadlineTimer(std::max<qint64>(0, nextMs - clock.elapsed())));
    }
    spdlog::debug("check: {} checks ran on {} snapshots of the facts", checks.size(), snapshots);
    for (const QString &e : *errors)
        facts.collectorErrors.append(e);
    for (const QString &e : facts.collectorErrors) {
        Finding f;
        f.id = QStringLiteral("check.failed");
        f.severity = Severity::Warning;
        f.title = tr("Part of the diagnosis could not be completed");
        f.detail = e;
        report.findings.append(f);
    }
    foldSymptoms(report.findings);
    rootCausesFirst(report.findings);
    report.elapsedMs = clock.elapsed();
    spdlog::info("check: {} findings in {} ms{}", report.findings.size(), report.elapsedMs,
                 report.cancelled ? " (cancelled)" : "");
    return report;
}

QFuture<Diagnosis> CheckRunner::start(CheckRequest request, std::shared_ptr<const knowledge::KnowledgeBase> knowledge)
{
    return QtConcurrent::run(&waitingPool(), [request = std::move(request), knowledge](QPromise<Diagnosis> &promise) {
        // Cancelled through the future.
        const auto cancel = platform::CancelToken::following(promise.future());
        CheckRunner runner(request, knowledge);
        promise.setProgressRange(0, 100);
        Diagnosis result = runner.run(cancel, [&](const CheckProgress &p) {
            promise.setProgressRange(0, p.total);
            promise.setProgressValueAndText(p.done, p.current);
        });
        promise.addResult(std::move(result));
    });
}

} // namespace td::checks
