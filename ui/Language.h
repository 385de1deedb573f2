// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "platform/Language.h"

namespace td::ui {

// The wizard's language is the one every command uses.
using Language = platform::Language;

} // namespace td::ui
