// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "FixPage.h"

#include <QJsonObject>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace td::ui {

// The flowchart's reinstall step, with where the wheels come from: the
// index chosen from the machine, or a folder of downloaded wheels (what
// `fix reinstall --find-links DIR [--no-index]` does on the terminal).
class ReinstallPage : public FixPage {
    Q_OBJECT

public:
    explicit ReinstallPage(Session &session, QWidget *parent = nullptr);

    void initializePage() override;
    // Plans again with wheels from `folder` (empty: from the index); false when it is no folder.
    bool setWheelFolder(const QString &folder, bool noIndex);
    // The interpreter that has torch already, when the one diagnosed has none; empty: none.
    [[nodiscard]] QString otherInterpreter() const;

signals:
    // "Use this interpreter": diagnose that one instead of reinstalling.
    void useInterpreter(const QString &executable);

protected:
    void retranslate() override;
    // Return in the folder field takes the folder; it does not press the page's Apply.
    bool eventFilter(QObject *watched, QEvent *event) override;
    void proposalChanged() override;
    [[nodiscard]] QString titleText() const override;
    [[nodiscard]] QString subTitleText() const override;
    [[nodiscard]] QString adviceText() const override;

private:
    // The first interpreter with torch that torch.not-installed names: {executable, version, torch}.
    [[nodiscard]] QJsonObject otherWithTorch() const;
    void useTypedFolder();
    void browse();

    QWidget *m_otherRow = nullptr;
    QLabel *m_other = nullptr;
    QPushButton *m_useOther = nullptr;
    QWidget *m_wheelsRow = nullptr;
    QLabel *m_wheelsLabel = nullptr;
    QLineEdit *m_wheels = nullptr;
    QPushButton *m_browse = nullptr;
    QCheckBox *m_noIndex = nullptr;
    QLabel *m_wheelsProblem = nullptr;
};

} // namespace td::ui
