// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge/WheelAvailability.h"

#include <QRegularExpression>

namespace td::knowledge {

namespace {

// "linux-x86_64" as people say it; Chinese keeps the same words.
QString platformWords(const QString &platform)
{
    static const QMap<QString, QString> words{{QStringLiteral("linux-x86_64"), QStringLiteral("Linux x86_64")},
                                              {QStringLiteral("linux-aarch64"), QStringLiteral("Linux aarch64")},
                                              {QStringLiteral("windows-x86_64"), QStringLiteral("Windows x64")},
                                              {QStringLiteral("macos-arm64"), QStringLiteral("macOS arm64")},
                                              {QStringLiteral("macos-x86_64"), QStringLiteral("macOS x86_64")}};
    return words.value(platform, platform);
}

// The index of a version's release in the table; -1: not in it.
qsizetype releaseOf(const QList<Release> &releases, const QString &version)
{
    const QString s = majorMinor(version);
    for (qsizetype i = 0; i < releases.size(); ++i)
        if (releases[i].torch == s)
            return i;
    return -1;
}

QStringList minus(const QStringList &a, const QStringList &b)
{
    QStringList out;
    for (const QString &x : a)
        if (!b.contains(x))
            out << x;
    return out;
}

// A phrase of errors.json with its {placeholders} filled (the same words in both languages).
Text phrase(const QMap<QString, Text> &phrases, const char *name, const QMap<QString, QString> &values)
{
    Text t = phrases.value(QLatin1String(name));
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        t.en.replace(u'{' + it.key() + u'}', it.value());
        t.zhCN.replace(u'{' + it.key() + u'}', it.value());
    }
    return t;
}

// "torch 2.3 has wheels on PyPI for Python 3.8, ..., on Linux x86_64, ..." for the release asked for.
Text wheelsOf(const QMap<QString, Text> &phrases, const Release &r)
{
    QStringList platforms;
    for (const QString &p : r.wheelPlatforms)
        platforms << platformWords(p);
    return phrase(phrases, "wheelsOf",
                  {{QStringLiteral("torch"), r.torch},
                   {QStringLiteral("pythons"), r.wheelPythons.join(QStringLiteral(", "))},
                   {QStringLiteral("platforms"), platforms.join(QStringLiteral(", "))}});
}

// What the release after the newest offered one lost: its Pythons and platforms.
Text lostAfter(const QMap<QString, Text> &phrases, const QList<Release> &releases, const QString &newest)
{
    const qsizetype at = releaseOf(releases, newest);
    if (at < 0 || at + 1 >= releases.size())
        return {};
    const Release *last = &releases[at];
    const Release &next = releases[at + 1];
    QStringList lost = minus(last->wheelPlatforms, next.wheelPlatforms);
    for (QString &p : lost)
        p = platformWords(p);
    for (const QString &python : minus(last->wheelPythons, next.wheelPythons))
        lost << QStringLiteral("Python ") + python;
    if (lost.isEmpty())
        return {};
    return phrase(phrases, "lostAfter",
                  {{QStringLiteral("newest"), newest},
                   {QStringLiteral("next"), next.torch},
                   {QStringLiteral("lost"), lost.join(QStringLiteral(", "))}});
}

} // namespace

Text whyNoWheel(const QList<Release> &releases, const QMap<QString, Text> &phrases, const QString &wanted,
                const std::optional<QString> &offered)
{
    Text out;
    const auto add = [&out](const Text &t) {
        if (t.isEmpty())
            return;
        out.en += (out.en.isEmpty() ? QString() : QStringLiteral(" ")) + t.en;
        out.zhCN += t.zhCN;
    };
    static const QRegularExpression version(QStringLiteral(R"(\d+\.\d+(?:\.\d+)?)"));
    if (const qsizetype at = releaseOf(releases, version.match(wanted).captured());
        at >= 0 && !releases[at].wheelPythons.isEmpty())
        add(wheelsOf(phrases, releases[at]));
    if (!offered)
        return out;
    QStringList versions;
    for (const QRegularExpressionMatch &m : version.globalMatch(*offered))
        versions << m.captured();
    if (versions.isEmpty())
        add(phrases.value(QStringLiteral("noVersionAtAll")));
    else
        add(lostAfter(phrases, releases, versions.last()));
    return out;
}

} // namespace td::knowledge
