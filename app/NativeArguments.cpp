// SPDX-License-Identifier: GPL-3.0-or-later
#include "NativeArguments.h"

#include <QFile>

#include <vector>

namespace td::app {

namespace {
std::vector<std::string> &rawArguments()
{
    static std::vector<std::string> args;
    return args;
}
} // namespace

void setNativeArguments(int argc, char **argv)
{
    rawArguments().assign(argv, argv + argc);
}

std::string nativeArgument(const QString &decoded)
{
    for (const std::string &raw : rawArguments()) {
        if (QString::fromLocal8Bit(raw.data(), static_cast<qsizetype>(raw.size())) == decoded)
            return raw;
        const auto eq = raw.find('=');
        if (raw.rfind("--", 0) == 0 && eq != std::string::npos) {
            const std::string value = raw.substr(eq + 1);
            if (QString::fromLocal8Bit(value.data(), static_cast<qsizetype>(value.size())) == decoded)
                return value;
        }
    }
    return QFile::encodeName(decoded).toStdString();
}

} // namespace td::app
