// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <ostream>
#include <string>

namespace td::report {

// Text appended here reaches the stream in large writes, as the buffer
// fills and at the end, so that a long output is never held whole.
class OutputBuffer {
public:
    explicit OutputBuffer(std::ostream &out) : m_out(out) {}
    OutputBuffer(const OutputBuffer &) = delete;
    OutputBuffer &operator=(const OutputBuffer &) = delete;
    ~OutputBuffer() { flush(); }

    std::string &text() { return m_text; } // append to it, then call flushIfFull()

    void flushIfFull()
    {
        if (m_text.size() >= kFlushAt)
            flush();
    }
    void flush()
    {
        if (m_text.empty())
            return;
        m_out.write(m_text.data(), static_cast<std::streamsize>(m_text.size()));
        m_text.clear();
    }

private:
    static constexpr std::size_t kFlushAt = 64 * 1024;
    std::ostream &m_out;
    std::string m_text;
};

} // namespace td::report
