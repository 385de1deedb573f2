// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/TerminalEnvironment.h"

#include <QFileInfo>

#include <spdlog/spdlog.h>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif

namespace td::platform {

namespace {

// Printed before the environment, so that what the startup files print is not taken for it.
constexpr char kMarker[] = "TD-TERMINAL-ENVIRONMENT";

QString loginShell(const QProcessEnvironment &own)
{
#ifdef Q_OS_UNIX
    if (const passwd *entry = ::getpwuid(::getuid()); entry && entry->pw_shell && *entry->pw_shell)
        return QString::fromLocal8Bit(entry->pw_shell);
#endif
    return own.value(QStringLiteral("SHELL"));
}

// What the desktop session hands every program, whoever starts it.
bool isSessionVariable(const QString &name)
{
    static const QStringList names{
        QStringLiteral("HOME"),         QStringLiteral("USER"),
        QStringLiteral("LOGNAME"),      QStringLiteral("SHELL"),
        QStringLiteral("LANG"),         QStringLiteral("LANGUAGE"),
        QStringLiteral("DISPLAY"),      QStringLiteral("WAYLAND_DISPLAY"),
        QStringLiteral("XAUTHORITY"),   QStringLiteral("DBUS_SESSION_BUS_ADDRESS"),
        QStringLiteral("TMPDIR"),
    };
    return names.contains(name) || name.startsWith(QLatin1String("LC_")) || name.startsWith(QLatin1String("XDG_"));
}

QProcessEnvironment sessionEnvironment(const QProcessEnvironment &own, const QString &shell)
{
    QProcessEnvironment env;
    for (const QString &name : own.keys())
        if (isSessionVariable(name))
            env.insert(name, own.value(name));
    env.insert(QStringLiteral("SHELL"), shell);
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin:/bin")); // what login(1) sets
    env.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    return env;
}

QStringList shellCommand(const QString &shell)
{
    const QString print = QStringLiteral("printf '\\n%s\\n' %1; exec env -0").arg(QLatin1String(kMarker));
    const QString name = QFileInfo(shell).fileName();
    if (name == QLatin1String("fish")) // reads its config in login and interactive shells alike
        return {shell, QStringLiteral("-l"), QStringLiteral("-i"), QStringLiteral("-c"), print};
    if (name == QLatin1String("csh") || name == QLatin1String("tcsh")) // -l must come alone
        return {shell, QStringLiteral("-c"), print};
    // A login shell, as the session starts (~/.profile), that becomes the
    // interactive shell a terminal starts (~/.bashrc: a login bash reads it
    // only when ~/.profile says so).
    return {shell, QStringLiteral("-l"), QStringLiteral("-c"), QStringLiteral("exec \"$0\" -i -c \"$1\""), shell,
            print};
}

std::optional<QString> valueOf(const QProcessEnvironment &env, const QString &name)
{
    return env.contains(name) ? std::optional<QString>(env.value(name)) : std::nullopt;
}

} // namespace

TerminalEnvironment readTerminalEnvironment(const QProcessEnvironment &own, std::chrono::milliseconds timeout,
                                            const CancelToken &cancel)
{
    TerminalEnvironment result;
    result.shell = loginShell(own);
    if (result.shell.isEmpty() || !QFileInfo(result.shell).isExecutable()) {
        result.error = QStringLiteral("no login shell to run (%1)").arg(result.shell);
        return result;
    }
    if (result.shell.endsWith(QLatin1String("/nologin")) || result.shell.endsWith(QLatin1String("/false"))) {
        result.error = QStringLiteral("the account has no login shell (%1)").arg(result.shell);
        return result;
    }
    result.command = shellCommand(result.shell);
    ProcessRequest request;
    request.program = result.command.first();
    request.arguments = result.command.mid(1);
    request.environment = sessionEnvironment(own, result.shell);
    request.workingDirectory = own.value(QStringLiteral("HOME"));
    request.timeout = timeout;
    const ProcessResult ran = runProcess(request, cancel);
    const QByteArray marker = QByteArray("\n") + kMarker + '\n';
    const qsizetype at = ran.standardOutput.indexOf(marker);
    if (at < 0 || ran.outcome != ProcessResult::Outcome::Finished) {
        result.error = QStringLiteral("%1 %2 before printing its environment")
                           .arg(QFileInfo(result.shell).fileName(), ran.describe());
        spdlog::info("terminal environment: {}; stderr: {}", result.error.toStdString(),
                     ran.standardError.left(2000).toStdString());
        return result;
    }
    for (const QByteArray &entry : ran.standardOutput.mid(at + marker.size()).split('\0')) {
        const qsizetype eq = entry.indexOf('=');
        if (eq > 0)
            result.environment.insert(QString::fromLocal8Bit(entry.left(eq)), QString::fromLocal8Bit(entry.mid(eq + 1)));
    }
    if (result.environment.isEmpty())
        result.error = QStringLiteral("%1 printed no environment").arg(QFileInfo(result.shell).fileName());
    return result;
}

QList<EnvironmentDifference> loadingDifferences(const QProcessEnvironment &here, const QProcessEnvironment &there)
{
    static const QStringList names{
        QStringLiteral("LD_LIBRARY_PATH"),  QStringLiteral("LD_PRELOAD"),
        QStringLiteral("DYLD_LIBRARY_PATH"), QStringLiteral("DYLD_FALLBACK_LIBRARY_PATH"),
        QStringLiteral("PYTHONHOME"),       QStringLiteral("PYTHONPATH"),
        QStringLiteral("PYTHONNOUSERSITE"), QStringLiteral("VIRTUAL_ENV"),
        QStringLiteral("CONDA_PREFIX"),     QStringLiteral("CUDA_HOME"),
        QStringLiteral("CUDA_PATH"),        QStringLiteral("CUDA_VISIBLE_DEVICES"),
        QStringLiteral("KMP_DUPLICATE_LIB_OK"),
    };
    QStringList candidates = names;
    for (const QProcessEnvironment *env : {&here, &there})
        for (const QString &name : env->keys())
            if ((name.startsWith(QLatin1String("TORCH_")) || name.startsWith(QLatin1String("PYTORCH_")))
                && !candidates.contains(name))
                candidates << name;
    QList<EnvironmentDifference> out;
    for (const QString &name : std::as_const(candidates)) {
        const auto a = valueOf(here, name);
        const auto b = valueOf(there, name);
        if (a != b)
            out << EnvironmentDifference{name, a, b};
    }
    // PATH itself differs for many harmless reasons: what matters is which Python it finds.
    for (const QString &python : {QStringLiteral("python3"), QStringLiteral("python")}) {
        const QString a = findOnPath(python, here);
        const QString b = findOnPath(python, there);
        if (a != b)
            out << EnvironmentDifference{QStringLiteral("PATH (%1)").arg(python),
                                         a.isEmpty() ? std::nullopt : std::optional<QString>(a),
                                         b.isEmpty() ? std::nullopt : std::optional<QString>(b)};
    }
    return out;
}

} // namespace td::platform
