// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "Backend.h"
#include "Page.h"

#include <QUrl>

#include <functional>

class QCheckBox;
class QComboBox;
class QLabel;
class QTextBrowser;
class QPushButton;

namespace td::ui {

// The report for support: its format, a preview of exactly what would be
// shared (redacted), saved atomically by core, copied to the clipboard, or
// its folder opened.
class ExportPage : public Page {
    Q_OBJECT

public:
    explicit ExportPage(Session &session, QWidget *parent = nullptr);

    void initializePage() override;
    [[nodiscard]] int nextId() const override;

    // Asks where to save ("" = not saved); the default is a file dialog. Tests answer it themselves.
    void setSaveLocationChooser(std::function<QString(const QString &suggested)> chooser);
    // Opens a folder; the default is QDesktopServices.
    void setUrlOpener(std::function<bool(const QUrl &)> opener);

    void setFormat(ReportFormat format);
    void setRedacted(bool redacted);
    [[nodiscard]] QString preview() const;
    bool save();
    void copyToClipboard();
    bool openFolder();
    [[nodiscard]] QString savedPath() const { return m_savedPath; }
    [[nodiscard]] QString statusText() const;

protected:
    void retranslate() override;
    void changeEvent(QEvent *event) override; // a new palette: the HTML preview in its colours

private:
    void render();
    [[nodiscard]] ReportFormat format() const;
    [[nodiscard]] QString suggestedName() const;
    [[nodiscard]] QString inThisPalette(const QString &html) const;
    // "txt", "md", "html", "json".
    [[nodiscard]] static QString extensionOf(ReportFormat format);

    QLabel *m_formatLabel = nullptr;
    QComboBox *m_format = nullptr;
    QCheckBox *m_redact = nullptr;
    QLabel *m_previewLabel = nullptr;
    QTextBrowser *m_preview = nullptr;
    QPushButton *m_save = nullptr;
    QPushButton *m_copy = nullptr;
    QPushButton *m_open = nullptr;
    QLabel *m_status = nullptr;
    QString m_text;
    QString m_savedPath;
    std::function<QString(const QString &)> m_chooser;
    std::function<bool(const QUrl &)> m_opener;
};

} // namespace td::ui
