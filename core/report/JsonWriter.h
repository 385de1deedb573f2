// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <memory>
#include <ostream>
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
    explicit JsonWriter(std::ostream &out) : m_out(out), m_buffer(new char[kBufferSize]) {}
    JsonWriter(const JsonWriter &) = delete;
    JsonWriter &operator=(const JsonWriter &) = delete;
    ~JsonWriter() { flush(); }

    void beginObject() { begin('{'); }
    void endObject() { end('}'); }
    void beginArray() { begin('['); }
    void endArray() { end(']'); }

    // The key of the next member of the current object: plain ASCII. Inline, and
    // written in one piece with the line break and indentation before it: the
    // document has several keys to each value that is not a constant.
    JsonWriter &key(std::string_view name)
    {
        assert(isPlainKey(name));
        const bool comma = m_counts.back()++ != 0;
        const std::size_t spaces = 4 * m_counts.size();
        char *p = room(2 + kSpaceRun + spaces + name.size() + 4);
        if (comma) {
            *p++ = ',';
            *p++ = '\n';
        }
        p = putSpaces(p, spaces);
        *p++ = '"';
        std::memcpy(p, name.data(), name.size());
        p += name.size();
        std::memcpy(p, "\": ", 3);
        commit(p + 3);
        m_afterKey = true;
        return *this;
    }

    void string(std::string_view nativeBytes); // bytes from the file system (see platform/NativeText.h)
    void latin1(std::string_view text);        // ISO 8859-1 text, such as names the parsers give
    // Text that needs no escape: the document's own words, such as "runpath" or "error".
    void plain(std::string_view word)
    {
        assert(isPlainKey(word));
        beforeValue();
        char *p = room(word.size() + 2);
        *p++ = '"';
        std::memcpy(p, word.data(), word.size());
        p += word.size();
        *p++ = '"';
        commit(p);
    }
    void number(std::int64_t value);
    void boolean(bool value)
    {
        beforeValue();
        char *p = room(5);
        std::memcpy(p, value ? "true" : "false", 5); // "true" with its terminating NUL: one fixed-size copy
        commit(p + (value ? 4 : 5));
    }
    void null()
    {
        beforeValue();
        put(std::string_view("null"));
    }

    // Hands what is buffered to the stream (also done as the buffer fills, and at the end).
    void flush()
    {
        m_out.write(m_buffer.get(), static_cast<std::streamsize>(m_used));
        m_used = 0;
    }

private:
    // The document is written in pieces of this size: a large one is never held whole.
    static constexpr std::size_t kBufferSize = 64 * 1024;

    static bool isPlainKey(std::string_view name); // nothing in it to escape
    void begin(char bracket);
    void end(char bracket);
    // A member of an array starts on its own line; one of an object was started by key().
    void beforeValue()
    {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (!m_counts.empty())
            newMember();
    }
    void appendString(std::string_view bytes); // quoted and escaped
    void appendString(std::string_view bytes, std::size_t plain); // the same, its first `plain` bytes known plain
    // Plain copies into the buffer: the writer's inner loop, kept free of
    // std::string's bookkeeping.
    void put(std::string_view bytes)
    {
        if (bytes.size() > kBufferSize - m_used) {
            flush();
            if (bytes.size() > kBufferSize) {
                m_out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
                return;
            }
        }
        std::memcpy(m_buffer.get() + m_used, bytes.data(), bytes.size());
        m_used += bytes.size();
    }
    void put(char c)
    {
        if (m_used == kBufferSize)
            flush();
        m_buffer[m_used++] = c;
    }
    // Room for `n` more bytes (n at most kBufferSize): flushes first if need be.
    char *room(std::size_t n)
    {
        if (n > kBufferSize - m_used)
            flush();
        return m_buffer.get() + m_used;
    }
    void commit(const char *end) { m_used = static_cast<std::size_t>(end - m_buffer.get()); }
    void newMember() // ",\n" before all but the first, then the indentation
    {
        const bool comma = m_counts.back()++ != 0;
        const std::size_t spaces = 4 * m_counts.size();
        char *p = room(2 + kSpaceRun + spaces);
        if (comma) {
            *p++ = ',';
            *p++ = '\n';
        }
        commit(putSpaces(p, spaces));
    }
    void indent(std::size_t levels)
    {
        commit(putSpaces(room(kSpaceRun + 4 * levels), 4 * levels));
    }
    // Indentation. Up to eight levels (as deep as the documents go) it is one copy of a
    // fixed size, which the compiler writes as a few stores; the caller makes room for
    // kSpaceRun bytes more than it keeps.
    static constexpr std::size_t kSpaceRun = 32;
    static char *putSpaces(char *p, std::size_t n)
    {
        static constexpr char kSpaces[kSpaceRun + 1] = "                                ";
        static_assert(sizeof kSpaces == kSpaceRun + 1 && kSpaces[kSpaceRun - 1] == ' ');
        if (n <= kSpaceRun)
            std::memcpy(p, kSpaces, kSpaceRun);
        else
            std::memset(p, ' ', n);
        return p + n;
    }

    std::ostream &m_out;
    std::unique_ptr<char[]> m_buffer;
    std::size_t m_used = 0;
    std::vector<std::size_t> m_counts; // members written so far, per open object or array
    bool m_afterKey = false;
};

} // namespace td::report
