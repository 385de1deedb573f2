# SPDX-License-Identifier: GPL-3.0-or-later
# One INTERFACE target carries the language standard, warnings and Qt strictness.
add_library(td_options INTERFACE)
add_library(td::options ALIAS td_options)

target_compile_features(td_options INTERFACE cxx_std_20)
set(CMAKE_CXX_EXTENSIONS OFF)

option(TD_WARNINGS_AS_ERRORS "Treat compiler warnings as errors" OFF)

if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(td_options INTERFACE
        -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast
        -Wcast-align -Wunused -Woverloaded-virtual -Wconversion -Wsign-conversion
        -Wnull-dereference -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough)
    if(TD_WARNINGS_AS_ERRORS)
        target_compile_options(td_options INTERFACE -Werror)
    endif()
elseif(MSVC)
    target_compile_options(td_options INTERFACE /W4 /permissive- /utf-8)
    if(TD_WARNINGS_AS_ERRORS)
        target_compile_options(td_options INTERFACE /WX)
    endif()
endif()

target_compile_definitions(td_options INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_NO_FOREACH
    QT_USE_QSTRINGBUILDER
    QT_DISABLE_DEPRECATED_UP_TO=0x060400
    $<$<CONFIG:Release>:QT_NO_DEBUG_OUTPUT>)

# A compiler cache, where there is one (ccache: tools/packages.txt). CI builds the same core in
# the dev and no-gui trees: with paths taken relative to the source folder and the build
# folder left out of the key, the second tree gets the first one's objects.
option(TD_CCACHE "Compile through ccache when it is installed" ON)
find_program(TD_CCACHE_PROGRAM ccache)
if(TD_CCACHE AND TD_CCACHE_PROGRAM AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
    set(td_launcher "${CMAKE_COMMAND}" -E env "CCACHE_BASEDIR=${CMAKE_SOURCE_DIR}" CCACHE_NOHASHDIR=1
        "${TD_CCACHE_PROGRAM}")
    set(CMAKE_C_COMPILER_LAUNCHER ${td_launcher})
    set(CMAKE_CXX_COMPILER_LAUNCHER ${td_launcher})
endif()
