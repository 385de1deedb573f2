// SPDX-License-Identifier: GPL-3.0-or-later
// What a new terminal gets: the user's real login shell, run with a home
// folder made here, whose startup files set what a desktop start lacks.
#include "TestSupport.h"

#include "platform/TerminalEnvironment.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QElapsedTimer>

using namespace td::test;
using td::platform::loadingDifferences;
using td::platform::readTerminalEnvironment;

namespace {

QString qs(const fs::path &p)
{
    return QString::fromStdString(p.string());
}

// The environment of a program started from the desktop, with `home` as HOME.
QProcessEnvironment desktop(const TempDir &home)
{
    QProcessEnvironment env;
    env.insert(QStringLiteral("HOME"), qs(home.path()));
    env.insert(QStringLiteral("USER"), QStringLiteral("root"));
    env.insert(QStringLiteral("LANG"), QStringLiteral("C.UTF-8"));
    env.insert(QStringLiteral("PATH"), QStringLiteral("/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"));
    return env;
}

} // namespace

TEST(TerminalEnvironment, ReadsTheProfileAndTheInteractiveStartupFiles)
{
    TempDir home("td-home");
    // A ~/.profile that does not read ~/.bashrc: a terminal's interactive shell still does.
    writeFile(home / ".profile", "echo 'profile says hello'\nexport PYTHONPATH=/from/profile\n");
    writeFile(home / ".bashrc", "echo 'bashrc says hello'\nexport LD_LIBRARY_PATH=/from/bashrc:$LD_LIBRARY_PATH\n");
    QProcessEnvironment own = desktop(home);
    own.insert(QStringLiteral("LD_PRELOAD"), QStringLiteral("/only/here.so")); // not the session's

    const auto terminal = readTerminalEnvironment(own, std::chrono::seconds(20));
    ASSERT_TRUE(terminal.ok()) << terminal.error.toStdString();
    EXPECT_EQ(terminal.environment.value(QStringLiteral("LD_LIBRARY_PATH")), QStringLiteral("/from/bashrc:"));
    EXPECT_EQ(terminal.environment.value(QStringLiteral("PYTHONPATH")), QStringLiteral("/from/profile"));
    EXPECT_EQ(terminal.environment.value(QStringLiteral("HOME")), qs(home.path()));
    EXPECT_FALSE(terminal.environment.contains(QStringLiteral("LD_PRELOAD")));
    EXPECT_FALSE(terminal.environment.contains(QStringLiteral("TD-TERMINAL-ENVIRONMENT")));

    const auto differences = loadingDifferences(own, terminal.environment);
    QStringList names;
    for (const auto &d : differences)
        names << d.name;
    EXPECT_EQ(names, (QStringList{QStringLiteral("LD_LIBRARY_PATH"), QStringLiteral("LD_PRELOAD"),
                                  QStringLiteral("PYTHONPATH")}))
        << names.join(u' ').toStdString();
    for (const auto &d : differences) {
        if (d.name == QLatin1String("LD_PRELOAD")) {
            EXPECT_TRUE(d.here == QStringLiteral("/only/here.so") && !d.there);
        }
    }
}

TEST(TerminalEnvironment, StartupFilesThatWaitOrHangDoNotHangUs)
{
    TempDir home("td-home");
    writeFile(home / ".bashrc", "read answer\nexport FROM_BASHRC=\"$answer\"\n");
    auto terminal = readTerminalEnvironment(desktop(home), std::chrono::seconds(20));
    ASSERT_TRUE(terminal.ok()) << terminal.error.toStdString(); // no input: `read` gets end of file
    EXPECT_EQ(terminal.environment.value(QStringLiteral("FROM_BASHRC"), QStringLiteral("unset")), QString());

    writeFile(home / ".bashrc", "sleep 300\n");
    QElapsedTimer clock;
    clock.start();
    terminal = readTerminalEnvironment(desktop(home), std::chrono::seconds(2));
    EXPECT_FALSE(terminal.ok());
    EXPECT_TRUE(terminal.error.contains(QLatin1String("timed out"))) << terminal.error.toStdString();
    EXPECT_LT(clock.elapsed(), 10000);

    writeFile(home / ".bashrc", "exit 7\n");
    terminal = readTerminalEnvironment(desktop(home), std::chrono::seconds(20));
    EXPECT_FALSE(terminal.ok());
    EXPECT_TRUE(terminal.error.contains(QLatin1String("exited with 7"))) << terminal.error.toStdString();
}

TEST(TerminalEnvironment, NoDifferenceWhenTheStartupFilesAddNothing)
{
    TempDir home("td-home");
    writeFile(home / ".bashrc", "alias ll='ls -l'\n");
    const QProcessEnvironment own = desktop(home);
    const auto terminal = readTerminalEnvironment(own, std::chrono::seconds(20));
    ASSERT_TRUE(terminal.ok()) << terminal.error.toStdString();
    const auto differences = loadingDifferences(own, terminal.environment);
    EXPECT_TRUE(differences.isEmpty()) << differences.first().name.toStdString();
}

// The same search list with an entry repeated searches the same folders: no difference. Another order is one.
TEST(TerminalEnvironment, ARepeatedEntryIsNoDifferenceButAnotherOrderIs)
{
    const QString heron = QStringLiteral("/opt/heron/lib"), local = QStringLiteral("/usr/local/lib");
    const QString sep = QDir::listSeparator();
    QProcessEnvironment own, terminal;
    own.insert(QStringLiteral("LD_LIBRARY_PATH"), heron + sep + local);
    terminal.insert(QStringLiteral("LD_LIBRARY_PATH"), heron + sep + local + sep + heron);
    EXPECT_TRUE(loadingDifferences(own, terminal).isEmpty());
    terminal.insert(QStringLiteral("LD_LIBRARY_PATH"), local + sep + heron);
    ASSERT_EQ(loadingDifferences(own, terminal).size(), 1);
    EXPECT_EQ(loadingDifferences(own, terminal).constFirst().name, QStringLiteral("LD_LIBRARY_PATH"));
}
