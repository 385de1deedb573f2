// SPDX-License-Identifier: GPL-3.0-or-later
// `torchdoctor explain`: an error pasted from another console, as an
// argument or on standard input, in English or Chinese, text or JSON.
#include "TestConfig.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace td::test;

namespace {

RunResult explain(const std::vector<std::string> &args, const std::string &input = {})
{
    std::vector<std::string> argv{config::torchdoctor, "explain"};
    argv.insert(argv.end(), args.begin(), args.end());
    RunOptions o;
    o.stdinData = input;
    o.setEnv = {{"LANG", "C.UTF-8"}};
    return run(argv, o);
}

constexpr const char *kWindows =
    "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n"
    "OSError: [WinError 126] 找不到指定的模块。 Error loading "
    "\"C:\\Users\\张伟\\venv\\Lib\\site-packages\\torch\\lib\\fbgemm.dll\" or one of its dependencies.\n";

} // namespace

TEST(ExplainCli, NamesTheFileTheCauseAndTheRepairs)
{
    const RunResult r = explain({kWindows});
    EXPECT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("Windows error: 126"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("fbgemm.dll"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("torchdoctor fix reinstall"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("regsvr32"), std::string::npos) << r.out;
}

TEST(ExplainCli, ReadsStandardInputAndWritesJson)
{
    const RunResult r =
        explain({"-", "--json"}, "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version "
                                 "`GLIBCXX_3.4.30' not found (required by /venv/torch/lib/libtorch_cpu.so)\n");
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object();
    const QJsonObject error = doc.value(QStringLiteral("error")).toObject();
    EXPECT_EQ(error.value(QStringLiteral("kind")).toString(), QStringLiteral("version-not-found"));
    EXPECT_EQ(error.value(QStringLiteral("version")).toString(), QStringLiteral("GLIBCXX_3.4.30"));
    EXPECT_EQ(error.value(QStringLiteral("library")).toString(), QStringLiteral("libstdc++.so.6"));
    EXPECT_TRUE(doc.value(QStringLiteral("look_at")).isArray());
}

TEST(ExplainCli, SpeaksChinese)
{
    const RunResult en = explain({kWindows, "--json", "--lang", "en"});
    const RunResult zh = explain({kWindows, "--json", "--lang", "zh_CN"});
    ASSERT_EQ(zh.exitCode, 0) << zh.err;
    const auto causeOf = [](const RunResult &r) {
        return QJsonDocument::fromJson(QByteArray::fromStdString(r.out))
            .object()
            .value(QStringLiteral("cause"))
            .toObject()
            .value(QStringLiteral("text"))
            .toString();
    };
    EXPECT_FALSE(causeOf(zh).isEmpty());
    EXPECT_NE(causeOf(zh), causeOf(en));
    bool cjk = false;
    for (const QChar c : causeOf(zh))
        cjk = cjk || (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF);
    EXPECT_TRUE(cjk) << causeOf(zh).toStdString();
}

TEST(ExplainCli, BadInputIsAClearError)
{
    RunResult r = explain({"everything is fine"});
    EXPECT_EQ(r.exitCode, 1);
    EXPECT_NE(r.out.find("does not recognise"), std::string::npos) << r.out;
    EXPECT_EQ(explain({"-"}, "   \n").exitCode, 2);
    r = explain({"-"}, std::string(1024 * 1024 + 10, 'x'));
    EXPECT_EQ(r.exitCode, 2);
    EXPECT_NE(r.err.find("1 MiB"), std::string::npos) << r.err;
    EXPECT_EQ(explain({kWindows, "--lang", "fr"}).exitCode, 2);
}

// The JSON contract only grows: a cause says how sure it is, and which
// package to fix when the error comes from another one.
TEST(ExplainCli, SaysHowSureTheCauseIsAndWhichPackageToFix)
{
    RunResult r = explain({"-", "--json"}, "RuntimeError: operator snarkvision::nms does not exist\n");
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    QJsonObject cause = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object().value(QStringLiteral("cause")).toObject();
    EXPECT_EQ(cause.value(QStringLiteral("package")).toString(), QStringLiteral("snarkvision"));
    EXPECT_EQ(cause.value(QStringLiteral("confidence")).toString(), QStringLiteral("certain"));

    r = explain({kWindows, "--json"});
    cause = QJsonDocument::fromJson(QByteArray::fromStdString(r.out)).object().value(QStringLiteral("cause")).toObject();
    EXPECT_EQ(cause.value(QStringLiteral("confidence")).toString(), QStringLiteral("likely"));
    EXPECT_EQ(cause.value(QStringLiteral("unconfirmed")).toArray().first().toString(), QStringLiteral("torch-version"));

    r = explain({kWindows, "--lang", "zh_CN"});
    EXPECT_NE(r.out.find("可能的原因"), std::string::npos) << r.out;
}

namespace {

// `piece` repeated to just under explain's 1 MiB limit, between `before` and
// `after`; each "#" in it becomes the repetition's number.
std::string craftedPaste(const std::string &before, const std::string &piece, const std::string &after)
{
    std::string text = before;
    for (int n = 0;; ++n) {
        std::string next = piece;
        if (const auto hash = next.find('#'); hash != std::string::npos)
            next.replace(hash, 1, std::to_string(n));
        if (text.size() + next.size() + after.size() >= 1024 * 1024 - 16)
            break;
        text += next;
    }
    return text + after;
}

} // namespace

// Pastes crafted to make a backtracking pattern try every position of a long
// line (each took from 30 s to minutes once): explain answers each, and the
// time it took is printed. The limit is a hang's, not a benchmark's: the
// answer takes well under a second here.
TEST(ExplainCli, CraftedPastesOfAMebibyteAnswerPromptly)
{
    const std::vector<std::pair<std::string, std::string>> pastes{
        {"backslashes", craftedPaste("OSError: [WinError 126] Error loading \"C:", "\\", "")},
        {"backslashes alone", craftedPaste("", "\\", "\n")},
        {"library-like names", craftedPaste("ImportError: ", "a.so.", ": cannot open shared object file")},
        {"library-like names without a dot", craftedPaste("", "libx", "\n")},
        {"sm_ tokens", craftedPaste("no kernel image is available for execution on the device ", "sm_", "")},
        {"sm_ tokens with digits", craftedPaste("", "sm_8", "")},
        {"package folders", craftedPaste("File \"", "/site-packages/x", "\", line 1")},
        {"distinct package folders", craftedPaste("", "/site-packages/p# ", "")},
        {"traceback frames on one line", craftedPaste("Traceback: ", "File x.py", ":1 in f")},
        {"undefined symbols", craftedPaste("", "x: undefined symbol", ": y")},
        {"quotes", craftedPaste("", "'\"x.dll", "\n")},
    };
    for (const auto &[shape, text] : pastes) {
        std::vector<std::string> argv{config::torchdoctor, "explain", "-", "--json"};
        RunOptions o;
        o.stdinData = text;
        o.timeout = std::chrono::seconds(60);
        const auto started = std::chrono::steady_clock::now();
        const RunResult r = run(argv, o);
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
        std::printf("explain, %zu bytes of %s: %lld ms\n", text.size(), shape.c_str(), static_cast<long long>(ms));
        EXPECT_FALSE(r.timedOut) << shape;
        EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << shape << ": exit " << r.exitCode << "\n" << r.err;
        QJsonParseError error{};
        QJsonDocument::fromJson(QByteArray::fromStdString(r.out), &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << shape;
    }
}

// A NUL or an escape sequence in the paste is shown as U+FFFD, never copied to the terminal.
TEST(ExplainCli, ControlCharactersOfThePasteAreNotCopiedOut)
{
    std::string paste = "ImportError: libfoo";
    paste += '\0';
    paste += "\x1b[2J.so.1: cannot open shared object file: No such file or directory\n";
    const RunResult r = explain({"-"}, paste);
    EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.err;
    EXPECT_EQ(r.out.find('\0'), std::string::npos);
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
    EXPECT_NE(r.out.find("libfoo\xEF\xBF\xBD\xEF\xBF\xBD[2J.so.1"), std::string::npos) << r.out;
}

// A message that names only the missing library says nothing false about it: not that it needs itself, not
// `deps` on a bare name (there is no file to open), and no formula for which torchvision goes with torch.
// libcuzzle.so.3 is a name no code or knowledge mentions.
TEST(ExplainCli, SaysNothingFalseOfABareLibraryName)
{
    const RunResult r =
        explain({"ImportError: libcuzzle.so.3: cannot open shared object file: No such file or directory"});
    ASSERT_EQ(r.exitCode, 0) << r.out << r.err;
    EXPECT_EQ(r.out.find("libcuzzle.so.3, which libcuzzle.so.3 needs"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("which a library the message does not name needs"), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("torchdoctor deps \"libcuzzle.so.3\""), std::string::npos) << r.out;
    // dyld names the library that asked for it; "@rpath/..." is no file `deps` can open either.
    const RunResult dyld = explain({"ImportError: dlopen(/opt/otter/_C.so, 0x0002): Library not loaded: "
                                    "@rpath/libcuzzle.3.dylib\n  Referenced from: /opt/otter/lib/libotter.dylib\n"
                                    "  Reason: tried: '/opt/otter/lib/libcuzzle.3.dylib' (no such file)"});
    ASSERT_EQ(dyld.exitCode, 0) << dyld.out << dyld.err;
    EXPECT_NE(dyld.out.find("which /opt/otter/lib/libotter.dylib needs"), std::string::npos) << dyld.out;
    EXPECT_EQ(dyld.out.find("torchdoctor deps \"@rpath"), std::string::npos) << dyld.out;
    // By its full path, it is a file `deps` can open.
    const RunResult full = explain({"OSError: /opt/otter/lib/libcuzzle.so.3: cannot open shared object file: No "
                                    "such file or directory"});
    EXPECT_NE(full.out.find("torchdoctor deps \"/opt/otter/lib/libcuzzle.so.3\""), std::string::npos) << full.out;
    const RunResult vision = explain({"RuntimeError: operator torchvision::nms does not exist"});
    EXPECT_EQ(vision.out.find("0.N+1"), std::string::npos) << vision.out;
    // A package the paste does not name is not "(unknown)" in a sentence.
    const RunResult kernel = explain({"RuntimeError: CUDA error: no kernel image is available for execution on the "
                                      "device"});
    EXPECT_EQ(kernel.out.find("(unknown)"), std::string::npos) << kernel.out;
}

// A companion package that says which torch it was built for is the package to fix, with both builds named;
// "otterformers" is a name no code or knowledge mentions.
TEST(ExplainCli, APackageBuiltForAnotherTorchIsThePackageToFix)
{
    const RunResult real = explain({"WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built "
                                    "for:\n    PyTorch 2.1.2+cu121 with CUDA 1201 (you have 2.1.0+cpu)\n    Python  "
                                    "3.9.13 (you have 3.9.13)\n"});
    ASSERT_EQ(real.exitCode, 0) << real.out << real.err;
    EXPECT_NE(real.out.find("xFormers was built for PyTorch 2.1.2+cu121; this environment has 2.1.0+cpu"),
              std::string::npos)
        << real.out;
    const RunResult made =
        explain({"--json", "otterformers was built for: PyTorch 2.9.1+cu130 (you have 2.9.0+cu128)"});
    ASSERT_EQ(made.exitCode, 0) << made.out << made.err;
    const QJsonObject doc = QJsonDocument::fromJson(QByteArray::fromStdString(made.out)).object();
    EXPECT_NE(made.out.find("otterformers"), std::string::npos) << made.out;
    EXPECT_NE(made.out.find("2.9.0+cu128"), std::string::npos) << made.out;
    EXPECT_EQ(made.out.find("torchvision 0."), std::string::npos) << "no torchvision advice: " << made.out;
    EXPECT_FALSE(doc.isEmpty()) << made.out;
}
