// SPDX-License-Identifier: GPL-3.0-or-later
// One scripted repair, made twice: by `torchdoctor fix docker` in a process
// of its own, and through the wizard (offscreen, on the real backend), with
// the same fake docker on PATH. Both front-ends only present core's repair
// run, so both must end the same way, call docker the same way (the services
// are checked after the check that follows the steps) and journal the same
// steps. Docker whose services run while what it lacked is still missing has
// not worked, for either.
#include "CoreBackend.h"
#include "FakeDocker.h"
#include "FixPage.h"
#include "PythonFixtures.h"
#include "TestConfig.h"
#include "TestSupport.h"
#include "UrgentPage.h"
#include "WelcomePage.h"
#include "Wizard.h"
#include "WizardHarness.h"

#include "ConfirmDialog.h"
#include "Session.h"

#include <QPushButton>
#include <QThreadPool>

#include <gtest/gtest.h>

#include <set>

namespace td::ui::test {
namespace {

using td::test::fs::path;
using td::test::RunOptions;
using td::test::TempDir;
namespace py = td::test::python;

// A journal entry as both front-ends must write it: what and how each step went.
struct EntryShape {
    QString family;
    QString title;
    QStringList why;
    QStringList steps; // "kind | description | state"

    bool operator==(const EntryShape &) const = default;
};

std::ostream &operator<<(std::ostream &os, const EntryShape &e)
{
    return os << e.family.toStdString() << " / " << e.title.toStdString() << " / "
              << e.why.join(u',').toStdString() << "\n  " << e.steps.join(QStringLiteral("\n  ")).toStdString();
}

QList<EntryShape> shapesIn(const QString &directory)
{
    QList<EntryShape> out;
    for (const fixes::JournalEntry &e : fixes::Journal(directory).entries()) {
        EntryShape shape{e.family, e.title, e.why, {}};
        for (const fixes::JournalStep &s : e.steps)
            shape.steps << QStringLiteral("%1 | %2 | %3").arg(s.kind, s.description, fixes::toString(s.state));
        out << shape;
    }
    return out;
}

// The folder named "journal" under `root` (where the CLI's app data went).
QString journalUnder(const path &root)
{
    if (td::test::fs::exists(root))
        for (const auto &entry : td::test::fs::recursive_directory_iterator(root))
            if (entry.is_directory() && entry.path().filename() == "journal")
                return py::qs(entry.path());
    return {};
}

std::vector<std::string> composeCalls(const path &log)
{
    std::vector<std::string> out;
    if (!td::test::fs::exists(log))
        return out;
    for (const std::string &line : td::test::lines(td::test::readFile(log)))
        if (line.rfind("docker compose -f", 0) == 0)
            out.push_back(line.substr(line.find(".yml ") + 5));
    return out;
}

class RepairBothWays : public testing::TestWithParam<std::string> {
protected:
    void SetUp() override
    {
        td::test::fs::create_directories(m_dir / "bin");
        td::test::fs::create_directories(m_dir / "home");
        td::test::fs::create_directories(m_project);
        td::test::writeFile(m_dir / "bin/docker", td::test::kFakeDocker);
        td::test::fs::permissions(m_dir / "bin/docker", td::test::fs::perms::owner_all);
        td::test::writeFile(m_project / "docker-compose.yml", td::test::kCompose);
        if (GetParam() == "nodaemon") {
            // The daemon is down, and starting it seems to work but does not: the project's
            // containers run, yet what Docker lacked (a daemon) is still missing afterwards.
            td::test::writeFile(m_dir / "bin/systemctl", "#!/bin/sh\necho \"systemctl $*\" >> \"$FAKE_LOG\"\nexit 0\n");
            td::test::fs::permissions(m_dir / "bin/systemctl", td::test::fs::perms::owner_all);
        }
        m_python = py::makeVenv(m_dir / "venv");
        ASSERT_FALSE(m_python.empty()) << "a venv is needed (python3 -m venv)";
    }

    // The environment both front-ends run in; the fake docker's log and state per front-end. The
    // system's folders alone on PATH, and no pyenv: the repair is under test, not the search of
    // this machine's interpreters, which each front-end would do again for every case.
    std::map<std::string, std::string> environment(const std::string &frontEnd) const
    {
        return {{"HOME", (m_dir / "home").string()},
                {"XDG_DATA_HOME", (m_dir / ("data-" + frontEnd)).string()},
                {"PATH", (m_dir / "bin").string() + ":/usr/local/bin:/usr/bin:/bin"},
                {"PYENV_ROOT", (m_dir / "no-pyenv").string()},
                {"FAKE_LOG", (m_dir / ("log-" + frontEnd)).string()},
                {"FAKE_STATE", (m_dir / ("state-" + frontEnd)).string()},
                {"FAKE_DOCKER", GetParam()}};
    }

    // What the previous run left in the project goes, so that both start from the same state.
    void resetProject() const { td::test::fs::remove(m_project / ".env"); }

    TempDir m_dir{"td-repair-both-ways"};
    path m_project = m_dir / "project";
    path m_python;
};

TEST_P(RepairBothWays, TheTerminalAndTheWizardEndTheSameWay)
{
    // The terminal.
    RunOptions cli;
    cli.setEnv = environment("cli");
    cli.unsetEnv = {"AI_TOOLKIT_AUTH", "LD_LIBRARY_PATH"};
    cli.timeout = std::chrono::seconds(240);
    const td::test::RunResult r = td::test::run({td::test::config::torchdoctor, "fix", "docker", "--python", m_python.string(),
                                                  "--project", m_project.string(), "--yes"},
                                                 cli);
    ASSERT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.out << r.err;
    const QList<EntryShape> cliJournal = shapesIn(journalUnder(m_dir / "data-cli"));
    ASSERT_EQ(cliJournal.size(), 1) << r.out << r.err;
    resetProject();

    // The wizard, on this process's environment.
    for (const auto &[name, value] : environment("gui"))
        qputenv(name.c_str(), QByteArray::fromStdString(value));
    qunsetenv("AI_TOOLKIT_AUTH");
    qunsetenv("LD_LIBRARY_PATH");
    const QString guiJournal = fixes::Journal().directory(); // the wizard's, in this process
    EXPECT_TRUE(shapesIn(guiJournal).isEmpty()) << guiJournal.toStdString();
    std::optional<flow::StepOutcome> dockerOutcome;
    {
        CoreBackend backend;
        ASSERT_TRUE(backend.knowledgeProblems().isEmpty());
        Wizard wizard(backend);
        wizard.resize(WizardHarness::kWidth, WizardHarness::kHeight);
        wizard.show();
        auto *welcome = qobject_cast<WelcomePage *>(wizard.currentPage());
        ASSERT_TRUE(welcome);
        ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }, 120000));
        welcome->addProject(py::qs(m_project));
        ASSERT_TRUE(waitFor([welcome] { return !welcome->isSearching(); }, 120000));
        welcome->addInterpreter(py::qs(m_python));
        auto next = [&wizard] {
            const int before = wizard.currentId();
            QAbstractButton *button =
                wizard.button(wizard.currentPage()->isCommitPage() ? QWizard::CommitButton : QWizard::NextButton);
            if (!waitFor([button] { return button->isEnabled() && button->isVisible(); }, 180000))
                return false;
            button->click();
            return waitFor([&] { return wizard.currentId() != before; }, 5000);
        };
        ASSERT_TRUE(next());                                              // to the diagnosis
        ASSERT_TRUE(next()) << "the diagnosis did not finish";           // to the findings
        ASSERT_TRUE(next());                                              // to "Is it urgent?"
        auto *urgent = qobject_cast<UrgentPage *>(wizard.currentPage());
        ASSERT_TRUE(urgent);
        urgent->choose(true);
        ASSERT_TRUE(next());
        auto *docker = qobject_cast<FixPage *>(wizard.currentPage());
        ASSERT_TRUE(docker);
        ASSERT_TRUE(waitFor([docker] { return !docker->isPlanning(); }, 60000)); // the plan, made off the GUI thread
        EXPECT_EQ(wizard.session().target.python, py::qs(m_python));
        EXPECT_EQ(wizard.session().target.projectDir, py::qs(m_project));
        ConfirmDialog::setNextAnswer(true);
        ASSERT_TRUE(docker->runner()->applyButton()->isEnabled()) << docker->runner()->status().toStdString();
        docker->runner()->applyButton()->click();
        ASSERT_TRUE(waitFor([docker] { return docker->isComplete(); }, 240000)) << docker->runner()->status().toStdString();
        for (const flow::FlowEvent &e : wizard.session().flow()->history())
            if (e.kind == flow::EventKind::Step && e.node == QLatin1String("docker"))
                dockerOutcome = e.outcome;
        ConfirmDialog::clearAnswers();
    }
    QThreadPool::globalInstance()->waitForDone();

    // The same end, the same calls to docker, the same journal.
    ASSERT_TRUE(dockerOutcome.has_value());
    EXPECT_EQ(*dockerOutcome, r.exitCode == 0 ? flow::StepOutcome::Applied : flow::StepOutcome::Failed)
        << r.out << r.err;
    EXPECT_EQ(composeCalls(m_dir / "log-gui"), composeCalls(m_dir / "log-cli"));
    EXPECT_EQ(shapesIn(guiJournal), cliJournal);
    if (GetParam() == "ok" || GetParam() == "nodaemon") {
        // Docker counts as solved when its services run and what it lacked is gone.
        EXPECT_EQ(r.exitCode, GetParam() == "ok" ? 0 : 1) << r.out << r.err;
        EXPECT_EQ(composeCalls(m_dir / "log-cli"),
                  (std::vector<std::string>{"pull", "up -d", "ps --status running --services"}));
    } else {
        EXPECT_EQ(r.exitCode, 1) << r.out << r.err;
        EXPECT_EQ(composeCalls(m_dir / "log-cli"), std::vector<std::string>{"pull"});
    }
}

INSTANTIATE_TEST_SUITE_P(Docker, RepairBothWays, testing::Values(std::string("ok"), std::string("pullfail"), std::string("nodaemon")));

} // namespace
} // namespace td::ui::test
