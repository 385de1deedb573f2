/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A python.exe that is not one, for the tests that run TorchDoctor on a broken
 * interpreter: built as fake-python-hang.exe (never answers) and
 * fake-python-crash.exe (an access violation, as a broken DLL gives). */
#include <windows.h>

int main(void)
{
#ifdef TD_FAKE_PYTHON_CRASH
    volatile int *nowhere = (volatile int *)(ULONG_PTR)0x10;
    *nowhere = 1;
#endif
    Sleep(INFINITE);
    return 0;
}
