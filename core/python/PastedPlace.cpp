// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/PastedPlace.h"

#include "python/ImportError.h"
#include "python/ProjectFolder.h"
#include "python/Venv.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

namespace td::python {

namespace {

// Paths compared as either system writes them: one separator, one case.
QString comparable(QString path)
{
    path.replace(u'\\', u'/');
    while (path.endsWith(u'/'))
        path.chop(1);
    return path.toLower();
}

bool samePath(const QString &a, const QString &b)
{
    return comparable(a) == comparable(b);
}

void addOnce(QStringList &list, const QString &path)
{
    for (const QString &have : std::as_const(list))
        if (samePath(have, path))
            return;
    list << path;
}

QStringList components(const QString &path)
{
    static const QRegularExpression separators(QStringLiteral(R"([/\\])"));
    return path.split(separators);
}

// "/home/u/p/.venv/lib/python3.11/site-packages/torch/x.py" -> ".../site-packages"; empty when none.
QString sitePackagesOf(const QString &path)
{
    static const QRegularExpression folder(QStringLiteral(R"([/\\](?:site|dist)-packages(?=[/\\]|$))"));
    const auto match = folder.match(path);
    return match.hasMatch() ? path.left(match.capturedEnd()) : QString();
}

// A file of the standard library ("/usr/lib/python3.11/importlib/__init__.py", "C:\Python311\Lib\runpy.py").
bool isStandardLibrary(const QString &path)
{
    static const QRegularExpression stdlib(QStringLiteral(R"([/\\]lib(?:64)?[/\\]python\d[\d.]*[/\\]|\\Lib\\)"),
                                           QRegularExpression::CaseInsensitiveOption);
    return stdlib.match(path).hasMatch();
}

bool isAbsolute(const QString &path)
{
    static const QRegularExpression windowsDrive(QStringLiteral(R"(^[A-Za-z]:[\\/])"));
    return path.startsWith(u'/') || path.startsWith(QLatin1String("~/")) || windowsDrive.match(path).hasMatch();
}

QString expandHome(const QString &path)
{
    return path.startsWith(QLatin1String("~/")) ? QDir::homePath() + path.mid(1) : path;
}

bool endsAToken(QChar c)
{
    return c == u'"' || c == u'\'' || c == u'(' || c == u')' || c == u'`' || c.isSpace();
}

// The python programs the text names by path: "/home/u/p/.venv/bin/python3.11", "D:\ai\python_embeded\python.exe".
QStringList pythonsIn(const QString &text)
{
    static const QRegularExpression program(QStringLiteral(R"(^python(?:\d+(?:\.\d+)?)?w?(?:\.exe)?$)"),
                                            QRegularExpression::CaseInsensitiveOption);
    QStringList out;
    qsizetype start = 0;
    for (qsizetype i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !endsAToken(text[i]))
            continue;
        QString token = text.mid(start, i - start);
        start = i + 1;
        while (!token.isEmpty() && QStringLiteral(":;,.").contains(token.back()))
            token.chop(1);
        if (isAbsolute(token) && program.match(components(token).constLast()).hasMatch())
            addOnce(out, token);
    }
    return out;
}

// The python a site-packages folder belongs to, by its layout: <prefix>/lib/pythonX.Y/site-packages
// (bin/), <prefix>/Lib/site-packages (Scripts\ in a venv, else the prefix itself).
QStringList pythonsOfSitePackages(const QString &sitePackages)
{
    static const QRegularExpression versioned(QStringLiteral(R"(^python\d[\d.]*$)"));
    const QStringList parts = components(sitePackages);
    const auto part = [&parts](qsizetype fromEnd) { return parts.at(parts.size() - fromEnd); };
    if (parts.size() >= 4 && versioned.match(part(2)).hasMatch()
        && (part(3) == QLatin1String("lib") || part(3) == QLatin1String("lib64"))) {
        const QString bin = QStringList(parts.mid(0, parts.size() - 3)).join(u'/') + QStringLiteral("/bin/");
        return {bin + part(2), bin + QStringLiteral("python3"), bin + QStringLiteral("python")};
    }
    if (parts.size() >= 3 && part(2).compare(QLatin1String("Lib"), Qt::CaseInsensitive) == 0) {
        const QString prefix = QStringList(parts.mid(0, parts.size() - 2)).join(u'/');
        return {prefix + QStringLiteral("/Scripts/python.exe"), prefix + QStringLiteral("/python.exe")};
    }
    return {};
}

// The environment's prefix of a python program: above bin/ or Scripts\, else its own folder.
QString prefixOf(const QString &python)
{
    const QFileInfo program(python);
    const QString folder = program.absolutePath();
    const QString name = QFileInfo(folder).fileName();
    return name == QLatin1String("bin") || name.compare(QLatin1String("Scripts"), Qt::CaseInsensitive) == 0
               ? QFileInfo(folder).absolutePath()
               : folder;
}

bool inside(const QString &path, const QString &folder)
{
    return comparable(path).startsWith(comparable(folder) + u'/');
}

// A venv imports from its own folder, and with include-system-site-packages from its base's prefix too
// (a venv on Debian's python3 imports /usr/lib/python3/dist-packages).
bool venvImportsFrom(const VenvConfig &venv, const QString &sitePackages)
{
    if (inside(sitePackages, venv.folder))
        return true;
    if (!venv.systemSitePackages || venv.home.isEmpty())
        return false;
    const QString home = QDir::cleanPath(venv.home);
    return inside(sitePackages, QFileInfo(home).fileName() == QLatin1String("bin") ? QFileInfo(home).path() : home);
}

// The venv of the failing script's project (its folder or one of the few above) that imports from the
// pasted site folders: it ran the script, even when the frames name only its base's folder.
QString venvOfScript(const PastedPlace &place)
{
    constexpr int kFoldersUp = 4;
    for (const QString &script : place.scripts) {
        QDir dir = QFileInfo(expandHome(script)).absoluteDir();
        for (int up = 0; up < kFoldersUp && dir.exists(); ++up) {
            for (const QString &python : projectInterpreters(dir.path())) {
                const auto venv = venvOf(python);
                for (const QString &site : place.sitePackages)
                    if (venv && venvImportsFrom(*venv, expandHome(site)))
                        return QDir::cleanPath(python);
            }
            if (!dir.cdUp())
                break;
        }
    }
    return {};
}

QString interpreterOnThisMachine(const PastedPlace &place)
{
    QStringList candidates;
    for (const QString &python : place.pythons)
        candidates << expandHome(python);
    candidates << venvOfScript(place);
    for (const QString &folder : place.sitePackages)
        candidates << pythonsOfSitePackages(expandHome(folder));
    for (const QString &candidate : std::as_const(candidates))
        if (!candidate.isEmpty() && QFileInfo(candidate).isFile())
            return QDir::cleanPath(candidate);
    return {};
}

// The project of the script that failed: the folder around the environment's venv when the
// script lies in it, else the script's own folder; without a script, the folder around a
// .venv or venv.
QString projectOnThisMachine(const PastedPlace &place)
{
    QString around;
    if (!place.interpreter.isEmpty()) {
        const QString prefix = prefixOf(place.interpreter);
        around = projectAround(prefix, QFileInfo::exists(QDir(prefix).filePath(QStringLiteral("pyvenv.cfg"))));
    }
    for (const QString &script : place.scripts) {
        const QFileInfo file(expandHome(script));
        if (!file.isFile())
            continue;
        const QString folder = QDir::cleanPath(file.absolutePath());
        return !around.isEmpty() && (folder == around || folder.startsWith(around + u'/')) ? around : folder;
    }
    return around;
}

} // namespace

PastedPlace pastedPlace(const QString &text)
{
    PastedPlace place;
    static const QRegularExpression frame(QStringLiteral(R"re(^\s*File "([^"\n]+)", line \d+)re"),
                                          QRegularExpression::MultilineOption);
    for (auto it = frame.globalMatch(text); it.hasNext();) {
        const QString path = it.next().captured(1);
        if (!isAbsolute(path))
            continue; // "<string>", "<frozen importlib._bootstrap>", a relative path
        if (const QString site = sitePackagesOf(path); !site.isEmpty())
            addOnce(place.sitePackages, site);
        else if (!isStandardLibrary(path))
            addOnce(place.scripts, path);
    }
    // The error line's own paths: "ImportError: /x/site-packages/torch/lib/libtorch_cuda.so: ..."
    for (const QString &folder : packageFoldersIn(text))
        if (isAbsolute(folder))
            addOnce(place.sitePackages, sitePackagesOf(folder));
    place.pythons = pythonsIn(text);
    place.interpreter = interpreterOnThisMachine(place);
    place.project = projectOnThisMachine(place);
    return place;
}

const StaticProbe *interpreterOfPaste(const PastedPlace &place, const QString &errorPath,
                                      const QList<StaticProbe> &found)
{
    // The environment the paste names, when it is on this machine, whether found or not: two environments
    // may share a site folder (a venv with the system's site-packages).
    if (!place.interpreter.isEmpty()) {
        for (const StaticProbe &p : found)
            if (p.interpreter.usable && sameEnvironment(p.interpreter.executable, place.interpreter))
                return &p;
        return nullptr;
    }
    for (const StaticProbe &p : found) {
        if (!p.interpreter.usable)
            continue;
        for (const QString &site : p.sitePackages)
            for (const QString &named : place.sitePackages)
                if (samePath(site, expandHome(named)))
                    return &p;
        if (!p.torch.packageDir.isEmpty() && !errorPath.isEmpty() && inside(errorPath, p.torch.packageDir))
            return &p;
    }
    return nullptr;
}

bool sameEnvironment(const QString &python, const QString &other)
{
    return samePath(python, other) || samePath(prefixOf(python), prefixOf(other));
}

} // namespace td::python
