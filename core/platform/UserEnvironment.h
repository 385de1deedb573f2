// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/OriginalEnvironment.h"
#include "platform/Result.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace td::platform {

// A value of HKCU\Environment as the registry holds it.
struct RegistryValue {
    QString type;   // "REG_SZ", "REG_EXPAND_SZ" (others are reported as read)
    QByteArray raw; // the bytes, normally UTF-16LE with a terminating NUL

    // The text of a string value (up to its first NUL).
    [[nodiscard]] QString text() const;
    bool operator==(const RegistryValue &) const = default;
};

// Reads one value of HKCU\Environment: nullopt when the variable is not set there, an Error when it
// cannot tell. A UserEnvironment reads the live registry; tests also give a recorded snapshot.
using UserRegistryReader = std::function<Result<std::optional<RegistryValue>>(const QString &name)>;

// The Windows per-user environment, through the userenv helper
// (core/platform/windows/userenvtool.c, installed next to the app as
// torchdoctor-userenv.exe). A REG_EXPAND_SZ value stays REG_EXPAND_SZ, and a
// saved value is written back byte for byte. Tests run the helper under Wine:
// the command is then {wine64, userenvtool.exe}.
class UserEnvironment {
    Q_DECLARE_TR_FUNCTIONS(UserEnvironment)

public:
    explicit UserEnvironment(QStringList command = defaultCommand(),
                             QProcessEnvironment environment = originalEnvironment());
    // The helper next to this program.
    static QStringList defaultCommand();

    // nullopt: the variable is not set. An Error when the helper could not tell.
    [[nodiscard]] Result<std::optional<RegistryValue>> get(const QString &name) const;
    // Writes text, keeping the variable's type (REG_SZ for a new one).
    Result<void> set(const QString &name, const QString &text) const;
    // Writes saved bytes back exactly.
    Result<void> setRaw(const QString &name, const RegistryValue &value) const;
    Result<void> remove(const QString &name) const; // also when it is not set
    // `list` (';'-separated) without `entry`, compared as Windows does (case, quotes, trailing
    // backslashes); nullopt when `entry` is not in it. An Error when the helper failed.
    [[nodiscard]] Result<std::optional<QString>> withoutEntry(const QString &list, const QString &entry) const;

private:
    struct Answer {
        QByteArray output;
        int exitCode = 0;
        QString failure; // for an exit code other than 0 (done), 3 (not set) and 4 (not in the list)
    };
    // The helper's answer; an Error when it did not finish.
    [[nodiscard]] Result<Answer> call(const QStringList &arguments) const;
    static Result<void> done(const Result<Answer> &answer, int alsoDone = 0);

    QStringList m_command;
    QProcessEnvironment m_environment;
};

} // namespace td::platform
