// SPDX-License-Identifier: GPL-3.0-or-later
#include "checks/ErrorOnThisMachine.h"

#include "checks/CheckRunner.h"
#include "checks/InstallationChecks.h"
#include "checks/LibraryChecks.h"
#include "checks/Symptoms.h"
#include "checks/SystemChecks.h"
#include "python/PastedPlace.h"
#include "python/TorchProbe.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include <algorithm>
#include <atomic>

namespace td::checks {

namespace {

constexpr int kMaxNativeFiles = 512; // a package's own libraries, not a whole environment

QString hostPlatform()
{
    const QString system = python::thisSystem();
    return system == QLatin1String("windows") ? QStringLiteral("win32")
           : system == QLatin1String("macos") ? QStringLiteral("darwin")
                                              : QStringLiteral("linux");
}

bool isNativeLibrary(const QString &name)
{
    static const QRegularExpression native(QStringLiteral(R"(\.(so(\.\d+)*|dylib|dll|pyd)$)"),
                                           QRegularExpression::CaseInsensitiveOption);
    return native.match(name).hasMatch();
}

// The files in the order `check`'s probe lists them (the package's lib folder first, each part by name), not
// in the order the file system returns them, which differs from one machine to the next.
QStringList inProbeOrder(QStringList files, const QString &packageFolder)
{
    const QString lib = QDir(packageFolder).filePath(QStringLiteral("lib")) + u'/';
    std::sort(files.begin(), files.end(), [&lib](const QString &a, const QString &b) {
        const bool aInLib = a.startsWith(lib), bInLib = b.startsWith(lib);
        return aInLib != bInLib ? aInLib : a < b;
    });
    return files;
}

// The package folders the traceback's paths name that are folders here.
QStringList packageFolders(const QString &text)
{
    QStringList out = python::packageFoldersIn(text);
    out.removeIf([](const QString &folder) { return !QFileInfo(folder).isDir(); });
    return out;
}

// What the interpreter the paste names says of itself, read as `check` reads it: which Python it is, what
// the folder programs start in hides of its packages, and when its torch is the folder walked, the
// versions torch requires and the torch others require.
void readInstallation(const QString &text, const CheckRequest &request, python::StaticProbe &pasted)
{
    const QString interpreter = python::pastedPlace(text).interpreter;
    if (interpreter.isEmpty())
        return;
    const python::StaticProbe probe =
        python::probeStatic(interpreter, std::chrono::seconds(20), platform::CancelToken(), request.environment);
    if (!probe.interpreter.usable)
        return;
    pasted.interpreter.executable = probe.interpreter.executable; // the process torch's libraries load into
    pasted.interpreter.version = probe.interpreter.version;
    pasted.interpreter.machine = probe.interpreter.machine;
    pasted.sitePackages = probe.sitePackages;
    python::readLocalFacts(pasted, python::startFolderOnPath(interpreter, request.environment, startFolder(request)));
    python::TorchInstall &package = pasted.torch;
    if (!probe.torch.installed || QDir(probe.torch.packageDir) != QDir(package.packageDir))
        return;
    package.version = probe.torch.version;
    package.requirements = probe.torch.requirements;
    package.dependents = probe.torch.dependents;
}

} // namespace

QList<Finding> findingsOnThisMachine(const python::ClassifiedError &error, const CheckRequest &request,
                                     const knowledge::KnowledgeBase &kb)
{
    // A message from another system names that system's files, whatever is at those paths here.
    if (const QString system = python::systemOfError(error); !system.isEmpty() && system != python::thisSystem())
        return {};
    // The package, as `check`'s interpreter probe would describe it: its folder and native files.
    python::StaticProbe probe;
    probe.interpreter.platform = hostPlatform();
    probe.interpreter.usable = true;
    python::TorchInstall &package = probe.torch;
    const QStringList folders = packageFolders(error.text);
    for (const QString &folder : folders) {
        if (package.packageDir.isEmpty())
            package.packageDir = folder;
        package.dllDirectories << QDir(folder).filePath(QStringLiteral("lib")) << folder;
        QDirIterator files(folder, QDir::Files, QDirIterator::Subdirectories);
        QStringList found;
        while (files.hasNext() && package.nativeLibraries.size() + found.size() < kMaxNativeFiles) {
            const QString file = files.next();
            if (isNativeLibrary(files.fileName()))
                found << file;
        }
        package.nativeLibraries << inProbeOrder(found, folder);
    }
    // What required the library that failed (or, for an undefined symbol, the file that lacks it).
    for (const QString &file :
         {error.requiredBy, error.kind == python::ClassifiedError::Kind::UndefinedSymbol ? error.path : QString()})
        if (!file.isEmpty() && QFileInfo(file).isFile() && !package.nativeLibraries.contains(file))
            package.nativeLibraries << file;
    if (package.nativeLibraries.isEmpty())
        return {};
    package.installed = true;
    readInstallation(error.text, request, probe);

    Facts facts;
    facts.request = request;
    facts.interpreters = {probe};
    facts.chosen = 0;
    const std::atomic<bool> notCancelled{false};
    facts.libraries = walkTorchLibraries(probe, request, notCancelled);
    if (!facts.libraries)
        return {};
    facts.owners = ownersOfFilesAtFault(*facts.libraries, request.environment);
    facts.ready = Fact::Interpreters | Fact::Libraries;
    QList<Finding> out = LibraryCheck().run(facts, kb);
    out << InstallationCheck().run(facts, kb) << EnvironmentCheck().run(facts, kb);
    foldSymptoms(out);
    rootCausesFirst(out);
    return out;
}

const Finding *leadFinding(const QList<Finding> &findings)
{
    for (const Finding &f : findings)
        if (isRootCause(f))
            return &f;
    const Finding *firstError = nullptr;
    for (const Finding &f : findings) {
        if (f.severity != Severity::Error)
            continue;
        const QString area = areaOf(f.id);
        if (area == QLatin1String("libraries") || area == QLatin1String("environment"))
            return &f;
        if (!firstError)
            firstError = &f;
    }
    return firstError;
}

QString fileOfFinding(const QJsonObject &evidence)
{
    if (const QString loaded = evidence.value(QStringLiteral("loaded")).toString(); !loaded.isEmpty())
        return loaded;
    if (const QJsonArray paths = evidence.value(QStringLiteral("paths")).toArray(); !paths.isEmpty())
        return paths.first().toString();
    return evidence.value(QStringLiteral("library")).toString();
}

} // namespace td::checks
