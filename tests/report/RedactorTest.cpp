// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/Redactor.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <iostream>
#include <vector>

using td::report::RedactionContext;
using td::report::Redactor;

namespace {

std::string s(const QString &text)
{
    return text.toStdString();
}

QProcessEnvironment plantedEnvironment()
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("HF_TOKEN"), QStringLiteral("hf_envOnlyValue0123456789abcdefghijklmnop"));
    env.insert(QStringLiteral("MY_PASSWORD"), QStringLiteral("correct horse battery staple"));
    env.insert(QStringLiteral("DB_PASS"), QStringLiteral("tr0ub4dor&3"));
    env.insert(QStringLiteral("OPENAI_API_KEY"), QStringLiteral("plainOpaqueValue42"));
    env.insert(QStringLiteral("apiKey"), QStringLiteral("camelCaseSecret99"));
    env.insert(QStringLiteral("KEYBOARD"), QStringLiteral("us-intl-layout"));
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/bin:/usr/bin"));
    env.insert(QStringLiteral("HF_HUB_DISABLE_TOKEN"), QStringLiteral("true"));
    env.insert(QStringLiteral("SHORT_TOKEN"), QStringLiteral("abc"));
    env.insert(QStringLiteral("XDG_SESSION_TYPE"), QStringLiteral("wayland"));
    return env;
}

RedactionContext aliceContext()
{
    RedactionContext c;
    c.homeDir = QStringLiteral("/home/alice");
    c.userName = QStringLiteral("alice");
    c.hostName = QStringLiteral("gpubox-07");
    c.environment = plantedEnvironment();
    return c;
}

struct Planted {
    const char *label; // expected in "<redacted:...>"
    QString secret;    // must not survive
    QString text;      // how it is written ("%1" stands for the secret where it is a bare value)
};

// Every secret, as it typically appears.
std::vector<Planted> plantedSecrets()
{
    return {
        {"hf-token", QStringLiteral("hf_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"), QStringLiteral("%1")},
        {"openai-key", QStringLiteral("sk-proj-AbCdEf0123456789GhIjKlMnOpQrStUvWx"), QStringLiteral("%1")},
        {"openai-key", QStringLiteral("sk-4f8Gh2Jk9Lm3Np7Qr1St5Vw0Xy6Za8Bc"), QStringLiteral("%1")},
        {"anthropic-key", QStringLiteral("sk-ant-api03-AbCdEf0123456789GhIjKlMnOpQrStUvWx_yz-0"), QStringLiteral("%1")},
        {"github-token", QStringLiteral("ghp_0123456789abcdefghijklmnopqrstuvwxyz"), QStringLiteral("%1")},
        {"github-token", QStringLiteral("gho_ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210"), QStringLiteral("%1")},
        {"github-token", QStringLiteral("ghs_aaaaBBBBccccDDDDeeeeFFFF000011112222"), QStringLiteral("%1")},
        {"github-token", QStringLiteral("github_pat_11ABCDEFG0_abcdefghijklmnopqrstuvwxyz0123456789"),
         QStringLiteral("%1")},
        {"gitlab-token", QStringLiteral("glpat-AbCdEf0123456789xyzW"), QStringLiteral("%1")},
        {"aws-access-key-id", QStringLiteral("AKIAIOSFODNN7EXAMPLE"), QStringLiteral("%1")},
        {"aws-access-key-id", QStringLiteral("ASIAY34FZKBOKMUTVV7A"), QStringLiteral("%1")},
        {"aws-secret-key", QStringLiteral("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"),
         QStringLiteral("aws_secret_access_key = %1")},
        {"slack-token", QStringLiteral("xoxb-1234567890-0987654321-AbCdEfGhIjKl"), QStringLiteral("%1")},
        {"google-api-key", QStringLiteral("AIzaSyA1234567890abcdefghijklmnopqrstuv"), QStringLiteral("%1")},
        {"jwt",
         QStringLiteral("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"),
         QStringLiteral("%1")},
        {"pypi-token", QStringLiteral("pypi-AgEIcHlwaS5vcmcCJGQ2ZjA1YzU5LTk0NmMtNDc2"), QStringLiteral("%1")},
        {"authorization", QStringLiteral("dXNlcjpwYXNzd29yZDEyMw=="), QStringLiteral("Authorization: Basic %1")},
        {"authorization", QStringLiteral("opaque-2f9c1b7d4e"), QStringLiteral("Authorization: Bearer %1")},
        {"bearer-token", QStringLiteral("abc123def456ghi789"), QStringLiteral("curl -H 'X-Thing: Bearer %1'")},
        {"token", QStringLiteral("s3cr3tvalue"), QStringLiteral("https://example.com/dl?token=%1&x=1")},
        {"password", QStringLiteral("hunter2xyz"), QStringLiteral("password=%1")},
        {"apikey", QStringLiteral("ZZtop1234"), QStringLiteral("apikey=%1")},
        {"db_password", QStringLiteral("pg-secret-9"), QStringLiteral("\"db_password\": \"%1\"")},
        {"password", QStringLiteral("cli-secret-77"), QStringLiteral("--password %1")},
        {"url-credentials", QStringLiteral("Sup3rS3cret"),
         QStringLiteral("pip install --index-url https://deploy:%1@pypi.corp.example/simple torch")},
        {"url-credentials", QStringLiteral("pr0xyPa55"),
         QStringLiteral("HTTPS_PROXY=http://proxyuser:%1@proxy.corp:3128")},
        {"url-credentials", QStringLiteral("n0Scheme"), QStringLiteral("https_proxy=bob:%1@proxy.corp:3128")},
        {"url-credentials", QStringLiteral("ghp_x"), QStringLiteral("git clone https://%1@github.com/org/repo.git")},
        {"private-key", QStringLiteral("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7"),
         QStringLiteral("-----BEGIN PRIVATE KEY-----\n%1\nq1w2e3r4t5y6u7i8o9p0\n-----END PRIVATE KEY-----")},
        {"private-key", QStringLiteral("b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"),
         QStringLiteral("-----BEGIN OPENSSH PRIVATE KEY-----\n%1\n-----END OPENSSH PRIVATE KEY-----")},
        {"gpu-uuid", QStringLiteral("GPU-5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d"), QStringLiteral("%1")},
        {"gpu-uuid", QStringLiteral("MIG-6b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d"), QStringLiteral("%1")},
        {"gpu-uuid", QStringLiteral("7c4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d"),
         QStringLiteral("_CudaDeviceProperties(name='NVIDIA H200', major=9, minor=0, uuid=%1)")},
        {"serial-number", QStringLiteral("1652820012345"), QStringLiteral("    Serial Number                   : %1")},
        {"HF_TOKEN", QStringLiteral("hf_envOnlyValue0123456789abcdefghijklmnop"), QStringLiteral("%1")},
        {"MY_PASSWORD", QStringLiteral("correct horse battery staple"), QStringLiteral("pw is '%1' here")},
        {"DB_PASS", QStringLiteral("tr0ub4dor&3"), QStringLiteral("connect(%1)")},
        {"OPENAI_API_KEY", QStringLiteral("plainOpaqueValue42"), QStringLiteral("%1")},
        {"apiKey", QStringLiteral("camelCaseSecret99"), QStringLiteral("%1")},
    };
}

// The same text where a report would put it: plain, in a longer path, on a
// command line, after other text on a line of a log.
QStringList surroundings(const QString &text)
{
    return {text, QStringLiteral("/opt/data/") + text + QStringLiteral("/file.txt"),
            QStringLiteral("python train.py --config cfg.yaml ") + text + QStringLiteral(" --epochs 3"),
            QStringLiteral("2024-05-01 12:00:00 INFO something happened: ") + text + QStringLiteral("\nnext line")};
}

} // namespace

TEST(Redactor, SecretNames)
{
    for (const char *name : {"HF_TOKEN",
                             "OPENAI_API_KEY",
                             "DB_PASS",
                             "MY_PASSWORD",
                             "ANTHROPIC_API_KEY",
                             "GITHUB_TOKEN",
                             "AWS_SECRET_ACCESS_KEY",
                             "AWS_SESSION_TOKEN",
                             "PGPASSWORD",
                             "MYSQL_PWD",
                             "apiKey",
                             "client_secret",
                             "NPM_CONFIG__AUTH",
                             "COOKIE",
                             "password",
                             "token",
                             "PRIVATE_KEY",
                             "SLACK_BOT_TOKEN",
                             "db-passwd",
                             "GH_AUTHTOKEN",
                             "HUGGING_FACE_HUB_TOKEN",
                             "SESSION_ID",
                             "WANDB_API_KEY",
                             "my.credentials"})
        EXPECT_TRUE(Redactor::isSecretName(QLatin1String(name))) << name;
    for (const char *name : {"KEYBOARD",
                             "PATH",
                             "BYPASS",
                             "NO_PROXY_BYPASS",
                             "PWD",
                             "OLDPWD",
                             "TOKENIZERS_PARALLELISM",
                             "PASSWORD_FILE",
                             "HF_TOKEN_PATH",
                             "GIT_ASKPASS",
                             "SSH_AUTH_SOCK",
                             "XDG_SESSION_TYPE",
                             "DESKTOP_SESSION",
                             "DBUS_SESSION_BUS_ADDRESS",
                             "GIT_AUTHOR_NAME",
                             "MAX_TOKENS",
                             "max_new_tokens",
                             "KEYMAP",
                             "MONKEY",
                             "PASSENGER",
                             "CUDA_VISIBLE_DEVICES",
                             "HOME",
                             "",
                             "__"})
        EXPECT_FALSE(Redactor::isSecretName(QLatin1String(name))) << name;
}

TEST(Redactor, PlantedSecretsNeverSurviveText)
{
    const Redactor r(aliceContext());
    for (const Planted &p : plantedSecrets()) {
        const QString text = p.text.arg(p.secret);
        for (const QString &where : surroundings(text)) {
            const QString out = r.redact(where);
            EXPECT_FALSE(out.contains(p.secret)) << p.label << ": " << s(out);
            EXPECT_TRUE(out.contains(QStringLiteral("<redacted:") + QLatin1String(p.label) + QLatin1Char('>')))
                << p.label << ": " << s(out);
            EXPECT_EQ(r.redact(out), out) << "not idempotent: " << s(out);
        }
    }
}

TEST(Redactor, PlantedSecretsNeverSurviveJson)
{
    const Redactor r(aliceContext());
    for (const Planted &p : plantedSecrets()) {
        const QString text = p.text.arg(p.secret);
        const QString command = QStringLiteral("run ") + text;
        QJsonObject doc{{QStringLiteral("command"), command},
                        {QStringLiteral("nested"),
                         QJsonArray{QJsonValue(1), QJsonValue(true), QJsonValue(),
                                    QJsonValue(QJsonObject{{QStringLiteral("log"), surroundings(text).at(3)}}),
                                    QJsonValue(QJsonArray{surroundings(text).at(1)})}}};
        const QJsonObject out = r.redact(doc);
        const QByteArray json = QJsonDocument(out).toJson(QJsonDocument::Compact);
        EXPECT_FALSE(QString::fromUtf8(json).contains(p.secret)) << p.label << ": " << json.toStdString();
        EXPECT_EQ(out.keys(), doc.keys());
        EXPECT_EQ(out.value(QStringLiteral("nested")).toArray().at(0), QJsonValue(1));
        EXPECT_EQ(out.value(QStringLiteral("nested")).toArray().at(1), QJsonValue(true));
        EXPECT_TRUE(out.value(QStringLiteral("nested")).toArray().at(2).isNull());
        EXPECT_EQ(r.redact(out), out);
    }
}

TEST(Redactor, SecretNamedJsonKeysLoseTheirValues)
{
    const Redactor r(aliceContext());
    const QJsonObject env{{QStringLiteral("WANDB_API_KEY"), QStringLiteral("abc")},
                          {QStringLiteral("HF_HUB_OFFLINE"), QStringLiteral("1")},
                          {QStringLiteral("password_file"), QStringLiteral("/etc/pw")},
                          {QStringLiteral("token"), QStringLiteral("true")}};
    const QJsonObject out = r.redact(QJsonObject{{QStringLiteral("environment"), env}});
    const QJsonObject e = out.value(QStringLiteral("environment")).toObject();
    EXPECT_EQ(e.value(QStringLiteral("WANDB_API_KEY")).toString(), QStringLiteral("<redacted:WANDB_API_KEY>"));
    EXPECT_EQ(e.value(QStringLiteral("HF_HUB_OFFLINE")).toString(), QStringLiteral("1"));
    EXPECT_EQ(e.value(QStringLiteral("password_file")).toString(), QStringLiteral("/etc/pw"));
    EXPECT_EQ(e.value(QStringLiteral("token")).toString(), QStringLiteral("true"));
}

TEST(Redactor, HomeUserAndHost)
{
    const Redactor r(aliceContext());
    EXPECT_EQ(r.redact(QStringLiteral("/home/alice/miniconda3/envs/t/bin/python")),
              QStringLiteral("~/miniconda3/envs/t/bin/python"));
    EXPECT_EQ(r.redact(QStringLiteral("cd /home/alice")), QStringLiteral("cd ~"));
    EXPECT_EQ(r.redact(QStringLiteral("\"/home/alice\"")), QStringLiteral("\"~\""));
    EXPECT_EQ(r.redact(QStringLiteral("file:///home/alice/wheels/torch.whl")),
              QStringLiteral("file://~/wheels/torch.whl"));
    // Somebody else's home is private too; the folder name is not.
    EXPECT_EQ(r.redact(QStringLiteral("/home/bob/.local/lib")), QStringLiteral("~/.local/lib"));
    EXPECT_EQ(r.redact(QStringLiteral("/root/.cache/pip")), QStringLiteral("~/.cache/pip"));
    EXPECT_EQ(r.redact(QStringLiteral("/Users/carol/Library")), QStringLiteral("~/Library"));
    EXPECT_EQ(r.redact(QStringLiteral("C:\\Users\\dave\\AppData")), QStringLiteral("~\\AppData"));
    EXPECT_EQ(r.redact(QStringLiteral("c:/users/dave/x")), QStringLiteral("~/x"));
    EXPECT_EQ(r.redact(QStringLiteral("C:\\Users\\Public\\Documents")), QStringLiteral("C:\\Users\\Public\\Documents"));
    // The user as a word and a path component, not inside other words.
    EXPECT_EQ(r.redact(QStringLiteral("alice@gpubox-07:~$ ls /mnt/alice/data")),
              QStringLiteral("<user>@<host>:~$ ls /mnt/<user>/data"));
    EXPECT_EQ(r.redact(QStringLiteral("malice aliceX alice_env")), QStringLiteral("malice aliceX alice_env"));
    // The host in any case, and as the first label of a domain name.
    EXPECT_EQ(r.redact(QStringLiteral("GPUBOX-07.lab.example.com up")), QStringLiteral("<host>.lab.example.com up"));
    EXPECT_EQ(r.redact(QStringLiteral("gpubox-070 gpubox")), QStringLiteral("gpubox-070 gpubox"));
}

TEST(Redactor, NonAsciiUser)
{
    RedactionContext c;
    c.homeDir = QStringLiteral("/home/张伟");
    c.userName = QStringLiteral("张伟");
    c.hostName = QStringLiteral("工作站");
    const Redactor r(c);
    const QStringList planted{
        QStringLiteral("/home/张伟/.venv/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so"),
        QStringLiteral("python -c 'import torch' --cache-dir=/home/张伟/.cache"),
        QStringLiteral("C:\\Users\\张伟\\AppData\\Local\\Programs\\Python\\Python311\\python.exe"),
        QStringLiteral("c:/users/张伟/miniconda3"),
        QStringLiteral("{\"path\": \"C:\\\\Users\\\\张伟\\\\x\"}"),
        QStringLiteral("用户张伟的文件"),
        QStringLiteral("张伟@工作站"),
    };
    for (const QString &text : planted) {
        const QString out = r.redact(text);
        EXPECT_FALSE(out.contains(QStringLiteral("张伟"))) << s(out);
        EXPECT_FALSE(out.contains(QStringLiteral("工作站"))) << s(out);
        EXPECT_EQ(r.redact(out), out);
        const QJsonValue json = r.redact(QJsonValue(QJsonArray{text}));
        EXPECT_FALSE(QString::fromUtf8(QJsonDocument(json.toArray()).toJson()).contains(QStringLiteral("张伟")));
    }
    EXPECT_EQ(r.redact(QStringLiteral("/home/张伟/x")), QStringLiteral("~/x"));
    EXPECT_EQ(r.redact(QStringLiteral("C:\\Users\\张伟\\x")), QStringLiteral("~\\x"));

    // The same with the context's home being the Windows one.
    c.homeDir = QStringLiteral("C:\\Users\\张伟");
    const Redactor w(c);
    EXPECT_EQ(w.redact(QStringLiteral("C:\\Users\\张伟\\x")), QStringLiteral("~\\x"));
    EXPECT_EQ(w.redact(QStringLiteral("C:/Users/张伟/x")), QStringLiteral("~/x"));
    EXPECT_EQ(w.redact(QStringLiteral("c:\\USERS\\张伟")), QStringLiteral("~"));
}

TEST(Redactor, WindowsHomeWithSpace)
{
    RedactionContext c;
    c.homeDir = QStringLiteral("C:\\Users\\John Smith");
    c.userName = QStringLiteral("John Smith");
    const Redactor r(c);
    EXPECT_EQ(r.redact(QStringLiteral("C:\\Users\\John Smith\\AppData")), QStringLiteral("~\\AppData"));
    EXPECT_EQ(r.redact(QStringLiteral("c:/users/john smith/x")), QStringLiteral("~/x"));
    EXPECT_EQ(r.redact(QStringLiteral("by John Smith.")), QStringLiteral("by <user>."));
}

TEST(Redactor, LinkedHomeIsRedactedByItsTarget)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString real = dir.filePath(QStringLiteral("real-home"));
    const QString link = dir.filePath(QStringLiteral("link-home"));
    ASSERT_TRUE(QDir().mkpath(real));
    ASSERT_TRUE(QFile::link(real, link));
    RedactionContext c;
    c.homeDir = link;
    const Redactor r(c);
    const QString canonical = QFileInfo(real).canonicalFilePath();
    EXPECT_EQ(r.redact(link + QStringLiteral("/.cache")), QStringLiteral("~/.cache"));
    EXPECT_EQ(r.redact(canonical + QStringLiteral("/.cache")), QStringLiteral("~/.cache"));
}

TEST(Redactor, UsefulContentSurvives)
{
    const Redactor r(aliceContext());
    const QStringList keep{
        QStringLiteral("torch 2.3.1+cu121, torchvision 0.18.1+cu121, CUDA 12.1, cuDNN 8902 (8.9.2), cudnn 90100"),
        QStringLiteral("git_version = 'd44533f9d073df13895333e70b66f81c513c1889'"),
        QStringLiteral("__version__ = '2.4.0a0+git1a2b3c4'"),
        QStringLiteral("arch list: sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90 compute_90"),
        QStringLiteral("/usr/lib/x86_64-linux-gnu/libcudnn.so.9 /opt/conda/lib/python3.11/site-packages/torch"),
        QStringLiteral("Enter your password, or a token; the password is never stored."),
        QStringLiteral("password: see the docs; token: 512; tokens: 4096"),
        QStringLiteral("max_new_tokens=512 tokenizer=gpt2 KEYBOARD=us-intl-layout PATH=/usr/bin"),
        QStringLiteral("XDG_SESSION_TYPE=wayland TOKENIZERS_PARALLELISM=false HF_HUB_DISABLE_TOKEN=true"),
        QStringLiteral("git clone ssh://git@github.com/pytorch/pytorch.git"),
        QStringLiteral("https://download.pytorch.org/whl/cu121/torch-2.3.1%2Bcu121-cp311-cp311-linux_x86_64.whl"),
        QStringLiteral("Serial Number : N/A"),
        QStringLiteral("GPU 0: NVIDIA H200 (UUID: <redacted:gpu-uuid>)"),
        QStringLiteral("task-scheduler disk-usage the bearer of bad news"),
        QStringLiteral("Name: NVIDIA H200, Driver Version: 550.54.15, CUDA Version: 12.4, Bus-Id 00000000:3B:00.0"),
        QStringLiteral("Authorization"),
        QStringLiteral("Users/Shared /home/linuxbrew/.linuxbrew/bin"),
        QStringLiteral("abc"),
        QString(),
    };
    for (const QString &text : keep)
        EXPECT_EQ(r.redact(text), text);
    EXPECT_TRUE(r.counts().isEmpty()) << r.counts().size();
}

TEST(Redactor, ShortOrEmptyNamesDoNotWreckText)
{
    const QString prose = QStringLiteral("This is a test of an AI model: train it at a rate of 1e-3 with ab and ai.");
    for (const char *user : {"", "a", "ai", "ab"}) {
        RedactionContext c;
        c.userName = QLatin1String(user);
        c.hostName = QLatin1String(user);
        const Redactor r(c);
        EXPECT_EQ(r.redact(prose), prose) << user;
        EXPECT_EQ(r.redact(QStringLiteral("/usr/lib/libtorch.so")), QStringLiteral("/usr/lib/libtorch.so"));
    }
    RedactionContext c;
    c.userName = QStringLiteral("ai");
    c.homeDir = QStringLiteral("/home/ai");
    const Redactor r(c);
    EXPECT_EQ(r.redact(QStringLiteral("/home/ai/train.py")), QStringLiteral("~/train.py"));
    EXPECT_EQ(r.redact(QStringLiteral("/data/ai/x and train")), QStringLiteral("/data/<user>/x and train"));
    EXPECT_EQ(r.redact(QStringLiteral("train")), QStringLiteral("train"));
}

TEST(Redactor, PlaceholderNamedUserOrHostStaysPut)
{
    RedactionContext c;
    c.userName = QStringLiteral("user");
    c.hostName = QStringLiteral("host");
    const Redactor r(c);
    const QString once = r.redact(QStringLiteral("host says user"));
    EXPECT_EQ(once, QStringLiteral("<host> says user")); // "user" is not a personal name
    EXPECT_EQ(r.redact(once), once);

    c.userName = QStringLiteral("redacted");
    c.hostName = QStringLiteral("redacted");
    const Redactor q(c);
    const QString text = QStringLiteral("password=hunter22 redacted");
    const QString first = q.redact(text);
    EXPECT_EQ(first, QStringLiteral("password=<redacted:password> <user>"));
    EXPECT_EQ(q.redact(first), first);
}

TEST(Redactor, RedactingTwiceChangesNothing)
{
    Redactor r(aliceContext());
    QString blob;
    for (const Planted &p : plantedSecrets())
        blob += p.text.arg(p.secret) + QLatin1Char('\n');
    blob += QStringLiteral("/home/alice/x alice gpubox-07 C:\\Users\\alice\\y\n");
    const QString once = r.redact(blob);
    r.resetCounts();
    EXPECT_EQ(r.redact(once), once);
    EXPECT_TRUE(r.counts().isEmpty());
    for (const Planted &p : plantedSecrets())
        EXPECT_FALSE(once.contains(p.secret)) << p.label;
}

TEST(Redactor, Counts)
{
    Redactor r(aliceContext());
    EXPECT_TRUE(r.counts().isEmpty());
    const QString out = r.redact(QStringLiteral("/home/alice/a /home/alice/b pw=correct horse battery staple "
                                                "https://u:p4ss@x.org http://u:p4ss@y.org alice"));
    EXPECT_EQ(out, QStringLiteral("~/a ~/b pw=<redacted:MY_PASSWORD> https://<redacted:url-credentials>@x.org "
                                  "http://<redacted:url-credentials>@y.org <user>"));
    QMap<QString, int> expected{{QStringLiteral("home"), 2},
                                {QStringLiteral("secret-value"), 1},
                                {QStringLiteral("url-credentials"), 2},
                                {QStringLiteral("user"), 1}};
    EXPECT_EQ(r.counts(), expected);
    // Counts add up over calls, JSON included, until reset.
    (void)r.redact(QJsonObject{{QStringLiteral("a"), QStringLiteral("/home/alice")},
                               {QStringLiteral("b"), QJsonArray{QStringLiteral("GPUBOX-07")}}});
    expected[QStringLiteral("home")] = 3;
    expected[QStringLiteral("host")] = 1;
    EXPECT_EQ(r.counts(), expected);
    r.resetCounts();
    EXPECT_TRUE(r.counts().isEmpty());
}

TEST(Redactor, FromSystem)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("HOME"), QStringLiteral("/home/zed"));
    env.insert(QStringLiteral("USER"), QStringLiteral("zed"));
    env.insert(QStringLiteral("GITHUB_TOKEN"), QStringLiteral("gh-value-123456"));
    const RedactionContext c = RedactionContext::fromSystem(env);
    EXPECT_EQ(c.homeDir, QStringLiteral("/home/zed"));
    EXPECT_EQ(c.userName, QStringLiteral("zed"));
    EXPECT_FALSE(c.hostName.isEmpty());
    const Redactor r(c);
    EXPECT_EQ(r.redact(QStringLiteral("/home/zed/x gh-value-123456")), QStringLiteral("~/x <redacted:GITHUB_TOKEN>"));
    if (c.hostName.size() >= 3 && !c.hostName.startsWith(QLatin1String("localhost"))) {
        EXPECT_EQ(r.redact(QStringLiteral("on ") + c.hostName), QStringLiteral("on <host>"));
    }

    QProcessEnvironment noUser;
    noUser.insert(QStringLiteral("HOME"), QStringLiteral("/home/yve"));
    EXPECT_EQ(RedactionContext::fromSystem(noUser).userName, QStringLiteral("yve"));
}

TEST(Redactor, MarkdownAndHtml)
{
    const Redactor r(aliceContext());
    EXPECT_EQ(r.redact(QStringLiteral("run `pip install --index-url https://u:pw@host/simple` with `token=abc123`")),
              QStringLiteral("run `pip install --index-url https://<redacted:url-credentials>@host/simple` with "
                             "`token=<redacted:token>`"));
    // A secret's value as an HTML page or a JSON document writes it.
    EXPECT_EQ(r.redact(QStringLiteral("<td>tr0ub4dor&amp;3</td>")), QStringLiteral("<td><redacted:DB_PASS></td>"));
    EXPECT_EQ(r.redact(QStringLiteral("<a href=\"/home/alice/r.html\">alice</a>")),
              QStringLiteral("<a href=\"~/r.html\"><user></a>"));
}

TEST(Redactor, LargeLog)
{
    const Redactor r(aliceContext());
    QString log;
    const auto planted = plantedSecrets();
    for (int i = 0; i < 20000; ++i) {
        log += QStringLiteral(
                   "2024-05-01 12:00:%1 [debug] dlopen(\"/home/alice/.venv/lib/python3.11/site-packages/torch/lib/"
                   "libtorch_cuda.so\") = 0x7f3a2c000000, sm_90, git d44533f9d073df13895333e70b66f81c513c1889\n")
                   .arg(i % 60, 2, 10, QLatin1Char('0'));
        if (i % 500 == 0) {
            const Planted &p = planted.at(static_cast<size_t>(i / 500) % planted.size());
            log += p.text.arg(p.secret) + QLatin1Char('\n');
        }
    }
    QElapsedTimer timer;
    timer.start();
    const QString out = r.redact(log);
    const qint64 ms = timer.elapsed();
    std::cout << "redacted " << log.size() << " characters in " << ms << " ms\n";
    for (const Planted &p : planted)
        EXPECT_FALSE(out.contains(p.secret)) << p.label;
    EXPECT_FALSE(out.contains(QStringLiteral("alice")));
    EXPECT_EQ(out.count(QStringLiteral("d44533f9d073df13895333e70b66f81c513c1889")), 20000);
    EXPECT_EQ(r.counts().value(QStringLiteral("home")), 20000);
}

TEST(Redactor, PathologicalInputStaysLinear)
{
    const Redactor r(aliceContext());
    for (const QString &unit :
         {QStringLiteral("a="), QStringLiteral("a:"), QStringLiteral("x/token="), QStringLiteral("https://a"),
          QStringLiteral("-----BEGIN PRIVATE KEY-----"), QStringLiteral("/home/"), QStringLiteral("--password ")}) {
        const QString text = unit.repeated(100000 / unit.size());
        QElapsedTimer timer;
        timer.start();
        (void)r.redact(text);
        EXPECT_LT(timer.elapsed(), 20000) << s(unit);
        std::cout << s(unit) << ": " << timer.elapsed() << " ms\n";
    }
}

TEST(Redactor, PrivateKeyBlocks)
{
    Redactor r(aliceContext());
    const QString text =
        QStringLiteral("a\n-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\nmid\n"
                       "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
                       "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\nBBBB\n-----END PGP PRIVATE KEY BLOCK-----\n"
                       "\"pem\": \"-----BEGIN EC PRIVATE KEY-----\\nCCCC\\n-----END EC PRIVATE KEY-----\\n\"\n"
                       "cut off: -----BEGIN PRIVATE KEY-----\nDDDD\nEEEE");
    EXPECT_EQ(r.redact(text), QStringLiteral("a\n<redacted:private-key>\nmid\n"
                                             "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
                                             "<redacted:private-key>\n\"pem\": \"<redacted:private-key>\\n\"\n"
                                             "cut off: <redacted:private-key>"));
    EXPECT_EQ(r.counts(), (QMap<QString, int>{{QStringLiteral("private-key"), 4}}));
}
