// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/TorchProbe.h"
#include "platform/LogCategories.h"
#include "platform/ProcessRunner.h"
#include "platform/OriginalEnvironment.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>


#include <csignal>

namespace td::python {

namespace {

constexpr char kMarker[] = "@@TORCHDOCTOR-PROBE-JSON@@";
constexpr qsizetype kStderrTailLines = 40;
constexpr qsizetype kStderrTailChars = 8000;

QString unixSignalName(int sig)
{
    switch (sig) {
#ifdef Q_OS_UNIX
    case SIGSEGV: return QStringLiteral("SIGSEGV");
    case SIGABRT: return QStringLiteral("SIGABRT");
    case SIGBUS: return QStringLiteral("SIGBUS");
    case SIGILL: return QStringLiteral("SIGILL");
    case SIGFPE: return QStringLiteral("SIGFPE");
    case SIGKILL: return QStringLiteral("SIGKILL");
    case SIGTERM: return QStringLiteral("SIGTERM");
    case SIGTRAP: return QStringLiteral("SIGTRAP");
    case SIGSYS: return QStringLiteral("SIGSYS");
    case SIGPIPE: return QStringLiteral("SIGPIPE");
    case SIGINT: return QStringLiteral("SIGINT");
    case SIGHUP: return QStringLiteral("SIGHUP");
    case SIGQUIT: return QStringLiteral("SIGQUIT");
    case SIGXCPU: return QStringLiteral("SIGXCPU");
    case SIGXFSZ: return QStringLiteral("SIGXFSZ");
#endif
    default: return {};
    }
}

QString seconds(qint64 ms)
{
    return QStringLiteral("%1 s").arg(static_cast<double>(ms) / 1000.0, 0, 'f', 1);
}

QString firstLine(const QByteArray &bytes)
{
    const QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'));
    for (const QString &line : lines) {
        const QString t = line.trimmed();
        if (!t.isEmpty())
            return t.left(200);
    }
    return {};
}

// The line of a failed start's error output that says why: Python's fatal error, else its last exception line,
// else the first line that is not the loader's word on another matter (an LD_PRELOAD entry it ignored).
QString tellingLine(const QByteArray &bytes)
{
    static const QRegularExpression exception(QStringLiteral(R"(^[A-Za-z_.]*(Error|Exception)\b.*:)"));
    QString fatal, raised, first;
    for (const QString &line : QString::fromUtf8(bytes).split(QLatin1Char('\n'))) {
        const QString t = line.trimmed();
        if (t.startsWith(QLatin1String("Fatal Python error")) && fatal.isEmpty())
            fatal = t;
        else if (exception.match(t).hasMatch())
            raised = t;
        else if (!t.isEmpty() && first.isEmpty() && !t.startsWith(QLatin1String("ERROR: ld.so:")))
            first = t;
    }
    const QString telling = !fatal.isEmpty() ? (raised.isEmpty() ? fatal : fatal + QStringLiteral(" (") + raised + u')')
                            : !raised.isEmpty() ? raised
                            : !first.isEmpty()  ? first
                                                : firstLine(bytes);
    return telling.left(300);
}

QString tail(const QByteArray &bytes)
{
    QStringList lines = QString::fromUtf8(bytes).split(QLatin1Char('\n'));
    while (!lines.isEmpty() && lines.last().trimmed().isEmpty())
        lines.removeLast();
    if (lines.size() > kStderrTailLines)
        lines = lines.mid(lines.size() - kStderrTailLines);
    QString text = lines.join(QLatin1Char('\n'));
    if (text.size() > kStderrTailChars)
        text = text.right(kStderrTailChars);
    return text;
}

QProcessEnvironment probeEnvironment(QProcessEnvironment env)
{
    if (env.isEmpty())
        env = platform::originalEnvironment();
    // Not -I, -E or -s: the user's PYTHONPATH, user site and .pth files are
    // part of what is being diagnosed.
    env.insert(QStringLiteral("PYTHONIOENCODING"), QStringLiteral("utf-8"));
    env.insert(QStringLiteral("PYTHONDONTWRITEBYTECODE"), QStringLiteral("1"));
    // Left by a venv launcher that started us; the child would take itself
    // for that venv's Python.
    env.remove(QStringLiteral("__PYVENV_LAUNCHER__"));
    return env;
}

bool inWindowsApps(const QFileInfo &info)
{
    return QDir::fromNativeSeparators(info.absolutePath())
        .endsWith(QLatin1String("/Microsoft/WindowsApps"), Qt::CaseInsensitive);
}

// Why the file cannot be run at all; empty when it may be. `resolved` is the
// path to run (a bare name is looked up on PATH).
QString preflight(const QString &executable, const QProcessEnvironment &env, QString *resolved)
{
    *resolved = executable;
    if (executable.trimmed().isEmpty())
        return QCoreApplication::translate("TorchProbe", "no executable given");
    if (!executable.contains(QLatin1Char('/')) && !executable.contains(QLatin1Char('\\'))) {
        *resolved = platform::findOnPath(executable, env);
        if (resolved->isEmpty())
            return QCoreApplication::translate("TorchProbe", "not found on PATH: %1").arg(executable);
    }
    const QFileInfo info(*resolved);
    if (!info.exists()) {
        if (info.isSymLink())
            return QCoreApplication::translate("TorchProbe", "a link to a missing file (%1)").arg(info.symLinkTarget());
        return QCoreApplication::translate("TorchProbe", "not found: %1").arg(*resolved);
    }
    if (info.isDir())
        return QCoreApplication::translate("TorchProbe", "a folder, not a program: %1").arg(*resolved);
    if (isStoreAliasStub(*resolved))
        return QCoreApplication::translate("TorchProbe",
                                           "a Microsoft Store alias that opens the Store instead of running Python "
                                           "(Python from the Store is not installed); not run");
#ifdef Q_OS_UNIX
    if (!info.isExecutable())
        return QCoreApplication::translate("TorchProbe", "not executable (no execute permission): %1").arg(*resolved);
#endif
    // (A Store alias that does start the Store's Python is zero-size too.)
    if (info.size() == 0 && !inWindowsApps(info))
        return QCoreApplication::translate("TorchProbe", "an empty file, not a program: %1").arg(*resolved);
    if (probeScript().isEmpty())
        return QCoreApplication::translate("TorchProbe", "the probe script is missing from this build");
    return {};
}

platform::ProcessResult runProbe(const QString &program, const QStringList &extraArguments,
                                 std::chrono::milliseconds timeout, const platform::CancelToken &cancel,
                                 const QProcessEnvironment &env)
{
    platform::ProcessRequest request;
    request.program = program;
    request.arguments = QStringList{QStringLiteral("-c"), probeScript()} + extraArguments;
    request.environment = env;
    // A fixed, harmless folder: the script drops '' from sys.path, and a
    // deleted current folder cannot get in the way.
    request.workingDirectory = QDir::tempPath();
    request.timeout = timeout;
    request.maxOutputBytes = 8 * 1024 * 1024;
    return platform::runProcess(request, cancel);
}

QString startProblem(const platform::ProcessResult &run, const QProcessEnvironment &env)
{
    QString problem = QCoreApplication::translate("TorchProbe", "could not be started: %1").arg(run.errorText);
#ifdef Q_OS_UNIX
    // E2BIG: Linux refuses any one variable of 128 KiB or more, and then nothing can be run.
    const QStringList names = env.keys();
    for (const QString &name : names) {
        const qsizetype size = env.value(name).toUtf8().size();
        if (size >= 128 * 1024)
            problem += QCoreApplication::translate("TorchProbe",
                                                   " (%1 is %2 bytes long, more than the system passes to a program)")
                           .arg(name)
                           .arg(size);
    }
#else
    Q_UNUSED(env);
#endif
    return problem;
}

QString str(const QJsonObject &o, const char *key)
{
    return o.value(QLatin1String(key)).toString();
}

// Why the probe did not run, in the user's language: the probe gives the Python's version and the
// oldest it reads ("unsupported").
QString unsupportedProblem(const QJsonObject &root)
{
    const QJsonArray have = root.value(QLatin1String("python")).toObject().value(QLatin1String("version")).toArray();
    const QJsonArray need = root.value(QLatin1String("unsupported")).toArray();
    if (have.size() < 2 || need.size() < 2)
        return QCoreApplication::translate("TorchProbe", "this version of Python is not supported");
    return QCoreApplication::translate("TorchProbe", "Python %1.%2 is older than %3.%4: not supported")
        .arg(have[0].toInt())
        .arg(have[1].toInt())
        .arg(need[0].toInt())
        .arg(need[1].toInt());
}

QVersionNumber versionOf(const QJsonValue &value)
{
    const QJsonArray parts = value.toArray();
    QList<int> numbers;
    for (qsizetype i = 0; i < std::min<qsizetype>(parts.size(), 3); ++i) {
        if (!parts.at(i).isDouble())
            break;
        numbers.append(parts.at(i).toInt());
    }
    return QVersionNumber(numbers);
}

void fillInterpreter(const QJsonObject &py, Interpreter &in)
{
    in.version = versionOf(py.value(QLatin1String("version")));
    in.bits = py.value(QLatin1String("bits")).toInt();
    in.implementation = str(py, "implementation");
    in.platform = str(py, "platform");
    in.machine = str(py, "machine");
    in.prefix = str(py, "prefix");
    in.basePrefix = str(py, "base_prefix");
    in.execPrefix = str(py, "exec_prefix");
    in.isVenv = py.value(QLatin1String("is_venv")).toBool();
    in.isConda = py.value(QLatin1String("conda")).toBool();
    const QString exe = str(py, "executable");
    if (!exe.isEmpty()) {
        // A pyenv shim or a wrapper script runs another file: that one is the interpreter.
        const QString real = QFileInfo(exe).canonicalFilePath();
        if (!real.isEmpty())
            in.realPath = real;
    }
}

QString normalizedName(QString name)
{
    name = name.toLower();
    for (QChar &c : name)
        if (c == QLatin1Char('_') || c == QLatin1Char('.'))
            c = QLatin1Char('-');
    return name;
}

// Requirements as the probe judged them; a line it could not parse is left out (nothing reliable to name).
QList<Requirement> requirementsOf(const QJsonValue &list)
{
    QList<Requirement> out;
    for (const QJsonValue &v : list.toArray()) {
        const QJsonObject r = v.toObject();
        if (str(r, "name").isEmpty())
            continue;
        Requirement req;
        req.name = str(r, "name");
        req.specifier = str(r, "specifier");
        for (const QJsonValue &e : r.value(QLatin1String("extras")).toArray())
            req.extras << e.toString();
        req.line = str(r, "line");
        req.installed = str(r, "installed");
        req.installedPath = str(r, "installed_path");
        if (r.value(QLatin1String("satisfied")).isBool())
            req.satisfied = r.value(QLatin1String("satisfied")).toBool();
        req.requiredBy = str(r, "required_by");
        req.requiredByVersion = str(r, "required_by_version");
        req.requiredByPath = str(r, "required_by_path");
        out << req;
    }
    return out;
}

void fillTorch(const QJsonObject &root, StaticProbe &probe)
{
    TorchInstall &t = probe.torch;
    const QJsonObject torch = root.value(QLatin1String("torch")).toObject();
    t.packageDir = str(torch, "package_dir");
    t.namespacePackage = torch.value(QLatin1String("namespace_package")).toBool();

    const QString packageParent = t.packageDir.isEmpty() ? QString() : QFileInfo(t.packageDir).absolutePath();
    bool chosen = false, chosenBeside = false;
    for (const QJsonValue &v : root.value(QLatin1String("distributions")).toArray()) {
        const QJsonObject d = v.toObject();
        PackageInfo p;
        p.name = str(d, "name");
        p.version = str(d, "version");
        p.location = str(d, "location");
        p.installer = str(d, "installer");
        if (normalizedName(p.name) != QLatin1String("torch")) {
            t.companions.append(p);
            continue;
        }
        t.torchDistributions.append(str(d, "path"));
        // The one beside the package that imports describes it; else the first.
        const bool beside = !packageParent.isEmpty() && QDir(p.location) == QDir(packageParent);
        if (!chosen || (beside && !chosenBeside)) {
            t.version = p.version;
            t.installer = p.installer;
            chosen = true;
            chosenBeside = beside;
        }
    }

    const QJsonObject vp = torch.value(QLatin1String("version_py")).toObject();
    auto field = [&vp](const char *key) {
        const QJsonValue v = vp.value(QLatin1String(key));
        return v.isString() ? v.toString() : QString();
    };
    t.versionPyVersion = field("__version__");
    t.versionPyCuda = field("cuda");
    t.versionPyHip = field("hip");
    t.versionPyGit = field("git_version");
    t.debugBuild = vp.value(QLatin1String("debug")).toBool();
    if (t.version.isEmpty())
        t.version = t.versionPyVersion;

    for (const char *list : {"libraries", "extensions"}) {
        for (const QJsonValue &v : torch.value(QLatin1String(list)).toArray()) {
            const QJsonObject lib = v.toObject();
            const QString path = str(lib, "path");
            t.nativeLibraries.append(path);
            if (lib.contains(QLatin1String("exists")) && !lib.value(QLatin1String("exists")).toBool())
                t.danglingLibraries.append(path);
            if (lib.contains(QLatin1String("matches_interpreter"))
                && !lib.value(QLatin1String("matches_interpreter")).toBool())
                t.foreignExtensions.append(path);
        }
    }
    for (const QJsonValue &v : torch.value(QLatin1String("dll_dirs")).toArray()) {
        const QJsonObject d = v.toObject();
        if (d.value(QLatin1String("exists")).toBool())
            t.dllDirectories.append(str(d, "path"));
    }
    t.requirements = requirementsOf(torch.value(QLatin1String("requirements")));
    t.dependents = requirementsOf(torch.value(QLatin1String("dependents")));
    const QJsonObject wheel = torch.value(QLatin1String("wheel")).toObject();
    for (const QJsonValue &tag : wheel.value(QLatin1String("tags")).toArray())
        t.wheelTags << tag.toString();
    if (wheel.value(QLatin1String("fits")).isBool())
        t.wheelFits = wheel.value(QLatin1String("fits")).toBool();
    t.interpreterTag = str(wheel, "interpreter_tag");
    for (const QJsonValue &v : torch.value(QLatin1String("preload")).toArray()) {
        const QJsonArray row = v.toArray();
        if (row.size() == 2)
            t.preload << PreloadEntry{row.at(0).toString(), row.at(1).toString()};
    }
    t.installed = !t.packageDir.isEmpty() || !t.torchDistributions.isEmpty();
}

QJsonObject parseJson(const QByteArray &json, QString *error)
{
    QJsonParseError parseError{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject()) {
        *error =
            QCoreApplication::translate("TorchProbe", "printed unreadable JSON (%1)").arg(parseError.errorString());
        return {};
    }
    return doc.object();
}

// Why a run that gave no JSON gave none.
QString noJsonProblem(const platform::ProcessResult &run)
{
    const QString out = firstLine(run.standardOutput);
    const QString err = tellingLine(run.standardError);
    QString what;
    if (!out.isEmpty())
        what = QCoreApplication::translate("TorchProbe", "printed no JSON: “%1”").arg(out);
    else if (!err.isEmpty())
        what = QCoreApplication::translate("TorchProbe", "printed no JSON; its error output says: “%1”").arg(err);
    else
        what = QCoreApplication::translate("TorchProbe", "printed nothing");
    if (run.standardError.contains("SyntaxError"))
        what += QCoreApplication::translate("TorchProbe", " (a Python too old for the probe, or not Python)");
    return QCoreApplication::translate("TorchProbe", "not Python, or it failed before answering (%1): %2")
        .arg(run.describe(), what);
}

} // namespace

QString probeScript()
{
    static const QString script = [] {
        QFile file(QStringLiteral(":/probe/torch_probe.py"));
        if (!file.open(QIODevice::ReadOnly)) {
            qCCritical(lcPython, "the probe script is missing from the resources");
            return QString();
        }
        return QString::fromUtf8(file.readAll());
    }();
    return script;
}

bool isStoreAliasStub(const QString &executable)
{
    const QFileInfo info(executable);
    if (!inWindowsApps(info))
        return false;
    if (!info.fileName().startsWith(QLatin1String("python"), Qt::CaseInsensitive))
        return false;
    // App execution aliases are zero-size reparse points. With the Store
    // Python installed they start it, and its package folder sits beside them.
    if (!info.exists() || info.size() != 0)
        return false;
    const QStringList installed = info.absoluteDir().entryList({QStringLiteral("PythonSoftwareFoundation.Python.*")},
                                                               QDir::Dirs | QDir::NoDotAndDotDot);
    return installed.isEmpty();
}

QString crashName(int signal, int exitCode)
{
    if (signal > 0)
        return unixSignalName(signal).isEmpty() ? QStringLiteral("signal %1").arg(signal) : unixSignalName(signal);
    return platform::ntStatusName(static_cast<quint32>(exitCode));
}

QByteArray extractProbeJson(const QByteArray &standardOutput)
{
    const qsizetype at = standardOutput.lastIndexOf(QByteArrayView(kMarker));
    if (at < 0)
        return {};
    qsizetype start = standardOutput.indexOf('\n', at);
    if (start < 0)
        return {};
    ++start;
    qsizetype end = standardOutput.indexOf('\n', start);
    if (end < 0)
        end = standardOutput.size();
    return standardOutput.mid(start, end - start).trimmed();
}

namespace {

StaticProbe describe(const QString &executable, std::chrono::milliseconds timeout, const platform::CancelToken &cancel,
                     const QProcessEnvironment &environment)
{
    StaticProbe probe;
    Interpreter &in = probe.interpreter;
    in.executable = executable;
    const QProcessEnvironment env = probeEnvironment(environment);

    QString program;
    in.problem = preflight(executable, env, &program);
    {
        const QString real = QFileInfo(program).canonicalFilePath();
        in.realPath = real.isEmpty() ? QFileInfo(program).absoluteFilePath() : real;
    }
    if (!in.problem.isEmpty())
        return probe;

    const platform::ProcessResult run = runProbe(program, {}, timeout, cancel, env);
    probe.elapsedMs = run.elapsedMs;
    using Outcome = platform::ProcessResult::Outcome;
    switch (run.outcome) {
    case Outcome::FailedToStart: in.problem = startProblem(run, env); return probe;
    case Outcome::TimedOut:
        in.timedOut = true;
        in.problem = QCoreApplication::translate("TorchProbe", "no answer within %1 (timed out; ended)")
                         .arg(seconds(run.elapsedMs));
        return probe;
    case Outcome::Cancelled: in.problem = QCoreApplication::translate("TorchProbe", "cancelled"); return probe;
    case Outcome::Crashed:
        in.problem = QCoreApplication::translate("TorchProbe", "crashed while describing itself (%1)")
                         .arg(crashName(run.signal, 0));
        return probe;
    case Outcome::Finished: break;
    }

    const QByteArray json = extractProbeJson(run.standardOutput);
    if (json.isEmpty()) {
        const QString nt = crashName(0, run.exitCode);
        in.problem = nt.isEmpty() ? noJsonProblem(run) : QStringLiteral("crashed while describing itself (%1)").arg(nt);
        return probe;
    }
    QString error;
    const QJsonObject root = parseJson(json, &error);
    if (!error.isEmpty()) {
        in.problem = error;
        return probe;
    }

    const QJsonObject py = root.value(QLatin1String("python")).toObject();
    fillInterpreter(py, in);
    for (const QJsonValue &v : root.value(QLatin1String("errors")).toArray())
        probe.notes.append(v.toString());
    if (root.contains(QLatin1String("probe_error")))
        probe.notes.append(str(root, "probe_error"));
    if (root.contains(QLatin1String("unsupported"))) {
        in.problem = unsupportedProblem(root);
        return probe;
    }
    if (py.isEmpty()) {
        in.problem = QCoreApplication::translate("TorchProbe", "the probe could not describe this Python: %1")
                         .arg(probe.notes.join(QStringLiteral("; ")));
        return probe;
    }
    in.usable = true;

    for (const QJsonValue &v : root.value(QLatin1String("site_packages")).toArray())
        probe.sitePackages.append(v.toString());
    const QJsonObject envObject = root.value(QLatin1String("environment")).toObject();
    for (auto it = envObject.begin(); it != envObject.end(); ++it)
        probe.environment.append({it.key(), it.value().toString()});
    fillTorch(root, probe);
    return probe;
}

} // namespace

StaticProbe probeStatic(const QString &executable, std::chrono::milliseconds timeout,
                        const platform::CancelToken &cancel, const QProcessEnvironment &environment)
{
    StaticProbe probe = describe(executable, timeout, cancel, environment);
    if (!probe.interpreter.usable) // a venv's python may not run because its base is gone: pyvenv.cfg says
        probe.interpreter.venv = venvOf(executable);
    return probe;
}

namespace {

ImportResult failed(ImportResult r, ImportResult::Outcome outcome, const QString &problem)
{
    r.outcome = outcome;
    r.problem = problem;
    r.message = problem;
    return r;
}

// The import's result when the probe's run gave no answer to read (it did not start, was stopped,
// timed out or crashed); nullopt when there is an answer to read.
std::optional<ImportResult> withoutAnswer(const ImportResult &r, const platform::ProcessResult &run, bool answered,
                                          const QProcessEnvironment &env)
{
    using Outcome = platform::ProcessResult::Outcome;
    switch (run.outcome) {
    case Outcome::FailedToStart: return failed(r, ImportResult::Outcome::ProbeFailed, startProblem(run, env));
    case Outcome::Cancelled: return failed(r, ImportResult::Outcome::ProbeFailed, QStringLiteral("cancelled"));
    case Outcome::TimedOut:
        return failed(r, ImportResult::Outcome::TimedOut,
                      QStringLiteral("`import torch` did not finish within %1; the process and its children were ended")
                          .arg(seconds(run.elapsedMs)));
    case Outcome::Crashed:
        if (!answered) { // when it answered first, the script ended with os._exit
            ImportResult crashed = r;
            crashed.signal = run.signal;
            crashed.crashName = crashName(run.signal, 0);
            return failed(crashed, ImportResult::Outcome::Crashed,
                          QStringLiteral("`import torch` crashed the interpreter (%1)").arg(crashed.crashName));
        }
        break;
    case Outcome::Finished:
        if (!answered) {
            QString name = crashName(0, run.exitCode);
#ifdef Q_OS_WIN
            if (name.isEmpty() && run.exitCode == 3)
                name = QStringLiteral("abort() (exit code 3)"); // the C runtime's abort()
#endif
            if (!name.isEmpty()) {
                ImportResult crashed = r;
                crashed.crashName = name;
                return failed(crashed, ImportResult::Outcome::Crashed,
                              QStringLiteral("`import torch` crashed the interpreter (%1)").arg(name));
            }
        }
        break;
    }
    if (!answered)
        return failed(r, ImportResult::Outcome::ProbeFailed, noJsonProblem(run));
    return std::nullopt;
}

// What an import that worked tells: the version, the GPUs, the warnings.
ImportResult importedTorch(ImportResult r, const QJsonObject &root)
{
    r.outcome = ImportResult::Outcome::Ok;
    r.version = str(root, "version");
    r.location = str(root, "file");
    r.cudaVersion = str(root, "cuda_version");
    r.hipVersion = str(root, "hip_version");
    r.cudaAvailable = root.value(QLatin1String("cuda_available")).toBool();
    r.deviceCount = root.value(QLatin1String("device_count")).toInt();
    for (const QJsonValue &v : root.value(QLatin1String("device_names")).toArray())
        r.deviceNames.append(v.toString());
    for (const QJsonValue &v : root.value(QLatin1String("capabilities")).toArray()) {
        const QJsonArray cap = v.toArray();
        r.capabilities.append({cap.at(0).toInt(), cap.at(1).toInt()});
    }
    for (const QJsonValue &v : root.value(QLatin1String("arch_list")).toArray())
        r.archList.append(v.toString());
    r.cudnnVersion = root.value(QLatin1String("cudnn_version")).toInt();
    r.mpsAvailable = root.value(QLatin1String("mps_available")).toBool();
    for (const QJsonValue &v : root.value(QLatin1String("warnings")).toArray())
        r.warnings.append(v.toString());
    const QJsonObject queryErrors = root.value(QLatin1String("query_errors")).toObject();
    for (auto it = queryErrors.begin(); it != queryErrors.end(); ++it)
        r.warnings.append(QStringLiteral("%1: %2").arg(it.key(), it.value().toString()));
    return r;
}

// The import's result from the probe's answer.
ImportResult fromAnswer(ImportResult r, const QByteArray &json)
{
    QString error;
    const QJsonObject root = parseJson(json, &error);
    if (!error.isEmpty())
        return failed(r, ImportResult::Outcome::ProbeFailed, error);
    if (root.contains(QLatin1String("unsupported")))
        return failed(r, ImportResult::Outcome::ProbeFailed, unsupportedProblem(root));
    if (!root.contains(QLatin1String("ok")))
        return failed(
            r, ImportResult::Outcome::ProbeFailed,
            QCoreApplication::translate("TorchProbe", "the probe failed: %1").arg(str(root, "probe_error")));
    if (root.value(QLatin1String("ok")).toBool())
        return importedTorch(r, root);
    r.outcome = ImportResult::Outcome::Failed;
    r.exceptionType = str(root, "exception_type");
    r.message = str(root, "message");
    r.traceback = str(root, "traceback");
    return r;
}

} // namespace

ImportResult probeImport(const QString &executable, std::chrono::milliseconds timeout,
                         const platform::CancelToken &cancel, const QProcessEnvironment &environment,
                         const QString &startFolder)
{
    ImportResult r;
    const QProcessEnvironment env = probeEnvironment(environment);
    QString program;
    if (const QString problem = preflight(executable, env, &program); !problem.isEmpty())
        return failed(r, ImportResult::Outcome::ProbeFailed, problem);

    QStringList args{QStringLiteral("--import")};
    // Shortly before the runner gives up, faulthandler prints where the
    // import hangs (to stderr, which ends up in stderrTail).
    if (timeout >= std::chrono::milliseconds(1500)) {
        const double dumpAfter = static_cast<double>(timeout.count()) * 0.85 / 1000.0;
        args << QStringLiteral("--dump-after") << QString::number(dumpAfter, 'f', 2);
    }
    if (!startFolder.isEmpty())
        args << QStringLiteral("--start-folder") << QDir::toNativeSeparators(startFolder);
    const platform::ProcessResult run = runProbe(program, args, timeout, cancel, env);
    r.elapsedMs = run.elapsedMs;
    r.exitCode = run.exitCode;
    r.stderrTail = tail(run.standardError);
    const QByteArray json = extractProbeJson(run.standardOutput);
    if (auto ended = withoutAnswer(r, run, !json.isEmpty(), env))
        return *ended;
    return fromAnswer(r, json);
}

} // namespace td::python
