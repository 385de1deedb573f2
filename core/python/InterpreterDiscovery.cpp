// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/InterpreterDiscovery.h"
#include "platform/LogCategories.h"
#include "python/DefaultInterpreter.h"
#include "python/ProjectFolder.h"
#include "platform/NativePath.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentMap>

#ifdef Q_OS_WIN
#include <QSettings>
#endif


#include <algorithm>
#include <numeric>

namespace td::python {

namespace {

using platform::kPathCase;

QString pathKey(const QString &path)
{
    return kPathCase == Qt::CaseInsensitive ? path.toLower() : path;
}

// Where the interpreter sits in a venv / conda env / install root.
#ifdef Q_OS_WIN
const char *const kInterpreterNames[] = {"python.exe", "Scripts/python.exe"};
#else
const char *const kInterpreterNames[] = {"bin/python3", "bin/python"};
#endif

QString interpreterIn(const QString &root)
{
    for (const char *name : kInterpreterNames) {
        const QString path = QDir(root).filePath(QLatin1String(name));
        if (QFileInfo::exists(path))
            return path;
    }
    return {};
}

class Finder {
public:
    Finder(const DiscoveryOptions &options, QStringList *notes, const platform::CancelToken &cancel)
        : m_options(options), m_notes(notes), m_cancel(cancel)
    {
    }

    QList<InterpreterCandidate> run()
    {
        for (const QString &exe : m_options.extraExecutables)
            add(resolveName(exe), QStringLiteral("requested"));
        fromProject();
        fromPath();
#ifdef Q_OS_WIN
        fromPyLauncher();
        fromRegistry();
#endif
        fromActiveEnvironments();
        fromConda();
        fromPyenv();
        fromUv();
        fromStoreAliases();
        if (m_dropped > 0)
            note(QStringLiteral("%1 more candidate interpreters were not probed (the limit is %2)")
                     .arg(m_dropped)
                     .arg(m_options.maxCandidates));
        return m_list;
    }

private:
    QString env(const char *name) const
    {
        return m_options.environment.value(QLatin1String(name));
    }

    QString home() const
    {
        QString h = env("HOME");
#ifdef Q_OS_WIN
        if (h.isEmpty())
            h = env("USERPROFILE");
#endif
        return h.isEmpty() ? QDir::homePath() : h;
    }

    // The folders on PATH, to list them (a program on PATH is found with platform::findOnPath).
    QStringList pathEntries() const
    {
        return env("PATH").split(QDir::listSeparator(), Qt::SkipEmptyParts);
    }

    void note(const QString &text)
    {
        qCInfo(lcPython, "discovery: %s", qUtf8Printable(text));
        if (m_notes)
            m_notes->append(text);
    }

    QString resolveName(const QString &exe) const
    {
        if (exe.contains(QLatin1Char('/')) || exe.contains(QLatin1Char('\\')))
            return exe;
        const QString found = platform::findOnPath(exe, m_options.environment);
        return found.isEmpty() ? exe : found;
    }

    // Two finds of one file are one interpreter; a venv's python is a link to
    // its base interpreter but is not that interpreter, so its venv is part
    // of the key.
    static QString keyOf(const QString &path)
    {
        const QFileInfo info(path);
        QString real = info.canonicalFilePath();
        if (real.isEmpty())
            real = QDir::cleanPath(info.absoluteFilePath());
        const QDir dir = info.absoluteDir();
        for (const QString &root : {dir.absolutePath(), QFileInfo(dir.absolutePath()).absolutePath()}) {
            if (QFileInfo::exists(root + QLatin1String("/pyvenv.cfg"))) {
                const QString canonicalRoot = QFileInfo(root).canonicalFilePath();
                real = (canonicalRoot.isEmpty() ? root : canonicalRoot) + QLatin1Char('|') + real;
                break;
            }
        }
        return pathKey(real);
    }

    void add(const QString &path, const QString &origin)
    {
        if (path.isEmpty())
            return;
        const QString key = keyOf(path);
        if (const auto it = m_byKey.constFind(key); it != m_byKey.constEnd()) {
            QStringList &origins = m_list[*it].origins;
            if (!origins.contains(origin))
                origins.append(origin);
            return;
        }
        if (m_list.size() >= m_options.maxCandidates) {
            ++m_dropped;
            return;
        }
        m_byKey.insert(key, m_list.size());
        m_list.append({path, {origin}, key});
    }

    void fromProject()
    {
        if (m_options.projectDir.isEmpty())
            return;
        const QDir project(m_options.projectDir);
        for (const QString &exe : projectInterpreters(m_options.projectDir))
            add(exe, QStringLiteral("project"));
        // environment.yml names the conda environment the project uses.
        QFile yml(project.filePath(QStringLiteral("environment.yml")));
        if (yml.open(QIODevice::ReadOnly)) {
            static const QRegularExpression name(QStringLiteral(R"(^name:\s*["']?([^"'\s#]+))"),
                                                 QRegularExpression::MultilineOption);
            m_projectCondaEnv = name.match(QString::fromUtf8(yml.read(64 * 1024))).captured(1);
        }
    }

    void fromPath()
    {
#ifdef Q_OS_WIN
        static const QRegularExpression pattern(QStringLiteral(R"(^python(\d+(\.\d+)?t?)?\.exe$)"),
                                                QRegularExpression::CaseInsensitiveOption);
        const QStringList filters{QStringLiteral("python*.exe")};
#else
        static const QRegularExpression pattern(QStringLiteral(R"(^python(\d+(\.\d+)?t?)?$)"));
        const QStringList filters{QStringLiteral("python*")};
#endif
        QSet<QString> seenDirs;
        for (const QString &entry : pathEntries()) {
            if (m_cancel.isCancelled())
                return;
            const QString dir = QDir::cleanPath(entry);
            if (seenDirs.contains(pathKey(dir)))
                continue;
            seenDirs.insert(pathKey(dir));
            // One stat per entry: a PATH may hold thousands, mostly gone.
            if (!QFileInfo(dir).isDir())
                continue;
            QStringList names = QDir(dir).entryList(filters, QDir::Files | QDir::System, QDir::Name);
            for (const QString &name : names) {
                if (pattern.match(name).hasMatch())
                    add(dir + QLatin1Char('/') + name, QStringLiteral("PATH"));
            }
        }
    }

#ifdef Q_OS_WIN
    void fromPyLauncher()
    {
        QString py = platform::findOnPath(QStringLiteral("py"), m_options.environment);
        if (py.isEmpty()) {
            const QString windir = env("WINDIR");
            if (!windir.isEmpty() && QFileInfo::exists(windir + QLatin1String("/py.exe")))
                py = windir + QLatin1String("/py.exe");
        }
        if (py.isEmpty())
            return;
        platform::ProcessRequest request;
        request.program = py;
        request.arguments = {QStringLiteral("-0p")};
        request.environment = m_options.environment;
        request.timeout = std::chrono::seconds(15);
        const platform::ProcessResult result = platform::runProcess(request, m_cancel);
        if (!result.succeeded()) {
            note(QStringLiteral("py -0p: %1").arg(result.describe()));
            return;
        }
        // " -V:3.12 *        C:\Users\me\AppData\Local\Programs\Python\Python312\python.exe"
        static const QRegularExpression line(QStringLiteral(R"(((?:[A-Za-z]:|\\\\)\\.*?\.exe)\s*$)"),
                                             QRegularExpression::CaseInsensitiveOption);
        const QStringList lines = QString::fromLocal8Bit(result.standardOutput).split(QLatin1Char('\n'));
        for (const QString &text : lines) {
            const auto m = line.match(text.trimmed());
            if (m.hasMatch())
                add(QDir::fromNativeSeparators(m.captured(1)), QStringLiteral("py launcher"));
        }
    }

    // PEP 514: Software\Python\<Company>\<Tag>\InstallPath.
    void fromRegistry()
    {
        const struct {
            const char *root;
            QSettings::Format format;
        } hives[] = {
            {"HKEY_CURRENT_USER\\Software\\Python", QSettings::NativeFormat},
            {"HKEY_LOCAL_MACHINE\\Software\\Python", QSettings::Registry64Format},
            {"HKEY_LOCAL_MACHINE\\Software\\Python", QSettings::Registry32Format},
        };
        for (const auto &hive : hives) {
            QSettings settings(QLatin1String(hive.root), hive.format);
            for (const QString &company : settings.childGroups()) {
                if (company == QLatin1String("PyLauncher"))
                    continue;
                settings.beginGroup(company);
                for (const QString &tag : settings.childGroups()) {
                    settings.beginGroup(tag + QLatin1String("/InstallPath"));
                    QString exe = settings.value(QStringLiteral("ExecutablePath")).toString();
                    if (exe.isEmpty()) {
                        const QString dir = settings.value(QStringLiteral("Default")).toString();
                        if (!dir.isEmpty())
                            exe = QDir(QDir::fromNativeSeparators(dir)).filePath(QStringLiteral("python.exe"));
                    }
                    settings.endGroup();
                    if (!exe.isEmpty() && QFileInfo::exists(exe))
                        add(QDir::fromNativeSeparators(exe), QStringLiteral("registry"));
                }
                settings.endGroup();
            }
        }
    }
#endif

    void fromActiveEnvironments()
    {
        if (const QString venv = env("VIRTUAL_ENV"); !venv.isEmpty())
            add(interpreterIn(venv), QStringLiteral("venv"));
        if (const QString conda = env("CONDA_PREFIX"); !conda.isEmpty())
            add(interpreterIn(conda), QStringLiteral("conda"));
    }

    void fromConda()
    {
        QStringList envs;
        QString conda = env("CONDA_EXE");
        if (conda.isEmpty())
            conda = platform::findOnPath(QStringLiteral("conda"), m_options.environment);
        // conda.bat needs cmd.exe; environments.txt says the same.
        const bool runnable = !conda.isEmpty() && !conda.endsWith(QLatin1String(".bat"), Qt::CaseInsensitive)
                              && !conda.endsWith(QLatin1String(".cmd"), Qt::CaseInsensitive);
        if (runnable && !m_cancel.isCancelled()) {
            platform::ProcessRequest request;
            request.program = conda;
            request.arguments = {QStringLiteral("env"), QStringLiteral("list"), QStringLiteral("--json")};
            request.environment = m_options.environment;
            request.timeout = std::chrono::seconds(30);
            const platform::ProcessResult result = platform::runProcess(request, m_cancel);
            const QJsonDocument doc = QJsonDocument::fromJson(result.standardOutput);
            if (result.succeeded() && doc.isObject()) {
                for (const QJsonValue &v : doc.object().value(QLatin1String("envs")).toArray())
                    envs.append(v.toString());
            } else {
                note(QStringLiteral("conda env list: %1").arg(result.describe()));
            }
        }
        QFile list(QDir(home()).filePath(QStringLiteral(".conda/environments.txt")));
        if (list.open(QIODevice::ReadOnly)) {
            const QStringList lines = QString::fromUtf8(list.readAll()).split(QLatin1Char('\n'));
            for (const QString &line : lines) {
                const QString dir = line.trimmed();
                if (!dir.isEmpty() && !dir.startsWith(QLatin1Char('#')))
                    envs.append(dir);
            }
        }
        QSet<QString> seen;
        for (const QString &dir : envs) {
            const QString clean = pathKey(QDir::cleanPath(QDir::fromNativeSeparators(dir)));
            if (seen.contains(clean))
                continue;
            seen.insert(clean);
            const QString exe = interpreterIn(dir);
            if (exe.isEmpty())
                continue; // an environment without Python (or gone)
            add(exe, QStringLiteral("conda"));
            if (!m_projectCondaEnv.isEmpty() && QFileInfo(QDir::cleanPath(dir)).fileName() == m_projectCondaEnv)
                add(exe, QStringLiteral("project"));
        }
    }

    void addVersionsUnder(const QString &root, const QString &origin)
    {
        if (root.isEmpty() || !QFileInfo(root).isDir())
            return;
        const QStringList versions = QDir(root).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        for (const QString &version : versions) {
            if (version.startsWith(QLatin1Char('.')))
                continue;
            const QString exe = interpreterIn(QDir(root).filePath(version));
            if (!exe.isEmpty())
                add(exe, origin);
        }
    }

    void fromPyenv()
    {
        QString root = env("PYENV_ROOT");
        if (root.isEmpty())
            root = QDir(home()).filePath(QStringLiteral(".pyenv"));
        addVersionsUnder(QDir(root).filePath(QStringLiteral("versions")), QStringLiteral("pyenv"));
#ifdef Q_OS_WIN
        addVersionsUnder(QDir(root).filePath(QStringLiteral("pyenv-win/versions")), QStringLiteral("pyenv"));
#endif
    }

    void fromUv()
    {
        QString root = env("UV_PYTHON_INSTALL_DIR");
        if (root.isEmpty()) {
#ifdef Q_OS_WIN
            root = QDir(env("APPDATA")).filePath(QStringLiteral("uv/python"));
#else
            const QString data = env("XDG_DATA_HOME");
            root = QDir(data.isEmpty() ? QDir(home()).filePath(QStringLiteral(".local/share")) : data)
                       .filePath(QStringLiteral("uv/python"));
#endif
        }
        addVersionsUnder(root, QStringLiteral("uv"));
    }

    // Listed so that the report can say why typing `python` opens the Store.
    void fromStoreAliases()
    {
        const QString local = env("LOCALAPPDATA");
        if (local.isEmpty())
            return;
        const QDir apps(QDir(QDir::fromNativeSeparators(local)).filePath(QStringLiteral("Microsoft/WindowsApps")));
        const QStringList names =
            apps.entryList({QStringLiteral("python*.exe")}, QDir::Files | QDir::System, QDir::Name);
        for (const QString &name : names)
            add(apps.filePath(name), QStringLiteral("store"));
    }

    const DiscoveryOptions &m_options;
    QStringList *m_notes;
    const platform::CancelToken &m_cancel;
    QList<InterpreterCandidate> m_list;
    QHash<QString, qsizetype> m_byKey;
    QString m_projectCondaEnv;
    int m_dropped = 0;
};

} // namespace

QList<InterpreterCandidate> findInterpreterCandidates(const DiscoveryOptions &options, QStringList *notes,
                                                      const platform::CancelToken &cancel)
{
    return Finder(options, notes, cancel).run();
}

QList<StaticProbe> discoverInterpreters(const DiscoveryOptions &options, const platform::CancelToken &cancel,
                                        QStringList *notes)
{
    const QList<InterpreterCandidate> candidates = findInterpreterCandidates(options, notes, cancel);
    QList<StaticProbe> probes(candidates.size());

    // The work is waiting on child processes, not computing: more threads
    // than cores is right.
    QThreadPool pool;
    pool.setMaxThreadCount(static_cast<int>(std::clamp<qsizetype>(candidates.size(), 1, 8)));
    std::vector<qsizetype> indices(static_cast<size_t>(candidates.size()));
    std::iota(indices.begin(), indices.end(), 0);
    QtConcurrent::blockingMap(&pool, indices, [&](qsizetype i) {
        const InterpreterCandidate &c = candidates.at(i);
        StaticProbe &probe = probes[i];
        if (cancel.isCancelled()) {
            probe.interpreter.executable = c.path;
            probe.interpreter.problem = QStringLiteral("cancelled");
        } else {
            probe = probeStatic(c.path, options.timeoutEach, cancel, options.environment);
        }
        probe.interpreter.origins = c.origins;
    });

    // Shims and wrapper scripts run another interpreter: once probed, the
    // ones that turned out to be the same interpreter become one entry.
    QList<StaticProbe> result;
    QHash<QString, qsizetype> seen;
    for (qsizetype i = 0; i < probes.size(); ++i) {
        StaticProbe &probe = probes[i];
        const Interpreter &in = probe.interpreter;
        if (!in.usable && isPyenvShim(candidates.at(i).path)) {
            // "pyenv: python3.6: command not found": a version not selected;
            // its interpreter is listed from pyenv's versions folder.
            if (notes)
                notes->append(QStringLiteral("pyenv shim %1 skipped: %2").arg(candidates.at(i).path, in.problem));
            continue;
        }
        const QString key =
            in.usable ? pathKey(in.realPath + QLatin1Char('|') + QDir::cleanPath(in.prefix)) : candidates.at(i).key;
        if (const auto it = seen.constFind(key); it != seen.constEnd()) {
            QStringList &origins = result[*it].interpreter.origins;
            for (const QString &origin : in.origins)
                if (!origins.contains(origin))
                    origins.append(origin);
            continue;
        }
        seen.insert(key, result.size());
        result.append(std::move(probe));
    }
    return result;
}

} // namespace td::python
