# SPDX-License-Identifier: GPL-3.0-or-later
# Running the cross-built tests under wine64: tests/windows/wine.sh is CTest's
# emulator for every Windows program, with this build's DLL folders on WINEPATH.
find_program(TD_WINE64 wine64 PATHS /usr/lib/wine NO_DEFAULT_PATH)
find_program(TD_WINE64 wine64)
find_program(TD_WINESERVER wineserver64 wineserver PATHS /usr/lib/wine)
if(NOT TD_WINE64 OR NOT TD_WINESERVER)
    message(FATAL_ERROR "The Windows tests run under Wine: wine64 and wineserver were not found "
        "(Debian: wine64, see tools/packages.txt).")
endif()

# Where the DLLs the programs import live: Qt and the libraries of tools/build-qt-mingw.sh,
# and mingw-w64's runtime (libstdc++, libgcc_s_seh, libwinpthread, zlib1).
execute_process(COMMAND "${CMAKE_CXX_COMPILER}" -print-file-name=libstdc++-6.dll
    OUTPUT_VARIABLE td_libstdcxx_dll OUTPUT_STRIP_TRAILING_WHITESPACE)
get_filename_component(td_gcc_runtime_dir "${td_libstdcxx_dll}" DIRECTORY)
set(TD_WINE_DLL_DIRS "${TD_MINGW_PREFIX}/bin" "${td_gcc_runtime_dir}" "/usr/${TD_MINGW_TRIPLE}/lib")
list(JOIN TD_WINE_DLL_DIRS " " TD_WINE_DLL_DIRS)
set(TD_WINEPREFIX "${CMAKE_BINARY_DIR}/wine/prefix")
configure_file(${CMAKE_CURRENT_LIST_DIR}/wine.sh.in ${CMAKE_BINARY_DIR}/wine.sh @ONLY
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
set(TD_WINE_SH "${CMAKE_BINARY_DIR}/wine.sh")
set(CMAKE_CROSSCOMPILING_EMULATOR "${TD_WINE_SH}")

# A fresh prefix before the Windows tests, removed after them.
add_test(NAME windows.wine-prefix COMMAND "${TD_WINE_SH}" fresh)
set_tests_properties(windows.wine-prefix PROPERTIES LABELS "windows" FIXTURES_SETUP wine TIMEOUT 300)
add_test(NAME windows.wine-prefix-removed COMMAND "${TD_WINE_SH}" stop)
set_tests_properties(windows.wine-prefix-removed PROPERTIES LABELS "windows" FIXTURES_CLEANUP wine)

# td_add_windows_test(TARGET [TIMEOUT s] [LABELS ...] [EXCLUDE patterns] [FIXTURES name]): TARGET
# as one CTest test under Wine, without the cases EXCLUDE names (':'-separated GoogleTest
# patterns), after the set-up of FIXTURES (run on Linux) besides the prefix.
function(td_add_windows_test target)
    cmake_parse_arguments(ARG "" "TIMEOUT;EXCLUDE;FIXTURES" "LABELS" ${ARGN})
    if(NOT ARG_TIMEOUT)
        set(ARG_TIMEOUT 300)
    endif()
    set(filter "")
    if(ARG_EXCLUDE)
        set(filter "--gtest_filter=-${ARG_EXCLUDE}")
    endif()
    set(fixtures wine ${ARG_FIXTURES})
    set_target_properties(${target} PROPERTIES CROSSCOMPILING_EMULATOR "${TD_WINE_SH}")
    add_test(NAME windows.${target} COMMAND ${target} --gtest_brief=1 ${filter})
    set_tests_properties(windows.${target} PROPERTIES
        LABELS "windows;${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT} FIXTURES_REQUIRED "${fixtures}"
        # A failed case prints "[  FAILED  ]"; none may, whatever the exit code says.
        FAIL_REGULAR_EXPRESSION "\\[  FAILED  \\]")
endfunction()
