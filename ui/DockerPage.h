// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FixPage.h"

namespace td::ui {

// The flowchart's docker step.
class DockerPage : public FixPage {
    Q_OBJECT

public:
    explicit DockerPage(Session &session, QWidget *parent = nullptr);

protected:
    [[nodiscard]] QString titleText() const override;
    [[nodiscard]] QString subTitleText() const override;
    [[nodiscard]] QString adviceText() const override;
};

} // namespace td::ui
