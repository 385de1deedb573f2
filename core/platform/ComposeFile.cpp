// SPDX-License-Identifier: GPL-3.0-or-later
#include "platform/ComposeFile.h"

#include <QFile>
#include <QRegularExpression>
#include <QUrl>

namespace td::platform {

namespace {

constexpr qint64 kMaxComposeBytes = 1024 * 1024;

struct Line {
    int number = 0; // 1-based
    int indent = 0;
    QString text; // without indentation, comment and trailing spaces
};

// Cuts a " #" comment that is not inside quotes.
QString withoutComment(const QString &s)
{
    QChar quote;
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'"' || c == u'\'') {
            quote = c;
        } else if (c == u'#' && (i == 0 || s.at(i - 1).isSpace())) {
            return s.left(i);
        }
    }
    return s;
}

QString unquoted(QString s)
{
    s = s.trimmed();
    if (s.size() >= 2 && (s.front() == u'"' || s.front() == u'\'') && s.back() == s.front())
        return s.mid(1, s.size() - 2);
    return s;
}

QList<Line> linesOf(const QByteArray &text)
{
    QList<Line> lines;
    int number = 0;
    for (const QByteArray &raw : text.split('\n')) {
        ++number;
        QString s = QString::fromUtf8(raw);
        if (s.endsWith(u'\r'))
            s.chop(1);
        int indent = 0;
        while (indent < s.size() && (s.at(indent) == u' ' || s.at(indent) == u'\t'))
            ++indent;
        const QString content = withoutComment(s.mid(indent)).trimmed();
        if (content.isEmpty() || content == QLatin1String("---"))
            continue;
        lines.append({number, indent, content});
    }
    return lines;
}

// "key: value" -> key, value (the value may be empty). False for a line that is not a key.
bool splitKey(const QString &text, QString &key, QString &value)
{
    qsizetype colon = -1;
    QChar quote;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
        } else if (c == u'"' || c == u'\'') {
            quote = c;
        } else if (c == u':' && (i + 1 == text.size() || text.at(i + 1) == u' ')) {
            colon = i;
            break;
        }
    }
    if (colon <= 0)
        return false;
    key = unquoted(text.left(colon));
    value = text.mid(colon + 1).trimmed();
    return true;
}

// The host port of a short-syntax entry: "8675:8675", "127.0.0.1:80:80",
// "8000-8010:8000-8010", "80:80/tcp". 0 when only the container port is given.
int hostPortOf(const QString &entry)
{
    QString s = unquoted(entry);
    s = s.section(u'/', 0, 0);
    const QStringList parts = s.split(u':');
    if (parts.size() < 2)
        return 0;
    const QString host = parts.at(parts.size() - 2).section(u'-', 0, 0);
    bool ok = false;
    const int port = host.toInt(&ok);
    return ok && port > 0 && port < 65536 ? port : 0;
}

} // namespace

bool ComposeFile::wantsGpu() const
{
    return std::any_of(services.begin(), services.end(), [](const ComposeService &s) { return s.wantsGpu; });
}

bool ComposeFile::builds() const
{
    return std::any_of(services.begin(), services.end(), [](const ComposeService &s) { return s.build; });
}

QString ComposeFile::url() const
{
    for (const ComposeService &s : services)
        if (!s.publishedPorts.isEmpty())
            return QStringLiteral("http://localhost:%1").arg(s.publishedPorts.first());
    return {};
}

ComposeFile ComposeFile::read(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ComposeFile c;
        c.path = path;
        c.error = tr("cannot read %1: %2").arg(path, file.errorString());
        return c;
    }
    if (file.size() > kMaxComposeBytes) {
        ComposeFile c;
        c.path = path;
        c.error = tr("%1 is larger than 1 MiB: not a compose file TorchDoctor reads").arg(path);
        return c;
    }
    return parse(file.read(kMaxComposeBytes), path);
}

ComposeFile ComposeFile::parse(const QByteArray &text, const QString &path)
{
    ComposeFile compose;
    compose.path = path;
    const QList<Line> lines = linesOf(text);
    int servicesIndent = -1; // of the "services:" line
    int serviceIndent = -1;  // of the service names
    int keyIndent = -1;      // of a service's keys
    QString key;             // the service key whose block we are in
    ComposeService *service = nullptr;
    bool inLongPort = false;
    for (const Line &line : lines) {
        QString k;
        QString v;
        const bool isKey = splitKey(line.text, k, v);
        if (servicesIndent < 0 || line.indent <= servicesIndent) {
            service = nullptr;
            serviceIndent = keyIndent = servicesIndent = -1;
            if (isKey && k == QLatin1String("services") && v.isEmpty())
                servicesIndent = line.indent;
            continue;
        }
        if (serviceIndent < 0)
            serviceIndent = line.indent;
        if (line.indent <= serviceIndent) {
            service = nullptr;
            keyIndent = -1;
            if (line.indent == serviceIndent && isKey) {
                compose.services.append(ComposeService{k, false, {}, {}, {}, false});
                service = &compose.services.last();
            }
            continue;
        }
        if (!service)
            continue;
        if (keyIndent < 0)
            keyIndent = line.indent;
        const bool listItem = line.text.startsWith(QLatin1String("- ")) || line.text == QLatin1String("-");
        if (line.indent < keyIndent || (line.indent == keyIndent && !listItem)) {
            // A key of the service.
            key = isKey ? k : QString();
            inLongPort = false;
            if (key == QLatin1String("build"))
                service->build = true;
            else if (key == QLatin1String("image"))
                service->image = unquoted(v);
            else if (key == QLatin1String("runtime") && unquoted(v) == QLatin1String("nvidia"))
                service->wantsGpu = true;
            else if (key == QLatin1String("gpus"))
                service->wantsGpu = true;
            else if (key == QLatin1String("ports") && v.startsWith(u'['))
                for (const QString &p : v.mid(1).chopped(v.endsWith(u']') ? 1 : 0).split(u','))
                    if (const int port = hostPortOf(p))
                        service->publishedPorts << port;
            continue;
        }
        // Inside the block of `key`.
        const QString item = listItem ? line.text.mid(1).trimmed() : line.text;
        if (key == QLatin1String("ports")) {
            QString ik;
            QString iv;
            const bool itemIsKey = splitKey(item, ik, iv);
            if (listItem)
                inLongPort = itemIsKey;
            if (listItem && !itemIsKey) {
                if (const int port = hostPortOf(item))
                    service->publishedPorts << port;
            } else if (inLongPort && itemIsKey && ik == QLatin1String("published")) {
                const int port = hostPortOf(QStringLiteral("%1:0").arg(unquoted(iv).section(u'-', 0, 0)));
                if (port)
                    service->publishedPorts << port;
            }
        } else if (key == QLatin1String("environment")) {
            if (listItem) {
                const QString entry = unquoted(item);
                const qsizetype eq = entry.indexOf(u'=');
                service->environment.append(
                    {eq < 0 ? entry : entry.left(eq), eq < 0 ? QString() : entry.mid(eq + 1), line.number});
            } else if (isKey) {
                service->environment.append({k, unquoted(v), line.number});
            }
        } else if (key == QLatin1String("deploy") || key == QLatin1String("devices")) {
            const QString lower = item.toLower();
            static const QRegularExpression gpu(QStringLiteral("^(driver:\\s*['\"]?nvidia|capabilities:.*\\bgpu\\b)"));
            if (gpu.match(lower).hasMatch() || lower.startsWith(QLatin1String("nvidia.com/gpu")))
                service->wantsGpu = true;
        }
    }
    return compose;
}

QMap<QString, QString> readDotEnv(const QString &path)
{
    QMap<QString, QString> values;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() > kMaxComposeBytes)
        return values;
    for (const QByteArray &raw : file.readAll().split('\n')) {
        QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(u'#'))
            continue;
        if (line.startsWith(QLatin1String("export ")))
            line = line.mid(7).trimmed();
        const qsizetype eq = line.indexOf(u'=');
        if (eq <= 0)
            continue;
        values.insert(line.left(eq).trimmed(), unquoted(line.mid(eq + 1)));
    }
    return values;
}

QString resolveComposeValue(const QString &value, const QProcessEnvironment &shell,
                            const QMap<QString, QString> &dotEnv, bool *defaulted)
{
    const auto lookup = [&](const QString &name) -> std::optional<QString> {
        if (shell.contains(name))
            return shell.value(name);
        if (dotEnv.contains(name))
            return dotEnv.value(name);
        return std::nullopt;
    };
    if (defaulted)
        *defaulted = false;
    QString out;
    for (qsizetype i = 0; i < value.size(); ++i) {
        const QChar c = value.at(i);
        if (c != u'$' || i + 1 == value.size()) {
            out += c;
            continue;
        }
        if (value.at(i + 1) == u'$') {
            out += u'$';
            ++i;
            continue;
        }
        if (value.at(i + 1) == u'{') {
            const qsizetype close = value.indexOf(u'}', i + 2);
            if (close < 0) {
                out += value.mid(i);
                break;
            }
            const QString inner = value.mid(i + 2, close - i - 2);
            static const QRegularExpression form(QStringLiteral("^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])(.*))?$"));
            const QRegularExpressionMatch m = form.match(inner);
            if (m.hasMatch()) {
                const std::optional<QString> v = lookup(m.captured(1));
                const QString op = m.captured(2);
                const bool unsetOrEmpty = !v || v->isEmpty();
                if ((op == QLatin1String(":-") && unsetOrEmpty) || (op == QLatin1String("-") && !v)) {
                    out += m.captured(3);
                    if (defaulted)
                        *defaulted = true;
                } else if (op == QLatin1String(":+") || op == QLatin1String("+")) {
                    if (op == QLatin1String("+") ? v.has_value() : !unsetOrEmpty)
                        out += m.captured(3);
                } else {
                    out += v.value_or(QString());
                }
            }
            i = close;
            continue;
        }
        static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*"));
        const QRegularExpressionMatch m = name.match(value.mid(i + 1));
        if (!m.hasMatch()) {
            out += c;
            continue;
        }
        out += lookup(m.captured()).value_or(QString());
        i += m.capturedLength();
    }
    return out;
}

QList<WeakSetting> weakSettings(const ComposeFile &compose, const QProcessEnvironment &shell,
                                const QMap<QString, QString> &dotEnv)
{
    static const QRegularExpression guards(QStringLiteral("(AUTH|PASSWORD|PASSWD|SECRET|_PASS$|^PASS$)"),
                                           QRegularExpression::CaseInsensitiveOption);
    static const QStringList guessable{
        QStringLiteral("password"), QStringLiteral("passw0rd"),  QStringLiteral("pass"),   QStringLiteral("admin"),
        QStringLiteral("changeme"), QStringLiteral("change-me"), QStringLiteral("secret"), QStringLiteral("root"),
        QStringLiteral("default"),  QStringLiteral("test"),      QStringLiteral("123456"), QStringLiteral("12345678"),
        QStringLiteral("qwerty"),   QStringLiteral("letmein")};
    static const QRegularExpression reference(QStringLiteral("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)"));
    QList<WeakSetting> weak;
    for (const ComposeService &s : compose.services) {
        for (const ComposeVariable &v : s.environment) {
            if (!guards.match(v.name).hasMatch())
                continue;
            bool defaulted = false;
            const QString value = resolveComposeValue(v.value, shell, dotEnv, &defaulted);
            if (!guessable.contains(value.toLower()))
                continue;
            const QRegularExpressionMatch ref = reference.match(v.value);
            weak.append({s.name, v.name, ref.hasMatch() ? ref.captured(1) : QString(), value, v.line, defaulted});
        }
    }
    return weak;
}

} // namespace td::platform
