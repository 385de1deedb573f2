// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QRegularExpression>
#include <QString>
#include <QStringList>

namespace td::test {

// English prose left in a text that should be Chinese: runs of three or more
// plain Latin words. Quoted text (real error messages), paths, file names,
// ids, versions, options and commands are not prose: anything with a digit,
// a dot, a slash, a backslash, an underscore, a hyphen or an @ is technical,
// and so are words in CAPITALS (PATH, DLL, CUDA) and product names.
inline QStringList untranslatedProse(QString text)
{
    // (A JSON string may hold an escaped quote: "platform_system == \"Linux\"".)
    static const QRegularExpression quoted(QStringLiteral(R"(“[^”]*”|"(?:[^"\\]|\\.)*"|`[^`]*`|'[^'\s][^']*')"));
    text.replace(quoted, QStringLiteral(" "));
    for (const char *name : {"Visual Studio Installer", "Microsoft Visual C++", "Visual C++", "Docker Desktop", "Docker Engine"})
        text.replace(QString::fromLatin1(name), QStringLiteral(" "));
    static const QRegularExpression separators(QStringLiteral(R"([\s,;:()（），；：。！？、“”\[\]{}<>=|*]+)"));
    static const QRegularExpression plainWord(QStringLiteral("^[A-Za-z][a-z]*$"));
    QStringList runs;
    QStringList run;
    auto endRun = [&] {
        if (run.size() >= 3)
            runs << run.join(u' ');
        run.clear();
    };
    for (QString token : text.split(separators, Qt::SkipEmptyParts)) {
        while (token.endsWith(u'.') || token.endsWith(u'!') || token.endsWith(u'?'))
            token.chop(1); // the end of an English sentence, not part of a name
        // A token with Chinese in it ends a run, as does anything technical.
        const bool latinWord = plainWord.match(token).hasMatch();
        if (latinWord)
            run << token;
        else
            endRun();
    }
    endRun();
    return runs;
}

} // namespace td::test
