// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/DefaultInterpreter.h"

#include "platform/ProcessRunner.h"
#include "python/ProjectFolder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace td::python {

namespace {

QString canonical(const QString &path)
{
    const QString real = QFileInfo(path).canonicalFilePath();
    return real.isEmpty() ? QDir::cleanPath(path) : real;
}

// Where `path` lies, its folder's links resolved but not its own: a venv's python is a link out of it.
QString located(const QString &path)
{
    const QFileInfo info(path);
    return canonical(info.absolutePath()) + u'/' + info.fileName();
}

bool isInside(const QString &path, const QString &folder)
{
    const QString dir = canonical(folder);
    return !dir.isEmpty() && located(path).startsWith(dir + u'/');
}

// What pyenv's version file would name for `target`: its folder under versions/, or "system" when
// it is what `python3` finds on PATH once pyenv's own folders are left out. Empty: neither.
QString pyenvVersionOf(const Interpreter &target, const QString &root, const QString &name,
                       const QProcessEnvironment &environment)
{
    const QString versions = QDir(root).filePath(QStringLiteral("versions"));
    const QString real = canonical(target.realPath.isEmpty() ? target.executable : target.realPath);
    if (isInside(real, versions) && !target.isVenv)
        return QDir(canonical(versions)).relativeFilePath(real).section(u'/', 0, 0);
    QStringList path;
    for (const QString &entry : environment.value(QStringLiteral("PATH")).split(QDir::listSeparator(),
                                                                               Qt::SkipEmptyParts))
        if (!isInside(entry + QStringLiteral("/x"), root))
            path << entry;
    QProcessEnvironment withoutPyenv = environment;
    withoutPyenv.insert(QStringLiteral("PATH"), path.join(QDir::listSeparator()));
    const QString system = platform::findOnPath(name, withoutPyenv);
    return !system.isEmpty() && !target.isVenv && canonical(system) == real ? QStringLiteral("system") : QString();
}

QString venvPython(const QString &venv)
{
#ifdef Q_OS_WIN
    return QDir::toNativeSeparators(QDir(venv).filePath(QStringLiteral("Scripts/python.exe")));
#else
    return QDir(venv).filePath(QStringLiteral("bin/python"));
#endif
}

} // namespace

bool isPyenvShim(const QString &path)
{
    const QFileInfo info(path);
    if (QFileInfo(info.absolutePath()).fileName() != QLatin1String("shims"))
        return false;
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && file.read(2) == "#!";
}

bool sameInterpreter(const Interpreter &a, const Interpreter &b)
{
    // Not the executables' targets alone: a venv's python is a link to its base's.
    if (QDir::cleanPath(a.executable) == QDir::cleanPath(b.executable))
        return true;
    return !a.realPath.isEmpty() && canonical(a.realPath) == canonical(b.realPath)
           && QDir::cleanPath(a.prefix) == QDir::cleanPath(b.prefix);
}

SwitchRoute switchRoute(const Interpreter &target, const Interpreter &current, const QString &projectDir,
                        const QProcessEnvironment &environment)
{
    SwitchRoute route;
    const QString project = projectDir.isEmpty() ? QString() : QDir::cleanPath(QDir(projectDir).absolutePath());
    route.ofProject = !project.isEmpty() && isInside(current.executable, project);
    // pyenv's global version, unless the variable or the project's own file would still override it.
    const bool projectNamesAVersion =
        !projectDir.isEmpty() && QFileInfo::exists(QDir(projectDir).filePath(QStringLiteral(".python-version")));
    if (isPyenvShim(current.executable) && !environment.contains(QStringLiteral("PYENV_VERSION"))
        && !projectNamesAVersion) {
        const QString root = QFileInfo(QFileInfo(current.executable).absolutePath()).absolutePath();
        route.version = pyenvVersionOf(target, root, QFileInfo(current.executable).fileName(), environment);
        if (!route.version.isEmpty()) {
            route.kind = SwitchRoute::Kind::PyenvVersion;
            route.file = QDir(root).filePath(QStringLiteral("version"));
            route.newPython = current.executable;
            return route;
        }
    }
    if (project.isEmpty())
        return route;
    if (route.ofProject && (!current.isVenv || canonical(projectAround(current.prefix, true)) != canonical(project)))
        return route; // a portable build runs its own Python, whatever venv sits beside it
    route.kind = SwitchRoute::Kind::ProjectVenv;
    route.venv = route.ofProject ? QDir::cleanPath(current.prefix) : QDir(project).filePath(QStringLiteral(".venv"));
    route.venvExists = QFileInfo::exists(route.venv);
    route.newPython = venvPython(route.venv);
    return route;
}

} // namespace td::python
