// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/JsonWriter.h"

#include "platform/NativeText.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>

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

void appendEscaped(std::string &out, unsigned char c)
{
    out += '\\';
    switch (c) {
    case '"': out += '"'; break;
    case '\\': out += '\\'; break;
    case '\b': out += 'b'; break;
    case '\f': out += 'f'; break;
    case '\n': out += 'n'; break;
    case '\r': out += 'r'; break;
    case '\t': out += 't'; break;
    default:
        out += "u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xf];
    }
}

} // namespace

void JsonWriter::begin(char bracket)
{
    beforeValue();
    m_buffer += bracket;
    m_buffer += '\n';
    m_counts.push_back(0);
}

void JsonWriter::end(char bracket)
{
    if (m_counts.back() != 0)
        m_buffer += '\n';
    m_counts.pop_back();
    indent(m_counts.size());
    m_buffer += bracket;
    if (m_counts.empty())
        m_buffer += '\n';
    flushIfFull();
}

// A member of an array starts on its own line; one of an object was started by key().
void JsonWriter::beforeValue()
{
    if (m_afterKey) {
        m_afterKey = false;
        return;
    }
    if (m_counts.empty())
        return;
    if (m_counts.back()++ != 0)
        m_buffer.append(",\n", 2);
    indent(m_counts.size());
}

JsonWriter &JsonWriter::key(std::string_view name)
{
    // Keys are the document's own names: plain ASCII, nothing to escape.
    assert(std::all_of(name.begin(), name.end(), [](char c) { return kPlainAscii[static_cast<unsigned char>(c)]; }));
    if (m_counts.back()++ != 0)
        m_buffer.append(",\n", 2);
    indent(m_counts.size());
    m_buffer += '"';
    m_buffer.append(name);
    m_buffer.append("\": ", 3);
    m_afterKey = true;
    return *this;
}

void JsonWriter::string(std::string_view nativeBytes)
{
    beforeValue();
    appendString(nativeBytes);
    flushIfFull();
}

void JsonWriter::appendString(std::string_view bytes)
{
    m_buffer += '"';
    for (std::size_t i = 0; i < bytes.size();) {
        // The run that is written as it is, in one go.
        const std::size_t j = keptRunEnd(bytes, i, [](unsigned char c) { return kPlainAscii[c]; });
        m_buffer.append(bytes.substr(i, j - i));
        if (j == bytes.size())
            break;
        const auto c = static_cast<unsigned char>(bytes[j]);
        if (c < 0x80) {
            appendEscaped(m_buffer, c);
        } else {
            // Not UTF-8: the text "\xNN" (see appendNativeText), its backslash escaped.
            std::string text;
            appendNativeText(text, bytes.substr(j, 1));
            m_buffer += '\\';
            m_buffer += text;
        }
        i = j + 1;
    }
    m_buffer += '"';
}

void JsonWriter::latin1(std::string_view text)
{
    if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
        string(text); // ASCII, as these names almost always are
        return;
    }
    std::string utf8;
    appendLatin1(utf8, text);
    string(utf8);
}

void JsonWriter::number(std::int64_t value)
{
    beforeValue();
    char digits[24];
    const auto result = std::to_chars(digits, digits + sizeof digits, value);
    m_buffer.append(digits, result.ptr);
}

void JsonWriter::boolean(bool value)
{
    beforeValue();
    m_buffer += value ? "true" : "false";
}

void JsonWriter::null()
{
    beforeValue();
    m_buffer += "null";
}

} // namespace td::report
