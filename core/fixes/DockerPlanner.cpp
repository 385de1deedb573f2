// SPDX-License-Identifier: GPL-3.0-or-later
#include "fixes/DockerPlanner.h"
#include "platform/ProcessRunner.h"
#include "platform/TextLines.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QUrl>

namespace td::fixes {

namespace {

constexpr auto kLongStep = std::chrono::hours(3); // building an image with CUDA takes long

// `bytes` of a KEY=VALUE file with `key` set to `value`: its line replaced
// in place when there is one, else appended; every other byte kept.
QByteArray withDotEnvValue(QByteArray bytes, const QString &key, const QString &value)
{
    const QByteArray line = key.toUtf8() + '=' + value.toUtf8();
    const QByteArray name = key.toUtf8();
    for (const platform::TextLine &at : platform::textLines(bytes)) {
        QByteArray trimmed = at.textIn(bytes).trimmed();
        if (trimmed.startsWith("export "))
            trimmed = trimmed.mid(7).trimmed();
        if (trimmed.startsWith(name) && trimmed.mid(name.size()).trimmed().startsWith('=')) {
            bytes.replace(at.start, at.end - at.start, line);
            return bytes;
        }
    }
    if (!bytes.isEmpty() && !bytes.endsWith('\n'))
        bytes += '\n';
    return bytes + line + '\n';
}

} // namespace

QString randomSecret()
{
    static const char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    QString s;
    for (int i = 0; i < 32; ++i)
        s += QChar::fromLatin1(alphabet[QRandomGenerator::system()->bounded(int(sizeof(alphabet) - 1))]);
    return s;
}

DockerPlanner::DockerPlanner(QProcessEnvironment environment, QString projectDir, QString cloneUrl)
    : m_environment(std::move(environment)), m_projectDir(std::move(projectDir)), m_cloneUrl(std::move(cloneUrl))
{
}

bool DockerPlanner::handles(const checks::Finding &finding)
{
    return finding.id.startsWith(QLatin1String("docker."));
}

QString DockerPlanner::cloneFolder(const QString &parent, const QString &url)
{
    QString name = QUrl(url).path().section(u'/', -1, -1, QString::SectionSkipEmpty);
    if (name.isEmpty()) // scp-like "git@host:owner/repo.git"
        name = url.section(u'/', -1, -1, QString::SectionSkipEmpty).section(u':', -1);
    if (name.endsWith(QLatin1String(".git")))
        name.chop(4);
    if (name.isEmpty() || name == QLatin1String(".") || name == QLatin1String(".."))
        name = QStringLiteral("project");
    return QDir(parent).filePath(name);
}

// No compose file yet: clone the repository that has one, and continue there.
void DockerPlanner::planClone(DockerPlan &out, const checks::Facts &facts) const
{
    FixPlan &plan = out.plan;
    if (m_cloneUrl.isEmpty()) {
        plan.warnings << (facts.request.wizard
                              ? tr("%1 has no docker-compose.yml. Name the repository to clone first, below, "
                                   "for example https://github.com/ostris/ai-toolkit.")
                              : tr("%1 has no docker-compose.yml. Name the repository to clone first (--clone "
                                   "URL), for example https://github.com/ostris/ai-toolkit."))
                             .arg(QDir::toNativeSeparators(m_projectDir));
        return;
    }
    const QString git = platform::findOnPath(QStringLiteral("git"), m_environment);
    out.clonedInto = cloneFolder(m_projectDir, m_cloneUrl);
    if (git.isEmpty()) {
        plan.warnings << tr("git is not installed: install it (Debian: apt install git; Windows: winget install "
                            "--id Git.Git -e) to clone %1.")
                             .arg(m_cloneUrl);
        return;
    }
    if (QFileInfo::exists(out.clonedInto)) {
        plan.warnings << tr("%1 already exists: choose it as the project folder, or another folder to clone into.")
                             .arg(QDir::toNativeSeparators(out.clonedInto));
        out.clonedInto.clear();
        return;
    }
    plan.steps << FixStep{runProgram(QStringLiteral("git"),
                                     {QStringLiteral("clone"), QStringLiteral("--depth"), QStringLiteral("1"),
                                      QStringLiteral("--"), m_cloneUrl, out.clonedInto},
                                     false, std::chrono::minutes(30))};
    plan.warnings << tr("Undo does not delete the clone: remove %1 yourself if you no longer want it.")
                         .arg(QDir::toNativeSeparators(out.clonedInto));
    out.afterwards =
        tr("The Docker repair continues in %1 once it is cloned.").arg(QDir::toNativeSeparators(out.clonedInto));
}

// Docker itself: installed, its daemon running, Compose v2, the NVIDIA runtime when the project asks for
// the GPU. False when the plan stops here (its warnings say why).
bool DockerPlanner::planDocker(DockerPlan &out, const checks::Facts &facts, const platform::ComposeFile &compose) const
{
    FixPlan &plan = out.plan;
    const bool linux = facts.system.os == QLatin1String("linux");
    const platform::DockerInfo info = facts.docker.value_or(platform::DockerInfo{});
    if (!info.cliFound) {
        plan.warnings << (facts.system.os == QLatin1String("windows")
                              ? tr("Docker is not installed. Install Docker Desktop with the WSL2 back end "
                                   "(https://docs.docker.com/desktop/setup/install/windows-install/), start it once, "
                                   "then run this repair again.")
                              : tr("Docker is not installed. Install Docker Engine and its compose plugin "
                                   "(https://docs.docker.com/engine/install/), then run this repair again."));
        return false;
    }
    if (!info.daemonRunning) {
        const QString systemctl = linux ? platform::findOnPath(QStringLiteral("systemctl"), m_environment) : QString();
        if (systemctl.isEmpty()) {
            plan.warnings << tr("The Docker daemon does not answer (%1). Start Docker Desktop and wait until it says "
                                "it is running, then run this repair again.")
                                 .arg(info.daemonError);
            return false;
        }
        RunProgram start = runProgram(systemctl, {QStringLiteral("start"), QStringLiteral("docker")});
        start.needsAdmin = true;
        start.undoProgram = systemctl;
        start.undoArguments = {QStringLiteral("stop"), QStringLiteral("docker")};
        plan.steps << FixStep{start};
        out.startsDaemon = true;
    }
    if (!info.composeV2) {
        plan.warnings << tr("`docker compose` (Compose v2) is missing. Install the docker-compose-plugin package "
                            "from Docker's repository (the old docker-compose 1.x cannot read current compose "
                            "files), then run this repair again.");
        plan.steps.clear();
        return false;
    }
    if (compose.wantsGpu() && facts.gpu.nvidiaDriverFound && !info.nvidiaRuntime
        && info.operatingSystem != QLatin1String("Docker Desktop")) {
        const QString ctk = platform::findOnPath(QStringLiteral("nvidia-ctk"), m_environment);
        const QString systemctl = platform::findOnPath(QStringLiteral("systemctl"), m_environment);
        if (ctk.isEmpty() || systemctl.isEmpty()) {
            plan.warnings << tr("The project asks for the GPU, but Docker has no NVIDIA runtime. Install the NVIDIA "
                                "Container Toolkit (https://docs.nvidia.com/datacenter/cloud-native/container-toolkit/"
                                "latest/install-guide.html), then run this repair again.");
        } else {
            RunProgram configure = runProgram(
                ctk, {QStringLiteral("runtime"), QStringLiteral("configure"), QStringLiteral("--runtime=docker")});
            configure.needsAdmin = true;
            RunProgram restart = runProgram(systemctl, {QStringLiteral("restart"), QStringLiteral("docker")});
            restart.needsAdmin = true;
            plan.steps << FixStep{configure} << FixStep{restart};
            plan.warnings << tr("nvidia-ctk registers the NVIDIA runtime in /etc/docker/daemon.json; undo leaves "
                                "that in place (it changes nothing for containers that do not ask for a GPU).");
        }
    }
    return true;
}

    // Guessable passwords: a random one instead, in .env (or the compose line that sets it).
QStringList DockerPlanner::planPasswords(FixPlan &plan, const checks::Facts &facts,
                                         const platform::ComposeFile &compose) const
{
    QStringList secrets;
    const QString dotEnvPath = QDir(QFileInfo(facts.composeFile).absolutePath()).filePath(QStringLiteral(".env"));
    QByteArray dotEnv;
    {
        QFile file(dotEnvPath);
        if (file.open(QIODevice::ReadOnly))
            dotEnv = file.read(1024 * 1024);
    }
    const QByteArray dotEnvBefore = dotEnv;
    QByteArray composeBytes;
    for (const platform::WeakSetting &w : platform::weakSettings(compose, facts.request.environment, facts.dotEnv)) {
        if (!w.reference.isEmpty()) {
            if (facts.request.environment.contains(w.reference)) {
                plan.warnings << tr("%1 is set to a guessable value in your shell's environment, which compose "
                                    "prefers to .env: change it where you set it.")
                                     .arg(w.reference);
                continue;
            }
            dotEnv = withDotEnvValue(dotEnv, w.reference, randomSecret());
            secrets << tr("%1 in %2").arg(w.reference, QDir::toNativeSeparators(dotEnvPath));
            continue;
        }
        if (composeBytes.isEmpty()) {
            QFile file(facts.composeFile);
            if (file.open(QIODevice::ReadOnly))
                composeBytes = file.read(1024 * 1024);
        }
        const QList<QByteArray> lines = composeBytes.split('\n');
        if (w.line < 1 || w.line > lines.size())
            continue;
        QByteArray old = lines.at(w.line - 1);
        if (old.endsWith('\r'))
            old.chop(1);
        const QByteArray weak = w.value.toUtf8();
        const qsizetype at = old.lastIndexOf(weak);
        if (at < 0)
            continue;
        QByteArray replaced = old;
        replaced.replace(at, weak.size(), randomSecret().toUtf8());
        plan.steps << FixStep{EditFile{facts.composeFile, w.line, old, replaced}};
        secrets << tr("%1 in %2 line %3").arg(w.variable, QDir::toNativeSeparators(facts.composeFile)).arg(w.line);
    }
    if (dotEnv != dotEnvBefore) // a new .env holds a password: only its owner reads it
        plan.steps << FixStep{WriteFile{dotEnvPath, dotEnv, false,
                                        QFileInfo::exists(dotEnvPath) ? -1
                                                                      : int(QFile::ReadOwner | QFile::WriteOwner
                                                                            | QFile::ReadUser | QFile::WriteUser)}};
    return secrets;
}

DockerPlan DockerPlanner::plan(const checks::Facts &facts, const QList<checks::Finding> &findings) const
{
    DockerPlan out;
    FixPlan &plan = out.plan;
    plan.family = QStringLiteral("docker");
    plan.title = tr("Run the project in Docker");
    for (const checks::Finding &f : findings)
        if (!plan.why.contains(f.id))
            plan.why << f.id;
    const QString docker = facts.request.docker.isEmpty() ? QStringLiteral("docker") : facts.request.docker;

    if (m_projectDir.isEmpty()) {
        plan.warnings << (facts.request.wizard
                              ? tr("Choose the project folder on the first page: the Docker repair runs the "
                                   "project's docker-compose.yml.")
                              : tr("Name the project folder (--project DIR): the Docker repair runs the project's "
                                   "docker-compose.yml."));
        return out;
    }
    if (facts.composeFile.isEmpty()) {
        planClone(out, facts);
        return out;
    }

    out.composeFile = facts.composeFile;
    const platform::ComposeFile compose =
        facts.compose ? *facts.compose : platform::ComposeFile::read(facts.composeFile);
    for (const platform::ComposeService &s : compose.services)
        out.services << s.name;
    out.url = compose.url();
    if (!compose.ok())
        plan.warnings << compose.error;

    if (!planDocker(out, facts, compose))
        return out;

    const QStringList secrets = planPasswords(plan, facts, compose);

    // Build (or pull), then start.
    const QStringList file{QStringLiteral("compose"), QStringLiteral("-f"), facts.composeFile};
    plan.steps << FixStep{runProgram(
        docker, file + (compose.builds() ? QStringList{QStringLiteral("build")} : QStringList{QStringLiteral("pull")}),
        false, kLongStep)};
    RunProgram up = runProgram(docker, file + QStringList{QStringLiteral("up"), QStringLiteral("-d")}, false,
                               std::chrono::minutes(30));
    up.undoProgram = docker;
    up.undoArguments = file + QStringList{QStringLiteral("down")};
    plan.steps << FixStep{up};

    QStringList after;
    if (!out.url.isEmpty())
        after << tr("Open %1.").arg(out.url);
    if (!secrets.isEmpty())
        after << tr("The new passwords: %1.").arg(secrets.join(QStringLiteral("; ")));
    out.afterwards = after.join(u' ');
    return out;
}

} // namespace td::fixes
