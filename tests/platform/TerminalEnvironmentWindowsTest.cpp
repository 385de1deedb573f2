// SPDX-License-Identifier: GPL-3.0-or-later
// What a new terminal gets on Windows: the environment of the registry. Runs as
// a Windows program (under Wine here), writing HKCU\Environment and the system
// environment of the throw-away prefix and putting back what was there.
#include "platform/TerminalEnvironment.h"

#include <gtest/gtest.h>

#include <windows.h>

#include <QProcessEnvironment>

#include <optional>
#include <vector>

using td::platform::expandWindowsVariables;
using td::platform::loadingDifferences;
using td::platform::readTerminalEnvironment;

namespace {

const wchar_t *const kSystemKey = L"SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment";

std::wstring wide(const QString &text)
{
    return text.toStdWString();
}

// A registry value set for one test, and what was there before put back after it.
class ScopedValue {
public:
    ScopedValue(HKEY root, const wchar_t *key, const QString &name, DWORD type, const QString &value)
        : m_root(root), m_key(key), m_name(wide(name))
    {
        DWORD size = 0;
        if (RegGetValueW(m_root, m_key, m_name.c_str(), RRF_RT_ANY | RRF_NOEXPAND, &m_type, nullptr, &size)
            == ERROR_SUCCESS) {
            m_old.emplace(size, 0);
            RegGetValueW(m_root, m_key, m_name.c_str(), RRF_RT_ANY | RRF_NOEXPAND, &m_type, m_old->data(), &size);
        }
        const std::wstring data = wide(value);
        EXPECT_EQ(RegSetKeyValueW(m_root, m_key, m_name.c_str(), type, data.c_str(),
                                  static_cast<DWORD>((data.size() + 1) * sizeof(wchar_t))),
                  ERROR_SUCCESS);
    }
    ~ScopedValue()
    {
        if (m_old)
            RegSetKeyValueW(m_root, m_key, m_name.c_str(), m_type, m_old->data(), static_cast<DWORD>(m_old->size()));
        else
            RegDeleteKeyValueW(m_root, m_key, m_name.c_str());
    }
    ScopedValue(const ScopedValue &) = delete;
    ScopedValue &operator=(const ScopedValue &) = delete;

private:
    HKEY m_root;
    const wchar_t *m_key;
    std::wstring m_name;
    DWORD m_type = REG_NONE;
    std::optional<std::vector<BYTE>> m_old;
};

// A value as the registry holds it, unexpanded; empty when it is not there.
QString rawValue(HKEY root, const wchar_t *key, const wchar_t *name)
{
    DWORD size = 0;
    if (RegGetValueW(root, key, name, RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ | RRF_NOEXPAND, nullptr, nullptr, &size)
        != ERROR_SUCCESS)
        return {};
    std::vector<wchar_t> data(size / sizeof(wchar_t) + 1);
    RegGetValueW(root, key, name, RRF_RT_REG_SZ | RRF_RT_REG_EXPAND_SZ | RRF_NOEXPAND, nullptr, data.data(), &size);
    return QString::fromWCharArray(data.data());
}

// Windows' own expansion, against this process's environment.
QString windowsExpands(const QString &text)
{
    const std::wstring in = wide(text);
    std::vector<wchar_t> out(32768);
    const DWORD n = ExpandEnvironmentStringsW(in.c_str(), out.data(), static_cast<DWORD>(out.size()));
    EXPECT_GT(n, 0U) << text.toStdString();
    return QString::fromWCharArray(out.data());
}

} // namespace

TEST(TerminalEnvironmentWindows, ExpandsAsExpandEnvironmentStringsDoes)
{
    SetEnvironmentVariableW(L"TD_A", L"alpha");
    SetEnvironmentVariableW(L"TD_B", L"C:\\Users\\\x5f20\x4f1f");
    SetEnvironmentVariableW(L"TD_UNSET", nullptr);
    const QProcessEnvironment own = QProcessEnvironment::systemEnvironment();
    for (const QString &text :
         {QStringLiteral("%TD_A%"), QStringLiteral("%td_a%\\x;%TD_B%"), QStringLiteral("%TD_A%%TD_B%"),
          QStringLiteral("50% and %TD_A%"), QStringLiteral("%TD_UNSET%\\bin"), QStringLiteral("%TD_UNSET%TD_A%"),
          QStringLiteral("%%"), QStringLiteral("%"), QStringLiteral("trailing %TD_A"), QStringLiteral("")})
        EXPECT_EQ(expandWindowsVariables(text, own).toStdString(), windowsExpands(text).toStdString())
            << text.toStdString();
}

TEST(TerminalEnvironmentWindows, IsTheSystemThenTheUserEnvironmentOfTheRegistry)
{
    const QString profile = QProcessEnvironment::systemEnvironment().value(QStringLiteral("USERPROFILE"));
    ASSERT_FALSE(profile.isEmpty());
    const ScopedValue system(HKEY_LOCAL_MACHINE, kSystemKey, QStringLiteral("TD_SYSTEM_DIR"), REG_SZ,
                             QStringLiteral("C:\\td-system"));
    // REG_EXPAND_SZ over a system variable and one Windows sets (USERPROFILE).
    const ScopedValue tools(HKEY_CURRENT_USER, L"Environment", QStringLiteral("TD_TOOLS"), REG_EXPAND_SZ,
                            QStringLiteral("%TD_SYSTEM_DIR%\\tools;%USERPROFILE%\\bin;%TD_NOT_SET%"));
    const ScopedValue path(HKEY_CURRENT_USER, L"Environment", QStringLiteral("Path"), REG_EXPAND_SZ,
                           QStringLiteral("%USERPROFILE%\\td-bin;C:\\\x5f20\x4f1f\\Scripts"));
    const ScopedValue conda(HKEY_CURRENT_USER, L"Environment", QStringLiteral("CONDA_PREFIX"), REG_SZ,
                            QStringLiteral("C:\\conda"));
    // A user value overrides the system's (other than Path).
    const ScopedValue systemTemp(HKEY_LOCAL_MACHINE, kSystemKey, QStringLiteral("TD_BOTH"), REG_SZ,
                                 QStringLiteral("system"));
    const ScopedValue userTemp(HKEY_CURRENT_USER, L"Environment", QStringLiteral("TD_BOTH"), REG_SZ,
                               QStringLiteral("user"));

    const auto terminal = readTerminalEnvironment(QProcessEnvironment::systemEnvironment(), std::chrono::seconds(5));
    ASSERT_TRUE(terminal.ok()) << terminal.error.toStdString();
    const QProcessEnvironment &env = terminal.environment;
    EXPECT_EQ(env.value(QStringLiteral("TD_SYSTEM_DIR")), QStringLiteral("C:\\td-system"));
    EXPECT_EQ(env.value(QStringLiteral("TD_TOOLS")).toStdString(),
              QString(QStringLiteral("C:\\td-system\\tools;") + profile + QStringLiteral("\\bin;%TD_NOT_SET%")).toStdString());
    EXPECT_EQ(env.value(QStringLiteral("TD_BOTH")), QStringLiteral("user"));
    // The user's Path after the system's, both expanded.
    const QString systemPath = windowsExpands(rawValue(HKEY_LOCAL_MACHINE, kSystemKey, L"Path"));
    ASSERT_FALSE(systemPath.isEmpty());
    EXPECT_EQ(env.value(QStringLiteral("PATH")).toStdString(),
              QString(systemPath + u';' + profile + QStringLiteral("\\td-bin;C:\\\x5f20\x4f1f\\Scripts")).toStdString());
    EXPECT_EQ(env.value(QStringLiteral("USERPROFILE")), profile);
    EXPECT_FALSE(env.value(QStringLiteral("SystemRoot")).isEmpty());
    EXPECT_EQ(terminal.registryKeys.size(), 2);

    // Compared with an environment that lacks CONDA_PREFIX, that is what differs.
    QProcessEnvironment own = env;
    own.remove(QStringLiteral("CONDA_PREFIX"));
    const auto differences = loadingDifferences(own, env);
    ASSERT_EQ(differences.size(), 1);
    EXPECT_EQ(differences[0].name, QStringLiteral("CONDA_PREFIX"));
    EXPECT_FALSE(differences[0].here.has_value());
    EXPECT_EQ(differences[0].there, std::optional<QString>(QStringLiteral("C:\\conda")));
}

TEST(TerminalEnvironmentWindows, WhatOnlyThisProcessSetsIsNotThere)
{
    SetEnvironmentVariableW(L"PYTHONPATH", L"C:\\only-here");
    const QProcessEnvironment own = QProcessEnvironment::systemEnvironment();
    const auto terminal = readTerminalEnvironment(own, std::chrono::seconds(5));
    SetEnvironmentVariableW(L"PYTHONPATH", nullptr);
    ASSERT_TRUE(terminal.ok()) << terminal.error.toStdString();
    EXPECT_FALSE(terminal.environment.contains(QStringLiteral("PYTHONPATH")));
    bool named = false;
    for (const auto &d : loadingDifferences(own, terminal.environment))
        if (d.name == QLatin1String("PYTHONPATH")) {
            named = true;
            EXPECT_EQ(d.here, std::optional<QString>(QStringLiteral("C:\\only-here")));
            EXPECT_FALSE(d.there.has_value());
        }
    EXPECT_TRUE(named);
}
