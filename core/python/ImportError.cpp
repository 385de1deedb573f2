// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/ImportError.h"

#include <QRegularExpression>
#include <QStringList>

namespace td::python {

namespace {

using Kind = ClassifiedError::Kind;

QString fileNameOf(const QString &path)
{
    // Either separator: a Windows message is read on any host.
    const qsizetype slash = std::max(path.lastIndexOf(QLatin1Char('/')), path.lastIndexOf(QLatin1Char('\\')));
    return slash < 0 ? path : path.mid(slash + 1);
}

// A path as repr() prints it: backslashes doubled.
QString unrepr(QString path)
{
    return path.replace(QStringLiteral("\\\\"), QStringLiteral("\\"));
}

QRegularExpressionMatch find(const QString &text, const QString &pattern)
{
    const QRegularExpression re(pattern, QRegularExpression::UseUnicodePropertiesOption);
    return re.match(text);
}

// The block of the last exception: from its "Type: message" line to the
// end, so that a traceback's earlier lines (and chained exceptions) do not
// decide. The message itself may run over several lines (dyld's does).
QString lastExceptionBlock(const QString &text, QString *type)
{
    static const QRegularExpression line(
        QStringLiteral(R"(^([A-Za-z_][\w.]*(?:Error|Exception|Warning|Exit|Interrupt)): ?)"),
        QRegularExpression::MultilineOption);
    qsizetype start = -1;
    auto it = line.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        start = m.capturedStart();
        *type = m.captured(1);
    }
    return start < 0 ? text : text.mid(start);
}

bool classifyBlock(const QString &text, ClassifiedError &e)
{
    // OpenMP's own abort message, from the runtime itself (not localized).
    if (auto m =
            find(text, QStringLiteral(R"(OMP: Error #15: Initializing (\S+?),? but found (\S+?) already initialized)"));
        m.hasMatch()) {
        e.kind = Kind::OmpDuplicate;
        e.library = m.captured(1);
        return true;
    }

    // torch's Windows loader: ctypes.WinError(code) + its own English suffix.
    // The middle is Windows' message in the user's language: never read.
    if (auto m = find(text, QStringLiteral(R"(\[WinError (-?\d+)\])")); m.hasMatch()) {
        e.kind = Kind::WinError;
        e.winError = m.captured(1).toInt();
        const QString rest = text.mid(m.capturedEnd());
        // A Windows path cannot hold '"', so the quotes delimit it even when
        // it has spaces, apostrophes or any script in it.
        if (auto p = find(rest, QStringLiteral(R"(Error loading "([^"\r\n]+)\" or one of its dependencies)"));
            p.hasMatch())
            e.path = p.captured(1);
        else if (auto q = find(rest, QStringLiteral(R"(:\s*'([A-Za-z]:\\[^'\r\n]+|\\\\[^'\r\n]+)'\s*$)")); q.hasMatch())
            e.path = unrepr(q.captured(1)); // OSError's own "...: 'C:\\x.dll'" form
        if (!e.path.isEmpty())
            e.library = fileNameOf(e.path);
        return true;
    }
    // ctypes on Python >= 3.8 (LoadLibraryEx failed with 126), a fixed English
    // phrase around the repr() of the name.
    if (auto m = find(text, QStringLiteral(R"(Could not find module (['"])(.+?)\1 \(or one of its dependencies\))"));
        m.hasMatch()) {
        e.kind = Kind::WinError;
        e.winError = 126;
        e.path = unrepr(m.captured(2));
        e.library = fileNameOf(e.path);
        return true;
    }

    // dyld: "Library not loaded: @rpath/libomp.dylib\n  Referenced from: <UUID> /path\n  Reason: ..."
    if (auto m = find(text, QStringLiteral(R"(Library not loaded: ([^\r\n]+?)\s*(?:\r?\n|Referenced from:|$))"));
        m.hasMatch()) {
        e.kind = Kind::LibraryNotLoaded;
        e.path = m.captured(1).trimmed();
        e.library = fileNameOf(e.path);
        if (auto r = find(
                text, QStringLiteral(R"(Referenced from:\s*(?:<[0-9A-Fa-f-]+>\s*)?([^\r\n]+?)\s*(?:\r?\n|Reason:|$))"));
            r.hasMatch())
            e.requiredBy = r.captured(1).trimmed();
        if (auto a = find(text, QStringLiteral(R"(incompatible architecture \(have \(([^)]*)\), need \(([^)]*)\)\))"));
            a.hasMatch()) {
            e.haveArch = a.captured(1);
            e.needArch = a.captured(2);
        }
        return true;
    }
    if (auto m = find(text, QStringLiteral(R"(incompatible architecture \(have \(([^)]*)\), need \(([^)]*)\)\))"));
        m.hasMatch()) {
        e.kind = Kind::IncompatibleArch;
        e.haveArch = m.captured(1);
        e.needArch = m.captured(2);
        // The file: the 'tried:' entry that says so, else dlopen's argument.
        const QString before = text.left(m.capturedStart());
        static const QRegularExpression tried(QStringLiteral(R"('([^']+)' \((?:mach-o file|fat file)[^']*$)"));
        if (auto t = tried.match(before); t.hasMatch())
            e.path = t.captured(1);
        else if (auto d = find(text, QStringLiteral(R"(dlopen\(([^,\r\n]+),)")); d.hasMatch())
            e.path = d.captured(1).trimmed();
        e.library = fileNameOf(e.path);
        return true;
    }
    if (auto m = find(text, QStringLiteral(R"(dlopen\(([^,\r\n]+),[^)]*\):.*mach-o, but wrong architecture)"));
        m.hasMatch()) {
        e.kind = Kind::IncompatibleArch; // older dyld: no have/need
        e.path = m.captured(1).trimmed();
        e.library = fileNameOf(e.path);
        return true;
    }

    // glibc's dlerror() texts (English: Python never sets LC_MESSAGES).
    if (auto m = find(
            text,
            QStringLiteral(
                R"((?:^|[\s:'"])([^\s:'"][^:\r\n]*?): version `([^']+)' not found(?: \(required by ([^)\r\n]+)\))?)"));
        m.hasMatch()) {
        e.kind = Kind::VersionNotFound;
        e.path = m.captured(1).trimmed();
        e.library = fileNameOf(e.path);
        e.version = m.captured(2);
        e.requiredBy = m.captured(3).trimmed();
        return true;
    }
    if (auto m = find(
            text,
            QStringLiteral(R"((?:^|[\s:'"])([^\s:'"][^:\r\n]*?): undefined symbol: ([^\s,]+)(?:, version (\S+))?)"));
        m.hasMatch()) {
        e.kind = Kind::UndefinedSymbol;
        e.path = m.captured(1).trimmed();
        e.library = fileNameOf(e.path);
        e.symbol = m.captured(2);
        e.version = m.captured(3);
        return true;
    }
    if (auto m = find(text, QStringLiteral(R"((?:^|[\s:'"])([^\s:'"][^:\r\n]*?): wrong ELF class: (\w+))"));
        m.hasMatch()) {
        e.kind = Kind::WrongElfClass;
        e.path = m.captured(1).trimmed();
        e.library = fileNameOf(e.path);
        e.haveArch = m.captured(2); // the class the file has: ELFCLASS32
        return true;
    }
    if (auto m = find(text, QStringLiteral(R"((?:^|[\s:'"])([^\s:'"][^:\r\n]*?): cannot open shared object file)"));
        m.hasMatch()) {
        e.kind = Kind::MissingSharedObject;
        e.path = m.captured(1).trimmed();
        e.library = fileNameOf(e.path);
        return true;
    }

    // CPython's own wording around a failed LoadLibraryEx for an extension
    // module; the reason after it is localized and carries no code.
    if (auto m = find(text, QStringLiteral(R"(DLL load failed(?: while importing (\w+))?:)")); m.hasMatch()) {
        e.kind = Kind::DllLoadFailed;
        e.module = m.captured(1);
        return true;
    }
    if (auto m = find(text, QStringLiteral(R"(No module named '([^'\r\n]+)')")); m.hasMatch()) {
        e.kind = Kind::ModuleNotFound;
        e.module = m.captured(1);
        return true;
    }
    return false;
}

} // namespace

ClassifiedError classifyImportError(const QString &text)
{
    ClassifiedError e;
    QString type;
    const QString block = lastExceptionBlock(text, &type);
    if (classifyBlock(block, e)) {
        e.exceptionType = type;
        return e;
    }
    // Nothing in the last exception: the cause may be earlier (an OpenMP
    // abort on stderr, a chained exception).
    ClassifiedError whole;
    classifyBlock(text, whole);
    return whole;
}

} // namespace td::python
