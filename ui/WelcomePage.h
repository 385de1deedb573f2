// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"
#include "Page.h"

#include <QFutureWatcher>

class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace td::ui {

// Choose what to check: the interpreters and project folders found (add a
// folder by browsing or dropping it), and the error the user saw, pasted from
// wherever it appeared: it is read at once, and the diagnosis looks for the
// file it names.
class WelcomePage : public Page {
    Q_OBJECT

public:
    explicit WelcomePage(Session &session, QWidget *parent = nullptr);
    ~WelcomePage() override;

    void initializePage() override;
    bool validatePage() override;
    [[nodiscard]] int nextId() const override;
    bool stopWork() override;

    // Adds a project folder (what browsing or dropping does) and looks for its interpreters.
    void addProject(const QString &dir);
    void setPastedText(const QString &text);
    [[nodiscard]] bool isSearching() const;
    // Lists an interpreter that discovery may not find (as `--python` does) and selects it.
    void addInterpreter(const QString &executable);
    // Selects the interpreter with this executable; false if it is not listed.
    bool selectInterpreter(const QString &executable);

protected:
    void retranslate() override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void startDiscovery();
    void showDiscovery();
    void classifyPasted();
    [[nodiscard]] QString describeError(const PastedError &pasted) const;
    // Selects the venv found in `project` (its venv/.venv), if discovery found one.
    void selectVenvOf(const QString &project);

    QLabel *m_intro = nullptr;
    QLabel *m_pythonsLabel = nullptr;
    QListWidget *m_pythons = nullptr;
    QLabel *m_searching = nullptr;
    QLabel *m_projectsLabel = nullptr;
    QListWidget *m_projects = nullptr;
    QPushButton *m_addProject = nullptr;
    QLabel *m_dropHint = nullptr;
    QLabel *m_errorLabel = nullptr;
    QPlainTextEdit *m_error = nullptr;
    QLabel *m_errorResult = nullptr;

    QFutureWatcher<Discovery> m_discovery;
    QStringList m_projectDirs;
    QString m_addedProject; // the folder added last: its venv is selected once found
    QStringList m_extraPythons;
    std::optional<Discovery> m_found;
    bool m_started = false;
};

} // namespace td::ui
