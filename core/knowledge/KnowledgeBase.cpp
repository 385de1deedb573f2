// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledge/KnowledgeBase.h"

#include "knowledge/ReleaseIndex.h"
#include "knowledge/GpuNames.h"
#include "knowledge/WheelAvailability.h"
#include "platform/FileIo.h"
#include "python/Record.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <functional>

namespace td::knowledge {

namespace {

using Kind = python::ClassifiedError::Kind;

// A fix's conditions (Fix::when): the torch build the message names has code for the GPU it names; the file the
// message names lies outside every Python environment's packages.
const QString kTorchHasGpuCode = QStringLiteral("torch-has-gpu-code");
const QString kFileOutsidePythonPackages = QStringLiteral("file-outside-python-packages");
const QString kSymbolOfKnownLibrary = QStringLiteral("symbol-of-known-library");
const QStringList kConditions{kTorchHasGpuCode, kFileOutsidePythonPackages, kSymbolOfKnownLibrary};

QString L(const char *text)
{
    return QString::fromLatin1(text);
}

// Reads fields of one file and records what is missing or of the wrong type,
// so that a broken file becomes a list of errors, never a crash.
class Reader {
public:
    Reader(QString file, QStringList &errors) : m_file(std::move(file)), m_errors(errors) {}

    void error(const QString &where, const QString &what)
    {
        m_errors << m_file + QStringLiteral(": ") + where + QStringLiteral(": ") + what;
    }

    QString str(const QJsonObject &o, const char *key, const QString &where, bool required = true)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isString())
            return v.toString();
        if (required || !(v.isUndefined() || v.isNull()))
            error(where, QStringLiteral("'%1' must be a string").arg(L(key)));
        return {};
    }

    QJsonArray arr(const QJsonObject &o, const char *key, const QString &where, bool required = true)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isArray())
            return v.toArray();
        if (required || !v.isUndefined())
            error(where, QStringLiteral("'%1' must be an array").arg(L(key)));
        return {};
    }

    QJsonObject obj(const QJsonObject &o, const char *key, const QString &where, bool required = true)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isObject())
            return v.toObject();
        if (required || !v.isUndefined())
            error(where, QStringLiteral("'%1' must be an object").arg(L(key)));
        return {};
    }

    QStringList strings(const QJsonObject &o, const char *key, const QString &where, bool required = true)
    {
        QStringList out;
        const QJsonArray a = arr(o, key, where, required);
        for (const QJsonValue &v : a) {
            if (v.isString())
                out << v.toString();
            else
                error(where, QStringLiteral("'%1' must hold strings").arg(L(key)));
        }
        return out;
    }

    QStringList sources(const QJsonObject &o, const QString &where)
    {
        QStringList s = strings(o, "sources", where);
        if (s.isEmpty())
            error(where, QStringLiteral("no sources"));
        return s;
    }

    Text text(const QJsonObject &o, const char *key, const QString &where, bool required = true)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isObject()) {
            if (required || !v.isUndefined())
                error(where, QStringLiteral("'%1' must be an object with en and zh_CN").arg(L(key)));
            return {};
        }
        const QJsonObject t = v.toObject();
        Text out{t.value(QLatin1String("en")).toString(), t.value(QLatin1String("zh_CN")).toString()};
        if (out.en.isEmpty() || out.zhCN.isEmpty())
            error(where, QStringLiteral("'%1' needs both en and zh_CN").arg(L(key)));
        return out;
    }

    VersionRange range(const QJsonObject &o, const char *key, const QString &where)
    {
        const QJsonObject r = obj(o, key, where);
        VersionRange out{str(r, "min", where + QLatin1Char('.') + L(key)), str(r, "max", where, false)};
        return out;
    }

private:
    QString m_file;
    QStringList &m_errors;
};

QString at(const char *array, qsizetype index)
{
    return QStringLiteral("%1[%2]").arg(L(array)).arg(index);
}

// Leading numeric parts of a version: "2.4.1+cu121" -> {2, 4, 1}; "3.14t" -> {3, 14}.
QList<int> versionParts(const QString &version)
{
    QList<int> parts;
    QString v = version.trimmed();
    const qsizetype plus = v.indexOf(QLatin1Char('+'));
    if (plus >= 0)
        v.truncate(plus);
    const QStringList pieces = v.split(QLatin1Char('.'));
    for (const QString &piece : pieces) {
        qsizetype digits = 0;
        while (digits < piece.size() && piece.at(digits).isDigit())
            ++digits;
        if (digits == 0)
            break;
        parts << piece.left(digits).toInt();
        if (digits != piece.size())
            break;
    }
    return parts;
}

// "sm_86" / "compute_120" / "8.6" -> {8, 6}; false when it is none of these.
bool parseCapability(const QString &text, int &major, int &minor)
{
    if (text.contains(QLatin1Char('.'))) {
        const QList<int> p = versionParts(text);
        if (p.size() < 2)
            return false;
        major = p.at(0);
        minor = p.at(1);
        return true;
    }
    QString digits;
    for (const QChar c : text)
        if (c.isDigit())
            digits += c;
    if (digits.size() < 2)
        return false;
    major = digits.left(digits.size() - 1).toInt();
    minor = digits.right(1).toInt();
    return true;
}

bool capabilityAtMost(int aMajor, int aMinor, int bMajor, int bMinor)
{
    return aMajor < bMajor || (aMajor == bMajor && aMinor <= bMinor);
}

Os parseOs(const QString &os)
{
    if (os == QLatin1String("windows"))
        return Os::Windows;
    if (os == QLatin1String("macos"))
        return Os::MacOS;
    return Os::Linux;
}

std::optional<Kind> parseKind(const QString &kind)
{
    static const QMap<QString, Kind> kinds{
        {QStringLiteral("Unknown"), Kind::Unknown},
        {QStringLiteral("DllLoadFailed"), Kind::DllLoadFailed},
        {QStringLiteral("InvalidElfHeader"), Kind::InvalidElfHeader},
        {QStringLiteral("FileTooShort"), Kind::FileTooShort},
        {QStringLiteral("WinError"), Kind::WinError},
        {QStringLiteral("MissingSharedObject"), Kind::MissingSharedObject},
        {QStringLiteral("VersionNotFound"), Kind::VersionNotFound},
        {QStringLiteral("UndefinedSymbol"), Kind::UndefinedSymbol},
        {QStringLiteral("IncompatibleArch"), Kind::IncompatibleArch},
        {QStringLiteral("LibraryNotLoaded"), Kind::LibraryNotLoaded},
        {QStringLiteral("OmpDuplicate"), Kind::OmpDuplicate},
        {QStringLiteral("ModuleNotFound"), Kind::ModuleNotFound},
        {QStringLiteral("WrongElfClass"), Kind::WrongElfClass},
    };
    const auto it = kinds.constFind(kind);
    if (it == kinds.constEnd())
        return std::nullopt;
    return *it;
}

bool matches(const QString &pattern, const QString &value)
{
    const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
    return re.match(value).hasMatch();
}

QString fileNameOf(const QString &path)
{
    QString p = path;
    p.replace(QLatin1Char('\\'), QLatin1Char('/'));
    return p.mid(p.lastIndexOf(QLatin1Char('/')) + 1);
}

// How the knowledge base's commands name PyTorch's index for the installed build.
const QString kIndexPlaceholder = QStringLiteral(" --index-url https://download.pytorch.org/whl/<variant>");

// The index arguments that fetch the same build as `torchVersion` (indexUrlOfBuild's).
std::optional<QString> indexArguments(const QString &torchVersion)
{
    const std::optional<QString> url = indexUrlOfBuild(torchVersion);
    if (!url || url->isEmpty())
        return url;
    return QStringLiteral(" --index-url ") + *url;
}

// An argument as a shell reads it: quoted when it has a space.
QString quotedArgument(const QString &argument)
{
    return argument.contains(u' ') ? u'"' + argument + u'"' : argument;
}

} // namespace

// Whether a signature's cause or one of its fixes holds a placeholder.
bool mentions(const ErrorSignature &s, const QString &placeholder)
{
    return s.cause.en.contains(placeholder)
           || std::any_of(s.fixes.cbegin(), s.fixes.cend(),
                          [&](const Fix &f) { return f.text.en.contains(placeholder); });
}

Text fill(const Text &text, const QMap<QString, Text> &values)
{
    Text out = text;
    for (auto it = values.constBegin(); it != values.constEnd(); ++it) {
        const QString key = QLatin1Char('{') + it.key() + QLatin1Char('}');
        out.en.replace(key, it.value().en);
        out.zhCN.replace(key, it.value().zhCN);
    }
    return out;
}

// A fix's commands with the message's values filled in, run by the diagnosed interpreter (`python`, when known).
QStringList filledCommands(const QStringList &commands, const QMap<QString, Text> &values,
                           const std::optional<QString> &index, const QString &python, const Text &unknown)
{
    QStringList out;
    for (const QString &command : commands) {
        QString filled = fill(Text{command, command}, values).en;
        if (index)
            filled.replace(kIndexPlaceholder, *index);
        // The diagnosed interpreter's own pip: a portable build's python.exe is not the one on PATH.
        if (!python.isEmpty()) {
            filled.replace(QStringLiteral("<python> "), quotedArgument(python) + u' ');
            if (filled.startsWith(QLatin1String("python -m ")))
                filled.replace(0, 6, quotedArgument(python));
        }
        // A command with a part nobody knows is no command: its text says what to fill in.
        if (!filled.contains(u'<') && !filled.contains(u'{') && !filled.contains(unknown.en))
            out << filled;
    }
    return out;
}

std::optional<QString> indexUrlOfBuild(const QString &torchVersion)
{
    if (torchVersion.isEmpty())
        return std::nullopt;
    if (!torchVersion.contains(u'+'))
        return QString();
    static const QRegularExpression label(QStringLiteral(R"(^(cu\d+|cpu|rocm\d+(\.\d+)*|xpu)$)"));
    const QString local = torchVersion.section(u'+', 1);
    if (!label.match(local).hasMatch())
        return std::nullopt;
    return QStringLiteral("https://download.pytorch.org/whl/") + local;
}

QString majorMinor(const QString &version)
{
    const QList<int> p = versionParts(version);
    if (p.size() < 2)
        return {};
    return QStringLiteral("%1.%2").arg(p.at(0)).arg(p.at(1));
}

QStringList knowledgeFiles()
{
    return {QStringLiteral("releases.json"), QStringLiteral("drivers.json"), QStringLiteral("gpu-arch.json"),
            QStringLiteral("errors.json"), QStringLiteral("runtimes.json"), QStringLiteral("companions.json")};
}

QString Text::get(const QString &language) const
{
    if (language.startsWith(QLatin1String("zh")) && !zhCN.isEmpty())
        return zhCN;
    return en;
}

bool VersionRange::contains(const QString &version) const
{
    if (!min.isEmpty() && KnowledgeBase::compareVersions(version, min) < 0)
        return false;
    if (max.isEmpty())
        return true;
    // "2.7" as a maximum covers every 2.7.x release.
    const qsizetype depth = versionParts(max).size();
    const QList<int> v = versionParts(version);
    QStringList cut;
    for (qsizetype i = 0; i < std::min(depth, v.size()); ++i)
        cut << QString::number(v.at(i));
    return KnowledgeBase::compareVersions(cut.join(QLatin1Char('.')), max) <= 0;
}

int KnowledgeBase::compareVersions(const QString &a, const QString &b)
{
    const QList<int> pa = versionParts(a);
    const QList<int> pb = versionParts(b);
    const qsizetype n = std::max(pa.size(), pb.size());
    for (qsizetype i = 0; i < n; ++i) {
        const int x = i < pa.size() ? pa.at(i) : 0;
        const int y = i < pb.size() ? pb.at(i) : 0;
        if (x != y)
            return x < y ? -1 : 1;
    }
    return 0;
}

QString KnowledgeBase::normalizeDriverVersion(const QString &driverVersion)
{
    const QString v = driverVersion.trimmed();
    const QStringList parts = v.split(QLatin1Char('.'));
    // Windows reports the display driver's file version: 32.0.15.6094 is 560.94,
    // the last five digits of the last two parts.
    if (parts.size() == 4 && parts.at(0).toInt() >= 10) {
        const QString digits = parts.at(2) + parts.at(3);
        if (digits.size() >= 5) {
            const QString last = digits.right(5);
            return QString::number(last.left(3).toInt()) + QLatin1Char('.') + last.right(2);
        }
    }
    return v;
}

QString KnowledgeBase::cudaVersionOf(const QString &variantOrVersion)
{
    const QString v = variantOrVersion.trimmed().toLower();
    if (v.startsWith(QLatin1String("cu"))) {
        const QString digits = v.mid(2);
        bool ok = false;
        digits.toInt(&ok);
        if (!ok || digits.size() < 2)
            return {};
        return digits.left(digits.size() - 1) + QLatin1Char('.') + digits.right(1);
    }
    return majorMinor(v);
}

void KnowledgeBase::clear()
{
    *this = KnowledgeBase();
}

QStringList KnowledgeBase::load()
{
    return loadWith(QStringLiteral(":/knowledge"));
}

QStringList KnowledgeBase::loadFromDirectory(const QString &directory)
{
    return loadWith(directory);
}

QDate KnowledgeBase::date() const
{
    if (m_dates.isEmpty())
        return {};
    return *std::min_element(m_dates.begin(), m_dates.end());
}

// Each knowledge file's document, its schema, kind and date checked.
QMap<QString, QJsonObject> KnowledgeBase::readDocuments(const QString &directory, QStringList &errors)
{
    QMap<QString, QJsonObject> docs;
    for (const QString &name : knowledgeFiles()) {
        const auto read = platform::readJsonObject(directory + QLatin1Char('/') + name);
        if (!read) {
            errors << name + QStringLiteral(": ") + read.error();
            continue;
        }
        const QJsonObject &root = *read;
        Reader r(name, errors);
        if (root.value(QLatin1String("schema")).toInt() != 1)
            r.error(QStringLiteral("schema"), QStringLiteral("unsupported schema version"));
        const QString expectedKind = name.left(name.size() - 5); // without ".json"
        if (r.str(root, "kind", QStringLiteral("kind")) != expectedKind)
            r.error(QStringLiteral("kind"), QStringLiteral("expected '%1'").arg(expectedKind));
        const QDate date = QDate::fromString(r.str(root, "date", QStringLiteral("date")), Qt::ISODate);
        if (!date.isValid())
            r.error(QStringLiteral("date"), QStringLiteral("not a YYYY-MM-DD date"));
        else
            m_dates << date;
        docs.insert(name, root);
    }
    return docs;
}

void KnowledgeBase::readReleases(const QJsonObject &root, QStringList &errors)
{
    Reader r(QStringLiteral("releases.json"), errors);
    const QJsonArray platforms = r.arr(root, "platforms", QStringLiteral("platforms"));
    for (qsizetype i = 0; i < platforms.size(); ++i) {
        const QJsonObject o = platforms.at(i).toObject();
        const QString w = at("platforms", i);
        m_platforms << Platform{parseOs(r.str(o, "os", w)), r.strings(o, "arch", w), r.text(o, "note", w, false),
                                r.sources(o, w)};
    }
    const QJsonArray releases = r.arr(root, "releases", QStringLiteral("releases"));
    for (qsizetype i = 0; i < releases.size(); ++i) {
        const QJsonObject o = releases.at(i).toObject();
        const QString w = at("releases", i);
        Release rel;
        rel.torch = r.str(o, "torch", w);
        rel.released = r.str(o, "released", w);
        rel.latest = r.str(o, "latest", w, false);
        const QJsonObject py = r.obj(o, "python", w);
        rel.pythonMin = r.str(py, "min", w + QStringLiteral(".python"));
        rel.pythonMax = r.str(py, "max", w + QStringLiteral(".python"));
        rel.pythonExperimental = r.strings(py, "experimental", w + QStringLiteral(".python"));
        const QJsonObject cuda = r.obj(o, "cuda", w);
        rel.cudaStable = r.strings(cuda, "stable", w + QStringLiteral(".cuda"));
        rel.cudaExperimental = r.strings(cuda, "experimental", w + QStringLiteral(".cuda"));
        rel.rocm = r.strings(o, "rocm", w);
        rel.torchvision = r.str(o, "torchvision", w);
        rel.torchaudio = r.str(o, "torchaudio", w);
        rel.torchaudioForwardCompatible = o.value(QLatin1String("torchaudioForwardCompatible")).toBool();
        rel.torchvisionForwardCompatible = o.value(QLatin1String("torchvisionForwardCompatible")).toBool();
        const QJsonObject wheels = r.obj(o, "wheels", w, false);
        rel.wheelPythons = r.strings(wheels, "python", w + QStringLiteral(".wheels"), !wheels.isEmpty());
        rel.wheelPlatforms = r.strings(wheels, "platforms", w + QStringLiteral(".wheels"), !wheels.isEmpty());
        rel.pypiCuda = r.str(o, "pypiCuda", w, false);
        rel.unconfirmed = r.strings(o, "unconfirmed", w, false);
        const QJsonObject patches = r.obj(o, "torchaudioPatches", w, false);
        for (auto it = patches.begin(); it != patches.end(); ++it)
            rel.torchaudioPatches.insert(it.key(), it.value().toString());
        rel.note = r.text(o, "note", w, false);
        rel.sources = r.sources(o, w);
        m_releases << rel;
    }
    const QJsonArray notes = r.arr(root, "pythonNotes", QStringLiteral("pythonNotes"));
    for (qsizetype i = 0; i < notes.size(); ++i) {
        const QJsonObject o = notes.at(i).toObject();
        r.text(o, "text", at("pythonNotes", i));
        r.sources(o, at("pythonNotes", i));
    }
}

void KnowledgeBase::readDrivers(const QJsonObject &root, QStringList &errors)
{
    Reader r(QStringLiteral("drivers.json"), errors);
    const auto rows = [&r](const QJsonObject &o, const char *key, const QString &w) {
        QList<DriverRow> out;
        const QJsonArray a = r.arr(o, key, w);
        for (const QJsonValue &v : a)
            out << DriverRow{r.str(v.toObject(), "update", w), r.str(v.toObject(), "driver", w)};
        if (out.isEmpty())
            r.error(w, QStringLiteral("no %1 drivers").arg(L(key)));
        return out;
    };
    const QJsonArray toolkits = r.arr(root, "toolkits", QStringLiteral("toolkits"));
    for (qsizetype i = 0; i < toolkits.size(); ++i) {
        const QJsonObject o = toolkits.at(i).toObject();
        const QString w = at("toolkits", i);
        m_toolkits << Toolkit{r.str(o, "cuda", w),       rows(o, "linux", w),         rows(o, "windows", w),
                              r.str(o, "confidence", w), r.text(o, "note", w, false), r.sources(o, w)};
    }
    const QJsonArray families = r.arr(root, "families", QStringLiteral("families"));
    for (qsizetype i = 0; i < families.size(); ++i) {
        const QJsonObject o = families.at(i).toObject();
        const QString w = at("families", i);
        if (!o.value(QLatin1String("major")).isDouble())
            r.error(w, QStringLiteral("'major' must be a number"));
        m_families << DriverFamily{o.value(QLatin1String("major")).toInt(),
                                   r.str(o, "linux", w),
                                   r.str(o, "windows", w),
                                   r.str(o, "branchMin", w),
                                   r.str(o, "branchBelow", w, false),
                                   r.text(o, "note", w),
                                   r.sources(o, w)};
    }
}

void KnowledgeBase::readGpuArch(const QJsonObject &root, QStringList &errors)
{
    Reader r(QStringLiteral("gpu-arch.json"), errors);
    const QJsonArray variants = r.arr(root, "variants", QStringLiteral("variants"));
    for (qsizetype i = 0; i < variants.size(); ++i) {
        const QJsonObject o = variants.at(i).toObject();
        const QString w = at("variants", i);
        ArchEntry e;
        e.variant = r.str(o, "variant", w);
        e.torch = r.range(o, "torch", w);
        const QString os = r.str(o, "os", w, false);
        if (!os.isEmpty())
            e.os = parseOs(os);
        e.arch = r.str(o, "arch", w, false);
        e.archs = r.strings(o, "archs", w);
        e.ptx = r.strings(o, "ptx", w);
        e.confidence = r.str(o, "confidence", w);
        e.note = r.text(o, "note", w);
        e.sources = r.sources(o, w);
        if (e.archs.isEmpty())
            r.error(w, QStringLiteral("no architectures"));
        m_arch << e;
    }
    const QJsonArray gpus = root.value(QLatin1String("gpus")).toArray(); // newer: an older file lacks it
    for (qsizetype i = 0; i < gpus.size(); ++i) {
        const QJsonObject o = gpus.at(i).toObject();
        const QString w = at("gpus", i);
        GpuModel g;
        g.capability = r.str(o, "capability", w);
        g.architecture = r.text(o, "architecture", w);
        for (const QString &name : r.strings(o, "names", w)) {
            QRegularExpression pattern(name, QRegularExpression::CaseInsensitiveOption);
            if (!pattern.isValid())
                r.error(w, QStringLiteral("the name pattern %1 is not a valid regular expression").arg(name));
            g.names << pattern;
        }
        g.confidence = r.str(o, "confidence", w);
        g.sources = r.sources(o, w);
        m_gpus << g;
    }
}

// Newer than the rest of errors.json: an older file lacks them.
void KnowledgeBase::readSymbolLibraries(const QJsonObject &root, QStringList &errors)
{
    if (!root.contains(QLatin1String("symbolLibraries")))
        return;
    Reader r(QStringLiteral("errors.json"), errors);
    const QJsonArray libraries = r.arr(root, "symbolLibraries", QStringLiteral("symbolLibraries"));
    for (qsizetype i = 0; i < libraries.size(); ++i) {
        const QJsonObject o = libraries.at(i).toObject();
        const QString w = at("symbolLibraries", i);
        SymbolLibrary l{QRegularExpression(r.str(o, "symbol", w)), r.str(o, "name", w), r.str(o, "library", w),
                        r.strings(o, "wheels", w), r.sources(o, w)};
        if (!l.symbol.isValid())
            r.error(w, QStringLiteral("invalid regular expression: ") + l.symbol.pattern());
        m_symbolLibraries << l;
    }
}

void KnowledgeBase::readErrors(const QJsonObject &root, QStringList &errors)
{
    Reader r(QStringLiteral("errors.json"), errors);
    const QJsonObject placeholders = r.obj(root, "placeholders", QStringLiteral("placeholders"));
    m_missingUnknown = r.text(placeholders, "missingUnknown", QStringLiteral("placeholders"));
    m_requiredByUnknown = r.text(placeholders, "requiredByUnknown", QStringLiteral("placeholders"));
    m_unknown = r.text(placeholders, "unknown", QStringLiteral("placeholders"));
    const QJsonObject phrases = r.obj(root, "phrases", QStringLiteral("phrases"));
    for (const char *name : {"likely", "torch-version", "win-error", "packageToFix"})
        m_phrases.insert(QLatin1String(name), r.text(phrases, name, QStringLiteral("phrases")));
    // Newer phrases: an older file lacks them.
    for (const char *name : {"wheelsOf", "lostAfter", "noVersionAtAll", "gpuNamed", "gpuBuild", "gpuBuildOnly",
                             "gpuBuildRange", "gpuBuilds", "gpuNoBuild", "gpuTorchHasIt", "gpuTorchLacksIt",
                             "symbolOf", "symbolUnknown", "driverOfBuild", "companionFits", "companionBuiltFor",
                             "companionOfModule"})
        if (phrases.contains(QLatin1String(name)))
            m_phrases.insert(QLatin1String(name), r.text(phrases, name, QStringLiteral("phrases")));
    const QJsonArray signatures = r.arr(root, "signatures", QStringLiteral("signatures"));
    for (qsizetype i = 0; i < signatures.size(); ++i) {
        const QJsonObject o = signatures.at(i).toObject();
        const QString w = at("signatures", i);
        ErrorSignature s;
        s.id = r.str(o, "id", w);
        const QJsonObject m = r.obj(o, "match", w);
        const QString mw = w + QStringLiteral(".match");
        const QString kindName = r.str(m, "kind", mw);
        s.anyKind = kindName == QLatin1String("Any");
        const std::optional<Kind> kind = parseKind(kindName);
        if (!kind && !s.anyKind)
            r.error(mw, QStringLiteral("unknown kind"));
        s.kind = kind.value_or(Kind::Unknown);
        s.winError = m.value(QLatin1String("winError")).toInt();
        s.library = r.str(m, "library", mw, false);
        s.missing = r.str(m, "missing", mw, false);
        s.symbol = r.str(m, "symbol", mw, false);
        s.version = r.str(m, "version", mw, false);
        s.haveArch = r.str(m, "haveArch", mw, false);
        s.needArch = r.str(m, "needArch", mw, false);
        s.package = r.str(m, "package", mw, false);
        s.text = r.str(m, "text", mw, false);
        if (s.anyKind && s.text.isEmpty())
            r.error(mw, QStringLiteral("kind Any needs a text pattern"));
        for (const QString &pattern :
             {s.library, s.missing, s.symbol, s.version, s.haveArch, s.needArch, s.package, s.text})
            if (!pattern.isEmpty() && !QRegularExpression(pattern).isValid())
                r.error(mw, QStringLiteral("invalid regular expression: ") + pattern);
        if (m.contains(QLatin1String("torch")))
            s.torch = r.range(m, "torch", mw);
        s.raisedBy = r.str(o, "raisedBy", w, false);
        s.finding = r.str(o, "finding", w);
        s.severity = r.str(o, "severity", w);
        s.title = r.text(o, "title", w);
        s.cause = r.text(o, "cause", w);
        s.fixFamilies = r.strings(o, "fixFamilies", w);
        const QJsonArray fixes = r.arr(o, "fixes", w);
        for (qsizetype j = 0; j < fixes.size(); ++j) {
            const QJsonObject f = fixes.at(j).toObject();
            const QString fw = w + QLatin1Char('.') + at("fixes", j);
            s.fixes << Fix{r.str(f, "family", fw), r.text(f, "text", fw), r.strings(f, "commands", fw, false),
                           r.str(f, "when", fw, false)};
            if (const QString when = s.fixes.last().when; !when.isEmpty() && !kConditions.contains(when))
                r.error(fw, QStringLiteral("unknown condition: ") + when);
        }
        if (s.fixes.isEmpty())
            r.error(w, QStringLiteral("no fixes"));
        s.note = r.text(o, "note", w, false);
        s.sources = r.sources(o, w);
        m_signatures << s;
    }
    const QJsonArray wrong = r.arr(root, "wrongAdvice", QStringLiteral("wrongAdvice"));
    for (qsizetype i = 0; i < wrong.size(); ++i) {
        const QJsonObject o = wrong.at(i).toObject();
        const QString w = at("wrongAdvice", i);
        m_wrongAdvice << WrongAdvice{r.str(o, "id", w),       r.text(o, "advice", w),      r.text(o, "whyWrong", w),
                                     r.text(o, "instead", w), r.text(o, "note", w, false), r.sources(o, w)};
    }
}

void KnowledgeBase::readRuntimes(const QJsonObject &root, QStringList &errors)
{
    Reader r(QStringLiteral("runtimes.json"), errors);
    const QJsonArray vc = r.arr(root, "vcRuntime", QStringLiteral("vcRuntime"));
    for (qsizetype i = 0; i < vc.size(); ++i) {
        const QJsonObject o = vc.at(i).toObject();
        const QString w = at("vcRuntime", i);
        m_vcRuntime << VcRuntimeRequirement{r.range(o, "torch", w),
                                            r.str(o, "dll", w),
                                            r.str(o, "minimumVersion", w, false),
                                            r.text(o, "reason", w),
                                            r.strings(o, "redistributables", w),
                                            r.sources(o, w)};
    }
    const QJsonObject openmp = r.obj(root, "openmp", QStringLiteral("openmp"));
    const QJsonArray runtimes = r.arr(openmp, "runtimes", QStringLiteral("openmp"));
    for (qsizetype i = 0; i < runtimes.size(); ++i) {
        const QJsonObject o = runtimes.at(i).toObject();
        const QString w = QStringLiteral("openmp.") + at("runtimes", i);
        m_openMpRuntimes << OpenMpRuntime{r.str(o, "id", w), r.str(o, "name", w), r.strings(o, "files", w),
                                          r.text(o, "note", w, false), r.sources(o, w)};
    }
    const QJsonArray conflicts = r.arr(openmp, "conflicts", QStringLiteral("openmp"));
    for (qsizetype i = 0; i < conflicts.size(); ++i) {
        const QJsonObject o = conflicts.at(i).toObject();
        const QString w = QStringLiteral("openmp.") + at("conflicts", i);
        m_openMpConflicts << OpenMpConflict{r.str(o, "a", w),        r.str(o, "b", w),
                                            r.str(o, "severity", w), r.text(o, "text", w),
                                            r.text(o, "fix", w),     r.text(o, "note", w, false),
                                            r.sources(o, w),         {}};
    }
}

void KnowledgeBase::readCompanions(const QJsonObject &root, QStringList &errors)
{
    Reader r(QStringLiteral("companions.json"), errors);
    const QJsonArray packages = r.arr(root, "packages", QStringLiteral("packages"));
    for (qsizetype i = 0; i < packages.size(); ++i) {
        const QJsonObject p = packages.at(i).toObject();
        const QString w = at("packages", i);
        const QString name = r.str(p, "name", w), source = r.sources(p, w).value(0);
        QList<CompanionRelease> &list = m_companions[python::normalizedDistributionName(name)];
        const QJsonArray releases = r.arr(p, "releases", w);
        for (qsizetype j = 0; j < releases.size(); ++j) {
            const QJsonObject o = releases.at(j).toObject();
            const QString wr = w + u'.' + at("releases", j);
            const QJsonValue torch = o.value(QLatin1String("torch"));
            if (!torch.isString() && !torch.isNull())
                r.error(wr, QStringLiteral("'torch' must be a string or null"));
            list << CompanionRelease{name, r.str(o, "version", wr),
                                     torch.isString() ? std::optional(torch.toString()) : std::nullopt,
                                     r.str(o, "uploaded", wr), source, r.strings(o, "modules", wr, false)};
        }
    }
}

QStringList KnowledgeBase::loadWith(const QString &directory)
{
    clear();
    QStringList errors;
    const QMap<QString, QJsonObject> docs = readDocuments(directory, errors);
    if (docs.contains(QStringLiteral("releases.json")))
        readReleases(docs.value(QStringLiteral("releases.json")), errors);
    if (docs.contains(QStringLiteral("drivers.json")))
        readDrivers(docs.value(QStringLiteral("drivers.json")), errors);
    if (docs.contains(QStringLiteral("gpu-arch.json")))
        readGpuArch(docs.value(QStringLiteral("gpu-arch.json")), errors);
    if (docs.contains(QStringLiteral("errors.json"))) {
        readErrors(docs.value(QStringLiteral("errors.json")), errors);
        readSymbolLibraries(docs.value(QStringLiteral("errors.json")), errors);
    }
    if (docs.contains(QStringLiteral("runtimes.json")))
        readRuntimes(docs.value(QStringLiteral("runtimes.json")), errors);
    if (docs.contains(QStringLiteral("companions.json")))
        readCompanions(docs.value(QStringLiteral("companions.json")), errors);

    m_loaded = errors.isEmpty();
    return errors;
}

std::optional<Release> KnowledgeBase::release(const QString &torchVersion) const
{
    const QString mm = majorMinor(torchVersion);
    for (const Release &r : m_releases)
        if (r.torch == mm)
            return r;
    // A release after the newest known one: its facts are most likely those of the newest.
    std::optional<Release> inferred = newestRelease();
    if (!inferred || mm.isEmpty() || compareVersions(mm, inferred->torch) <= 0)
        return std::nullopt;
    inferred->inferredFrom = inferred->torch;
    inferred->torch = mm;
    inferred->released.clear();
    inferred->latest.clear();
    return inferred;
}

bool KnowledgeBase::applyIndex(const ReleaseIndex &index)
{
    const std::optional<Release> newest = newestRelease();
    if (!newest || !index.fetched.isValid() || index.fetched <= date())
        return false;
    for (const IndexRelease &r : index.releases) {
        const auto known = std::find_if(m_releases.begin(), m_releases.end(),
                                        [&r](const Release &k) { return k.torch == r.torch; });
        if (known != m_releases.end()) {
            if (compareVersions(r.latest, known->latest) > 0)
                known->latest = r.latest;
            continue;
        }
        if (compareVersions(r.torch, newest->torch) <= 0)
            continue; // an old release the files leave out on purpose
        QStringList plain;
        for (const QString &p : r.pythons)
            if (!p.endsWith(u't'))
                plain << p;
        if (plain.isEmpty())
            continue;
        Release added = *newest;
        added.torch = r.torch;
        added.released = r.released;
        added.latest = r.latest;
        added.pythonMin = plain.first();
        added.pythonMax = plain.last();
        added.pythonExperimental.clear();
        for (const QString &p : r.pythons)
            if (p.endsWith(u't'))
                added.pythonExperimental << p;
        added.wheelPythons = r.pythons;
        added.wheelPlatforms = r.platforms;
        added.pypiCuda.clear();
        added.unconfirmed = {QStringLiteral("cuda"), QStringLiteral("rocm"), QStringLiteral("torchvision"),
                             QStringLiteral("torchaudio")};
        added.note = {QStringLiteral("Known from the package index (%1) only: the CUDA and ROCm variants and the "
                                     "companions are those of %2 until the knowledge base knows more.")
                          .arg(index.source, newest->torch),
                      QStringLiteral("仅从软件包索引（%1）得知：在知识库了解更多之前，CUDA 和 ROCm 版本以及配套包沿用 %2。")
                          .arg(index.source, newest->torch)};
        added.sources = {index.source};
        m_releases << added;
    }
    m_indexSource = index.source;
    m_indexDate = index.fetched;
    return true;
}

std::optional<Release> KnowledgeBase::newestRelease() const
{
    const auto newest = std::max_element(m_releases.begin(), m_releases.end(), [](const Release &a, const Release &b) {
        return compareVersions(a.torch, b.torch) < 0;
    });
    if (newest == m_releases.end())
        return std::nullopt;
    return *newest;
}

Support KnowledgeBase::pythonSupport(const QString &torchVersion, const QString &python) const
{
    const std::optional<Release> r = release(torchVersion);
    const QString base = majorMinor(python);
    if (!r || base.isEmpty())
        return Support::No;
    const bool freeThreaded = python.trimmed().endsWith(QLatin1Char('t'));
    const QString exact = freeThreaded ? base + QLatin1Char('t') : base;
    if (r->pythonExperimental.contains(exact))
        return Support::Limited;
    if (compareVersions(base, r->pythonMin) >= 0 && compareVersions(base, r->pythonMax) <= 0) {
        // Free-threaded builds are experimental at best, and absent where PyPI has no wheel for them.
        if (freeThreaded && !r->wheelPythons.isEmpty() && !r->wheelPythons.contains(exact))
            return Support::No;
        return freeThreaded ? Support::Limited : Support::Full;
    }
    if (r->pythonExperimental.contains(base))
        return Support::Limited;
    return Support::No;
}

bool KnowledgeBase::hasWheels(Os os, const QString &arch) const
{
    for (const Platform &p : m_platforms)
        if (p.os == os)
            return p.arch.contains(arch);
    return false;
}

QString KnowledgeBase::fullSupportDriver(const QString &cuda, Os os) const
{
    const QString version = cudaVersionOf(cuda);
    for (const Toolkit &t : m_toolkits) {
        if (t.cuda != version)
            continue;
        const QList<DriverRow> &rows = os == Os::Windows ? t.windowsDrivers : t.linuxDrivers;
        for (const DriverRow &row : rows)
            if (row.update == QLatin1String("GA"))
                return row.driver;
        return rows.isEmpty() ? QString() : rows.first().driver;
    }
    return {};
}

QString KnowledgeBase::minimumDriver(const QString &cuda, Os os) const
{
    const QList<int> parts = versionParts(cudaVersionOf(cuda));
    if (parts.isEmpty())
        return {};
    const QString full = fullSupportDriver(cuda, os);
    for (const DriverFamily &f : m_families) {
        if (f.major != parts.first())
            continue;
        // The family's first release can be below the floor for minor-version
        // compatibility (12.0 GA: 527.41 on Windows; the 12.x floor is 528.33).
        const QString floor = os == Os::Windows ? f.windowsFloor : f.linuxFloor;
        return !full.isEmpty() && compareVersions(full, floor) < 0 ? full : floor;
    }
    return full;
}

Support KnowledgeBase::driverSupport(const QString &driverVersion, const QString &cuda, Os os) const
{
    const QString driver = normalizeDriverVersion(driverVersion);
    if (os == Os::MacOS || versionParts(driver).isEmpty())
        return Support::No;
    const QString full = fullSupportDriver(cuda, os);
    if (!full.isEmpty() && compareVersions(driver, full) >= 0)
        return Support::Full;
    const QString floor = minimumDriver(cuda, os);
    if (!floor.isEmpty() && compareVersions(driver, floor) >= 0)
        return Support::Limited;
    return Support::No;
}

Support KnowledgeBase::archSupport(const QStringList &archList, int ccMajor, int ccMinor)
{
    Support best = Support::No;
    for (const QString &entry : archList) {
        int major = 0;
        int minor = 0;
        if (!parseCapability(entry, major, minor))
            continue;
        const QString e = entry.trimmed().toLower();
        if (e.startsWith(QLatin1String("compute_")) || e.endsWith(QLatin1String("+ptx"))) {
            // PTX can be compiled at run time for the same or a newer GPU.
            if (capabilityAtMost(major, minor, ccMajor, ccMinor))
                best = std::max(best, Support::Limited);
            if (!e.endsWith(QLatin1String("+ptx")))
                continue;
        }
        // Arch-specific code (sm_90a) runs only on that very GPU; other code on
        // every GPU of the same major version with the same or a higher minor.
        const bool specific = e.startsWith(QLatin1String("sm_")) && e.endsWith(QLatin1Char('a'));
        if (major == ccMajor && (specific ? minor == ccMinor : minor <= ccMinor))
            return Support::Full;
    }
    return best;
}

const ArchEntry *KnowledgeBase::archEntry(const QString &variant, const QString &torchVersion, Os os,
                                          const QString &machine) const
{
    // Python says "AMD64" on Windows and "arm64" on macOS; the rows use Linux's names.
    QString arch = machine.isEmpty() || machine.compare(QLatin1String("AMD64"), Qt::CaseInsensitive) == 0
                       ? QStringLiteral("x86_64")
                       : machine;
    if (arch == QLatin1String("arm64"))
        arch = QStringLiteral("aarch64");
    // 2: a row for this OS and CPU, 1: for this OS, 0: for every platform.
    const auto specificity = [&](const ArchEntry &e) {
        if ((e.os && *e.os != os) || (!e.arch.isEmpty() && e.arch != arch))
            return -1;
        return (e.os ? 1 : 0) + (e.arch.isEmpty() ? 0 : 1);
    };
    // With a torch version: the most specific row whose range holds it. Without one: the row of
    // the newest builds, the most specific of equally new ones.
    const ArchEntry *chosen = nullptr;
    for (const ArchEntry &e : m_arch) {
        const int level = specificity(e);
        if (e.variant != variant || level < 0)
            continue;
        if (!torchVersion.isEmpty() && !e.torch.contains(majorMinor(torchVersion)))
            continue;
        const int newer = !chosen ? 1 : torchVersion.isEmpty() ? compareVersions(e.torch.min, chosen->torch.min) : 0;
        if (newer > 0 || (newer == 0 && level > specificity(*chosen)))
            chosen = &e;
    }
    return chosen;
}

Support KnowledgeBase::archSupport(const QString &variant, int ccMajor, int ccMinor, const QString &torchVersion, Os os,
                                   const QString &machine) const
{
    const ArchEntry *chosen = archEntry(variant, torchVersion, os, machine);
    return chosen ? archSupport(*chosen, ccMajor, ccMinor) : Support::No;
}

Support KnowledgeBase::archSupport(const ArchEntry &entry, int ccMajor, int ccMinor)
{
    QStringList list;
    for (const QString &a : entry.archs)
        list << QStringLiteral("sm_") + QString(a).remove(QLatin1Char('.'));
    for (const QString &p : entry.ptx)
        list << QStringLiteral("compute_") + QString(p).remove(QLatin1Char('.'));
    return archSupport(list, ccMajor, ccMinor);
}

VariantChoice KnowledgeBase::bestVariant(const QString &driverVersion, Os os, int ccMajor, int ccMinor,
                                         const QString &python, const QString &torchVersion,
                                         const QString &machine) const
{
    VariantChoice choice;
    std::optional<Release> rel;
    if (!torchVersion.isEmpty()) {
        rel = release(torchVersion);
    } else {
        // The newest release for this Python with a CUDA build that runs here (a GPU or a driver
        // the newest releases dropped gets the last release that covers it); else what the
        // newest one says.
        QList<Release> candidates;
        for (const Release &r : m_releases)
            if (python.isEmpty() || pythonSupport(r.torch, python) == Support::Full)
                candidates << r;
        std::sort(candidates.begin(), candidates.end(),
                  [](const Release &a, const Release &b) { return compareVersions(a.torch, b.torch) > 0; });
        std::optional<VariantChoice> newest;
        for (const Release &r : candidates) {
            const VariantChoice c = bestVariant(driverVersion, os, ccMajor, ccMinor, python, r.torch, machine);
            if (c.why != VariantChoice::Why::GpuUnsupported && c.why != VariantChoice::Why::DriverTooOld)
                return c;
            if (!newest)
                newest = c;
        }
        if (newest)
            return *newest;
    }
    const auto cpu = [&choice](VariantChoice::Why why) {
        choice.variant = QStringLiteral("cpu");
        choice.indexUrl = QStringLiteral("https://download.pytorch.org/whl/cpu");
        choice.why = why;
        return choice;
    };
    if (!rel) {
        choice.why = torchVersion.isEmpty() ? VariantChoice::Why::PythonUnsupported : VariantChoice::Why::UnknownTorch;
        return choice;
    }
    choice.torch = rel->torch;
    choice.certain = rel->certain(QStringLiteral("python"));
    if (!python.isEmpty() && pythonSupport(rel->torch, python) == Support::No) {
        choice.why = VariantChoice::Why::PythonUnsupported;
        return choice;
    }
    // macOS wheels have no CUDA (they carry MPS); without an NVIDIA driver no CUDA build can run.
    if (os == Os::MacOS)
        return cpu(VariantChoice::Why::MacOs);
    if (versionParts(normalizeDriverVersion(driverVersion)).isEmpty())
        return cpu(VariantChoice::Why::NoDriver);

    const auto newestFirst = [](QStringList list) {
        std::sort(list.begin(), list.end(), [](const QString &a, const QString &b) {
            return compareVersions(cudaVersionOf(a), cudaVersionOf(b)) > 0;
        });
        return list;
    };
    const QStringList stable = newestFirst(rel->cudaStable);
    const QStringList experimental = newestFirst(rel->cudaExperimental);
    const bool gpuKnown = ccMajor > 0;
    bool gpuCovered = false;
    for (const Support level : {Support::Full, Support::Limited}) {
        for (const QStringList *list : {&stable, &experimental}) {
            for (const QString &variant : *list) {
                const bool covered =
                    !gpuKnown || archSupport(variant, ccMajor, ccMinor, rel->torch, os, machine) != Support::No;
                gpuCovered = gpuCovered || covered;
                const Support driver = driverSupport(driverVersion, variant, os);
                if (covered && driver == level) {
                    choice.variant = variant;
                    choice.indexUrl = QStringLiteral("https://download.pytorch.org/whl/") + variant;
                    choice.driver = driver;
                    choice.why = VariantChoice::Why::Chosen;
                    const ArchEntry *row = archEntry(variant, rel->torch, os, machine);
                    choice.certain = rel->certain(QStringLiteral("cuda"))
                                     && (!row || row->confidence != QLatin1String("unverified"));
                    return choice;
                }
            }
        }
    }
    return cpu(gpuCovered ? VariantChoice::Why::DriverTooOld : VariantChoice::Why::GpuUnsupported);
}

std::optional<Companions> KnowledgeBase::companions(const QString &torchVersion) const
{
    const std::optional<Release> r = release(torchVersion);
    if (!r)
        return std::nullopt;
    Companions c{r->torchvision, r->torchaudio, r->torchvisionForwardCompatible, r->torchaudioForwardCompatible,
                 r->inferredFrom};
    const QList<int> p = versionParts(torchVersion);
    if (p.size() >= 3) {
        const QString patch = QStringLiteral("%1.%2.%3").arg(p.at(0)).arg(p.at(1)).arg(p.at(2));
        c.torchaudio = r->torchaudioPatches.value(patch, c.torchaudio);
    }
    return c;
}

namespace {

// What a signature's fit to an error weighs, what of it the error could not confirm, and its text match.
struct SignatureFit {
    int score = 0;
    QStringList unconfirmed;
    QRegularExpressionMatch text;
};

// nullopt when one of the conditions the signature sets does not hold.
std::optional<SignatureFit> signatureFit(const ErrorSignature &s, const python::ClassifiedError &error,
                                         const ErrorContext &context, const QString &library)
{
    int score = 0;
    if (!s.anyKind) {
        if (s.kind != error.kind)
            return std::nullopt;
        score = 1;
    }
    QStringList unconfirmed;
    if (s.winError != 0) {
        if (error.winError == 0 && error.kind == Kind::WinError) {
            unconfirmed << QStringLiteral("win-error"); // a partial paste without the code
        } else {
            if (s.winError != error.winError)
                return std::nullopt;
            score += 10;
        }
    }
    // Each condition a signature sets must hold; each one that holds adds to its weight.
    const auto holds = [&score](const QString &pattern, const QString &value) {
        if (pattern.isEmpty())
            return true;
        if (!matches(pattern, value))
            return false;
        score += 10;
        return true;
    };
    if (!holds(s.library, library) || !holds(s.symbol, error.symbol) || !holds(s.version, error.version)
        || !holds(s.haveArch, error.haveArch) || !holds(s.needArch, error.needArch)
        || !holds(s.package, error.package))
        return std::nullopt;
    if (!s.missing.isEmpty()) {
        const bool found = std::any_of(context.missingLibraries.begin(), context.missingLibraries.end(),
                                       [&s](const QString &m) { return matches(s.missing, fileNameOf(m)); });
        if (!found)
            return std::nullopt;
        score += 10;
    }
    QRegularExpressionMatch text;
    if (!s.text.isEmpty()) {
        // A message's own wording is more telling than the shape of a loader error.
        text = QRegularExpression(s.text, QRegularExpression::CaseInsensitiveOption).match(error.text);
        if (!text.hasMatch())
            return std::nullopt;
        score += 20;
    }
    // A torch range narrows a signature only when a version is known; only
    // the diagnosed install confirms it, a version the paste names does not.
    if (s.torch) {
        const QString version = !context.torchVersion.isEmpty() ? context.torchVersion : error.torchVersion;
        if (!version.isEmpty() && !s.torch->contains(version))
            return std::nullopt;
        if (!version.isEmpty())
            score += 5;
        if (context.torchVersion.isEmpty())
            unconfirmed << QStringLiteral("torch-version");
    }
    return SignatureFit{score, unconfirmed, text};
}

// Whether the file a message names by its full path lies outside every site-packages; nullopt without one.
std::optional<bool> outsidePythonPackages(const QString &path)
{
    static const QRegularExpression absolute(QStringLiteral(R"(^(?:/|[A-Za-z]:[\\/]|\\\\))"));
    static const QRegularExpression packages(QStringLiteral(R"([\\/](?:site|dist)-packages[\\/])"),
                                             QRegularExpression::CaseInsensitiveOption);
    if (!absolute.match(path).hasMatch())
        return std::nullopt;
    return !packages.match(path).hasMatch();
}

// The placeholders of a symbol's library ({symbolLibrary}, {symbolFile}, {symbolWheels}) when it is known, and
// {symbolFacts}: `facts` (errors.json's symbolOf, or symbolUnknown without a library) filled with them.
void addSymbolValues(QMap<QString, Text> &values, const SymbolLibrary *owner, const Text &facts)
{
    if (owner) {
        values.insert(QStringLiteral("symbolLibrary"), Text{owner->name, owner->name});
        values.insert(QStringLiteral("symbolFile"), Text{owner->library, owner->library});
        values.insert(QStringLiteral("symbolWheels"),
                      Text{owner->wheels.join(QStringLiteral(", ")), owner->wheels.join(u'\u3001')});
    }
    values.insert(QStringLiteral("symbolFacts"), fill(facts, values));
}

// A fix whose condition holds leads, one whose condition does not hold is left out, the others keep their order.
// `holds` is asked only of the conditions the fixes carry.
QList<Fix> byCondition(const QList<Fix> &fixes, const std::function<std::optional<bool>(const QString &)> &holds)
{
    QList<Fix> leading, rest;
    for (const Fix &f : fixes) {
        const std::optional<bool> held = f.when.isEmpty() ? std::nullopt : holds(f.when);
        if (!held)
            rest << f;
        else if (*held)
            leading << f;
    }
    return leading + rest;
}

} // namespace

const SymbolLibrary *KnowledgeBase::symbolLibraryOf(const QString &symbol) const
{
    if (symbol.isEmpty())
        return nullptr;
    for (const SymbolLibrary &l : m_symbolLibraries)
        if (l.symbol.match(symbol).hasMatch())
            return &l;
    return nullptr;
}

std::optional<ErrorSignature> KnowledgeBase::matchError(const python::ClassifiedError &error,
                                                        const ErrorContext &context) const
{
    // A module of its own that a package installs at the top of site-packages ("_torch_sox") is that package's.
    if (const QString owner = companionOfModule(error.package); !owner.isEmpty() && owner != error.package) {
        python::ClassifiedError owned = error;
        owned.package = owner;
        return matchError(owned, context);
    }
    const QString library = error.library.isEmpty() ? fileNameOf(error.path) : error.library;
    const ErrorSignature *best = nullptr;
    QStringList bestUnconfirmed;
    QRegularExpressionMatch bestText;
    int bestScore = -1;
    for (const ErrorSignature &s : m_signatures) {
        const std::optional<SignatureFit> fit = signatureFit(s, error, context, library);
        if (fit && fit->score > bestScore) {
            best = &s;
            bestScore = fit->score;
            bestUnconfirmed = fit->unconfirmed;
            bestText = fit->text;
        }
    }
    if (!best)
        return std::nullopt;

    const auto plain = [this](const QString &value) { return value.isEmpty() ? m_unknown : Text{value, value}; };
    QStringList missing;
    for (const QString &m : context.missingLibraries)
        missing << fileNameOf(m);
    ErrorSignature out = *best;
    // A module the message names ("while importing X") stands for the distribution it comes from.
    out.packageToFix = !best->raisedBy.isEmpty() ? best->raisedBy
                       : bestText.hasMatch() && !bestText.captured(QStringLiteral("package")).isEmpty()
                           ? python::distributionOfModule(bestText.captured(QStringLiteral("package")))
                           : error.package;
    out.confidence = bestUnconfirmed.isEmpty() ? QStringLiteral("certain") : QStringLiteral("likely");
    out.unconfirmed = bestUnconfirmed;
    QMap<QString, Text> values{
        {QStringLiteral("library"), plain(library)},
        {QStringLiteral("path"), plain(error.path)},
        {QStringLiteral("missing"), missing.isEmpty() ? m_missingUnknown : plain(missing.join(QStringLiteral(", ")))},
        {QStringLiteral("symbol"), plain(error.symbol)},
        {QStringLiteral("version"), plain(error.version)},
        // Never the missing library itself: a message that names only it does not say who asked for it.
        {QStringLiteral("requiredBy"), error.requiredBy.isEmpty() || error.requiredBy == library
                                           ? m_requiredByUnknown
                                           : Text{error.requiredBy, error.requiredBy}},
        {QStringLiteral("haveArch"), plain(error.haveArch)},
        {QStringLiteral("needArch"), plain(error.needArch)},
        {QStringLiteral("module"), plain(error.module)},
        {QStringLiteral("package"), plain(out.packageToFix)},
    };
    if (bestText.hasMatch())
        for (const QString &name : bestText.regularExpression().namedCaptureGroups())
            if (!name.isEmpty() && name != QLatin1String("package"))
                values.insert(name, plain(bestText.captured(name)));
    // pip found no torch to install: what the release table says of the wheels it looked for.
    if (bestText.hasMatch() && bestText.regularExpression().namedCaptureGroups().contains(QStringLiteral("offered"))) {
        const QString wanted = bestText.captured(QStringLiteral("wanted"));
        // uv's messages list no versions; pip's do (perhaps none).
        const std::optional<QString> offered = bestText.capturedStart(QStringLiteral("offered")) >= 0
                                                   ? std::optional(bestText.captured(QStringLiteral("offered")))
                                                   : std::nullopt;
        values.insert(QStringLiteral("releaseFacts"), whyNoWheel(m_releases, m_phrases, wanted, offered));
    }
    // A GPU error: what the table of GPU names and the builds' architecture lists say of the GPU it names.
    if (out.cause.en.contains(QLatin1String("{gpuFacts}")))
        values.insert(QStringLiteral("gpuFacts"), gpuFacts(m_gpus, m_arch, m_phrases, error.text));
    // A driver too old: the drivers the pasted (or installed) torch build runs on, from the driver table.
    if (out.cause.en.contains(QLatin1String("{driverFacts}")))
        values.insert(QStringLiteral("driverFacts"),
                      driverFactsOf(context.torchVersion.isEmpty() ? error.torchVersion : context.torchVersion));
    // A companion built for another torch: the releases the companion table knows for both torches.
    if (mentions(out, QStringLiteral("{companionFacts}"))) {
        const QString built = bestText.hasMatch() ? bestText.captured(QStringLiteral("built")) : QString();
        const QString have = bestText.hasMatch() && !bestText.captured(QStringLiteral("have")).isEmpty()
                                 ? bestText.captured(QStringLiteral("have"))
                             : context.torchVersion.isEmpty() ? error.torchVersion
                                                              : context.torchVersion;
        const QString module = fileNameOf(error.path).section(u'.', 0, 0); // "_torch_sox"
        values.insert(QStringLiteral("companionFacts"), companionFactsOf(out.packageToFix, built, have, module));
    }
    // A symbol that gives its library away: which library, and where it comes from.
    const SymbolLibrary *owner = symbolLibraryOf(error.symbol);
    addSymbolValues(values, owner,
                    m_phrases.value(owner ? QStringLiteral("symbolOf") : QStringLiteral("symbolUnknown")));
    out.title = fill(out.title, values);
    out.cause = fill(out.cause, values);
    out.fixes = byCondition(out.fixes, [&](const QString &when) -> std::optional<bool> {
        if (when == kTorchHasGpuCode)
            return pastedTorchHasGpuCode(m_gpus, m_arch, error.text);
        if (when == kFileOutsidePythonPackages)
            return outsidePythonPackages(error.path);
        return error.symbol.isEmpty() ? std::nullopt : std::optional(owner != nullptr); // kSymbolOfKnownLibrary
    });
    const std::optional<QString> index = indexArguments(context.torchVersion);
    for (Fix &f : out.fixes) {
        f.text = fill(f.text, values);
        if (index) {
            f.text.en.replace(kIndexPlaceholder, *index);
            f.text.zhCN.replace(kIndexPlaceholder, *index);
        }
        f.commands = filledCommands(f.commands, values, index, context.python, m_unknown);
    }
    return out;
}

QString KnowledgeBase::companionOfModule(const QString &module) const
{
    for (const QList<CompanionRelease> &releases : m_companions)
        for (const CompanionRelease &r : releases)
            if (r.modules.contains(module))
                return r.package;
    return {};
}

QList<CompanionRelease> KnowledgeBase::companionReleases(const QString &package) const
{
    return m_companions.value(python::normalizedDistributionName(package));
}

bool KnowledgeBase::specifierAccepts(const QString &specifier, const QString &version)
{
    static const QRegularExpression clause(QStringLiteral(R"(^(==|!=|>=|<=|~=|>|<)([0-9][0-9a-z.]*?)(\.\*)?$)"));
    const QString v = version.section(u'+', 0, 0);
    for (const QString &part : specifier.split(u',', Qt::SkipEmptyParts)) {
        const QRegularExpressionMatch m = clause.match(part.trimmed());
        if (!m.hasMatch())
            return false;
        const QString op = m.captured(1), bound = m.captured(2);
        // "==2.5.*" and "~=2.5.1" are prefixes: 2.5.x, and >= 2.5.1 within 2.5.
        const bool prefix = !m.captured(3).isEmpty() || op == QLatin1String("~=");
        const QString stem = op == QLatin1String("~=") ? bound.section(u'.', 0, -2) : bound;
        const bool inPrefix = v == stem || v.startsWith(stem + u'.');
        const int c = compareVersions(v, bound);
        const bool ok = op == QLatin1String("==")   ? (prefix ? inPrefix : c == 0)
                        : op == QLatin1String("!=") ? (prefix ? !inPrefix : c != 0)
                        : op == QLatin1String(">=") ? c >= 0
                        : op == QLatin1String("<=") ? c <= 0
                        : op == QLatin1String(">")  ? c > 0
                        : op == QLatin1String("<")  ? c < 0
                                                    : c >= 0 && inPrefix; // ~=
        if (!ok)
            return false;
    }
    return true;
}

QList<CompanionRelease> KnowledgeBase::companionsPinnedTo(const QString &package, const QString &torchVersion) const
{
    QList<CompanionRelease> out;
    const QString release = torchVersion.section(u'+', 0, 0);
    for (const CompanionRelease &r : m_companions.value(python::normalizedDistributionName(package)))
        if (r.torch && r.torch->startsWith(QLatin1String("==")) && !r.torch->contains(u',')
            && compareVersions(r.torch->mid(2), release) == 0)
            out << r;
    return out;
}

std::optional<CompanionRelease> KnowledgeBase::companionFor(const QString &package, const QString &torchVersion) const
{
    const QList<CompanionRelease> pinned = companionsPinnedTo(package, torchVersion);
    if (!pinned.isEmpty())
        return pinned.last();
    const QList<CompanionRelease> all = m_companions.value(python::normalizedDistributionName(package));
    for (auto it = all.crbegin(); it != all.crend(); ++it)
        if (it->torch && !it->torch->isEmpty() && specifierAccepts(*it->torch, torchVersion))
            return *it;
    return std::nullopt;
}

Text KnowledgeBase::companionFactsOf(const QString &package, const QString &builtFor, const QString &installed,
                                     const QString &module) const
{
    const auto plain = [](const QString &v) { return Text{v, v}; };
    Text out;
    const auto add = [&](const char *phrase, const QMap<QString, Text> &values) {
        if (!m_phrases.contains(QLatin1String(phrase)))
            return;
        const Text t = fill(m_phrases.value(QLatin1String(phrase)), values);
        out.en += t.en; // each phrase begins with its own space
        out.zhCN += t.zhCN;
    };
    if (const auto fits = installed.isEmpty() ? std::nullopt : companionFor(package, installed))
        add("companionFits", {{QStringLiteral("package"), plain(fits->package)},
                              {QStringLiteral("release"), plain(fits->version)},
                              {QStringLiteral("torch"), plain(installed.section(u'+', 0, 0))},
                              {QStringLiteral("requires"), plain(*fits->torch)},
                              {QStringLiteral("source"), plain(fits->source)}});
    QStringList built;
    for (const CompanionRelease &r : companionsPinnedTo(package, builtFor))
        built << r.version;
    if (!built.isEmpty())
        add("companionBuiltFor", {{QStringLiteral("package"), plain(companionReleases(package).first().package)},
                                  {QStringLiteral("releases"), plain(built.join(QStringLiteral(", ")))},
                                  {QStringLiteral("torch"), plain(builtFor.section(u'+', 0, 0))}});
    // A module only some releases install bounds the release installed (torchaudio's _torch_sox: before 0.6).
    const QList<CompanionRelease> all = companionReleases(package);
    QStringList having, torches;
    for (const CompanionRelease &r : all)
        if (r.modules.contains(module)) {
            having << r.version;
            if (r.torch && r.torch->startsWith(QLatin1String("==")))
                torches << r.torch->mid(2);
        }
    if (!having.isEmpty() && having.size() < all.size())
        add("companionOfModule", {{QStringLiteral("package"), plain(all.first().package)},
                                  {QStringLiteral("module"), plain(module)},
                                  {QStringLiteral("releases"), plain(having.join(QStringLiteral(", ")))},
                                  {QStringLiteral("torches"), plain(torches.join(QStringLiteral(", ")))}});
    return out;
}

Text KnowledgeBase::driverFactsOf(const QString &torchVersion) const
{
    static const QRegularExpression label(QStringLiteral(R"(\+(cu\d{3,})$)"));
    const QRegularExpressionMatch m = label.match(torchVersion);
    const QString linux = m.hasMatch() ? minimumDriver(m.captured(1), Os::Linux) : QString();
    const QString windows = m.hasMatch() ? minimumDriver(m.captured(1), Os::Windows) : QString();
    if (linux.isEmpty() || windows.isEmpty() || !m_phrases.contains(QStringLiteral("driverOfBuild")))
        return {};
    const QString full = fullSupportDriver(m.captured(1), Os::Linux);
    const auto plain = [](const QString &v) { return Text{v, v}; };
    return fill(m_phrases.value(QStringLiteral("driverOfBuild")),
                {{QStringLiteral("torch"), plain(torchVersion)},
                 {QStringLiteral("cuda"), plain(cudaVersionOf(m.captured(1)))},
                 {QStringLiteral("linux"), plain(linux)},
                 {QStringLiteral("windows"), plain(windows)},
                 {QStringLiteral("linuxFull"), plain(full.isEmpty() ? linux : full)}});
}

Text KnowledgeBase::likelyNote(const ErrorSignature &signature) const
{
    if (signature.unconfirmed.isEmpty())
        return {};
    Text what;
    for (const QString &name : signature.unconfirmed) {
        const Text part = m_phrases.value(name, Text{name, name});
        what.en += (what.en.isEmpty() ? QString() : QStringLiteral("; ")) + part.en;
        what.zhCN += (what.zhCN.isEmpty() ? QString() : QStringLiteral("；")) + part.zhCN;
    }
    return fill(m_phrases.value(QStringLiteral("likely")), {{QStringLiteral("unconfirmed"), what}});
}

Text KnowledgeBase::packageNote(const ErrorSignature &signature) const
{
    const QString package = signature.packageToFix;
    if (package.isEmpty() || package == QLatin1String("torch"))
        return {};
    return fill(m_phrases.value(QStringLiteral("packageToFix")), {{QStringLiteral("package"), Text{package, package}}});
}

std::optional<VcRuntimeRequirement> KnowledgeBase::vcRuntimeMinimum(const QString &torchVersion) const
{
    std::optional<VcRuntimeRequirement> best;
    for (const VcRuntimeRequirement &req : m_vcRuntime) {
        if (req.minimumVersion.isEmpty() || !req.torch.contains(torchVersion))
            continue;
        if (!best || compareVersions(req.minimumVersion, best->minimumVersion) > 0)
            best = req;
    }
    return best;
}

QList<OpenMpConflict> KnowledgeBase::openMpConflicts(const QStringList &libraries) const
{
    QMap<QString, QStringList> byRuntime; // runtime id -> the given entries of it
    for (const QString &library : libraries) {
        const QString name = fileNameOf(library);
        for (const OpenMpRuntime &rt : m_openMpRuntimes)
            if (rt.files.contains(name, Qt::CaseInsensitive))
                byRuntime[rt.id] << library;
    }
    QList<OpenMpConflict> out;
    for (const OpenMpConflict &c : m_openMpConflicts) {
        const QStringList a = byRuntime.value(c.a);
        const QStringList b = byRuntime.value(c.b);
        const bool present = c.a == c.b ? a.size() >= 2 : (!a.isEmpty() && !b.isEmpty());
        if (!present)
            continue;
        OpenMpConflict hit = c;
        hit.files = c.a == c.b ? a : a + b;
        out << hit;
    }
    return out;
}

} // namespace td::knowledge
