// SPDX-License-Identifier: GPL-3.0-or-later
#include "python/ImportError.h"

#include <QDir>
#include <QRegularExpression>
#include <QSet>
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

// A path as the message quotes it: without the quotes dyld and R put around it.
QString unquoted(const QString &path)
{
    static const QString quotes = QStringLiteral("'\"‘’“”");
    QString p = path.trimmed();
    while (!p.isEmpty() && quotes.contains(p.front()))
        p.remove(0, 1);
    while (!p.isEmpty() && quotes.contains(p.back()))
        p.chop(1);
    return p;
}

// dyld's two spellings: "(have (x86_64), need (arm64e))" and "(have 'x86_64', need 'arm64')".
void readArchitectures(const QString &text, ClassifiedError &e)
{
    if (auto a = find(text, QStringLiteral(R"(incompatible\s+architecture\s+\(have\s+[('](\w+)[')],\s+need\s+[('](\w+)[')])"));
        a.hasMatch()) {
        e.haveArch = a.captured(1);
        e.needArch = a.captured(2);
    }
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

// torch's suffix 'Error loading "PATH" or one of its dependencies.' A Windows
// path cannot hold '"', so the quotes delimit it even with spaces, apostrophes
// or any script in it. Pasted from JSON (a notebook's error) the quotes are
// escaped and the backslashes doubled; typed again by hand, they are curly.
bool readTorchLoaderPath(const QString &text, ClassifiedError &e)
{
    const auto p = find(text, QStringLiteral(R"(Erro?r? loading\s+(\\?)["“”]([^"“”\r\n]+?)\\?["“”] or one of its dependencies)"));
    if (!p.hasMatch())
        return false;
    e.path = p.captured(1).isEmpty() ? p.captured(2) : unrepr(p.captured(2));
    return true;
}

// The Windows loader as torch and CPython report it.
bool classifyWindows(const QString &text, ClassifiedError &e)
{
    // torch's Windows loader: ctypes.WinError(code) + its own English suffix.
    // The middle is Windows' message in the user's language: never read.
    if (auto m = find(text, QStringLiteral(R"(\[WinError (-?\d+)\])")); m.hasMatch()) {
        e.kind = Kind::WinError;
        e.winError = m.captured(1).toInt();
        const QString rest = text.mid(m.capturedEnd());
        if (!readTorchLoaderPath(rest, e))
            if (auto q = find(rest, QStringLiteral(R"(:\s*'([A-Za-z]:\\[^'\r\n]+|\\\\[^'\r\n]+)'\s*$)")); q.hasMatch())
                e.path = unrepr(q.captured(1)); // OSError's own "...: 'C:\\x.dll'" form
        if (!e.path.isEmpty())
            e.library = fileNameOf(e.path);
        return true;
    }
    // Only the end of that line was pasted: the suffix names the file, the code is not known.
    if (readTorchLoaderPath(text, e)) {
        e.kind = Kind::WinError;
        e.library = fileNameOf(e.path);
        return true;
    }
    // A package's own loader that names the missing procedure and the DLL that needs it (torchcodec's):
    // what WinError 127 means, with both names.
    static const QString procedure =
        QStringLiteral(R"((?m)Procedure (\S+) not found in DLL: ([A-Za-z]:\\[^\r\n]+?|\\\\[^\r\n]+?)\.?[ \t]*$)");
    if (auto m = find(text, procedure); m.hasMatch()) {
        e.kind = Kind::WinError;
        e.winError = 127;
        e.symbol = m.captured(1);
        e.path = m.captured(2);
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
    return false;
}

// dyld's messages (macOS).
bool classifyMac(const QString &text, ClassifiedError &e)
{
    // dyld: "Library not loaded: @rpath/libomp.dylib\n  Referenced from: <UUID> /path\n  Reason: ..."
    if (auto m = find(text, QStringLiteral(R"(Library not loaded: ([^\r\n]+?)\s*(?:\r?\n|Referenced from:|$))"));
        m.hasMatch()) {
        e.kind = Kind::LibraryNotLoaded;
        e.path = unquoted(m.captured(1));
        e.library = fileNameOf(e.path);
        if (auto r = find(
                text, QStringLiteral(R"(Referenced from:\s*(?:<[0-9A-Fa-f-]+>\s*)?([^\r\n]+?)\s*(?:\r?\n|Reason:|$))"));
            r.hasMatch())
            e.requiredBy = unquoted(r.captured(1));
        readArchitectures(text, e);
        return true;
    }
    // dyld's undefined symbol: the library that needs it is "Referenced from".
    if (auto m = find(text, QStringLiteral(R"(Symbol not found: '?(\S+?)'?\s+Referenced from:\s*(?:<[0-9A-Fa-f-]+>\s*)?([^\r\n]+?)\s*(?:\r?\n|Expected in:|$))"));
        m.hasMatch()) {
        e.kind = Kind::UndefinedSymbol;
        e.symbol = m.captured(1);
        e.path = unquoted(m.captured(2));
        e.library = fileNameOf(e.path);
        return true;
    }
    // The same line alone (an issue title, a cut paste): the symbol, and no library.
    if (auto m = find(text, QStringLiteral(R"(Symbol not found: '?([A-Za-z_$][\w$.@]*)'?)")); m.hasMatch()) {
        e.kind = Kind::UndefinedSymbol;
        e.symbol = m.captured(1);
        return true;
    }
    if (auto m = find(text, QStringLiteral(R"(incompatible\s+architecture\s+\(have\s)")); m.hasMatch()) {
        e.kind = Kind::IncompatibleArch;
        readArchitectures(text, e);
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
    return false;
}

// glibc's dlerror() texts.
bool classifyLinux(const QString &text, ClassifiedError &e)
{
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
    // Only the end of that line (an issue's title): the symbol, and the library whose version it is, without the file.
    if (auto m = find(text, QStringLiteral(R"(undefined symbol:? ([A-Za-z_]\w+)(?:, version (\S+))?)")); m.hasMatch()) {
        e.kind = Kind::UndefinedSymbol;
        e.symbol = m.captured(1);
        e.version = m.captured(2);
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
    for (const auto &[phrase, kind] : {std::pair{QStringLiteral("invalid ELF header"), Kind::InvalidElfHeader},
                                       std::pair{QStringLiteral("file too short"), Kind::FileTooShort}}) {
        if (auto m = find(text, QStringLiteral(R"((?:^|[\s:'"])([^\s:'"][^:\r\n]*?): )") + phrase); m.hasMatch()) {
            e.kind = kind;
            e.path = m.captured(1).trimmed();
            e.library = fileNameOf(e.path);
            return true;
        }
    }
    if (auto m = find(text, QStringLiteral(R"((?:^|[\s:'"])([^\s:'"][^:\r\n]*?): cannot open shared object file)"));
        m.hasMatch()) {
        e.kind = Kind::MissingSharedObject;
        e.path = m.captured(1).trimmed();
        e.library = fileNameOf(e.path);
        return true;
    }
    return false;
}

// What Python itself says of an import that failed.
bool classifyPython(const QString &text, ClassifiedError &e)
{
    // CPython's own wording around a failed LoadLibraryEx for an extension
    // module; the reason after it is localized and carries no code.
    // (Cut before the colon, as an issue's title often is: the name is still there.)
    if (auto m = find(text, QStringLiteral(R"(DLL load failed(?: while importing (\w+))?(?::|\s*$))")); m.hasMatch()) {
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
    return classifyWindows(text, e) || classifyMac(text, e) || classifyLinux(text, e) || classifyPython(text, e);
}


// The file an error names when no loader phrase framed it ("Library
// cublas64_12.dll is not found", "Could not load library X.dll"): any DLL,
// extension module, shared object or dylib named outside the traceback's
// frames. Quoted names may have spaces.
QString namedLibrary(const QString &block)
{
    static const QRegularExpression quoted(
        QStringLiteral(R"(["'“”‘’]([^"'“”‘’\r\n]*?[^"'“”‘’\s\\/]\.(?:dll|pyd|dylib|so(?:\.\d+)*))["'“”‘’])"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression bare(
        QStringLiteral(R"((?<![\w.\\/-])((?:[A-Za-z]:)?[^\s"'“”‘’()<>,;!|]*?[\w+-]\.(?:dll|pyd|dylib|so(?:\.\d+)*))(?![\w!]|\.\w))"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression frame(QStringLiteral(R"(^\s*(?:File |[│|]?\s*\S+\.py[:\s]|\S+![\w:~<>]+ ))"));
    for (const QString &line : block.split(QLatin1Char('\n'))) {
        if (frame.match(line).hasMatch())
            continue;
        if (auto q = quoted.match(line); q.hasMatch())
            return q.captured(1);
        if (auto b = bare.match(line); b.hasMatch())
            return b.captured(1);
    }
    return {};
}

// The package a path lies in: site-packages/<package>/..., after resolving
// "..", and skipping an egg's own folder. A module file right in
// site-packages (scatter_cpu.cpython-36m-darwin.so) is its own package, but
// only a weak one: *topLevelFile says so.
QString packageOf(const QString &path, bool *topLevelFile = nullptr)
{
    QString p = path;
    p.replace(QLatin1Char('\\'), QLatin1Char('/'));
    const QStringList parts = QDir::cleanPath(p).split(QLatin1Char('/'), Qt::SkipEmptyParts);
    for (qsizetype i = parts.size() - 2; i >= 0; --i) {
        if (parts[i].compare(QLatin1String("site-packages"), Qt::CaseInsensitive) != 0
            && parts[i].compare(QLatin1String("dist-packages"), Qt::CaseInsensitive) != 0)
            continue;
        qsizetype j = i + 1;
        if (parts[j].endsWith(QLatin1String(".egg"), Qt::CaseInsensitive) && j + 1 < parts.size())
            ++j;
        if (topLevelFile)
            *topLevelFile = j == parts.size() - 1;
        return parts[j].section(QLatin1Char('.'), 0, 0).section(QLatin1Char('-'), 0, 0);
    }
    return {};
}

// torch's functions that load another package's code for it: a failure
// inside them belongs to the package that called them.
bool loadsForItsCaller(const QString &framePath)
{
    QString p = framePath;
    p.replace(QLatin1Char('\\'), QLatin1Char('/'));
    static const QRegularExpression helpers(
        QStringLiteral(R"(/torch/(?:_ops\.py|library\.py|_library/|utils/cpp_extension\.py|_classes\.py))"));
    return helpers.match(p).hasMatch();
}

// A project whose compiled code raised the error, named by the source path its build kept
// ("CUDA error (/__w/xformers/xformers/csrc/...)": GitHub Actions checks a repository out at
// /__w/<name>/<name>); PyTorch's own is torch.
QString builtProject(const QString &text)
{
    static const QRegularExpression checkout(QStringLiteral(R"(/__w/([A-Za-z][\w.-]*)/\1/)"));
    const QString name = checkout.match(text).captured(1);
    return name.compare(QLatin1String("pytorch"), Qt::CaseInsensitive) == 0 ? QStringLiteral("torch") : name;
}

// The package that raised the error: the one the named file lies in, else
// the one of the file that needed it, else the one of the innermost
// traceback frame inside site-packages (Python's
// 'File "X", line N', a notebook's "File X:N", rich's "│ X:N in").
QString raisingPackage(const QString &text, const QString &namedPath, const QString &requiredBy)
{
    bool topLevelFile = false;
    QString named = packageOf(namedPath, &topLevelFile);
    if (!named.isEmpty() && !topLevelFile)
        return named;
    // A system library (or an @rpath name) failed for a file that needed it: that file's package.
    bool requiredByTopLevel = false;
    const QString needing = packageOf(requiredBy, &requiredByTopLevel);
    if (!needing.isEmpty() && !requiredByTopLevel)
        return needing;
    if (named.isEmpty())
        named = needing;
    static const QRegularExpression frame(
        QStringLiteral(R"re((?:File "([^"\r\n]+)", line \d+|File ([^\s"][^\r\n]*?\.py):\d+|[│|] ([^\s│|][^\r\n]*?\.py):\d+ in ))re"));
    QString package;
    auto it = frame.globalMatch(text);
    while (it.hasNext()) {
        const auto m = it.next();
        const QString path = m.captured(1) + m.captured(2) + m.captured(3);
        if (loadsForItsCaller(path))
            continue;
        if (const QString p = packageOf(path); !p.isEmpty())
            package = p;
    }
    if (package.isEmpty() && named.isEmpty())
        package = builtProject(text);
    // A module file right in site-packages is its distribution's, named without the build's parts.
    return package.isEmpty() ? (topLevelFile ? distributionOfModule(named) : named) : package;
}

// A file outside any site-packages that needs one of torch's C++ functions (c10::, at::, torch::, by their
// Itanium or MSVC names) is a compiled extension built against torch: its module is the package to fix
// ("flash_attn_2_cuda" for flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so). torch's own libraries are not,
// nor a bare _C, which may be torch's.
QString extensionLackingTorchSymbol(const QString &symbol, const QString &library)
{
    static const QRegularExpression torchSymbol(
        QStringLiteral(R"(^_?_Z(?:T[IVS])?NK?(?:3c10|2at|5torch)|@(?:c10|at|torch)@@)"));
    static const QRegularExpression torchLibrary(QStringLiteral(R"(^(?:(?:lib)?(?:torch|c10|shm)(?:_\w+)?|_C)\.)"));
    if (library.isEmpty() || !torchSymbol.match(symbol).hasMatch() || torchLibrary.match(library).hasMatch())
        return {};
    return distributionOfModule(library.section(u'.', 0, 0));
}

// A torch version the paste names: pip's "torch-2.4.0+cu121", "torch==2.4.0",
// collect_env's "PyTorch version: 2.4.0", "torch 2.4.0".
QString namedTorchVersion(const QString &text)
{
    static const QRegularExpression version(
        QStringLiteral(R"((?<![\w-])(?:py)?torch(?:\s+version)?(?:==|\s*:\s*|-|\s+)v?(\d+\.\d+(?:\.\d+)?(?:(?:a|b|rc|\.dev|\.post)\d+)?(?:\+[\w.]+)?)(?![\w.]))"),
        QRegularExpression::CaseInsensitiveOption);
    return version.match(text).captured(1);
}

} // namespace

QString distributionOfModule(const QString &module)
{
    // What a build names after the device or the kind of code it holds (not "lib", "core": names end so).
    static const QStringList buildParts{QStringLiteral("cuda"), QStringLiteral("cpu"),    QStringLiteral("gpu"),
                                        QStringLiteral("hip"),  QStringLiteral("rocm"),   QStringLiteral("native"),
                                        QStringLiteral("ext"),  QStringLiteral("ops"),    QStringLiteral("kernels")};
    if (module.startsWith(u'_'))
        return module;
    QStringList parts = module.split(u'_');
    const auto built = [](const QString &part) {
        return buildParts.contains(part, Qt::CaseInsensitive)
               || std::all_of(part.begin(), part.end(), [](QChar c) { return c.isDigit(); });
    };
    while (parts.size() > 1 && built(parts.constLast()))
        parts.removeLast();
    return parts.join(u'_');
}

ClassifiedError classifyImportError(const QString &pasted)
{
    // A paste is text: control characters (a NUL from a binary log) are shown as U+FFFD, never copied out.
    QString text = pasted;
    for (QChar &c : text)
        if ((c.unicode() < 0x20 && c != u'\n' && c != u'\r' && c != u'\t') || c.unicode() == 0x7f)
            c = QChar::ReplacementCharacter;
    ClassifiedError e;
    QString type;
    const QString block = lastExceptionBlock(text, &type);
    if (classifyBlock(block, e)) {
        e.exceptionType = type;
    } else {
        // Nothing in the last exception: the cause may be earlier (an OpenMP
        // abort on stderr, a chained exception).
        e = ClassifiedError{};
        classifyBlock(text, e);
        if (e.kind == Kind::Unknown)
            e.exceptionType = type;
    }
    if (e.path.isEmpty() && e.library.isEmpty()) {
        e.path = namedLibrary(block);
        e.library = fileNameOf(e.path);
    }
    e.package = raisingPackage(text, e.path, e.requiredBy);
    if (e.package.isEmpty() && e.kind == Kind::UndefinedSymbol)
        e.package = extensionLackingTorchSymbol(e.symbol, e.library);
    e.torchVersion = namedTorchVersion(text);
    e.text = text;
    return e;
}

namespace {

bool endsAPathToken(QChar c) // what a path in a traceback does not hold (a space it may: "Program Files")
{
    return c == u'"' || c == u'\'' || c == u'(' || (c >= u'\t' && c <= u'\r');
}

bool isSeparator(QChar c)
{
    return c == u'/' || c == u'\\';
}

bool isAsciiWord(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z') || (c >= u'0' && c <= u'9') || c == u'_';
}

// Whether a path starts at text[i]: "/", "~/", "\\\\server", "C:\\" or "C:/".
bool startsAPath(const QString &text, qsizetype i, qsizetype end)
{
    const auto at = [&](qsizetype k) { return k < end ? text[k] : QChar(); };
    const QChar c = text[i];
    if (c == u'/' || (c == u'~' && isSeparator(at(i + 1))) || (c == u'\\' && at(i + 1) == u'\\'))
        return true;
    return ((c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z')) && at(i + 1) == u':' && isSeparator(at(i + 2));
}

// Where the path that holds text[anchor] starts, at `from` or later: the last place before it where a path
// starts (at `from` or after a space) with no ": " between them, for a path may hold spaces ("/x y/...")
// but an error line puts its own words before it ("ImportError: ", "cd /a && /b/python"); without one,
// after the last space.
qsizetype startOfPath(const QString &text, qsizetype from, qsizetype anchor, qsizetype end)
{
    const QStringView before = QStringView(text).mid(from, anchor - from); // only this token's part
    if (const qsizetype colon = before.lastIndexOf(QLatin1String(": ")); colon >= 0)
        return startOfPath(text, from + colon + 2, anchor, end);
    for (qsizetype i = anchor - 1; i >= from; --i)
        if ((i == from || text[i - 1] == u' ') && startsAPath(text, i, end))
            return i;
    const qsizetype space = before.lastIndexOf(u' ');
    return space >= 0 ? from + space + 1 : from;
}

// In text[from, end): where the first "<sep>site-packages<sep><name>" ends, or -1; `kind` is set to
// where its "site"/"dist" begins.
qsizetype endOfPackageFolder(const QString &text, qsizetype from, qsizetype end, qsizetype &kindAt)
{
    static const QString anchor = QStringLiteral("-packages");
    const QStringView token = QStringView(text).first(end); // searches stop at the token's end
    for (qsizetype i = token.indexOf(anchor, from); i >= 0; i = token.indexOf(anchor, i + 1)) {
        const qsizetype kind = i - 4, name = i + anchor.size() + 1;
        if (kind - 1 < from || name >= end || !isSeparator(text[kind - 1]) || !isSeparator(text[name - 1]))
            continue;
        const QStringView word = QStringView(text).mid(kind, 4);
        if (word != QLatin1String("site") && word != QLatin1String("dist"))
            continue;
        if (!(isAsciiWord(text[name]) && !text[name].isDigit()))
            continue;
        qsizetype stop = name + 1;
        while (stop < end && (isAsciiWord(text[stop]) || text[stop] == u'.'))
            ++stop;
        kindAt = kind;
        return stop;
    }
    return -1;
}

} // namespace

QStringList packageFoldersIn(const QString &text)
{
    QStringList out;
    QSet<QString> seen;
    qsizetype token = 0;
    while (token < text.size()) {
        qsizetype end = token;
        while (end < text.size() && !endsAPathToken(text[end]))
            ++end;
        // Within the token, each match starts where the last one ended.
        qsizetype kind = 0;
        for (qsizetype from = token, stop; (stop = endOfPackageFolder(text, from, end, kind)) >= 0; from = stop) {
            const qsizetype start = startOfPath(text, from, kind, end);
            const QString folder = text.mid(start, stop - start);
            if (!seen.contains(folder)) {
                seen.insert(folder);
                out << folder;
            }
        }
        token = end + 1;
    }
    return out;
}

QString systemOfError(const ClassifiedError &error)
{
    using K = ClassifiedError::Kind;
    switch (error.kind) {
    case K::WinError:
    case K::DllLoadFailed: return QStringLiteral("windows");
    case K::IncompatibleArch:
    case K::LibraryNotLoaded: return QStringLiteral("macos");
    case K::MissingSharedObject:
    case K::VersionNotFound:
    case K::WrongElfClass:
    case K::InvalidElfHeader:
    case K::FileTooShort: return QStringLiteral("linux");
    case K::UndefinedSymbol:
    case K::OmpDuplicate:
    case K::ModuleNotFound:
    case K::Unknown: break;
    }
    // Otherwise by the file it names: a drive letter or .dll/.pyd, a .dylib, a .so.
    const QString path = error.path.isEmpty() ? error.library : error.path;
    static const QRegularExpression drive(QStringLiteral(R"(^[A-Za-z]:[\\/])"));
    if (drive.match(path).hasMatch() || path.endsWith(QLatin1String(".dll"), Qt::CaseInsensitive)
        || path.endsWith(QLatin1String(".pyd"), Qt::CaseInsensitive))
        return QStringLiteral("windows");
    if (path.endsWith(QLatin1String(".dylib")))
        return QStringLiteral("macos");
    if (path.contains(QLatin1String(".so")))
        return QStringLiteral("linux");
    return {};
}

QString thisSystem()
{
#if defined(Q_OS_WIN)
    return QStringLiteral("windows");
#elif defined(Q_OS_MACOS)
    return QStringLiteral("macos");
#else
    return QStringLiteral("linux");
#endif
}

} // namespace td::python
