// SPDX-License-Identifier: GPL-3.0-or-later
#include "Emulator.h"

namespace td::loader {

std::unique_ptr<Emulator> makeWindowsEmulator(const DepsOptions &, BinaryCache &)
{
    return nullptr; // pending
}

} // namespace td::loader
