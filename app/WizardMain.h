// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The wizard, as the bare `torchdoctor` opens it. On Linux it lives in its own
// module (torchdoctor-wizard), loaded only then, so that the command line
// never loads Qt Widgets, Qt Gui and what they pull in (a third of the start
// time and of the memory of `torchdoctor deps`); elsewhere it is linked in.
#include "Module.h"

#define TD_WIZARD_ENTRY "td_run_wizard"

TD_MODULE_ENTRY int td_run_wizard(int argc, char *argv[], bool debug);
