// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/CheckRunner.h"
#include "platform/LogCategories.h"

#include "checks/Check.h"
#include "checks/Symptoms.h"
#include "knowledge/KnowledgeBase.h"
#include "loader/Analyzer.h"
#include "platform/NativePath.h"
#include "platform/NativeText.h"
#include "platform/PackageManager.h"
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
    // a stale libnvJitLink or libstdc++); the unversioned ones too where Python's own files are known
    // (an older NCCL that lacks a function libtorch_cuda.so calls), since only they may define those.
    options.symbols = loader::SymbolCheck::Versioned;
    if (const QString python = QFileInfo(probe.interpreter.executable).canonicalFilePath();
        options.os == loader::TargetOs::Linux && !python.isEmpty())
        options.hostObjects = loader::processFiles(native(python), options, &cancelFlag);
    return loader::analyze(roots, options, &cancelFlag);
}

QHash<QString, python::FileOwnership> ownersOfFilesAtFault(const loader::Graph &graph,
                                                           const QProcessEnvironment &environment)
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
    QHash<QString, python::FileOwnership> owners = python::ownersOf(files, hashed);
    // A file no RECORD lists may be the system's: its package manager names the package (Linux has one).
    if (graph.os != loader::TargetOs::Linux)
        return owners;
    const platform::PackageManager pm = platform::packageManagerOf();
    for (const QString &file : std::as_const(files))
        if (!owners.contains(file))
            if (const QString package = platform::owningPackage(pm, file, environment); !package.isEmpty()) {
                python::FileOwnership owner;
                owner.file = file;
                owner.systemPackage = package;
                owners.insert(file, owner);
            }
    return owners;
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
    if (!request.python.isEmpty()) {
        // A path as typed, relative to where the command runs (the probes start elsewhere); a bare name is
        // looked up on PATH when it starts.
        const bool path = request.python.contains(u'/') || request.python.contains(QDir::separator());
        return path ? QDir::toNativeSeparators(QFileInfo(request.python).absoluteFilePath()) : request.python;
    }
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

// ---- Collectors --------------------------------------------------------------
// Each fills an object of its own, on the pool; the scheduler copies it into
// the facts when it is done (no two threads write one object). What a
// collector filled before it failed still counts.

// What the interpreters' probe finds.
struct InterpreterFacts {
    QList<python::StaticProbe> probes;
    std::optional<python::StaticProbe> usual;
};

// What the walk of the chosen torch's native libraries finds.
struct LibraryFacts {
    std::optional<loader::Graph> graph;
    QHash<QString, python::FileOwnership> owners;
    python::NumpyAbi numpyAbi = python::NumpyAbi::Unknown;
    QString numpyBinary; // torch's Python binding, where the ABI is read
};

// What a new terminal gets, and torch there.
struct TerminalFacts {
    platform::TerminalEnvironment terminal;
    QString python;
    std::optional<python::ImportResult> import;
    std::optional<loader::Graph> libraries;
};

// The request, the interpreter to diagnose and the project's compose file, before anything starts.
void readStartingFacts(Diagnosis &report, const CheckRequest &request, const knowledge::KnowledgeBase *knowledge)
{
    Facts &facts = report.facts;
    facts.request = request;
    facts.chosenExecutable = defaultPython(request);
    facts.composeFile = composeFileIn(request.projectDir);
    if (!facts.composeFile.isEmpty()) { // small and bounded: read here
        facts.compose = platform::ComposeFile::read(facts.composeFile);
        facts.dotEnv = platform::readDotEnv(QDir(request.projectDir).filePath(QStringLiteral(".env")));
    }
    if (knowledge) {
        report.knowledgeDate = knowledge->date();
        report.releasesSource = knowledge->releaseSource();
        report.releasesDate = knowledge->releaseDate();
    }
}

// The chosen interpreter first; the others only matter when it lacks
// torch (to say which interpreter has it), so only then are they searched.
void probeInterpreters(const CheckRequest &request, const QString &chosen, const platform::CancelToken &cancel,
                       InterpreterFacts &out)
{
    const auto timeoutEach = std::min<std::chrono::milliseconds>(request.timeout, std::chrono::seconds(30));
    python::StaticProbe first;
    if (!chosen.isEmpty()) {
        first = python::probeStatic(chosen, timeoutEach, cancel, request.environment);
        first.interpreter.origins.prepend(QStringLiteral("requested"));
        // A Python that does not start: started again without each variable that changes a start.
        if (!first.interpreter.usable && !first.interpreter.timedOut && QFileInfo(chosen).isFile())
            first.interpreter.stoppedBy = python::whatStopsStart(chosen, timeoutEach, cancel, request.environment);
        python::readLocalFacts(first, python::startFolderOnPath(chosen, request.environment, startFolder(request)));
        out.probes.append(first);
        if (first.interpreter.usable && first.torch.installed) {
            out.usual = usualInterpreter(request, first.interpreter, timeoutEach, cancel);
            return;
        }
    }
    python::DiscoveryOptions options;
    options.projectDir = request.projectDir;
    options.environment = request.environment;
    options.timeoutEach = timeoutEach;
    for (const python::StaticProbe &p : python::discoverInterpreters(options, cancel)) {
        if (chosen.isEmpty() || !python::sameInterpreter(p.interpreter, first.interpreter))
            out.probes.append(p);
    }
}

// What a new terminal gets; where it differs in what is loaded, the interpreter it finds and torch there.
void readTerminal(const CheckRequest &request, const platform::CancelToken &cancel, const std::atomic<bool> &stopWalk,
                  const QStringList &runtimes, TerminalFacts &out)
{
    const auto shellLimit = std::min<std::chrono::milliseconds>(request.timeout, std::chrono::seconds(20));
    out.terminal = platform::readTerminalEnvironment(request.environment, shellLimit, cancel);
    if (!out.terminal.ok() || platform::loadingDifferences(request.environment, out.terminal.environment).isEmpty())
        return;
    // The interpreter a new terminal finds, unless one was named.
    CheckRequest there = request;
    there.environment = out.terminal.environment;
    out.python = defaultPython(there);
    if (request.runImport && !out.python.isEmpty())
        out.import = python::probeImport(
            out.python, request.timeout, cancel, out.terminal.environment,
            python::startFolderOnPath(out.python, out.terminal.environment, startFolder(request)));
    // It fails there: torch's libraries as a new terminal's loader finds them tell which entry of
    // its search variables is to blame (and the environment repair takes it out where it is set).
    using Outcome = python::ImportResult::Outcome;
    if (!out.import || out.import->outcome == Outcome::Ok || out.import->outcome == Outcome::NotRun
        || cancel.isCancelled())
        return;
    const auto timeoutEach = std::min<std::chrono::milliseconds>(request.timeout, std::chrono::seconds(30));
    const python::StaticProbe probe = python::probeStatic(out.python, timeoutEach, cancel, out.terminal.environment);
    if (probe.interpreter.usable)
        out.libraries = walkTorchLibraries(probe, there, stopWalk, runtimes);
}

// The chosen torch's libraries, the owners of the files at fault and the NumPy its binding was built against.
void walkLibraries(const python::StaticProbe &probe, const CheckRequest &request, const std::atomic<bool> &stopWalk,
                   const QStringList &runtimes, LibraryFacts &out)
{
    out.graph = walkTorchLibraries(probe, request, stopWalk, runtimes);
    if (out.graph)
        out.owners = ownersOfFilesAtFault(*out.graph, request.environment);
    out.numpyBinary = python::torchPythonLibrary(probe.torch.nativeLibraries);
    out.numpyAbi = python::numpyAbiOf(out.numpyBinary);
}

// The OpenMP runtimes the library walks look for beside torch's.
QStringList openMpRuntimeFiles(const knowledge::KnowledgeBase *knowledge)
{
    QStringList runtimes;
    if (knowledge)
        for (const knowledge::OpenMpRuntime &rt : knowledge->openMpRuntimes())
            runtimes += rt.files;
    return runtimes;
}

// ---- Scheduler ---------------------------------------------------------------

// A check on the pool, and what it found.
struct Running {
    std::shared_ptr<const Check> check;
    Task task;
    std::shared_ptr<QList<Finding>> found;
    qint64 startedMs;
};

// One run's work: the collectors, the library walk once the interpreters are in, and each check once
// the facts it needs are. Work on the pool gets copies and shared results, never the scheduler: it may
// finish after run() returned.
class Scheduler {
public:
    Scheduler(Diagnosis &report, const QElapsedTimer &clock, const CheckRequest &request,
              std::shared_ptr<const knowledge::KnowledgeBase> knowledge,
              const std::vector<std::shared_ptr<const Check>> &checks, const platform::CancelToken &cancel,
              const std::function<void(const CheckProgress &)> &progress)
        : m_report(report), m_facts(report.facts), m_clock(clock), m_request(request),
          m_knowledge(std::move(knowledge)), m_checks(checks), m_cancel(cancel), m_progress(progress),
          m_chosen(report.facts.chosenExecutable), m_runtimes(openMpRuntimeFiles(m_knowledge.get())),
          m_checkStarted(checks.size(), false),
          m_collectorLimitMs(std::chrono::duration_cast<std::chrono::milliseconds>(request.timeout).count() + 15000),
          m_checkLimitMs(request.checkLimit.count())
    {
    }

    void startCollectors();
    bool noteCancel();
    void takeFinishedCollectors(bool graceOver);
    void startLibraryWalk();
    [[nodiscard]] bool stillCollecting() const;
    void startReadyChecks(bool collecting);
    void takeFinishedChecks(bool graceOver);
    [[nodiscard]] bool isDone(bool collecting) const;
    void sleepUntilNext(bool collecting);
    void inChecksOrder(QList<Finding> &findings) const;
    void finish();

private:
    [[nodiscard]] std::function<void()> guarded(const QString &what, std::function<void()> body) const;
    void start(Fact fact, const QString &title, std::function<void()> body);
    void takeResult(Fact fact);
    void reportDone(const QString &what);

    Diagnosis &m_report;
    Facts &m_facts;
    const QElapsedTimer &m_clock;
    const CheckRequest &m_request;
    const std::shared_ptr<const knowledge::KnowledgeBase> m_knowledge;
    const std::vector<std::shared_ptr<const Check>> &m_checks;
    const platform::CancelToken &m_cancel;
    const std::function<void(const CheckProgress &)> &m_progress;
    const QString m_chosen;
    const QStringList m_runtimes;

    std::shared_ptr<platform::SystemInfo> m_system = std::make_shared<platform::SystemInfo>();
    std::shared_ptr<platform::GpuInfo> m_gpu = std::make_shared<platform::GpuInfo>();
    std::shared_ptr<python::ImportResult> m_import = std::make_shared<python::ImportResult>();
    std::shared_ptr<InterpreterFacts> m_interpreters = std::make_shared<InterpreterFacts>();
    std::shared_ptr<platform::DockerInfo> m_docker = std::make_shared<platform::DockerInfo>();
    std::shared_ptr<LibraryFacts> m_libraries = std::make_shared<LibraryFacts>();
    std::shared_ptr<TerminalFacts> m_terminal = std::make_shared<TerminalFacts>();
    std::shared_ptr<QStringList> m_errors = std::make_shared<QStringList>();
    std::shared_ptr<QMutex> m_errorsMutex = std::make_shared<QMutex>();
    std::shared_ptr<std::atomic<bool>> m_stopWalk = std::make_shared<std::atomic<bool>>(false);
    std::shared_ptr<Wakeup> m_wakeup = std::make_shared<Wakeup>();

    std::map<Fact, Collector> m_collectors;
    CheckProgress m_state;
    // Checks run once what they need is in, on a snapshot of the facts they
    // share: a new one only when more facts have come in.
    std::shared_ptr<const Facts> m_snapshot;
    int m_snapshots = 0;
    std::vector<Running> m_running;
    std::vector<bool> m_checkStarted;
    const qint64 m_collectorLimitMs;
    const qint64 m_checkLimitMs;
    bool m_librariesStarted = false;
    // After a cancel, work still running is waited for a little (its
    // processes are being ended): abandoned work would outlive the caller.
    qint64 m_graceEndMs = -1;
};

std::function<void()> Scheduler::guarded(const QString &what, std::function<void()> body) const
{
    return [what, body = std::move(body), errors = m_errors, errorsMutex = m_errorsMutex] {
        try {
            body();
        } catch (const std::exception &e) {
            QMutexLocker lock(errorsMutex.get());
            errors->append(what + QStringLiteral(": ") + QString::fromUtf8(e.what()));
        } catch (...) {
            QMutexLocker lock(errorsMutex.get());
            errors->append(what + CheckRunner::tr(": an unknown failure"));
        }
    };
}

void Scheduler::start(Fact fact, const QString &title, std::function<void()> body)
{
    Collector &c = m_collectors[fact];
    c.title = title;
    c.fact = fact;
    c.started = true;
    c.task.start(m_wakeup, guarded(title, std::move(body)));
}

void Scheduler::reportDone(const QString &what)
{
    ++m_state.done;
    m_state.current = what;
    if (m_progress)
        m_progress(m_state);
}

void Scheduler::startCollectors()
{
    const CheckRequest &request = m_request;
    // The import takes longest: it starts first.
    if (request.runImport && !m_chosen.isEmpty())
        start(Fact::Import, CheckRunner::tr("Importing PyTorch"),
              [request, chosen = m_chosen, cancel = m_cancel, out = m_import] {
                  *out = python::probeImport(
                      chosen, request.timeout, cancel, request.environment,
                      python::startFolderOnPath(chosen, request.environment, startFolder(request)));
              });
    start(Fact::Interpreters, CheckRunner::tr("Probing the Python interpreter"),
          [request, chosen = m_chosen, cancel = m_cancel, out = m_interpreters] {
              probeInterpreters(request, chosen, cancel, *out);
          });
    start(Fact::Gpu, CheckRunner::tr("Looking for NVIDIA GPUs and the driver"),
          [request, cancel = m_cancel, out = m_gpu] {
              platform::GpuProbeOptions options = request.gpu;
              options.timeout = std::min<std::chrono::milliseconds>(request.timeout, options.timeout);
              *out = platform::probeGpu(options, cancel);
          });
    start(Fact::System, CheckRunner::tr("Reading system facts"), [out = m_system] { *out = platform::probeSystem(); });
    if (request.compareTerminal)
        start(Fact::Terminal, CheckRunner::tr("Reading what a new terminal gets"),
              [request, cancel = m_cancel, stopWalk = m_stopWalk, runtimes = m_runtimes, out = m_terminal] {
                  readTerminal(request, cancel, *stopWalk, runtimes, *out);
              });
    if (!m_facts.composeFile.isEmpty())
        start(Fact::Docker, CheckRunner::tr("Checking Docker"), [request, cancel = m_cancel, out = m_docker] {
            *out = platform::probeDocker(request.docker, std::chrono::seconds(10), cancel);
        });
    m_state.total = static_cast<int>(m_collectors.size() + 1 + m_checks.size()); // +1: the library walk
}

// Returns whether the wait after a cancel is over.
bool Scheduler::noteCancel()
{
    if (m_cancel.isCancelled() && !m_report.cancelled) {
        m_stopWalk->store(true);
        m_report.cancelled = true;
        m_graceEndMs = m_clock.elapsed() + 10000;
    }
    return m_report.cancelled && m_clock.elapsed() > m_graceEndMs;
}

void Scheduler::takeResult(Fact fact)
{
    Facts &facts = m_facts;
    switch (fact) {
    case Fact::System: facts.system = *m_system; break;
    case Fact::Gpu: facts.gpu = *m_gpu; break;
    case Fact::Import: facts.import = *m_import; break;
    case Fact::Docker: facts.docker = *m_docker; break;
    case Fact::Libraries:
        facts.libraries = m_libraries->graph;
        facts.owners = m_libraries->owners;
        facts.torchNumpyAbi = m_libraries->numpyAbi;
        facts.torchNumpyBinary = m_libraries->numpyBinary;
        break;
    case Fact::Terminal:
        facts.terminal = m_terminal->terminal;
        facts.terminalPython = m_terminal->python;
        facts.terminalImport = m_terminal->import;
        facts.terminalLibraries = m_terminal->libraries;
        break;
    case Fact::Interpreters: {
        facts.interpreters = m_interpreters->probes;
        facts.usualInterpreter = m_interpreters->usual;
        const QString chosenReal = QFileInfo(m_chosen).canonicalFilePath();
        for (int i = 0; i < facts.interpreters.size(); ++i) {
            const auto &in = facts.interpreters[i].interpreter;
            if (in.executable == m_chosen || (!chosenReal.isEmpty() && in.realPath == chosenReal)) {
                facts.chosen = i;
                break;
            }
        }
        break;
    }
    }
}

void Scheduler::takeFinishedCollectors(bool graceOver)
{
    for (auto &[fact, c] : m_collectors) {
        if (!c.started || c.done)
            continue;
        const bool overdue = m_clock.elapsed() > m_collectorLimitMs;
        if (!c.task.isFinished() && !overdue && !graceOver)
            continue;
        c.done = true;
        if (!c.task.isFinished()) {
            const QString why = m_report.cancelled ? CheckRunner::tr(": cancelled")
                                                   : CheckRunner::tr(": did not finish in time");
            m_facts.collectorErrors.append(c.title + why);
            continue;
        }
        takeResult(fact);
        m_facts.ready |= fact;
        reportDone(c.title);
    }
}

// The library walk needs the chosen interpreter's torch. (If that probe
// failed or was abandoned, there is nothing to walk: decide anyway.)
void Scheduler::startLibraryWalk()
{
    const auto probing = m_collectors.find(Fact::Interpreters);
    if (m_librariesStarted || probing == m_collectors.end() || !probing->second.done)
        return;
    m_librariesStarted = true;
    const auto *probe = m_facts.chosenProbe();
    if (probe && !m_report.cancelled) {
        start(Fact::Libraries, CheckRunner::tr("Walking PyTorch's native libraries"),
              [copy = *probe, request = m_request, stopWalk = m_stopWalk, runtimes = m_runtimes, out = m_libraries] {
                  walkLibraries(copy, request, *stopWalk, runtimes, *out);
              });
    } else {
        m_facts.ready |= Fact::Libraries;
        reportDone(CheckRunner::tr("Walking PyTorch's native libraries"));
    }
}

bool Scheduler::stillCollecting() const
{
    return std::any_of(m_collectors.begin(), m_collectors.end(),
                       [](const auto &kv) { return kv.second.started && !kv.second.done; })
           || !m_librariesStarted;
}

void Scheduler::startReadyChecks(bool collecting)
{
    if (m_report.cancelled)
        return;
    // Facts that will never come (not asked for) count as ready for the checks.
    FactSet available = m_facts.ready;
    if (!m_collectors.count(Fact::Import))
        available |= Fact::Import;
    if (!m_collectors.count(Fact::Docker))
        available |= Fact::Docker;
    if (!m_collectors.count(Fact::Terminal))
        available |= Fact::Terminal;
    for (std::size_t i = 0; i < m_checks.size(); ++i) {
        const FactSet missing = m_checks[i]->needs() & ~available;
        if (m_checkStarted[i] || (missing.toInt() != 0 && collecting))
            continue;
        m_checkStarted[i] = true;
        if (!m_snapshot || m_snapshot->ready != m_facts.ready) {
            m_snapshot = std::make_shared<const Facts>(m_facts);
            ++m_snapshots;
        }
        Running r{m_checks[i], Task(), std::make_shared<QList<Finding>>(), m_clock.elapsed()};
        r.task.start(m_wakeup, [check = r.check, facts = m_snapshot, knowledge = m_knowledge, found = r.found] {
            try {
                *found = check->run(*facts, *knowledge);
            } catch (const std::exception &e) {
                *found = {failedCheck(*check, QString::fromUtf8(e.what()))};
            } catch (...) {
                *found = {failedCheck(*check, CheckRunner::tr("an unknown exception"))};
            }
            for (Finding &f : *found)
                f.check = check->id();
        });
        m_running.push_back(std::move(r));
    }
}

void Scheduler::takeFinishedChecks(bool graceOver)
{
    for (auto it = m_running.begin(); it != m_running.end();) {
        const bool overdue = m_clock.elapsed() - it->startedMs > m_checkLimitMs;
        if (!it->task.isFinished() && !overdue && !graceOver) {
            ++it;
            continue;
        }
        if (it->task.isFinished()) {
            m_report.findings.append(*it->found);
        } else if (!m_report.cancelled) {
            Finding f;
            f.id = QStringLiteral("check.timeout");
            f.severity = Severity::Warning;
            f.title = CheckRunner::tr("The check \"%1\" ran out of time").arg(it->check->title());
            f.detail = CheckRunner::tr("It did not finish within %1 seconds; its part of the diagnosis is missing.")
                           .arg(static_cast<double>(m_checkLimitMs) / 1000.0);
            f.check = it->check->id();
            m_report.findings.append(f);
        }
        reportDone(it->check->title());
        it = m_running.erase(it);
    }
}

bool Scheduler::isDone(bool collecting) const
{
    const bool allChecksStarted = std::all_of(m_checkStarted.begin(), m_checkStarted.end(), [](bool b) { return b; });
    if (m_running.empty() && (allChecksStarted || m_report.cancelled) && !collecting)
        return true;
    if (m_report.cancelled && m_running.empty()) {
        // Collectors end quickly once cancelled (their processes are killed).
        bool anyLeft = false;
        for (const auto &[fact, c] : m_collectors)
            anyLeft = anyLeft || (c.started && !c.done);
        if (!anyLeft)
            return true;
    }
    return false;
}

// Sleeps until work finishes or the next limit runs out.
void Scheduler::sleepUntilNext(bool collecting)
{
    qint64 nextMs = m_clock.elapsed() + kCancelLatencyMs;
    if (collecting)
        nextMs = std::min(nextMs, m_collectorLimitMs + 1);
    for (const Running &r : m_running)
        nextMs = std::min(nextMs, r.startedMs + m_checkLimitMs + 1);
    if (m_report.cancelled)
        nextMs = std::min(nextMs, m_graceEndMs + 1);
    m_wakeup->wait(QDeadlineTimer(std::max<qint64>(0, nextMs - m_clock.elapsed())));
}

// The findings in the order of the checks that made them, as `explain` runs them, and not in the order the
// checks finished in, which the machine's load decides: with two root causes, the same one leads every time.
void Scheduler::inChecksOrder(QList<Finding> &findings) const
{
    const auto rank = [this](const Finding &f) {
        for (std::size_t i = 0; i < m_checks.size(); ++i)
            if (m_checks[i]->id() == f.check)
                return i;
        return m_checks.size(); // the runner's own (a check that timed out or failed)
    };
    std::stable_sort(findings.begin(), findings.end(),
                     [&rank](const Finding &a, const Finding &b) { return rank(a) < rank(b); });
}

// What failed becomes findings; symptoms fold into their causes.
void Scheduler::finish()
{
    qCDebug(lcChecks, "%d checks ran on %d snapshots of the facts", int(m_checks.size()), int(m_snapshots));
    for (const QString &e : *m_errors)
        m_facts.collectorErrors.append(e);
    for (const QString &e : m_facts.collectorErrors) {
        Finding f;
        f.id = QStringLiteral("check.failed");
        f.severity = Severity::Warning;
        f.title = CheckRunner::tr("Part of the diagnosis could not be completed");
        f.detail = e;
        m_report.findings.append(f);
    }
    inChecksOrder(m_report.findings);
    foldSymptoms(m_report.findings);
    rootCausesFirst(m_report.findings);
    m_report.elapsedMs = m_clock.elapsed();
    qCInfo(lcChecks, "%d findings in %lld ms%s", int(m_report.findings.size()),
           static_cast<long long>(m_report.elapsedMs), m_report.cancelled ? " (cancelled)" : "");
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
    readStartingFacts(report, m_request, m_knowledge.get());
    Scheduler scheduler(report, clock, m_request, m_knowledge, m_checks, cancel, progress);
    scheduler.startCollectors();
    for (;;) {
        const bool graceOver = scheduler.noteCancel();
        scheduler.takeFinishedCollectors(graceOver);
        scheduler.startLibraryWalk();
        const bool collecting = scheduler.stillCollecting();
        scheduler.startReadyChecks(collecting);
        scheduler.takeFinishedChecks(graceOver);
        if (scheduler.isDone(collecting))
            break;
        scheduler.sleepUntilNext(collecting);
    }
    scheduler.finish();
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
