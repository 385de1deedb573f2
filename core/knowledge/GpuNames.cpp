// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge/GpuNames.h"

#include <QRegularExpression>

#include <algorithm>

namespace td::knowledge {

namespace {

Text phrase(const QMap<QString, Text> &phrases, const char *name, const QMap<QString, Text> &values)
{
    return fill(phrases.value(QLatin1String(name)), values);
}

Text same(const QString &text)
{
    return Text{text, text};
}

// Items are joined with ", " in English and "、" in Chinese; sentences with a space, and nothing in Chinese.
const Text kListSeparator{QStringLiteral(", "), QStringLiteral("\u3001")};
const Text kSentenceSeparator{QStringLiteral(" "), QString()};

Text joined(const QList<Text> &parts, const Text &separator)
{
    Text out;
    for (const Text &p : parts) {
        out.en += (out.en.isEmpty() ? QString() : separator.en) + p.en;
        out.zhCN += (out.zhCN.isEmpty() ? QString() : separator.zhCN) + p.zhCN;
    }
    return out;
}

// Whether a build's list has code that runs on a GPU of `capability` ("12.0").
bool hasCodeFor(const ArchEntry &build, const QString &capability)
{
    return KnowledgeBase::archSupport(build, capability.section(u'.', 0, 0).toInt(),
                                      capability.section(u'.', 1, 1).toInt()) != Support::No;
}

// The builds of every platform's x86_64 wheels (a row for one OS repeats its variant for that OS).
QList<const ArchEntry *> generalBuilds(const QList<ArchEntry> &builds)
{
    QList<const ArchEntry *> out;
    for (const ArchEntry &b : builds)
        if (b.arch.isEmpty() && (!b.os || *b.os == Os::Linux))
            out << &b;
    return out;
}

// "cu128 (torch 2.7 and later)", "cu126 (torch 2.6 to 2.8)", "cu118 (torch 2.0)".
Text buildWords(const QMap<QString, Text> &phrases, const QString &variant, const VersionRange &torch)
{
    const QMap<QString, Text> values{{QStringLiteral("variant"), same(variant)},
                                     {QStringLiteral("min"), same(torch.min)},
                                     {QStringLiteral("max"), same(torch.max)}};
    if (torch.max.isEmpty())
        return phrase(phrases, "gpuBuild", values);
    return phrase(phrases, torch.max == torch.min ? "gpuBuildOnly" : "gpuBuildRange", values);
}

// The torch releases of each variant whose builds have code for `capability`, rows of one variant made
// one range ("cu128 (torch 2.7 to 2.11)"), in the table's order.
QList<std::pair<QString, VersionRange>> buildsWithCode(const QList<const ArchEntry *> &general,
                                                       const QString &capability)
{
    QList<std::pair<QString, VersionRange>> out;
    for (const ArchEntry *b : general) {
        if (!hasCodeFor(*b, capability))
            continue;
        auto it = std::find_if(out.begin(), out.end(), [b](const auto &v) { return v.first == b->variant; });
        if (it == out.end()) {
            out.append({b->variant, b->torch});
            continue;
        }
        VersionRange &range = it->second;
        if (KnowledgeBase::compareVersions(b->torch.min, range.min) < 0)
            range.min = b->torch.min;
        const bool later = b->torch.max.isEmpty() || KnowledgeBase::compareVersions(b->torch.max, range.max) > 0;
        if (!range.max.isEmpty() && later)
            range.max = b->torch.max;
    }
    return out;
}

// The torch build the text names ("2.7.1+cu128") when the table knows it, and whether it has code for the GPU.
struct PastedBuild {
    QString build;
    bool hasCode = false;
};

std::optional<PastedBuild> pastedBuild(const QList<const ArchEntry *> &general, const QString &capability,
                                       const QString &text)
{
    static const QRegularExpression build(QStringLiteral(R"(\b(\d+\.\d+(?:\.\d+)?)\+(cu\d{3})\b)"));
    const auto m = build.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    for (const ArchEntry *b : general)
        if (b->variant == m.captured(2) && b->torch.contains(m.captured(1)))
            return PastedBuild{m.captured(0), hasCodeFor(*b, capability)};
    return std::nullopt; // a build the table does not know: nothing is claimed
}

} // namespace

std::optional<NamedGpu> gpuNamedIn(const QList<GpuModel> &gpus, const QString &text)
{
    for (const GpuModel &gpu : gpus)
        for (const QRegularExpression &name : gpu.names)
            if (const auto m = name.match(text); m.hasMatch())
                return NamedGpu{m.captured(0), gpu};
    return std::nullopt;
}

Text gpuFacts(const QList<GpuModel> &gpus, const QList<ArchEntry> &builds, const QMap<QString, Text> &phrases,
              const QString &text)
{
    const auto gpu = gpuNamedIn(gpus, text);
    if (!gpu)
        return {};
    QList<Text> sentences{phrase(phrases, "gpuNamed", {{QStringLiteral("gpu"), same(gpu->name)},
                                                       {QStringLiteral("capability"), same(gpu->model.capability)},
                                                       {QStringLiteral("architecture"), gpu->model.architecture}})};
    const QList<const ArchEntry *> general = generalBuilds(builds);
    QList<Text> with;
    for (const auto &[variant, torch] : buildsWithCode(general, gpu->model.capability))
        with << buildWords(phrases, variant, torch);
    if (with.isEmpty())
        sentences << phrase(phrases, "gpuNoBuild", {{QStringLiteral("capability"), same(gpu->model.capability)}});
    else
        sentences << phrase(phrases, "gpuBuilds", {{QStringLiteral("builds"), joined(with, kListSeparator)}});
    if (const auto torch = pastedBuild(general, gpu->model.capability, text))
        sentences << phrase(phrases, torch->hasCode ? "gpuTorchHasIt" : "gpuTorchLacksIt",
                            {{QStringLiteral("torch"), same(torch->build)},
                             {QStringLiteral("capability"), same(gpu->model.capability)}});
    return joined(sentences, kSentenceSeparator);
}

std::optional<bool> pastedTorchHasGpuCode(const QList<GpuModel> &gpus, const QList<ArchEntry> &builds,
                                          const QString &text)
{
    const auto gpu = gpuNamedIn(gpus, text);
    if (!gpu)
        return std::nullopt;
    const auto torch = pastedBuild(generalBuilds(builds), gpu->model.capability, text);
    return torch ? std::optional(torch->hasCode) : std::nullopt;
}

} // namespace td::knowledge
