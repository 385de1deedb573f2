// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Page.h"

class QButtonGroup;
class QLabel;
class QRadioButton;

namespace td::ui {

// "Is it urgent?": run the project in Docker now, or repair this Python in
// place, with what each costs. The answer is the flowchart's first branch.
class UrgentPage : public Page {
    Q_OBJECT

public:
    explicit UrgentPage(Session &session, QWidget *parent = nullptr);

    void initializePage() override;
    [[nodiscard]] bool isComplete() const override;
    bool validatePage() override;
    [[nodiscard]] int nextId() const override;

    void choose(bool urgent);

protected:
    void retranslate() override;

private:
    QLabel *m_question = nullptr;
    QRadioButton *m_docker = nullptr;
    QLabel *m_dockerCost = nullptr;
    QRadioButton *m_repair = nullptr;
    QLabel *m_repairCost = nullptr;
    QLabel *m_facts = nullptr;
    QButtonGroup *m_group = nullptr;
};

} // namespace td::ui
