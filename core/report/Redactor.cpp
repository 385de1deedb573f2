// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/Redactor.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QMutexLocker>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QSysInfo>

#include <algorithm>
#include <functional>
#include <optional>
#include <utility>

namespace td::report {

namespace {

using Replacer = std::function<std::optional<QString>(const QRegularExpressionMatch &)>;

// What the rules write, and what no rule may touch again: this is what keeps
// redaction idempotent, even for a user called "user" or a host called "host".
const QRegularExpression &placeholderPattern()
{
    static const QRegularExpression pattern(QStringLiteral("<(?:redacted:[^<>\\s]{1,80}|user|host)>"));
    return pattern;
}

QString redactionMark(const QString &what)
{
    // The label must itself look like a redaction mark, whatever a variable is called.
    QString label;
    for (const QChar c : what) {
        if (c.isLetterOrNumber() || c == QLatin1Char('_') || c == QLatin1Char('-') || c == QLatin1Char('.'))
            label += c;
        else
            label += QLatin1Char('_');
    }
    return QStringLiteral("<redacted:") + label.left(64) + QLatin1Char('>');
}

bool isPlaceholder(const QString &text)
{
    const QRegularExpressionMatch m = placeholderPattern().match(text);
    return m.hasMatch() && m.capturedStart() == 0 && m.capturedLength() == text.size();
}

// Values that are switches, not secrets ("HF_HUB_OFFLINE_TOKEN=true").
bool isTrivialValue(const QString &value)
{
    static const QSet<QString> trivial{QStringLiteral("true"), QStringLiteral("false"), QStringLiteral("none"),
                                       QStringLiteral("null"), QStringLiteral("yes"),   QStringLiteral("no"),
                                       QStringLiteral("on"),   QStringLiteral("off"),   QStringLiteral("0"),
                                       QStringLiteral("1"),    QStringLiteral("n/a"),   QStringLiteral("unset")};
    return value.isEmpty() || trivial.contains(value.toLower());
}

// Replaces every match for which `replace` gives a replacement; counts them.
QString replaceMatches(const QString &text, const QRegularExpression &re, const Replacer &replace, int &count)
{
    QString out;
    qsizetype last = 0;
    int made = 0;
    qsizetype pos = 0;
    while (pos < text.size()) {
        const QRegularExpressionMatch m = re.match(text, pos);
        if (!m.hasMatch())
            break;
        std::optional<QString> r = replace(m);
        if (!r) {
            // Look again from the next character: "happened: password=x" is
            // not a secret as a whole, but its tail is.
            pos = m.capturedStart() + 1;
            if (pos < text.size() && text.at(pos).isLowSurrogate())
                ++pos;
            continue;
        }
        out += QStringView(text).mid(last, m.capturedStart() - last);
        out += *r;
        last = pos = std::max(m.capturedEnd(), m.capturedStart() + 1);
        ++made;
    }
    if (made == 0)
        return text;
    out += QStringView(text).mid(last);
    count += made;
    return out;
}

QRegularExpression regex(const QString &pattern, bool caseInsensitive = false)
{
    QRegularExpression::PatternOptions options = QRegularExpression::UseUnicodePropertiesOption;
    if (caseInsensitive)
        options |= QRegularExpression::CaseInsensitiveOption;
    QRegularExpression re(pattern, options);
    Q_ASSERT_X(re.isValid(), "Redactor", qPrintable(re.errorString() + QLatin1Char(' ') + pattern));
    re.optimize();
    return re;
}

// Characters a path component may hold, in the generic home folder patterns.
const QString kNameChars = QStringLiteral("[^/\\\\\\s\"'<>:;,|()\\[\\]{}*?]+");

bool looksLikeToken(const QString &s)
{
    static const QRegularExpression prefixes(
        QStringLiteral("^(?:gh[pousr]_|github_pat_|glpat-|hf_|sk-|xox[abprs]-|pypi-|npm_|AKIA|ASIA|AIza|eyJ)"),
        QRegularExpression::CaseInsensitiveOption);
    if (prefixes.match(s).hasMatch() || s.size() >= 20)
        return true;
    bool digit = false;
    bool letter = false;
    for (const QChar c : s) {
        digit = digit || c.isDigit();
        letter = letter || c.isLetter();
    }
    return s.size() >= 12 && digit && letter;
}

QStringList nameParts(const QString &name)
{
    QStringList parts;
    QString current;
    const auto flush = [&] {
        if (!current.isEmpty())
            parts.append(current.toUpper());
        current.clear();
    };
    for (const QChar c : name) {
        if (!c.isLetterOrNumber()) {
            flush();
            continue;
        }
        // camelCase: "apiKey" is "api" + "Key".
        if (c.isUpper() && !current.isEmpty() && current.back().isLower())
            flush();
        current += c;
    }
    flush();
    return parts;
}

} // namespace

struct Redactor::Rule {
    QString name; // the key in counts()
    std::function<QString(const QString &, int &)> apply;
};

RedactionContext RedactionContext::fromSystem(const QProcessEnvironment &env)
{
    RedactionContext c;
    c.environment = env;
    c.homeDir = env.value(QStringLiteral("HOME"));
    if (c.homeDir.isEmpty())
        c.homeDir = env.value(QStringLiteral("USERPROFILE"));
    if (c.homeDir.isEmpty())
        c.homeDir = QDir::homePath();
    for (const char *name : {"USER", "USERNAME", "LOGNAME"}) {
        c.userName = env.value(QLatin1String(name));
        if (!c.userName.isEmpty())
            break;
    }
    if (c.userName.isEmpty()) {
        const QString base = QFileInfo(QDir::cleanPath(c.homeDir)).fileName();
        if (!base.isEmpty() && c.homeDir != QLatin1String("/"))
            c.userName = base;
    }
    c.hostName = QSysInfo::machineHostName();
    if (c.hostName.isEmpty())
        c.hostName = env.value(QStringLiteral("HOSTNAME"), env.value(QStringLiteral("COMPUTERNAME")));
    return c;
}

bool Redactor::isSecretName(const QString &variableName)
{
    const QStringList parts = nameParts(variableName);
    if (parts.isEmpty())
        return false;
    const QString joined = parts.join(QLatin1Char('_'));

    // Desktop session plumbing: named like secrets, holds none.
    static const QSet<QString> notSecret{QStringLiteral("DESKTOP_SESSION"), QStringLiteral("SESSION_MANAGER"),
                                         QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), QStringLiteral("SSH_AUTH_SOCK"),
                                         QStringLiteral("SESSION_PATH")};
    if (notSecret.contains(joined) || joined.startsWith(QLatin1String("XDG_SESSION_"))
        || joined.startsWith(QLatin1String("KDE_SESSION_")) || joined.startsWith(QLatin1String("GNOME_KEYRING_")))
        return false;

    // Where a secret is kept, how long it is, whether it is used: not the secret.
    static const QSet<QString> describing{
        QStringLiteral("FILE"),    QStringLiteral("FILES"),   QStringLiteral("PATH"),    QStringLiteral("DIR"),
        QStringLiteral("TYPE"),    QStringLiteral("MODE"),    QStringLiteral("NAME"),    QStringLiteral("LENGTH"),
        QStringLiteral("LEN"),     QStringLiteral("SIZE"),    QStringLiteral("COUNT"),   QStringLiteral("LIMIT"),
        QStringLiteral("TIMEOUT"), QStringLiteral("TTL"),     QStringLiteral("EXPIRY"),  QStringLiteral("EXPIRES"),
        QStringLiteral("ENABLED"), QStringLiteral("ENABLE"),  QStringLiteral("DISABLE"), QStringLiteral("DISABLED"),
        QStringLiteral("HELPER"),  QStringLiteral("COMMAND"), QStringLiteral("CMD"),     QStringLiteral("SOCK"),
        QStringLiteral("SOCKET"),  QStringLiteral("FORMAT"),  QStringLiteral("URL")};
    if (parts.size() > 1 && describing.contains(parts.back()))
        return false;

    static const QSet<QString> secretWords{
        QStringLiteral("TOKEN"),       QStringLiteral("KEY"),        QStringLiteral("SECRET"),
        QStringLiteral("SECRETS"),     QStringLiteral("PASSWORD"),   QStringLiteral("PASSWORDS"),
        QStringLiteral("PASS"),        QStringLiteral("PASSWD"),     QStringLiteral("PASSPHRASE"),
        QStringLiteral("AUTH"),        QStringLiteral("CREDENTIAL"), QStringLiteral("CREDENTIALS"),
        QStringLiteral("CREDS"),       QStringLiteral("COOKIE"),     QStringLiteral("COOKIES"),
        QStringLiteral("SESSION"),     QStringLiteral("PRIVATE"),    QStringLiteral("APIKEY"),
        QStringLiteral("ACCESSKEY"),   QStringLiteral("SECRETKEY"),  QStringLiteral("PRIVATEKEY"),
        QStringLiteral("AUTHKEY"),     QStringLiteral("SIGNINGKEY"), QStringLiteral("MASTERKEY"),
        QStringLiteral("ACCESSTOKEN"), QStringLiteral("AUTHTOKEN"),  QStringLiteral("SESSIONID")};
    // Run together with another word: "PGPASSWORD", "CLIENTSECRET", "GHTOKEN".
    static const QStringList secretSuffixes{QStringLiteral("PASSWORD"),   QStringLiteral("PASSWD"),
                                            QStringLiteral("PASSPHRASE"), QStringLiteral("SECRET"),
                                            QStringLiteral("TOKEN"),      QStringLiteral("APIKEY")};
    for (const QString &part : parts) {
        if (secretWords.contains(part))
            return true;
        // "PWD" alone is the working directory; "MYSQL_PWD" is a password.
        if (part == QLatin1String("PWD") && parts.size() > 1)
            return true;
        for (const QString &suffix : secretSuffixes) {
            if (part.size() > suffix.size() && part.endsWith(suffix))
                return true;
        }
    }
    return false;
}

namespace {

// Private key blocks, found by hand so that many headers without an end
// stay linear. A block cut off (a truncated log) loses its header and every
// base64 line after it.
QString redactPrivateKeys(const QString &text, int &n)
{
    static const QRegularExpression begin(QStringLiteral("-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"));
    static const QRegularExpression end(QStringLiteral("-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"));
    static const QRegularExpression body(QStringLiteral("\\G(?:(?:\\r?\\n|\\\\n)[A-Za-z0-9+/=:,. -]*)*"));
    QString out;
    qsizetype last = 0;
    int made = 0;
    bool endsLeft = true;
    for (QRegularExpressionMatch b = begin.match(text); b.hasMatch(); b = begin.match(text, last)) {
        QRegularExpressionMatch e;
        if (endsLeft) {
            e = end.match(text, b.capturedEnd());
            endsLeft = e.hasMatch();
        }
        const qsizetype stop =
            endsLeft ? e.capturedEnd() : b.capturedEnd() + body.match(text, b.capturedEnd()).capturedLength();
        out += QStringView(text).mid(last, b.capturedStart() - last);
        out += redactionMark(QStringLiteral("private-key"));
        last = stop;
        ++made;
    }
    if (made == 0)
        return text;
    n += made;
    out += QStringView(text).mid(last);
    return out;
}

// The values of secret-named variables in `environment`, as written, trimmed,
// and escaped for JSON and HTML, longest first, as regex alternatives;
// `variableOf` maps each value to its variable.
QStringList secretValueAlternatives(const QProcessEnvironment &environment, QHash<QString, QString> &variableOf)
{
    QList<std::pair<QString, QString>> values; // value, variable
    const QStringList keys = environment.keys();
    for (const QString &key : keys) {
        if (!Redactor::isSecretName(key))
            continue;
        const QString value = environment.value(key);
        const QString trimmed = value.trimmed();
        if (trimmed.size() <= 3 || isTrivialValue(trimmed))
            continue;
        QStringList forms{value, trimmed};
        // As it is written into JSON and HTML.
        QString json = trimmed;
        json.replace(QLatin1Char('\\'), QLatin1String("\\\\")).replace(QLatin1Char('"'), QLatin1String("\\\""));
        forms << json << trimmed.toHtmlEscaped();
        for (const QString &form : std::as_const(forms)) {
            if (form.size() > 3)
                values.append({form, key});
        }
    }
    std::sort(values.begin(), values.end(), [](const auto &a, const auto &b) {
        return a.first.size() != b.first.size() ? a.first.size() > b.first.size() : a.first < b.first;
    });
    QStringList alternatives;
    for (const auto &[value, variable] : std::as_const(values)) {
        if (variableOf.contains(value))
            continue;
        variableOf.insert(value, variable);
        alternatives.append(QRegularExpression::escape(value));
    }
    return alternatives;
}

// This user's home folder in every spelling ("/home/x", "\home\x",
// "C:\Users\x", "C:/Users/x", escaped, the link's target), longest first, as
// regex alternatives; `windows` is set when it is written the Windows way.
QStringList homeAlternatives(const QString &homeDir, bool &windows)
{
    QStringList homes;
    QString home = homeDir;
    while (home.size() > 1 && (home.endsWith(QLatin1Char('/')) || home.endsWith(QLatin1Char('\\'))))
        home.chop(1);
    if (home.size() > 1 && home != QLatin1String("/") && !(home.size() <= 3 && home.at(1) == QLatin1Char(':'))) {
        homes << home;
        const QString canonical = QFileInfo(home).canonicalFilePath();
        if (!canonical.isEmpty() && canonical != home)
            homes << canonical;
    }
    QStringList alternatives;
    for (const QString &h : std::as_const(homes)) {
        const QStringList components = h.split(QRegularExpression(QStringLiteral("[/\\\\]+")));
        QStringList escaped;
        for (const QString &c : components)
            escaped << QRegularExpression::escape(c);
        windows = windows || h.contains(QLatin1Char('\\')) || (h.size() > 1 && h.at(1) == QLatin1Char(':'));
        // A leading separator is one character: "file:///home/x" keeps "file://".
        QString pattern = escaped.join(QStringLiteral("[/\\\\]+"));
        if (components.size() > 1 && components.front().isEmpty())
            pattern = QStringLiteral("[/\\\\]") + escaped.mid(1).join(QStringLiteral("[/\\\\]+"));
        alternatives << pattern;
    }
    std::sort(alternatives.begin(), alternatives.end(),
              [](const QString &a, const QString &b) { return a.size() > b.size(); });
    return alternatives;
}

// The user name as a word or path component, never inside another word; empty
// for names that are not personal ("root", "runner").
QString userNamePattern(const QString &userName)
{
    static const QSet<QString> impersonal{
        QStringLiteral("root"),   QStringLiteral("admin"),  QStringLiteral("administrator"),
        QStringLiteral("user"),   QStringLiteral("ubuntu"), QStringLiteral("debian"),
        QStringLiteral("runner"), QStringLiteral("jovyan"), QStringLiteral("vscode"),
        QStringLiteral("nobody"), QStringLiteral("guest"),  QStringLiteral("ec2-user")};
    const QString user = userName.trimmed();
    if (user.isEmpty() || impersonal.contains(user.toLower()))
        return {};
    const QString escaped = QRegularExpression::escape(user);
    // Han and kana are written without spaces: no word boundary to ask for.
    static const QRegularExpression unspaced(QStringLiteral("[\\p{Han}\\p{Hiragana}\\p{Katakana}]"));
    const bool cjkStart = unspaced.match(user.left(1)).hasMatch();
    const bool cjkEnd = unspaced.match(user.right(1)).hasMatch();
    QString pattern;
    if (user.size() <= 2 && !cjkStart && !cjkEnd) {
        // "a" or "ai" as a word is English: only a whole path component.
        pattern = QStringLiteral("(?<=[/\\\\])") + escaped + QStringLiteral("(?=[/\\\\\\s\"'<>:;,|)\\]}]|$)");
    } else {
        pattern = (cjkStart ? QString() : QStringLiteral("(?<![\\w])")) + escaped
                  + (cjkEnd ? QString() : QStringLiteral("(?![\\w])"));
    }
    return pattern;
}

// Adds one rule: its name in counts(), what it looks for, what replaces it.
using AddRule = std::function<void(const QString &, const QRegularExpression &, Replacer)>;

Replacer fixed(const QString &text)
{
    return [text](const QRegularExpressionMatch &) -> std::optional<QString> { return text; };
}

// Keeps group 1 (and 2 ...) up to `keep`, replaces the rest of the match.
Replacer keepingGroups(int keep, const QString &text)
{
    return [keep, text](const QRegularExpressionMatch &m) -> std::optional<QString> {
        QString out;
        for (int g = 1; g <= keep; ++g)
            out += m.captured(g);
        return out + text;
    };
}

// The values of secret-named variables, wherever they appear (before any
// other rule can change them), longest first.
void addSecretValueRule(const AddRule &add, const QProcessEnvironment &environment)
{
    QHash<QString, QString> variableOf;
    const QStringList alternatives = secretValueAlternatives(environment, variableOf);
    if (!alternatives.isEmpty()) {
        add(QStringLiteral("secret-value"), regex(alternatives.join(QLatin1Char('|'))),
            [variableOf](const QRegularExpressionMatch &m) -> std::optional<QString> {
                return redactionMark(variableOf.value(m.captured(0)));
            });
    }
}

// Credentials in URLs and in headers.
void addCredentialRules(const AddRule &add)
{
    // scheme://user:password@host, and scheme://token@host.
    add(QStringLiteral("url-credentials"),
        regex(QStringLiteral("(?<![A-Za-z0-9+.\\-])([A-Za-z][A-Za-z0-9+.\\-]*://)([^\\s/?#\"'<>]+)@(?=[^\\s@])")),
        [](const QRegularExpressionMatch &m) -> std::optional<QString> {
            const QString userInfo = m.captured(2);
            if (!userInfo.contains(QLatin1Char(':')) && !looksLikeToken(userInfo))
                return std::nullopt; // ssh://git@github.com
            return m.captured(1) + redactionMark(QStringLiteral("url-credentials")) + QLatin1Char('@');
        });
    // Proxies written without a scheme: HTTPS_PROXY=user:password@proxy:3128.
    add(QStringLiteral("url-credentials"),
        regex(QStringLiteral("(\\b\\w*proxy\\w*\\\\?[\"']?[ \\t]*[=:][ \\t]*\\\\?[\"']?)([^\\s/@\"':]+:[^\\s/@\"']+)@"),
              true),
        [](const QRegularExpressionMatch &m) -> std::optional<QString> {
            return m.captured(1) + redactionMark(QStringLiteral("url-credentials")) + QLatin1Char('@');
        });

    // Headers whose whole value is a credential. The scheme word is kept
    // ("Authorization: Bearer <redacted:authorization>").
    {
        const QString schemes = QStringLiteral("(?:bearer|basic|token|digest|negotiate|ntlm|aws4-hmac-sha256)");
        add(QStringLiteral("authorization"),
            regex(QStringLiteral("(?<![\\w\\-])((?:proxy-)?authorization|set-cookie|cookie|x-api-key|x-auth-token|"
                                 "private-token|x-goog-api-key)(\\\\?[\"']?[ \\t]*[:=][ \\t]*\\\\?[\"']?)"
                                 "(")
                      + schemes + QStringLiteral("[ \\t]+|(?!") + schemes
                      + QStringLiteral("\\b))([^\\s\"'`<\\\\](?:[^\\r\\n\"'`<\\\\]*[^\\s\"'`<\\\\])?)"),
                  true),
            keepingGroups(3, redactionMark(QStringLiteral("authorization"))));
    }
}

// Secrets by their shape, wherever they are.
void addShapeRules(const AddRule &add)
{
    struct Shape {
        const char *name;
        const char *pattern;
    };
    static const Shape shapes[] = {
        {"hf-token", "hf_[A-Za-z0-9]{30,}"},
        {"anthropic-key", "sk-ant-(?:[a-z]+[0-9]*-)?[A-Za-z0-9_\\-]{20,}"},
        {"openai-key", "sk-(?:proj-|svcacct-|admin-)?(?=[A-Za-z0-9_\\-]*[0-9])[A-Za-z0-9_\\-]{20,}"},
        {"github-token", "(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"},
        {"gitlab-token", "glpat-[A-Za-z0-9_\\-]{20,}"},
        {"pypi-token", "pypi-AgE[A-Za-z0-9_\\-]{20,}"},
        {"npm-token", "npm_[A-Za-z0-9]{36}"},
        {"slack-token", "xox[abprs]-[A-Za-z0-9\\-]{10,}"},
        {"google-api-key", "AIza[0-9A-Za-z_\\-]{35}"},
        {"aws-access-key-id", "(?:AKIA|ASIA)[A-Z0-9]{16}"},
        {"jwt", "eyJ[A-Za-z0-9_\\-]{8,}\\.[A-Za-z0-9_\\-]{8,}\\.[A-Za-z0-9_\\-]*"},
    };
    for (const Shape &shape : shapes) {
        const QString name = QLatin1String(shape.name);
        add(name,
            regex(QStringLiteral("(?<![A-Za-z0-9_\\-])") + QLatin1String(shape.pattern)
                  + QStringLiteral("(?![A-Za-z0-9_\\-])")),
            fixed(redactionMark(name)));
    }
    // An AWS secret key is 40 characters of base64 with nothing special about
    // it: only next to its name (a torch git_version is 40 hex characters too).
    add(QStringLiteral("aws-secret-key"),
        regex(
            QStringLiteral("(?<![A-Za-z0-9])((?:aws)?_?secret_?(?:access_?)?key(?:_?id)?)(\\\\?[\"']?[ \\t]*[=:][ \\t]*"
                           "\\\\?[\"']?)([A-Za-z0-9/+]{40})(?![A-Za-z0-9+=])"),
            true),
        keepingGroups(2, redactionMark(QStringLiteral("aws-secret-key"))));
    add(QStringLiteral("bearer-token"),
        regex(QStringLiteral("(?<![\\w\\-])(bearer[ \\t]+)(?=[A-Za-z0-9\\-._~+/]*[0-9])[A-Za-z0-9\\-._~+/]{8,}=*"),
              true),
        keepingGroups(1, redactionMark(QStringLiteral("bearer-token"))));

}

// key=value, key: value, "key": "value", --key=value, with a secret name.
// Only names with a secret word in them are looked at, and not right after
// '=' or ':' ("a=b=c=..."), so that the search stays linear in long lines.
void addKeyValueRules(const AddRule &add)
{
    add(QStringLiteral("key-value"),
        regex(QStringLiteral(
            "(?<![\\w.\\-=:])(-{0,2})((?=[\\w.\\-]{0,60}?(?i:token|key|secret|pass|pwd|auth|cred|cookie|session|"
            "private))[A-Za-z_][\\w.\\-]{0,63})(\\\\?[\"']?[ \\t]*([=:])[ \\t]*\\\\?[\"']?)"
            "([^\\s\"'`&,;<>(){}\\[\\]\\\\]+)")),
        [](const QRegularExpressionMatch &m) -> std::optional<QString> {
            const QString key = m.captured(2);
            const QString value = m.captured(5);
            if (!Redactor::isSecretName(key) || isTrivialValue(value))
                return std::nullopt;
            // "token: 512" in prose is a count, "password: hunter2" is not.
            if (m.captured(4) == QLatin1String(":")) {
                const bool digit = std::any_of(value.begin(), value.end(), [](QChar c) { return c.isDigit(); });
                if (value.startsWith(QLatin1Char('/')) || value.size() < 6 || (!digit && value.size() < 12))
                    return std::nullopt;
            }
            return m.captured(1) + key + m.captured(3) + redactionMark(key);
        });
    // --password hunter2
    add(QStringLiteral("key-value"),
        regex(QStringLiteral("(?<![\\w\\-])(--?)((?=[\\w\\-]{0,60}?(?i:token|key|secret|pass|pwd|auth|cred|cookie|"
                             "session|private))[A-Za-z][\\w\\-]{1,63})([ \\t]+)(?!-)([^\\s\"'`&,;<>]+)")),
        [](const QRegularExpressionMatch &m) -> std::optional<QString> {
            const QString option = m.captured(2);
            if (!Redactor::isSecretName(option) || isTrivialValue(m.captured(4)))
                return std::nullopt;
            return m.captured(1) + option + m.captured(3) + redactionMark(option);
        });

}

// GPU identity: UUIDs (nvidia-smi, NVML, torch's device properties) and serial numbers.
void addGpuIdentityRules(const AddRule &add)
{
    const QString uuid = QStringLiteral("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    add(QStringLiteral("gpu-uuid"),
        regex(QStringLiteral("(?<![\\w\\-])(?:MIG-GPU-|GPU-|MIG-)") + uuid
                  + QStringLiteral("(?:/[0-9]+/[0-9]+)?(?![0-9A-Za-z\\-])"),
              true),
        fixed(redactionMark(QStringLiteral("gpu-uuid"))));
    add(QStringLiteral("gpu-uuid"),
        regex(QStringLiteral("(?<![\\w\\-])(uuid)(\\\\?[\"']?[ \\t]*[=:][ \\t]*\\\\?[\"']?)") + uuid
                  + QStringLiteral("(?![0-9A-Za-z\\-])"),
              true),
        keepingGroups(2, redactionMark(QStringLiteral("gpu-uuid"))));
    add(QStringLiteral("serial-number"),
        regex(
            QStringLiteral("(?<![\\w\\-])(serial[ _\\-]?(?:number|num|no\\.?)\\\\?[\"']?[ \\t]*[:=][ \\t]*\\\\?[\"']?)"
                           "([^\\s\"'`<>,;\\\\](?:[^\\r\\n\"'`<>,;\\\\]*[^\\s\"'`<>,;\\\\])?)"),
            true),
        [](const QRegularExpressionMatch &m) -> std::optional<QString> {
            static const QRegularExpression none(
                QStringLiteral("^(?:n/?a|\\[n/a\\]|none|null|0|unknown|not (?:specified|available|supported)|"
                               "to be filled by o\\.e\\.m\\.?|default string)$"),
                QRegularExpression::CaseInsensitiveOption);
            if (none.match(m.captured(2)).hasMatch())
                return std::nullopt;
            return m.captured(1) + redactionMark(QStringLiteral("serial-number"));
        });

}

// Home folders: this user's in every spelling, then anybody's.
void addHomeRules(const AddRule &add, const QString &homeDir)
{
    // This user's home folder, in every spelling.
    {
        bool windows = false;
        const QStringList alternatives = homeAlternatives(homeDir, windows);
        if (!alternatives.isEmpty()) {
            add(QStringLiteral("home"),
                regex(QStringLiteral("(?<![\\w.\\-~\\\\])(?:(?<=://)|(?<!/))(?:") + alternatives.join(QLatin1Char('|'))
                          + QStringLiteral(")(?![\\w\\-]|\\.\\w)"),
                      windows),
                fixed(QStringLiteral("~")));
        }
    }
    // Anybody's home folder.
    {
        const auto generic = [](const QStringList &keep) {
            return [keep](const QRegularExpressionMatch &m) -> std::optional<QString> {
                QString name = m.captured(1);
                if (keep.contains(name, Qt::CaseInsensitive))
                    return std::nullopt;
                // A sentence's full stop is not part of the folder.
                QString tail;
                while (name.endsWith(QLatin1Char('.'))) {
                    name.chop(1);
                    tail += QLatin1Char('.');
                }
                if (name.isEmpty())
                    return std::nullopt;
                return QStringLiteral("~") + tail;
            };
        };
        const QString before = QStringLiteral("(?<![\\w.\\-~\\\\])(?:(?<=://)|(?<!/))");
        add(QStringLiteral("home"),
            regex(before + QStringLiteral("/(?:home|Users)/+(") + kNameChars + QLatin1Char(')')),
            generic({QStringLiteral("Shared"), QStringLiteral("Guest"), QStringLiteral("linuxbrew")}));
        add(QStringLiteral("home"),
            regex(QStringLiteral("(?<![\\w])[A-Z]:[\\\\/]+Users[\\\\/]+(") + kNameChars + QLatin1Char(')'), true),
            generic({QStringLiteral("Public"), QStringLiteral("Default"), QStringLiteral("All Users"),
                     QStringLiteral("Default User")}));
        add(QStringLiteral("home"), regex(before + QStringLiteral("/root(?![\\w\\-]|\\.\\w)")),
            fixed(QStringLiteral("~")));
    }
}

// The host name, as a word, any case; its short form too.
void addHostRule(const AddRule &add, const QString &hostName)
{
    const QString host = hostName.trimmed();
    QStringList names;
    if (host.size() >= 3 && !host.startsWith(QLatin1String("localhost"), Qt::CaseInsensitive)) {
        names << host;
        const QString label = host.section(QLatin1Char('.'), 0, 0);
        if (label != host && label.size() >= 3)
            names << label;
    }
    QStringList alternatives;
    for (const QString &n : std::as_const(names))
        alternatives << QRegularExpression::escape(n);
    if (!alternatives.isEmpty()) {
        add(QStringLiteral("host"),
            regex(QStringLiteral("(?<![\\w\\-.])(?:") + alternatives.join(QLatin1Char('|'))
                      + QStringLiteral(")(?![\\w\\-])"),
                  true),
            fixed(QStringLiteral("<host>")));
    }
}

} // namespace

Redactor::Redactor(RedactionContext context) : m_context(std::move(context))
{
    const AddRule add = [this](const QString &name, const QRegularExpression &re, Replacer replace) {
        auto rule = std::make_unique<Rule>();
        rule->name = name;
        rule->apply = [re, replace = std::move(replace)](const QString &text, int &n) {
            return replaceMatches(text, re, replace, n);
        };
        m_rules.push_back(std::move(rule));
    };

    // Private key blocks first: their base64 would otherwise half-match other rules.
    {
        auto rule = std::make_unique<Rule>();
        rule->name = QStringLiteral("private-key");
        rule->apply = redactPrivateKeys;
        m_rules.push_back(std::move(rule));
    }

    addSecretValueRule(add, m_context.environment);
    addCredentialRules(add);
    addShapeRules(add);
    addKeyValueRules(add);
    addGpuIdentityRules(add);
    addHomeRules(add, m_context.homeDir);

    // The user name, unless it is not personal.
    if (const QString pattern = userNamePattern(m_context.userName); !pattern.isEmpty())
        add(QStringLiteral("user"), regex(pattern), fixed(QStringLiteral("<user>")));

    addHostRule(add, m_context.hostName);
}

Redactor::~Redactor() = default;

QString Redactor::redactText(const QString &text, QMap<QString, int> &counts) const
{
    QString current = text;
    for (const auto &rule : m_rules) {
        // Apply the rule between placeholders only, so that nothing already
        // redacted is looked at again.
        int n = 0;
        QString out;
        qsizetype last = 0;
        QRegularExpressionMatchIterator it = placeholderPattern().globalMatch(current);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            out += rule->apply(current.mid(last, m.capturedStart() - last), n);
            out += m.captured(0);
            last = m.capturedEnd();
        }
        out += rule->apply(current.mid(last), n);
        if (n > 0) {
            counts[rule->name] += n;
            current = out;
        }
    }
    return current;
}

void Redactor::addCounts(const QMap<QString, int> &counts) const
{
    QMutexLocker lock(&m_countsMutex);
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        m_counts[it.key()] += it.value();
}

QString Redactor::redact(const QString &text) const
{
    QMap<QString, int> counts;
    QString out = redactText(text, counts);
    addCounts(counts);
    return out;
}

QJsonValue Redactor::redactValue(const QJsonValue &value, const QString &key, QMap<QString, int> &counts) const
{
    switch (value.type()) {
    case QJsonValue::String: {
        const QString s = value.toString();
        if (!key.isEmpty() && isSecretName(key) && !isTrivialValue(s.trimmed()) && !isPlaceholder(s)) {
            counts[QStringLiteral("key-value")] += 1;
            return redactionMark(key);
        }
        return redactText(s, counts);
    }
    case QJsonValue::Array: {
        QJsonArray out;
        const QJsonArray in = value.toArray();
        for (const QJsonValue &v : in)
            out.append(redactValue(v, QString(), counts));
        return out;
    }
    case QJsonValue::Object: {
        QJsonObject out;
        const QJsonObject in = value.toObject();
        for (auto it = in.begin(); it != in.end(); ++it)
            out.insert(it.key(), redactValue(it.value(), it.key(), counts));
        return out;
    }
    default: return value;
    }
}

QJsonValue Redactor::redact(const QJsonValue &value) const
{
    QMap<QString, int> counts;
    QJsonValue out = redactValue(value, QString(), counts);
    addCounts(counts);
    return out;
}

QJsonObject Redactor::redact(const QJsonObject &object) const
{
    return redact(QJsonValue(object)).toObject();
}

QMap<QString, int> Redactor::counts() const
{
    QMutexLocker lock(&m_countsMutex);
    return m_counts;
}

void Redactor::resetCounts()
{
    QMutexLocker lock(&m_countsMutex);
    m_counts.clear();
}

} // namespace td::report
