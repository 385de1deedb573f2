// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/ProjectFolder.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>

namespace td::python {

namespace {

constexpr qint64 kReadAtMost = 256 * 1024; // a manifest or a script says it near the top
constexpr int kScriptsAtMost = 200;         // a home folder full of scripts is not read through

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

} // namespace td::python
