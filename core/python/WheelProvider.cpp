// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/WheelProvider.h"

#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace td::python {

namespace {

// "nvidia-cuda_runtime" -> "nvidiacudaruntime": names compared without case or separators.
QString key(const QString &text)
{
    QString out;
    for (const QChar c : text)
        if (c.isLetterOrNumber())
            out += c.toLower();
    return out;
}

// "nvidia-cudnn-cu13" -> "cudnn": what is left of a wheel's name once the vendor and the CUDA
// major it is built for are taken off.
QString componentOf(const QString &distribution)
{
    static const QRegularExpression kCudaSuffix(QStringLiteral("[-_.]cu\\d+$"));
    static const QRegularExpression kVendor(QStringLiteral("^nvidia[-_.]"));
    QString name = distribution.toLower();
    name.remove(kCudaSuffix);
    name.remove(kVendor);
    return key(name);
}

} // namespace

QString WheelProvider::requirement() const
{
    return Requirement(name, extra.isEmpty() ? QStringList() : QStringList{extra}, specifier).spec();
}

std::optional<WheelProvider> wheelProviding(const QString &library, const TorchInstall &torch)
{
    const QString file = QFileInfo(library).fileName();
    if (!file.startsWith(QLatin1String("lib")) || !file.contains(QLatin1String(".so")))
        return std::nullopt;
    // The names the library goes by: its own stem, and the folder torch preloads it from.
    QStringList names{key(file.mid(3).section(QLatin1String(".so"), 0, 0))};
    for (const PreloadEntry &row : torch.preload) {
        const QRegularExpression pattern(QRegularExpression::wildcardToRegularExpression(row.pattern));
        if (pattern.match(file).hasMatch())
            names << key(row.folder);
    }
    std::optional<WheelProvider> best;
    qsizetype bestLength = 0;
    auto consider = [&](const Requirement &req, const QString &token, const QString &extra) {
        if (token.size() < 3 || token.size() <= bestLength)
            return;
        for (const QString &name : names)
            if (name.startsWith(token)) {
                best = WheelProvider{req.name, extra, req.specifier};
                bestLength = token.size();
                return;
            }
    };
    for (const Requirement &req : torch.requirements) {
        consider(req, componentOf(req.name), QString());
        for (const QString &extra : req.extras)
            consider(req, key(extra), extra);
    }
    return best;
}

QStringList requirementsFor(const QList<WheelProvider> &providers)
{
    QList<WheelProvider> merged;
    for (const WheelProvider &p : providers) {
        auto same = std::find_if(merged.begin(), merged.end(), [&p](const WheelProvider &m) {
            return m.name.compare(p.name, Qt::CaseInsensitive) == 0 && m.specifier == p.specifier;
        });
        if (same == merged.end()) {
            merged << p;
            continue;
        }
        QStringList extras = same->extra.isEmpty() ? QStringList() : same->extra.split(u',');
        if (!p.extra.isEmpty() && !extras.contains(p.extra))
            extras << p.extra;
        extras.sort();
        same->extra = extras.join(u',');
    }
    QStringList out;
    for (const WheelProvider &p : merged)
        out << p.requirement();
    return out;
}

} // namespace td::python
