// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "checks/Finding.h"
#include "fixes/FixPlan.h"

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace td::fixes {

struct DockerPlan {
    FixPlan plan;
    QString composeFile;  // what the compose steps use (empty before a clone)
    QString url;          // what to open once it runs
    QStringList services; // the compose file's services
    QString clonedInto;   // the folder a clone step makes: plan again there
    QString afterwards;   // what the person does after it worked
    bool startsDaemon = false;
};

// The Docker repair (the seed's "urgent" branch): run the project in its
// container instead of repairing the host. For a project folder with a
// compose file it plans what Docker lacks (starting the daemon, the NVIDIA
// runtime), replaces guessable passwords, then `docker compose build` (or
// `pull`) and `up -d`; without one it clones the repository the person names.
class DockerPlanner {
    Q_DECLARE_TR_FUNCTIONS(DockerPlanner)

public:
    // `environment`: PATH is searched for git, systemctl and nvidia-ctk.
    DockerPlanner(QProcessEnvironment environment, QString projectDir, QString cloneUrl = {});

    [[nodiscard]] DockerPlan plan(const checks::Facts &facts, const QList<checks::Finding> &findings) const;
    static bool handles(const checks::Finding &finding);

    // The folder `git clone URL` makes inside `parent`.
    static QString cloneFolder(const QString &parent, const QString &url);

private:
    void planClone(DockerPlan &out, const checks::Facts &facts) const;
    bool planDocker(DockerPlan &out, const checks::Facts &facts, const platform::ComposeFile &compose) const;
    // Guessable passwords replaced; returns where the new ones are.
    QStringList planPasswords(FixPlan &plan, const checks::Facts &facts, const platform::ComposeFile &compose) const;

    QProcessEnvironment m_environment;
    QString m_projectDir;
    QString m_cloneUrl;
};

// A password nobody can guess: 32 letters and digits from the system's
// random source.
QString randomSecret();

} // namespace td::fixes
