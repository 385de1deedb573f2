// SPDX-License-Identifier: GPL-3.0-or-later
// In Simplified Chinese, every problem the loader can report, and every
// lib.* finding made from one, reads as Chinese. Causes, file issues, advice
// keys, dependencies and problem kinds are enumerated from the code (their
// toString answers "unknown" past the last one), so one added later without
// a translation fails here.
#include "BuiltinKnowledge.h"
#include "InChinese.h"
#include "UntranslatedProse.h"

#include "checks/LibraryChecks.h"
#include "checks/ProblemText.h"
#include "loader/Graph.h"

#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QRegularExpression>

#include <map>
#include <set>
#include <string>
#include <vector>

using namespace td;
using namespace td::loader;
using td::test::hasChinese;

namespace {

template <typename E> const std::vector<E> &everyValue()
{
    static const std::vector<E> values = [] {
        std::vector<E> out;
        for (int i = 0; std::string(toString(static_cast<E>(i))) != "unknown"; ++i)
            out.push_back(static_cast<E>(i));
        return out;
    }();
    return values;
}

// A problem with every fact filled in: each folder rule, each kind of file met.
Problem sample(Cause cause, Dependency dependency, Advice advice, bool flags)
{
    Problem p;
    p.cause = cause;
    p.dependency = dependency;
    p.advice = advice;
    p.name = cause == Cause::VersionUndefined ? "GLIBCXX_3.4.30" : "libfoo.so.1";
    p.neededBy = {"/opt/app/lib/libbar.so"};
    p.paths = {"/opt/app/lib/libfoo.so.1", "/usr/lib/libfoo.so.1"};
    for (const Via via : everyValue<Via>())
        for (const auto place :
             {SearchStep::Place::Usual, SearchStep::Place::WindowsFolder, SearchStep::Place::PutFirstByTorch})
            p.searched.push_back(SearchStep{via, "/opt/app/lib", "$ORIGIN/../lib", "/opt/app/bin/app", place});
    std::size_t n = 0;
    for (const FileIssue issue : everyValue<FileIssue>()) {
        // The loader reports only copies of another machine for that cause.
        if (cause == Cause::OnlyOtherMachine && issue != FileIssue::OtherMachine)
            continue;
        const Via via = everyValue<Via>()[n++ % everyValue<Via>().size()];
        std::string fact = "cannot open: Permission denied"; // a reader's error, in English
        if (issue == FileIssue::OtherMachine)
            fact = "x86 (32-bit)";
        else if (issue == FileIssue::OtherFormat)
            fact = "ELF";
        else if (issue == FileIssue::BrokenLink)
            fact = "/opt/app/lib/libfoo.so.1.2";
        else if (issue == FileIssue::None || issue == FileIssue::NotSearched)
            fact.clear();
        p.candidates.push_back(
            CandidateFile{"/opt/app/lib/libfoo.so.1",
                          SearchStep{via, "/opt/app/lib", "@loader_path/../lib", "/opt/app/lib/libbar.so", {}}, issue,
                          fact, "14.36.32532.0"});
    }
    p.winError = 126;
    p.processMachine = "x64";
    p.processBits = 64;
    p.processProgram = flags ? "python.exe" : "";
    p.rootFile = "c10.dll";
    p.fact = cause == Cause::RootOtherMachine ? "x86 (32-bit)" : "No such file or directory";
    p.library = "libstdc++.so.6";
    p.newest = flags ? "GLIBCXX_3.4.29" : "";
    p.format = "ELF";
    p.otherOs = "windows";
    p.systemDir = "C:\\Windows\\System32";
    p.pathAsWritten = p.noDefaultLibrary = p.classicOrder = p.appDirUnknown = p.systemDirUnknown = p.runningSchema =
        p.executableUnknown = p.noRpath = flags;
    return p;
}

using ChineseText = test::InChinese;

} // namespace

TEST_F(ChineseText, EveryLoaderProblemReadsAsChinese)
{
    std::set<Cause> described;
    std::map<Cause, QString> failures; // the last text with English in it, per cause
    int rendered = 0;
    for (const Cause cause : everyValue<Cause>())
        for (const Dependency dependency : everyValue<Dependency>())
            for (const Advice advice : everyValue<Advice>())
                for (const bool flags : {false, true}) {
                    Problem p = sample(cause, dependency, advice, flags);
                    for (const TargetOs os : {TargetOs::Linux, TargetOs::Windows, TargetOs::MacOS})
                        for (const ProblemKind kind : everyValue<ProblemKind>()) {
                            p.kind = kind;
                            const QString text = checks::ProblemText::describe(p, os);
                            if (text.isEmpty())
                                continue; // a cause of another OS's loader
                            described.insert(cause);
                            ++rendered;
                            const QStringList english = test::untranslatedProse(text);
                            if (!hasChinese(text) || !english.isEmpty())
                                failures[cause] =
                                    QStringLiteral("[%1] %2").arg(english.join(QStringLiteral(" | ")), text);
                        }
                }
    for (const auto &[cause, text] : failures)
        ADD_FAILURE() << toString(cause) << ": English left in zh_CN: " << text.toStdString();
    for (const Cause cause : everyValue<Cause>())
        EXPECT_TRUE(described.count(cause)) << toString(cause) << " has no sentence on any OS";
    EXPECT_GT(rendered, 1000);
}

TEST_F(ChineseText, EveryLibraryFindingReadsAsChinese)
{
    std::set<std::string> ids;
    for (const ProblemKind kind : everyValue<ProblemKind>())
        for (const char *name : {"libfoo.so.1", "msvcp140.dll"}) {
            Graph g;
            g.os = TargetOs::Windows;
            Problem p = sample(Cause::NotFound, Dependency::Normal, Advice::General, false);
            p.kind = kind;
            p.name = name;
            g.problems.push_back(p);
            checks::Facts facts;
            facts.libraries = g;
            // Who owns the file at fault, told in every finding: a system package for one, a wheel for the other.
            python::FileOwnership owner;
            owner.file = QString::fromStdString(p.paths.front());
            if (std::string(name) == "msvcp140.dll") {
                owner.systemPackage = QStringLiteral("libfoo1");
            } else {
                owner.distribution = QStringLiteral("foo-wheel");
                owner.version = QStringLiteral("1.0");
            }
            facts.owners.insert(owner.file, owner);
            const QList<checks::Finding> findings = checks::LibraryCheck().run(facts, test::builtinKnowledge());
            EXPECT_FALSE(findings.isEmpty()) << toString(kind) << ": no finding";
            for (const checks::Finding &f : findings) {
                ids.insert(f.id.toStdString());
                SCOPED_TRACE(f.id.toStdString());
                for (const QString &text : {f.title, f.detail}) {
                    EXPECT_TRUE(hasChinese(text)) << text.toStdString();
                    EXPECT_EQ(test::untranslatedProse(text), QStringList()) << text.toStdString();
                }
            }
        }
    for (const char *id : {"lib.missing", "lib.wrong-arch", "lib.version-missing", "lib.unreadable", "lib.shadowed",
                           "vcruntime.missing"})
        EXPECT_TRUE(ids.count(id)) << id;
}

// The detector itself: English prose is caught, technical text is not.
TEST(UntranslatedProse, FindsEnglishAndLeavesNamesAlone)
{
    EXPECT_EQ(test::untranslatedProse(QStringLiteral("找不到 libfoo.so.1。Install the package that provides it.")),
              QStringList{QStringLiteral("Install the package that provides it")});
    EXPECT_EQ(test::untranslatedProse(QStringLiteral("已跳过 /a b/c.dll：“cannot open: Permission denied”。请安装 "
                                                     "Visual Studio Installer 中的 MSVC v143 与 LD_LIBRARY_PATH")),
              QStringList());
}
