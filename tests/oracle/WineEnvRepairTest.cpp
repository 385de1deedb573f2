// SPDX-License-Identifier: GPL-3.0-or-later
// The Windows environment repair end to end under Wine: the plan is made
// from the user's registry, the executor runs it through the userenv helper
// (built with mingw-w64 at test time), the journal keeps each value's
// registry type and bytes, and undo writes exactly those bytes back.
#include "fixes/Executor.h"
#include "fixes/WindowsEnvPlanner.h"
#include "platform/UserEnvironment.h"

#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"
#include "WinePrefix.h"

#include <gtest/gtest.h>

#include <QJsonArray>

#include <memory>

using namespace td;
using namespace td::test;
using td::test::python::qs;
using wine::wine64;

namespace {

checks::Finding suspicious(const QString &variable, const QString &entry = {})
{
    checks::Finding f;
    f.id = QStringLiteral("env.suspicious");
    f.severity = checks::Severity::Warning;
    f.evidence = QJsonObject{{QStringLiteral("variable"), variable}};
    if (!entry.isEmpty())
        f.evidence.insert(QStringLiteral("entry"), entry);
    f.fixes = {checks::FixFamily::Env};
    return f;
}

class WineEnvRepair : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        s_dir = std::make_unique<TempDir>("td-wine-envrepair");
        const fs::path tool = s_dir->path() / "userenvtool.exe";
        s_skip = wine::buildUserEnvTool(tool);
        if (!s_skip.empty())
            return;
        s_prefix = std::make_unique<wine::Prefix>(s_dir->path() / "prefix",
                                                  std::map<std::string, std::string>{{"LC_ALL", "C.UTF-8"}});
        s_skip = s_prefix->error();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        const RunOptions o = s_prefix->options();
        for (const auto &[k, v] : o.setEnv)
            env.insert(QString::fromStdString(k), QString::fromStdString(v));
        for (const std::string &k : o.unsetEnv)
            env.remove(QString::fromStdString(k));
        s_registry =
            std::make_shared<platform::UserEnvironment>(QStringList{QString::fromStdString(wine64()), qs(tool)}, env);
    }
    static void TearDownTestSuite()
    {
        s_registry.reset();
        s_prefix.reset();
        s_dir.reset();
    }
    void SetUp() override
    {
        if (!s_skip.empty())
            GTEST_SKIP() << s_skip;
    }

    static std::optional<platform::RegistryValue> get(const QString &name)
    {
        const auto v = s_registry->get(name);
        EXPECT_TRUE(v) << v.error().toStdString();
        return v ? *v : std::nullopt;
    }

    static fixes::ExecutorCallbacks callbacks()
    {
        fixes::ExecutorCallbacks c;
        c.confirm = [](const fixes::FixPlan &) { return true; };
        fixes::attachUserEnvironment(c, s_registry);
        return c;
    }

    static inline std::string s_skip;
    static inline std::unique_ptr<TempDir> s_dir;
    static inline std::unique_ptr<wine::Prefix> s_prefix;
    static inline std::shared_ptr<platform::UserEnvironment> s_registry;
};

} // namespace

TEST_F(WineEnvRepair, RemovesTheShadowingEntryAndTheStaleVariableThenUndoesByteForByte)
{
    // A REG_EXPAND_SZ PATH whose %USERPROFILE% must stay unexpanded, a stale toolkit's variable.
    ASSERT_TRUE(s_registry->setRaw(QStringLiteral("PATH"), {QStringLiteral("REG_EXPAND_SZ"), QByteArray()}));
    const QString path = QStringLiteral("%USERPROFILE%\\bin;C:\\Program Files\\NVIDIA GPU Computing "
                                        "Toolkit\\CUDA\\v11.8\\bin;C:\\Tools\\张伟");
    ASSERT_TRUE(s_registry->set(QStringLiteral("PATH"), path));
    ASSERT_TRUE(s_registry->set(QStringLiteral("CUDA_PATH_V11_8"), QStringLiteral("C:\\gone\\v11.8")));
    const auto pathBefore = get(QStringLiteral("PATH"));
    const auto cudaBefore = get(QStringLiteral("CUDA_PATH_V11_8"));
    ASSERT_TRUE(pathBefore && cudaBefore);
    EXPECT_EQ(pathBefore->type, QStringLiteral("REG_EXPAND_SZ"));
    EXPECT_EQ(pathBefore->text(), path);

    // The finding names the entry as the loader saw it (case and a trailing backslash differ).
    const fixes::EnvPlan env =
        fixes::WindowsEnvPlanner(*s_registry)
            .plan({suspicious(QStringLiteral("PATH"),
                              QStringLiteral("c:\\program files\\nvidia gpu computing toolkit\\cuda\\v11.8\\bin\\")),
                   suspicious(QStringLiteral("CUDA_PATH_V11_8")), suspicious(QStringLiteral("KMP_DUPLICATE_LIB_OK"))});
    ASSERT_EQ(env.plan.steps.size(), 2) << env.plan.describe().toStdString();
    EXPECT_EQ(env.plan.steps[0].description(),
              QStringLiteral("Set user variable PATH from \"%1\" to \"%USERPROFILE%\\bin;C:\\Tools\\张伟\"").arg(path));
    EXPECT_EQ(env.plan.steps[1].description(),
              QStringLiteral("Set user variable CUDA_PATH_V11_8 from \"C:\\gone\\v11.8\" to (deleted)"));
    EXPECT_TRUE(env.plan.warnings.join(u' ').contains(QStringLiteral("KMP_DUPLICATE_LIB_OK is not set")));

    const fixes::Executor executor{fixes::Journal(qs(s_dir->path() / "journal"))};
    const fixes::ExecutionResult r = executor.run(env.plan, callbacks());
    ASSERT_TRUE(r.ok()) << r.error.toStdString();
    const auto pathAfter = get(QStringLiteral("PATH"));
    ASSERT_TRUE(pathAfter);
    EXPECT_EQ(pathAfter->type, QStringLiteral("REG_EXPAND_SZ")); // the type is kept
    EXPECT_EQ(pathAfter->text(), QStringLiteral("%USERPROFILE%\\bin;C:\\Tools\\张伟"));
    EXPECT_FALSE(get(QStringLiteral("CUDA_PATH_V11_8")).has_value());

    // The journal holds the type and the raw bytes.
    const auto entry = executor.journal().load(r.entryId);
    ASSERT_TRUE(entry) << entry.error().toStdString();
    const auto *kept = std::get_if<fixes::VariableUndo>(&entry->steps[0].undo);
    ASSERT_TRUE(kept && kept->stored);
    EXPECT_EQ(kept->stored->type, QStringLiteral("REG_EXPAND_SZ"));
    EXPECT_EQ(kept->stored->raw, pathBefore->raw);

    ASSERT_TRUE(executor.undo(*entry, callbacks()).ok());
    EXPECT_EQ(get(QStringLiteral("PATH")), pathBefore);
    EXPECT_EQ(get(QStringLiteral("CUDA_PATH_V11_8")), cudaBefore);
}

TEST_F(WineEnvRepair, AValueChangedSincePlanningIsLeftAlone)
{
    ASSERT_TRUE(s_registry->set(QStringLiteral("PATH"), QStringLiteral("C:\\old\\cuda;C:\\keep")));
    const fixes::EnvPlan env = fixes::WindowsEnvPlanner(*s_registry)
                                   .plan({suspicious(QStringLiteral("PATH"), QStringLiteral("C:\\old\\cuda"))});
    ASSERT_EQ(env.plan.steps.size(), 1);
    ASSERT_TRUE(s_registry->set(QStringLiteral("PATH"), QStringLiteral("C:\\old\\cuda;C:\\keep;C:\\new")));
    const fixes::Executor executor{fixes::Journal(qs(s_dir->path() / "journal2"))};
    const fixes::ExecutionResult r = executor.run(env.plan, callbacks());
    EXPECT_EQ(r.outcome, fixes::ExecutionResult::Outcome::Failed);
    EXPECT_TRUE(r.error.contains(QStringLiteral("changed since the plan was made"))) << r.error.toStdString();
    EXPECT_EQ(get(QStringLiteral("PATH"))->text(), QStringLiteral("C:\\old\\cuda;C:\\keep;C:\\new"));
}

TEST_F(WineEnvRepair, AnEntryFromTheSystemPathIsExplainedNotTouched)
{
    ASSERT_TRUE(s_registry->set(QStringLiteral("PATH"), QStringLiteral("C:\\keep")));
    const fixes::EnvPlan env =
        fixes::WindowsEnvPlanner(*s_registry)
            .plan({suspicious(QStringLiteral("PATH"), QStringLiteral("C:\\Windows\\System32\\cuda"))});
    EXPECT_TRUE(env.plan.steps.isEmpty());
    EXPECT_TRUE(env.plan.warnings.join(u' ').contains(QStringLiteral("system-wide")));
}

// An administrator step on Windows: the helper's run-elevated-args starts the
// program alone through ShellExecuteEx "runas" (Wine has no UAC prompt, so it
// just runs), with its arguments quoted back exactly, and passes on its exit code.
TEST_F(WineEnvRepair, AdministratorStepsRunThroughTheHelper)
{
    const std::string tool = (s_dir->path() / "userenvtool.exe").string();
    fixes::Executor executor{fixes::Journal(qs(s_dir->path() / "journal3"))};
    executor.setElevation(
        {QString::fromStdString(wine64()), QString::fromStdString(tool), QStringLiteral("run-elevated-args")});
    fixes::RunProgram set;
    set.program = QString::fromStdString(wine::winePath(tool));
    set.arguments = {QStringLiteral("set"), QStringLiteral("TD_ELEVATED"), QStringLiteral("REG_SZ"),
                     QStringLiteral("two words \"quoted\" C:\\end\\")};
    set.needsAdmin = true;
    for (const auto &[k, v] : s_prefix->options().setEnv) // the step's wine runs in the test's prefix
        set.environment.insert(QString::fromStdString(k), QString::fromStdString(v));
    fixes::FixPlan plan;
    plan.steps << fixes::FixStep{set};
    ASSERT_TRUE(executor.run(plan, callbacks()).ok());
    EXPECT_EQ(get(QStringLiteral("TD_ELEVATED"))->text(), QStringLiteral("two words \"quoted\" C:\\end\\"));

    // The elevated program fails (the variable is not set: exit 3): so does the step.
    fixes::RunProgram missing = set;
    missing.arguments = {QStringLiteral("get"), QStringLiteral("TD_NEVER_SET")};
    plan.steps = {fixes::FixStep{missing}};
    const fixes::ExecutionResult r = executor.run(plan, callbacks());
    EXPECT_EQ(r.outcome, fixes::ExecutionResult::Outcome::Failed);
    EXPECT_TRUE(s_registry->remove(QStringLiteral("TD_ELEVATED")));
}
