// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/ProcessRunner.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <memory>
#include <optional>

namespace td::knowledge {
class KnowledgeBase;
}

namespace td::app {

// What every command starts from: its language, the knowledge base, and
// Ctrl+C that cancels what runs instead of killing it midway.

// --lang: every command accepts it (runCli has applied it by then).
QCommandLineOption languageOption();

// Installs the language --lang names anywhere in `arguments` (or, without
// it, the system's) and takes a leading --lang out of them. false, after
// saying why on `err`, when --lang names a language this build does not have.
bool applyLanguage(QStringList &arguments, QTextStream &err);

// Parses `arguments` for `torchdoctor <command>`. An exit code when the
// command ends here: Healthy after printing the help it was asked for,
// Usage after saying on `err` what the parser rejects; nullopt: go on.
std::optional<int> parseArguments(QCommandLineParser &parser, const QStringList &arguments, const char *command,
                                  QTextStream &out, QTextStream &err);

// The knowledge base shipped with this build; nullptr (after saying why)
// when it is damaged.
std::shared_ptr<knowledge::KnowledgeBase> loadKnowledge(QTextStream &err);

// While it lives, Ctrl+C, SIGTERM and SIGHUP (a closed terminal) cancel `cancel`.
class InterruptGuard {
public:
    explicit InterruptGuard(platform::CancelToken &cancel);
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard &) = delete;
    InterruptGuard &operator=(const InterruptGuard &) = delete;
};

} // namespace td::app
