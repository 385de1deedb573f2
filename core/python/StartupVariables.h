// SPDX-License-Identifier: GPL-3.0-or-later
// The environment variables that change how a Python starts or what the loader gives it, and which of them
// keeps an interpreter from starting: found by starting it without each, not by reading its error's words.
#pragma once

#include "platform/ProcessRunner.h"
#include "python/Interpreter.h"

#include <QProcessEnvironment>
#include <QStringList>

#include <chrono>
#include <optional>

namespace td::python {

// PYTHONHOME, PYTHONPATH, LD_PRELOAD, LD_LIBRARY_PATH, DYLD_* ...: what Python or the loader reads at a start.
QStringList startupVariables();

// The entries of a list variable as the reader of `variable` splits them (LD_PRELOAD: spaces or colons).
QStringList entriesOf(const QString &variable, const QString &value);

// When `executable` does not start in `environment`: the variable of startupVariables() without which it
// starts, and the one entry of it that is enough to take out when one is. Each try is a real start.
std::optional<StartBlocker> whatStopsStart(const QString &executable, std::chrono::milliseconds timeout,
                                           const platform::CancelToken &cancel, const QProcessEnvironment &environment);

} // namespace td::python
