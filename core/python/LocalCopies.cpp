// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/LocalCopies.h"

#include "python/TorchProbe.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

namespace td::python {

namespace {

// A listing of one folder: its entries' names as they are spelled (imports match case exactly, even on
// case-insensitive file systems), and which of them are folders.
struct Listing {
    QSet<QString> files, folders;

    explicit Listing(const QString &folder)
    {
        const QFileInfoList entries =
            QDir(folder).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot | QDir::Hidden);
        for (const QFileInfo &entry : entries)
            (entry.isDir() ? folders : files).insert(entry.fileName());
    }
};

QStringList moduleSuffixes(const QStringList &extensions)
{
    return extensions + QStringList{QStringLiteral(".py"), QStringLiteral(".pyc")};
}

// What `import name` finds in `folder`, by FileFinder's order; empty: nothing, or a namespace portion.
QString findIn(const QString &folder, const Listing &listing, const QString &name, const QStringList &suffixes,
               LocalCopy::Kind *kind = nullptr)
{
    if (listing.folders.contains(name)) {
        const QDir package(QDir(folder).filePath(name));
        for (const QString &suffix : suffixes)
            if (QFileInfo(package.filePath(QStringLiteral("__init__") + suffix)).isFile()) {
                if (kind)
                    *kind = LocalCopy::Kind::Package;
                return package.path();
            }
    }
    for (const QString &suffix : suffixes)
        if (listing.files.contains(name + suffix)) {
            if (kind)
                *kind = LocalCopy::Kind::Module;
            return QDir(folder).filePath(name + suffix);
        }
    return {};
}

// The import names a folder offers: its packages' and modules' names.
QStringList namesIn(const Listing &listing, const QStringList &suffixes)
{
    QSet<QString> names(listing.folders.begin(), listing.folders.end());
    for (const QString &file : listing.files)
        for (const QString &suffix : suffixes)
            if (file.endsWith(suffix) && file.size() > suffix.size()) {
                names.insert(file.chopped(suffix.size()));
                break;
            }
    QStringList out(names.begin(), names.end());
    out.sort();
    return out;
}

} // namespace

QString startFolderOnPath(const QString &executable, const QProcessEnvironment &environment, const QString &folder)
{
    if (!environment.value(QStringLiteral("PYTHONSAFEPATH")).isEmpty())
        return {};
    const QDir home = QFileInfo(executable).absoluteDir();
    if (!home.entryList({QStringLiteral("*._pth")}, QDir::Files).isEmpty())
        return {};
    return folder;
}

CompiledCore compiledCore(const QString &packageDir, const QStringList &extensionSuffixes)
{
    static const QRegularExpression builtFor(QStringLiteral(R"(^_C\.(?:cpython-|cp)(\d)(\d+)\b)"));
    const Listing listing(packageDir);
    CompiledCore core;
    bool any = listing.folders.contains(QStringLiteral("_C")), loadable = false;
    for (const QString &file : listing.files) {
        if (!file.startsWith(QLatin1String("_C.")))
            continue;
        for (const QString &suffix : extensionSuffixes)
            loadable = loadable || file == QStringLiteral("_C") + suffix;
        const QRegularExpressionMatch m = builtFor.match(file);
        any = any || m.hasMatch() || file.endsWith(QLatin1String(".so")) || file.endsWith(QLatin1String(".pyd"));
        if (m.hasMatch() && !core.builtFor.contains(m.captured(1) + u'.' + m.captured(2)))
            core.builtFor << m.captured(1) + u'.' + m.captured(2);
    }
    if (any)
        core.loadable = loadable;
    return core;
}

QStringList extensionSuffixes(const QVersionNumber &version, const QString &platform, const QString &machine)
{
    const QString mn = QStringLiteral("%1%2").arg(version.majorVersion()).arg(version.minorVersion());
    if (platform == QLatin1String("win32")) {
        const QString m = machine.toLower();
        const QString tag = m == QLatin1String("amd64") || m == QLatin1String("x86_64") ? QStringLiteral("win_amd64")
                            : m == QLatin1String("arm64")                               ? QStringLiteral("win_arm64")
                                                                                        : QStringLiteral("win32");
        return {QStringLiteral(".cp%1-%2.pyd").arg(mn, tag), QStringLiteral(".pyd")};
    }
    const QString tagged = platform == QLatin1String("darwin")
                               ? QStringLiteral(".cpython-%1-darwin.so").arg(mn)
                               : QStringLiteral(".cpython-%1-%2-linux-gnu.so").arg(mn, machine);
    return {tagged, QStringLiteral(".abi3.so"), QStringLiteral(".so")};
}

QList<LocalCopy> localCopies(const QString &startFolder, const QStringList &siteFolders, const QVersionNumber &version,
                             const QString &platform, const QString &machine)
{
    QList<LocalCopy> out;
    if (startFolder.isEmpty() || !QFileInfo(startFolder).isDir())
        return out;
    const QStringList extensions = extensionSuffixes(version, platform, machine);
    const QStringList suffixes = moduleSuffixes(extensions);
    const Listing here(startFolder);
    std::vector<std::pair<QString, Listing>> sites;
    for (const QString &site : siteFolders)
        if (QDir(site) != QDir(startFolder))
            sites.emplace_back(site, Listing(site));
    const bool sourceTree = here.files.contains(QStringLiteral("setup.py"))
                            || here.files.contains(QStringLiteral("pyproject.toml"));
    for (const QString &name : namesIn(here, suffixes)) {
        LocalCopy copy;
        copy.name = name;
        copy.path = findIn(startFolder, here, name, suffixes, &copy.kind);
        if (copy.path.isEmpty())
            continue;
        for (const auto &[site, listing] : sites) {
            // An installed namespace package (nvidia/) is hidden too: any folder of that name counts.
            copy.installed = listing.folders.contains(name) ? QDir(site).filePath(name)
                                                            : findIn(site, listing, name, suffixes);
            if (!copy.installed.isEmpty())
                break;
        }
        if (copy.installed.isEmpty())
            continue; // the program's own module: nothing installed has its name
        copy.sourceTree = sourceTree;
        if (copy.kind == LocalCopy::Kind::Package)
            copy.core = compiledCore(copy.path, extensions);
        out << copy;
    }
    return out;
}

void readLocalFacts(StaticProbe &probe, const QString &startFolder)
{
    const Interpreter &in = probe.interpreter;
    probe.pthPaths = pthPaths(probe.sitePackages);
    if (in.version.isNull() || in.machine.isEmpty())
        return; // which files it loads is not known
    if (probe.torch.installed && !probe.torch.packageDir.isEmpty())
        probe.torchCore = compiledCore(probe.torch.packageDir, extensionSuffixes(in.version, in.platform, in.machine));
    if (!startFolder.isEmpty())
        probe.localCopies = localCopies(startFolder, probe.sitePackages, in.version, in.platform, in.machine);
}

} // namespace td::python
