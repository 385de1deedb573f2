// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace td::platform {

// One `environment:` entry of a service, as written.
struct ComposeVariable {
    QString name;
    QString value; // as written: "${AI_TOOLKIT_AUTH:-password}", "production"
    int line = 0;  // 1-based, in the compose file
};

struct ComposeService {
    QString name;
    bool build = false; // has a build: section (else it runs an image)
    QString image;
    QList<int> publishedPorts; // host ports, in the file's order
    QList<ComposeVariable> environment;
    bool wantsGpu = false; // a device reservation with driver nvidia or capability gpu, runtime: nvidia, gpus:
};

// What TorchDoctor needs from a docker-compose.yml: the services, what they
// build or run, the ports they publish, their environment and whether they
// ask for a GPU. It reads the block structure of the YAML that compose files
// use (indented maps, "- " lists, flow lists for capabilities), not all of
// YAML; what it cannot read is left out, never guessed.
struct ComposeFile {
    Q_DECLARE_TR_FUNCTIONS(ComposeFile)

public:
    QString path;
    QList<ComposeService> services;
    QString error; // could not be read: what and why

    [[nodiscard]] bool ok() const { return error.isEmpty(); }
    [[nodiscard]] bool wantsGpu() const;
    [[nodiscard]] bool builds() const;
    // http://localhost:PORT of the first published port, or empty.
    [[nodiscard]] QString url() const;

    // At most 1 MiB is read; a larger file is refused.
    static ComposeFile read(const QString &path);
    // Reads the block structure from text (for tests and for read()).
    static ComposeFile parse(const QByteArray &text, const QString &path = {});
};

// KEY=VALUE lines of a project's .env file (compose's own variables file).
QMap<QString, QString> readDotEnv(const QString &path);

// A value with compose's ${VAR}, ${VAR:-default}, ${VAR-default} and $VAR
// references resolved against the shell's environment first, then .env,
// as compose does. `defaulted` is set when a default was used.
QString resolveComposeValue(const QString &value, const QProcessEnvironment &shell,
                            const QMap<QString, QString> &dotEnv, bool *defaulted = nullptr);

// A setting that guards access (its name says auth, password, secret, token
// or key) and has a value anyone could guess.
struct WeakSetting {
    QString service;
    QString variable;  // the environment entry's name
    QString reference; // the compose variable that sets it ("AI_TOOLKIT_AUTH" in ${AI_TOOLKIT_AUTH:-password}); empty:
                       // a literal
    QString value;     // the effective value
    int line = 0;
    bool defaulted = false; // the value is the compose file's default
};
QList<WeakSetting> weakSettings(const ComposeFile &compose, const QProcessEnvironment &shell,
                                const QMap<QString, QString> &dotEnv);

} // namespace td::platform
