// SPDX-License-Identifier: GPL-3.0-or-later
// The corpus of error messages people pasted into public reports
// (tests/data/pasted-errors.json) and how an explanation of one of them is
// judged: the right cause, the right file, the right first repair. Shared by
// the regression test and the score benchmark, header-only so that the
// benchmark needs no test library.
#pragma once

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QStringList>

#include <algorithm>
#include <optional>

namespace td::test::pasted {

struct Message {
    QString id, platform, source, text;
    QString cause, file, repair;   // expected: signature id, file name (empty: none), first repair family
    QString package, confidence;   // expected when set: the package to fix, "certain" / "likely"
    QStringList says;              // expected when set: words the cause's English text holds
    QStringList repairSays;        // expected when set: words the first repair's English text holds
    QStringList reached;           // what the classifier gets right today: "cause", "file", "repair"
    bool heldOut = false;          // gathered after the classifier was written, to measure it on unseen messages
    QString set;                   // the round of gathering it came with ("2025-2026"), scored on its own
};

// The messages, or nullopt with *error set.
inline std::optional<QList<Message>> load(const QString &path, QString *error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1").arg(path);
        return std::nullopt;
    }
    QJsonParseError parse{};
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parse);
    if (parse.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1: %2").arg(path, parse.errorString());
        return std::nullopt;
    }
    QList<Message> out;
    for (const QJsonValue &v : doc.object().value(QStringLiteral("messages")).toArray()) {
        const QJsonObject o = v.toObject();
        const QJsonObject expect = o.value(QStringLiteral("expect")).toObject();
        Message m{o.value(QStringLiteral("id")).toString(),
                  o.value(QStringLiteral("platform")).toString(),
                  o.value(QStringLiteral("source")).toString(),
                  o.value(QStringLiteral("message")).toString(),
                  expect.value(QStringLiteral("cause")).toString(),
                  expect.value(QStringLiteral("file")).toString(),
                  expect.value(QStringLiteral("repair")).toString(),
                  expect.value(QStringLiteral("package")).toString(),
                  expect.value(QStringLiteral("confidence")).toString(),
                  {},
                  {},
                  {},
                  o.value(QStringLiteral("heldOut")).toBool(),
                  o.value(QStringLiteral("set")).toString()};
        for (const QJsonValue &s : expect.value(QStringLiteral("says")).toArray())
            m.says << s.toString();
        for (const QJsonValue &s : expect.value(QStringLiteral("repairSays")).toArray())
            m.repairSays << s.toString();
        for (const QJsonValue &r : o.value(QStringLiteral("reached")).toArray())
            m.reached << r.toString();
        if (m.id.isEmpty() || m.text.isEmpty() || m.cause.isEmpty() || m.repair.isEmpty()) {
            *error = QStringLiteral("%1: message %2 lacks id, message, expect.cause or expect.repair")
                         .arg(path, QString::number(out.size()));
            return std::nullopt;
        }
        out << m;
    }
    return out;
}

struct Verdict {
    bool cause = false, file = false, repair = false;
    QString gotCause, gotFile, gotRepair; // what the explanation said, for the report

    [[nodiscard]] bool right(const QString &aspect) const
    {
        return aspect == QLatin1String("cause") ? cause : aspect == QLatin1String("file") ? file : repair;
    }
};

// The file name of a path in either separator.
inline QString fileName(const QString &path)
{
    const qsizetype slash = std::max(path.lastIndexOf(QLatin1Char('/')), path.lastIndexOf(QLatin1Char('\\')));
    return path.mid(slash + 1);
}

// A distribution's name as pip compares names (PEP 503): "xFormers" and "torch_scatter" are "xformers" and
// "torch-scatter". Written here rather than taken from core: the judge does not use the code it judges.
inline QString distributionName(const QString &name)
{
    static const QRegularExpression separators(QStringLiteral("[-_.]+"));
    return QString(name).replace(separators, QStringLiteral("-")).toLower();
}

// Judges `torchdoctor explain --json`'s answer. The cause is right when its
// id is, and the package to fix, the confidence and the words of its text too
// where the corpus names them; the file is the error's path (or library) by file name;
// the first repair is right when its family is, and the words of its text too where named.
inline Verdict judge(const Message &m, const QJsonObject &explained)
{
    Verdict v;
    const QJsonObject cause = explained.value(QStringLiteral("cause")).toObject();
    const QJsonObject error = explained.value(QStringLiteral("error")).toObject();
    const QString package = cause.value(QStringLiteral("package")).toString();
    const QString confidence = cause.value(QStringLiteral("confidence")).toString();
    v.gotCause = cause.value(QStringLiteral("id")).toString();
    if (!package.isEmpty())
        v.gotCause += QStringLiteral(" package=") + package;
    if (!confidence.isEmpty())
        v.gotCause += QStringLiteral(" ") + confidence;
    const QString text = cause.value(QStringLiteral("text")).toString();
    const bool says =
        std::all_of(m.says.cbegin(), m.says.cend(), [&text](const QString &s) { return text.contains(s); });
    if (!says)
        v.gotCause += QStringLiteral(" without all of: ") + m.says.join(QStringLiteral(" | "));
    v.cause = cause.value(QStringLiteral("id")).toString() == m.cause
              && (m.package.isEmpty() || distributionName(package) == distributionName(m.package))
              && (m.confidence.isEmpty() || confidence == m.confidence) && says;
    const QString path = error.value(QStringLiteral("path")).toString();
    v.gotFile = fileName(path.isEmpty() ? error.value(QStringLiteral("library")).toString() : path);
    v.file = v.gotFile == m.file;
    const QJsonArray fixes = explained.value(QStringLiteral("fixes")).toArray();
    const QJsonObject first = fixes.isEmpty() ? QJsonObject() : fixes.first().toObject();
    v.gotRepair = first.value(QStringLiteral("family")).toString();
    const QString repairText = first.value(QStringLiteral("text")).toString();
    const bool repairSays = std::all_of(m.repairSays.cbegin(), m.repairSays.cend(),
                                        [&repairText](const QString &s) { return repairText.contains(s); });
    if (!repairSays)
        v.gotRepair += QStringLiteral(" without all of: ") + m.repairSays.join(QStringLiteral(" | "));
    v.repair = first.value(QStringLiteral("family")).toString() == m.repair && repairSays;
    return v;
}

} // namespace td::test::pasted
