// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/UserEnvironment.h"

#include "platform/ProcessRunner.h"

#include <QDir>

namespace td::platform {

QString RegistryValue::text() const
{
    QString s;
    for (qsizetype i = 0; i + 1 < raw.size(); i += 2) {
        const char16_t unit =
            static_cast<char16_t>(static_cast<unsigned char>(raw[i]) | (static_cast<unsigned char>(raw[i + 1]) << 8));
        if (unit == 0)
            break;
        s += QChar(unit);
    }
    return s;
}

UserEnvironment::UserEnvironment(QStringList command, QProcessEnvironment environment)
    : m_command(std::move(command)), m_environment(std::move(environment))
{
}

QStringList UserEnvironment::defaultCommand()
{
    return {QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("torchdoctor-userenv.exe"))};
}

Result<UserEnvironment::Answer> UserEnvironment::call(const QStringList &arguments) const
{
    if (m_command.isEmpty())
        return Error{tr("no helper for the Windows user environment")};
    ProcessRequest request;
    request.program = m_command.first();
    request.arguments = m_command.mid(1) + arguments;
    request.environment = m_environment;
    request.timeout = std::chrono::seconds(60);
    const ProcessResult r = runProcess(request);
    if (r.outcome != ProcessResult::Outcome::Finished)
        return Error{tr("the user-environment helper did not finish: %1").arg(r.describe())};
    Answer answer{r.standardOutput, r.exitCode, {}};
    if (r.exitCode != 0 && r.exitCode != 3 && r.exitCode != 4)
        answer.failure = tr("the user-environment helper failed (%1): %2")
                             .arg(r.exitCode)
                             .arg(QString::fromUtf8(r.standardError).trimmed());
    return answer;
}

Result<std::optional<RegistryValue>> UserEnvironment::get(const QString &name) const
{
    const auto answer = call({QStringLiteral("get"), name});
    if (!answer)
        return Error{answer.error()};
    if (answer->exitCode == 3)
        return std::optional<RegistryValue>(); // not set
    if (answer->exitCode != 0)
        return Error{answer->failure};
    const QList<QByteArray> parts = answer->output.trimmed().split('\t');
    if (parts.size() != 2)
        return Error{tr("the user-environment helper answered something unexpected")};
    return std::optional(RegistryValue{QString::fromLatin1(parts[0]), QByteArray::fromHex(parts[1])});
}

// A change's answer: done when the helper says 0 (or `alsoDone`).
Result<void> UserEnvironment::done(const Result<Answer> &answer, int alsoDone)
{
    if (!answer)
        return Error{answer.error()};
    if (answer->exitCode != 0 && answer->exitCode != alsoDone)
        return Error{answer->failure};
    return {};
}

Result<void> UserEnvironment::set(const QString &name, const QString &text) const
{
    return done(call({QStringLiteral("set"), name, QStringLiteral("keep"), text}));
}

Result<void> UserEnvironment::setRaw(const QString &name, const RegistryValue &value) const
{
    return done(call({QStringLiteral("set-raw"), name, value.type, QString::fromLatin1(value.raw.toHex())}));
}

Result<void> UserEnvironment::remove(const QString &name) const
{
    return done(call({QStringLiteral("delete"), name}), 3); // 3: already gone
}

Result<std::optional<QString>> UserEnvironment::withoutEntry(const QString &list, const QString &entry) const
{
    const auto answer = call({QStringLiteral("remove-from"), list, entry});
    if (!answer)
        return Error{answer.error()};
    if (answer->exitCode != 0) { // 4: not in the list
        if (!answer->failure.isEmpty())
            return Error{answer->failure};
        return std::optional<QString>();
    }
    QByteArray out = answer->output;
    if (out.endsWith('\n'))
        out.chop(1);
    if (out.endsWith('\r'))
        out.chop(1);
    return std::optional(QString::fromUtf8(out));
}

} // namespace td::platform
