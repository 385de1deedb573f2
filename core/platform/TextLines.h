// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArray>
#include <QList>

namespace td::platform {

// One line of a text file, for an edit that keeps every other byte.
struct TextLine {
    qsizetype start = 0; // its first byte
    qsizetype end = 0;   // past its text: before its "\n" or "\r\n", or the end of the file
    qsizetype next = 0;  // where the next line starts: past the "\n", or the end of the file

    [[nodiscard]] QByteArray textIn(const QByteArray &file) const { return file.mid(start, end - start); }
};

// The lines of `file` as QByteArray::split('\n') cuts them: a file that ends
// with a newline has an empty last line there, an empty file one empty line.
QList<TextLine> textLines(const QByteArray &file);

} // namespace td::platform
