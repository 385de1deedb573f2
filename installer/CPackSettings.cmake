# SPDX-License-Identifier: GPL-3.0-or-later
# The packages: a .deb on Linux, an NSIS installer on Windows, a disk image on
# macOS. Included from the top-level CMakeLists.txt; what they install is in
# installer/CMakeLists.txt, which also names the artwork (TD_WINDOWS_ICON,
# TD_MACOS_ICON). Build one with `cpack` in a configured build folder.

set(TD_PACKAGE_CONTACT "TorchDoctor developers <dev@torchdoctor.invalid>"
    CACHE STRING "The package maintainer, as \"Name <email>\"")

set(CPACK_PACKAGE_NAME "torchdoctor")
set(CPACK_PACKAGE_VENDOR "TorchDoctor")
set(CPACK_PACKAGE_CONTACT "${TD_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
set(CPACK_PACKAGE_DESCRIPTION
    "TorchDoctor finds out why PyTorch will not load, or why it runs on the CPU, and says what to do.
It names the exact file behind errors such as a missing DLL or shared library, a GLIBCXX version
that is not found or an undefined symbol, follows every native dependency the way the real loader
does (Linux, Windows and macOS libraries alike), compares the GPU, the driver and torch's CUDA
build, repairs step by step with undo, and exports redacted support reports.")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_HOMEPAGE_URL "${PROJECT_HOMEPAGE_URL}")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "TorchDoctor")
set(CPACK_PACKAGE_INSTALL_REGISTRY_KEY "TorchDoctor")
set(CPACK_RESOURCE_FILE_LICENSE "${CMAKE_SOURCE_DIR}/LICENSE")
set(CPACK_STRIP_FILES ON)

if(WIN32)
    # NSIS: Start-menu entry, uninstaller (with an entry in Apps & features), licence page.
    # The installer does not add its folder to PATH: the VC++ runtime DLLs deployed there
    # must never shadow the ones torch finds.
    set(CPACK_GENERATOR "NSIS;ZIP")
    set(CPACK_PACKAGE_FILE_NAME "TorchDoctor-${PROJECT_VERSION}-win64")
    set(CPACK_PACKAGE_EXECUTABLES "torchdoctor;TorchDoctor")
    set(CPACK_NSIS_PACKAGE_NAME "TorchDoctor")
    set(CPACK_NSIS_DISPLAY_NAME "TorchDoctor ${PROJECT_VERSION}")
    set(CPACK_NSIS_MUI_ICON "${TD_WINDOWS_ICON}")
    set(CPACK_NSIS_MUI_UNIICON "${TD_WINDOWS_ICON}")
    set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\\\torchdoctor.exe")
    set(CPACK_NSIS_EXECUTABLES_DIRECTORY "bin")
    set(CPACK_NSIS_MUI_FINISHPAGE_RUN "torchdoctor.exe")
    set(CPACK_NSIS_URL_INFO_ABOUT "${PROJECT_HOMEPAGE_URL}")
    set(CPACK_NSIS_HELP_LINK "${PROJECT_HOMEPAGE_URL}/issues")
    set(CPACK_NSIS_CONTACT "${TD_PACKAGE_CONTACT}")
    set(CPACK_NSIS_MODIFY_PATH OFF)
    set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
    set(CPACK_NSIS_INSTALL_ROOT "$PROGRAMFILES64")
    # A 64-bit installer (NSIS's amd64-unicode stubs): it runs where only 64-bit Windows
    # programs do (a 64-bit-only Wine included), and its registry view is the 64-bit one.
    set(CPACK_NSIS_DEFINES "Target amd64-unicode")
    set(CPACK_NSIS_COMPRESSOR "/SOLID lzma")
elseif(APPLE)
    # A disk image holding TorchDoctor.app, to drag into Applications.
    set(CPACK_GENERATOR "DragNDrop")
    set(CPACK_PACKAGE_FILE_NAME "TorchDoctor-${PROJECT_VERSION}-macos")
    set(CPACK_DMG_VOLUME_NAME "TorchDoctor")
    set(CPACK_DMG_FORMAT "UDZO")
    set(CPACK_PACKAGE_ICON "${TD_MACOS_ICON}")
    set(CPACK_DMG_SLA_USE_RESOURCE_FILE_LICENSE OFF)
else()
    # Debian: Depends is computed by dpkg-shlibdeps from the libraries the binary
    # links (dpkg-dev), so it follows the link line by itself.
    set(CPACK_GENERATOR "DEB;TGZ")
    set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
    set(CPACK_DEBIAN_PACKAGE_NAME "torchdoctor")
    set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
    set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
    set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PROJECT_HOMEPAGE_URL}")
    set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
    set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
    set(CPACK_DEBIAN_COMPRESSION_TYPE "xz")
    # Chinese text needs a CJK font; a desktop without one shows boxes.
    set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-noto-cjk | fonts-wqy-microhei")
    # Qt loads its platform plugins (xcb, wayland) and the SVG icon engine at run
    # time, where dpkg-shlibdeps cannot see them: a windowed build names them.
    # PACKAGES_FOUND sees Qt Gui wherever it was found (ui/, say), unlike TARGET.
    get_property(td_packages_found GLOBAL PROPERTY PACKAGES_FOUND)
    if("Qt6Gui" IN_LIST td_packages_found)
        set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins, libqt6svg6")
    endif()
endif()

include(CPack)
