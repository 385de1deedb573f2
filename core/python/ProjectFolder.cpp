// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/ProjectFolder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>
#include <iterator>

namespace td::python {

namespace {

constexpr qint64 kReadAtMost = 256 * 1024; // a manifest or a script says it near the top
constexpr int kScriptsAtMost = 200;         // a home folder full of scripts is not read through
const char *const kVenvFolders[] = {".venv", "venv"};
const char *const kPortableFolders[] = {"python_embeded", "python_embedded"}; // ComfyUI's spelling first

bool isOneOf(const QString &name, const auto &names)
{
    return std::any_of(std::begin(names), std::end(names), [&](const char *n) { return name == QLatin1String(n); });
}

bool fileMatches(const QString &path, const QRegularExpression &pattern)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    return pattern.match(QString::fromUtf8(file.read(kReadAtMost))).hasMatch();
}

} // namespace

bool isTorchProject(const QString &dir)
{
    const QDir folder(dir);
    if (dir.isEmpty() || !folder.exists())
        return false;
    // "torch", "torch==2.5.1", "torch>=2", "pytorch::pytorch" (conda); not "torchvision" alone.
    static const QRegularExpression named(QStringLiteral(R"((?<![\w.-])(py)?torch(?![\w.-]))"),
                                          QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression imports(QStringLiteral(R"(^\s*(import|from)\s+torch\b)"),
                                            QRegularExpression::MultilineOption);
    const QStringList manifests{QStringLiteral("requirements*.txt"), QStringLiteral("pyproject.toml"),
                                QStringLiteral("setup.py"),          QStringLiteral("setup.cfg"),
                                QStringLiteral("Pipfile"),           QStringLiteral("environment.yml"),
                                QStringLiteral("environment.yaml")};
    for (const QString &name : folder.entryList(manifests, QDir::Files | QDir::Readable))
        if (fileMatches(folder.filePath(name), named))
            return true;
    const QStringList scripts = folder.entryList({QStringLiteral("*.py")}, QDir::Files | QDir::Readable, QDir::Name);
    for (int i = 0; i < scripts.size() && i < kScriptsAtMost; ++i)
        if (fileMatches(folder.filePath(scripts[i]), imports))
            return true;
    return false;
}

QString projectAround(const QString &prefix, bool isVenv)
{
    const QFileInfo info(prefix);
    const QString folder = info.fileName();
    if ((isVenv && isOneOf(folder, kVenvFolders)) || isOneOf(folder, kPortableFolders))
        return QDir::cleanPath(info.absolutePath());
    return {};
}

QStringList projectInterpreters(const QString &dir)
{
    QStringList out;
    if (dir.isEmpty())
        return out;
    const QDir project(dir);
    // Each folder's interpreter by the name its layout gives it (venv: bin/ or Scripts\).
    auto add = [&](const char *folder, std::initializer_list<const char *> names) {
        for (const char *name : names)
            if (const QString path = project.filePath(QLatin1String(folder) + u'/' + QLatin1String(name));
                QFileInfo(path).isFile()) {
                out << path;
                return;
            }
    };
    for (const char *venv : kVenvFolders)
        add(venv, {"bin/python3", "bin/python", "Scripts/python.exe"});
    for (const char *portable : kPortableFolders)
        add(portable, {"python.exe"});
    return out;
}

} // namespace td::python
