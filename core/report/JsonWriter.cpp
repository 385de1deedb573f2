// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/JsonWriter.h"

#include "platform/NativeText.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstring>

namespace td::report {

using platform::appendLatin1;
using platform::appendNativeText;
using platform::keptRunEnd;

namespace {

constexpr char kHex[] = "0123456789abcdef";

// ASCII that is written as it is: all but what QJsonDocument escapes ('"',
// '\\' and the control characters).
constexpr auto kPlainAscii = [] {
    std::array<bool, 256> plain{};
    for (int c = 0x20; c < 0x80; ++c)
        plain[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
    return plain;
}();

// The escape QJsonDocument writes for an ASCII character it does not keep.
std::string_view escaped(unsigned char c, char (&out)[6])
{
    out[0] = '\\';
    switch (c) {
    case '"': out[1] = '"'; return {out, 2};
    case '\\': out[1] = '\\'; return {out, 2};
    case '\b': out[1] = 'b'; return {out, 2};
    case '\f': out[1] = 'f'; return {out, 2};
    case '\n': out[1] = 'n'; return {out, 2};
    case '\r': out[1] = 'r'; return {out, 2};
    case '\t': out[1] = 't'; return {out, 2};
    default:
        out[1] = 'u';
        out[2] = out[3] = '0';
        out[4] = kHex[c >> 4];
        out[5] = kHex[c & 0xf];
        return {out, 6};
    }
}

// Where the leading run of `bytes` that needs no escape ends (kPlainAscii),
// eight bytes at a time: the document's strings are mostly long paths.
std::size_t plainRunEnd(std::string_view bytes)
{
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighBits = 0x8080808080808080ULL;
    // Whether any byte of `word` is zero (exact as a yes or no).
    auto hasZeroByte = [](std::uint64_t word) { return ((word - kOnes) & ~word & kHighBits) != 0; };
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t word;
        std::memcpy(&word, bytes.data() + i, 8);
        // A control character (below 0x20), a byte of 0x80 or above, '"' or '\\'.
        const bool below0x20 = ((word - 0x20 * kOnes) & ~word & kHighBits) != 0;
        if (below0x20 || (word & kHighBits) != 0 || hasZeroByte(word ^ ('"' * kOnes))
            || hasZeroByte(word ^ ('\\' * kOnes)))
            break;
    }
    while (i < bytes.size() && kPlainAscii[static_cast<unsigned char>(bytes[i])])
        ++i;
    return i;
}

} // namespace

void JsonWriter::begin(char bracket)
{
    beforeValue();
    put(bracket);
    put('\n');
    m_counts.push_back(0);
}

void JsonWriter::end(char bracket)
{
    if (m_counts.back() != 0)
        put('\n');
    m_counts.pop_back();
    indent(m_counts.size());
    put(bracket);
    if (m_counts.empty())
        put('\n');
}

bool JsonWriter::isPlainKey(std::string_view name)
{
    return std::all_of(name.begin(), name.end(), [](char c) { return kPlainAscii[static_cast<unsigned char>(c)]; });
}

void JsonWriter::string(std::string_view nativeBytes)
{
    beforeValue();
    appendString(nativeBytes);
}

void JsonWriter::appendString(std::string_view bytes)
{
    appendString(bytes, plainRunEnd(bytes));
}

void JsonWriter::appendString(std::string_view bytes, std::size_t plain)
{
    // Almost every string is plain ASCII with nothing to escape: copied in one go.
    if (plain == bytes.size() && bytes.size() + 2 <= kBufferSize) {
        char *p = room(bytes.size() + 2);
        *p++ = '"';
        std::memcpy(p, bytes.data(), bytes.size());
        p += bytes.size();
        *p++ = '"';
        commit(p);
        return;
    }
    put('"');
    put(bytes.substr(0, plain));
    for (std::size_t i = plain; i < bytes.size();) {
        // The run that is written as it is, in one go.
        const std::size_t j = keptRunEnd(bytes, i, [](unsigned char c) { return kPlainAscii[c]; });
        put(bytes.substr(i, j - i));
        if (j == bytes.size())
            break;
        const auto c = static_cast<unsigned char>(bytes[j]);
        if (c < 0x80) {
            char escape[6];
            put(escaped(c, escape));
        } else {
            // Not UTF-8: the text "\xNN" (see appendNativeText), its backslash escaped.
            std::string text;
            appendNativeText(text, bytes.substr(j, 1));
            put('\\');
            put(text);
        }
        i = j + 1;
    }
    put('"');
}

void JsonWriter::latin1(std::string_view text)
{
    // ASCII, as these names almost always are: written as it is (escaped where need be).
    const std::size_t plain = plainRunEnd(text);
    if (plain == text.size()
        || std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
        beforeValue();
        appendString(text, plain);
        return;
    }
    std::string utf8;
    appendLatin1(utf8, text);
    string(utf8);
}

void JsonWriter::number(std::int64_t value)
{
    beforeValue();
    constexpr std::size_t kDigits = 24; // an int64_t takes at most 20 characters
    char *p = room(kDigits);
    commit(std::to_chars(p, p + kDigits, value).ptr);
}

} // namespace td::report
