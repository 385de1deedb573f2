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

bool UserEnvironment::call(const QStringList &arguments, QByteArray &output, int &exitCode, QString &error) const
{
    if (m_command.isEmpty()) {
        error = tr("no helper for the Windows user environment");
        return false;
    }
    ProcessRequest request;
    request.program = m_command.first();
    request.arguments = m_command.mid(1) + arguments;
    request.environment = m_environment;
    request.timeout = std::chrono::seconds(60);
    const ProcessResult r = runProcess(request);
    if (r.outcome != ProcessResult::Outcome::Finished) {
        error = tr("the user-environment helper did not finish: %1").arg(r.describe());
        return false;
    }
    output = r.standardOutput;
    exitCode = r.exitCode;
    if (exitCode != 0 && exitCode != 3 && exitCode != 4)
        error = tr("the user-environment helper failed (%1): %2")
                    .arg(exitCode)
                    .arg(QString::fromUtf8(r.standardError).trimmed());
    return true;
}

bool UserEnvironment::get(const QString &name, std::optional<RegistryValue> &value, QString &error) const
{
    QByteArray out;
    int code = 0;
    if (!call({QStringLiteral("get"), name}, out, code, error))
        return false;
    value.reset();
    if (code == 3)
        return true; // not set
    if (code != 0)
        return false;
    const QList<QByteArray> parts = out.trimmed().split('\t');
    if (parts.size() != 2) {
        error = tr("the user-environment helper answered something unexpected");
        return false;
    }
    value = RegistryValue{QString::fromLatin1(parts[0]), QByteArray::fromHex(parts[1])};
    return true;
}

bool UserEnvironment::set(const QString &name, const QString &text, QString &error) const
{
    QByteArray out;
    int code = 0;
    return call({QStringLiteral("set"), name, QStringLiteral("keep"), text}, out, code, error) && code == 0;
}

bool UserEnvironment::setRaw(const QString &name, const RegistryValue &value, QString &error) const
{
    QByteArray out;
    int code = 0;
    return call({QStringLiteral("set-raw"), name, value.type, QString::fromLatin1(value.raw.toHex())}, out, code, error)
           && code == 0;
}

bool UserEnvironment::remove(const QString &name, QString &error) const
{
    QByteArray out;
    int code = 0;
    if (!call({QStringLiteral("delete"), name}, out, code, error))
        return false;
    if (code == 3)
        error.clear(); // already gone
    return code == 0 || code == 3;
}

std::optional<QString> UserEnvironment::withoutEntry(const QString &list, const QString &entry, QString &error) const
{
    QByteArray out;
    int code = 0;
    if (!call({QStringLiteral("remove-from"), list, entry}, out, code, error) || code != 0)
        return std::nullopt;
    if (out.endsWith('\n'))
        out.chop(1);
    if (out.endsWith('\r'))
        out.chop(1);
    return QString::fromUtf8(out);
}

} // namespace td::platform
