// SPDX-License-Identifier: GPL-3.0-or-later
// The Docker and system repairs, planned: what a compose file says, which
// passwords anyone can guess, the package behind a missing library, the
// Windows and macOS plans (with fake tools on PATH), elevation of one step.
#include "fixes/DockerPlanner.h"
#include "fixes/Executor.h"
#include "fixes/SystemPlanner.h"
#include "fixes/WindowsEnvPlanner.h"
#include "platform/UserEnvironment.h"
#include "platform/ComposeFile.h"

#include "PythonFixtures.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <QFileInfo>
#include <QJsonObject>

#include <thread>

using namespace td;
using namespace td::fixes;
using namespace td::test;
using td::test::python::qs;

namespace {

// ai-toolkit's docker-compose.yml, as its repository ships it.
constexpr const char *kAiToolkitCompose = R"(version: "3.8"

services:
  ai-toolkit:
    image: ostris/aitoolkit:latest
    restart: unless-stopped
    ports:
      - "8675:8675"
    volumes:
      - ~/.cache/huggingface/hub:/root/.cache/huggingface/hub
      - ./aitk_db.db:/app/ai-toolkit/aitk_db.db
    environment:
      - AI_TOOLKIT_AUTH=${AI_TOOLKIT_AUTH:-password}
      - NODE_ENV=production
      - TZ=UTC
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              count: all
              capabilities: [gpu]
)";

void makeTool(const fs::path &dir, const std::string &name)
{
    fs::create_directories(dir);
    writeFile(dir / name, "#!/bin/sh\nexit 0\n");
    fs::permissions(dir / name, fs::perms::owner_all);
}

QProcessEnvironment pathOnly(const fs::path &dir)
{
    QProcessEnvironment e;
    e.insert(QStringLiteral("PATH"), qs(dir));
    return e;
}

checks::Finding finding(const char *id, QJsonObject evidence = {})
{
    checks::Finding f;
    f.id = QString::fromLatin1(id);
    f.severity = checks::Severity::Error;
    f.evidence = std::move(evidence);
    f.fixes = {checks::FixFamily::System};
    return f;
}

QStringList programsOf(const FixPlan &plan)
{
    QStringList out;
    for (const FixStep &s : plan.steps)
        if (const auto *p = std::get_if<RunProgram>(&s.action))
            out << QFileInfo(p->program).fileName() + u' ' + p->arguments.join(u' ')
                       + (p->needsAdmin ? QStringLiteral(" [admin]") : QString());
    return out;
}

} // namespace

TEST(ComposeFile, ReadsAiToolkitsComposeFile)
{
    const auto c = platform::ComposeFile::parse(kAiToolkitCompose);
    ASSERT_TRUE(c.ok());
    ASSERT_EQ(c.services.size(), 1);
    const platform::ComposeService &s = c.services.first();
    EXPECT_EQ(s.name, QStringLiteral("ai-toolkit"));
    EXPECT_EQ(s.image, QStringLiteral("ostris/aitoolkit:latest"));
    EXPECT_FALSE(s.build);
    EXPECT_EQ(s.publishedPorts, QList<int>{8675});
    ASSERT_EQ(s.environment.size(), 3);
    EXPECT_EQ(s.environment.first().name, QStringLiteral("AI_TOOLKIT_AUTH"));
    EXPECT_EQ(s.environment.first().value, QStringLiteral("${AI_TOOLKIT_AUTH:-password}"));
    EXPECT_EQ(s.environment.first().line, 13);
    EXPECT_TRUE(s.wantsGpu);
    EXPECT_EQ(c.url(), QStringLiteral("http://localhost:8675"));
}

TEST(ComposeFile, ReadsOtherShapes)
{
    const auto c = platform::ComposeFile::parse("services:\r\n"
                                                "  web:   # the front end\r\n"
                                                "    build: .\r\n"
                                                "    ports:\r\n"
                                                "    - target: 80\r\n"
                                                "      published: \"8080\"\r\n"
                                                "    - \"127.0.0.1:9000:9000/tcp\"\r\n"
                                                "    - 3000\r\n"
                                                "    environment:\r\n"
                                                "      DB_PASSWORD: 'admin'\r\n"
                                                "      'MODE': dev # comment\r\n"
                                                "  worker:\r\n"
                                                "    image: \"w:1\"\r\n"
                                                "    runtime: nvidia\r\n"
                                                "volumes:\r\n"
                                                "  data:\r\n");
    ASSERT_EQ(c.services.size(), 2);
    EXPECT_TRUE(c.services[0].build);
    EXPECT_EQ(c.services[0].publishedPorts, (QList<int>{8080, 9000}));
    ASSERT_EQ(c.services[0].environment.size(), 2);
    EXPECT_EQ(c.services[0].environment[0].value, QStringLiteral("admin"));
    EXPECT_EQ(c.services[0].environment[1].name, QStringLiteral("MODE"));
    EXPECT_EQ(c.services[0].environment[1].value, QStringLiteral("dev"));
    EXPECT_FALSE(c.services[0].wantsGpu);
    EXPECT_EQ(c.services[1].image, QStringLiteral("w:1"));
    EXPECT_TRUE(c.services[1].wantsGpu);
    EXPECT_TRUE(c.builds());
    EXPECT_EQ(c.url(), QStringLiteral("http://localhost:8080"));
}

TEST(ComposeFile, RefusesWhatItCannotRead)
{
    TempDir dir("td-compose");
    EXPECT_FALSE(platform::ComposeFile::read(qs(dir / "none.yml")).ok());
    const std::string big(2 * 1024 * 1024, 'x');
    writeFile(dir / "big.yml", big);
    EXPECT_FALSE(platform::ComposeFile::read(qs(dir / "big.yml")).ok());
    // Garbage is not a crash: it has no services.
    static constexpr char garbage[] = "\0\xff: :\n- - -\n  services:\n\t\t-";
    EXPECT_TRUE(platform::ComposeFile::parse(QByteArray(garbage, sizeof garbage - 1)).services.isEmpty());
}

TEST(ComposeFile, ResolvesVariablesAsComposeDoes)
{
    QProcessEnvironment shell;
    shell.insert(QStringLiteral("SET"), QStringLiteral("shell"));
    shell.insert(QStringLiteral("EMPTY"), QString());
    const QMap<QString, QString> dotEnv{{QStringLiteral("SET"), QStringLiteral("dotenv")},
                                        {QStringLiteral("FROMFILE"), QStringLiteral("file")}};
    bool defaulted = false;
    EXPECT_EQ(platform::resolveComposeValue(QStringLiteral("${SET:-d}"), shell, dotEnv, &defaulted),
              QStringLiteral("shell"));
    EXPECT_FALSE(defaulted);
    EXPECT_EQ(platform::resolveComposeValue(QStringLiteral("${FROMFILE}-$FROMFILE"), shell, dotEnv),
              QStringLiteral("file-file"));
    EXPECT_EQ(platform::resolveComposeValue(QStringLiteral("${UNSET:-password}"), shell, dotEnv, &defaulted),
              QStringLiteral("password"));
    EXPECT_TRUE(defaulted);
    EXPECT_EQ(platform::resolveComposeValue(QStringLiteral("${EMPTY:-x}|${EMPTY-x}"), shell, dotEnv),
              QStringLiteral("x|"));
    EXPECT_EQ(platform::resolveComposeValue(QStringLiteral("$$HOME ${SET:+alt} ${UNSET+alt}"), shell, dotEnv),
              QStringLiteral("$HOME alt "));
    EXPECT_EQ(platform::resolveComposeValue(QStringLiteral("${broken"), shell, dotEnv), QStringLiteral("${broken"));
}

TEST(ComposeFile, FindsGuessablePasswords)
{
    const auto c = platform::ComposeFile::parse(kAiToolkitCompose);
    QList<platform::WeakSetting> weak = platform::weakSettings(c, QProcessEnvironment(), {});
    ASSERT_EQ(weak.size(), 1);
    EXPECT_EQ(weak.first().variable, QStringLiteral("AI_TOOLKIT_AUTH"));
    EXPECT_EQ(weak.first().reference, QStringLiteral("AI_TOOLKIT_AUTH"));
    EXPECT_EQ(weak.first().value, QStringLiteral("password"));
    EXPECT_TRUE(weak.first().defaulted);
    // A long value in .env: nothing to say.
    EXPECT_TRUE(platform::weakSettings(c, {}, {{QStringLiteral("AI_TOOLKIT_AUTH"), QStringLiteral("x7Kq2mP9vR4tW8yZ")}})
                    .isEmpty());
    // "admin" from the shell is just as guessable.
    QProcessEnvironment shell;
    shell.insert(QStringLiteral("AI_TOOLKIT_AUTH"), QStringLiteral("Admin"));
    weak = platform::weakSettings(c, shell, {});
    ASSERT_EQ(weak.size(), 1);
    EXPECT_FALSE(weak.first().defaulted);
    // A literal in the file has no variable to set.
    weak = platform::weakSettings(
        platform::ComposeFile::parse("services:\n  db:\n    environment:\n      - POSTGRES_PASSWORD=changeme\n"), {},
        {});
    ASSERT_EQ(weak.size(), 1);
    EXPECT_TRUE(weak.first().reference.isEmpty());
    EXPECT_EQ(weak.first().line, 4);
}

TEST(ComposeFile, ReadsDotEnv)
{
    TempDir dir("td-dotenv");
    writeFile(dir / ".env", "# comment\nA=1\nexport B=\"two words\"\n C = 3 \nbroken\n=x\n");
    const auto values = platform::readDotEnv(qs(dir / ".env"));
    EXPECT_EQ(values.value(QStringLiteral("A")), QStringLiteral("1"));
    EXPECT_EQ(values.value(QStringLiteral("B")), QStringLiteral("two words"));
    EXPECT_EQ(values.value(QStringLiteral("C")), QStringLiteral("3"));
    EXPECT_EQ(values.size(), 3);
    EXPECT_TRUE(platform::readDotEnv(qs(dir / "missing")).isEmpty());
}

TEST(DockerPlanner, SaysWhatItNeeds)
{
    TempDir dir("td-docker-plan");
    checks::Facts facts;
    facts.system.os = QStringLiteral("linux");
    // No project folder, then a folder without a compose file and nothing to clone.
    EXPECT_TRUE(DockerPlanner(pathOnly(dir / "bin"), {}).plan(facts, {}).plan.steps.isEmpty());
    DockerPlan p = DockerPlanner(pathOnly(dir / "bin"), qs(dir.path())).plan(facts, {});
    EXPECT_TRUE(p.plan.steps.isEmpty());
    EXPECT_TRUE(p.plan.warnings.join(u' ').contains(QStringLiteral("--clone")));
    // A clone into a folder that exists already.
    makeTool(dir / "bin", "git");
    fs::create_directories(dir / "ai-toolkit");
    p = DockerPlanner(pathOnly(dir / "bin"), qs(dir.path()), QStringLiteral("https://github.com/ostris/ai-toolkit.git"))
            .plan(facts, {});
    EXPECT_TRUE(p.plan.steps.isEmpty());
    EXPECT_TRUE(p.plan.warnings.join(u' ').contains(QStringLiteral("already exists")));
    EXPECT_EQ(DockerPlanner::cloneFolder(QStringLiteral("/p"), QStringLiteral("git@github.com:o/repo.git")),
              QStringLiteral("/p/repo"));

    // A compose file, a daemon that is down, systemctl there: start it (elevated, undone by stop).
    writeFile(dir / "docker-compose.yml", kAiToolkitCompose);
    makeTool(dir / "bin", "systemctl");
    facts.composeFile = qs(dir / "docker-compose.yml");
    facts.docker = platform::DockerInfo{true, QStringLiteral("28.2.2"), false, QStringLiteral("down"),
                                        true, QStringLiteral("2.37.1"), false, {}};
    p = DockerPlanner(pathOnly(dir / "bin"), qs(dir.path())).plan(facts, {});
    const QStringList programs = programsOf(p.plan);
    ASSERT_EQ(programs.size(), 3) << p.plan.describe().toStdString();
    EXPECT_EQ(programs[0], QStringLiteral("systemctl start docker [admin]"));
    EXPECT_TRUE(programs[1].endsWith(QStringLiteral("docker-compose.yml pull")));
    EXPECT_TRUE(programs[2].endsWith(QStringLiteral("docker-compose.yml up -d")));
    EXPECT_TRUE(p.startsDaemon);
    EXPECT_EQ(p.url, QStringLiteral("http://localhost:8675"));
    // The guessable password becomes a random one in .env.
    ASSERT_EQ(p.plan.steps.size(), 4);
    const auto *write = std::get_if<WriteFile>(&p.plan.steps[1].action);
    ASSERT_NE(write, nullptr);
    EXPECT_TRUE(write->path.endsWith(QStringLiteral("/.env")));
    EXPECT_TRUE(write->bytes.startsWith("AI_TOOLKIT_AUTH="));
    EXPECT_EQ(write->bytes.size(), 16 + 32 + 1);
    EXPECT_NE(randomSecret(), randomSecret());
}

TEST(SystemPlanner, KnowsTheDistributionAndItsPackages)
{
    TempDir dir("td-os-release");
    const auto family = [&](const std::string &text) {
        writeFile(dir / "os-release", text);
        return packageManagerOf(qs(dir / "os-release")).family;
    };
    EXPECT_EQ(family("PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nID=debian\n"), QStringLiteral("debian"));
    EXPECT_EQ(family("ID=linuxmint\nID_LIKE=\"ubuntu debian\"\n"), QStringLiteral("debian"));
    EXPECT_EQ(family("ID=\"rocky\"\nID_LIKE=\"rhel centos fedora\"\n"), QStringLiteral("fedora"));
    EXPECT_EQ(family("ID=arch\n"), QStringLiteral("arch"));
    EXPECT_EQ(family("ID=opensuse-tumbleweed\nID_LIKE=\"opensuse suse\"\n"), QStringLiteral("suse"));
    EXPECT_EQ(family("ID=alpine\n"), QString());
    EXPECT_EQ(packageManagerOf(qs(dir / "none")).family, QString());
    EXPECT_EQ(packageFor(QStringLiteral("libgomp.so.1"), QStringLiteral("debian")), QStringLiteral("libgomp1"));
    EXPECT_EQ(packageFor(QStringLiteral("libgomp.so.1"), QStringLiteral("arch")), QStringLiteral("gcc-libs"));
    EXPECT_EQ(packageFor(QStringLiteral("libcudnn.so.9"), QStringLiteral("debian")), QString());
}

TEST(SystemPlanner, WindowsRuntimeAndDamagedSystem)
{
    TempDir dir("td-system-win");
    for (const char *tool : {"winget", "dism", "sfc", "UsoClient"})
        makeTool(dir / "bin", tool);
    checks::Facts facts;
    const QList<checks::Finding> findings{
        finding("vcruntime.missing", {{QStringLiteral("library"), QStringLiteral("msvcp140.dll")}}),
        finding("torch.import-failed", {{QStringLiteral("win_error"), 1114}})};
    const FixPlan plan = SystemPlanner(pathOnly(dir / "bin"), QStringLiteral("windows")).plan(facts, findings);
    EXPECT_EQ(programsOf(plan),
              (QStringList{QStringLiteral("winget install --id Microsoft.VCRedist.2015+.x64 -e "
                                          "--accept-package-agreements --accept-source-agreements"),
                           QStringLiteral("dism /Online /Cleanup-Image /RestoreHealth [admin]"),
                           QStringLiteral("sfc /scannow [admin]"), QStringLiteral("UsoClient StartScan [admin]")}));
    const QString notes = plan.warnings.join(u' ');
    EXPECT_TRUE(notes.contains(QStringLiteral("Not regsvr32")));
    EXPECT_TRUE(notes.contains(QStringLiteral("wuauclt")));

    // No winget: Microsoft's link, no step.
    const FixPlan bare =
        SystemPlanner(pathOnly(dir / "empty"), QStringLiteral("windows")).plan(facts, {findings.first()});
    EXPECT_TRUE(bare.steps.isEmpty());
    EXPECT_TRUE(bare.warnings.join(u' ').contains(QStringLiteral("https://aka.ms/vs/17/release/vc_redist.x64.exe")));
}

TEST(SystemPlanner, MacLibompAndDriverGuidance)
{
    TempDir dir("td-system-mac");
    makeTool(dir / "bin", "brew");
    checks::Facts facts;
    checks::Finding driver =
        finding("cuda.driver-too-old", {{QStringLiteral("required_driver"), QStringLiteral("525.60.13")}});
    const FixPlan plan =
        SystemPlanner(pathOnly(dir / "bin"), QStringLiteral("macos"))
            .plan(facts,
                  {finding("lib.missing", {{QStringLiteral("library"), QStringLiteral("libomp.dylib")}}), driver});
    ASSERT_EQ(plan.steps.size(), 1);
    const auto *brew = std::get_if<RunProgram>(&plan.steps.first().action);
    ASSERT_NE(brew, nullptr);
    EXPECT_EQ(brew->arguments, (QStringList{QStringLiteral("install"), QStringLiteral("libomp")}));
    EXPECT_EQ(brew->undoArguments, (QStringList{QStringLiteral("uninstall"), QStringLiteral("libomp")}));
    EXPECT_TRUE(plan.warnings.join(u' ').contains(QStringLiteral("525.60.13")));
}

TEST(Executor, ElevatesOnlyTheStepsThatNeedIt)
{
    TempDir dir("td-elevate");
    const fs::path log = dir / "log";
    writeFile(dir / "pkexec", "#!/bin/sh\necho \"pkexec $*\" >> '" + log.string() + "'\nexec \"$@\"\n");
    fs::permissions(dir / "pkexec", fs::perms::owner_all);
    Executor executor{Journal(qs(dir / "journal"))};
    executor.setElevation({qs(dir / "pkexec")});
    FixPlan plan;
    plan.family = QStringLiteral("system");
    RunProgram user;
    user.program = QStringLiteral("sh");
    user.arguments = {QStringLiteral("-c"), QStringLiteral("echo user >> '%1'").arg(qs(log))};
    RunProgram admin = user;
    admin.arguments = {QStringLiteral("-c"), QStringLiteral("echo admin >> '%1'").arg(qs(log))};
    admin.needsAdmin = true;
    plan.steps << FixStep{user} << FixStep{admin};
    ExecutorCallbacks callbacks;
    callbacks.confirm = [](const FixPlan &) { return true; };
    ASSERT_TRUE(executor.run(plan, callbacks).ok());
    EXPECT_EQ(readFile(log), "user\npkexec sh -c echo admin >> '" + log.string() + "'\nadmin\n");
}

// The Windows system plan carried out with fake winget, dism, sfc and
// UsoClient (recording their arguments) behind a fake elevation helper:
// only the administrator steps are elevated; a failing DISM stops the plan;
// a hanging sfc is cancelled with its process.
TEST(SystemPlanner, WindowsPlanRunsFailsAndCancels)
{
    TempDir dir("td-system-run");
    const fs::path log = dir / "log";
    const auto tool = [&](const std::string &name, const std::string &body) {
        writeFile(dir / "bin" / name, "#!/bin/sh\necho \"" + name + " $*\" >> '" + log.string() + "'\n" + body);
        fs::permissions(dir / "bin" / name, fs::perms::owner_all);
    };
    fs::create_directories(dir / "bin");
    tool("elevate", "exec \"$@\"\n");
    tool("winget", "echo Successfully installed\n");
    tool("dism", "[ -e '" + (dir / "dism-fails").string() + "' ] && exit 87\nexit 0\n");
    tool("sfc", "echo $$ > '" + (dir / "sfc.pid").string() + "'\nexec sleep 300\n");
    tool("UsoClient", "");
    checks::Facts facts;
    const QList<checks::Finding> findings{
        finding("vcruntime.too-old", {{QStringLiteral("library"), QStringLiteral("msvcp140.dll")}}),
        finding("lib.missing", {{QStringLiteral("library"), QStringLiteral("api-ms-win-crt-runtime-l1-1-0.dll")}})};
    const FixPlan plan = SystemPlanner(pathOnly(dir / "bin"), QStringLiteral("windows")).plan(facts, findings);
    ASSERT_EQ(plan.steps.size(), 4);

    Executor executor{Journal(qs(dir / "journal"))};
    executor.setElevation({qs(dir / "bin/elevate")});
    ExecutorCallbacks callbacks;
    callbacks.confirm = [](const FixPlan &) { return true; };

    // DISM fails: sfc and UsoClient never start.
    writeFile(dir / "dism-fails", "");
    ExecutionResult r = executor.run(plan, callbacks);
    EXPECT_EQ(r.outcome, ExecutionResult::Outcome::Failed);
    EXPECT_EQ(r.failedStep, 1);
    EXPECT_EQ(lines(readFile(log)), (std::vector<std::string>{"winget install --id Microsoft.VCRedist.2015+.x64 -e "
                                                              "--accept-package-agreements --accept-source-agreements",
                                                              "elevate " + (dir / "bin/dism").string()
                                                                  + " /Online /Cleanup-Image /RestoreHealth",
                                                              "dism /Online /Cleanup-Image /RestoreHealth"}));

    // sfc hangs: cancel stops it and the plan.
    fs::remove(dir / "dism-fails");
    fs::remove(log);
    td::platform::CancelToken cancel;
    std::thread canceller([&] {
        for (int i = 0; i < 300 && !fs::exists(dir / "sfc.pid"); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        cancel.cancel();
    });
    r = executor.run(plan, callbacks, cancel);
    canceller.join();
    EXPECT_EQ(r.outcome, ExecutionResult::Outcome::Cancelled);
    EXPECT_EQ(r.failedStep, 2);
    ASSERT_TRUE(fs::exists(dir / "sfc.pid"));
    EXPECT_FALSE(td::test::python::processRunning(std::stol(readFile(dir / "sfc.pid"))));
    EXPECT_EQ(readFile(log).find("UsoClient"), std::string::npos);
}

// KMP_DUPLICATE_LIB_OK is offered only by the last step of the flowchart,
// with Intel's warning, and in the place that system uses.
TEST(SystemPlanner, OpenMpLastResortWithIntelsWarning)
{
    TempDir dir("td-system-omp");
    writeFile(dir / ".bashrc", "alias ll='ls -l'");
    QProcessEnvironment env = pathOnly(dir / "bin");
    env.insert(QStringLiteral("HOME"), qs(dir.path()));
    checks::Facts facts;
    const QList<checks::Finding> omp{finding("openmp.duplicate")};
    FixPlan plan = SystemPlanner(env, QStringLiteral("linux"), qs(dir / "none")).plan(facts, omp);
    ASSERT_EQ(plan.steps.size(), 1);
    const auto *write = std::get_if<WriteFile>(&plan.steps.first().action);
    ASSERT_NE(write, nullptr);
    EXPECT_EQ(write->path, qs(dir / ".bashrc"));
    EXPECT_TRUE(write->bytes.startsWith("alias ll='ls -l'\n#"));
    EXPECT_TRUE(write->bytes.endsWith("\nexport KMP_DUPLICATE_LIB_OK=TRUE\n"));
    EXPECT_TRUE(plan.warnings.join(u' ').contains(QStringLiteral("unsafe, unsupported, undocumented")));

    plan = SystemPlanner(env, QStringLiteral("windows")).plan(facts, omp);
    ASSERT_EQ(plan.steps.size(), 1);
    EXPECT_EQ(plan.steps.first().description(),
              QStringLiteral("Set user variable KMP_DUPLICATE_LIB_OK from (not set) to \"TRUE\""));

    // Already set: nothing more to offer.
    env.insert(QStringLiteral("KMP_DUPLICATE_LIB_OK"), QStringLiteral("TRUE"));
    EXPECT_TRUE(SystemPlanner(env, QStringLiteral("linux")).plan(facts, omp).steps.isEmpty());
}

// The Windows environment repair's planner when its helper fails on a PATH entry: it says that the
// helper failed and why, not that the entry comes from the system-wide PATH. The helper here is a
// script that reads the variable and fails to edit the list, as a helper that cannot start would.
TEST(WindowsEnvPlan, AHelperThatFailsIsSaidSoNotTakenForASystemEntry)
{
    TempDir dir("td-userenv");
    const fs::path helper = dir / "userenvtool";
    // "C:\bin;C:\cuda" as UTF-16LE hex, the way the helper prints a value it read.
    writeFile(helper, "#!/bin/sh\n"
                      "case $1 in\n"
                      "get) printf 'REG_SZ\\t43003a005c00620069006e003b0043003a005c006300750064006100\\n' ;;\n"
                      "remove-from) echo 'out of memory' >&2; exit 1 ;;\n"
                      "*) exit 2 ;;\n"
                      "esac\n");
    fs::permissions(helper, fs::perms::owner_all);
    const platform::UserEnvironment environment({qs(helper)}, QProcessEnvironment::systemEnvironment());
    checks::Finding finding;
    finding.id = QStringLiteral("env.suspicious");
    finding.evidence = QJsonObject{{QStringLiteral("variable"), QStringLiteral("PATH")},
                                   {QStringLiteral("entry"), QStringLiteral("C:\\cuda")}};
    finding.fixes = {checks::FixFamily::Env};
    const EnvPlan env = WindowsEnvPlanner(environment).plan({finding});
    EXPECT_TRUE(env.plan.steps.isEmpty());
    const QString warnings = env.plan.warnings.join(u'\n');
    EXPECT_TRUE(warnings.contains(QStringLiteral("PATH cannot be changed in the user environment"))) << qPrintable(warnings);
    EXPECT_TRUE(warnings.contains(QStringLiteral("out of memory"))) << qPrintable(warnings);
    EXPECT_FALSE(warnings.contains(QStringLiteral("system-wide PATH"))) << qPrintable(warnings);
}

// A library torch loads that cannot be read, and that the package manager says belongs to a system
// package (a name no table of TorchDoctor holds): the system repair installs that package again.
TEST(SystemPlanner, ADamagedFileOfASystemPackageIsInstalledAgain)
{
    TempDir dir("td-system-damaged");
    for (const char *tool : {"apt-get", "ldconfig"})
        makeTool(dir / "bin", tool);
    writeFile(dir / "os-release", "ID=debian\n");
    checks::Finding damaged =
        finding("lib.unreadable", {{QStringLiteral("library"), QStringLiteral("libzorb.so.7")},
                                   {QStringLiteral("owner"), QJsonObject{{QStringLiteral("system_package"),
                                                                           QStringLiteral("libzorb7")}}}});
    EXPECT_TRUE(SystemPlanner::handles(damaged));
    const FixPlan plan = SystemPlanner(pathOnly(dir / "bin"), QStringLiteral("linux"), qs(dir / "os-release"))
                             .plan(checks::Facts{}, {damaged});
    EXPECT_EQ(programsOf(plan), (QStringList{QStringLiteral("apt-get install -y --reinstall libzorb7 [admin]"),
                                             QStringLiteral("ldconfig  [admin]")}));
    EXPECT_TRUE(plan.warnings.join(u' ').contains(QStringLiteral("A file of the package libzorb7 cannot be loaded")));

    // No owner named (a file copied in by hand): nothing for the package manager to put back.
    damaged.evidence.remove(QStringLiteral("owner"));
    EXPECT_TRUE(SystemPlanner(pathOnly(dir / "bin"), QStringLiteral("linux"), qs(dir / "os-release"))
                    .plan(checks::Facts{}, {damaged})
                    .steps.isEmpty());
}
