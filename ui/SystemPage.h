// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FixPage.h"

namespace td::ui {

// The flowchart's system step.
class SystemPage : public FixPage {
    Q_OBJECT

public:
    explicit SystemPage(Session &session, QWidget *parent = nullptr);

protected:
    [[nodiscard]] QString titleText() const override;
    [[nodiscard]] QString subTitleText() const override;
    [[nodiscard]] QString adviceText() const override;

private:
    // "windows", "linux" or "macos": the diagnosed system's, else this one's.
    [[nodiscard]] QString diagnosedSystem() const;
};

} // namespace td::ui
