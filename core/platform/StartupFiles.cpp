// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/StartupFiles.h"

#include "platform/ShellEnv.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace td::platform {

StartupFiles::StartupFiles(QProcessEnvironment environment, QString python)
    : m_environment(std::move(environment)), m_python(std::move(python))
{
}

QStringList StartupFiles::files() const
{
    QStringList candidates;
    const QString home = m_environment.value(QStringLiteral("HOME"));
    if (!home.isEmpty()) {
        for (const char *name :
             {".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshenv", ".zprofile", ".zshrc"})
            candidates << home + u'/' + QLatin1String(name);
        const QString config =
            m_environment.value(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/.config"));
        candidates << config + QStringLiteral("/fish/config.fish");
    }
    QStringList prefixes;
    if (!m_python.isEmpty()) {
        const QString bin = QFileInfo(m_python).absolutePath(); // not resolved: a venv's python is a link
        candidates << bin + QStringLiteral("/activate") << bin + QStringLiteral("/activate.fish");
        prefixes << QFileInfo(bin).absolutePath();
    }
    if (m_environment.contains(QStringLiteral("CONDA_PREFIX")))
        prefixes << m_environment.value(QStringLiteral("CONDA_PREFIX"));
    for (const QString &prefix : prefixes) {
        const QDir activate(prefix + QStringLiteral("/etc/conda/activate.d"));
        for (const QString &name :
             activate.entryList({QStringLiteral("*.sh"), QStringLiteral("*.fish")}, QDir::Files, QDir::Name))
            candidates << activate.filePath(name);
    }
    // Once each, and only those that exist.
    QStringList out;
    QStringList seen;
    for (const QString &f : candidates) {
        const QFileInfo info(f);
        const QString key = info.canonicalFilePath();
        if (!info.isFile() || key.isEmpty() || seen.contains(key))
            continue;
        seen << key;
        out << f;
    }
    return out;
}

QList<SettingLine> StartupFiles::whereSet(const QString &variable, const QString &entry) const
{
    QList<SettingLine> out;
    for (const QString &path : files()) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QByteArray bytes = file.readAll();
        const shell::Syntax syntax = shell::syntaxOf(path);
        const shell::ScanResult scan = entry.isEmpty()
                                           ? shell::planVariableRemoval(bytes, syntax, variable, {})
                                           : shell::planEntryRemoval(bytes, syntax, variable, entry, {}, m_environment);
        for (const shell::LineEdit &edit : scan.edits)
            out << SettingLine{path, edit.line};
        for (const int line : scan.notUnderstood)
            out << SettingLine{path, line, false};
    }
    return out;
}

} // namespace td::platform
