// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QString>
#include <QtGlobal>

#include <map>
#include <optional>
#include <string>

namespace td::test {

// Variables of this process set or unset for a while, as they were again afterwards.
class ScopedEnvironment {
public:
    ScopedEnvironment() = default;
    ScopedEnvironment(const ScopedEnvironment &) = delete;
    ScopedEnvironment &operator=(const ScopedEnvironment &) = delete;
    ~ScopedEnvironment()
    {
        for (const auto &[name, value] : m_saved) {
            if (value)
                qputenv(name.c_str(), *value);
            else
                qunsetenv(name.c_str());
        }
    }
    void set(const std::string &name, const std::string &value)
    {
        save(name);
        qputenv(name.c_str(), QByteArray::fromStdString(value));
    }
    void set(const std::string &name, const char *value) { set(name, std::string(value)); }
    void set(const std::string &name, const QString &value) { set(name, value.toStdString()); }
    void unset(const std::string &name)
    {
        save(name);
        qunsetenv(name.c_str());
    }

private:
    void save(const std::string &name)
    {
        if (!m_saved.count(name))
            m_saved[name] =
                qEnvironmentVariableIsSet(name.c_str()) ? std::optional(qgetenv(name.c_str())) : std::nullopt;
    }
    std::map<std::string, std::optional<QByteArray>> m_saved;
};

} // namespace td::test
