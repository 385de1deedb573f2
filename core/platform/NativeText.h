// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <cstddef>
#include <string>
#include <string_view>

namespace td::platform {

// The length of the valid UTF-8 sequence that starts bytes[i], or 0 when the
// byte there does not start one (overlong forms and surrogates are invalid).
std::size_t utf8SequenceLength(std::string_view bytes, std::size_t i);

// Where the run that starts at bytes[i] and is kept as it is ends: valid UTF-8
// whose ASCII characters are all ones that `keep` accepts.
template <class KeepAscii>
std::size_t keptRunEnd(std::string_view bytes, std::size_t i, KeepAscii keep)
{
    while (i < bytes.size()) {
        const auto c = static_cast<unsigned char>(bytes[i]);
        if (c < 0x80) {
            if (!keep(c))
                break;
            ++i;
            continue;
        }
        const std::size_t len = utf8SequenceLength(bytes, i);
        if (len == 0)
            break;
        i += len;
    }
    return i;
}

// Appends `bytes` from the file system as UTF-8 text: valid UTF-8 is kept,
// every byte that is not becomes "\xNN" (upper-case hex), so that odd file
// names survive into text and JSON unambiguously.
void appendNativeText(std::string &out, std::string_view bytes);

// Appends ISO 8859-1 text as UTF-8.
void appendLatin1(std::string &out, std::string_view text);

// Bytes from the file system as text: valid UTF-8 is kept, every byte that is
// not becomes "\xNN", so that odd file names survive into JSON unambiguously.
QString fromNativeBytes(const std::string &bytes);

} // namespace td::platform
