# SPDX-License-Identifier: GPL-3.0-or-later
# Install-time deploy of the mingw-w64 build (run by `cmake --install` and CPack):
# the Qt plugins the application loads are copied next to it, then every DLL that
# the executables and those plugins import, directly or not, is found by reading
# their import tables (objdump) and copied into bin/. An import that is neither
# found there nor a DLL of Windows itself (the Wine System32 folder serves as the
# list) fails the install: nothing the application needs may be missing.
# Configured by installer/CMakeLists.txt as deploy-mingw-config.cmake.
include("${CMAKE_CURRENT_LIST_DIR}/deploy-mingw-config.cmake")

set(bin "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/${TD_DEPLOY_BINDIR}")
set(executables "")
foreach(name IN LISTS TD_DEPLOY_EXECUTABLES)
    list(APPEND executables "${bin}/${name}")
endforeach()

set(plugins "")
foreach(plugin IN LISTS TD_DEPLOY_PLUGINS)
    get_filename_component(category "${plugin}" DIRECTORY)
    file(INSTALL "${TD_DEPLOY_QT_PLUGIN_DIR}/${plugin}.dll" DESTINATION "${bin}/${category}")
    list(APPEND plugins "${bin}/${plugin}.dll")
endforeach()

set(CMAKE_GET_RUNTIME_DEPENDENCIES_PLATFORM "windows+pe")
set(CMAKE_GET_RUNTIME_DEPENDENCIES_TOOL "objdump")
set(CMAKE_GET_RUNTIME_DEPENDENCIES_COMMAND "${TD_DEPLOY_OBJDUMP}")
file(GET_RUNTIME_DEPENDENCIES
    EXECUTABLES ${executables}
    LIBRARIES ${plugins}
    DIRECTORIES ${TD_DEPLOY_DLL_DIRS}
    # API sets are never files; Windows maps them to its own DLLs.
    PRE_EXCLUDE_REGEXES "^[Aa][Pp][Ii]-" "^[Ee][Xx][Tt]-"
    RESOLVED_DEPENDENCIES_VAR resolved
    UNRESOLVED_DEPENDENCIES_VAR unresolved
    CONFLICTING_DEPENDENCIES_PREFIX conflicting)
if(conflicting_FILENAMES)
    message(FATAL_ERROR "deploy: more than one copy of ${conflicting_FILENAMES} in ${TD_DEPLOY_DLL_DIRS}")
endif()

file(GLOB system_dlls RELATIVE "${TD_DEPLOY_SYSTEM_DLL_DIR}" "${TD_DEPLOY_SYSTEM_DLL_DIR}/*.dll")
string(TOLOWER "${system_dlls}" system_dlls)
set(missing "")
foreach(name IN LISTS unresolved)
    string(TOLOWER "${name}" lower)
    if(NOT lower IN_LIST system_dlls)
        list(APPEND missing "${name}")
    endif()
endforeach()
if(missing)
    message(FATAL_ERROR "deploy: imported, but neither found in ${TD_DEPLOY_DLL_DIRS} nor a Windows DLL: ${missing}")
endif()

foreach(dll IN LISTS resolved)
    file(INSTALL "${dll}" DESTINATION "${bin}")
endforeach()
list(LENGTH resolved count)
message(STATUS "deploy: ${count} DLLs from the imports; from Windows itself: ${unresolved}")
