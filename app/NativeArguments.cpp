// SPDX-License-Identifier: GPL-3.0-or-later
#include "NativeArguments.h"

#include "platform/NativePath.h"

#include <QFile>
#include <QHash>

#include <algorithm>

namespace td::app {

namespace {
// Decoded text -> raw bytes, for every argument and every "--option=value" value.
QHash<QString, std::string> &byDecoded()
{
    static QHash<QString, std::string> map;
    return map;
}

QString decode(const std::string &raw)
{
    return QString::fromLocal8Bit(raw.data(), static_cast<qsizetype>(raw.size()));
}
} // namespace

void setNativeArguments(int argc, char **argv)
{
    auto &map = byDecoded();
    map.clear();
    for (int i = 0; i < argc; ++i) {
        const std::string raw = argv[i];
        // ASCII decodes and encodes back unchanged: only the others need the map.
        if (std::all_of(raw.begin(), raw.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
            continue;
        map.insert(decode(raw), raw);
        const auto eq = raw.find('=');
        if (raw.rfind("--", 0) == 0 && eq != std::string::npos)
            map.insert(decode(raw.substr(eq + 1)), raw.substr(eq + 1));
    }
}

std::string nativeArgument(const QString &decoded)
{
#ifndef Q_OS_WIN // Qt reads Windows arguments from the wide command line: nothing was lost
    const auto &map = byDecoded();
    if (const auto it = map.constFind(decoded); it != map.constEnd())
        return *it;
#endif
    return platform::nativePath(decoded);
}

} // namespace td::app
