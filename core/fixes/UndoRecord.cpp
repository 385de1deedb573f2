// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/UndoRecord.h"
#include "platform/Overloaded.h"

#include <QJsonArray>

namespace td::fixes {

namespace {

QJsonObject fileJson(const FileUndo &u)
{
    QJsonObject o{{QStringLiteral("path"), u.path}, {QStringLiteral("existed"), u.existed}};
    if (u.existed) {
        o.insert(QStringLiteral("bytes"), QString::fromLatin1(u.bytes.toBase64()));
        o.insert(QStringLiteral("permissions"), u.permissions);
        o.insert(QStringLiteral("sha256"), u.sha256);
    }
    if (u.afterSha256)
        o.insert(QStringLiteral("after_sha256"), *u.afterSha256);
    return o;
}

QJsonObject variableJson(const VariableUndo &u)
{
    QJsonObject o{{QStringLiteral("name"), u.name},
                  {QStringLiteral("existed"), u.before.has_value()},
                  {QStringLiteral("value"), u.before.value_or(QString())},
                  {QStringLiteral("new_existed"), u.after.has_value()},
                  {QStringLiteral("new_value"), u.after.value_or(QString())}};
    if (u.stored) {
        o.insert(QStringLiteral("type"), u.stored->type);
        o.insert(QStringLiteral("raw"), QString::fromLatin1(u.stored->raw.toHex()));
    }
    return o;
}

QJsonObject programJson(const ProgramUndo &u)
{
    return {{QStringLiteral("program"), u.program},
            {QStringLiteral("arguments"), QJsonArray::fromStringList(u.arguments)},
            {QStringLiteral("needs_admin"), u.needsAdmin}};
}

FileUndo fileFromJson(const QJsonObject &o)
{
    FileUndo u;
    u.path = o.value(QStringLiteral("path")).toString();
    u.existed = o.value(QStringLiteral("existed")).toBool();
    u.bytes = QByteArray::fromBase64(o.value(QStringLiteral("bytes")).toString().toLatin1());
    u.permissions = o.value(QStringLiteral("permissions")).toInt(-1);
    u.sha256 = o.value(QStringLiteral("sha256")).toString();
    if (o.contains(QStringLiteral("after_sha256")))
        u.afterSha256 = o.value(QStringLiteral("after_sha256")).toString();
    return u;
}

VariableUndo variableFromJson(const QJsonObject &o)
{
    VariableUndo u;
    u.name = o.value(QStringLiteral("name")).toString();
    if (o.value(QStringLiteral("existed")).toBool())
        u.before = o.value(QStringLiteral("value")).toString();
    if (o.value(QStringLiteral("new_existed")).toBool())
        u.after = o.value(QStringLiteral("new_value")).toString();
    if (o.contains(QStringLiteral("raw")))
        u.stored = platform::RegistryValue{o.value(QStringLiteral("type")).toString(),
                                           QByteArray::fromHex(o.value(QStringLiteral("raw")).toString().toLatin1())};
    return u;
}

ProgramUndo programFromJson(const QJsonObject &o)
{
    ProgramUndo u;
    u.program = o.value(QStringLiteral("program")).toString();
    for (const auto &a : o.value(QStringLiteral("arguments")).toArray())
        u.arguments << a.toString();
    u.needsAdmin = o.value(QStringLiteral("needs_admin")).toBool();
    return u;
}

} // namespace

QJsonObject toJson(const UndoRecord &record)
{
    return std::visit(platform::Overloaded{[](std::monostate) { return QJsonObject(); },
                                           [](const FileUndo &u) { return fileJson(u); },
                                           [](const VariableUndo &u) { return variableJson(u); },
                                           [](const ProgramUndo &u) { return programJson(u); }},
                      record);
}

UndoRecord undoRecordFromJson(const QString &kind, const QJsonObject &json)
{
    if (json.isEmpty())
        return std::monostate{};
    if (kind == QLatin1String("edit-file") || kind == QLatin1String("write-file"))
        return fileFromJson(json);
    if (kind == QLatin1String("set-user-variable"))
        return variableFromJson(json);
    if (json.contains(QStringLiteral("program")))
        return programFromJson(json);
    return std::monostate{};
}

QString restoredFile(const UndoRecord &record)
{
    const auto *file = std::get_if<FileUndo>(&record);
    return file ? file->path : QString();
}

} // namespace td::fixes
