// SPDX-License-Identifier: GPL-3.0-or-later
// Every command speaks the language --lang names, else the system's
// (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them); a language
// this build does not have is a usage error.
#include "TestConfig.h"
#include "TestSupport.h"
#include "UntranslatedProse.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace td::test;

namespace {

const char *const kSystemPython = "/usr/bin/python3"; // Debian's, with python3-torch
const char *const kLocaleVariables[] = {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"};

// `torchdoctor ARGS` with exactly the locale variables given (the others unset).
RunResult torchdoctor(const std::vector<std::string> &args, const std::map<std::string, std::string> &locale = {})
{
    RunOptions options;
    std::vector<std::string> argv{config::torchdoctor};
    argv.insert(argv.end(), args.begin(), args.end());
    for (const char *name : kLocaleVariables)
        if (!locale.count(name))
            options.unsetEnv.push_back(name);
    options.setEnv = locale;
    options.unsetEnv.push_back("LD_LIBRARY_PATH");
    options.setEnv["XDG_DATA_HOME"] = (fs::temp_directory_path() / "td-language-cli-test").string();
    return run(argv, options);
}

bool hasChinese(const std::string &text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return han.match(QString::fromStdString(text)).hasMatch();
}

// Prose in a report, leaving out the paths and library names it quotes.
QStringList prose(const std::string &text, const std::vector<std::string> &names)
{
    QString t = QString::fromStdString(text);
    for (const auto &n : names)
        t.replace(QString::fromStdString(n), QStringLiteral(" "));
    return untranslatedProse(t);
}

// A library that needs one that is not there.
class LanguageCli : public ::testing::Test {
protected:
    void SetUp() override
    {
        const fs::path src = m_dir / "user.c";
        writeFile(src, "int user_value(void) { return 7; }\n");
        writeFile(m_dir / "gone.c", "int gone_value(void) { return 1; }\n");
        runOk({config::cc, "-shared", "-fPIC", "-o", (m_dir / "libgone.so").string(), (m_dir / "gone.c").string(),
               "-Wl,-soname,libgone.so"});
        m_library = m_dir / "libuser.so";
        runOk({config::cc, "-shared", "-fPIC", "-o", m_library.string(), src.string(), "-L" + m_dir.path().string(),
               "-Wl,--no-as-needed", "-lgone"});
        fs::remove(m_dir / "libgone.so");
    }

    TempDir m_dir;
    fs::path m_library;
};

} // namespace

TEST_F(LanguageCli, DepsInChineseWithLang)
{
    const RunResult r = torchdoctor({"deps", "--lang", "zh_CN", m_library.string()});
    EXPECT_EQ(r.exitCode, 1) << r.err;
    EXPECT_TRUE(hasChinese(r.out)) << r.out;
    EXPECT_NE(r.out.find("找不到 libgone.so"), std::string::npos) << r.out;
    EXPECT_EQ(prose(r.out, {m_library.string()}), QStringList()) << r.out;

    // Before the command, too.
    const RunResult before = torchdoctor({"--lang", "zh_CN", "deps", m_library.string()});
    EXPECT_EQ(before.out, r.out) << before.err;
}

TEST_F(LanguageCli, DepsJsonKeepsItsFieldsAndAddsTheFacts)
{
    for (const char *lang : {"en", "zh_CN"}) {
        const RunResult r = torchdoctor({"deps", "--json", "--lang", lang, m_library.string()});
        EXPECT_EQ(r.exitCode, 1) << r.err;
        const QJsonObject problem = QJsonDocument::fromJson(QByteArray::fromStdString(r.out))
                                        .object()
                                        .value(QStringLiteral("problems"))
                                        .toArray()
                                        .first()
                                        .toObject();
        EXPECT_EQ(problem.value(QStringLiteral("kind")).toString(), QStringLiteral("missing"));
        EXPECT_EQ(problem.value(QStringLiteral("name")).toString(), QStringLiteral("libgone.so"));
        EXPECT_EQ(problem.value(QStringLiteral("cause")).toString(), QStringLiteral("not-found"));
        EXPECT_FALSE(problem.value(QStringLiteral("searched")).toArray().isEmpty());
        const QString detail = problem.value(QStringLiteral("detail")).toString();
        if (QLatin1String(lang) == QLatin1String("en"))
            EXPECT_TRUE(detail.startsWith(QStringLiteral("libgone.so was not found. Looked in: ")))
                << detail.toStdString();
        else
            EXPECT_TRUE(detail.startsWith(QStringLiteral("找不到 libgone.so。"))) << detail.toStdString();
    }
}

TEST_F(LanguageCli, TheSystemLocaleDecidesWithoutLang)
{
    const std::vector<std::string> args{"deps", m_library.string()};
    const std::string english = torchdoctor(args, {{"LANG", "C.UTF-8"}}).out;
    const std::string chinese = torchdoctor(args, {{"LANG", "zh_CN.UTF-8"}}).out;
    EXPECT_NE(english.find("libgone.so was not found"), std::string::npos) << english;
    EXPECT_NE(chinese.find("找不到 libgone.so"), std::string::npos) << chinese;
    // As gettext reads them: LANGUAGE (a list) first, then LC_ALL, LC_MESSAGES, LANG.
    EXPECT_EQ(torchdoctor(args, {{"LANGUAGE", "fr:zh_CN"}, {"LANG", "en_US.UTF-8"}}).out, chinese);
    EXPECT_EQ(torchdoctor(args, {{"LC_ALL", "en_US.UTF-8"}, {"LANG", "zh_CN.UTF-8"}}).out, english);
    EXPECT_EQ(torchdoctor(args, {{"LC_MESSAGES", "zh_CN.UTF-8"}, {"LANG", "en_US.UTF-8"}}).out, chinese);
    EXPECT_EQ(torchdoctor(args, {{"LANG", "zh_CN.UTF-8"}}).out,
              torchdoctor({"deps", "--lang", "zh_CN", m_library.string()}).out);
    // --lang wins over the system.
    EXPECT_EQ(torchdoctor({"deps", "--lang", "en", m_library.string()}, {{"LANG", "zh_CN.UTF-8"}}).out, english);
}

TEST_F(LanguageCli, CheckFixAndUndoFollowTheLocale)
{
    const std::map<std::string, std::string> zh{{"LANG", "zh_CN.UTF-8"}};
    // check, on the real Python with torch: the whole report in Chinese.
    const RunResult check = torchdoctor({"check", "--python", kSystemPython, "--no-import", "--no-terminal"}, zh);
    EXPECT_NE(check.exitCode, 2) << check.err;
    EXPECT_TRUE(hasChinese(check.out)) << check.out;
    EXPECT_EQ(prose(check.out, {kSystemPython}), QStringList()) << check.out;

    // fix and undo: their help and what they say.
    const RunResult fixHelp = torchdoctor({"fix", "--help"}, zh);
    EXPECT_EQ(fixHelp.exitCode, 0) << fixHelp.err;
    EXPECT_NE(fixHelp.out.find("根据诊断制定修复计划"), std::string::npos) << fixHelp.out;
    const RunResult fixBad = torchdoctor({"fix", "nonsense"}, zh);
    EXPECT_EQ(fixBad.exitCode, 2);
    EXPECT_NE(fixBad.err.find("不是本版本能做的修复"), std::string::npos) << fixBad.err;
    const RunResult undo = torchdoctor({"undo", "--lang", "zh_CN"});
    EXPECT_EQ(undo.exitCode, 0) << undo.err;
    EXPECT_NE(undo.out.find("没有可撤销的内容。"), std::string::npos) << undo.out;
    EXPECT_EQ(untranslatedProse(QString::fromStdString(undo.out)), QStringList()) << undo.out;

    // The top-level help and explain.
    EXPECT_NE(torchdoctor({"--help"}, zh).out.find("找出 PyTorch 无法加载"), std::string::npos);
    const RunResult explain = torchdoctor({"explain", "--lang", "zh_CN", "no error here at all"});
    EXPECT_TRUE(hasChinese(explain.out)) << explain.out;
}

TEST_F(LanguageCli, AnUnknownLanguageIsAUsageError)
{
    for (const std::vector<std::string> &args :
         std::vector<std::vector<std::string>>{{"deps", "--lang", "fr", m_library.string()},
                                               {"check", "--lang=xx"},
                                               {"fix", "--lang", "de"},
                                               {"undo", "--lang", "ja"},
                                               {"explain", "--lang", "ko", "boom"},
                                               {"report", "--lang", "fr", "--bundle", "/tmp/x.zip"},
                                               {"--lang", "fr", "deps", m_library.string()}}) {
        const RunResult r = torchdoctor(args);
        EXPECT_EQ(r.exitCode, 2) << args[0] << " " << r.out << r.err;
        EXPECT_NE(r.err.find("--lang takes one of: en, zh_CN"), std::string::npos) << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
    // The message is in the system's language.
    const RunResult zh = torchdoctor({"deps", "--lang", "fr", m_library.string()}, {{"LANG", "zh_CN.UTF-8"}});
    EXPECT_EQ(zh.exitCode, 2);
    EXPECT_NE(zh.err.find("--lang 只能是以下之一：en, zh_CN"), std::string::npos) << zh.err;
}
