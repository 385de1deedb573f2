# SPDX-License-Identifier: GPL-3.0-or-later
# Install-time deploy of the mingw-w64 build (run by `cmake --install` and CPack):
# every DLL that the executables import, directly or not, is found by reading
# their import tables (objdump) and copied into bin/; the Qt plugins are what the
# Qt modules among those imports load at run time (as windeployqt picks them:
# Gui the windows platform plugin and the image formats, Widgets the styles,
# Network the TLS backends), and what they import is deployed the same way. An
# import that is neither found there nor a DLL of Windows itself (the Wine
# System32 folder serves as the list) fails the install: nothing the application
# needs may be missing.
# Configured by installer/CMakeLists.txt as deploy-mingw-config.cmake.
cmake_policy(PUSH)
cmake_policy(SET CMP0057 NEW) # if(... IN_LIST ...), in an install script too
include("${CMAKE_CURRENT_LIST_DIR}/deploy-mingw-config.cmake")

# Where the files are now (bin) and where file(INSTALL) is told to put them (it adds DESTDIR itself).
set(bin "$ENV{DESTDIR}${CMAKE_INSTALL_PREFIX}/${TD_DEPLOY_BINDIR}")
set(install_bin "${CMAKE_INSTALL_PREFIX}/${TD_DEPLOY_BINDIR}")
set(executables "")
foreach(name IN LISTS TD_DEPLOY_EXECUTABLES)
    list(APPEND executables "${bin}/${name}")
endforeach()

set(CMAKE_GET_RUNTIME_DEPENDENCIES_PLATFORM "windows+pe")
set(CMAKE_GET_RUNTIME_DEPENDENCIES_TOOL "objdump")
set(CMAKE_GET_RUNTIME_DEPENDENCIES_COMMAND "${TD_DEPLOY_OBJDUMP}")
# The DLL folders by lower-case file name: file(GET_RUNTIME_DEPENDENCIES) lower-cases
# PE import names and then finds Qt6Core.dll as qt6core.dll only on a file system
# that ignores case; here the imports it leaves unresolved are looked up again.
foreach(dir IN LISTS TD_DEPLOY_DLL_DIRS)
    file(GLOB dlls "${dir}/*.dll")
    foreach(dll IN LISTS dlls)
        get_filename_component(name "${dll}" NAME)
        string(TOLOWER "${name}" lower)
        if(NOT DEFINED dll_at_${lower})
            set(dll_at_${lower} "${dll}")
        endif()
    endforeach()
endforeach()

# td_imports(OUT_PREFIX FILES...): what FILES import, directly or not, resolved in the
# DLL folders (OUT_PREFIX_resolved), and the names found nowhere (OUT_PREFIX_unresolved).
function(td_imports out)
    set(todo ${ARGN})
    set(all_resolved "")
    set(all_unresolved "")
    while(todo)
        file(GET_RUNTIME_DEPENDENCIES
            LIBRARIES ${todo}
            DIRECTORIES ${TD_DEPLOY_DLL_DIRS}
            # API sets are never files; Windows maps them to its own DLLs.
            PRE_EXCLUDE_REGEXES "^[Aa][Pp][Ii]-" "^[Ee][Xx][Tt]-"
            RESOLVED_DEPENDENCIES_VAR resolved
            UNRESOLVED_DEPENDENCIES_VAR unresolved
            CONFLICTING_DEPENDENCIES_PREFIX conflicting)
        if(conflicting_FILENAMES)
            message(FATAL_ERROR "deploy: more than one copy of ${conflicting_FILENAMES} in ${TD_DEPLOY_DLL_DIRS}")
        endif()
        set(todo "")
        foreach(dll IN LISTS resolved)
            if(NOT dll IN_LIST all_resolved)
                list(APPEND all_resolved "${dll}")
            endif()
        endforeach()
        foreach(name IN LISTS unresolved)
            string(TOLOWER "${name}" lower)
            if(DEFINED dll_at_${lower})
                if(NOT dll_at_${lower} IN_LIST all_resolved)
                    list(APPEND all_resolved "${dll_at_${lower}}")
                    list(APPEND todo "${dll_at_${lower}}")
                endif()
            elseif(NOT lower IN_LIST all_unresolved)
                list(APPEND all_unresolved "${lower}")
            endif()
        endforeach()
    endwhile()
    set(${out}_resolved "${all_resolved}" PARENT_SCOPE)
    set(${out}_unresolved "${all_unresolved}" PARENT_SCOPE)
endfunction()

td_imports(programs ${executables})
# The plugin folders each imported Qt module loads from (platforms: only the real
# Windows one; offscreen and minimal are for tests).
set(plugin_globs_Qt6Gui "platforms/qwindows.dll" "imageformats/*.dll" "iconengines/*.dll")
set(plugin_globs_Qt6Widgets "styles/*.dll")
set(plugin_globs_Qt6Network "tls/*.dll" "networkinformation/*.dll")
set(plugins "")
foreach(dll IN LISTS programs_resolved)
    get_filename_component(module "${dll}" NAME_WE)
    foreach(pattern IN LISTS plugin_globs_${module})
        file(GLOB found RELATIVE "${TD_DEPLOY_QT_PLUGIN_DIR}" "${TD_DEPLOY_QT_PLUGIN_DIR}/${pattern}")
        foreach(plugin IN LISTS found)
            get_filename_component(category "${plugin}" DIRECTORY)
            file(INSTALL "${TD_DEPLOY_QT_PLUGIN_DIR}/${plugin}" DESTINATION "${install_bin}/${category}")
            list(APPEND plugins "${bin}/${plugin}")
        endforeach()
    endforeach()
endforeach()
if(NOT plugins MATCHES "platforms/qwindows.dll")
    message(FATAL_ERROR "deploy: no platforms/qwindows.dll in ${TD_DEPLOY_QT_PLUGIN_DIR} for ${programs_resolved}")
endif()
td_imports(plugins ${plugins})
set(resolved ${programs_resolved} ${plugins_resolved})
set(unresolved ${programs_unresolved} ${plugins_unresolved})
list(REMOVE_DUPLICATES resolved)
list(REMOVE_DUPLICATES unresolved)

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
    file(INSTALL "${dll}" DESTINATION "${install_bin}")
endforeach()
list(LENGTH resolved count)
list(LENGTH plugins plugin_count)
message(STATUS "deploy: ${count} DLLs from the imports, ${plugin_count} Qt plugins; from Windows itself: ${unresolved}")
cmake_policy(POP)
