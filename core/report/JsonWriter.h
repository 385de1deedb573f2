// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/OutputBuffer.h"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

namespace td::report {

// Writes JSON as it is made, in the layout of QJsonDocument::Indented (four
// spaces a level, "key": value, a newline after the document), so that a
// large document never has to be held in memory. Members are written in the
// order given; give them sorted by key, as QJsonObject keeps them, for
// output byte for byte the same as Qt's.
class JsonWriter {
public:
    explicit JsonWriter(std::ostream &out) : m_output(out), m_buffer(m_output.text()) {}

    void beginObject() { begin('{'); }
    void endObject() { end('}'); }
    void beginArray() { begin('['); }
    void endArray() { end(']'); }

    // The key of the next member of the current object: plain ASCII.
    JsonWriter &key(std::string_view name);

    void string(std::string_view nativeBytes); // bytes from the file system (see platform/NativeText.h)
    void latin1(std::string_view text);        // ISO 8859-1 text, such as names the parsers give
    void number(std::int64_t value);
    void boolean(bool value);
    void null();

    // Hands what is buffered to the stream (also done as the buffer fills, and at the end).
    void flush() { m_output.flush(); }

private:
    void begin(char bracket);
    void end(char bracket);
    void beforeValue();
    void appendString(std::string_view bytes); // quoted and escaped
    void indent(std::size_t levels)
    {
        static constexpr std::string_view kSpaces = "                                ";
        for (std::size_t n = 4 * levels; n > 0;) {
            const std::size_t piece = std::min(n, kSpaces.size());
            m_buffer.append(kSpaces.data(), piece);
            n -= piece;
        }
    }
    void flushIfFull() { m_output.flushIfFull(); }

    OutputBuffer m_output;
    std::string &m_buffer;
    std::vector<std::size_t> m_counts; // members written so far, per open object or array
    bool m_afterKey = false;
};

} // namespace td::report
