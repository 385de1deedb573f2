// SPDX-License-Identifier: GPL-3.0-or-later
// The harmful shadow on Windows, for a DLL no code names: a folder that the
// user's registry environment (HKCU\Environment\Path) puts on PATH holds an
// old nimbusfft.dll that lacks a function the package's extension imports,
// ahead of the package's own copy. Wine's loader is the judge (loadprobe with
// the classic search order, torch's fallback after error 126): it loads the
// outside copy and finds the import unresolved (Windows fails such a load with
// 127; Wine binds a stub and says so on its module channel). `check`'s library and environment checks name both copies,
// why the first wins, what it lacks and the registry value; the environment repair removes exactly that entry, Wine
// then loads the package's copy and so does our re-analysis; undo writes the value's bytes back.
//
// The emulation reads the files from the host side, where Wine's Z: drive is
// "/": the registry's Z:\ entries are read as host paths, and the finding's
// host path is handed to the repair as Wine spells it.
#include "BuiltinKnowledge.h"
#include "PeBuilder.h"
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"
#include "WinePrefix.h"

#include "checks/LibraryChecks.h"
#include "checks/SystemChecks.h"
#include "fixes/Executor.h"
#include "fixes/WindowsEnvPlanner.h"
#include "loader/Analyzer.h"
#include "platform/UserEnvironment.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QJsonArray>

#include <algorithm>
#include <functional>
#include <memory>

using namespace td;
using namespace td::test;
using td::test::python::qs;
using wine::wine64;
using wine::winePath;

namespace {

QByteArray utf16(const QString &text)
{
    QByteArray raw;
    QString terminated = text;
    terminated.append(QChar(u'\0'));
    for (const QChar c : terminated) {
        raw.append(static_cast<char>(c.unicode() & 0xff));
        raw.append(static_cast<char>(c.unicode() >> 8));
    }
    return raw;
}

// Wine's "Z:\tmp\x" as the host sees it ("/tmp/x"); other drives stay as written.
QString hostPath(const QString &entry)
{
    if (entry.size() < 2 || entry[1] != u':' || entry[0].toUpper() != u'Z')
        return entry;
    return QString(entry.mid(2)).replace(u'\\', u'/');
}

QString hostPathList(const QString &list)
{
    QStringList out;
    for (const QString &entry : list.split(u';', Qt::SkipEmptyParts))
        out << hostPath(entry);
    return out.join(u';');
}

const checks::Finding *findingWith(const QList<checks::Finding> &findings, const QString &id)
{
    const auto it =
        std::find_if(findings.begin(), findings.end(), [&](const checks::Finding &f) { return f.id == id; });
    return it == findings.end() ? nullptr : &*it;
}

class WindowsShadowing : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        if (!pe::x64()) {
            s_missing = "x86_64-w64-mingw32-gcc and its dlltool are needed to build the DLLs";
            return;
        }
        s_dir = std::make_unique<TempDir>("td-wine-shadow");
        const fs::path root = s_dir->path();
        s_bin = root / "bin";
        fs::create_directories(s_bin);
        s_extension = root / "env/Lib/site-packages/nimbus/_core.dll";
        s_own = root / "env/Lib/site-packages/nimbus/bin";
        s_outside = root / "Tools/OldNimbus/bin";
        const pe::Toolchain tc = *pe::x64();
        pe::DllSpec own;
        own.exports = {"nimbus_plan_many_v2"};
        pe::buildDll(tc, root / "work", s_own / "nimbusfft.dll", own);
        pe::DllSpec old;
        old.exports = {"nimbus_plan_many"};
        pe::buildDll(tc, root / "work", s_outside / "nimbusfft.dll", old);
        pe::DllSpec extension;
        extension.imports = {{"nimbusfft.dll", "nimbus_plan_many_v2", false}};
        pe::buildDll(tc, root / "work", s_extension, extension);
    }
    static void TearDownTestSuite() { s_dir.reset(); }
    void SetUp() override
    {
        if (!s_missing.empty())
            FAIL() << s_missing;
    }

    // What `check` finds with this PATH (host paths, ';'-separated) and this registry.
    static QList<checks::Finding> check(const QString &path, const platform::UserRegistryReader &registry,
                                        loader::Graph *graphOut = nullptr)
    {
        loader::DepsOptions options;
        options.os = loader::TargetOs::Windows;
        options.systemDir = std::string(config::wineDllDir) + "/x86_64-windows";
        options.appDir = s_bin.string();
        options.classicWindowsOrder = true;
        options.path = path.toStdString();
        checks::Facts facts;
        td::python::StaticProbe probe;
        probe.interpreter.executable = QStringLiteral("C:/Python312/python.exe");
        probe.interpreter.usable = true;
        probe.interpreter.platform = QStringLiteral("win32");
        probe.interpreter.machine = QStringLiteral("AMD64");
        probe.interpreter.bits = 64;
        facts.interpreters = {probe};
        facts.chosen = 0;
        facts.request.environment = QProcessEnvironment();
        facts.request.environment.insert(QStringLiteral("PATH"), path);
        facts.request.environment.insert(QStringLiteral("USERPROFILE"), QStringLiteral("C:\\users\\wine"));
        facts.request.userRegistry = registry;
        facts.libraries = loader::analyze({s_extension.string()}, options);
        facts.ready = checks::Fact::Interpreters | checks::Fact::Libraries;
        if (graphOut)
            *graphOut = *facts.libraries;
        QList<checks::Finding> out = checks::LibraryCheck().run(facts, builtinKnowledge());
        out << checks::EnvironmentCheck().run(facts, builtinKnowledge());
        return out;
    }

    // The findings of the harmful shadow, as both the recorded and the live registry must give them.
    static void expectHarmfulShadow(const QList<checks::Finding> &findings)
    {
        const QString outsideCopy = qs(s_outside / "nimbusfft.dll"), ownCopy = qs(s_own / "nimbusfft.dll");
        const checks::Finding *shadowed = findingWith(findings, QStringLiteral("lib.shadowed"));
        ASSERT_NE(shadowed, nullptr);
        EXPECT_EQ(shadowed->severity, checks::Severity::Error);
        EXPECT_TRUE(shadowed->detail.contains(outsideCopy)) << shadowed->detail.toStdString();
        EXPECT_TRUE(shadowed->detail.contains(ownCopy)) << shadowed->detail.toStdString();
        // Why the first wins: its PATH entry comes before the other's.
        EXPECT_TRUE(
            shadowed->detail.contains(QStringLiteral(" comes before ") + qs(s_own) + QStringLiteral(" in PATH")))
            << shadowed->detail.toStdString();
        EXPECT_TRUE(shadowed->detail.contains(QStringLiteral("nimbus_plan_many_v2"))) << shadowed->detail.toStdString();
        EXPECT_TRUE(shadowed->detail.contains(QStringLiteral("WinError 127"))) << shadowed->detail.toStdString();
        EXPECT_TRUE(shadowed->detail.contains(QStringLiteral("HKCU\\Environment\\PATH")))
            << shadowed->detail.toStdString();
        EXPECT_EQ(shadowed->evidence.value(QStringLiteral("symbols")).toArray(),
                  QJsonArray{QStringLiteral("nimbus_plan_many_v2")});
        EXPECT_EQ(QDir::cleanPath(shadowed->evidence.value(QStringLiteral("entry")).toString()), qs(s_outside));
        const QJsonArray setIn = shadowed->evidence.value(QStringLiteral("set_in")).toArray();
        ASSERT_EQ(setIn.size(), 1);
        EXPECT_EQ(setIn[0].toObject().value(QStringLiteral("registry")).toString(),
                  QStringLiteral("HKCU\\Environment\\PATH"));
        EXPECT_EQ(setIn[0].toObject().value(QStringLiteral("type")).toString(), QStringLiteral("REG_EXPAND_SZ"));
        const checks::Finding *suspicious = findingWith(findings, QStringLiteral("env.suspicious"));
        ASSERT_NE(suspicious, nullptr);
        EXPECT_EQ(QDir::cleanPath(suspicious->evidence.value(QStringLiteral("entry")).toString()), qs(s_outside));
        EXPECT_TRUE(suspicious->evidence.value(QStringLiteral("root_cause")).toBool());
        EXPECT_EQ(suspicious->evidence.value(QStringLiteral("set_in")).toArray(), setIn);
    }

    // HKCU\Environment\Path as a user with the old tool has it: the tool's folder (with a trailing
    // backslash), a %USERPROFILE% entry that stays unexpanded, and the package's own folder.
    static QString userPath(const std::function<std::string(const fs::path &)> &spell)
    {
        return QString::fromStdString(spell(s_outside) + "\\;%USERPROFILE%\\bin;" + spell(s_own));
    }

    static inline std::string s_missing;
    static inline std::unique_ptr<TempDir> s_dir;
    static inline fs::path s_bin, s_extension, s_own, s_outside;
};

} // namespace

// A recorded HKCU\Environment (host paths, as the emulation reads the files): no Wine needed.
TEST_F(WindowsShadowing, ARecordedRegistryNamesTheValueThatSetsTheEntry)
{
    const QString userValue = userPath([](const fs::path &p) { return p.string(); });
    const QMap<QString, platform::RegistryValue> snapshot{
        {QStringLiteral("PATH"), {QStringLiteral("REG_EXPAND_SZ"), utf16(userValue)}},
        {QStringLiteral("TEMP"), {QStringLiteral("REG_EXPAND_SZ"), utf16(QStringLiteral("%USERPROFILE%\\Temp"))}}};
    const auto recorded = [&](const QString &name) -> platform::Result<std::optional<platform::RegistryValue>> {
        for (auto it = snapshot.begin(); it != snapshot.end(); ++it)
            if (it.key().compare(name, Qt::CaseInsensitive) == 0)
                return std::optional(it.value());
        return std::optional<platform::RegistryValue>();
    };
    const QString path = QStringLiteral("C:\\windows\\system32;C:\\windows;") + qs(s_outside) + u';' + qs(s_own);
    expectHarmfulShadow(check(path, recorded));

    // Not in the user's value: the system's, or this process's alone, and no place is claimed.
    const QList<checks::Finding> elsewhere =
        check(path, [](const QString &) -> platform::Result<std::optional<platform::RegistryValue>> {
            return std::optional<platform::RegistryValue>();
        });
    const checks::Finding *shadowed = findingWith(elsewhere, QStringLiteral("lib.shadowed"));
    ASSERT_NE(shadowed, nullptr);
    EXPECT_TRUE(shadowed->evidence.value(QStringLiteral("set_in")).toArray().isEmpty());
    EXPECT_TRUE(shadowed->detail.contains(QStringLiteral("does not hold"))) << shadowed->detail.toStdString();

    // Without the outside entry the package's copy loads, and nothing is reported.
    loader::Graph graph;
    const QList<checks::Finding> clean = check(qs(s_own), recorded, &graph);
    EXPECT_EQ(findingWith(clean, QStringLiteral("lib.shadowed")), nullptr);
    EXPECT_TRUE(std::any_of(graph.libraries.begin(), graph.libraries.end(), [&](const loader::Library &l) {
        return l.found && l.path == (s_own / "nimbusfft.dll").string();
    }));
}

// The live registry of a throw-away Wine prefix, Wine's loader as the judge, and the repair.
TEST_F(WindowsShadowing, UnderWineTheRegistryEntryIsFoundRemovedAndRestored)
{
    ASSERT_FALSE(wine64().empty()) << "wine64 is needed (apt-get install wine64)";
    const std::string built = wine::buildUserEnvTool(s_bin / "userenvtool.exe");
    ASSERT_TRUE(built.empty()) << built;
    runOk({pe::x64()->cc, "-O2", "-municode", "-o", (s_bin / "loadprobe.exe").string(),
           std::string(config::sourceDir) + "/core/platform/windows/loadprobe.c", "-lpsapi"});
    const wine::Prefix prefix(s_dir->path() / "prefix", {{"LC_ALL", "C.UTF-8"}});
    ASSERT_TRUE(prefix.error().empty()) << prefix.error();
    QProcessEnvironment wineEnv = QProcessEnvironment::systemEnvironment();
    for (const auto &[k, v] : prefix.options().setEnv)
        wineEnv.insert(QString::fromStdString(k), QString::fromStdString(v));
    for (const std::string &k : prefix.options().unsetEnv)
        wineEnv.remove(QString::fromStdString(k));
    const auto registry = std::make_shared<platform::UserEnvironment>(
        QStringList{QString::fromStdString(wine64()), qs(s_bin / "userenvtool.exe")}, wineEnv);
    const auto set =
        registry->setRaw(QStringLiteral("Path"), {QStringLiteral("REG_EXPAND_SZ"), utf16(userPath(winePath))});
    ASSERT_TRUE(set) << set.error().toStdString();
    const auto before = registry->get(QStringLiteral("Path"));
    ASSERT_TRUE(before && *before) << before.error().toStdString();
    const auto hostRegistry = [&](const QString &name) {
        auto value = registry->get(name);
        if (value && *value)
            (*value)->raw = utf16(hostPathList((*value)->text()));
        return value;
    };
    // What a program started now gets: the system's Path, then the user's.
    const auto winePathNow = [&] {
        const RunResult r = run({wine64(), "cmd", "/c", "echo %PATH%"}, prefix.options());
        EXPECT_EQ(r.exitCode, 0) << r.err;
        return hostPathList(QString::fromStdString(r.out).trimmed());
    };
    // Wine's loader, with its module channel on: where Windows fails the load with 127, Wine binds
    // the missing import to a stub and says so ("No implementation for DLL.FUNCTION").
    const auto wineLoads = [&] {
        RunOptions o = prefix.options();
        o.setEnv["WINEDEBUG"] = "warn+module";
        const RunResult r = run({wine64(), (s_bin / "loadprobe.exe").string(), "--classic", winePath(s_extension)}, o);
        std::string all = r.out + r.err;
        std::transform(all.begin(), all.end(), all.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return all;
    };
    const auto lowerWinePath = [](const fs::path &p) {
        std::string s = winePath(p);
        std::transform(s.begin(), s.end(), s.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        return s;
    };
    const std::string unbound = "no implementation for nimbusfft.dll.nimbus_plan_many_v2";

    const std::string broken = wineLoads();
    EXPECT_NE(broken.find(unbound), std::string::npos) << broken;
    EXPECT_NE(broken.find("\t" + lowerWinePath(s_outside / "nimbusfft.dll")), std::string::npos) << broken;
    const QString pathBefore = winePathNow();
    ASSERT_TRUE(pathBefore.contains(qs(s_outside))) << pathBefore.toStdString();
    const QList<checks::Finding> findings = check(pathBefore, hostRegistry);
    expectHarmfulShadow(findings);

    // The repair works on the registry as Windows spells it.
    QList<checks::Finding> forRepair = findings;
    for (checks::Finding &f : forRepair)
        if (f.evidence.contains(QStringLiteral("entry")))
            f.evidence.insert(
                QStringLiteral("entry"),
                QString::fromStdString(winePath(f.evidence.value(QStringLiteral("entry")).toString().toStdString())));
    const fixes::EnvPlan plan = fixes::WindowsEnvPlanner(*registry).plan(forRepair);
    ASSERT_EQ(plan.plan.steps.size(), 1) << plan.plan.describe().toStdString();
    fixes::ExecutorCallbacks callbacks;
    callbacks.confirm = [](const fixes::FixPlan &) { return true; };
    fixes::attachUserEnvironment(callbacks, registry);
    const fixes::Executor executor{fixes::Journal(qs(s_dir->path() / "journal"))};
    const fixes::ExecutionResult done = executor.run(plan.plan, callbacks);
    ASSERT_TRUE(done.ok()) << done.error.toStdString();
    const auto after = registry->get(QStringLiteral("Path"));
    ASSERT_TRUE(after && *after);
    EXPECT_EQ((*after)->type, QStringLiteral("REG_EXPAND_SZ"));
    EXPECT_EQ((*after)->text(), QStringLiteral("%USERPROFILE%\\bin;") + QString::fromStdString(winePath(s_own)));

    // The re-check: Wine loads the package's copy, and so do we.
    const std::string fixed = wineLoads();
    EXPECT_EQ(fixed.find(unbound), std::string::npos) << fixed;
    EXPECT_NE(fixed.find("\t" + lowerWinePath(s_own / "nimbusfft.dll")), std::string::npos) << fixed;
    loader::Graph graph;
    const QList<checks::Finding> recheck = check(winePathNow(), hostRegistry, &graph);
    EXPECT_EQ(findingWith(recheck, QStringLiteral("lib.shadowed")), nullptr);
    EXPECT_TRUE(std::any_of(graph.libraries.begin(), graph.libraries.end(), [&](const loader::Library &l) {
        return l.found && l.path == (s_own / "nimbusfft.dll").string();
    }));

    // Undo: the value's bytes and type as they were.
    const auto entry = executor.journal().load(done.entryId);
    ASSERT_TRUE(entry) << entry.error().toStdString();
    ASSERT_TRUE(executor.undo(*entry, callbacks).ok());
    const auto restored = registry->get(QStringLiteral("Path"));
    ASSERT_TRUE(restored);
    EXPECT_EQ(*restored, *before);
    EXPECT_NE(wineLoads().find(unbound), std::string::npos);
}
