// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/NativeText.h"

#include <algorithm>

namespace td::platform {

std::size_t utf8SequenceLength(std::string_view bytes, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(bytes[k]); };
    const unsigned char c = byte(i);
    std::size_t len = 0;
    if (c < 0x80)
        len = 1;
    else if (c >= 0xc2 && c <= 0xdf)
        len = 2;
    else if (c >= 0xe0 && c <= 0xef)
        len = 3;
    else if (c >= 0xf0 && c <= 0xf4)
        len = 4;
    if (len == 0 || i + len > bytes.size())
        return 0;
    for (std::size_t k = 1; k < len; ++k)
        if ((byte(i + k) & 0xc0) != 0x80)
            return 0;
    if (len == 3 && ((c == 0xe0 && byte(i + 1) < 0xa0) || (c == 0xed && byte(i + 1) >= 0xa0)))
        return 0;
    if (len == 4 && ((c == 0xf0 && byte(i + 1) < 0x90) || (c == 0xf4 && byte(i + 1) >= 0x90)))
        return 0;
    return len;
}

void appendNativeText(std::string &out, std::string_view bytes)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (std::size_t i = 0; i < bytes.size();) {
        // Copy the longest run that needs no change in one go.
        const std::size_t j = keptRunEnd(bytes, i, [](unsigned char) { return true; });
        out.append(bytes.substr(i, j - i));
        if (j == bytes.size())
            break;
        const auto c = static_cast<unsigned char>(bytes[j]);
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 0xf];
        i = j + 1;
    }
}

void appendLatin1(std::string &out, std::string_view text)
{
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
            out += ch;
        } else {
            out += static_cast<char>(0xc0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3f));
        }
    }
}

QString fromNativeBytes(const std::string &bytes)
{
    // Almost every name is plain ASCII: convert those in one go.
    if (std::all_of(bytes.begin(), bytes.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; }))
        return QString::fromLatin1(bytes.data(), static_cast<qsizetype>(bytes.size()));
    std::string text;
    appendNativeText(text, bytes);
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace td::platform
