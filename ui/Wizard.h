// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "PageId.h"

#include "flow/Flow.h"

#include <QMap>
#include <QWizard>

#include <optional>

class QComboBox;
class QLabel;
class QScrollArea;

namespace td::ui {

class Backend;
class FlowChartWidget;
class Session;

// The troubleshooting wizard: choose what to check, watch the checks, read
// the findings, "Is it urgent?", the repairs of the flowchart one page each,
// what changed (with undo), and the report. The flowchart beside the pages
// shows where the user is and the path taken.
class Wizard : public QWizard {
    Q_OBJECT

public:
    explicit Wizard(Backend &backend, QWidget *parent = nullptr);
    ~Wizard() override;

    [[nodiscard]] Session &session() const { return *m_session; }
    [[nodiscard]] FlowChartWidget *flowChart() const { return m_chart; }
    // The page id's short name, for screenshots: "welcome", "env", ...
    [[nodiscard]] static QString pageName(int id);
    // Switches the language of the whole application ("en", "zh_CN").
    void setLanguage(const QString &code);
    // Back to the first page, the diagnosis and the walk forgotten (what was repaired stays in the journal).
    void startOver();
    // Starts over with `executable` chosen (the interpreter that has torch) and diagnoses it.
    void useInterpreter(const QString &executable);
    // Quit (or the window's close button): while work runs, asks first; yes stops it.
    void reject() override;
    // Quits without asking (the system asks the program to end: SIGTERM, SIGINT, SIGHUP): the
    // work of every page is stopped and waited for, then the window closes.
    void stopAndQuit();
    // Back one page, the walk as it stood there; refused, with a note, while the page's work must finish first.
    void goBack();
    // Lays out and draws page `id` once off screen (what the warm-up does with every page while the
    // window is idle), so that its first visit (its icons, its text) does not stall the event loop.
    void drawAhead(int id);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    void updateChart();
    // `path` cut after the step of `family` and the check after it.
    static QStringList upToStep(QStringList path, checks::FixFamily family);
    // Stops the work of every page; true while some of it has yet to end.
    bool stopWork();
    // Closes the window once no work of its pages runs.
    void closeWhenStopped();
    // True, with a note why, when the current page cannot be left now (Back, Start over).
    bool refuseToLeave();
    void onPageChanged(int id);
    // drawAhead() for each of `pages` in turn while the window is idle.
    void warmUp(QList<int> pages);

    Session *m_session = nullptr;
    FlowChartWidget *m_chart = nullptr;
    QScrollArea *m_chartScroll = nullptr;
    QLabel *m_languageLabel = nullptr;
    QComboBox *m_language = nullptr;
    QMap<int, std::optional<flow::Flow>> m_flowAtEntry; // each page of the walk: the flow when it was entered
    qsizetype m_depth = 0;                              // pages in the history
    bool m_warmedUp = false;
    bool m_closing = false;
};

} // namespace td::ui
