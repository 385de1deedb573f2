// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FixPage.h"

class QLabel;
class QLineEdit;
class QPushButton;

namespace td::ui {

// The flowchart's docker step.
class DockerPage : public FixPage {
    Q_OBJECT

public:
    explicit DockerPage(Session &session, QWidget *parent = nullptr);

protected:
    void retranslate() override;
    void proposalChanged() override;
    [[nodiscard]] QString titleText() const override;
    [[nodiscard]] QString subTitleText() const override;
    [[nodiscard]] QString adviceText() const override;

private:
    void planWithRepository();

    // A project without a docker-compose.yml: the repository to clone first.
    QWidget *m_repositoryRow = nullptr;
    QLabel *m_repositoryLabel = nullptr;
    QLineEdit *m_repository = nullptr;
    QPushButton *m_planWithRepository = nullptr;
};

} // namespace td::ui
