// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"
#include "Page.h"

#include "checks/CheckOutcome.h"
#include "checks/Finding.h"

class QLabel;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace td::ui {

// What is wrong, like flutter doctor: each area with its state, each finding
// with its severity and a plain explanation, and the failing dependency chain
// as a tree down to the file that is missing or wrong. A pasted error leads:
// the file it names, and the one really at fault behind it, come first.
class FindingsPage : public Page {
    Q_OBJECT

public:
    explicit FindingsPage(Session &session, QWidget *parent = nullptr);

    void initializePage() override;
    [[nodiscard]] int nextId() const override;

    // The chain shown for the selected finding, root first (tests).
    [[nodiscard]] QStringList shownChain() const;
    // Selects the finding with this id; false when there is none.
    bool selectFinding(const QString &id);

protected:
    void retranslate() override;

private:
    // What fill() learns while it makes the list: the first error, and the finding to select (the one
    // selected before, or the one behind the pasted error).
    struct Selection {
        QString selectedId, pastedFile;
        QTreeWidgetItem *firstError = nullptr;
        QTreeWidgetItem *preferred = nullptr;
    };
    void fill();
    [[nodiscard]] QString summaryText(const std::optional<PastedError> &pasted) const;
    void addArea(const QString &area, const QList<checks::CheckOutcome> &outcomes, Selection &pick);
    void markArea(QTreeWidgetItem *top, const QString &area, std::optional<checks::Severity> worst,
                  const QList<checks::CheckOutcome> &outcomes) const;
    static QString severityWord(checks::Severity severity);
    void showPasted(const std::optional<PastedError> &pasted, Selection &pick);
    // The row of `finding` in the list, if it is there.
    [[nodiscard]] QTreeWidgetItem *itemOf(const checks::Finding &finding) const;
    void showFinding(QTreeWidgetItem *item);
    void showChain(const QStringList &chain, const QString &problem, const QString &path);

    QLabel *m_summary = nullptr;
    QLabel *m_pasted = nullptr;
    QLabel *m_listLabel = nullptr;
    QTreeWidget *m_list = nullptr;
    QLabel *m_detailLabel = nullptr;
    QTextBrowser *m_detail = nullptr;
    QLabel *m_chainLabel = nullptr;
    QTreeWidget *m_chain = nullptr;
    QList<checks::Finding> m_findings;
};

} // namespace td::ui
