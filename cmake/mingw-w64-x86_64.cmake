# SPDX-License-Identifier: GPL-3.0-or-later
# Cross-compiling for 64-bit Windows with Debian's mingw-w64 (gcc, posix threads:
# std::thread and std::mutex need them). Used for the Qt built by
# tools/build-qt-mingw.sh and for the windows-x64 presets.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(TD_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${TD_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${TD_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${TD_MINGW_TRIPLE}-windres)

# The prefix tools/build-qt-mingw.sh installs into (Qt, libarchive, GoogleTest and
# the header-only spdlog/fmt), keyed by the host Qt version: QT_HOST_PATH's moc,
# rcc and uic must be the same version.
if(NOT TD_MINGW_PREFIX)
    if(DEFINED ENV{TD_MINGW_PREFIX})
        set(TD_MINGW_PREFIX "$ENV{TD_MINGW_PREFIX}")
    else()
        if(DEFINED ENV{XDG_CACHE_HOME} AND NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
            set(td_cache "$ENV{XDG_CACHE_HOME}")
        else()
            set(td_cache "$ENV{HOME}/.cache")
        endif()
        file(STRINGS /usr/lib/x86_64-linux-gnu/cmake/Qt6/Qt6ConfigVersionImpl.cmake td_qt_version_line
            REGEX "set\\(PACKAGE_VERSION \"[0-9.]+\"\\)")
        string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" td_host_qt_version "${td_qt_version_line}")
        set(TD_MINGW_PREFIX "${td_cache}/torchdoctor/qt-${td_host_qt_version}-mingw-w64/prefix")
    endif()
endif()
set(TD_MINGW_PREFIX "${TD_MINGW_PREFIX}" CACHE PATH "The mingw-w64 prefix of tools/build-qt-mingw.sh")

set(CMAKE_FIND_ROOT_PATH /usr/${TD_MINGW_TRIPLE} "${TD_MINGW_PREFIX}")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Qt's build tools (moc, rcc, uic, lrelease) come from the host Qt.
set(QT_HOST_PATH /usr CACHE PATH "")
set(Qt6HostInfo_DIR /usr/lib/x86_64-linux-gnu/cmake/Qt6HostInfo CACHE PATH "")
