// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "checks/Facts.h"
#include "checks/Finding.h"

#include <QCoreApplication>
#include <QList>

#include <memory>
#include <vector>

namespace td::knowledge {
class KnowledgeBase;
}

namespace td::checks {

// One concern. A check only reads facts (the collectors gathered them) and
// turns them into findings; it runs no process and reads no file itself.
class Check {
    Q_DECLARE_TR_FUNCTIONS(Check)

public:
    virtual ~Check() = default;
    [[nodiscard]] virtual QString id() const = 0;    // "torch.import"
    [[nodiscard]] virtual QString title() const = 0; // "Importing PyTorch", shown while it runs
    [[nodiscard]] virtual FactSet needs() const = 0;
    [[nodiscard]] virtual QList<Finding> run(const Facts &facts, const knowledge::KnowledgeBase &kb) const = 0;
};

// Declares a check class: each one overrides the four functions above.
#define TD_DECLARE_CHECK(Name)                                                                                         \
    class Name final : public Check {                                                                                  \
        Q_DECLARE_TR_FUNCTIONS(Name)                                                                                   \
                                                                                                                       \
    public:                                                                                                            \
        QString id() const override;                                                                                   \
        QString title() const override;                                                                                \
        FactSet needs() const override;                                                                                \
        QList<Finding> run(const Facts &facts, const knowledge::KnowledgeBase &kb) const override;                     \
    };

// Every check, in the order their findings are listed.
std::vector<std::unique_ptr<Check>> allChecks();

} // namespace td::checks
