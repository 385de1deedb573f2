// SPDX-License-Identifier: GPL-3.0-or-later
#include "KnownDlls.h"

#include <algorithm>
#include <cctype>

namespace td::loader::knowndlls {

const std::vector<std::string> &all()
{
#define TD_KNOWN_DLL(name) name,
    static const std::vector<std::string> list{
#include "../../resources/windows/knowndlls.inc"
    };
#undef TD_KNOWN_DLL
    return list;
}

bool isKnownDll(const std::string &name)
{
    std::string l(name);
    std::transform(l.begin(), l.end(), l.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto &list = all();
    return std::find(list.begin(), list.end(), l) != list.end();
}

} // namespace td::loader::knowndlls
