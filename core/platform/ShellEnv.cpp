// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/ShellEnv.h"

#include "platform/TextLines.h"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>
#include <utility>

namespace td::platform::shell {

namespace {

// One piece of a word: a literal byte, or a parameter reference, or
// something whose value cannot be known without running the shell.
struct Unit {
    qsizetype begin = 0; // raw range in the line
    qsizetype end = 0;
    QByteArray text;       // a literal unit's byte
    QByteArray ref;        // $NAME, ${NAME}, ~ (as HOME)
    bool opaque = false;   // $(...), `...`, ${NAME:-...}, $1, ...
    bool selfTail = false; // ${VAR:+:$VAR}: a separator and the variable's old value
    int quote = -1;        // the quote span it is inside, if any

    [[nodiscard]] bool literal(char c) const { return !opaque && ref.isEmpty() && text.size() == 1 && text[0] == c; }
};

struct QuoteSpan {
    qsizetype open = 0;
    qsizetype close = 0;
};

struct Word {
    qsizetype begin = 0;
    qsizetype end = 0;
    QByteArray raw;
    QList<Unit> units;
    QList<QuoteSpan> quotes;
};

struct Command {
    QList<Word> words; // without leading keywords (then, do, and, ...)
};

bool isNameStart(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isNameChar(char c)
{
    return isNameStart(c) || (c >= '0' && c <= '9');
}

class Lexer {
public:
    Lexer(const QByteArray &line, Syntax syntax, const QByteArray &variable)
        : m_line(line), m_n(line.size()), m_fish(syntax == Syntax::Fish), m_variable(variable)
    {
    }

    // False when the line cannot be understood on its own (an open quote,
    // a continuation).
    bool lex(QList<Command> &commands)
    {
        Command current;
        qsizetype pos = 0;
        auto endCommand = [&]() {
            stripKeywords(current);
            commands << current;
            current = Command();
        };
        while (pos < m_n) {
            const char c = m_line[pos];
            if (c == ' ' || c == '\t') {
                ++pos;
            } else if (c == '#') {
                break;
            } else if (c == ';' || c == '&' || c == '|' || (!m_fish && (c == '(' || c == ')'))) {
                endCommand();
                ++pos;
            } else {
                Word w;
                if (!word(pos, w))
                    return false;
                current.words << w;
            }
        }
        endCommand();
        return true;
    }

private:
    void stripKeywords(Command &command) const
    {
        static const QList<QByteArray> posix{"then", "else", "elif", "do", "while", "until", "if", "{", "!", "time"};
        static const QList<QByteArray> fish{"and", "or", "not", "begin", "if", "else", "while", "command", "builtin"};
        const auto &keywords = m_fish ? fish : posix;
        while (!command.words.isEmpty() && keywords.contains(command.words.first().raw))
            command.words.removeFirst();
    }

    bool word(qsizetype &pos, Word &w)
    {
        w.begin = pos;
        char quoteChar = 0;
        int quote = -1;
        auto literal = [&](qsizetype begin, qsizetype end, char c) {
            Unit u;
            u.begin = begin;
            u.end = end;
            u.text = QByteArray(1, c);
            u.quote = quote;
            w.units << u;
        };
        while (pos < m_n) {
            const char c = m_line[pos];
            const char next = pos + 1 < m_n ? m_line[pos + 1] : '\0';
            if (quoteChar == 0) {
                if (c == ' ' || c == '\t' || c == ';' || c == '&' || c == '|'
                    || (!m_fish && (c == '(' || c == ')' || c == '<' || c == '>')))
                    break;
                if (c == '\'' || c == '"') {
                    w.quotes << QuoteSpan{pos, -1};
                    quote = static_cast<int>(w.quotes.size() - 1);
                    quoteChar = c;
                    ++pos;
                } else if (c == '\\') {
                    if (pos + 1 >= m_n)
                        return false; // continues on the next line
                    literal(pos, pos + 2, next);
                    pos += 2;
                } else if (c == '$') {
                    dollar(pos, w, quote);
                } else if (c == '`' || (m_fish && c == '(')) {
                    if (!opaque(pos, w, quote))
                        return false;
                } else if (c == '~' && (pos == w.begin || m_line[pos - 1] == '=' || m_line[pos - 1] == ':')
                           && (next == '/' || next == ':' || next == '\0' || next == ' ')) {
                    // ~ at the start of a word, and after = or : in an assignment.
                    Unit u;
                    u.begin = pos;
                    u.end = pos + 1;
                    u.ref = "HOME";
                    w.units << u;
                    ++pos;
                } else {
                    literal(pos, pos + 1, c);
                    ++pos;
                }
            } else if (c == quoteChar) {
                w.quotes[quote].close = pos;
                quoteChar = 0;
                quote = -1;
                ++pos;
            } else if (quoteChar == '\'') {
                if (m_fish && c == '\\' && (next == '\'' || next == '\\')) {
                    literal(pos, pos + 2, next);
                    pos += 2;
                } else {
                    literal(pos, pos + 1, c);
                    ++pos;
                }
            } else {
                const QByteArray escapable = m_fish ? QByteArray("\"$\\") : QByteArray("\"$`\\");
                if (c == '\\' && next != '\0' && escapable.contains(next)) {
                    literal(pos, pos + 2, next);
                    pos += 2;
                } else if (c == '$') {
                    dollar(pos, w, quote);
                } else if (c == '`' && !m_fish) {
                    if (!opaque(pos, w, quote))
                        return false;
                } else {
                    literal(pos, pos + 1, c);
                    ++pos;
                }
            }
        }
        if (quoteChar != 0)
            return false;
        w.end = pos;
        w.raw = m_line.mid(w.begin, w.end - w.begin);
        return true;
    }

    // $NAME, ${...}, $(...), $1 ...
    void dollar(qsizetype &pos, Word &w, int quote)
    {
        Unit u;
        u.begin = pos;
        u.quote = quote;
        const char next = pos + 1 < m_n ? m_line[pos + 1] : '\0';
        if (next == '{' && !m_fish) {
            qsizetype end = pos + 2;
            int depth = 1;
            for (; end < m_n && depth > 0; ++end) {
                if (m_line[end] == '{')
                    ++depth;
                else if (m_line[end] == '}')
                    --depth;
            }
            const QByteArray inner = m_line.mid(pos + 2, end - pos - 3);
            qsizetype nameEnd = 0;
            while (nameEnd < inner.size() && isNameChar(inner[nameEnd]))
                ++nameEnd;
            const QByteArray name = inner.left(nameEnd);
            if (depth == 0 && nameEnd == inner.size() && !name.isEmpty()) {
                u.ref = name;
            } else {
                u.opaque = true;
                // ${VAR:+:$VAR}, ${VAR:+:${VAR}}, ${VAR+:$VAR}, ${VAR:+":$VAR"}
                const QByteArray rest = inner.mid(nameEnd);
                if (name == m_variable && (rest.startsWith(":+") || rest.startsWith("+"))) {
                    QByteArray value = rest.mid(rest.startsWith(":+") ? 2 : 1);
                    if (value.size() >= 2 && value.startsWith('"') && value.endsWith('"'))
                        value = value.mid(1, value.size() - 2);
                    if (value == ":$" + name || value == ":${" + name + "}")
                        u.selfTail = true;
                }
            }
            u.end = end;
        } else if (next == '(') {
            qsizetype p = pos + 1;
            opaque(p, w, quote);
            w.units.last().begin = pos;
            pos = p;
            return;
        } else if (isNameStart(next)) {
            qsizetype end = pos + 1;
            while (end < m_n && isNameChar(m_line[end]))
                ++end;
            u.ref = m_line.mid(pos + 1, end - pos - 1);
            if (m_fish && end < m_n && m_line[end] == '[') { // $VAR[1]: one element
                u.opaque = true;
                while (end < m_n && m_line[end] != ']')
                    ++end;
                end = std::min(end + 1, m_n);
            }
            u.end = end;
        } else if (next != '\0' && QByteArray("@*#?$!-0123456789").contains(next)) {
            u.opaque = true;
            u.end = pos + 2;
        } else {
            u.text = "$";
            u.end = pos + 1;
        }
        w.units << u;
        pos = u.end;
    }

    // `...` or (...) taken whole; its value is unknown.
    bool opaque(qsizetype &pos, Word &w, int quote)
    {
        const char open = m_line[pos];
        const char close = open == '(' ? ')' : '`';
        qsizetype end = pos + 1;
        int depth = 1;
        for (; end < m_n && depth > 0; ++end) {
            if (m_line[end] == close)
                --depth;
            else if (open == '(' && m_line[end] == '(')
                ++depth;
        }
        if (depth != 0)
            return false;
        Unit u;
        u.begin = pos;
        u.end = end;
        u.opaque = true;
        u.quote = quote;
        w.units << u;
        pos = end;
        return true;
    }

    const QByteArray &m_line;
    qsizetype m_n;
    bool m_fish;
    QByteArray m_variable;
};

// One entry of a path-list value: the units between two ':'.
struct Segment {
    int word = 0;
    QList<int> units; // its own units, without a self tail
    int selfTail = -1;
    int sepAfter = -1; // the ':' unit after it, in the same word
    bool self = false; // just $VAR / ${VAR}
    bool unknown = false;
    QString text; // the expanded value
};

// An assignment of the variable: the words that hold its value, and where
// the value starts in the first of them.
struct Assignment {
    QList<int> words; // indexes into the command's words
    int firstUnit = 0;
    bool append = false; // VAR+=...: the old value comes first
};

// Parses name= / name+= at the start of a word.
bool assignmentWord(const Word &w, QByteArray &name, int &valueStart, bool &append)
{
    name.clear();
    int i = 0;
    for (; i < w.units.size(); ++i) {
        const Unit &u = w.units[i];
        if (u.opaque || !u.ref.isEmpty() || u.quote >= 0 || u.text.size() != 1)
            return false;
        const char c = u.text[0];
        if (c == '=' || (c == '+' && i + 1 < w.units.size() && w.units[i + 1].literal('=')))
            break;
        if (!(name.isEmpty() ? isNameStart(c) : isNameChar(c)))
            return false;
        name += c;
    }
    if (name.isEmpty() || i >= w.units.size())
        return false;
    append = w.units[i].literal('+');
    valueStart = i + (append ? 2 : 1);
    return true;
}

bool declarationKeyword(const QByteArray &word)
{
    return word == "export" || word == "declare" || word == "typeset" || word == "readonly";
}

// The assignments of `variable` in a command, and whether the command does
// anything but set or export it.
QList<Assignment> assignments(const Command &c, Syntax syntax, const QByteArray &variable, bool &other)
{
    QList<Assignment> out;
    other = false;
    if (c.words.isEmpty())
        return out;
    if (syntax == Syntax::Fish) {
        if (c.words[0].raw != "set") {
            other = true;
            return out;
        }
        int i = 1;
        bool skip = false;
        for (; i < c.words.size() && c.words[i].raw.startsWith('-'); ++i) {
            const QByteArray &flag = c.words[i].raw;
            if (flag == "--erase" || flag == "--query" || flag == "--names" || flag == "--show"
                || (!flag.startsWith("--")
                    && (flag.contains('e') || flag.contains('q') || flag.contains('n') || flag.contains('S'))))
                skip = true;
        }
        if (i >= c.words.size() || c.words[i].raw != variable) {
            other = true;
            return out;
        }
        if (skip)
            return out;
        Assignment a;
        for (int v = i + 1; v < c.words.size(); ++v)
            a.words << v;
        for (int f = 1; f < i; ++f) {
            const QByteArray &flag = c.words[f].raw;
            if (flag == "--append" || (!flag.startsWith("--") && flag.contains('a')))
                a.append = true;
        }
        out << a;
        return out;
    }
    int i = 0;
    const bool declaration = declarationKeyword(c.words[0].raw);
    if (declaration)
        for (i = 1; i < c.words.size() && c.words[i].raw.startsWith('-'); ++i) {
        }
    for (; i < c.words.size(); ++i) {
        QByteArray name;
        int valueStart = 0;
        bool append = false;
        if (assignmentWord(c.words[i], name, valueStart, append)) {
            if (name == variable)
                out << Assignment{{i}, valueStart, append};
            else
                other = true;
        } else if (declaration && c.words[i].raw == variable) {
            // `export VAR`: about the variable, sets nothing
        } else {
            // A command after prefix assignments: they apply to it alone.
            other = true;
            if (!declaration) {
                out.clear();
                return out;
            }
        }
    }
    return out;
}

QString normalized(const QString &path)
{
    QString p = QDir::cleanPath(path);
    while (p.size() > 1 && p.endsWith(u'/'))
        p.chop(1);
    return p;
}

QList<Segment> segments(const Command &c, const Assignment &a, const QByteArray &variable,
                        const QProcessEnvironment &env)
{
    QList<Segment> out;
    for (qsizetype wi = 0; wi < a.words.size(); ++wi) {
        const Word &w = c.words[a.words[wi]];
        Segment s;
        s.word = a.words[wi];
        for (int u = wi == 0 ? a.firstUnit : 0; u < w.units.size(); ++u) {
            if (w.units[u].literal(':')) {
                s.sepAfter = u;
                out << s;
                s = Segment();
                s.word = a.words[wi];
            } else if (w.units[u].selfTail) {
                s.selfTail = u;
            } else {
                s.units << u;
            }
        }
        out << s;
    }
    for (Segment &s : out) {
        const Word &w = c.words[s.word];
        s.self = s.units.size() == 1 && w.units[s.units[0]].ref == variable && !w.units[s.units[0]].opaque;
        QByteArray text;
        for (int u : s.units) {
            const Unit &unit = w.units[u];
            if (unit.opaque || unit.ref == variable) {
                s.unknown = true;
            } else if (!unit.ref.isEmpty()) {
                const QString name = QString::fromUtf8(unit.ref);
                if (env.contains(name))
                    text += env.value(name).toUtf8();
                else
                    s.unknown = true;
            } else {
                text += unit.text;
            }
        }
        s.text = QString::fromUtf8(text);
    }
    return out;
}

struct Cut {
    qsizetype begin = 0;
    qsizetype end = 0;
    QByteArray with; // what replaces the range
};

QByteArray applyCuts(const QByteArray &line, QList<Cut> cuts)
{
    std::sort(cuts.begin(), cuts.end(), [](const Cut &a, const Cut &b) { return a.begin < b.begin; });
    QByteArray out;
    qsizetype pos = 0;
    for (const Cut &c : cuts) {
        if (c.begin > pos)
            out += line.mid(pos, c.begin - pos);
        out += c.with;
        pos = std::max(pos, c.end);
    }
    return out + line.mid(pos);
}

QByteArray commentedOut(const QByteArray &line, const QString &why)
{
    qsizetype indent = 0;
    while (indent < line.size() && (line[indent] == ' ' || line[indent] == '\t'))
        ++indent;
    QString reason = why;
    reason.replace(u'\n', u' ').replace(u'\r', u' ');
    // In the user's language: it is their file.
    return line.left(indent) + "# " + line.mid(indent) + "  # "
           + QCoreApplication::translate("ShellEnv", "removed by TorchDoctor: %1").arg(reason).toUtf8();
}

// Every line's text; a final newline ends the last line.
QList<QByteArray> splitLines(const QByteArray &file)
{
    QList<QByteArray> lines;
    for (const TextLine &line : textLines(file))
        lines << line.textIn(file);
    if (!file.isEmpty() && file.endsWith('\n'))
        lines.removeLast();
    return lines;
}

// One edit of one line: removes the first matching entry. Returns false when
// there is none.
bool removeOneEntry(QByteArray &line, Syntax syntax, const QByteArray &variable, const QString &entry,
                    const QProcessEnvironment &env, bool &commented, const QString &why, bool &understood)
{
    understood = true;
    QList<Command> commands;
    if (!Lexer(line, syntax, variable).lex(commands)) {
        understood = !line.contains(variable);
        return false;
    }
    bool lineHasOther = false;
    struct Found {
        int command;
        Assignment assignment;
    };
    QList<Found> found;
    for (int ci = 0; ci < commands.size(); ++ci) {
        bool other = false;
        for (const Assignment &a : assignments(commands[ci], syntax, variable, other))
            found << Found{ci, a};
        lineHasOther = lineHasOther || other;
    }
    const QString wanted = normalized(entry);
    for (const Found &f : found) {
        const Command &c = commands[f.command];
        const QList<Segment> segs = segments(c, f.assignment, variable, env);
        for (qsizetype k = 0; k < segs.size(); ++k) {
            const Segment &s = segs[k];
            if (s.unknown || s.text.isEmpty() || normalized(s.text) != wanted)
                continue;
            // What is left once it is gone: only the old value, or nothing?
            bool onlySelf = true;
            for (qsizetype o = 0; o < segs.size(); ++o)
                if (o != k && !segs[o].self && !segs[o].units.isEmpty())
                    onlySelf = false;
            if (onlySelf && !lineHasOther) {
                line = commentedOut(line, why);
                commented = true;
                return true;
            }
            const Word &w = c.words[s.word];
            QList<Cut> cut;
            QList<int> gone = s.units;
            const bool wholeWord =
                syntax == Syntax::Fish && s.sepAfter < 0 && (k == 0 || segs[k - 1].word != s.word) && s.selfTail < 0;
            if (wholeWord && f.assignment.words.size() > 1) {
                // A list element of its own: the word and the blank before it.
                const bool first = f.assignment.words.first() == s.word;
                cut << Cut{first ? w.begin : c.words[s.word - 1].end, first ? c.words[s.word + 1].begin : w.end, {}};
            } else {
                if (s.sepAfter >= 0)
                    gone << s.sepAfter;
                else if (k > 0 && segs[k - 1].word == s.word && segs[k - 1].sepAfter >= 0)
                    gone << segs[k - 1].sepAfter;
                // ${VAR:+:$VAR} with nothing before it would add an empty
                // entry (the current folder): the plain old value instead.
                if (onlySelf && s.selfTail >= 0)
                    cut << Cut{w.units[s.selfTail].begin, w.units[s.selfTail].end, "${" + variable + "}"};
                for (int u : gone)
                    cut << Cut{w.units[u].begin, w.units[u].end, {}};
                // Quotes left empty go too.
                for (int q = 0; q < w.quotes.size(); ++q) {
                    bool any = false;
                    bool all = true;
                    for (int u = 0; u < w.units.size(); ++u) {
                        if (w.units[u].quote != q)
                            continue;
                        any = true;
                        all = all && gone.contains(u);
                    }
                    if (any && all) {
                        cut << Cut{w.quotes[q].open, w.quotes[q].open + 1, {}};
                        cut << Cut{w.quotes[q].close, w.quotes[q].close + 1, {}};
                    }
                }
            }
            if (!cut.isEmpty())
                line = applyCuts(line, cut);
            return true;
        }
    }
    return false;
}

// Hands each line of `file` that mentions `name` (with its number from 1)
// to `scanLine`, which records what it finds in the one result.
template <typename ScanLine>
ScanResult scanLinesNaming(const QByteArray &file, const QByteArray &name, ScanLine scanLine)
{
    ScanResult result;
    const QList<QByteArray> lines = splitLines(file);
    for (qsizetype i = 0; i < lines.size(); ++i)
        if (lines[i].contains(name))
            scanLine(lines[i], static_cast<int>(i + 1), result);
    return result;
}

} // namespace

Syntax syntaxOf(const QString &path)
{
    return path.endsWith(QLatin1String(".fish")) ? Syntax::Fish : Syntax::Posix;
}

ScanResult planEntryRemoval(const QByteArray &file, Syntax syntax, const QString &variable, const QString &entry,
                            const QString &why, const QProcessEnvironment &environment)
{
    const QByteArray name = variable.toUtf8();
    return scanLinesNaming(file, name, [&](const QByteArray &original, int number, ScanResult &result) {
        QByteArray line = original;
        bool commented = false;
        bool understood = true;
        // Several entries, or several assignments, on one line: one at a time.
        for (int round = 0; round < 32 && !commented; ++round)
            if (!removeOneEntry(line, syntax, name, entry, environment, commented, why, understood))
                break;
        if (!understood)
            result.notUnderstood << number;
        if (line != original)
            result.edits << LineEdit{number, original, line, commented};
    });
}

ScanResult planVariableRemoval(const QByteArray &file, Syntax syntax, const QString &variable, const QString &why)
{
    const QByteArray name = variable.toUtf8();
    return scanLinesNaming(file, name, [&](const QByteArray &line, int number, ScanResult &result) {
        QList<Command> commands;
        if (!Lexer(line, syntax, name).lex(commands)) {
            result.notUnderstood << number;
            return;
        }
        bool sets = false;
        bool lineHasOther = false;
        for (const Command &c : commands) {
            bool other = false;
            sets = !assignments(c, syntax, name, other).isEmpty() || sets;
            lineHasOther = lineHasOther || other;
        }
        if (!sets)
            return;
        if (lineHasOther)
            result.notUnderstood << number;
        else
            result.edits << LineEdit{number, line, commentedOut(line, why), true};
    });
}

} // namespace td::platform::shell
