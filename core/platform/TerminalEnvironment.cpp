// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/TerminalEnvironment.h"
#include "platform/LogCategories.h"

#include <QDir>
#include <QFileInfo>

#ifdef Q_OS_UNIX
#include <pwd.h>
#include <unistd.h>
#endif
#ifdef Q_OS_WIN
#include <windows.h>
#include <userenv.h>

#include <vector>
#endif

namespace td::platform {

namespace {

#ifndef Q_OS_WIN

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

#else
constexpr wchar_t kSystemKey[] = L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment";
constexpr wchar_t kUserKey[] = L"Environment";

QString systemError(LSTATUS status)
{
    return QStringLiteral("%1 (error %2)").arg(qt_error_string(static_cast<int>(status))).arg(status);
}

struct RegistryString {
    QString name;
    QString value;
    bool expand = false; // REG_EXPAND_SZ
};

// The string values of one key; a key that is not there holds none.
bool readStrings(HKEY root, const wchar_t *path, QList<RegistryString> &out, QString &error)
{
    HKEY key = nullptr;
    LSTATUS status = RegOpenKeyExW(root, path, 0, KEY_READ | KEY_WOW64_64KEY, &key);
    if (status == ERROR_FILE_NOT_FOUND)
        return true;
    if (status != ERROR_SUCCESS) {
        error = QStringLiteral("cannot open %1: %2").arg(QString::fromWCharArray(path), systemError(status));
        return false;
    }
    DWORD longestName = 0;
    DWORD longestData = 0;
    status = RegQueryInfoKeyW(key, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &longestName,
                              &longestData, nullptr, nullptr);
    std::vector<wchar_t> name(longestName + 1);
    std::vector<wchar_t> data(longestData / sizeof(wchar_t) + 2);
    for (DWORD index = 0; status == ERROR_SUCCESS; ++index) {
        DWORD nameLength = static_cast<DWORD>(name.size());
        DWORD dataBytes = static_cast<DWORD>((data.size() - 1) * sizeof(wchar_t));
        DWORD type = 0;
        status = RegEnumValueW(key, index, name.data(), &nameLength, nullptr, &type,
                               reinterpret_cast<BYTE *>(data.data()), &dataBytes);
        if (status != ERROR_SUCCESS || (type != REG_SZ && type != REG_EXPAND_SZ))
            continue;
        QString value = QString::fromWCharArray(data.data(), static_cast<qsizetype>(dataBytes / sizeof(wchar_t)));
        if (const qsizetype nul = value.indexOf(QChar(u'\0')); nul >= 0)
            value.truncate(nul);
        out << RegistryString{QString::fromWCharArray(name.data(), nameLength), value, type == REG_EXPAND_SZ};
    }
    RegCloseKey(key);
    if (status != ERROR_NO_MORE_ITEMS) {
        error = QStringLiteral("cannot read %1: %2").arg(QString::fromWCharArray(path), systemError(status));
        return false;
    }
    return true;
}

// The variables Windows sets for every logon (USERPROFILE, APPDATA, COMPUTERNAME, ...).
bool logonVariables(QProcessEnvironment &env, QString &error)
{
    HANDLE token = nullptr;
    if (!OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY | TOKEN_DUPLICATE | TOKEN_IMPERSONATE, &token)) {
        error = QStringLiteral("cannot open the process token: %1").arg(systemError(static_cast<LSTATUS>(GetLastError())));
        return false;
    }
    void *block = nullptr;
    const bool made = CreateEnvironmentBlock(&block, token, FALSE);
    const DWORD why = GetLastError();
    CloseHandle(token);
    if (!made) {
        error = QStringLiteral("CreateEnvironmentBlock failed: %1").arg(systemError(static_cast<LSTATUS>(why)));
        return false;
    }
    for (const wchar_t *entry = static_cast<const wchar_t *>(block); *entry; entry += wcslen(entry) + 1) {
        const QString text = QString::fromWCharArray(entry);
        const qsizetype eq = text.indexOf(u'=', 1); // "=C:=C:\" style entries start with '='
        if (eq > 0)
            env.insert(text.left(eq), text.mid(eq + 1));
    }
    DestroyEnvironmentBlock(block);
    return true;
}

// One key's values over `env`: REG_SZ first, then REG_EXPAND_SZ expanded against
// what is set so far; a user's Path (LibPath, Os2LibPath) goes after the system's.
void applyRegistry(const QList<RegistryString> &values, bool userKey, QProcessEnvironment &env)
{
    for (const bool expanding : {false, true})
        for (const RegistryString &variable : values) {
            if (variable.expand != expanding)
                continue;
            QString value = expanding ? expandWindowsVariables(variable.value, env) : variable.value;
            static const QStringList lists{QStringLiteral("Path"), QStringLiteral("LibPath"),
                                           QStringLiteral("Os2LibPath")};
            if (userKey && lists.contains(variable.name, Qt::CaseInsensitive) && !env.value(variable.name).isEmpty())
                value = env.value(variable.name) + u';' + value;
            env.insert(variable.name, value);
        }
}
#endif

std::optional<QString> valueOf(const QProcessEnvironment &env, const QString &name)
{
    return env.contains(name) ? std::optional<QString>(env.value(name)) : std::nullopt;
}

// A search list as it acts: each entry where it first appears (a later copy of an entry finds
// nothing the first did not). An empty entry stays: it is the current folder.
std::optional<QString> asSearched(const std::optional<QString> &value, const QString &name)
{
    static const QStringList lists{QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("DYLD_LIBRARY_PATH"),
                                   QStringLiteral("DYLD_FALLBACK_LIBRARY_PATH"), QStringLiteral("PYTHONPATH")};
    if (!value || !lists.contains(name))
        return value;
    const QChar separator = QDir::listSeparator();
    QStringList entries;
    for (const QString &entry : value->split(separator))
        if (!entries.contains(entry))
            entries << entry;
    return entries.join(separator);
}

} // namespace

QString expandWindowsVariables(const QString &text, const QProcessEnvironment &environment)
{
    QString out;
    qsizetype at = 0;
    while (at < text.size()) {
        const qsizetype open = text.indexOf(u'%', at);
        const qsizetype close = open < 0 ? -1 : text.indexOf(u'%', open + 1);
        if (close < 0) {
            out += text.mid(at);
            break;
        }
        out += text.mid(at, open - at);
        const QString name = text.mid(open + 1, close - open - 1);
        // An unknown name is kept as written, both '%' included ("50% and %X%" stays so).
        out += !name.isEmpty() && environment.contains(name) ? environment.value(name)
                                                             : text.mid(open, close - open + 1);
        at = close + 1;
    }
    return out;
}

#ifdef Q_OS_WIN
TerminalEnvironment readTerminalEnvironment(const QProcessEnvironment &, std::chrono::milliseconds,
                                            const CancelToken &)
{
    TerminalEnvironment result;
    result.registryKeys = {QStringLiteral("HKLM\\") + QString::fromWCharArray(kSystemKey),
                           QStringLiteral("HKCU\\") + QString::fromWCharArray(kUserKey)};
    QList<RegistryString> system;
    QList<RegistryString> user;
    QProcessEnvironment env;
    if (!logonVariables(env, result.error) || !readStrings(HKEY_LOCAL_MACHINE, kSystemKey, system, result.error)
        || !readStrings(HKEY_CURRENT_USER, kUserKey, user, result.error))
        return result;
    applyRegistry(system, false, env);
    applyRegistry(user, true, env);
    result.environment = env;
    result.shell = env.value(QStringLiteral("ComSpec"), QStringLiteral("cmd.exe"));
    return result;
}
#else
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
        qCInfo(lcTerminal, "%s; stderr: %s", qUtf8Printable(result.error),
               ran.standardError.left(2000).constData());
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
#endif

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
        if (asSearched(a, name) != asSearched(b, name))
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
