// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fixes/FixStep.h"

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

namespace td::fixes {

// The exact steps of one repair, shown whole before anything happens.
struct FixPlan {
    Q_DECLARE_TR_FUNCTIONS(FixPlan)

public:
    QString family; // "env", "reinstall", "docker", "system"
    QString title;
    QStringList why; // the finding ids it addresses
    QList<FixStep> steps;
    QStringList warnings; // what the steps cannot do, and what to know before

    // Every step exactly, numbered, admin steps marked, then the warnings.
    [[nodiscard]] QString describe() const;
    [[nodiscard]] bool needsAdmin() const;
};

} // namespace td::fixes
