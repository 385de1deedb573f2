// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/OriginalEnvironment.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QMutex>
#include <QProcessEnvironment>
#include <QString>

#include <memory>
#include <vector>

namespace td::report {

// What is private on this machine: where it is replaced, and by what.
struct RedactionContext {
    QString homeDir;                 // replaced by "~" (both separator styles, and its canonical form if a link)
    QString userName;                // replaced by "<user>" as a path component or a word, never inside other words
    QString hostName;                // replaced by "<host>" as a word, case-insensitive
    QProcessEnvironment environment; // the values of variables with secret names are removed wherever they appear

    static RedactionContext fromSystem(const QProcessEnvironment &env = td::platform::originalEnvironment());
};

// Removes everything private from text that goes into a report: home folders,
// the user and host names, secrets (by the names of the variables holding
// them and by their shape), credentials in URLs, GPU UUIDs and serial numbers.
// Every replacement names what it hid ("<redacted:hf-token>"), and redacting
// already redacted text changes nothing. Safe to share between threads.
class Redactor {
public:
    explicit Redactor(RedactionContext context);
    ~Redactor();
    Redactor(const Redactor &) = delete;
    Redactor &operator=(const Redactor &) = delete;

    [[nodiscard]] QString redact(const QString &text) const;
    // Every string in the tree; keys are kept. A string under a secret-named
    // key ("api_key", "HF_TOKEN") is replaced whole.
    [[nodiscard]] QJsonValue redact(const QJsonValue &value) const;
    [[nodiscard]] QJsonObject redact(const QJsonObject &object) const;

    // TOKEN, KEY, SECRET, PASSWORD, PASS, AUTH, COOKIE, SESSION ... as a part
    // of the name ("HF_TOKEN", "OPENAI_API_KEY", "DB_PASS", "apiKey"), not
    // inside another word ("KEYBOARD", "BYPASS", "TOKENIZERS_PARALLELISM"),
    // and not for names of files, lengths or switches ("PASSWORD_FILE").
    [[nodiscard]] static bool isSecretName(const QString &variableName);

    // How many replacements each rule made since the last resetCounts(), for
    // the report's stamp: {"home": 4, "secret-value": 1, "url-credentials": 2}.
    [[nodiscard]] QMap<QString, int> counts() const;
    void resetCounts();

    [[nodiscard]] const RedactionContext &context() const { return m_context; }

    struct Rule;

private:
    QJsonValue redactValue(const QJsonValue &value, const QString &key, QMap<QString, int> &counts) const;
    QString redactText(const QString &text, QMap<QString, int> &counts) const;
    void addCounts(const QMap<QString, int> &counts) const;

    RedactionContext m_context;
    std::vector<std::unique_ptr<Rule>> m_rules;
    mutable QMutex m_countsMutex;
    mutable QMap<QString, int> m_counts;
};

} // namespace td::report
