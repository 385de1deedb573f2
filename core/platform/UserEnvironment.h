// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/OriginalEnvironment.h"

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

// Reads one value of HKCU\Environment: false with `error` when it cannot tell, `value` nullopt when
// the variable is not set there. A UserEnvironment reads the live registry; tests also give a
// recorded snapshot.
using UserRegistryReader =
    std::function<bool(const QString &name, std::optional<RegistryValue> &value, QString &error)>;

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

    // `value` nullopt: the variable is not set. False with `error` when the
    // helper could not tell.
    bool get(const QString &name, std::optional<RegistryValue> &value, QString &error) const;
    // Writes text, keeping the variable's type (REG_SZ for a new one).
    bool set(const QString &name, const QString &text, QString &error) const;
    // Writes saved bytes back exactly.
    bool setRaw(const QString &name, const RegistryValue &value, QString &error) const;
    bool remove(const QString &name, QString &error) const;
    // `list` (';'-separated) without `entry`, compared as Windows does
    // (case, quotes, trailing backslashes); nullopt when it is not there, or when the helper failed
    // (then `error` says why).
    std::optional<QString> withoutEntry(const QString &list, const QString &entry, QString &error) const;

private:
    bool call(const QStringList &arguments, QByteArray &output, int &exitCode, QString &error) const;

    QStringList m_command;
    QProcessEnvironment m_environment;
};

} // namespace td::platform
