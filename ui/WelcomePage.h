// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"
#include "Page.h"

#include <QFutureWatcher>
#include <QHash>
#include <QTimer>

#include <functional>

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
    // The paste is read off the GUI thread once typing pauses: until its result is shown.
    [[nodiscard]] bool isReadingPaste() const;
    [[nodiscard]] bool isSearching() const;
    // Lists an interpreter that discovery may not find (as `--python` does) and selects it.
    void addInterpreter(const QString &executable);
    // Selects the interpreter with this executable; false if it is not listed.
    bool selectInterpreter(const QString &executable);
    // "Browse…": asks for a file (a file dialog unless a chooser is set), runs it to see whether it is
    // a Python; one is listed and selected (what is diagnosed), anything else gets a note why not.
    void browseInterpreter();
    void setInterpreterChooser(std::function<QString()> chooser) { m_chooseInterpreter = std::move(chooser); }
    [[nodiscard]] bool isTryingInterpreter() const { return m_tried.isRunning(); }

protected:
    void retranslate() override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void startDiscovery();
    void showDiscovery();
    void classifyPasted(); // soon: when typing pauses
    void startClassifying();
    void showPasted();
    // Selects the interpreter and project the pasted error's paths name; says what it did.
    QStringList selectPastedPlace();
    [[nodiscard]] QString describeError(const PastedError &pasted) const;
    // Selects the venv found in `project` (its venv/.venv), if discovery found one.
    void selectVenvOf(const QString &project);
    void selectProject(const QString &dir);
    // Runs `path` as discovery does (off the GUI thread): "Browse…", and a pasted error's python the search
    // did not find; onInterpreterTried lists it with what it is.
    void tryInterpreter(const QString &path);
    void onInterpreterTried();
    void showTried();
    // "Python 3.11.2 (64-bit) with torch 1.13.0: /usr/bin/python3", or why it cannot run.
    [[nodiscard]] QString describeInterpreter(const python::StaticProbe &probe) const;

    QLabel *m_intro = nullptr;
    QLabel *m_pythonsLabel = nullptr;
    QListWidget *m_pythons = nullptr;
    QLabel *m_searching = nullptr;
    QPushButton *m_browsePython = nullptr;
    QLabel *m_browseResult = nullptr;
    QLabel *m_projectsLabel = nullptr;
    QListWidget *m_projects = nullptr;
    QPushButton *m_addProject = nullptr;
    QLabel *m_dropHint = nullptr;
    QLabel *m_errorLabel = nullptr;
    QPlainTextEdit *m_error = nullptr;
    QLabel *m_errorResult = nullptr;

    QFutureWatcher<Discovery> m_discovery;
    QFutureWatcher<python::StaticProbe> m_tried; // the interpreter chosen with "Browse…"
    QTimer m_pasteTyped;                         // restarted by each change of the paste
    QFutureWatcher<PastedError> m_classifying;
    bool m_reading = false; // from the start of a read until its result is shown (after the future ends)
    std::optional<PastedError> m_pasted; // the paste as last read, for the text it was read from
    platform::CancelToken m_tryCancel;
    QString m_triedPath;                             // the file "Browse…" tried last
    std::optional<python::StaticProbe> m_triedProbe; // ... and what it is, once known
    std::function<QString()> m_chooseInterpreter;
    QStringList m_projectDirs;
    QString m_addedProject; // the folder added last: its venv is selected once found
    QStringList m_extraPythons;
    QHash<QString, python::StaticProbe> m_extraProbes; // what each of them is, once tried
    QString m_pastePython; // the one of them the pasted error named, until the search finds it too
    std::optional<Discovery> m_found;
    bool m_started = false;
    // From the start of a search until its results are shown: the future ends before its
    // `finished` reaches this page.
    bool m_discoveryPending = false;
    bool m_workingProjectChosen = false; // the folder started in was selected once, as the project
};

} // namespace td::ui
