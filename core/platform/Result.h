// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>
#include <utility>

namespace td::platform {

// What went wrong, in words for the user.
struct Error {
    QString message;
};

// core's one way to say that something failed: a value, or an Error. The
// shape of C++23's std::expected<T, QString> (and of qBittorrent's
// nonstd::expected in src/base/utils/io.h), for C++20:
//     Result<QByteArray> read(...);  if (!r) return Error{r.error()}; use(*r);
template <class T>
class [[nodiscard]] Result {
public:
    Result(T v) : m_value(std::move(v)) {} // implicit, as with std::expected
    Result(Error error) : m_error(std::move(error.message)) {}

    [[nodiscard]] bool hasValue() const { return m_value.has_value(); }
    explicit operator bool() const { return hasValue(); }
    [[nodiscard]] const T &value() const & { return *m_value; }
    [[nodiscard]] T &value() & { return *m_value; }
    [[nodiscard]] T &&value() && { return std::move(*m_value); }
    const T &operator*() const & { return *m_value; }
    T &operator*() & { return *m_value; }
    T &&operator*() && { return std::move(*m_value); }
    const T *operator->() const { return &*m_value; }
    T *operator->() { return &*m_value; }
    template <class U>
    [[nodiscard]] T value_or(U &&fallback) const &
    {
        return m_value ? *m_value : static_cast<T>(std::forward<U>(fallback));
    }
    [[nodiscard]] const QString &error() const { return m_error; }

private:
    std::optional<T> m_value;
    QString m_error;
};

template <>
class [[nodiscard]] Result<void> {
public:
    Result() = default;
    Result(Error error) : m_failed(true), m_error(std::move(error.message)) {}

    [[nodiscard]] bool hasValue() const { return !m_failed; }
    explicit operator bool() const { return hasValue(); }
    [[nodiscard]] const QString &error() const { return m_error; }

private:
    bool m_failed = false;
    QString m_error;
};

} // namespace td::platform
